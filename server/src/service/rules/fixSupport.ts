import { createScanner, Edit, SyntaxKind } from 'jsonc-parser';
import { appendArrayElement, insertProperty, replaceValue } from '../document/jsonEdits';
import { getPropertyNode, JsonNode } from '../document/jsonTree';
import type { PearlDocument } from '../document/pearlDocument';

/** A quick fix in offsets, before it becomes a CodeAction (features/quickFixes/codeActions.ts). */
export interface Fix {
  readonly title: string;
  readonly edits: readonly Edit[];
  /** The single obvious fix of its diagnostic (LSP `isPreferred`). */
  readonly isPreferred?: boolean;
}

/** The edit replacing the whole of `node` with `content`. */
export function replaceNode(node: JsonNode, content: string): Edit {
  return { offset: node.offset, length: node.length, content };
}

/**
 * The edit appending `value` to the array property `key` of `object` in the style of its
 * elements (one per line when the last one spans lines, else inline), creating the array when the
 * property is absent or null: written in `create.style` (compact unless said), a new property placed
 * after the member `create.after` (else last). Undefined when the property holds something else.
 */
export function appendToArrayProperty(
  doc: PearlDocument,
  object: JsonNode,
  key: string,
  value: unknown,
  create: { readonly style?: 'pretty' | 'compact'; readonly after?: JsonNode } = {},
): Edit | undefined {
  const array = getPropertyNode(object, key);
  if (array?.type === 'array') {
    const last = array.children?.[array.children.length - 1];
    const multiline =
      last !== undefined &&
      doc.textDocument
        .getText()
        .slice(last.offset, last.offset + last.length)
        .includes('\n');
    return appendArrayElement(doc, array, value, multiline ? 'pretty' : 'compact');
  }
  const style = create.style ?? 'compact';
  if (array?.type === 'null') return replaceValue(doc, array, [value], style);
  if (array !== undefined) return undefined;
  return insertProperty(doc, object, key, [value], style, create.after);
}

/**
 * The edits removing `elements` (element nodes of `array`) with their commas, keeping every other
 * element, comment and line as it is: an element alone on its line(s) takes its lines with it; a
 * comment between the removed element and its neighbour stays. Adjacent removed elements are
 * removed as one run, so the edits never overlap.
 */
export function removeArrayElements(doc: PearlDocument, array: JsonNode, elements: readonly JsonNode[]): Edit[] {
  const items = array.children ?? [];
  const removed = new Set(elements);
  const edits: Edit[] = [];
  for (let first = 0; first < items.length; first++) {
    if (!removed.has(items[first])) continue;
    let last = first;
    while (last + 1 < items.length && removed.has(items[last + 1])) last++;
    edits.push(...removeRun(doc, array, first, last));
    first = last;
  }
  return edits;
}

function removeRun(doc: PearlDocument, array: JsonNode, first: number, last: number): Edit[] {
  const text = doc.textDocument.getText();
  // removeArrayElements calls this with indexes of elements it found among the array's children.
  const items = array.children ?? [];
  const start = items[first].offset;
  const lastEnd = end(items[last]);
  if (last < items.length - 1) {
    // A middle run: up to and including the comma after it.
    const comma = commaAfter(text, lastEnd);
    const stop = comma !== undefined ? comma + 1 : items[last + 1].offset;
    return [wholeLines(text, start, stop) ?? { offset: start, length: skipSpaces(text, stop) - start, content: '' }];
  }
  const trailing = commaAfter(text, lastEnd);
  const runEnd = trailing !== undefined && doc.trailingCommas.includes(trailing) ? trailing + 1 : lastEnd;
  if (first === 0) {
    const closing = end(array) - 1;
    const onlyWhitespace = text.slice(array.offset + 1, start).trim() === '' && text.slice(runEnd, closing).trim() === '';
    if (onlyWhitespace && text[closing] === ']') return [{ offset: array.offset + 1, length: closing - array.offset - 1, content: '' }];
    return [wholeLines(text, start, runEnd) ?? { offset: start, length: runEnd - start, content: '' }];
  }
  // The last run: the comma before it goes, and the run itself.
  const before = commaAfter(text, end(items[first - 1]));
  if (before === undefined) return [{ offset: start, length: runEnd - start, content: '' }];
  if (text.slice(before + 1, start).trim() === '') return [{ offset: before, length: runEnd - before, content: '' }];
  // Comments between the previous element and the run stay where they are.
  return [
    { offset: before, length: 1, content: '' },
    wholeLines(text, start, runEnd) ?? { offset: start, length: runEnd - start, content: '' },
  ];
}

/**
 * The edit removing `[start, stop)` with the lines it occupies when nothing else shares them (only
 * spaces and tabs before `start` and after `stop` on their lines), line ending included; else undefined.
 */
function wholeLines(text: string, start: number, stop: number): Edit | undefined {
  let lineStart = start;
  while (lineStart > 0 && (text[lineStart - 1] === ' ' || text[lineStart - 1] === '\t')) lineStart--;
  if (lineStart > 0 && text[lineStart - 1] !== '\n' && text[lineStart - 1] !== '\r') return undefined;
  let lineEnd = stop;
  while (lineEnd < text.length && (text[lineEnd] === ' ' || text[lineEnd] === '\t')) lineEnd++;
  if (text.startsWith('\r\n', lineEnd)) lineEnd += 2;
  else if (text[lineEnd] === '\n' || text[lineEnd] === '\r') lineEnd++;
  else return undefined;
  return { offset: lineStart, length: lineEnd - lineStart, content: '' };
}

/** The offset of the comma that is the next token after `offset` (comments skipped), or undefined. */
function commaAfter(text: string, offset: number): number | undefined {
  const scanner = createScanner(text, true);
  scanner.setPosition(offset);
  return scanner.scan() === SyntaxKind.CommaToken ? scanner.getTokenOffset() : undefined;
}

function skipSpaces(text: string, offset: number): number {
  let stop = offset;
  while (text[stop] === ' ' || text[stop] === '\t') stop++;
  return stop;
}

function end(node: JsonNode): number {
  return node.offset + node.length;
}
