import { Range } from 'vscode-languageserver-types';
import { spanToRange, TextSpan } from './textSpan';
import { findNodeAtOffset, getNodePath, type JsonNode } from './jsonTree';
import type { PearlDocument } from './pearlDocument';

/** Where a field path lands: the range to mark and whether the whole path resolved. */
export interface FieldLocation {
  readonly range: Range;
  readonly found: boolean;
}

/**
 * Splits an ASP.NET-style field path (`pearl.nodes[2].name`, `Pearl.Nodes[2].Name`,
 * `$.pearl.nodes[2].name`, `$['pearl']`) into segments: property names and array indexes.
 * docs/rulings.md § Service. Returns [] for the root (`$`, `` ``).
 */
export function parseFieldPath(key: string): (string | number)[] {
  const segments: (string | number)[] = [];
  const pattern = /\[(\d+)\]|\['([^']*)'\]|\["([^"]*)"\]|([^.[\]]+)/g;
  let rest = key.trim();
  if (rest.startsWith('$')) rest = rest.slice(1);
  for (let match = pattern.exec(rest); match; match = pattern.exec(rest)) {
    if (match[1] !== undefined) segments.push(Number(match[1]));
    else segments.push(match[2] ?? match[3] ?? match[4]);
  }
  return segments;
}

/**
 * The place in the document that a ValidationProblemDetails `errors` key names (docs/interface.md
 * § Errors; docs/rulings.md § Service): property names match in any letter case. A scalar value is
 * marked itself; an object or array by its property name. A key that maps nowhere goes on the
 * root's first character (`found: false`); a key that maps partly goes on the deepest part found.
 */
export function locateFieldPath(doc: PearlDocument, key: string): FieldLocation {
  const root = doc.root;
  if (!root) return { range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, found: false };
  let node: JsonNode = root;
  let found = true;
  for (const segment of parseFieldPath(key)) {
    const next = typeof segment === 'number' ? arrayItem(node, segment) : propertyValue(node, segment);
    if (!next) {
      found = false;
      break;
    }
    node = next;
  }
  if (node === root)
    return { range: spanToRange(doc, { offset: root.offset, length: 1 }), found: found && parseFieldPath(key).length === 0 };
  return { range: spanToRange(doc, markSpan(node)), found };
}

function arrayItem(node: JsonNode, index: number): JsonNode | undefined {
  return node.type === 'array' ? node.children?.[index] : undefined;
}

function propertyValue(node: JsonNode, name: string): JsonNode | undefined {
  if (node.type !== 'object' || !node.children) return undefined;
  const lower = name.toLowerCase();
  let caseInsensitive: JsonNode | undefined;
  for (const property of node.children) {
    const [keyNode, valueNode] = property.children ?? [];
    if (!keyNode || !valueNode) continue;
    if (keyNode.value === name) return valueNode;
    if (!caseInsensitive && String(keyNode.value).toLowerCase() === lower) caseInsensitive = valueNode;
  }
  return caseInsensitive;
}

function markSpan(node: JsonNode): TextSpan {
  if (node.type !== 'object' && node.type !== 'array') return node;
  const property = node.parent;
  if (property?.type === 'property' && property.children) return property.children[0];
  return { offset: node.offset, length: 1 };
}

/**
 * `path` (property names and array indexes from the root) written as an ASP.NET-style field path,
 * as the service's errors spell it (docs/rulings.md § Error keys): `pearl.nodes[2].name`; `$` for the root.
 */
export function formatFieldPath(path: readonly (string | number)[]): string {
  let text = '';
  for (const segment of path) {
    text += typeof segment === 'number' ? `[${segment}]` : text === '' ? segment : `.${segment}`;
  }
  return text === '' ? '$' : text;
}

/**
 * The ASP.NET-style field path (`pearl.nodes[2].name`) of the value or property name at `offset`;
 * `$` for the root. Used by the local stand-in of the service to key its 400 errors.
 */
export function getFieldPath(doc: PearlDocument, offset: number): string {
  if (!doc.root) return '$';
  const node = findNodeAtOffset(doc.root, offset, false);
  if (!node) return '$';
  return formatFieldPath(getNodePath(node));
}
