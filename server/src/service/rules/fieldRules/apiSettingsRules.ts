import { Diagnostic, DiagnosticSeverity } from 'vscode-languageserver-types';
import { type BodyFixData, readBodyFixData, valueAt } from '../diagnosticData';
import { childPath, type PearlDocument } from '../../document/pearlDocument';
import {
  arrayOf,
  formatJsonValue,
  isAbsentValue,
  isJsonObject,
  JsonObject,
  JsonPath,
  objectElements,
  objectOf,
  PlacedObject,
} from './ruleSupport';
import { defineRules, interfaceSection, type RuleModule, type ScopedValues, type StructuralModel } from '../ruleModule';
import { getNodeAtPath, getPropertyNode } from '../../document/jsonTree';
import { removeProperty } from '../../document/jsonEdits';
import { Fix, replaceNode } from '../fixSupport';

/** The codes of this family, in the order docs/rules.md lists them. */
const codes = defineRules('field rules', {
  apiPropertyVariableAndValue: {
    code: 'api-property-variable-and-value',
    severity: DiagnosticSeverity.Error,
    summary: 'An APIDataSchemaProperty with variableId and also type or value.',
    section: interfaceSection('APIDataSchemaProperty'),
    examples: {
      fails: `{
  "pearl": {
    "nodes": [
      { "nodeId": "save", "name": "Save", "nodeType": 40, "apiSettings": { "method": 2, "body": [{ "key": "plan", "variableId": "plan", "value": "gold" }] } }
    ]
  }
}`,
      passes: `{
  "pearl": {
    "nodes": [
      { "nodeId": "save", "name": "Save", "nodeType": 40, "apiSettings": { "method": 2, "body": [{ "key": "plan", "variableId": "plan" }] } }
    ]
  }
}`,
    },
  },
  apiPropertyValueMissing: {
    code: 'api-property-value-missing',
    severity: DiagnosticSeverity.Error,
    summary: 'An APIDataSchemaProperty with neither variableId nor type and value.',
    section: interfaceSection('APIDataSchemaProperty'),
    examples: {
      fails: `{
  "pearl": {
    "nodes": [
      { "nodeId": "save", "name": "Save", "nodeType": 40, "apiSettings": { "method": 2, "body": [{ "key": "plan" }] } }
    ]
  }
}`,
      passes: `{
  "pearl": {
    "nodes": [
      { "nodeId": "save", "name": "Save", "nodeType": 40, "apiSettings": { "method": 2, "body": [{ "key": "plan", "type": 1, "value": "gold" }] } }
    ]
  }
}`,
    },
  },
  apiBodyNotAllowed: {
    code: 'api-body-not-allowed',
    severity: DiagnosticSeverity.Error,
    summary: 'A non-empty body on a GET or DELETE call.',
    section: interfaceSection('NodeAPISettings'),
    examples: {
      fails: `{
  "pearl": {
    "nodes": [
      { "nodeId": "save", "name": "Save", "nodeType": 40, "apiSettings": { "method": 1, "body": [{ "key": "plan", "variableId": "plan" }] } }
    ]
  }
}`,
      passes: `{
  "pearl": {
    "nodes": [
      { "nodeId": "save", "name": "Save", "nodeType": 40, "apiSettings": { "method": 2, "body": [{ "key": "plan", "variableId": "plan" }] } }
    ]
  }
}`,
    },
    fix: fixApiBodyNotAllowed,
  },
});

/** The API settings rules: the codes above and their check. */
export const apiSettingsRules: RuleModule<typeof codes> = {
  name: 'API settings rules',
  rules: codes,
  check: validateApiSettingsRules,
  // It reads the values under apiSettings (and the nodes' paths and types): typing in any other
  // string keeps its diagnostics, typing in one under apiSettings checks it again.
  keptWhileTypingInStrings: true,
  scope: ['apiSettings'],
};

/** The lists of APIDataSchemaProperty of NodeAPISettings (§ NodeAPISettings). */
const schemaLists = ['body', 'outputBody'] as const;

/** The fields an APIDataSchemaProperty sends when it names no variable (§ APIDataSchemaProperty). */
const typeAndValue = ['type', 'value'] as const;

/** NodeAPISettings.method values whose body must be empty (§ NodeAPISettings). */
const methodsWithoutBody: ReadonlyMap<number, string> = new Map([
  [1, 'GET'],
  [4, 'DELETE'],
]);

/**
 * API settings (docs/interface.md § NodeAPISettings, § APIDataSchemaProperty, and the simple
 * form's apiSettings "with the types of NodeAPISettings"). Checked: the `apiSettings` of every
 * node of a text Pearl (nested actions included); `pearl.apiSettings[]` and
 * `pearl.notifications[].apiSettings` of a simple Pearl.
 *
 * For each element of `body` and `outputBody`:
 * - `api-property-variable-and-value` (Error, on the `type`/`value` key): a non-empty variableId
 *   together with a type or value ("When present, type and value must be empty");
 * - `api-property-value-missing` (Error, on the `key` value, else the element's `{`): no variableId
 *   and no type or no value ("Required together with type when variableId is absent").
 * An empty-string value counts as empty, so it is reported by neither rule.
 *
 * For text Pearls only (the simple form's method values are not stated):
 * - `api-body-not-allowed` (Error, on the body value): a non-empty body with method 1 GET or 4 DELETE
 *   (`data`: the body's BodyFixData).
 */
export function validateApiSettingsRules(graph: StructuralModel, diagnostics: Diagnostic[], scoped: ScopedValues): void {
  const checkMethod = graph.kind === 'text';
  const all = collectApiSettings(graph, scoped);
  for (let i = 0; i < all.length; i++) checkApiSettings(graph, all[i], checkMethod, diagnostics);
}

/** Every NodeAPISettings object, in document order: of each node (text), or of the simple form's apiSettings and notifications. */
function collectApiSettings(graph: StructuralModel, scoped: ScopedValues): PlacedObject[] {
  const result: PlacedObject[] = [];
  if (graph.kind === 'text') {
    for (let n = 0; n < graph.allNodes.length; n++) {
      const node = graph.allNodes[n];
      const settings = objectOf(scoped.memberOf(node, 'apiSettings'));
      if (settings) result.push({ value: settings, path: childPath(node.path, 'apiSettings') });
    }
    return result;
  }
  for (const { value, index } of objectElements(scoped.valueAt(['pearl', 'apiSettings']))) {
    result.push({ value, path: ['pearl', 'apiSettings', index] });
  }
  const notifications = graph.itemCountAt(['pearl', 'notifications']) ?? 0;
  for (let index = 0; index < notifications; index++) {
    const path = ['pearl', 'notifications', index, 'apiSettings'];
    const settings = objectOf(scoped.valueAt(path));
    if (settings) result.push({ value: settings, path });
  }
  return result;
}

function checkApiSettings(graph: StructuralModel, settings: PlacedObject, checkMethod: boolean, diagnostics: Diagnostic[]): void {
  for (const list of schemaLists) {
    const properties = arrayOf(settings.value[list]);
    for (let index = 0; index < properties.length; index++) {
      const property = properties[index];
      if (isJsonObject(property)) checkDataSchemaProperty(graph, property, settings.path, list, index, diagnostics);
    }
  }
  if (!checkMethod) return;
  const method = settings.value.method;
  if (typeof method !== 'number') return;
  const methodName = methodsWithoutBody.get(method);
  const body = settings.value.body;
  if (methodName === undefined || !Array.isArray(body) || body.length === 0) return;
  const count = body.length;
  const path = [...settings.path, 'body'];
  graph.report(
    diagnostics,
    graph.valueSpan(path),
    codes.apiBodyNotAllowed,
    `body must be empty for ${methodName} (method ${method}): it has ${count} ${count === 1 ? 'entry' : 'entries'}. Only POST, PUT and PATCH send a body.`,
    { data: { path, count } satisfies BodyFixData },
  );
}

/** Checks `property`, the APIDataSchemaProperty at `index` of `list` of the settings at `settingsPath`. */
function checkDataSchemaProperty(
  graph: StructuralModel,
  property: JsonObject,
  settingsPath: JsonPath,
  list: string,
  index: number,
  diagnostics: Diagnostic[],
): void {
  const variableIdValue = property.variableId;
  if (!isAbsentValue(variableIdValue) && typeof variableIdValue !== 'string') return; // wrong type: schema
  const variableId = typeof variableIdValue === 'string' ? variableIdValue : '';
  const key = property.key;
  if (variableId !== '') {
    for (let f = 0; f < typeAndValue.length; f++) {
      const field = typeAndValue[f];
      const value = property[field];
      if (isAbsentValue(value) || value === '') continue;
      graph.report(
        diagnostics,
        graph.keySpan([...settingsPath, list, index, field]),
        codes.apiPropertyVariableAndValue,
        `${describeProperty(list, index, key)} sends variable '${variableId}' (variableId), so ${field} must be empty; it is ${formatJsonValue(value)}.`,
      );
    }
    return;
  }
  const typeMissing = isAbsentValue(property.type);
  const valueMissing = isAbsentValue(property.value);
  if (!typeMissing && !valueMissing) return;
  const what = typeMissing && valueMissing ? 'type and value are missing' : `${typeMissing ? 'type' : 'value'} is missing`;
  graph.report(
    diagnostics,
    isAbsentValue(key) ? graph.openingSpan([...settingsPath, list, index]) : graph.valueSpan([...settingsPath, list, index, 'key']),
    codes.apiPropertyValueMissing,
    `${describeProperty(list, index, key)} has no variableId, so it needs both type and value: ${what}.`,
  );
}

/** An APIDataSchemaProperty as messages name it: `body[2] 'orderId'`, or `body[2]` when its key is not a string. */
function describeProperty(list: string, index: number, key: unknown): string {
  return typeof key === 'string' ? `${list}[${index}] '${key}'` : `${list}[${index}]`;
}

/** NodeAPISettings.method 2 POST, the method that sends a body (§ NodeAPISettings). */
const postMethod = 2;

/**
 * `api-body-not-allowed` → "Remove the body" (the `body` property with its entries) or "Change
 * method to POST" (keeps the body): GET and DELETE send no body (§ NodeAPISettings).
 */
function fixApiBodyNotAllowed(doc: PearlDocument, { data }: Diagnostic): Fix[] {
  const fixData = readBodyFixData(data);
  const value = fixData && valueAt(doc, fixData.path);
  if (!fixData || !Array.isArray(value) || value.length !== fixData.count) return [];
  const body = getNodeAtPath(doc.root, fixData.path);
  const property = body?.parent;
  const settings = property?.parent;
  if (body?.type !== 'array' || property?.type !== 'property' || property.children?.[0]?.value !== 'body' || settings?.type !== 'object') {
    return [];
  }
  const fixes: Fix[] = [{ title: 'Remove the body', edits: [removeProperty(doc, property)] }];
  const method = getPropertyNode(settings, 'method');
  if (method?.type === 'number') fixes.push({ title: 'Change method to POST', edits: [replaceNode(method, String(postMethod))] });
  return fixes;
}
