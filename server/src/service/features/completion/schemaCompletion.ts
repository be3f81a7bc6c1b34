import { CompletionItem, CompletionItemKind, InsertTextFormat, InsertTextMode, MarkupKind, Range } from 'vscode-languageserver-types';
import { defaultCompletionCapabilities, type CompletionCapabilities } from './completionCapabilities';
import { completeArrayElement } from './elementSnippets';
import { completeEnumValues } from './enumCompletion';
import { findNodeAtOffset, getNodePath, type JsonNode } from '../../document/jsonTree';
import type { PearlDocument } from '../../document/pearlDocument';
import { describeSchemaType, findSchemaForPath, JSONSchema, resolveSchema } from '../../interface/schemaNavigator';
import { chooseInsertText, escapeSnippetText, getSnippetLayout, printSnippet } from './snippetText';
import { getValueSkeleton } from './valueSkeletons';

type Path = (string | number)[];

/**
 * Completion from the document's schema (docs/interface.md § Resources and their fields):
 * - at a property key (a key being typed, or an empty spot of an object where a key goes): the
 *   properties of that object's schema not yet present, in schema order, with type as detail and
 *   the interface's notes as documentation; `"name": ` and the value's skeleton (see
 *   {@link getValueSkeleton}; only the name when the property already has a value), with the
 *   commas the spot needs;
 * - at the value of an enumerated property: the values by name (see {@link completeEnumValues});
 *   `true`/`false` for booleans;
 * - between or after the elements of an array: a new element (see {@link completeArrayElement}).
 * Nothing for plain strings and numbers. Reads the document's tree; never throws.
 */
export function doSchemaCompletion(
  doc: PearlDocument,
  offset: number,
  capabilities: CompletionCapabilities = defaultCompletionCapabilities,
): CompletionItem[] {
  const root = doc.root;
  if (!root) return [];
  const text = doc.textDocument.getText();
  const node = findNodeAtOffset(root, offset, true);
  if (!node) return [];

  const parent = node.parent;
  if (node.type === 'object' || node.type === 'array') {
    if (node.type === 'object' && isInside(text, node, offset)) return completeKeys(doc, node, offset, undefined, capabilities);
    if (node.type === 'array' && isInside(text, node, offset)) return completeElement(doc, node, text, offset, capabilities);
    // Just after a member's closing bracket: the next key of the enclosing object, or the next
    // element of the enclosing array, goes here.
    const atEnd = offset === node.offset + node.length;
    if (atEnd && parent?.type === 'property') return completeKeys(doc, parent.parent, offset, undefined, capabilities);
    if (atEnd && parent?.type === 'array') return completeElement(doc, parent, text, offset, capabilities);
    return [];
  }
  if (node.type === 'property') {
    // Offset inside a property but outside its key and value: after the colon is the value spot.
    const keyNode = node.children?.[0];
    if (node.colonOffset !== undefined && offset > node.colonOffset && keyNode && node.children?.[1] === undefined) {
      return completeValue(doc, [...getNodePath(node), String(keyNode.value)], wordRange(doc, text, offset), capabilities);
    }
    return [];
  }
  if (parent?.type === 'property' && parent.children?.[0] === node) {
    // The key of a property.
    return node.type === 'string' ? completeKeys(doc, parent.parent, offset, node, capabilities) : [];
  }
  if (parent?.type === 'property' && parent.children?.[1] === node) {
    return completeValue(doc, getNodePath(node), spanRange(doc, node.offset, node.offset + node.length), capabilities);
  }
  return [];
}

/** A new element of `array` at `offset`, replacing the bare word being typed there (a snippet's name). */
function completeElement(
  doc: PearlDocument,
  array: JsonNode,
  text: string,
  offset: number,
  capabilities: CompletionCapabilities,
): CompletionItem[] {
  const range = wordSpan(text, offset);
  // Inside an element's value (a word typed into an object) is no place for a new element.
  if (overlapsElement(array, range.start, range.end)) return [];
  return completeArrayElement(doc, array, getNodePath(array), range, capabilities);
}

/** Whether an element of `array` overlaps the span. */
function overlapsElement(array: JsonNode, start: number, end: number): boolean {
  return (array.children ?? []).some((element) => element.offset < end && element.offset + element.length > start);
}

/** Whether `offset` is inside an object's braces or an array's brackets (not before the opening one nor after the closing one). */
function isInside(text: string, object: JsonNode, offset: number): boolean {
  const end = object.offset + object.length;
  const closed = text.charAt(end - 1) === (object.type === 'array' ? ']' : '}') && object.length > 1;
  return offset > object.offset && (closed ? offset < end : offset <= end);
}

function completeKeys(
  doc: PearlDocument,
  object: JsonNode | undefined,
  offset: number,
  keyNode: JsonNode | undefined,
  capabilities: CompletionCapabilities,
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
  const layout = getSnippetLayout(text, start);

  const items: CompletionItem[] = [];
  Object.keys(properties).forEach((name, index) => {
    if (present.has(name)) return;
    const propertySchema = resolveSchema(doc.kind, properties[name]);
    const key = JSON.stringify(name);
    let insert: { newText: string; insertTextFormat: InsertTextFormat };
    if (hasColon) {
      insert = chooseInsertText({ snippet: escapeSnippetText(key), plain: key }, capabilities.snippetSupport);
    } else {
      const skeleton = getValueSkeleton(doc.kind, propertySchema);
      const value = skeleton === undefined ? { snippet: '$1', plain: '' } : printSnippet(skeleton, layout);
      insert = chooseInsertText(
        { snippet: `${prefix}${escapeSnippetText(key)}: ${value.snippet}${suffix}`, plain: `${prefix}${key}: ${value.plain}${suffix}` },
        capabilities.snippetSupport,
      );
    }
    items.push({
      label: name,
      kind: CompletionItemKind.Property,
      detail: describeSchemaType(doc.kind, properties[name]),
      documentation: propertySchema.description ? { kind: MarkupKind.Markdown, value: propertySchema.description } : undefined,
      textEdit: { range, newText: insert.newText },
      insertTextFormat: insert.insertTextFormat,
      // The skeleton is indented for the line it lands on.
      insertTextMode: InsertTextMode.asIs,
      filterText: keyNode ? `"${name}"` : name,
      sortText: String(index).padStart(4, '0'),
    });
  });
  return items;
}

function completeValue(doc: PearlDocument, path: Path, range: Range, capabilities: CompletionCapabilities): CompletionItem[] {
  const schema = findSchemaForPath(doc.kind, path);
  if (!schema) return [];
  const items = completeEnumValues(doc, path, schema, range, capabilities);
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
  const { start, end } = wordSpan(text, offset);
  return spanRange(doc, start, end);
}

/** The offsets of the bare word (letters, digits, `.+-`) around `offset`. */
function wordSpan(text: string, offset: number): { start: number; end: number } {
  const isWord = (char: string): boolean => /[A-Za-z0-9.+-]/.test(char);
  let start = offset;
  let end = offset;
  while (start > 0 && isWord(text.charAt(start - 1))) start--;
  while (end < text.length && isWord(text.charAt(end))) end++;
  return { start, end };
}

function spanRange(doc: PearlDocument, start: number, end: number): Range {
  return { start: doc.textDocument.positionAt(start), end: doc.textDocument.positionAt(end) };
}
