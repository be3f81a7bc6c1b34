/**
 * What a node would say or send at one point of a walk (docs/user/walks.md § What a frame shows): `{id}`
 * references filled from the values known there, the request of an API or PreCallAPI node
 * (docs/interface.md § NodeAPISettings, § APIDataSchemaProperty) and the mapping of a response's
 * fields onto variables through `outputBody`.
 */
import type { WalkRenderedText, WalkRequest } from '#protocol/walkTypes';
import { isJsonObject, type JsonObject } from '../document/jsonValue';
import { findValueReferences } from '../document/variableReferences';

/** The value of each variable known at one point of a walk, by id. */
export type KnownValues = ReadonlyMap<string, { readonly value: string }>;

/** NodeAPISettings.method: 1 GET, 2 POST, 3 PUT, 4 DELETE, 5 PATCH (docs/interface.md § NodeAPISettings). */
export const httpMethodNames: Readonly<Record<number, string>> = { 1: 'GET', 2: 'POST', 3: 'PUT', 4: 'DELETE', 5: 'PATCH' };

/** DataSettings.type values (docs/interface.md § DataSettings): how a value is written in a JSON body. */
const VariableType = { String: 1, Long: 2, Double: 3, Boolean: 4 } as const;

/**
 * `text` with each `{id}` whose value is known replaced by that value; an unknown reference stays
 * `{id}` and its id is listed in `unknown` (once, in order of first use). Linear in the text.
 */
export function renderText(text: string, known: KnownValues): WalkRenderedText {
  const references = findValueReferences(text);
  if (references.length === 0) return { text, unknown: [] };
  const unknown: string[] = [];
  let result = '';
  let last = 0;
  for (const reference of references) {
    const entry = known.get(reference.id);
    result += text.slice(last, reference.start) + (entry ? entry.value : text.slice(reference.start, reference.end));
    if (!entry && !unknown.includes(reference.id)) unknown.push(reference.id);
    last = reference.end;
  }
  return { text: result + text.slice(last), unknown };
}

/**
 * A value written in a JSON body as its type says (docs/user/walks.md § Requests): Long an integer,
 * Double a number, Boolean `true`/`false`, every other type (String, dates and times) the string
 * itself. A string that does not read as its type is sent as written.
 */
export function convertTypedValue(text: string, type: unknown): unknown {
  const trimmed = text.trim();
  if (type === VariableType.Long && /^[-+]?\d+$/.test(trimmed)) return Number(trimmed);
  if (type === VariableType.Double && trimmed !== '' && Number.isFinite(Number(trimmed))) return Number(trimmed);
  if (type === VariableType.Boolean && /^(true|false)$/i.test(trimmed)) return trimmed.toLowerCase() === 'true';
  return text;
}

/** What the request builder needs to know about the declared variables: each id's `type`. */
export type VariableTypes = ReadonlyMap<string, number | undefined>;

/**
 * The request of an API or PreCallAPI node from its `apiSettings` (docs/interface.md §
 * NodeAPISettings): the method's name, `endpointUrl` with its variables filled, the headers as
 * written, and for POST, PUT and PATCH the JSON object built from `body` (each item's `key` set to
 * its variable's value converted by the variable's `type`, or to its `value` rendered and converted
 * by its own `type`). A body item whose variable has no value yet is left out when it is not
 * required (`"required": false`), else sent as the text `{id}` with its id listed in `unknown`.
 * Items without a string `key` are left out.
 */
export function buildRequest(settings: JsonObject, known: KnownValues, types: VariableTypes): WalkRequest {
  const method = typeof settings.method === 'number' ? (httpMethodNames[settings.method] ?? `method ${settings.method}`) : 'GET';
  const url = renderText(typeof settings.endpointUrl === 'string' ? settings.endpointUrl : '', known);
  const unknown = [...url.unknown];
  const headers: Record<string, string> = {};
  if (isJsonObject(settings.headers)) {
    for (const [name, value] of Object.entries(settings.headers)) if (typeof value === 'string') headers[name] = value;
  }
  const request: { -readonly [K in keyof WalkRequest]: WalkRequest[K] } = { method, url, headers, unknown };
  if (Array.isArray(settings.body) && settings.body.length > 0 && method !== 'GET' && method !== 'DELETE') {
    const body: Record<string, unknown> = {};
    for (const item of settings.body as unknown[]) {
      if (!isJsonObject(item) || typeof item.key !== 'string') continue;
      // An optional field whose variable has no value is left out, as an unset optional field is.
      if (item.required === false && typeof item.variableId === 'string' && !known.has(item.variableId)) continue;
      body[item.key] = bodyItemValue(item, known, types, unknown);
    }
    request.body = body;
  }
  return request;
}

/** The value one APIDataSchemaProperty puts in the body; adds the ids it could not fill to `unknown`. */
function bodyItemValue(item: JsonObject, known: KnownValues, types: VariableTypes, unknown: string[]): unknown {
  if (typeof item.variableId === 'string') {
    const entry = known.get(item.variableId);
    if (!entry) {
      if (!unknown.includes(item.variableId)) unknown.push(item.variableId);
      return `{${item.variableId}}`;
    }
    return convertTypedValue(entry.value, types.get(item.variableId));
  }
  if (typeof item.value !== 'string') return item.value ?? null;
  // Only a String value may hold `{id}` references (docs/interface.md § APIDataSchemaProperty).
  const rendered =
    item.type === VariableType.String || item.type === undefined ? renderText(item.value, known) : { text: item.value, unknown: [] };
  for (const id of rendered.unknown) if (!unknown.includes(id)) unknown.push(id);
  return convertTypedValue(rendered.text, item.type);
}

/** One value a response gives a variable through `outputBody`. */
export interface MappedValue {
  readonly variableId: string;
  /** The item's `key`: the response field it was read from. */
  readonly field: string;
  readonly value: string;
}

/**
 * The values `outputBody` maps from a response body (docs/user/walks.md § Responses): each item's `key`
 * names a field of the response's JSON body, a dotted path for a nested field (`patient.firstName`;
 * a top-level key written with a dot is found first), and its `variableId` the variable that takes
 * the value. A string is taken as is; a number or boolean as written in JSON; an object or array
 * as its JSON text; null or a missing field maps nothing. Items without both `key` and `variableId`
 * map nothing.
 */
export function mapOutputBody(outputBody: unknown, responseBody: unknown): MappedValue[] {
  const mapped: MappedValue[] = [];
  if (!Array.isArray(outputBody)) return mapped;
  for (const item of outputBody as unknown[]) {
    if (!isJsonObject(item) || typeof item.key !== 'string' || typeof item.variableId !== 'string') continue;
    const field = readField(responseBody, item.key);
    if (field === undefined || field === null) continue;
    const value = typeof field === 'string' ? field : JSON.stringify(field);
    mapped.push({ variableId: item.variableId, field: item.key, value });
  }
  return mapped;
}

/** The field `key` names in `body`: the top-level key itself, else the dotted path through nested objects. */
function readField(body: unknown, key: string): unknown {
  if (!isJsonObject(body)) return undefined;
  if (Object.hasOwn(body, key)) return body[key];
  let current: unknown = body;
  for (const part of key.split('.')) {
    if (!isJsonObject(current) || !Object.hasOwn(current, part)) return undefined;
    current = current[part];
  }
  return current;
}
