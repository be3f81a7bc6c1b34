import type { Diagnostic } from 'vscode-languageserver-types';
import { readValueFixData, valueNodeIn } from '../diagnosticData';
import { DiagnosticSeverity } from '../diagnostics';
import type { JsonNode } from '../../document/jsonTree';
import type { PearlDocument } from '../../document/pearlDocument';
import { withArticle } from '../../interface/messageText';
import { findSchemaForPath, getEnumValues, type JSONSchema } from '../../interface/schemaNavigator';
import { type Fix, replaceNode } from '../fixSupport';
import { defineRules, interfaceSection, type RuleModule } from '../ruleModule';
import { describeErrors, type Finding, reportFindings, type SchemaError, valueFixData } from './schemaSupport';

/** The code of values of the wrong JSON type (docs/interface.md § Resources and their fields). */
const codes = defineRules('schema', {
  wrongType: {
    code: 'wrong-type',
    severity: DiagnosticSeverity.Error,
    summary: 'A value of the wrong JSON type.',
    section: interfaceSection('Resources and their fields'),
    examples: {
      fails: '{ "pearl": { "nodes": [], "memory": "yes" } }',
      passes: '{ "pearl": { "nodes": [], "memory": true } }',
    },
    fix: fixWrongType,
    safeFix: true,
  },
});

/** The JSON type of each value: `type` of the schemas. */
export const typeRules: RuleModule<typeof codes> = { name: 'schema rules (types)', rules: codes, check: checkTypes };

const keywords: ReadonlySet<string> = new Set(['type']);

/**
 * `wrong-type` on the value, with a ValueFixData for its quick fix. A value of the wrong type gets
 * only this code (schemaSupport.ts). The root is left to the syntax diagnostics.
 */
function checkTypes(doc: PearlDocument, diagnostics: Diagnostic[]): void {
  reportFindings(doc, describeErrors(doc, keywords, describeWrongType), diagnostics, codes.wrongType);
}

function describeWrongType({ node, name, params }: SchemaError): Finding[] {
  if (node.path.length === 0) return []; // the syntax diagnostics report a root that is not an object
  const expected = (Array.isArray(params.type) ? (params.type as string[]) : [String(params.type)]).filter((type) => type !== 'null');
  const actual = node.type === 'number' && expected.includes('integer') ? `number ${node.source}` : node.type;
  const message = `${name} must be ${expected.map((word) => withArticle(word)).join(' or ')}; found ${actual}.`;
  return [{ span: node.span, code: codes.wrongType, message, data: valueFixData(node) }];
}

/** Strings that unambiguously mean a boolean. */
const booleanWords: ReadonlyMap<string, boolean> = new Map([
  ['true', true],
  ['yes', true],
  ['false', false],
  ['no', false],
]);

/** The signed 32-bit range of the interface's integers (§ Resources and their fields). */
const int32 = { min: -2147483648, max: 2147483647 };

/**
 * `wrong-type` → the same value in the type the field takes, where only one reading exists:
 * - a boolean field: `"true"`/`"yes"` → `true`, `"false"`/`"no"` → `false` (any case);
 * - an integer field: `"5"` → `5` (32-bit integers only); an enumeration's name → its value
 *   (`"Dialogue"` → `10 (Dialogue)`);
 * - a number field: a decimal string → that number;
 * - a string field: a number or boolean → its text (`12345` → `"12345"`).
 * The fix is preferred (and safe for fix-all): the value keeps its meaning. Nothing otherwise.
 */
function fixWrongType(doc: PearlDocument, { data }: Diagnostic): Fix[] {
  const fixData = readValueFixData(data);
  const node = fixData && valueNodeIn(doc, fixData);
  if (!fixData || !node || node.type === 'object' || node.type === 'array' || node.type === 'property') return [];
  const schema = findSchemaForPath(doc.kind, fixData.path);
  if (!schema) return [];
  const types = new Set(Array.isArray(schema.type) ? schema.type : schema.type !== undefined ? [schema.type] : []);
  const actual = node.type === 'number' && Number.isInteger(node.value) ? ['integer', 'number'] : [node.type];
  if (actual.some((type) => types.has(type))) return []; // stale: the value has the right type now
  const converted = convert(doc, node, types, schema);
  if (!converted) return [];
  return [{ title: `Change to ${converted.label}`, edits: [replaceNode(node, converted.text)], isPreferred: true }];
}

function convert(
  doc: PearlDocument,
  node: JsonNode,
  types: ReadonlySet<string>,
  schema: JSONSchema,
): { text: string; label: string } | undefined {
  if (node.type === 'string') {
    const raw = (node.value as string).trim();
    if (types.has('boolean')) {
      const value = booleanWords.get(raw.toLowerCase());
      return value === undefined ? undefined : { text: String(value), label: String(value) };
    }
    if (types.has('integer')) {
      if (/^-?\d+$/.test(raw)) {
        const value = Number(raw);
        return value >= int32.min && value <= int32.max ? { text: String(value), label: String(value) } : undefined;
      }
      const named = getEnumValues(schema).find((entry) => entry.name !== undefined && entry.name.toLowerCase() === raw.toLowerCase());
      return named ? { text: String(named.value), label: `${String(named.value)} (${named.name})` } : undefined;
    }
    if (types.has('number') && /^-?\d+(\.\d+)?$/.test(raw)) {
      return { text: String(Number(raw)), label: String(Number(raw)) };
    }
    return undefined;
  }
  if ((node.type === 'number' || node.type === 'boolean') && types.has('string')) {
    const source = doc.textDocument.getText().slice(node.offset, node.offset + node.length);
    const text = JSON.stringify(source);
    return { text, label: text };
  }
  return undefined;
}
