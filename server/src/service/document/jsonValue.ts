/**
 * Plain JSON values as `JSON.parse` (or jsonc-parser's `getNodeValue`) gives them: the vocabulary
 * rules use to read a document's value without its syntax tree.
 */

/** A path into a JSON value: property names and array indexes, from the root. */
export type JsonPath = readonly (string | number)[];

/**
 * `path` with `step` (then `next`, when given) appended, as a new array. Not `concat` (a runtime
 * function that optimised code calls rather than inlines: some two thousand instructions a call)
 * nor a spread (the iterator protocol, several times slower in code not yet optimised): checking
 * many small files builds such paths for every node and transition.
 */
export function childPath(path: JsonPath, step: string | number, next?: string | number): (string | number)[] {
  // Made at its final length: a copy grown by `push` gets room for 16 more steps (some 200 bytes
  // per path instead of some 80, for every node and transition of a large Pearl).
  const length = path.length;
  const result = new Array<string | number>(next === undefined ? length + 1 : length + 2);
  for (let i = 0; i < length; i++) result[i] = path[i];
  result[length] = step;
  if (next !== undefined) result[length + 1] = next;
  return result;
}

/** A JSON object as `JSON.parse` gives it. */
export type JsonObject = Readonly<Record<string, unknown>>;

/** The JSON type of a parsed value, as messages name it. */
export type JsonType = 'object' | 'array' | 'string' | 'number' | 'boolean' | 'null';

/** The JSON type of a parsed value; `undefined` (a property written without a value) counts as null. */
export function jsonType(value: unknown): JsonType {
  if (value === null || value === undefined) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value as 'object' | 'string' | 'number' | 'boolean';
}

/** True for a JSON object (not null, not an array). */
export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The value at `path` in a parsed JSON value: property names of objects (own properties only) and
 * indexes of arrays; undefined when there is none.
 */
export function valueAtPath(value: unknown, path: JsonPath): unknown {
  for (let s = 0; s < path.length; s++) {
    const step = path[s];
    if (typeof step === 'number' ? !Array.isArray(value) : !isJsonObject(value)) return undefined;
    if (!Object.prototype.hasOwnProperty.call(value, step)) return undefined;
    value = (value as Record<string | number, unknown>)[step];
  }
  return value;
}
