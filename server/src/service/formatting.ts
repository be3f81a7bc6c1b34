import { createScanner, format as formatJson, FormattingOptions as JsonFormattingOptions, SyntaxKind } from 'jsonc-parser';
import { FormattingOptions, Range, TextEdit } from 'vscode-languageserver-types';
import type { PearlDocument } from './pearlDocument';

/**
 * Formats the document, or only `range` of it, with the editor's indentation (`tabSize`,
 * `insertSpaces`), keeping comments and trailing commas (both tolerated while authoring,
 * DECISIONS.md § Files) and the document's own line ending. Only whitespace between tokens
 * changes, so the parsed value (what would be sent) is the same before and after. Honours the
 * optional `insertFinalNewline` and a boolean `keepLines` (keep the author's line breaks) among
 * `options`. Empty when there is nothing to change, and for a document nested so deeply that its
 * formatted text would hold more than 20 million characters of indentation.
 */
export function format(doc: PearlDocument, range: Range | undefined, options: FormattingOptions): TextEdit[] {
  const textDocument = doc.textDocument;
  const text = textDocument.getText();
  let span: { offset: number; length: number } | undefined;
  if (range) {
    const start = textDocument.offsetAt(range.start);
    const end = textDocument.offsetAt(range.end);
    if (end < start) return [];
    span = { offset: start, length: end - start };
  }
  const tabSize = Number.isInteger(options.tabSize) && options.tabSize > 0 ? options.tabSize : 2;
  // Indentation grows with depth: a pathologically deep document would format to gigabytes.
  if (indentationEstimate(text, options.insertSpaces === false ? 1 : tabSize) > maxIndentation) return [];
  const jsonOptions: JsonFormattingOptions = {
    tabSize,
    insertSpaces: options.insertSpaces !== false,
    eol: detectEol(text),
    insertFinalNewline: options.insertFinalNewline === true,
    keepLines: options.keepLines === true,
  };
  return formatJson(text, span, jsonOptions).map((edit) => ({
    range: { start: textDocument.positionAt(edit.offset), end: textDocument.positionAt(edit.offset + edit.length) },
    newText: edit.content,
  }));
}

/** Beyond this many characters of indentation in the formatted text, formatting is refused. */
const maxIndentation = 20_000_000;

/**
 * About how many indentation characters formatting writes: a new line after each `{`, `[` and `,`,
 * indented by the nesting depth. Scans the tokens (no tree: the parse of a pathologically deep
 * document gives none); linear, stops early past the limit.
 */
function indentationEstimate(text: string, unitWidth: number): number {
  const scanner = createScanner(text, false);
  let depth = 0;
  let total = 0;
  for (let token = scanner.scan(); token !== SyntaxKind.EOF; token = scanner.scan()) {
    if (token === SyntaxKind.OpenBraceToken || token === SyntaxKind.OpenBracketToken) depth++;
    else if (token === SyntaxKind.CloseBraceToken || token === SyntaxKind.CloseBracketToken) depth = Math.max(0, depth - 1);
    else if (token !== SyntaxKind.CommaToken) continue;
    total += depth * unitWidth;
    if (total > maxIndentation) break;
  }
  return total;
}

/**
 * The indentation and line ending a document already uses, for edits that insert new lines into
 * it (code actions, which get no formatting options from the editor): tabs when the first
 * indented line starts with a tab, otherwise the smallest indentation in spaces among the first
 * indented lines (2 when there is none).
 */
export function detectFormattingOptions(text: string): JsonFormattingOptions {
  let insertSpaces = true;
  let tabSize = 0;
  let seen = 0;
  const pattern = /\n([ \t]+)\S/g;
  for (let match = pattern.exec(text); match && seen < 100; match = pattern.exec(text)) {
    const indent = match[1];
    if (seen === 0 && indent[0] === '\t') {
      insertSpaces = false;
      break;
    }
    seen++;
    if (!indent.includes('\t') && (tabSize === 0 || indent.length < tabSize)) tabSize = indent.length;
  }
  return { tabSize: insertSpaces ? tabSize || 2 : 4, insertSpaces, eol: detectEol(text) };
}

function detectEol(text: string): string {
  const newline = text.indexOf('\n');
  return newline > 0 && text[newline - 1] === '\r' ? '\r\n' : '\n';
}
