import type { JsonPath, PearlDocument } from './pearlDocument';
import type { TextSpan } from './textSpan';

// Where a diagnostic, a hover or a walk points for a JSON path of the document: the spans of its
// value, its key or its opening brace, found with the document's locator. The rules, the features
// and the walks share them; the span type and its LSP range come along from textSpan.ts.
export { spanToRange, type TextSpan } from './textSpan';
import { spanStartLine } from './textSpan';

/**
 * The span of the value at `path`, for a diagnostic about it. When the document has no such
 * value (a property written without one), the nearest thing that exists: the property's key, else
 * the closest enclosing value. Never undefined: at worst the start of the document.
 */
export function valueSpan(doc: PearlDocument, path: JsonPath): TextSpan {
  for (let length = path.length; length >= 0; length--) {
    const found = doc.locate(length === path.length ? path : path.slice(0, length));
    if (found) return found;
  }
  return { offset: 0, length: 0 };
}

/**
 * The span of the key of the property whose value is at `path` (the quoted name), so a
 * diagnostic about a property as a whole points at its name; the value's span for an array
 * element or the root.
 */
export function keySpan(doc: PearlDocument, path: JsonPath): TextSpan {
  const found = doc.locate(path);
  return found ? (found.key ?? found) : valueSpan(doc, path);
}

/** The span of the opening `{` (or `[`) of the object at `path`, for a problem with the object as a whole. */
export function openingSpan(doc: PearlDocument, path: JsonPath): TextSpan {
  return { offset: valueSpan(doc, path).offset, length: 1 };
}

/** The 1-based line on which the value at `path` starts, as editors number lines (for messages). */
export function lineAt(doc: PearlDocument, path: JsonPath): number {
  return spanStartLine(doc, valueSpan(doc, path)) + 1;
}
