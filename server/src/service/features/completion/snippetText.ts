import { InsertTextFormat } from 'vscode-languageserver-types';
import { detectFormattingOptions } from '../../document/indentation';

/**
 * JSON text with tab stops, printed both as an LSP snippet (`${1:default}`, TextMate snippet syntax
 * as the LSP specification defines it) and as the plain text a client without snippet support
 * receives (each placeholder replaced by its default). Templates are plain JSON values in which a
 * {@link Placeholder} marks a value to fill in and {@link CursorInside} an empty container to fill.
 */

/** A value the user fills in: a tab stop whose default is `value` (a string is printed quoted, the tab stop inside the quotes). */
export class Placeholder {
  constructor(readonly value: string | number | boolean) {}
}

/** An empty object or array with a tab stop between its brackets (`{$1}`). */
export class CursorInside {
  constructor(readonly container: 'object' | 'array') {}
}

/** An empty tab stop (`$1`): nothing is printed in plain text. */
export class TabStop {}

/** A JSON value with placeholders; `undefined` members are left out. */
export type SnippetTemplate =
  | string
  | number
  | boolean
  | null
  | undefined
  | Placeholder
  | CursorInside
  | TabStop
  | readonly SnippetTemplate[]
  | { readonly [key: string]: SnippetTemplate };

/** Both forms of a printed template. */
export interface SnippetText {
  /** Snippet syntax, for `InsertTextFormat.Snippet`. */
  readonly snippet: string;
  /** The same text with every placeholder at its default. */
  readonly plain: string;
}

/** How templates are laid out: the document's indentation unit and line ending, and the indentation of the line the text starts on. */
export interface SnippetLayout {
  readonly indentUnit: string;
  readonly eol: string;
  readonly baseIndent: string;
}

/** The layout of text inserted at `offset` of `text`: the document's indentation unit and line ending, the indentation of that line. */
export function getSnippetLayout(text: string, offset: number): SnippetLayout {
  const options = detectFormattingOptions(text);
  let lineStart = offset;
  while (lineStart > 0 && text[lineStart - 1] !== '\n' && text[lineStart - 1] !== '\r') lineStart--;
  return {
    indentUnit: options.insertSpaces === false ? '\t' : ' '.repeat(options.tabSize ?? 2),
    eol: options.eol ?? '\n',
    baseIndent: leadingWhitespace(text.slice(lineStart, offset)),
  };
}

/** Literal text in a snippet: `$`, `}` and `\` escaped (the LSP specification's snippet syntax). */
export function escapeSnippetText(text: string): string {
  return text.replace(/[$}\\]/g, '\\$&');
}

/**
 * Prints `template` as JSON: objects and arrays with members one per line, indented by
 * `layout.indentUnit` from `layout.baseIndent` (empty containers stay `{}`/`[]`). Tab stops are
 * numbered in document order, starting at `firstTabStop`.
 */
export function printSnippet(template: SnippetTemplate, layout: SnippetLayout, firstTabStop = 1): SnippetText {
  let tabStop = firstTabStop;
  const print = (value: SnippetTemplate, indent: string, snippet: boolean): string => {
    if (value instanceof Placeholder) {
      const text = typeof value.value === 'string' ? JSON.stringify(value.value) : String(value.value);
      if (!snippet) return text;
      const inner = typeof value.value === 'string' ? text.slice(1, -1) : text;
      const body = inner === '' ? `$${tabStop++}` : `\${${tabStop++}:${escapeSnippetText(inner)}}`;
      return typeof value.value === 'string' ? `"${body}"` : body;
    }
    if (value instanceof TabStop) return snippet ? `$${tabStop++}` : '';
    if (value instanceof CursorInside) {
      const [open, close] = value.container === 'object' ? ['{', '}'] : ['[', ']'];
      return snippet ? `${open}$${tabStop++}${close}` : `${open}${close}`;
    }
    const inner = indent + layout.indentUnit;
    const line = `${layout.eol}${layout.baseIndent}`;
    if (Array.isArray(value)) {
      if (value.length === 0) return '[]';
      const items = value.map((item: SnippetTemplate) => `${line}${inner}${print(item, inner, snippet)}`);
      return `[${items.join(',')}${line}${indent}]`;
    }
    if (value !== null && typeof value === 'object') {
      const entries = Object.entries(value as Record<string, SnippetTemplate>).filter(([, item]) => item !== undefined);
      if (entries.length === 0) return '{}';
      const members = entries.map(([key, item]) => {
        const name = snippet ? escapeSnippetText(JSON.stringify(key)) : JSON.stringify(key);
        return `${line}${inner}${name}: ${print(item, inner, snippet)}`;
      });
      return `{${members.join(',')}${line}${indent}}`;
    }
    const text = JSON.stringify(value) ?? 'null';
    return snippet ? escapeSnippetText(text) : text;
  };
  const snippet = print(template, '', true);
  return { snippet, plain: print(template, '', false) };
}

/** The text and format to send: the snippet when the client supports snippets, else the plain text. */
export function chooseInsertText(text: SnippetText, snippetSupport: boolean): { newText: string; insertTextFormat: InsertTextFormat } {
  return snippetSupport
    ? { newText: text.snippet, insertTextFormat: InsertTextFormat.Snippet }
    : { newText: text.plain, insertTextFormat: InsertTextFormat.PlainText };
}

/** The spaces and tabs `line` starts with. */
function leadingWhitespace(line: string): string {
  let end = 0;
  while (line[end] === ' ' || line[end] === '\t') end++;
  return line.slice(0, end);
}
