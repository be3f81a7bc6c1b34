import type { Edit } from 'jsonc-parser';
import { detectFormattingOptions } from './formatting';
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
  if (!last) return fillEmpty(doc, array, print(doc, value, 'compact', ''));
  if (startsLine(text, last.offset)) {
    const indent = lineIndent(text, last.offset);
    return insertAt(end(last), `,${eolOf(doc)}${indent}${print(doc, value, style, indent)}`);
  }
  return insertAt(end(last), `, ${print(doc, value, 'compact', '')}`);
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
    return insertAt(end(anchor), `,${eolOf(doc)}${indent}${name}: ${print(doc, value, style, indent)}`);
  }
  return insertAt(end(anchor), `, ${name}: ${print(doc, value, 'compact', '')}`);
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
  const object = property.parent!;
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

/** `value` as JSON text; `pretty` continues each new line with `indent` plus the document's unit. */
function print(doc: PearlDocument, value: unknown, style: ValueStyle, indent: string): string {
  if (style === 'compact') return compact(value);
  const options = detectFormattingOptions(doc.textDocument.getText());
  const unit = options.insertSpaces === false ? '\t' : ' '.repeat(options.tabSize ?? 2);
  return JSON.stringify(value, null, unit).split('\n').join(`${eolOf(doc)}${indent}`);
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
