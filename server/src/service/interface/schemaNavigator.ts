import simpleSchemaJson from '../../../../schemas/simple-pearl.schema.json';
import textSchemaJson from '../../../../schemas/text-pearl.schema.json';
import type { PearlKind } from '../document/pearlDocument';

/**
 * The subset of a draft-07 JSON Schema the Pearl schemas use (schemas/*.schema.json), with the
 * project's annotation keywords: `enumNames`/`enumDescriptions` aligned with the non-null `enum`
 * values, `x-suggestedValues`/`x-suggestedNames`/`x-suggestedDescriptions` for the simple form's
 * enumerations whose values the interface does not state, `x-variables` on (V) fields and
 * `x-format: "date-span"` (docs/interface.md § Resources and their fields).
 */
export interface JSONSchema {
  $schema?: string;
  $id?: string;
  $ref?: string;
  title?: string;
  description?: string;
  type?: string | string[];
  properties?: Record<string, JSONSchema>;
  additionalProperties?: boolean | JSONSchema;
  items?: JSONSchema;
  definitions?: Record<string, JSONSchema>;
  enum?: unknown[];
  enumNames?: string[];
  enumDescriptions?: string[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  maxItems?: number;
  pattern?: string;
  'x-suggestedValues'?: unknown[];
  'x-suggestedNames'?: string[];
  'x-suggestedDescriptions'?: string[];
  'x-variables'?: boolean;
  'x-format'?: string;
}

const schemas: Readonly<Record<PearlKind, JSONSchema>> = {
  text: textSchemaJson,
  simple: simpleSchemaJson,
};

/**
 * The JSON Schema of a create request: `text` is the Text Pearl create request (POST
 * /v2/Pearl/Text), `simple` the Simple Pearl create request (POST /v2/Pearl)
 * (docs/interface.md § Text Pearl create request, § Simple Pearl create request).
 */
export function getSchema(kind: PearlKind): JSONSchema {
  return schemas[kind];
}

/**
 * Resolves a local `$ref` (`#/definitions/X`, a named type of docs/interface.md § Resources
 * and their fields) of the `kind` schema. A `$ref` schema's sibling
 * keywords (the property's own `description`) win over the definition's; the definition's
 * `title` and structure are kept. Schemas without `$ref`, or with an unknown one, come back as is.
 */
export function resolveSchema(kind: PearlKind, schema: JSONSchema): JSONSchema {
  const ref = schema.$ref;
  if (ref === undefined) return schema;
  const match = /^#\/definitions\/(.+)$/.exec(ref);
  const target = match ? getSchema(kind).definitions?.[match[1]] : undefined;
  if (!target) return schema;
  const merged: JSONSchema = { ...target, ...schema };
  delete merged.$ref;
  return merged;
}

/**
 * The schema of the value at `path` (property names and array indexes from the root, as
 * jsonc-parser's `getNodePath` gives them) in a `kind` request, `$ref`s resolved: follows
 * `properties`, then an object `additionalProperties`, for a name and `items` for an index.
 * Undefined where the schema allows nothing (an unknown property) or the path does not fit.
 */
export function findSchemaForPath(kind: PearlKind, path: readonly (string | number)[]): JSONSchema | undefined {
  let schema: JSONSchema | undefined = getSchema(kind);
  for (const segment of path) {
    if (!schema) return undefined;
    schema = resolveSchema(kind, schema);
    if (typeof segment === 'number') {
      schema = schema.items;
    } else {
      const property: JSONSchema | undefined =
        schema.properties && Object.prototype.hasOwnProperty.call(schema.properties, segment) ? schema.properties[segment] : undefined;
      if (property) schema = property;
      else schema = typeof schema.additionalProperties === 'object' ? schema.additionalProperties : undefined;
    }
  }
  return schema ? resolveSchema(kind, schema) : undefined;
}

/**
 * The allowed values of an enumerated integer: the stated `enum` (null left out), or for the
 * simple form's unstated enumerations the text form's values (`x-suggestedValues`), each with its
 * name and meaning (docs/interface.md § Resources and their fields; docs/rulings.md § Values).
 * `suggested` is true for the latter. Empty when the schema enumerates nothing.
 */
export function getEnumValues(
  schema: JSONSchema,
): { value: unknown; name: string | undefined; description: string | undefined; suggested: boolean }[] {
  if (schema.enum) {
    const result: ReturnType<typeof getEnumValues> = [];
    schema.enum.forEach((value, index) => {
      if (value !== null) {
        result.push({ value, name: schema.enumNames?.[index], description: schema.enumDescriptions?.[index], suggested: false });
      }
    });
    return result;
  }
  const suggested = schema['x-suggestedValues'];
  if (suggested) {
    return suggested.map((value, index) => ({
      value,
      name: schema['x-suggestedNames']?.[index],
      description: schema['x-suggestedDescriptions']?.[index],
      suggested: true,
    }));
  }
  return [];
}

/**
 * A short type label of a schema for completion details and hover: the definition title for an
 * object definition (`CallLabel | null`), `Node[] | null` for arrays of definitions, otherwise the
 * JSON types joined (`string | null`). Type names are the interface's (docs/interface.md
 * § Resources and their fields).
 */
export function describeSchemaType(kind: PearlKind, schema: JSONSchema): string {
  const resolved = resolveSchema(kind, schema);
  const types = Array.isArray(resolved.type) ? resolved.type : resolved.type !== undefined ? [resolved.type] : [];
  const labels = types.map((type) => {
    if (type === 'object' && resolved.title && resolved.properties) return resolved.title;
    if (type === 'object' && typeof resolved.additionalProperties === 'object') return 'object (string to string)';
    if (type === 'array' && resolved.items) {
      const item = resolveSchema(kind, resolved.items);
      const itemTypes = Array.isArray(item.type) ? item.type : item.type !== undefined ? [item.type] : [];
      const itemLabel = item.title && item.properties ? item.title : (itemTypes.filter((t) => t !== 'null')[0] ?? 'any');
      return `${itemLabel}[]`;
    }
    return type;
  });
  return labels.length > 0 ? labels.join(' | ') : 'any';
}
