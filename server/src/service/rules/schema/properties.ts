import type { Diagnostic } from 'vscode-languageserver-types';
import { readPropertyFixData } from '../diagnosticData';
import { DiagnosticSeverity } from '../diagnostics';
import { findNearest } from '../../utils/editDistance';
import { removeProperty } from '../../document/jsonEdits';
import { getNodeAtPath, getPropertyKeyNode } from '../../document/jsonTree';
import type { PearlDocument } from '../../document/pearlDocument';
import { findSchemaForPath } from '../../interface/schemaNavigator';
import { type Fix, replaceNode } from '../fixSupport';
import { defineRules, interfaceSection, type DiagnosticRule, type RuleModule } from '../ruleModule';
import { describeErrors, type Finding, reportFindings, type SchemaError } from './schemaSupport';

/** The codes of properties outside the schema (docs/interface.md § Resources and their fields), in the order docs/rules.md lists them. */
const codes = defineRules('schema', {
  unknownProperty: {
    code: 'unknown-property',
    severity: DiagnosticSeverity.Error,
    summary: 'A property outside those the interface lists for that object.',
    section: interfaceSection('Resources and their fields'),
    examples: {
      fails: '{ "pearl": { "nodes": [], "generalInstruction": "Be brief." } }',
      passes: '{ "pearl": { "nodes": [], "generalInstructions": "Be brief." } }',
    },
    fix: fixUnknownProperty,
  },
  sessionScopedInText: {
    code: 'session-scoped-in-text',
    severity: DiagnosticSeverity.Error,
    summary: '`isSessionScoped` on a variable of a text Pearl (only in the simple request).',
    section: interfaceSection('DataSettings'),
    examples: {
      fails: `{
  "pearl": { "nodes": [] },
  "variables": [{ "id": "plan", "isSessionScoped": true }]
}`,
      passes: `{
  "pearl": { "nodes": [] },
  "variables": [{ "id": "plan" }]
}`,
    },
    fix: fixSessionScopedInText,
  },
});

/** "No property outside those listed": `additionalProperties` of the schemas. */
export const propertyRules: RuleModule<typeof codes> = { name: 'schema rules (properties)', rules: codes, check: checkProperties };

const keywords: ReadonlySet<string> = new Set(['additionalProperties']);

/**
 * `unknown-property` and `session-scoped-in-text` (isSessionScoped in a text Pearl's variables),
 * on the key, with a PropertyFixData for the quick fixes (docs/interface.md § Resources and their
 * fields, § DataSettings). Of a key set twice only the last is in the value; the syntax diagnostics
 * report the others.
 */
function checkProperties(doc: PearlDocument, diagnostics: Diagnostic[]): void {
  reportFindings(
    doc,
    describeErrors(doc, keywords, (error) => describeUnknownProperty(doc, error)),
    diagnostics,
  );
}

function describeUnknownProperty(doc: PearlDocument, { node: { path }, params, parentSchema }: SchemaError): Finding[] {
  const key = String(params.additionalProperty);
  const keySpan = doc.locate([...path, key])?.key;
  let code: DiagnosticRule = codes.unknownProperty;
  let message: string;
  const where = path.length === 0 ? `the ${parentSchema.title ?? 'request'}` : (parentSchema.title ?? 'this object');
  if (doc.kind === 'text' && key === 'isSessionScoped' && path.length === 2 && path[0] === 'variables') {
    code = codes.sessionScopedInText;
    message = 'isSessionScoped is only allowed in the simple Pearl request.';
  } else if (key === '$schema') {
    message = `Property '$schema' is not allowed in ${where}: it is editor metadata, allowed at the top level only.`;
  } else {
    message = `Property '${key}' is not allowed in ${where}.`;
  }
  return keySpan ? [{ span: keySpan, code, message, data: { path, key } }] : [];
}

/**
 * `unknown-property` → "Change to 'agentPersonality'" for each known property of that object
 * within edit distance 2 and not already present, and "Remove property 'x'" (the property with its
 * comma, whether first, middle or last): docs/interface.md § Resources and their fields, no
 * property outside those listed.
 */
function fixUnknownProperty(doc: PearlDocument, { data }: Diagnostic): Fix[] {
  return fixProperty(doc, data, true);
}

/** `session-scoped-in-text` → "Remove property 'isSessionScoped'" (§ DataSettings: simple Pearl create request only). */
function fixSessionScopedInText(doc: PearlDocument, { data }: Diagnostic): Fix[] {
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
