import { getNodeValue } from 'jsonc-parser';
import type { PearlGraphNode, SetNodeSettingEdit } from '#protocol/graphTypes';
import { describeNode, quote, withArticle } from './messageText';
import { getPropertyNode } from '../document/jsonTree';
import { type FieldType, getFieldOptions, getFieldType, isOfFieldType, nodeSchemaPath } from './nodeSettingFields';
import type { PearlDocument, PearlNode } from '../document/pearlDocument';
import { findSchemaForPath, type JSONSchema } from './schemaNavigator';
import { nodeTypeNames } from './enumNames';
import { getSettingsProperty } from './nodeTypes';

/**
 * A node's settings object on the server side (docs/interface.md § Node, rule 7): which one its
 * type takes and its value for the graph ({@link getNodeSettings}), and the checks of a
 * `setNodeSetting` edit against the schema ({@link checkNodeSetting}); the fields themselves are
 * nodeSettingFields.ts's.
 */

/**
 * {@link PearlGraphNode.settings} of `node`: its type's settings property and its value (what the
 * request body carries: read from the document's plain value), or undefined for a type without one.
 */
export function getNodeSettings(doc: PearlDocument, node: PearlNode): PearlGraphNode['settings'] {
  const property = getSettingsProperty(node.nodeType);
  if (property === undefined) return undefined;
  const object = getNodeObject(doc, node);
  if (object === undefined) {
    const valueNode = getPropertyNode(node.node, property);
    return valueNode ? { property, value: getNodeValue(valueNode) as unknown } : { property };
  }
  return Object.prototype.hasOwnProperty.call(object, property) ? { property, value: object[property] } : { property };
}

/**
 * The plain value of `node` within `doc.value` (`pearl.nodes[index]`, then each nested list), or
 * undefined when the tree and the value may disagree (duplicate keys: the value keeps the last).
 */
function getNodeObject(doc: PearlDocument, node: PearlNode): Record<string, unknown> | undefined {
  if (doc.duplicateKeys.length > 0) return undefined;
  const owner = node.container
    ? getNodeObject(doc, node.container.node)
    : (doc.value as { pearl?: Record<string, unknown> } | undefined)?.pearl;
  const list = owner?.[node.container ? node.container.list : 'nodes'];
  const object: unknown = Array.isArray(list) ? list[node.index] : undefined;
  return typeof object === 'object' && object !== null && !Array.isArray(object) ? (object as Record<string, unknown>) : undefined;
}

/**
 * How messages name the settings field or object at `path`: its key (`method`), `body 1` for a list
 * element (1-based), `body 1 › key` for a field of one.
 */
export function describeSettingPath(path: readonly (string | number)[]): string {
  const last = path[path.length - 1];
  if (typeof last === 'number') return `${String(path[path.length - 2])} ${last + 1}`;
  const index = path.length >= 2 ? path[path.length - 2] : undefined;
  if (typeof index === 'number') return `${String(path[path.length - 3])} ${index + 1} › ${last}`;
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
    return typeName !== undefined
      ? `${withArticle(typeName, true)} node has no settings object.`
      : `The ${describeNode(node)} has no node type with a settings object.`;
  }
  if (first !== property) {
    const typeName = nodeTypeNames[node.nodeType ?? -1];
    const whose = typeName !== undefined ? `${withArticle(typeName)} node` : `the ${describeNode(node)}`;
    return `The settings of ${whose} are in ${property}, not in ${typeof first === 'string' ? quote(first) : 'a list'}.`;
  }
  const schema = findSchemaForPath('text', [...nodeSchemaPath, ...edit.path]);
  const name = describeSettingPath(edit.path);
  if (!schema || edit.path.length < 2) return `${quote(name)} is not a field of ${property}.`;
  const type = getFieldType(schema);
  if (type === undefined) return `${quote(name)} holds more than one value: set its fields one by one.`;
  return describeValueProblem(name, type, schema, edit.value);
}

function describeValueProblem(name: string, type: FieldType, schema: JSONSchema, value: unknown): string | undefined {
  if (!isOfFieldType(type, value)) {
    const expected = { string: 'text', integer: 'a whole number', boolean: 'true or false', stringList: 'a list of texts' }[type];
    return `${quote(name)} must be ${expected}.`;
  }
  if (type !== 'integer') return undefined;
  const options = getFieldOptions(schema);
  if (options && !options.some((option) => option.value === value)) {
    return `${quote(name)} must be one of ${options.map((option) => `${option.name} (${option.value})`).join(', ')}.`;
  }
  const minimum = schema.minimum ?? Number.MIN_SAFE_INTEGER;
  const maximum = schema.maximum ?? Number.MAX_SAFE_INTEGER;
  if ((value as number) < minimum || (value as number) > maximum)
    return `${quote(name)} must be a whole number from ${minimum} to ${maximum}.`;
  return undefined;
}
