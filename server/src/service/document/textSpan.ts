import type { Range } from 'vscode-languageserver-types';
import type { PearlDocument } from './pearlDocument';

/** A span of the text: offset and length in UTF-16 code units. jsonc nodes are spans. */
export interface TextSpan {
  readonly offset: number;
  readonly length: number;
}

/**
 * The LSP range of a span of the document. A span whose start line is known (a `line`, as the
 * locator gives in a text without carriage returns: jsonLocator.ts) is placed from that line by
 * reading the text around it; any other by the document's positions (which find the line starts
 * of the whole text on first use).
 */
export function spanToRange(doc: PearlDocument, span: TextSpan): Range {
  const line = (span as { readonly line?: unknown }).line;
  if (typeof line === 'number') return rangeFromLine(doc.textDocument.getText(), span.offset, span.length, line);
  return {
    start: doc.textDocument.positionAt(span.offset),
    end: doc.textDocument.positionAt(span.offset + span.length),
  };
}

/** The 0-based line on which `span` starts (see {@link spanToRange}). */
export function spanStartLine(doc: PearlDocument, span: TextSpan): number {
  const line = (span as { readonly line?: unknown }).line;
  return typeof line === 'number' ? line : doc.textDocument.positionAt(span.offset).line;
}

/**
 * The range of `length` characters at `offset` of `text` (lines end at `\n` only), starting on
 * `line`: the start's column from the `\n` before it, the end's from each `\n` inside the span.
 */
function rangeFromLine(text: string, offset: number, length: number, line: number): Range {
  const lineStart = offset === 0 ? 0 : text.lastIndexOf('\n', offset - 1) + 1;
  const end = offset + length;
  let endLine = line;
  let endLineStart = lineStart;
  for (let at = text.indexOf('\n', offset); at >= 0 && at < end; at = text.indexOf('\n', at + 1)) {
    endLine++;
    endLineStart = at + 1;
  }
  return { start: { line, character: offset - lineStart }, end: { line: endLine, character: end - endLineStart } };
}
