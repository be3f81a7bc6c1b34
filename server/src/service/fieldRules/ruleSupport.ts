import { Diagnostic } from 'vscode-languageserver-types';
import { TextSpan } from '../diagnostics';
import { nodeTypeNames } from '../enumNames';
import { getPropertyNode, JsonNode } from '../jsonTree';
import { isJsonObject, JsonObject, JsonPath, PearlDocument } from '../pearlDocument';

/**
 * One field rule: reads the document and appends its diagnostics to `diagnostics`. Rules skip
 * values of the wrong JSON type (schema validation reports those) and never throw.
 */
export type FieldRule = (doc: PearlDocument, diagnostics: Diagnostic[]) => void;

/** The signed 32-bit range of every integer of the interface (§ Resources and their fields). */
export const int32Min = -2147483648;
export const int32Max = 2147483647;

/** True when a property is absent, has no value yet, or is `null`: all nullable fields treat these alike. */
export function isAbsent(node: JsonNode | undefined): boolean {
  return node === undefined || node.type === 'null';
}

/** True for a string value that is empty or only whitespace. */
export function isBlankString(node: JsonNode | undefined): boolean {
  return node?.type === 'string' && (node.value as string).trim() === '';
}

/** A value read from the document with the node it was read from, which a diagnostic about it points at. */
export interface Located<T> {
  readonly value: T;
  readonly node: JsonNode;
}

/** The integer value of property `key` with its node, or undefined (absent, null, another type, a fraction). */
export function getIntegerProperty(object: JsonNode | undefined, key: string): Located<number> | undefined {
  const node = getPropertyNode(object, key);
  const value = getIntegerValue(node);
  return node && value !== undefined ? { value, node } : undefined;
}

/** The value of an integer number node, or undefined (absent, null, another type, a fraction). */
export function getIntegerValue(node: JsonNode | undefined): number | undefined {
  return node?.type === 'number' && Number.isInteger(node.value) ? (node.value as number) : undefined;
}

/** The span of an object's opening `{`, for a problem with the object as a whole. */
export function openingBraceSpan(object: JsonNode): TextSpan {
  return { offset: object.offset, length: 1 };
}

/** A value as a message shows it: strings in single quotes, everything else as JSON. */
export function formatValue(node: JsonNode): string {
  if (node.type === 'string') return `'${node.value as string}'`;
  if (node.type === 'null') return 'null';
  if (node.type === 'object') return 'an object';
  if (node.type === 'array') return 'an array';
  return String(node.value);
}

/** A node type for messages: `Dialogue (10)`, or just the number when it is not a known type. */
export function describeNodeType(nodeType: number): string {
  const name = nodeTypeNames[nodeType];
  return name === undefined ? String(nodeType) : `${name} (${nodeType})`;
}

/** True when `nodeType` is one of the node type table's values (docs/interface.md § Node). */
export function isKnownNodeType(nodeType: number): boolean {
  return nodeTypeNames[nodeType] !== undefined;
}

/**
 * Where each key of a uniqueness rule was first seen (ids, colors): linear duplicate detection.
 * {@link FirstSeen.repeatOf} records a new key, or answers the object (tag, variable) that a
 * repeated key was first seen in, so the message can name it by its line.
 */
export class FirstSeen<K, O = JsonPath> {
  private readonly first = new Map<K, O>();

  /** Undefined for a key not seen before (now recorded with `owner`); else the owner it was first seen in. */
  repeatOf(key: K, owner: O): O | undefined {
    const first = this.first.get(key);
    if (first === undefined) this.first.set(key, owner);
    return first;
  }

  /** Whether `key` has been seen. */
  has(key: K): boolean {
    return this.first.has(key);
  }
}

/** The 1-based line on which `node` starts, as editors number lines. */
export function lineOf(doc: PearlDocument, node: JsonNode): number {
  return doc.textDocument.positionAt(node.offset).line + 1;
}

/** The `inbound` or `outbound` value of the root when it is an object. */
export function getChannelObject(doc: PearlDocument, key: 'inbound' | 'outbound'): JsonNode | undefined {
  const channel = getPropertyNode(doc.root, key);
  return channel?.type === 'object' ? channel : undefined;
}

// Readers of the parsed value: rules read what is sent and ask where it is only to report it
// (PearlDocument.locate, through valueSpan/keySpan/openingSpan/lineAt in diagnostics.ts).

export { isJsonObject };
export type { JsonObject, JsonPath };

/** True when a value is absent or `null`: all nullable fields treat these alike. */
export function isAbsentValue(value: unknown): boolean {
  return value === undefined || value === null;
}

/** True for a string that is empty or only whitespace. */
export function isBlankValue(value: unknown): boolean {
  return typeof value === 'string' && value.trim() === '';
}

/** The value when it is an integer number, else undefined (absent, null, another type, a fraction). */
export function integerOf(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) ? value : undefined;
}

/** The value when it is a string, else undefined. */
export function stringOf(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** The value when it is an array, else an empty array (absent, null, another type). */
export function arrayOf(value: unknown): readonly unknown[] {
  return Array.isArray(value) ? value : noElements;
}

const noElements: readonly unknown[] = [];

/** An object element of an array value with its index in the array (how its path and messages name it). */
export interface IndexedObject {
  readonly value: JsonObject;
  readonly index: number;
}

/** An object of the request with its path from the root, where a diagnostic about it is placed. */
export interface PlacedObject {
  readonly value: JsonObject;
  readonly path: JsonPath;
}

/** The object elements of a value when it is an array, each with its index; other elements are skipped. */
export function objectElements(value: unknown): IndexedObject[] {
  const result: IndexedObject[] = [];
  const elements = arrayOf(value);
  for (let index = 0; index < elements.length; index++) {
    const element = elements[index];
    if (isJsonObject(element)) result.push({ value: element, index });
  }
  return result;
}

/** The value when it is an object, else undefined. */
export function objectOf(value: unknown): JsonObject | undefined {
  return isJsonObject(value) ? value : undefined;
}

/** A parsed value as a message shows it: strings in single quotes, everything else as JSON. */
export function formatJsonValue(value: unknown): string {
  if (typeof value === 'string') return `'${value}'`;
  if (value === null || value === undefined) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  return JSON.stringify(value);
}

/** The `inbound` or `outbound` object of the request, when it is one. */
export function getChannelValue(doc: PearlDocument, key: 'inbound' | 'outbound'): JsonObject | undefined {
  return isJsonObject(doc.value) ? objectOf(doc.value[key]) : undefined;
}
