import type { NodeSettingField, NodeSettingList } from '#protocol/graphTypes';
import { findSchemaForPath, getEnumValues, type JSONSchema, resolveSchema } from './schemaNavigator';

/**
 * The fields of a node's settings object as the text schema describes them
 * (schemas/text-pearl.schema.json; docs/interface.md § NodeAPISettings, § NodeSMSTemplate,
 * § NodeEmailTemplate, § TransferCallSettings, § SmtpSettings): what the designer's side panel
 * shows ({@link getNodeSettingFields}), and the field types the server checks a `setNodeSetting`
 * value against (nodeSettings.ts). The schema is the single source: no field is listed here. No
 * document model: the webview imports this module too.
 */

/** The schema path of a property of a node object (any node, top level or nested: the same Node definition). */
export const nodeSchemaPath = ['pearl', 'nodes', 0] as const;

/** A {@link NodeSettingField.type}. */
export type FieldType = NodeSettingField['type'];

/** Types a schema allows, `null` left out. */
function typesOf(schema: JSONSchema): string[] {
  const types = Array.isArray(schema.type) ? schema.type : schema.type !== undefined ? [schema.type] : [];
  return types.filter((type) => type !== 'null');
}

/** The field type of a scalar or string-list schema, or undefined for anything else (objects, lists of objects). */
export function getFieldType(schema: JSONSchema): FieldType | undefined {
  const [type, other] = typesOf(schema);
  if (other !== undefined) return undefined;
  if (type === 'string' || type === 'integer' || type === 'boolean') return type;
  if (type === 'array' && schema.items && typesOf(resolveSchema('text', schema.items)).join() === 'string') return 'stringList';
  return undefined;
}

/** Whether `value` is of field type `type`. */
export function isOfFieldType(type: FieldType, value: unknown): boolean {
  switch (type) {
    case 'string':
    case 'boolean':
      return typeof value === type;
    case 'integer':
      return Number.isInteger(value);
    case 'stringList':
      return Array.isArray(value) && value.every((item) => typeof item === 'string');
  }
}

/** Enumerated values with their names (`1` `GET`), or undefined when the schema enumerates none. */
export function getFieldOptions(schema: JSONSchema): NodeSettingField['options'] {
  const options = getEnumValues(schema).flatMap(({ value, name }) =>
    typeof value === 'number' ? [{ value, name: name ?? String(value) }] : [],
  );
  return options.length > 0 ? options : undefined;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The fields of the settings object `property` of a node (`apiSettings`…) whose value in the file
 * is `value` (undefined when absent), in the order of the schema: its own fields, its nested
 * objects' (an email's smtpSettings), those of each element present in a list of objects (an API
 * body's properties, `body 1`…) and each header present. Empty for a property the Node schema
 * does not have. Linear in the size of `value`.
 */
export function getNodeSettingFields(property: string, value: unknown): NodeSettingField[] {
  const schema = findSchemaForPath('text', [...nodeSchemaPath, property]);
  const fields: NodeSettingField[] = [];
  if (schema) collectFields(schema, value, [property], undefined, fields);
  return fields;
}

function collectFields(
  schema: JSONSchema,
  value: unknown,
  path: (string | number)[],
  group: string | undefined,
  out: NodeSettingField[],
): void {
  const object = isRecord(value) ? value : {};
  for (const [key, property] of Object.entries(schema.properties ?? {})) {
    const child = resolveSchema('text', property);
    const childValue = Object.prototype.hasOwnProperty.call(object, key) ? object[key] : undefined;
    const childPath = [...path, key];
    const types = typesOf(child).join();
    if (types === 'object' && child.properties) {
      collectFields(child, childValue, childPath, key, out);
    } else if (types === 'object' && typeof child.additionalProperties === 'object') {
      if (!isRecord(childValue)) continue;
      const entry = resolveSchema('text', child.additionalProperties);
      for (const name of Object.keys(childValue)) addField(entry, childValue[name], [...childPath, name], name, key, out);
    } else if (types === 'array' && child.items && resolveSchema('text', child.items).properties) {
      if (!Array.isArray(childValue)) continue;
      const items = resolveSchema('text', child.items);
      childValue.forEach((item, index) => collectFields(items, item, [...childPath, index], `${key} ${index + 1}`, out));
    } else {
      addField(child, childValue, childPath, key, group, out);
    }
  }
}

function addField(
  schema: JSONSchema,
  value: unknown,
  path: (string | number)[],
  label: string,
  group: string | undefined,
  out: NodeSettingField[],
): void {
  const type = getFieldType(schema);
  if (type === undefined) return;
  const field: { -readonly [K in keyof NodeSettingField]: NodeSettingField[K] } = { path, label, type };
  if (group !== undefined) field.group = group;
  if (schema.description !== undefined) field.description = schema.description;
  if (isOfFieldType(type, value)) field.value = value as NodeSettingField['value'];
  const options = type === 'integer' ? getFieldOptions(schema) : undefined;
  if (options) field.options = options;
  if (type === 'string' && (schema.maxLength ?? 0) >= 500 && !/url$/i.test(label)) field.multiline = true;
  out.push(field);
}

/** `objectList` for a list of objects (an API body), `stringMap` for a map of strings (headers), else undefined. */
export function getListType(schema: JSONSchema): NodeSettingList['type'] | undefined {
  const types = typesOf(schema).join();
  if (types === 'array' && schema.items && resolveSchema('text', schema.items).properties) return 'objectList';
  if (types !== 'object' || typeof schema.additionalProperties !== 'object') return undefined;
  return typesOf(resolveSchema('text', schema.additionalProperties)).join() === 'string' ? 'stringMap' : undefined;
}

/**
 * The lists of objects and maps of strings of the settings object `property` (`apiSettings`: its
 * body, headers and outputBody) whose value in the file is `value`, in the order of the schema,
 * with their sizes in the file: what takes new entries in the designer's side panel.
 */
export function getNodeSettingLists(property: string, value: unknown): NodeSettingList[] {
  const schema = findSchemaForPath('text', [...nodeSchemaPath, property]);
  const object = isRecord(value) ? value : {};
  const lists: NodeSettingList[] = [];
  for (const [key, child] of Object.entries(schema?.properties ?? {})) {
    const resolved = resolveSchema('text', child);
    const type = getListType(resolved);
    if (type === undefined) continue;
    const entries = object[key];
    const size = Array.isArray(entries) ? entries.length : isRecord(entries) ? Object.keys(entries).length : 0;
    const list: { -readonly [K in keyof NodeSettingList]: NodeSettingList[K] } = { path: [property, key], label: key, type, size };
    if (resolved.description !== undefined) list.description = resolved.description;
    lists.push(list);
  }
  return lists;
}
