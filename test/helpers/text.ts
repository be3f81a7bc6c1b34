import * as assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { Position, Range, TextEdit } from 'vscode-languageserver-types';

// Places in a test document, found by the text they hold. Offsets and characters are UTF-16 code
// units and positions are 0-based, as in LSP.

/** A text document of `text`, for converting offsets and applying edits. */
function documentOf(text: string): TextDocument {
  return TextDocument.create('file:///test.pearl.json', 'pearl', 1, text);
}

/** The offset of the `occurrence`-th (0-based) match of `needle` in `text`; fails when there is none. */
export function offsetOf(text: string, needle: string, occurrence = 0): number {
  let offset = -1;
  for (let i = 0; i <= occurrence; i++) {
    offset = text.indexOf(needle, offset + 1);
    assert.ok(offset >= 0, `'${needle}' (occurrence ${occurrence}) not found in the test document`);
  }
  return offset;
}

/** The position of `offset` in `text`. */
export function positionAt(text: string, offset: number): Position {
  return documentOf(text).positionAt(offset);
}

/** The position `delta` characters into the `occurrence`-th match of `needle` in `text`. */
export function positionOf(text: string, needle: string, delta = 0, occurrence = 0): Position {
  return positionAt(text, offsetOf(text, needle, occurrence) + delta);
}

/** The range of `length` characters from `offset` in `text`. */
export function rangeAt(text: string, offset: number, length: number): Range {
  const document = documentOf(text);
  return { start: document.positionAt(offset), end: document.positionAt(offset + length) };
}

/** The range of the `occurrence`-th (0-based) match of `needle` in `text`. */
export function rangeOf(text: string, needle: string, occurrence = 0): Range {
  return rangeAt(text, offsetOf(text, needle, occurrence), needle.length);
}

/** The range of `needle` where it first occurs inside the first match of `context` in `text`. */
export function rangeIn(text: string, context: string, needle: string): Range {
  const inContext = context.indexOf(needle);
  assert.ok(inContext >= 0, `'${needle}' is not part of '${context}'`);
  return rangeAt(text, offsetOf(text, context) + inContext, needle.length);
}

/**
 * The range of the value in the `occurrence`-th match of `"key": value` in `text`, e.g.
 * `valueRange(text, '"nodeId": "stuck"')` is the range of `"stuck"` where it is a nodeId.
 */
export function valueRange(text: string, keyAndValue: string, occurrence = 0): Range {
  const valueStart = keyAndValue.indexOf(': ') + 2;
  assert.ok(valueStart >= 2, `'${keyAndValue}' has no ': '`);
  return rangeAt(text, offsetOf(text, keyAndValue, occurrence) + valueStart, keyAndValue.length - valueStart);
}

/** The character tests write into a document where the cursor is. */
export const cursorMarker = '|';

/** A document with its cursor: the text without the marker, and where the marker was. */
export interface Cursor {
  readonly text: string;
  readonly offset: number;
  readonly position: Position;
}

/** Splits the (first) {@link cursorMarker} off `marked`. */
export function cursor(marked: string): Cursor {
  const offset = marked.indexOf(cursorMarker);
  assert.ok(offset >= 0, `no ${cursorMarker} cursor marker in the test document`);
  const text = marked.slice(0, offset) + marked.slice(offset + cursorMarker.length);
  return { text, offset, position: positionAt(text, offset) };
}

/** `text` with the {@link cursorMarker} put `delta` characters into the `occurrence`-th match of `needle`. */
export function mark(text: string, needle: string, delta = 0, occurrence = 0): string {
  const offset = offsetOf(text, needle, occurrence) + delta;
  return text.slice(0, offset) + cursorMarker + text.slice(offset);
}

/** `text` after `edits` (LSP text edits, ranges in the original text). */
export function applyEdits(text: string, edits: readonly TextEdit[]): string {
  return TextDocument.applyEdits(documentOf(text), [...edits]);
}

/** `text` indented with tabs instead of each two spaces, and with CRLF line endings. */
export function tabsAndCrlf(text: string): string {
  return text.replace(/^(?: {2})+/gm, (spaces) => '\t'.repeat(spaces.length / 2)).replace(/\n/g, '\r\n');
}
