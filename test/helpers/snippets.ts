import * as assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { CompletionItem, InsertTextFormat, TextEdit } from 'vscode-languageserver-types';

/** The text a snippet inserts when every placeholder keeps its default (`${1:x}` → x, `$1` → nothing, `\$` → $). */
export function expandSnippet(snippet: string): string {
  let result = '';
  for (let i = 0; i < snippet.length; i++) {
    const char = snippet[i];
    if (char === '\\' && i + 1 < snippet.length) {
      result += snippet[++i];
    } else if (char === '$' && /\d/.test(snippet[i + 1] ?? '')) {
      while (/\d/.test(snippet[i + 1] ?? '')) i++;
    } else if (char === '$' && snippet[i + 1] === '{') {
      i += 2;
      while (/\d/.test(snippet[i] ?? '')) i++;
      // At ':' (the default follows, up to the unescaped '}') or at '}'.
      if (snippet[i] === '}') continue;
      for (i++; i < snippet.length && snippet[i] !== '}'; i++) {
        if (snippet[i] === '\\') i++;
        result += snippet[i];
      }
    } else {
      result += char;
    }
  }
  return result;
}

/** The text of `textDocument` after accepting `item` with its defaults: its edit and its additional edits. */
export function applyCompletion(textDocument: TextDocument, item: CompletionItem): string {
  const edit = item.textEdit as TextEdit;
  const newText = item.insertTextFormat === InsertTextFormat.Snippet ? expandSnippet(edit.newText) : edit.newText;
  return TextDocument.applyEdits(textDocument, [{ range: edit.range, newText }, ...(item.additionalTextEdits ?? [])]);
}

/** The completion item labelled `label` among `items`; fails, listing the labels, when there is none. */
export function itemLabeled(items: readonly CompletionItem[], label: string): CompletionItem {
  const item = items.find((candidate) => candidate.label === label);
  assert.ok(item, `no item '${label}' among ${items.map((candidate) => candidate.label).join(', ')}`);
  return item;
}
