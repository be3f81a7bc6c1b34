import { Diagnostic } from 'vscode-languageserver-types';
import { nodeTypeNames } from '../../interface/enumNames';
import { isJsonObject, JsonObject, JsonPath, PearlDocument } from '../../document/pearlDocument';

/**
 * One field rule: reads the document and appends its diagnostics to `diagnostics`. Rules skip
 * values of the wrong JSON type (schema validation reports those) and never throw.
 */
export type FieldRule = (doc: PearlDocument, diagnostics: Diagnostic[]) => void;

/** The signed 32-bit range of every integer of the interface (§ Resources and their fields). */
export const int32Min = -2147483648;
export const int32Max = 2147483647;

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
