import { createScanner, format as formatJson, FormattingOptions as JsonFormattingOptions, SyntaxKind } from 'jsonc-parser';
import { detectEol } from '../document/indentation';
import { FormattingOptions, Range, TextEdit } from 'vscode-languageserver-types';
import type { PearlDocument } from '../document/pearlDocument';

/**
 * Formats the document, or only `range` of it, with the editor's indentation (`tabSize`,
 * `insertSpaces`), keeping comments and trailing commas (both tolerated while authoring,
 * docs/rulings.md § Files) and the document's own line ending. Only whitespace between tokens
 * changes, so the parsed value (what would be sent) is the same before and after. Honours the
 * optional `insertFinalNewline` and a boolean `keepLines` (keep the author's line breaks) among
 * `options`. Empty when there is nothing to change, and when {@link getFormattingError} declines.
 * The work and the answer are bounded: more than {@link maxEdits} edits are sent as one edit over
 * the span they cover, so the answer holds at most about the formatted text.
 */
export function format(doc: PearlDocument, range: Range | undefined, options: FormattingOptions): TextEdit[] {
  const textDocument = doc.textDocument;
  const text = textDocument.getText();
  const span = toSpan(doc, range);
  if (span === null || getFormattingError(doc, range, options) !== undefined) return [];
  const tabSize = validTabSize(options);
  const jsonOptions: JsonFormattingOptions = {
    tabSize,
    insertSpaces: options.insertSpaces !== false,
    eol: detectEol(text),
    insertFinalNewline: options.insertFinalNewline === true,
    keepLines: options.keepLines === true,
  };
  let edits = formatJson(text, span, jsonOptions);
  if (edits.length > maxEdits) {
    // One edit over the whole changed span: its new text is about the formatted text, where
    // thousands of small edits would each cost their own range in the answer.
    // jsonc-parser's edits are in document order and do not overlap: joined in one pass.
    const start = edits[0].offset;
    const last = edits[edits.length - 1];
    const end = last.offset + last.length;
    const pieces: string[] = [];
    let at = start;
    for (const edit of edits) {
      pieces.push(text.slice(at, edit.offset), edit.content);
      at = edit.offset + edit.length;
    }
    edits = [{ offset: start, length: end - start, content: pieces.join('') }];
  }
  return edits.map((edit) => ({
    range: { start: textDocument.positionAt(edit.offset), end: textDocument.positionAt(edit.offset + edit.length) },
    newText: edit.content,
  }));
}

/**
 * Why formatting `doc` (or `range` of it) with `options` is declined, or undefined when it is
 * not: the formatted text would hold more than {@link maxFormattedLength} characters (a deeply
 * nested document indents every line by its depth: 8.8 KB of nested arrays would format to tens of
 * megabytes). Linear in the text, and stops at the limit.
 */
export function getFormattingError(doc: PearlDocument, range: Range | undefined, options: FormattingOptions): string | undefined {
  const span = toSpan(doc, range);
  if (span === null) return undefined;
  const text = doc.textDocument.getText();
  const limit = maxFormattedLength(text.length);
  const unitWidth = options.insertSpaces === false ? 1 : validTabSize(options);
  if (formattedLengthEstimate(text, unitWidth, limit) <= limit) return undefined;
  return `This document is not formatted: nested as it is, its formatted text would be longer than ${limit.toLocaleString('en-US')} characters.`;
}

/** Past this many edits, the edits are sent as one (see {@link format}). */
const maxEdits = 1000;

/**
 * The longest formatted text that formatting produces, in characters: 1,000,000 plus twice the
 * document's length, at most 16,000,000 (a formatted Pearl is rarely more than twice as long as
 * its most compact form; the 5,000-node Pearl of the benchmark is 5.4 MB).
 */
export function maxFormattedLength(documentLength: number): number {
  return Math.min(16_000_000, 1_000_000 + 2 * documentLength);
}

function validTabSize(options: FormattingOptions): number {
  return Number.isInteger(options.tabSize) && options.tabSize > 0 ? options.tabSize : 2;
}

/** The offsets of `range`; undefined for the whole document, null for a reversed range. */
function toSpan(doc: PearlDocument, range: Range | undefined): { offset: number; length: number } | undefined | null {
  if (!range) return undefined;
  const start = doc.textDocument.offsetAt(range.start);
  const end = doc.textDocument.offsetAt(range.end);
  return end < start ? null : { offset: start, length: end - start };
}

/**
 * About how long the formatted text is: every token, a space after each colon, and a new line
 * (two characters, the longer line ending) with the nesting depth's indentation after each `{`,
 * `[`, `,` and comment and before each `}` and `]`. Scans the tokens (no tree: the parse of a
 * pathologically deep document gives none); linear, stops early past `limit`.
 */
function formattedLengthEstimate(text: string, unitWidth: number, limit: number): number {
  const scanner = createScanner(text, false);
  let depth = 0;
  let total = 0;
  for (let token = scanner.scan(); token !== SyntaxKind.EOF && total <= limit; token = scanner.scan()) {
    switch (token) {
      case SyntaxKind.Trivia:
      case SyntaxKind.LineBreakTrivia:
        continue;
      case SyntaxKind.OpenBraceToken:
      case SyntaxKind.OpenBracketToken:
        depth++;
        total += 1 + 2 + depth * unitWidth;
        continue;
      case SyntaxKind.CloseBraceToken:
      case SyntaxKind.CloseBracketToken:
        depth = Math.max(0, depth - 1);
        total += 1 + 2 + depth * unitWidth;
        continue;
      case SyntaxKind.CommaToken:
      case SyntaxKind.LineCommentTrivia:
      case SyntaxKind.BlockCommentTrivia:
        total += scanner.getTokenLength() + 2 + depth * unitWidth;
        continue;
      case SyntaxKind.ColonToken:
        total += 2;
        continue;
      default:
        total += scanner.getTokenLength();
    }
  }
  return total;
}
