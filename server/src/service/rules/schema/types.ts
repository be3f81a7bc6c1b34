import type { Diagnostic } from 'vscode-languageserver-types';
import { readValueFixData, valueNodeIn } from '../diagnosticData';
import { DiagnosticSeverity } from '../diagnostics';
import { findNodeAtOffset, getNodePath, type JsonNode } from '../../document/jsonTree';
import type { PearlDocument } from '../../document/pearlDocument';
import { keepAcrossStringEdit, type KeptForParse, spanAfterPatch } from '../../document/stringEditPatch';
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
 * only this code (schemaSupport.ts). The root is left to the syntax diagnostics. An integer field
 * written as a number that is not whole but reads as one (`1e-400` reads as 0) is of the wrong type
 * too ({@link findDisguisedFractions}).
 */
function checkTypes(doc: PearlDocument, diagnostics: Diagnostic[]): void {
  const findings = describeErrors(doc, keywords, describeWrongType);
  findings.push(...findDisguisedFractions(doc));
  reportFindings(doc, findings, diagnostics, codes.wrongType);
}

/**
 * Where a number literal may be written that is not whole yet reads as a whole double: 17 digits
 * in a row (more than a double keeps), 6 digits after a point (`2147483647.0000001` reads as
 * 2147483647), or an exponent of -100 or below (`1e-400` reads as 0). A literal of fewer
 * significant digits and a larger exponent that is not whole reads as a fraction, which the schema
 * already refuses. Searched in the whole text, so that a document without one builds no tree;
 * not searched at all when the parse knows every number it holds is plain (PearlDocument
 * `everyNumberPlain`: the pass over the keys' colons read each one).
 * That is `/\d{17}|\.\d{6}|[eE]-\d{3}/g` written out atom by atom: the same matches, which V8
 * finds 2.2× faster over a 5 MB Pearl without one (Node 20: its search skips ahead for a pattern of
 * single characters, apparently not past a counted repeat); a scan by `indexOf` and every 17th
 * character measured 2× slower than either regular expression.
 */
const disguisedFractionCandidate = /\d\d\d\d\d\d\d\d\d\d\d\d\d\d\d\d\d|\.\d\d\d\d\d\d|[eE]-\d\d\d/g;
/** A JSON number: sign, integer digits, fraction digits, exponent. */
const numberLiteral = /^-?(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/;

/**
 * Whether the JSON number `literal` is exactly a whole number (`1.0e2`, `-0`, `5e-1` is not),
 * read as a decimal, not as the double it rounds to. False for text that is not a JSON number.
 */
export function isWholeDecimal(literal: string): boolean {
  const match = numberLiteral.exec(literal);
  if (!match) return false;
  const [, whole, fraction = '', exponent = '0'] = match;
  const digits = `${whole}${fraction}`.replace(/^0+/, '');
  if (digits === '') return true; // zero, however written
  const trailingZeros = digits.length - digits.replace(/0+$/, '').length;
  // The value is digits × 10^(exponent − fraction digits); whole when that power, with the trailing zeros, is not negative.
  return Number(exponent) - fraction.length + trailingZeros >= 0;
}

/**
 * The values of integer fields written as numbers that are not whole but read as a whole double
 * ({@link disguisedFractionCandidate}): JSON.stringify would send that integer (`0` for `1e-400`)
 * without a word, so each is a `wrong-type` Error (docs/rulings.md § Integers and counts).
 */
function findDisguisedFractions(doc: PearlDocument): Finding[] {
  // An edit inside a string changes no number: the findings of the parse it patched stand, those
  // after the string moved with it (a keystroke searches none of the text again).
  const kept = keepAcrossStringEdit(
    doc,
    doc.modelCache.disguisedFractions as KeptForParse<readonly Finding[]> | undefined,
    (findings, patch) => findings.map((finding) => ({ ...finding, span: spanAfterPatch(finding.span, patch) })),
    // When every number the text writes was read and none holds what a disguised fraction needs, nothing to search.
    () => (doc.everyNumberPlain ? [] : searchDisguisedFractions(doc)),
  );
  doc.modelCache.disguisedFractions = kept;
  return kept.value.slice();
}

/** {@link findDisguisedFractions} by a search of the whole text. */
function searchDisguisedFractions(doc: PearlDocument): Finding[] {
  const text = doc.textDocument.getText();
  const findings: Finding[] = [];
  let lastEnd = -1;
  for (const match of text.matchAll(disguisedFractionCandidate)) {
    let start = match.index ?? 0;
    if (start < lastEnd) continue;
    while (start > 0 && /[-+.\deE]/.test(text[start - 1])) start--;
    let end = start;
    while (end < text.length && /[-+.\deE]/.test(text[end])) end++;
    lastEnd = end;
    const literal = text.slice(start, end);
    if (!numberLiteral.test(literal) || isWholeDecimal(literal) || !Number.isInteger(Number(literal))) continue;
    const node = doc.root && findNodeAtOffset(doc.root, start);
    if (node?.type !== 'number' || node.offset !== start || node.length !== literal.length) continue;
    const path = getNodePath(node);
    const schema = findSchemaForPath(doc.kind, path);
    const types = Array.isArray(schema?.type) ? schema.type : [schema?.type];
    if (!types.includes('integer') || types.includes('number')) continue;
    const name = path.filter((step) => typeof step === 'string').at(-1) ?? 'The value';
    const sent = JSON.stringify(Number(literal));
    const shown = literal.length > 40 ? `${literal.slice(0, 20)}…${literal.slice(-10)} (${literal.length} characters)` : literal;
    findings.push({
      span: { offset: node.offset, length: node.length },
      code: codes.wrongType,
      message: `${name} must be an integer; found number ${shown}, which is not a whole number: it would be sent as ${sent}.`,
    });
  }
  return findings;
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
