import { readValueFixData, valueNodeIn } from '../../rules/diagnosticData';
import type { JsonNode } from '../../document/jsonTree';
import type { PearlDocument } from '../../document/pearlDocument';
import { findSchemaForPath, getEnumValues, JSONSchema } from '../../interface/schemaNavigator';
import { Fix, replaceNode } from './fixSupport';

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
export function fixWrongType(doc: PearlDocument, data: unknown): Fix[] {
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

/**
 * `model-type-kind` → each model of the file's kind: "Change to 11 (Swan)" in a text Pearl (the
 * only text model, so preferred and safe for fix-all); in a simple Pearl one fix per voice model,
 * none preferred: which voice model is a choice (the interface: § modelType values).
 */
export function fixModelTypeKind(doc: PearlDocument, data: unknown): Fix[] {
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
