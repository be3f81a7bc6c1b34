import { type Edit, getNodeValue } from 'jsonc-parser';
import type { NodeSettingForm } from '#protocol/graphTypes';
import { findNodeByKey } from '../document/graphKeys';
import { getPropertyKeyNode, getPropertyNode, type JsonNode } from '../document/jsonTree';
import type { PearlDocument, PearlNode } from '../document/pearlDocument';
import { getListType, getNodeSettingFields, getNodeSettingLists, nodeSchemaPath } from '../interface/nodeSettingFields';
import { checkNodeSetting, describeSettingPath, getNodeSettings } from '../interface/nodeSettings';
import { getSettingsProperty } from '../interface/nodeTypes';
import { findSchemaForPath } from '../interface/schemaNavigator';
import { quote } from '../interface/messageText';
import { appendArrayElement, insertProperty, removeArrayElements, removeProperty, replaceValue } from '../document/jsonEdits';
import { type GraphEditPlanner, type GraphEditPlanners, nodeGone, type Planned, styleOf } from './graphEditPlan';

/**
 * The planners of the edits of a node's settings object (docs/interface.md § Node, rule 7; the
 * fields as the schema describes them, interface/nodeSettingFields.ts): set a field, clear a field
 * or an entry, add an entry to a list or a map; and the side panel's form ({@link getNodeSettingForm}).
 */

type Path = readonly (string | number)[];

const elementGone = 'That list element is no longer in the file. Try again on the updated graph.';

/**
 * Sets one settings field (checked against the schema by `checkNodeSetting`): replaces its value,
 * or inserts the missing property, creating the objects missing on the path.
 */
const setNodeSetting: GraphEditPlanner<'setNodeSetting'> = (doc, edit) => {
  const node = findNodeByKey(doc, edit.node);
  if (!node) return nodeGone;
  const problem = checkNodeSetting(node, edit);
  if (problem !== undefined) return problem;
  return setAtPath(doc, node.node, edit.path, structuredClone(edit.value), edit.node);
};

/** Removes the field, list element or map entry at the path; nothing when it is already absent. */
const clearNodeSetting: GraphEditPlanner<'clearNodeSetting'> = (doc, edit) => {
  const node = findNodeByKey(doc, edit.node);
  if (!node) return nodeGone;
  const problem = describeSettingsPathProblem(node, edit.path);
  if (problem !== undefined) return problem;
  const select = edit.node;
  if (edit.path.length < 2) return `The ${edit.path[0]} object itself cannot be cleared: clear its fields one by one.`;
  const parent = findAtPath(node.node, edit.path.slice(0, -1));
  const last = edit.path[edit.path.length - 1];
  if (typeof last === 'number') {
    const element = parent?.type === 'array' ? parent.children?.[last] : undefined;
    return parent && element ? { edits: removeArrayElements(doc, parent, [element]), select } : { edits: [], select };
  }
  const value = parent?.type === 'object' ? getPropertyNode(parent, last) : undefined;
  return value?.parent ? { edits: [removeProperty(doc, value.parent)], select } : { edits: [], select };
};

/** Appends `{}` to a list of objects, or adds the header `name` with an empty value to a map of strings. */
const addNodeSettingItem: GraphEditPlanner<'addNodeSettingItem'> = (doc, edit) => {
  const node = findNodeByKey(doc, edit.node);
  if (!node) return nodeGone;
  const problem = describeSettingsPathProblem(node, edit.path);
  if (problem !== undefined) return problem;
  const schema = findSchemaForPath('text', [...nodeSchemaPath, ...edit.path]);
  const type = schema ? getListType(schema) : undefined;
  const name = describeSettingPath(edit.path);
  if (type === undefined) return `${quote(name)} is not a list that takes new entries.`;
  const existing = findAtPath(node.node, edit.path);
  if (type === 'objectList') {
    if (existing?.type === 'array') {
      const last = existing.children?.[existing.children.length - 1];
      return { edits: [appendArrayElement(doc, existing, {}, last ? styleOf(doc, last) : 'compact')], select: edit.node };
    }
    return setAtPath(doc, node.node, edit.path, [{}], edit.node);
  }
  const key = edit.name?.trim() ?? '';
  if (key === '') return `A new entry of ${quote(name)} needs a name.`;
  if (existing?.type === 'object' && getPropertyNode(existing, key)) return `${quote(name)} already has an entry named '${quote(key)}'.`;
  return setAtPath(doc, node.node, [...edit.path, key], '', edit.node);
};

/** The planners of this file, by kind. */
export const settingPlanners: GraphEditPlanners<'setNodeSetting' | 'clearNodeSetting' | 'addNodeSettingItem'> = {
  setNodeSetting,
  clearNodeSetting,
  addNodeSettingItem,
};

/**
 * `pearl/nodeSettingFields`: the fields and lists of the settings object of node `key` in `doc`
 * (interface/nodeSettingFields.ts), or undefined when the key names no node or its type has none.
 */
export function getNodeSettingForm(doc: PearlDocument, key: string): NodeSettingForm | undefined {
  const node = findNodeByKey(doc, key);
  const settings = node ? getNodeSettings(doc, node) : undefined;
  if (!settings) return undefined;
  return {
    version: doc.textDocument.version,
    node: key,
    property: settings.property,
    fields: getNodeSettingFields(settings.property, settings.value),
    lists: getNodeSettingLists(settings.property, settings.value),
  };
}

/** Why `path` does not lie in the settings object of `node`'s type, or undefined. */
function describeSettingsPathProblem(node: PearlNode, path: Path): string | undefined {
  const property = getSettingsProperty(node.nodeType);
  if (property === undefined) return 'That node has no settings object.';
  if (path[0] !== property) return `The settings of that node are in ${property}, not in ${quote(String(path[0]))}.`;
  if (!findSchemaForPath('text', [...nodeSchemaPath, ...path])) return `${quote(describeSettingPath(path))} is not a field of ${property}.`;
  return undefined;
}

/** The value node at `path` under `start` (property names in objects, indexes in arrays), or undefined. */
function findAtPath(start: JsonNode, path: Path): JsonNode | undefined {
  let current: JsonNode | undefined = start;
  for (const step of path) {
    if (current === undefined) return undefined;
    if (typeof step === 'number') current = current.type === 'array' ? current.children?.[step] : undefined;
    else current = current.type === 'object' ? getPropertyNode(current, step) : undefined;
  }
  return current;
}

/**
 * The edit setting `value` at `path` under the node object `start`: replaces the value there, or
 * inserts the missing property with the objects missing on the path around the value (a missing
 * or null settings object goes after the node's instructions, script or nodeType). A list element
 * on the path must exist.
 */
function setAtPath(doc: PearlDocument, start: JsonNode, path: Path, value: unknown, select: string): Planned {
  let current = start;
  for (let i = 0; i < path.length; i++) {
    const segment = path[i];
    const rest = path.slice(i + 1);
    if (typeof segment === 'number') {
      const element = current.type === 'array' ? current.children?.[segment] : undefined;
      if (!element) return elementGone;
      current = element;
      continue;
    }
    if (current.type !== 'object') {
      return `${quote(describeSettingPath(path.slice(0, i)))} is not an object, so ${quote(segment)} cannot be set in it. Fix it in the editor.`;
    }
    const existing = getPropertyNode(current, segment);
    if (existing && existing.type !== 'null' && rest.length > 0) {
      current = existing;
      continue;
    }
    if (rest.some((step) => typeof step === 'number')) return elementGone;
    // The rest of the path as nested objects around the value: { "smtpSettings": { "port": 25 } }.
    const nested = rest.reduceRight<unknown>((inner, key) => ({ [key]: inner }), value);
    if (existing) {
      if (JSON.stringify(getNodeValue(existing)) === JSON.stringify(nested)) return { edits: [], select };
      if (existing.type === 'array' && Array.isArray(nested) && (existing.children?.length ?? 0) > 0)
        return { edits: replaceListElements(doc, existing, nested), select };
      return { edits: [replaceValue(doc, existing, nested, 'compact')], select };
    }
    const after = i === 0 ? settingsAnchors.map((key) => getPropertyKeyNode(current, key)?.parent).find((found) => found) : undefined;
    return { edits: [insertProperty(doc, current, segment, nested, 'compact', after)], select };
  }
  return { edits: [], select };
}

/**
 * The edits turning the non-empty list `array` (an array node) into `values` element by element,
 * so that the comments inside it stay: each changed element replaced in place, the elements past
 * the new length removed (their commas with them), the new ones appended after the last.
 */
function replaceListElements(doc: PearlDocument, array: JsonNode, values: readonly unknown[]): Edit[] {
  const children = array.children ?? [];
  const edits: Edit[] = [];
  for (let i = 0; i < Math.min(children.length, values.length); i++) {
    if (JSON.stringify(getNodeValue(children[i])) !== JSON.stringify(values[i]))
      edits.push(replaceValue(doc, children[i], values[i], 'compact'));
  }
  if (values.length < children.length) edits.push(...removeArrayElements(doc, array, children.slice(values.length)));
  const style = styleOf(doc, children[children.length - 1]);
  for (const value of values.slice(children.length)) edits.push(appendArrayElement(doc, array, value, style));
  return edits;
}

/** Where a new settings object goes: after the first of these present, else last. */
const settingsAnchors = ['instructions', 'script', 'nodeType', 'name', 'nodeId'];
