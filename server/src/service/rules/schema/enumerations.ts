import type { Diagnostic } from 'vscode-languageserver-types';
import { readValueFixData, valueNodeIn } from '../diagnosticData';
import { DiagnosticSeverity } from '../diagnostics';
import type { PearlDocument, PearlKind } from '../../document/pearlDocument';
import { findSchemaForPath, getEnumValues } from '../../interface/schemaNavigator';
import { type Fix, replaceNode } from '../fixSupport';
import { defineRules, interfaceSection, type RuleModule } from '../ruleModule';
import { describeErrors, type Finding, reportFindings, type SchemaError, valueFixData } from './schemaSupport';

/** The codes of enumerated values (docs/interface.md § Enumerations), in the order docs/rules.md lists them. */
const codes = defineRules('schema', {
  enumValue: {
    code: 'enum-value',
    severity: DiagnosticSeverity.Error,
    summary: 'An integer outside the values of its enumeration.',
    section: interfaceSection('Enumerations'),
    examples: {
      fails: '{ "pearl": { "nodes": [{ "nodeId": "ask", "name": "Ask", "nodeType": 7 }] } }',
      passes: '{ "pearl": { "nodes": [{ "nodeId": "ask", "name": "Ask", "nodeType": 10 }] } }',
    },
  },
  modelTypeKind: {
    code: 'model-type-kind',
    severity: DiagnosticSeverity.Error,
    summary: 'modelType of the other kind (voice model in a text Pearl, or Swan in a simple Pearl).',
    section: interfaceSection('modelType values'),
    examples: {
      fails: '{ "pearl": { "nodes": [], "modelType": 1 } }',
      passes: '{ "pearl": { "nodes": [], "modelType": 11 } }',
    },
    fix: fixModelTypeKind,
    safeFix: true,
  },
});

/** The values of each enumeration: `enum` of the schemas. */
export const enumerationRules: RuleModule<typeof codes> = { name: 'schema rules (enumerations)', rules: codes, check: checkEnumerations };

const keywords: ReadonlySet<string> = new Set(['enum']);

/**
 * `enum-value` on an integer outside its enumeration, or `model-type-kind` (with a ValueFixData
 * for its quick fix) on a modelType of the other kind of Pearl (docs/interface.md § modelType values).
 */
function checkEnumerations(doc: PearlDocument, diagnostics: Diagnostic[]): void {
  reportFindings(
    doc,
    describeErrors(doc, keywords, (error) => [describeEnum(doc.kind, error)]),
    diagnostics,
  );
}

function describeEnum(kind: PearlKind, { node, name, parentSchema }: SchemaError): Finding {
  const allowed = getEnumValues(parentSchema);
  if (node.path[node.path.length - 1] === 'modelType') {
    const otherKind: PearlKind = kind === 'text' ? 'simple' : 'text';
    const otherSchema = findSchemaForPath(otherKind, ['pearl', 'modelType']);
    const other = otherSchema ? getEnumValues(otherSchema).find((entry) => entry.value === node.value) : undefined;
    if (other) {
      const takes = allowed.map(describeValue);
      const list = takes.length === 1 ? `only ${takes[0]}` : `${takes.slice(0, -1).join(', ')} or ${takes[takes.length - 1]}`;
      const message =
        kind === 'text'
          ? `modelType ${describeValue(other)} is a voice model; a text Pearl takes ${list}.`
          : `modelType ${describeValue(other)} is the text model; a simple (voice) Pearl takes ${list}.`;
      return { span: node.span, code: codes.modelTypeKind, message, data: valueFixData(node) };
    }
  }
  const message = `${name} ${node.source} is not allowed; allowed values: ${allowed.map(describeValue).join(', ')}.`;
  return { span: node.span, code: codes.enumValue, message };
}

function describeValue(entry: { value: unknown; name: string | undefined }): string {
  return entry.name !== undefined ? `${String(entry.value)} (${entry.name})` : String(entry.value);
}

/**
 * `model-type-kind` → each model of the file's kind: "Change to 11 (Swan)" in a text Pearl (the
 * only text model, so preferred and safe for fix-all); in a simple Pearl one fix per voice model,
 * none preferred: which voice model is a choice (the interface: § modelType values).
 */
function fixModelTypeKind(doc: PearlDocument, { data }: Diagnostic): Fix[] {
  const fixData = readValueFixData(data);
  const node = fixData && valueNodeIn(doc, fixData);
  if (!fixData || node?.type !== 'number') return [];
  const schema = findSchemaForPath(doc.kind, fixData.path);
  const models = schema ? getEnumValues(schema).filter((entry) => typeof entry.value === 'number') : [];
  if (models.some((model) => model.value === node.value)) return []; // stale
  return models.map((model) => ({
    title: `Change to ${String(model.value)}${model.name !== undefined ? ` (${model.name})` : ''}`,
    edits: [replaceNode(node, String(model.value))],
    isPreferred: models.length === 1,
  }));
}
