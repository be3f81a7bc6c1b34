import { Diagnostic } from 'vscode-languageserver-types';
import { DiagnosticCode } from '../diagnosticCodes';
import { createDiagnostic, keySpanOf } from '../diagnostics';
import { getNumberProperty, getObjectItems, getPropertyNode, JsonNode } from '../jsonTree';
import { PearlDocument } from '../pearlDocument';
import { formatValue, isAbsent, openingBraceSpan } from './ruleSupport';

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
  if (doc.kind === 'text') {
    for (const node of doc.allNodes) {
      const settings = getPropertyNode(node.node, 'apiSettings');
      if (settings?.type === 'object') checkApiSettings(doc, settings, true, diagnostics);
    }
    return;
  }
  for (const settings of getObjectItems(doc.pearl, 'apiSettings')) {
    checkApiSettings(doc, settings, false, diagnostics);
  }
  for (const notification of getObjectItems(doc.pearl, 'notifications')) {
    const settings = getPropertyNode(notification, 'apiSettings');
    if (settings?.type === 'object') checkApiSettings(doc, settings, false, diagnostics);
  }
}

function checkApiSettings(doc: PearlDocument, settings: JsonNode, checkMethod: boolean, diagnostics: Diagnostic[]): void {
  for (const list of ['body', 'outputBody'] as const) {
    getObjectItems(settings, list).forEach((property, index) => {
      checkDataSchemaProperty(doc, property, list, index, diagnostics);
    });
  }
  if (!checkMethod) return;
  const method = getNumberProperty(settings, 'method');
  const methodName = method === undefined ? undefined : methodsWithoutBody.get(method);
  const body = getPropertyNode(settings, 'body');
  if (methodName === undefined || body?.type !== 'array' || !body.children?.length) return;
  const count = body.children.length;
  diagnostics.push(
    createDiagnostic(
      doc,
      body,
      DiagnosticCode.apiBodyNotAllowed,
      `body must be empty for ${methodName} (method ${method}): it has ${count} ${count === 1 ? 'entry' : 'entries'}. Only POST, PUT and PATCH send a body.`,
    ),
  );
}

function checkDataSchemaProperty(doc: PearlDocument, property: JsonNode, list: string, index: number, diagnostics: Diagnostic[]): void {
  const variableIdNode = getPropertyNode(property, 'variableId');
  if (!isAbsent(variableIdNode) && variableIdNode?.type !== 'string') return; // wrong type: schema
  const variableId = variableIdNode?.type === 'string' ? (variableIdNode.value as string) : '';
  const typeNode = getPropertyNode(property, 'type');
  const valueNode = getPropertyNode(property, 'value');
  const keyNode = getPropertyNode(property, 'key');
  // For messages only: built when there is one.
  const label = (): string => (keyNode?.type === 'string' ? `${list}[${index}] '${keyNode.value as string}'` : `${list}[${index}]`);

  if (variableId !== '') {
    for (const [field, node] of [
      ['type', typeNode],
      ['value', valueNode],
    ] as const) {
      if (!node || isAbsent(node) || (node.type === 'string' && node.value === '')) continue;
      diagnostics.push(
        createDiagnostic(
          doc,
          keySpanOf(node),
          DiagnosticCode.apiPropertyVariableAndValue,
          `${label()} sends variable '${variableId}' (variableId), so ${field} must be empty; it is ${formatValue(node)}.`,
        ),
      );
    }
    return;
  }
  const missing = (['type', 'value'] as const).filter((field) => isAbsent(field === 'type' ? typeNode : valueNode));
  if (missing.length === 0) return;
  const what = missing.length === 2 ? 'type and value are missing' : `${missing[0]} is missing`;
  diagnostics.push(
    createDiagnostic(
      doc,
      keyNode && !isAbsent(keyNode) ? keyNode : openingBraceSpan(property),
      DiagnosticCode.apiPropertyValueMissing,
      `${label()} has no variableId, so it needs both type and value: ${what}.`,
    ),
  );
}
