import type { Diagnostic } from 'vscode-languageserver-types';
import { readPropertyFixData, readValueFixData, valueNodeIn } from '../diagnosticData';
import { findNearest } from '../../utils/editDistance';
import { removeProperty } from '../../document/jsonEdits';
import { getNodeAtPath, getPropertyKeyNode } from '../../document/jsonTree';
import type { JsonNode } from '../../document/jsonTree';
import type { PearlDocument } from '../../document/pearlDocument';
import { findSchemaForPath, getEnumValues, JSONSchema } from '../../interface/schemaNavigator';
import { Fix, replaceNode } from '../fixSupport';

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
export function fixWrongType(doc: PearlDocument, { data }: Diagnostic): Fix[] {
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
export function fixModelTypeKind(doc: PearlDocument, { data }: Diagnostic): Fix[] {
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

/**
 * `unknown-property` → "Change to 'agentPersonality'" for each known property of that object
 * within edit distance 2 and not already present, and "Remove property 'x'" (the property with its
 * comma, whether first, middle or last): docs/interface.md § Resources and their fields, no
 * property outside those listed.
 */
export function fixUnknownProperty(doc: PearlDocument, { data }: Diagnostic): Fix[] {
  return fixProperty(doc, data, true);
}

/** `session-scoped-in-text` → "Remove property 'isSessionScoped'" (§ DataSettings: simple Pearl create request only). */
export function fixSessionScopedInText(doc: PearlDocument, { data }: Diagnostic): Fix[] {
  return fixProperty(doc, data, false);
}

function fixProperty(doc: PearlDocument, data: unknown, suggestNames: boolean): Fix[] {
  const fixData = readPropertyFixData(data);
  const object = fixData && getNodeAtPath(doc.root, fixData.path);
  if (!fixData || object?.type !== 'object') return [];
  const { key, path: objectPath } = fixData;
  const keyNode = getPropertyKeyNode(object, key);
  const property = keyNode?.parent;
  if (keyNode?.type !== 'string' || property?.type !== 'property') return [];
  // A stale diagnostic: the key there now is a known one (or not the session-scoped flag).
  if (suggestNames ? findSchemaForPath(doc.kind, [...objectPath, key]) !== undefined : key !== 'isSessionScoped') return [];
  const fixes: Fix[] = [];
  if (suggestNames && key !== '$schema') {
    const known = Object.keys(findSchemaForPath(doc.kind, objectPath)?.properties ?? {}).filter((name) => name !== '$schema');
    const present = new Set((object.children ?? []).map((child): unknown => child.children?.[0]?.value));
    const nearest = findNearest(
      key,
      known.filter((name) => !present.has(name)),
    );
    for (const name of nearest.names) {
      fixes.push({
        title: `Change to '${name}'`,
        edits: [replaceNode(keyNode, JSON.stringify(name))],
        isPreferred: nearest.unique && name === nearest.names[0],
      });
    }
  }
  fixes.push({ title: `Remove property '${key}'`, edits: [removeProperty(doc, property)] });
  return fixes;
}
