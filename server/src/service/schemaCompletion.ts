import {
  CompletionItem,
  CompletionItemKind,
  InsertTextFormat,
  MarkupKind,
  Range,
} from 'vscode-languageserver-types';
import { findNodeAtOffset, getNodePath, type JsonNode } from './jsonTree';
import type { PearlDocument } from './pearlDocument';
import { describeSchemaType, findSchemaForPath, getEnumValues, JSONSchema, resolveSchema } from './schemaNavigator';

type Path = (string | number)[];

/**
 * Completion from the document's schema (pearl-agent-service.md § Resources and their fields):
 * - at a property key (a key being typed, or an empty spot of an object where a key goes): the
 *   properties of that object's schema not yet present, in schema order, with type as detail and
 *   the interface's notes as documentation; a snippet `"name": $1` (only the name when the
 *   property already has a value), with the commas the spot needs;
 * - at the value of an enumerated property: one item per value, its name as detail and meaning as
 *   documentation; for the simple form's unstated enumerations, the text form's values, marked as
 *   taken from the text form (DECISIONS.md § Values); `true`/`false` for booleans.
 * Nothing for plain strings, numbers or arrays. Reads the document's tree; never throws.
 */
export function doSchemaCompletion(doc: PearlDocument, offset: number): CompletionItem[] {
  const root = doc.root;
  if (!root) return [];
  const text = doc.textDocument.getText();
  const node = findNodeAtOffset(root, offset, true);
  if (!node) return [];

  const parent = node.parent;
  if (node.type === 'object') {
    if (isInside(text, node, offset)) return completeKeys(doc, node, offset, undefined);
    // Just after a member's closing brace: the next key of the enclosing object goes here.
    const atEnd = offset === node.offset + node.length;
    return atEnd && parent?.type === 'property' ? completeKeys(doc, parent.parent, offset, undefined) : [];
  }
  if (node.type === 'property') {
    // Offset inside a property but outside its key and value: after the colon is the value spot.
    const keyNode = node.children?.[0];
    if (node.colonOffset !== undefined && offset > node.colonOffset && keyNode && node.children?.[1] === undefined) {
      return completeValue(doc, [...getNodePath(node), String(keyNode.value)], wordRange(doc, text, offset));
    }
    return [];
  }
  if (parent?.type === 'property' && parent.children?.[0] === node) {
    // The key of a property.
    return node.type === 'string' ? completeKeys(doc, parent.parent, offset, node) : [];
  }
  if (parent?.type === 'property' && parent.children?.[1] === node) {
    if (node.type === 'array') return [];
    return completeValue(doc, getNodePath(node), spanRange(doc, node.offset, node.offset + node.length));
  }
  return [];
}

/** Whether `offset` is inside an object's braces (not before `{` nor after a closing `}`). */
function isInside(text: string, object: JsonNode, offset: number): boolean {
  const end = object.offset + object.length;
  const closed = text.charAt(end - 1) === '}' && object.length > 1;
  return offset > object.offset && (closed ? offset < end : offset <= end);
}

function completeKeys(
  doc: PearlDocument,
  object: JsonNode | undefined,
  offset: number,
  keyNode: JsonNode | undefined,
): CompletionItem[] {
  if (!object || object.type !== 'object') return [];
  const schema = findSchemaForPath(doc.kind, getNodePath(object));
  const properties = schema?.properties;
  if (!properties) return [];
  const text = doc.textDocument.getText();
  const ownProperty = keyNode?.parent;
  const present = new Set<unknown>();
  for (const property of object.children ?? []) {
    if (property !== ownProperty) present.add(property.children?.[0]?.value);
  }

  // What the edit replaces: the key typed so far (up to the cursor when its quote is not closed).
  let start = offset;
  let end = offset;
  if (keyNode) {
    const keyEnd = keyNode.offset + keyNode.length;
    const terminated = keyNode.length >= 2 && text.charAt(keyEnd - 1) === '"';
    start = keyNode.offset;
    end = terminated ? keyEnd : offset;
  }
  const hasColon = ownProperty?.children?.[1] !== undefined || ownProperty?.colonOffset !== undefined;
  let prefix = '';
  let suffix = '';
  if (!hasColon) {
    // Separators the new member needs from its neighbours.
    const siblings = (object.children ?? []).filter((property) => property !== ownProperty);
    const before = siblings.filter((property) => property.offset + property.length <= start).pop();
    const after = siblings.find((property) => property.offset >= end);
    if (before && !text.slice(before.offset + before.length, start).includes(',')) prefix = ',';
    if (after && !text.slice(end, after.offset).includes(',')) suffix = ',';
  }
  const range = spanRange(doc, start, end);

  const items: CompletionItem[] = [];
  Object.keys(properties).forEach((name, index) => {
    if (present.has(name)) return;
    const propertySchema = resolveSchema(doc.kind, properties[name]);
    const escapedName = name.replace(/[$}\\]/g, '\\$&');
    const newText = hasColon ? `"${escapedName}"` : `${prefix}"${escapedName}": $1${suffix}`;
    items.push({
      label: name,
      kind: CompletionItemKind.Property,
      detail: describeSchemaType(doc.kind, properties[name]),
      documentation: propertySchema.description
        ? { kind: MarkupKind.Markdown, value: propertySchema.description }
        : undefined,
      textEdit: { range, newText },
      insertTextFormat: InsertTextFormat.Snippet,
      filterText: keyNode ? `"${name}"` : name,
      sortText: String(index).padStart(4, '0'),
    });
  });
  return items;
}

function completeValue(doc: PearlDocument, path: Path, range: Range): CompletionItem[] {
  const schema = findSchemaForPath(doc.kind, path);
  if (!schema) return [];
  const items: CompletionItem[] = [];
  getEnumValues(schema).forEach((entry, index) => {
    const description = entry.suggested
      ? `${entry.description ?? entry.name ?? ''} (value taken from the text form)`.trim()
      : entry.description;
    const label = String(entry.value);
    items.push({
      label,
      kind: CompletionItemKind.EnumMember,
      detail: entry.name,
      documentation: description ? { kind: MarkupKind.Markdown, value: description } : undefined,
      textEdit: { range, newText: label },
      sortText: String(index).padStart(4, '0'),
    });
  });
  if (items.length === 0 && allowsType(schema, 'boolean')) {
    for (const value of ['true', 'false']) {
      items.push({
        label: value,
        kind: CompletionItemKind.Value,
        detail: 'boolean',
        textEdit: { range, newText: value },
      });
    }
  }
  return items;
}

function allowsType(schema: JSONSchema, type: string): boolean {
  return Array.isArray(schema.type) ? schema.type.includes(type) : schema.type === type;
}

/** The range of the bare word (a number or literal being typed) around `offset`. */
function wordRange(doc: PearlDocument, text: string, offset: number): Range {
  const isWord = (char: string): boolean => /[A-Za-z0-9.+-]/.test(char);
  let start = offset;
  let end = offset;
  while (start > 0 && isWord(text.charAt(start - 1))) start--;
  while (end < text.length && isWord(text.charAt(end))) end++;
  return spanRange(doc, start, end);
}

function spanRange(doc: PearlDocument, start: number, end: number): Range {
  return { start: doc.textDocument.positionAt(start), end: doc.textDocument.positionAt(end) };
}
