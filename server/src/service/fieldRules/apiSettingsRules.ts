import { Diagnostic } from 'vscode-languageserver-types';
import { DiagnosticCode } from '../diagnosticCodes';
import { createDiagnostic, keySpan, openingSpan, valueSpan } from '../diagnostics';
import { PearlDocument } from '../pearlDocument';
import { formatJsonValue, isAbsentValue, JsonObject, JsonPath, objectElements, objectOf, PlacedObject } from './ruleSupport';

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
 * - `api-body-not-allowed` (Error, on the body value): a non-empty body with method 1 GET or 4 DELETE.
 */
export function validateApiSettingsRules(doc: PearlDocument, diagnostics: Diagnostic[]): void {
  const checkMethod = doc.kind === 'text';
  for (const settings of collectApiSettings(doc)) checkApiSettings(doc, settings, checkMethod, diagnostics);
}

/** Every NodeAPISettings object, in document order: of each node (text), or of the simple form's apiSettings and notifications. */
function collectApiSettings(doc: PearlDocument): PlacedObject[] {
  const result: PlacedObject[] = [];
  if (doc.kind === 'text') {
    for (const node of doc.allNodes) {
      const settings = objectOf(node.value.apiSettings);
      if (settings) result.push({ value: settings, path: [...node.path, 'apiSettings'] });
    }
    return result;
  }
  const pearl = doc.pearlValue;
  for (const { value, index } of objectElements(pearl?.apiSettings)) result.push({ value, path: ['pearl', 'apiSettings', index] });
  for (const { value, index } of objectElements(pearl?.notifications)) {
    const settings = objectOf(value.apiSettings);
    if (settings) result.push({ value: settings, path: ['pearl', 'notifications', index, 'apiSettings'] });
  }
  return result;
}

function checkApiSettings(doc: PearlDocument, settings: PlacedObject, checkMethod: boolean, diagnostics: Diagnostic[]): void {
  for (const list of ['body', 'outputBody'] as const) {
    for (const { value, index } of objectElements(settings.value[list])) {
      checkDataSchemaProperty(doc, value, settings.path, list, index, diagnostics);
    }
  }
  if (!checkMethod) return;
  const method = settings.value.method;
  if (typeof method !== 'number') return;
  const methodName = methodsWithoutBody.get(method);
  const body = settings.value.body;
  if (methodName === undefined || !Array.isArray(body) || body.length === 0) return;
  const count = body.length;
  diagnostics.push(
    createDiagnostic(
      doc,
      valueSpan(doc, [...settings.path, 'body']),
      DiagnosticCode.apiBodyNotAllowed,
      `body must be empty for ${methodName} (method ${method}): it has ${count} ${count === 1 ? 'entry' : 'entries'}. Only POST, PUT and PATCH send a body.`,
    ),
  );
}

/** Checks `property`, the APIDataSchemaProperty at `index` of `list` of the settings at `settingsPath`. */
function checkDataSchemaProperty(
  doc: PearlDocument,
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
  // For messages only: built when there is one.
  const label = (): string => (typeof key === 'string' ? `${list}[${index}] '${key}'` : `${list}[${index}]`);
  const path = (...rest: string[]): JsonPath => [...settingsPath, list, index, ...rest];

  if (variableId !== '') {
    for (const field of ['type', 'value'] as const) {
      const value = property[field];
      if (isAbsentValue(value) || value === '') continue;
      diagnostics.push(
        createDiagnostic(
          doc,
          keySpan(doc, path(field)),
          DiagnosticCode.apiPropertyVariableAndValue,
          `${label()} sends variable '${variableId}' (variableId), so ${field} must be empty; it is ${formatJsonValue(value)}.`,
        ),
      );
    }
    return;
  }
  const missing = (['type', 'value'] as const).filter((field) => isAbsentValue(property[field]));
  if (missing.length === 0) return;
  const what = missing.length === 2 ? 'type and value are missing' : `${missing[0]} is missing`;
  diagnostics.push(
    createDiagnostic(
      doc,
      isAbsentValue(key) ? openingSpan(doc, path()) : valueSpan(doc, path('key')),
      DiagnosticCode.apiPropertyValueMissing,
      `${label()} has no variableId, so it needs both type and value: ${what}.`,
    ),
  );
}
