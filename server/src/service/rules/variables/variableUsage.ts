import { Diagnostic, DiagnosticTag } from 'vscode-languageserver-types';
import type { VariableDeclarationFixData } from '../diagnosticData';
import { createDiagnostic, valueSpan } from '../diagnostics';
import { childPath, isJsonObject, type JsonObject, type JsonPath, type PearlDocument, VariableGroup } from '../../document/pearlDocument';
import { variableGroupNames } from '../../interface/enumNames';
import { type PathStep, resolveValueVariableField } from '../../interface/variableFields';
import { readVariableDeclarationFixData, samePath } from '../diagnosticData';
import { DiagnosticSeverity } from '../diagnostics';
import { type Fix, removeArrayElements, replaceNode } from '../fixSupport';
import { findNearest } from '../../utils/editDistance';
import { quote } from '../../interface/messageText';
import { getNodeAtPath, getPropertyNode } from '../../document/jsonTree';
import { defineRules, rulingsSection, type RuleModule } from '../ruleModule';
import { referencedVariableIds, variableReferenceCodes } from './variableRules';

/** The code of unused variables (docs/rulings.md § Unused pre-call variables). */
const codes = defineRules('variables', {
  variableUnused: {
    code: 'variable-unused',
    severity: DiagnosticSeverity.Hint,
    summary:
      'A PreCall variable that no (V) field references and no API body or outputBody names by `variableId` (shown faded, with a fix to remove it); InCall variables are collected whether referenced or not.',
    section: rulingsSection('Unused pre-call variables'),
    examples: {
      fails: `{
  "pearl": {
    "nodes": [{ "nodeId": "start", "name": "Greeting", "nodeType": 2, "script": "Hi there!" }]
  },
  "variables": [{ "id": "first_name", "group": 1 }]
}`,
      passes: `{
  "pearl": {
    "nodes": [{ "nodeId": "start", "name": "Greeting", "nodeType": 2, "script": "Hi {first_name}!" }]
  },
  "variables": [{ "id": "first_name", "group": 1 }]
}`,
    },
    fix: fixUnusedVariable,
  },
  variableIdUndeclared: {
    code: 'variable-id-undeclared',
    severity: DiagnosticSeverity.Warning,
    summary:
      'An API `body` or `outputBody` entry whose `variableId` names no declared variable: the request sends no value for it, or the response value is kept nowhere (a typo deploys silently).',
    section: rulingsSection('Undeclared references'),
    examples: {
      fails: `{
  "pearl": {
    "nodes": [{ "nodeId": "save", "name": "Save", "nodeType": 40, "apiSettings": { "method": 2, "body": [{ "key": "plan", "variableId": "plna" }] } }]
  },
  "variables": [{ "id": "plan", "group": 2 }]
}`,
      passes: `{
  "pearl": {
    "nodes": [{ "nodeId": "save", "name": "Save", "nodeType": 40, "apiSettings": { "method": 2, "body": [{ "key": "plan", "variableId": "plan" }] } }]
  },
  "variables": [{ "id": "plan", "group": 2 }]
}`,
    },
    fix: fixUndeclaredVariableId,
  },
});

/**
 * The variables API body entries name by `variableId` and the unused ones: `variable-group-not-allowed`
 * on a `variableId` (a code of variableRules.ts) and `variable-unused`.
 */
export const variableUsageRules: RuleModule<typeof codes> = { name: 'variable usage', rules: codes, check: checkVariableUsage };

/** The codes this file reports: its own and variable-group-not-allowed of the references (variableRules.ts). */
const variableCodes = { ...variableReferenceCodes, ...codes };

/**
 * The variables an APIDataSchemaProperty names by `variableId` (docs/interface.md
 * § APIDataSchemaProperty: "Variable id sent as the value"), and the two rules that read them
 * beside the `{id}` references of variableRules.ts (docs/rulings.md § Groups per field, § Unused
 * pre-call variables). Reads the parsed value; linear in the API settings' body entries.
 */

/**
 * Calls `visit` for every APIDataSchemaProperty of `body` and `outputBody` with a string
 * `variableId`, in document order: those of every API settings object of a text Pearl's nodes
 * (nested actions too), of a simple Pearl's `apiSettings` and of its notifications. `listPath` is
 * the path from the root of the entry's list (the same array for every entry of one list), `index`
 * the entry's place in it.
 */
function forEachVariableId(
  doc: PearlDocument,
  visit: (listPath: JsonPath, index: number, variableId: string, list: 'body' | 'outputBody') => void,
): void {
  // A list's path is made only for a list that holds an entry (`path`, then `step` when given,
  // then the list's key): most nodes have no API settings, most settings no variableId.
  const visitList = (entries: unknown, path: JsonPath, step: string | undefined, list: 'body' | 'outputBody'): void => {
    if (!Array.isArray(entries)) return;
    let listPath: JsonPath | undefined;
    for (let index = 0; index < entries.length; index++) {
      const entry: unknown = entries[index];
      if (isJsonObject(entry) && typeof entry.variableId === 'string') {
        listPath ??= step === undefined ? childPath(path, list) : childPath(path, step, list);
        visit(listPath, index, entry.variableId, list);
      }
    }
  };
  const visitSettings = (settings: JsonObject, path: JsonPath, step?: string): void => {
    visitList(settings.body, path, step, 'body');
    visitList(settings.outputBody, path, step, 'outputBody');
  };
  if (doc.kind === 'text') {
    for (let n = 0; n < doc.allNodes.length; n++) {
      const node = doc.allNodes[n];
      const settings = node.value.apiSettings;
      if (isJsonObject(settings)) visitSettings(settings, node.path, 'apiSettings');
    }
    return;
  }
  const pearl = doc.pearlValue;
  if (!pearl) return;
  if (Array.isArray(pearl.apiSettings)) {
    pearl.apiSettings.forEach((settings: unknown, index) => {
      if (isJsonObject(settings)) visitSettings(settings, ['pearl', 'apiSettings', index]);
    });
  }
  if (Array.isArray(pearl.notifications)) {
    pearl.notifications.forEach((notification: unknown, index) => {
      if (isJsonObject(notification) && isJsonObject(notification.apiSettings)) {
        visitSettings(notification.apiSettings, ['pearl', 'notifications', index, 'apiSettings']);
      }
    });
  }
}

/**
 * The steps from the root's `pearl` to the `value` of the entry `index` of the list at `listPath`
 * (`listPath[0]` is `pearl`), each with the value reached.
 */
function stepsToEntryValue(root: unknown, listPath: JsonPath, index: number): PathStep<unknown>[] {
  const steps = new Array<PathStep<unknown>>(listPath.length + 2);
  let value = root;
  for (let i = 0; i < steps.length; i++) {
    const key = i < listPath.length ? listPath[i] : i === listPath.length ? index : 'value';
    value = isJsonObject(value) || Array.isArray(value) ? (value as Record<string | number, unknown>)[key] : undefined;
    steps[i] = { key, value };
  }
  return steps;
}

/**
 * `variable-id-undeclared` (Warning) on a body or outputBody entry's `variableId` naming no
 * declared variable (docs/rulings.md § Undeclared references; the data is a
 * VariableDeclarationFixData: the entry's path and the id), and `variable-group-not-allowed`
 * (Error) on a body entry's `variableId` naming a declared variable whose group the body's values
 * do not take: on a PreCallAPI node PreCall only, as a `{reference}` in its `value` (docs/rulings.md
 * § Groups per field). Adds every id named by `variableId` (body and outputBody) to `used`.
 */
export function checkVariableIds(doc: PearlDocument, diagnostics: Diagnostic[], used: Set<string>): void {
  const entries = variableIdsOf(doc);
  for (let e = 0; e < entries.length; e++) {
    const { listPath, index, id, problem, list } = entries[e];
    used.add(id);
    if (id !== '' && !doc.variablesById.has(id)) {
      const path = childPath(listPath, index);
      const data = { path, id } satisfies VariableDeclarationFixData;
      const consequence = list === 'body' ? 'so the request sends no value for it' : "so the response's value is kept in no variable";
      diagnostics.push(
        createDiagnostic(
          doc,
          valueSpan(doc, [...path, 'variableId']),
          codes.variableIdUndeclared,
          `'${quote(id)}' (variableId) is not a declared variable, ${consequence}.`,
          { data },
        ),
      );
      continue;
    }
    if (!problem) continue;
    const { group, field } = problem;
    diagnostics.push(
      createDiagnostic(
        doc,
        valueSpan(doc, childPath(listPath, index, 'variableId')),
        variableCodes.variableGroupNotAllowed,
        `Variable '${id}' (variableId) is ${variableGroupNames[group]} (group ${group}); ${field.label} takes ${field.allowedText}.`,
      ),
    );
  }
}

/** A body or outputBody entry naming a variable by `variableId`, and what is wrong with it. */
interface VariableIdEntry {
  /** The path of the entry's list (`...apiSettings.body`), shared by the entries of the list. */
  readonly listPath: JsonPath;
  /** The entry's place in its list. */
  readonly index: number;
  readonly id: string;
  readonly list: 'body' | 'outputBody';
  /** The variable's group, which the entry's field does not take; undefined when it does. */
  readonly problem: { readonly group: VariableGroup; readonly field: { readonly label: string; readonly allowedText: string } } | undefined;
}

/** The entries of one parse, and the objects they lie in (the first three steps of their paths; found on the first edit patched into the parse). */
interface KeptVariableIds {
  readonly parseId: number;
  readonly entries: readonly VariableIdEntry[];
  scopes?: ReadonlySet<string>;
}

/**
 * The `variableId` entries of `doc` (see {@link forEachVariableId}), each with its problem: those of
 * the parse `doc` was patched from when the edited string lies in no node or settings object that
 * holds one (typing in a script changes neither the entries, their fields nor the variables), else
 * read again. Kept in the model's cache for the next keystroke.
 */
function variableIdsOf(doc: PearlDocument): readonly VariableIdEntry[] {
  const last = doc.modelCache.variableIds as KeptVariableIds | undefined;
  const patch = doc.stringPatch;
  if (last && (last.parseId === doc.parseId || (patch && last.parseId === patch.from && !scopesOf(last).has(scopeOf(patch.path))))) {
    doc.modelCache.variableIds = { ...last, parseId: doc.parseId } satisfies KeptVariableIds;
    return last.entries;
  }
  const entries: VariableIdEntry[] = [];
  // The field of a body entry's `value` is the same for every entry of one body: resolved once per
  // body (the path of the entry's list, `...apiSettings.body`, is made once per list).
  let fieldFor: JsonPath | undefined;
  let field: ReturnType<typeof resolveValueVariableField>;
  forEachVariableId(doc, (listPath, index, id, list) => {
    const group = doc.variablesById.get(id)?.group;
    let problem: VariableIdEntry['problem'];
    if (list === 'body' && group !== undefined && variableGroupNames[group] !== undefined) {
      // The variable is sent as the entry's value: the field is the entry's `value`.
      if (fieldFor !== listPath) {
        field = resolveValueVariableField(doc.kind, stepsToEntryValue(doc.value, listPath, index));
        fieldFor = listPath;
      }
      if (field && !field.allowedGroups.has(group)) problem = { group, field };
    }
    entries.push({ listPath, index, id, list, problem });
  });
  // What a keystroke needs (scopesOf) is left for the keystroke: a lint checks each parse once.
  doc.modelCache.variableIds = { parseId: doc.parseId, entries } satisfies KeptVariableIds;
  return entries;
}

/** The scopes ({@link scopeOf}) of the entries `kept`, found on first use and kept with them. */
function scopesOf(kept: KeptVariableIds): ReadonlySet<string> {
  kept.scopes ??= new Set(kept.entries.map((entry) => scopeOf(entry.listPath)));
  return kept.scopes;
}

/** The node, API settings or notification a path lies in: its first three steps, as one string. */
function scopeOf(path: JsonPath): string {
  return JSON.stringify(path.slice(0, 3));
}

/**
 * `variable-unused` (Hint, tagged Unnecessary so that editors fade it) on each declared PreCall
 * variable whose id is not in `used` (the ids of every `{id}` in a (V) field and every
 * `variableId`), with its VariableDeclarationFixData. InCall variables are collected by the agent
 * whether referenced or not, and get none (docs/rulings.md § Unused pre-call variables).
 */
export function checkUnusedVariables(doc: PearlDocument, diagnostics: Diagnostic[], used: ReadonlySet<string>): void {
  for (let v = 0; v < doc.variables.length; v++) {
    const variable = doc.variables[v];
    const id = variable.id;
    if (variable.group !== VariableGroup.PreCall || id === undefined || id === '' || used.has(id)) continue;
    const data = { path: variable.path, id } satisfies VariableDeclarationFixData;
    diagnostics.push(
      createDiagnostic(
        doc,
        valueSpan(doc, variable.path),
        variableCodes.variableUnused,
        `PreCall variable '${id}' is never used: no field refers to {${id}} and no API body entry names it by variableId.`,
        { data, tags: [DiagnosticTag.Unnecessary] },
      ),
    );
  }
}

/** Whether `doc` declares a PreCall variable, the only kind {@link checkUnusedVariables} reports. */
export function declaresPreCallVariable(doc: PearlDocument): boolean {
  return doc.variables.some((variable) => variable.group === VariableGroup.PreCall);
}

/**
 * The check of {@link variableUsageRules}: {@link checkVariableIds} on every `variableId`, then,
 * when a PreCall variable is declared, {@link checkUnusedVariables} with the ids of every `{id}`
 * reference (variableRules.ts) and every `variableId`.
 */
function checkVariableUsage(doc: PearlDocument, diagnostics: Diagnostic[]): void {
  const preCall = declaresPreCallVariable(doc);
  const used = preCall ? new Set(referencedVariableIds(doc)) : new Set<string>();
  checkVariableIds(doc, diagnostics, used);
  if (preCall) checkUnusedVariables(doc, diagnostics, used);
}

/**
 * `variable-unused` → "Remove variable 'x'": removes the declaration from `variables` with its
 * comma (docs/rulings.md § Unused pre-call variables). Found from the diagnostic's
 * VariableDeclarationFixData; none when the element there no longer declares that id.
 */
function fixUnusedVariable(doc: PearlDocument, { data }: Diagnostic): Fix[] {
  const fixData = readVariableDeclarationFixData(data);
  const variable = fixData && doc.variables.find((candidate) => samePath(candidate.path, fixData.path));
  const array = getPropertyNode(doc.root, 'variables');
  if (!fixData || variable?.id !== fixData.id || array?.type !== 'array') return [];
  const edits = removeArrayElements(doc, array, [variable.node]);
  return edits.length > 0 ? [{ title: `Remove variable '${fixData.id}'`, edits, isPreferred: true }] : [];
}

/**
 * `variable-id-undeclared` → "Change to 'plan'" for each declared variable id within edit distance
 * 2 of the `variableId` (nearest first; preferred when one is nearest). Found from the diagnostic's
 * data (the entry's path and the id); none when the entry there no longer names that id.
 */
function fixUndeclaredVariableId(doc: PearlDocument, { data }: Diagnostic): Fix[] {
  const fixData = readVariableDeclarationFixData(data);
  const node = fixData && getNodeAtPath(doc.root, [...fixData.path, 'variableId']);
  if (!fixData || node?.type !== 'string' || node.value !== fixData.id || doc.variablesById.has(fixData.id)) return [];
  const nearest = findNearest(fixData.id, doc.variablesById.keys());
  return nearest.names.map((name) => ({
    title: `Change to '${name}'`,
    edits: [replaceNode(node, JSON.stringify(name))],
    isPreferred: nearest.unique && name === nearest.names[0],
  }));
}
