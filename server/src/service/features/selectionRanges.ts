import { Position, SelectionRange } from 'vscode-languageserver-types';
import { spanToRange, TextSpan } from '../document/textSpan';
import { findNodeAtOffset } from '../document/jsonTree';
import type { PearlDocument } from '../document/pearlDocument';
import { findVariableReferences, stringContentSpan } from '../document/variableReferences';

/**
 * Smart select (expand selection) at each of `positions`, innermost first, each range inside the
 * next: a `{variable}` reference, a string's content, the string with its quotes, the property
 * (`"key": value`), the members of the enclosing object or array without its brackets, the object
 * or array, and so on up to the root. A position outside every value gets an empty range there
 * (the protocol wants one answer per position). O(depth) per position.
 */
export function getSelectionRanges(doc: PearlDocument, positions: readonly Position[]): SelectionRange[] {
  return positions.map((position) => selectionRangeAt(doc, position));
}

function selectionRangeAt(doc: PearlDocument, position: Position): SelectionRange {
  const offset = doc.textDocument.offsetAt(position);
  const text = doc.textDocument.getText();
  const spans: TextSpan[] = [];
  let node = doc.root ? findNodeAtOffset(doc.root, offset, true) : undefined;
  for (; node; node = node.parent) {
    const end = node.offset + node.length;
    if (node.type === 'string') {
      const content = stringContentSpan(text, node);
      if (offset >= content.start && offset <= content.end) {
        const reference = findVariableReferences(text, node).find((ref) => offset > ref.offset && offset < ref.offset + ref.length);
        if (reference) spans.push({ offset: reference.offset + 1, length: reference.length - 2 }, reference);
        spans.push({ offset: content.start, length: content.end - content.start });
      }
    } else if ((node.type === 'object' || node.type === 'array') && offset > node.offset && offset < end) {
      const members = node.children ?? [];
      if (members.length > 0) {
        const first = members[0].offset;
        const last = members[members.length - 1];
        spans.push({ offset: first, length: last.offset + last.length - first });
      }
    }
    spans.push(node);
  }
  let result: SelectionRange | undefined;
  let previous: TextSpan | undefined;
  // Build outermost first, skipping a span equal to (or not inside) the one it would extend.
  for (let i = spans.length - 1; i >= 0; i--) {
    const span = spans[i];
    if (previous && (span.offset < previous.offset || span.offset + span.length > previous.offset + previous.length)) continue;
    if (previous && span.offset === previous.offset && span.length === previous.length) continue;
    const range = spanToRange(doc, span);
    result = result ? { range, parent: result } : { range };
    previous = span;
  }
  return result ?? { range: { start: position, end: position } };
}
