import type { Diagnostic } from 'vscode-languageserver-types';
import { createDiagnostic, DiagnosticSeverity, valueSpan } from '../diagnostics';
import type { JsonPath, PearlDocument } from '../../document/pearlDocument';
import { findValueReferences, placeValueReferences } from '../../document/variableReferences';
import { resolveValueVariableField } from '../../interface/variableFields';
import { defineRules, interfaceSection, type RuleModule } from '../ruleModule';

/** The code of generalInstructions (docs/interface.md § Variables and (V) fields). */
const codes = defineRules('variables', {
  generalInstructionsVariable: {
    code: 'general-instructions-variable',
    severity: DiagnosticSeverity.Error,
    summary: 'A variable reference in generalInstructions, which must not contain variables.',
    section: interfaceSection('Variables and (V) fields'),
    examples: {
      fails: '{ "pearl": { "nodes": [], "generalInstructions": "Greet {first_name}." } }',
      passes: '{ "pearl": { "nodes": [], "generalInstructions": "Greet the customer by name." } }',
    },
  },
});

/** generalInstructions takes no variables. */
export const generalInstructionsRules: RuleModule<typeof codes> = {
  name: 'generalInstructions variables',
  rules: codes,
  check: checkGeneralInstructions,
};

const path: JsonPath = ['pearl', 'generalInstructions'];

/**
 * `general-instructions-variable` (Error) on each `{id}` reference in `pearl.generalInstructions`,
 * the field that takes no variables (docs/interface.md § Variables and (V) fields; its field in
 * interface/variableFields.ts). Found in the decoded value (what is sent); each range is the `{id}`
 * as written. Linear in the string's length; the text is read only when there is a reference.
 */
function checkGeneralInstructions(doc: PearlDocument, diagnostics: Diagnostic[]): void {
  const pearl = doc.pearlValue;
  const value = pearl?.generalInstructions;
  if (typeof value !== 'string') return;
  const field = resolveValueVariableField(doc.kind, [
    { key: 'pearl', value: pearl },
    { key: 'generalInstructions', value },
  ]);
  if (!field?.noVariables) return;
  const references = findValueReferences(value);
  if (references.length === 0) return;
  const placed = placeValueReferences(doc.textDocument.getText(), valueSpan(doc, path), value, references);
  references.forEach((reference, index) => {
    const message = `generalInstructions must not contain variables; found {${reference.id}}.`;
    diagnostics.push(createDiagnostic(doc, placed[index], codes.generalInstructionsVariable, message));
  });
}
