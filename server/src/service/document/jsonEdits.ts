import { createScanner, type Edit, SyntaxKind } from 'jsonc-parser';
import { detectFormattingOptions } from './indentation';
import type { JsonNode } from './jsonTree';
import type { PearlDocument } from './pearlDocument';

/**
 * Minimal edits of the parsed tree for quick fixes. Unlike jsonc-parser's `modify`, which re-parses
 * the text and reformats every line it touches (expanding a compact neighbour onto several lines),
 * these edit only the text they add or remove, in the style of the surrounding members: on its own
 * line with the neighbours' indentation when they are one per line, inline after `, ` otherwise.
 * They address the exact tree node, so duplicate keys cannot misdirect them.
 */

/** How a new value is printed: `compact` is one line (`{ "body": "" }`), otherwise indented like JSON.stringify with the document's unit. */
export type ValueStyle = 'compact' | 'pretty';

/** The edit appending `value` as the last element of `array` (an array node). */
export function appendArrayElement(doc: PearlDocument, array: JsonNode, value: unknown, style: ValueStyle): Edit {
  const text = doc.textDocument.getText();
  const children = array.children ?? [];
  const last = children[children.length - 1];
  if (!last && style === 'pretty')
    return fillEmptyOnLines(doc, array, print(doc, value, 'pretty', lineIndent(text, array.offset) + indentUnit(doc)));
  if (!last) return fillEmpty(doc, array, print(doc, value, 'compact', ''));
  if (startsLine(text, last.offset)) {
    const indent = lineIndent(text, last.offset);
    return insertOnNextLine(doc, end(last), `${indent}${print(doc, value, style, indent)}`);
  }
  return insertAt(end(last), `, ${print(doc, value, 'compact', '')}`);
}

/**
 * The edit inserting `value` into an array just before its element `element`, in the style of that
 * element: on its own line with the element's indentation when the element starts its line (printed
 * in `style`), inline before it otherwise.
 */
export function insertArrayElementBefore(doc: PearlDocument, element: JsonNode, value: unknown, style: ValueStyle): Edit {
  const text = doc.textDocument.getText();
  if (!startsLine(text, element.offset)) return insertAt(element.offset, `${print(doc, value, 'compact', '')}, `);
  const indent = lineIndent(text, element.offset);
  return insertAt(element.offset, `${print(doc, value, style, indent)},${eolOf(doc)}${indent}`);
}

/**
 * The edit adding property `key: value` to `object` (an object node) right after the property
 * `after` (a property node of `object`), or after its last property.
 */
export function insertProperty(
  doc: PearlDocument,
  object: JsonNode,
  key: string,
  value: unknown,
  style: ValueStyle,
  after?: JsonNode,
): Edit {
  const text = doc.textDocument.getText();
  const children = object.children ?? [];
  const anchor = after ?? children[children.length - 1];
  const name = JSON.stringify(key);
  if (!anchor) return fillEmpty(doc, object, `${name}: ${print(doc, value, 'compact', '')}`);
  if (startsLine(text, anchor.offset)) {
    const indent = lineIndent(text, anchor.offset);
    return insertOnNextLine(doc, end(anchor), `${indent}${name}: ${print(doc, value, style, indent)}`);
  }
  return insertAt(end(anchor), `, ${name}: ${print(doc, value, 'compact', '')}`);
}

/**
 * The edit adding property `key: value` (printed compact) to `object` before its first property,
 * separated from it as the first property is from the opening brace (a new line at its indentation,
 * or a space); into an empty object like {@link insertProperty}.
 */
export function insertPropertyFirst(doc: PearlDocument, object: JsonNode, key: string, value: unknown): Edit {
  const first = object.children?.[0];
  if (!first) return insertProperty(doc, object, key, value, 'compact');
  const text = doc.textDocument.getText();
  const separator = startsLine(text, first.offset) ? `${eolOf(doc)}${lineIndent(text, first.offset)}` : ' ';
  return insertAt(first.offset, `${JSON.stringify(key)}: ${print(doc, value, 'compact', '')},${separator}`);
}

/** The edit replacing the value `node` (a property's value, such as a `null`) with `value`. */
export function replaceValue(doc: PearlDocument, node: JsonNode, value: unknown, style: ValueStyle): Edit {
  const text = doc.textDocument.getText();
  const owner = node.parent?.type === 'property' ? node.parent : node;
  const indent = startsLine(text, owner.offset) ? lineIndent(text, owner.offset) : '';
  return { offset: node.offset, length: node.length, content: print(doc, value, style, indent) };
}

/**
 * The edit removing `property` (a property node) from its object with exactly one comma: up to the
 * next property when there is one, else from the end of the previous one; the only property
 * empties the object when nothing but whitespace surrounds it. Valid for the first, a middle and
 * the last property, with or without a trailing comma.
 */
export function removeProperty(doc: PearlDocument, property: JsonNode): Edit {
  const text = doc.textDocument.getText();
  // eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- a property node always sits in an object node
  const object = property.parent!;
  // eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- an object node always has children, `property` among them
  const siblings = object.children!;
  const index = siblings.indexOf(property);
  const objectEnd = end(object);
  // A property whose value is missing can run over the object's closing brace: stop before it.
  const closing = text[objectEnd - 1] === '}' ? objectEnd - 1 : objectEnd;
  const propertyEnd = Math.min(end(property), closing);
  if (index < siblings.length - 1) {
    return { offset: property.offset, length: siblings[index + 1].offset - property.offset, content: '' };
  }
  if (index > 0) {
    const start = end(siblings[index - 1]);
    return { offset: start, length: propertyEnd - start, content: '' };
  }
  const trailingComma = doc.trailingCommas.find((comma) => comma >= propertyEnd && comma < closing);
  const removeEnd = trailingComma !== undefined ? trailingComma + 1 : propertyEnd;
  const before = text.slice(object.offset + 1, property.offset);
  const afterText = text.slice(removeEnd, closing);
  if (before.trim() === '' && afterText.trim() === '' && closing < objectEnd) {
    return { offset: object.offset + 1, length: closing - object.offset - 1, content: '' };
  }
  return { offset: property.offset, length: removeEnd - property.offset, content: '' };
}

/**
 * The edits removing `elements` (any subset of the element nodes of `array`) with exactly the
 * commas that must go: each run of consecutive elements takes the comma after it, or, when it ends
 * the array, the comma before it (and a trailing comma). Removing every element of an array that
 * holds nothing else leaves `[]`. A removed element on its own line takes its line with it.
 * Comments outside the removed elements and the commas between them are kept. The edits do not
 * overlap.
 */
export function removeArrayElements(doc: PearlDocument, array: JsonNode, elements: readonly JsonNode[]): Edit[] {
  const text = doc.textDocument.getText();
  const children = array.children ?? [];
  const removed = new Set(elements.filter((element) => children.includes(element)));
  if (removed.size === 0) return [];
  const closing = text[end(array) - 1] === ']' ? end(array) - 1 : end(array);
  if (removed.size === children.length) {
    let rest = text.slice(array.offset + 1, closing);
    for (let i = children.length - 1; i >= 0; i--) {
      const start = children[i].offset - array.offset - 1;
      rest = rest.slice(0, start) + rest.slice(start + children[i].length);
    }
    if (/^[\s,]*$/.test(rest)) return [{ offset: array.offset + 1, length: closing - array.offset - 1, content: '' }];
  }
  const edits: Edit[] = [];
  for (let i = 0; i < children.length; i++) {
    if (!removed.has(children[i])) continue;
    let j = i;
    while (j + 1 < children.length && removed.has(children[j + 1])) j++;
    edits.push(...removeRun(doc, children, i, j, array.offset, closing));
    i = j;
  }
  return edits;
}

/** The edits removing `children[first..last]` (see {@link removeArrayElements}). */
function removeRun(
  doc: PearlDocument,
  children: readonly JsonNode[],
  first: number,
  last: number,
  opening: number,
  closing: number,
): Edit[] {
  const text = doc.textDocument.getText();
  const start = children[first].offset;
  const runEnd = Math.min(end(children[last]), closing);
  const next = children[last + 1];
  if (next) {
    const comma = findComma(text, runEnd, next.offset);
    if (comma < 0) return [removal(start, runEnd)];
    if (text.slice(runEnd, comma).trim() !== '') return [removal(start, runEnd), removal(comma, comma + 1)];
    // Up to what follows (the next element or a comment), which takes the removed run's indentation.
    let stop = comma + 1;
    while (stop < next.offset && /\s/.test(text[stop])) stop++;
    return [removal(start, stop)];
  }
  const trailing = doc.trailingCommas.find((offset) => offset >= runEnd && offset < closing);
  const stop = trailing !== undefined && text.slice(runEnd, trailing).trim() === '' ? trailing + 1 : runEnd;
  const edits: Edit[] = [];
  if (trailing !== undefined && stop === runEnd) edits.push(removal(trailing, trailing + 1));
  const previous = children[first - 1];
  const comma = previous ? findComma(text, end(previous), start) : -1;
  if (comma >= 0 && text.slice(comma + 1, start).trim() === '') return [removal(comma, stop), ...edits];
  // Comments before the run stay: remove the run with the blanks before it, and the comma apart.
  const floor = previous ? end(previous) : opening + 1;
  let from = start;
  while (from > floor && /\s/.test(text[from - 1])) from--;
  if (comma >= 0) edits.unshift(removal(comma, comma + 1));
  return [...edits, removal(from, stop)].sort((a, b) => a.offset - b.offset);
}

/** The offset of the comma that comes first after `from` (before `to`) past whitespace and comments, or -1. */
function findComma(text: string, from: number, to: number): number {
  const scanner = createScanner(text, false);
  scanner.setPosition(from);
  for (let token = scanner.scan(); token !== SyntaxKind.EOF && scanner.getTokenOffset() < to; token = scanner.scan()) {
    if (token === SyntaxKind.CommaToken) return scanner.getTokenOffset();
    if (!trivia.has(token)) return -1;
  }
  return -1;
}

const trivia: ReadonlySet<SyntaxKind> = new Set([
  SyntaxKind.Trivia,
  SyntaxKind.LineBreakTrivia,
  SyntaxKind.LineCommentTrivia,
  SyntaxKind.BlockCommentTrivia,
]);

function removal(from: number, to: number): Edit {
  return { offset: from, length: to - from, content: '' };
}

/** `value` as JSON text; `pretty` continues each new line with `indent` plus the document's unit. */
function print(doc: PearlDocument, value: unknown, style: ValueStyle, indent: string): string {
  if (style === 'compact') return compact(value);
  return JSON.stringify(value, null, indentUnit(doc))
    .split('\n')
    .join(`${eolOf(doc)}${indent}`);
}

/** One level of the document's indentation: a tab, or its width in spaces. */
function indentUnit(doc: PearlDocument): string {
  const options = detectFormattingOptions(doc.textDocument.getText());
  return options.insertSpaces === false ? '\t' : ' '.repeat(options.tabSize ?? 2);
}

/**
 * Puts `content` (printed for the inner indentation) on its own line inside an empty array, the
 * closing bracket on the next line at the array's line indentation: `[⏎  content⏎]`. Falls back to
 * {@link fillEmpty} when comments sit between the brackets.
 */
function fillEmptyOnLines(doc: PearlDocument, container: JsonNode, content: string): Edit {
  const text = doc.textDocument.getText();
  const inner = text.slice(container.offset + 1, end(container) - 1);
  if (inner.trim() !== '') return fillEmpty(doc, container, content);
  const indent = lineIndent(text, container.offset);
  const eol = eolOf(doc);
  return { offset: container.offset + 1, length: inner.length, content: `${eol}${indent}${indentUnit(doc)}${content}${eol}${indent}` };
}

/** One-line JSON with a space inside braces and after colons and commas: `{ "id": "x", "group": 2 }`. */
function compact(value: unknown): string {
  if (Array.isArray(value)) return value.length === 0 ? '[]' : `[${value.map(compact).join(', ')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, item]) => item !== undefined);
    if (entries.length === 0) return '{}';
    return `{ ${entries.map(([key, item]) => `${JSON.stringify(key)}: ${compact(item)}`).join(', ')} }`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** Puts `content` inside an empty container, replacing only whitespace between its brackets. */
function fillEmpty(doc: PearlDocument, container: JsonNode, content: string): Edit {
  const text = doc.textDocument.getText();
  const inner = text.slice(container.offset + 1, end(container) - 1);
  if (inner.trim() === '' && end(container) - container.offset >= 2) {
    return { offset: container.offset + 1, length: inner.length, content };
  }
  return insertAt(container.offset + 1, content);
}

/**
 * The edit putting a comma at `offset` (the end of a member) and `line` on a new line after it:
 * after the comment that ends the member's line, if any, so that the comment stays with its member
 * (rewritten unchanged within the edit's range).
 */
function insertOnNextLine(doc: PearlDocument, offset: number, line: string): Edit {
  const text = doc.textDocument.getText();
  const eol = eolOf(doc);
  let lineEnd = offset;
  while (lineEnd < text.length && text[lineEnd] !== '\n' && text[lineEnd] !== '\r') lineEnd++;
  const rest = text.slice(offset, lineEnd);
  const comment = rest.trim();
  const endsWithComment =
    comment.startsWith('//') || (comment.startsWith('/*') && comment.indexOf('*/') === comment.length - 2 && comment.length >= 4);
  if (!endsWithComment) return insertAt(offset, `,${eol}${line}`);
  return { offset, length: rest.length, content: `,${rest}${eol}${line}` };
}

function insertAt(offset: number, content: string): Edit {
  return { offset, length: 0, content };
}

function end(node: JsonNode): number {
  return node.offset + node.length;
}

/** True when only spaces and tabs precede `offset` on its line. */
function startsLine(text: string, offset: number): boolean {
  for (let i = offset - 1; i >= 0; i--) {
    const character = text[i];
    if (character === '\n' || character === '\r') return true;
    if (character !== ' ' && character !== '\t') return false;
  }
  return true;
}

/** The spaces and tabs at the start of the line holding `offset`. */
function lineIndent(text: string, offset: number): string {
  let start = offset;
  while (start > 0 && text[start - 1] !== '\n' && text[start - 1] !== '\r') start--;
  let stop = start;
  while (stop < text.length && (text[stop] === ' ' || text[stop] === '\t')) stop++;
  return text.slice(start, stop);
}

function eolOf(doc: PearlDocument): string {
  return detectFormattingOptions(doc.textDocument.getText()).eol ?? '\n';
}
