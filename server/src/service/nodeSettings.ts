import { getNodeValue } from 'jsonc-parser';
import type { NodeSettingField, SetNodeSettingEdit } from './graphTypes';
import { settingsSkeletons } from './codeActions';
import { describeNode, quote, withArticle } from './graphEditChecks';
import { getPropertyNode } from './jsonTree';
import type { PearlNode } from './pearlDocument';
import { findSchemaForPath, getEnumValues, type JSONSchema, resolveSchema } from './schemaNavigator';
import { nodeTypeNames } from './enumNames';

/**
 * The settings object of a node, field by field, as the text schema describes it
 * (schemas/text-pearl.schema.json; docs/interface.md § Node, § NodeAPISettings, § NodeSMSTemplate,
 * § NodeEmailTemplate, § TransferCallSettings, § SmtpSettings): the fields the designer's side
 * panel shows ({@link getNodeSettingFields}) and the checks of a `setNodeSetting` edit
 * ({@link checkNodeSetting}). The schema is the single source: no field is listed here.
 */

/** The settings property of node type `nodeType` (`apiSettings` for API), or undefined for a type without one. */
export function getSettingsProperty(nodeType: number | undefined): string | undefined {
  return nodeType === undefined ? undefined : settingsSkeletons.get(nodeType)?.[0];
}

/** The schema path of a property of a node object (any node: top level or nested, the same Node definition). */
const nodePath = ['pearl', 'nodes', 0] as const;

type FieldType = NodeSettingField['type'];

/** Types a schema allows, `null` left out. */
function typesOf(schema: JSONSchema): string[] {
  const types = Array.isArray(schema.type) ? schema.type : schema.type !== undefined ? [schema.type] : [];
  return types.filter((type) => type !== 'null');
}

/** The field type of a scalar or string-list schema, or undefined for anything else (objects, lists of objects). */
function fieldTypeOf(schema: JSONSchema): FieldType | undefined {
  const [type, other] = typesOf(schema);
  if (other !== undefined) return undefined;
  if (type === 'string' || type === 'integer' || type === 'boolean') return type;
  if (type === 'array' && schema.items && typesOf(resolveSchema('text', schema.items)).join() === 'string') return 'stringList';
  return undefined;
}

/** Whether `value` is of field type `type`. */
function matches(type: FieldType, value: unknown): boolean {
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

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Enumerated values with their names (`1` `GET`), or undefined when the schema enumerates none. */
function optionsOf(schema: JSONSchema): NodeSettingField['options'] {
  const options = getEnumValues(schema).flatMap(({ value, name }) => (typeof value === 'number' ? [{ value, name: name ?? String(value) }] : []));
  return options.length > 0 ? options : undefined;
}

/**
 * The settings fields of `node` in the order of the schema: its type's settings object (present or
 * not), its nested objects (an email's smtpSettings), each element present in a list of objects (an
 * API body's properties, `body 1`…) and each header present. Undefined for a type without a
 * settings object. Linear in the size of the node's settings.
 */
export function getNodeSettingFields(node: PearlNode): NodeSettingField[] | undefined {
  const property = getSettingsProperty(node.nodeType);
  if (property === undefined) return undefined;
  const schema = findSchemaForPath('text', [...nodePath, property]);
  if (!schema) return undefined;
  const valueNode = getPropertyNode(node.node, property);
  const fields: NodeSettingField[] = [];
  collectFields(schema, valueNode ? getNodeValue(valueNode) : undefined, [property], undefined, fields);
  return fields;
}

function collectFields(schema: JSONSchema, value: unknown, path: (string | number)[], group: string | undefined, out: NodeSettingField[]): void {
  const object = isRecord(value) ? value : {};
  for (const [key, property] of Object.entries(schema.properties ?? {})) {
    const child = resolveSchema('text', property);
    const childValue = Object.prototype.hasOwnProperty.call(object, key) ? object[key] : undefined;
    const childPath = [...path, key];
    const types = typesOf(child);
    if (types.join() === 'object' && child.properties) {
      collectFields(child, childValue, childPath, key, out);
    } else if (types.join() === 'object' && typeof child.additionalProperties === 'object') {
      if (!isRecord(childValue)) continue;
      for (const name of Object.keys(childValue)) addField(resolveSchema('text', child.additionalProperties), childValue[name], [...childPath, name], name, key, out);
    } else if (types.join() === 'array' && child.items && resolveSchema('text', child.items).properties) {
      if (!Array.isArray(childValue)) continue;
      const items = resolveSchema('text', child.items);
      childValue.forEach((item, index) => collectFields(items, item, [...childPath, index], `${key} ${index + 1}`, out));
    } else {
      addField(child, childValue, childPath, key, group, out);
    }
  }
}

function addField(schema: JSONSchema, value: unknown, path: (string | number)[], label: string, group: string | undefined, out: NodeSettingField[]): void {
  const type = fieldTypeOf(schema);
  if (type === undefined) return;
  const field: { -readonly [K in keyof NodeSettingField]: NodeSettingField[K] } = { path, label, type };
  if (group !== undefined) field.group = group;
  if (schema.description !== undefined) field.description = schema.description;
  if (matches(type, value)) field.value = value as NodeSettingField['value'];
  const options = type === 'integer' ? optionsOf(schema) : undefined;
  if (options) field.options = options;
  if (type === 'string' && (schema.maxLength ?? 0) >= 500 && !/url$/i.test(label)) field.multiline = true;
  out.push(field);
}

/** `method`, or `body 1 › key` for a field inside a list element. */
function describePath(path: readonly (string | number)[]): string {
  const last = path[path.length - 1];
  const index = path.length >= 2 ? path[path.length - 2] : undefined;
  if (typeof index === 'number' && typeof last === 'string') return `${String(path[path.length - 3])} ${index + 1} › ${last}`;
  return String(last);
}

/**
 * Why `edit` cannot set a settings field of `node`, or undefined: the node's type has no settings
 * object, or its settings object is another one; the path names no field of the schema, or an
 * object or a list of objects rather than a value; the value is not of the field's type (a
 * string, an integer within the schema's bounds and one of its enumerated values, a boolean, a
 * list of strings).
 */
export function checkNodeSetting(node: PearlNode, edit: SetNodeSettingEdit): string | undefined {
  const property = getSettingsProperty(node.nodeType);
  const first = edit.path[0];
  if (property === undefined) {
    const typeName = node.nodeType !== undefined ? nodeTypeNames[node.nodeType] : undefined;
    return typeName !== undefined ? `${withArticle(typeName, true)} node has no settings object.` : `The ${describeNode(node)} has no node type with a settings object.`;
  }
  if (first !== property) {
    return `The settings of ${withArticle(nodeTypeNames[node.nodeType!])} node are in ${property}, not in ${typeof first === 'string' ? quote(first) : 'a list'}.`;
  }
  const schema = findSchemaForPath('text', [...nodePath, ...edit.path]);
  const name = describePath(edit.path);
  if (!schema || edit.path.length < 2) return `${quote(name)} is not a field of ${property}.`;
  const type = fieldTypeOf(schema);
  if (type === undefined) return `${quote(name)} holds more than one value: set its fields one by one.`;
  return describeValueProblem(name, type, schema, edit.value);
}

function describeValueProblem(name: string, type: FieldType, schema: JSONSchema, value: unknown): string | undefined {
  if (!matches(type, value)) {
    const expected = { string: 'text', integer: 'a whole number', boolean: 'true or false', stringList: 'a list of texts' }[type];
    return `${quote(name)} must be ${expected}.`;
  }
  if (type !== 'integer') return undefined;
  const options = optionsOf(schema);
  if (options && !options.some((option) => option.value === value)) {
    return `${quote(name)} must be one of ${options.map((option) => `${option.name} (${option.value})`).join(', ')}.`;
  }
  const minimum = schema.minimum ?? Number.MIN_SAFE_INTEGER;
  const maximum = schema.maximum ?? Number.MAX_SAFE_INTEGER;
  if ((value as number) < minimum || (value as number) > maximum) return `${quote(name)} must be a whole number from ${minimum} to ${maximum}.`;
  return undefined;
}
