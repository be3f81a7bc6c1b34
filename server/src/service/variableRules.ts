import { Diagnostic } from 'vscode-languageserver-types';
import { DiagnosticCode } from './diagnosticCodes';
import { createDiagnostic, DiagnosticSeverity } from './diagnostics';
import type { JsonNode } from './jsonTree';
import type { PearlDocument } from './pearlDocument';
import { PathStep, resolveVariableField, VariableField, variableFieldKeys, variableGroupNames } from './variableFields';
import { findVariableReferences } from './variableReferences';

/**
 * Variable references `{id}` in every (V) field (pearl-agent-service.md § Resources and their
 * fields; DECISIONS.md § Variables):
 * - `general-instructions-variable` (Error): generalInstructions must not contain variables;
 * - `variable-undeclared` (Warning): not in `variables`, may be a platform variable; not reported
 *   in a post-call context (PostCallActions, notifications), where post-call variables are expected;
 * - `variable-group-not-allowed` (Error): a declared variable whose group the field does not take
 *   (PreCallAPI endpointUrl and body: PreCall only; API, SMS, Email, transition names: no PostCall);
 * - `variable-not-yet-collected` (Warning): an InCall variable in an opening sentence.
 * Each diagnostic's range is the `{id}` itself. One walk of the `pearl` subtree: linear.
 */
export function validateVariables(doc: PearlDocument): Diagnostic[] {
  const pearl = doc.pearl;
  if (!pearl) return [];
  const text = doc.textDocument.getText();
  const diagnostics: Diagnostic[] = [];
  const steps: PathStep[] = [{ key: 'pearl', value: pearl }];

  const visit = (key: string | number, value: JsonNode): void => {
    steps.push({ key, value });
    if (value.type === 'string') {
      if (typeof key === 'string' && variableFieldKeys.has(key)) {
        const field = resolveVariableField(doc.kind, steps);
        if (field) checkReferences(doc, text, field, value, diagnostics);
      }
    } else if (value.children) {
      walk(value);
    }
    steps.pop();
  };
  const walk = (container: JsonNode): void => {
    const children = container.children!;
    if (container.type === 'object') {
      for (const property of children) {
        const [keyNode, valueNode] = property.children ?? [];
        if (keyNode && valueNode) visit(keyNode.value as string, valueNode);
      }
    } else {
      for (let index = 0; index < children.length; index++) visit(index, children[index]);
    }
  };
  walk(pearl);
  return diagnostics;
}

function checkReferences(
  doc: PearlDocument,
  text: string,
  field: VariableField,
  node: JsonNode,
  diagnostics: Diagnostic[],
): void {
  for (const reference of findVariableReferences(text, node)) {
    const { id } = reference;
    if (field.noVariables) {
      diagnostics.push(
        createDiagnostic(
          doc,
          reference,
          DiagnosticCode.generalInstructionsVariable,
          `generalInstructions must not contain variables; found {${id}}.`,
          DiagnosticSeverity.Error,
        ),
      );
      continue;
    }
    const variable = doc.variablesById.get(id);
    if (!variable) {
      if (!field.postCallContext) {
        diagnostics.push(
          createDiagnostic(
            doc,
            reference,
            DiagnosticCode.variableUndeclared,
            `Variable '${id}' is not declared in variables; it may be a platform variable.`,
            DiagnosticSeverity.Warning,
          ),
        );
      }
      continue;
    }
    const group = variable.group;
    if (group === undefined || variableGroupNames[group] === undefined) continue;
    if (!field.allowedGroups.has(group)) {
      diagnostics.push(
        createDiagnostic(
          doc,
          reference,
          DiagnosticCode.variableGroupNotAllowed,
          `Variable '${id}' is ${variableGroupNames[group]} (group ${group}); ${field.label} takes ${field.allowedText}.`,
          DiagnosticSeverity.Error,
        ),
      );
      continue;
    }
    const reason = field.discouragedGroups.get(group);
    if (reason) {
      diagnostics.push(
        createDiagnostic(
          doc,
          reference,
          DiagnosticCode.variableNotYetCollected,
          `Variable '${id}' is ${variableGroupNames[group]} (group ${group}): ${reason}.`,
          DiagnosticSeverity.Warning,
        ),
      );
    }
  }
}
