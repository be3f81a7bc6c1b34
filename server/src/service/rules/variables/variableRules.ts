import type { Edit } from 'jsonc-parser';
import { Diagnostic } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { readVariableReferenceFixData, type VariableReferenceFixData } from '../diagnosticData';
import { createDiagnostic, DiagnosticSeverity, spanToRange, valueSpan } from '../diagnostics';
import { appendToArrayProperty, type Fix } from '../fixSupport';
import { findNearest } from '../../utils/editDistance';
import { getPearlSymbolAt } from '../../interface/pearlSymbols';
import { getNodeAtPath, getPropertyKeyNode } from '../../document/jsonTree';
import {
  isJsonObject,
  type JsonObject,
  type JsonPath,
  type PearlDocument,
  type PearlVariable,
  perParse,
  VariableGroup,
} from '../../document/pearlDocument';
import { declaredIdsOf } from './declaredIds';
import {
  PathStep,
  resolveValueVariableField,
  isVariableContainerKey,
  VariableField,
  isVariableFieldKey,
} from '../../interface/variableFields';
import { variableGroupNames } from '../../interface/enumNames';
import {
  findValueReferences,
  findVariableReferences,
  placeValueReferences,
  isReferenceId,
  type ValueReference,
} from '../../document/variableReferences';
import { defineRules, rulingsSection, type DiagnosticRule, type RuleModule } from '../ruleModule';

/** The codes of variable references (docs/rulings.md § Variables), in the order docs/rules.md lists them. */
const codes = defineRules('variables', {
  variableUndeclared: {
    code: 'variable-undeclared',
    severity: DiagnosticSeverity.Warning,
    summary: 'A `{id}` reference to an undeclared variable (may be a platform variable; not reported inside PostCallActions).',
    section: rulingsSection('Undeclared references'),
    examples: {
      fails: `{
  "pearl": {
    "nodes": [{ "nodeId": "start", "name": "Greeting", "nodeType": 2, "script": "Hi {first_name}!" }]
  },
  "variables": []
}`,
      passes: `{
  "pearl": {
    "nodes": [{ "nodeId": "start", "name": "Greeting", "nodeType": 2, "script": "Hi {first_name}!" }]
  },
  "variables": [{ "id": "first_name", "group": 1 }]
}`,
    },
    fix: fixUndeclaredVariable,
  },
  variableGroupNotAllowed: {
    code: 'variable-group-not-allowed',
    severity: DiagnosticSeverity.Error,
    summary:
      'A declared variable whose group the field does not accept (PreCallAPI endpointUrl and body, by `{id}` or `variableId`: PreCall only; an API node, inside PostCallActions too: no PostCall; ...).',
    section: rulingsSection('Groups per field'),
    examples: {
      fails: `{
  "pearl": {
    "nodes": [{ "nodeId": "lookup", "name": "Look up", "nodeType": 3, "apiSettings": { "method": 1, "endpointUrl": "https://example.com/orders/{order}" } }]
  },
  "variables": [{ "id": "order", "group": 2 }]
}`,
      passes: `{
  "pearl": {
    "nodes": [{ "nodeId": "lookup", "name": "Look up", "nodeType": 3, "apiSettings": { "method": 1, "endpointUrl": "https://example.com/orders/{order}" } }]
  },
  "variables": [{ "id": "order", "group": 1 }]
}`,
    },
  },
  variableNotYetCollected: {
    code: 'variable-not-yet-collected',
    severity: DiagnosticSeverity.Warning,
    summary: 'An InCall variable in an opening sentence, not yet collected when it is sent.',
    section: rulingsSection('Groups per field'),
    examples: {
      fails: `{
  "pearl": {
    "nodes": [{ "nodeId": "start", "name": "Greeting", "nodeType": 2, "script": "Your slot is {slot}." }]
  },
  "variables": [{ "id": "slot", "group": 2 }]
}`,
      passes: `{
  "pearl": {
    "nodes": [{ "nodeId": "start", "name": "Greeting", "nodeType": 2, "script": "Your slot is {slot}." }]
  },
  "variables": [{ "id": "slot", "group": 1 }]
}`,
    },
  },
});

/**
 * The codes of the `{id}` references; `variable-group-not-allowed` is also reported on an API body
 * entry's `variableId` (variableUsage.ts).
 */
export const variableReferenceCodes = codes;

/** The variable references: `{id}` in every (V) field, against the declared variables. */
export const variableReferenceRules: RuleModule<typeof codes> = {
  name: 'variable references',
  rules: codes,
  check: checkVariableReferences,
};

/**
 * Variable references `{id}` in every (V) field (docs/interface.md § Resources and their
 * fields; docs/rulings.md § Variables):
 * - `variable-undeclared` (Warning): not in `variables`, may be a platform variable; not reported
 *   in a post-call context (PostCallActions, notifications), where post-call variables are expected
 *   (`data`: a VariableReferenceFixData, for the quick fixes);
 * - `variable-group-not-allowed` (Error): a declared variable whose group the field does not take
 *   (PreCallAPI endpointUrl and body: PreCall only; API, SMS, Email, transition names: no PostCall);
 * - `variable-not-yet-collected` (Warning): an InCall variable in an opening sentence.
 * generalInstructions, which takes no variables, is generalInstructions.ts's. When a PreCall
 * variable is declared, the ids referenced are kept with the parse for `variable-unused`
 * ({@link referencedVariableIds}). References are found in the decoded value (what is sent); each
 * diagnostic's range is the `{id}` as written, escapes included. One walk of `pearl` in the parsed
 * value: linear. The text is read only for a string that gets a diagnostic.
 */
function checkVariableReferences(doc: PearlDocument, diagnostics: Diagnostic[]): void {
  // The ids referenced anywhere, for `variable-unused`: collected only when a PreCall variable is declared.
  const wantsUsed = doc.variables.some((variable) => variable.group === VariableGroup.PreCall);
  const kept = keptAcrossPatch(doc, wantsUsed);
  if (kept) {
    for (const diagnostic of kept.diagnostics) diagnostics.push(diagnostic);
    const keptUsed = kept.used;
    if (keptUsed) perParse(doc.modelCache, doc.parseId, 'referencedIds', () => keptUsed);
    return;
  }
  const used = wantsUsed ? new Set<string>() : undefined;
  const start = diagnostics.length;
  checkFieldStrings(doc, diagnostics, used);
  if (used) perParse(doc.modelCache, doc.parseId, 'referencedIds', () => used);
  // From the second check of a model on (its (V) strings kept), the result is kept for the next keystroke.
  if (doc.modelCache.variableFieldStrings !== undefined) {
    const result: KeptReferences = { parseId: doc.parseId, variablesById: doc.variablesById, diagnostics: diagnostics.slice(start), used };
    doc.modelCache.variableReferences = result;
  }
}

/** What {@link checkVariableReferences} gave for one parse: its diagnostics and the ids referenced. */
interface KeptReferences {
  readonly parseId: number;
  readonly variablesById: PearlDocument['variablesById'];
  readonly diagnostics: readonly Diagnostic[];
  readonly used: ReadonlySet<string> | undefined;
}

/**
 * The result of the parse `doc` was patched from, when the edit cannot have changed it: a keystroke
 * in a script re-checks that one string, and when it held and holds no problem and references the
 * same ids, and no diagnostic lies on the edited line (the only one whose columns move), the other
 * (V) strings are not read again. Undefined otherwise (every string is looked at).
 */
function keptAcrossPatch(doc: PearlDocument, wantsUsed: boolean): KeptReferences | undefined {
  const kept = doc.modelCache.variableReferences as KeptReferences | undefined;
  const patch = doc.stringPatch;
  if (
    !kept ||
    !patch ||
    kept.parseId !== patch.from ||
    kept.variablesById !== doc.variablesById ||
    wantsUsed !== (kept.used !== undefined)
  ) {
    return undefined;
  }
  const line = doc.textDocument.positionAt(patch.offset).line;
  for (const diagnostic of kept.diagnostics) if (diagnostic.range.start.line <= line && diagnostic.range.end.line >= line) return undefined;
  const edited = fieldStringAt(doc, patch.path);
  if (edited) {
    if (edited.findings.length > 0) return undefined;
    const value = readField(edited.holder, edited.key);
    if (typeof value !== 'string') return undefined;
    const references = findValueReferences(value);
    if (references.length !== edited.ids.length || references.some((reference, index) => reference.id !== edited.ids[index]))
      return undefined;
    if (references.length > 0 && checkReferences(doc, edited.field, references).length > 0) return undefined;
    edited.checkedValue = value;
    edited.checkedVariables = doc.variablesById;
  }
  const result: KeptReferences = { ...kept, parseId: doc.parseId };
  doc.modelCache.variableReferences = result;
  return result;
}

/** The kept (V) string at `path`, if the string there is one: found by a map from each path, built on first use. */
function fieldStringAt(doc: PearlDocument, path: JsonPath): FieldString | undefined {
  const strings = getFieldStrings(doc);
  let byPath = doc.modelCache.variableFieldStringsByPath as Map<string, FieldString> | undefined;
  if (!byPath) {
    byPath = new Map();
    for (const fieldString of strings) byPath.set(fieldString.path.join('\u0000'), fieldString);
    doc.modelCache.variableFieldStringsByPath = byPath;
  }
  return byPath.get(path.join('\u0000'));
}

/**
 * The ids of the declared variables that an `{id}` reference in a (V) field of `doc` names
 * (generalInstructions included; an undeclared id may be there too): what `variable-unused` asks
 * of each declared variable. Those the check of this module collected for this parse, else found
 * by a walk of the (V) strings.
 */
export function referencedVariableIds(doc: PearlDocument): ReadonlySet<string> {
  return perParse(doc.modelCache, doc.parseId, 'referencedIds', () => {
    const used = new Set<string>();
    walkFieldStrings(doc, (_steps, _end, _key, _field, value, brace) => scanReferences(doc, undefined, value, brace, used), true);
    return used;
  });
}

/** The findings of every (V) string (see {@link checkVariableReferences}); adds the id of each reference to `used`, when given. */
function checkFieldStrings(doc: PearlDocument, diagnostics: Diagnostic[], used: Set<string> | undefined): void {
  const cache = doc.modelCache;
  if (cache.variableFieldStrings === undefined && !cache.variablesChecked) {
    // The first check of a parse keeps nothing: most parses are checked once (a file opened, a
    // lint). A second check of the same model is an edit patched into it: from then on each (V)
    // string is kept with what was found in it.
    cache.variablesChecked = true;
    walkFieldStrings(
      doc,
      (steps, end, _key, field, value, brace) => {
        // Most strings hold no problem: their references are read in place, and only a string with
        // a problem gets reference objects, a path and a position.
        if (!scanReferences(doc, field, value, brace, used)) return;
        const found = checkString(doc, field, value, findValueReferences(value), pathOf(steps, end));
        if (found) for (const finding of found.findings) diagnostics.push(finding.diagnostic);
      },
      true,
    );
    return;
  }
  for (const fieldString of getFieldStrings(doc)) {
    const value = readField(fieldString.holder, fieldString.key);
    if (typeof value !== 'string') continue;
    if (fieldString.checkedValue !== value || fieldString.checkedVariables !== doc.variablesById) {
      fieldString.checkedValue = value;
      fieldString.checkedVariables = doc.variablesById;
      const references = findValueReferences(value);
      fieldString.ids = references.length > 0 ? references.map((reference) => reference.id) : noIds;
      const found = checkString(doc, fieldString.field, value, references, fieldString.path);
      fieldString.findings = found ? found.findings : noFindings;
      if (found) {
        fieldString.checkedDocument = doc.textDocument;
        fieldString.checkedOffset = found.offset;
      }
    } else if (fieldString.findings.length > 0) {
      placeFindings(doc, fieldString);
    }
    if (used) for (const id of fieldString.ids) used.add(id);
    for (const finding of fieldString.findings) diagnostics.push(finding.diagnostic);
  }
}

const noIds: readonly string[] = [];

/**
 * Reads the `{id}` references of `value`, whose first `{` is at `brace`, in place (no reference
 * object, no array, no id cut out):
 * adds the id of each reference to a declared variable to `used`, when given, and tells whether
 * one of them is a problem in a string of `field` (see {@link problemCode}; never, without a
 * field). The same references as `findValueReferences`.
 */
function scanReferences(
  doc: PearlDocument,
  field: VariableField | undefined,
  value: string,
  brace: number,
  used: Set<string> | undefined,
): boolean {
  let problem = false;
  if (!used && (!field || field.noVariables)) return false;
  const declared = declaredIdsOf(doc);
  for (let open = brace; open >= 0;) {
    // A reference is `{`, an id, `}`: the text up to the next `}` names a declared variable (the
    // table holds only ids a reference can write), or is an id no declaration has, or is none.
    const close = value.indexOf('}', open + 1);
    if (close < 0) break;
    const slot = declared.slotOf(value, open + 1, close);
    if (slot < 0 && !isReferenceId(value, open + 1, close)) {
      open = value.indexOf('{', open + 1);
      continue;
    }
    const variable = slot < 0 ? undefined : declared.variableAt(slot);
    if (used && slot >= 0) declared.addReferenced(slot, used);
    if (field && !problem) {
      problem = problemCodeOf(field, variable) !== undefined;
      if (problem && !used) break;
    }
    open = value.indexOf('{', close + 1);
  }
  return problem;
}

/** A diagnostic found in a (V) string, with its span relative to the string literal's offset. */
interface Finding {
  readonly diagnostic: Diagnostic;
  readonly start: number;
  readonly end: number;
}

const noFindings: readonly Finding[] = [];

/** What is wrong with one reference, before it is located. */
interface Problem {
  readonly reference: ValueReference;
  readonly code: DiagnosticRule;
  readonly message: string;
}

/**
 * The findings in `value`, a (V) string of `field` at `stringPath` now holding `references`
 * (undefined when it has none), with the string literal's offset; the string is located only when
 * there is one.
 */
function checkString(
  doc: PearlDocument,
  field: VariableField,
  value: string,
  references: readonly ValueReference[],
  stringPath: JsonPath,
): { findings: readonly Finding[]; offset: number } | undefined {
  const problems = references.length > 0 ? checkReferences(doc, field, references) : noProblems;
  if (problems.length === 0) return undefined;
  const literal = valueSpan(doc, stringPath);
  const placed = placeValueReferences(
    doc.textDocument.getText(),
    literal,
    value,
    problems.map((problem) => problem.reference),
  );
  const findings = problems.map(({ reference, code, message }, index) => {
    const span = placed[index];
    const data = code === codes.variableUndeclared ? referenceFixData(stringPath, reference, references) : undefined;
    return {
      diagnostic: createDiagnostic(doc, span, code, message, { data }),
      start: span.offset - literal.offset,
      end: span.offset + span.length - literal.offset,
    };
  });
  return { findings, offset: literal.offset };
}

const noProblems: readonly Problem[] = [];

/** The {@link VariableReferenceFixData} of `reference`, one of `references` of the string at `path`. */
function referenceFixData(path: JsonPath, reference: ValueReference, references: readonly ValueReference[]): VariableReferenceFixData {
  let occurrence = 0;
  for (const other of references) {
    if (other === reference) break;
    if (other.id === reference.id) occurrence++;
  }
  return { path, id: reference.id, occurrence };
}

/**
 * Keeps the findings of a string whose value has not changed; when the text changed elsewhere (an
 * edit patched into the parse), their ranges move with the string (a patch adds no line).
 */
function placeFindings(doc: PearlDocument, checked: FieldString): void {
  if (checked.checkedDocument === doc.textDocument) return;
  const offset = valueSpan(doc, checked.path).offset;
  checked.checkedDocument = doc.textDocument;
  if (checked.checkedOffset === offset) return;
  checked.findings = checked.findings.map(({ diagnostic, start, end }) => ({
    diagnostic: { ...diagnostic, range: spanToRange(doc, { offset: offset + start, length: end - start }) },
    start,
    end,
  }));
  checked.checkedOffset = offset;
}

/**
 * A string value of a (V) field, with what the field accepts and what the rules found in it, kept
 * while its value and the declared variables stay the same (an edit inside another string patches
 * the parsed value in place: this string keeps its holder and path, and at most moves).
 */
interface FieldString {
  /** The object or array holding the string in the parsed value; read again on each check, as a patch writes there. */
  readonly holder: JsonObject;
  /** The string's key in {@link holder}. */
  readonly key: string;
  /** Where the string is, from the root: `['pearl', 'nodes', 3, 'script']`. */
  readonly path: JsonPath;
  readonly field: VariableField;
  /** The value when it was last checked; undefined before. */
  checkedValue: string | undefined;
  /** The declared variables it was checked against. */
  checkedVariables: PearlDocument['variablesById'] | undefined;
  /** The text the findings' ranges were computed in (they are about the literal at {@link checkedOffset}). */
  checkedDocument: TextDocument | undefined;
  /** The string literal's offset when the findings' ranges were computed. */
  checkedOffset: number;
  findings: readonly Finding[];
  /** The ids of the references in {@link checkedValue}, in order (for `variable-unused`). */
  ids: readonly string[];
}

/** A {@link PathStep} reused from string to string: the walk allocates no step per value. */
type MutablePathStep = { -readonly [K in keyof PathStep<unknown>]: PathStep<unknown>[K] };

/**
 * Every (V) string under `pearl`, kept in the model's cache after the first call (see
 * {@link checkVariableReferences}).
 */
function getFieldStrings(doc: PearlDocument): readonly FieldString[] {
  const cached = doc.modelCache.variableFieldStrings as readonly FieldString[] | undefined;
  if (cached) return cached;
  const result: FieldString[] = [];
  walkFieldStrings(doc, (steps, end, key, field) => result.push(createFieldString(steps, end, key, field)));
  doc.modelCache.variableFieldStrings = result;
  return result;
}

/**
 * Calls `visit` for every (V) string under `pearl`, in document order, by one walk of the `pearl`
 * value, with the steps from `pearl` to it (the first `end` of `steps`, reused: valid during the
 * call only), its key, its field and the string. With `withBraceOnly`, only for a string holding a
 * `{`, with the offset of its first `{` (the others hold no reference, and their field is not even
 * resolved: most strings of a Pearl have none); without, `brace` is -1.
 */
function walkFieldStrings(
  doc: PearlDocument,
  visit: (steps: readonly PathStep<unknown>[], end: number, key: string, field: VariableField, value: string, brace: number) => void,
  withBraceOnly = false,
): void {
  const pearl = doc.pearlValue;
  if (!pearl) return;
  // Iterative depth-first walk (no recursion: any nesting depth is safe), keeping the path in
  // `steps`; the stack is three parallel arrays (key, value, depth of each pending value) with its
  // own top, `size`. No array here is ever shortened (by `pop` or `length = 0`): the engine frees a
  // shortened array's storage, and the next push allocates it again, per object walked.
  // The arrays are the ones the last walk left, when not too long: made per walk, they grew by
  // copies to as many entries as the longest list (some 400 KB per check of a 5,000-node Pearl).
  const scratch = spareScratch ?? { steps: [], stackKeys: [], stackValues: [], stackDepths: [], wantedKeys: [], wantedValues: [] };
  spareScratch = undefined;
  const { steps, stackKeys, stackValues, stackDepths, wantedKeys, wantedValues } = scratch;
  stackKeys[0] = 'pearl';
  stackValues[0] = pearl;
  stackDepths[0] = 0;
  let size = 1;
  // The wanted members of one object, in order (the first `wanted` of each), in `wantedKeys` and
  // `wantedValues`: reused from object to object.
  while (size > 0) {
    size--;
    const value = stackValues[size];
    const key = stackKeys[size];
    const depth = stackDepths[size];
    // The slot keeps no reference to a value once it is taken.
    stackValues[size] = undefined;
    const step = steps[depth];
    if (step) {
      step.key = key;
      step.value = value;
    } else {
      steps[depth] = { key, value };
    }
    if (typeof value === 'string') {
      const brace = withBraceOnly ? value.indexOf('{') : -1;
      if (withBraceOnly && brace < 0) continue;
      if (typeof key !== 'string' || !isVariableFieldKey(key)) continue;
      // Steps past this depth are left from an earlier branch, and kept for the next one: the
      // array is never shortened (shortening it dropped the step objects, made again per string).
      const field = resolveValueVariableField(doc.kind, steps, depth + 1);
      if (field) visit(steps, depth + 1, key, field, value, brace);
      continue;
    }
    // Pushed in reverse so that they are visited, and reported, in document order (`JSON.parse`
    // keeps the text's order of keys that are not array indexes, as all of these are).
    if (Array.isArray(value)) {
      for (let index = value.length - 1; index >= 0; index--) {
        stackKeys[size] = index;
        stackValues[size] = value[index];
        stackDepths[size] = depth + 1;
        size++;
      }
    } else if (isJsonObject(value)) {
      let wanted = 0;
      for (const childKey in value) {
        const child = value[childKey];
        if (
          typeof child === 'string'
            ? isVariableFieldKey(childKey)
            : typeof child === 'object' && child !== null && isVariableContainerKey(childKey)
        ) {
          wantedKeys[wanted] = childKey;
          wantedValues[wanted] = child;
          wanted++;
        }
      }
      for (let index = wanted - 1; index >= 0; index--) {
        stackKeys[size] = wantedKeys[index];
        stackValues[size] = wantedValues[index];
        wantedValues[index] = undefined;
        stackDepths[size] = depth + 1;
        size++;
      }
    }
  }
  // Every stack entry was cleared as it was taken; the steps still hold the values of the last
  // branch walked.
  for (let i = 0; i < steps.length; i++) steps[i].value = undefined;
  if (stackValues.length <= maxSpareStack) spareScratch = scratch;
}

/** The arrays of one {@link walkFieldStrings} walk, kept for the next (taken while a walk runs: a walk inside a visit makes its own). */
interface WalkScratch {
  readonly steps: MutablePathStep[];
  readonly stackKeys: (string | number)[];
  readonly stackValues: unknown[];
  readonly stackDepths: number[];
  readonly wantedKeys: string[];
  readonly wantedValues: unknown[];
}

let spareScratch: WalkScratch | undefined;
/** The most entries a kept stack may have (a longer one, of a larger Pearl, is left to the garbage collector). */
const maxSpareStack = 1 << 16;

/** The path from the root of the (V) string at `steps[end - 1]` (`steps[0]` is `pearl` under the root). */
function pathOf(steps: readonly PathStep<unknown>[], end: number): JsonPath {
  const path: (string | number)[] = new Array<string | number>(end);
  for (let i = 0; i < end; i++) path[i] = steps[i].key;
  return path;
}

/** The (V) string at `steps[end - 1]` (`steps[0]` is `pearl` under the root), the value of `key` of an object. */
function createFieldString(steps: readonly PathStep<unknown>[], end: number, key: string, field: VariableField): FieldString {
  return {
    holder: steps[end - 2].value as JsonObject,
    key,
    path: pathOf(steps, end),
    field,
    checkedValue: undefined,
    checkedVariables: undefined,
    checkedDocument: undefined,
    checkedOffset: -1,
    findings: noFindings,
    ids: noIds,
  };
}

/**
 * The code of what is wrong with a reference to `id` in a string of `field`, or undefined when
 * nothing is (see {@link checkVariableReferences}). Allocates nothing.
 */
function problemCode(doc: PearlDocument, field: VariableField, id: string): DiagnosticRule | undefined {
  return problemCodeOf(field, doc.variablesById.get(id));
}

/** {@link problemCode} of a reference to `variable`, the declared variable of its id (undefined: none is declared). */
function problemCodeOf(field: VariableField, variable: PearlVariable | undefined): DiagnosticRule | undefined {
  // A field that takes no variables (generalInstructions) is generalInstructions.ts's.
  if (field.noVariables) return undefined;
  if (!variable) return field.postCallContext ? undefined : codes.variableUndeclared;
  const group = variable.group;
  if (group === undefined || variableGroupNames[group] === undefined) return undefined;
  if (!field.allowedGroups.has(group)) return codes.variableGroupNotAllowed;
  return field.discouragedGroups.get(group) ? codes.variableNotYetCollected : undefined;
}

/** What is wrong with each of `references`, in a string of `field`, in order (see {@link problemCode}). */
function checkReferences(doc: PearlDocument, field: VariableField, references: readonly ValueReference[]): Problem[] {
  const problems: Problem[] = [];
  for (const reference of references) {
    const { id } = reference;
    const code = problemCode(doc, field, id);
    if (code === undefined) continue;
    const group = doc.variablesById.get(id)?.group;
    const groupText = group === undefined ? '' : `${variableGroupNames[group]} (group ${group})`;
    let message: string;
    if (code === codes.variableUndeclared) message = `Variable '${id}' is not declared in variables; it may be a platform variable.`;
    else if (code === codes.variableGroupNotAllowed)
      message = `Variable '${id}' is ${groupText}; ${field.label} takes ${field.allowedText}.`;
    else message = `Variable '${id}' is ${groupText}: ${field.discouragedGroups.get(group ?? -1) ?? ''}.`;
    problems.push({ reference, code, message });
  }
  return problems;
}

/**
 * `holder[key]`, read by the property's name for the keys of (V) fields ({@link isVariableFieldKey}):
 * the holders are objects of many shapes, and across them a load by a constant name is several
 * times cheaper than one by a variable key. Runs for every (V) string on each keystroke.
 */
function readField(holder: JsonObject, key: string): unknown {
  switch (key) {
    case 'name':
      return holder.name;
    case 'script':
      return holder.script;
    case 'instructions':
      return holder.instructions;
    case 'value':
      return holder.value;
    case 'endpointUrl':
      return holder.endpointUrl;
    case 'body':
      return holder.body;
    case 'subject':
      return holder.subject;
    case 'generalInstructions':
      return holder.generalInstructions;
    case 'transferCallPhoneNumber':
      return holder.transferCallPhoneNumber;
    case 'warmTransferMessage':
      return holder.warmTransferMessage;
    case 'openingSentence':
      return holder.openingSentence;
    case 'flowScript':
      return holder.flowScript;
    default:
      return holder[key];
  }
}

/**
 * `variable-undeclared` → "Change to '{first_name}'" for each declared id within edit distance 2
 * whose group the field takes, and "Declare variable 'x' (InCall)", appending
 * `{ "id": "x", "name": "x", "group": 2, "type": 1 }` to `variables` (created when absent or null).
 * The group is inferred from where the reference is, and the title names it: PreCall (1) where the
 * field does not take InCall variables (a PreCallAPI's endpointUrl and body) or discourages them (an
 * OpeningSentence's script, a simple Pearl's openingSentence: not yet collected when it is sent),
 * InCall (2) elsewhere (docs/rulings.md § Groups per field). Found from the diagnostic's
 * VariableReferenceFixData.
 */
function fixUndeclaredVariable(doc: PearlDocument, { data }: Diagnostic): Fix[] {
  const fixData = readVariableReferenceFixData(data);
  const string = fixData && getNodeAtPath(doc.root, fixData.path);
  if (!fixData || string?.type !== 'string' || doc.variablesById.has(fixData.id)) return [];
  const { id } = fixData;
  const reference = findVariableReferences(doc.textDocument.getText(), string).filter((candidate) => candidate.id === id)[
    fixData.occurrence
  ];
  // The symbol starts just after the brace.
  const symbol = reference && getPearlSymbolAt(doc, reference.offset + 1);
  if (symbol?.kind !== 'variableReference' || symbol.reference.offset !== reference.offset) return [];
  const fixes: Fix[] = [];
  const field = symbol.field;
  // Only ids the field takes: a near id of a group not allowed here would trade one problem for another.
  const usable: string[] = [];
  for (const [declared, variable] of doc.variablesById) {
    if (variable.group === undefined || field.allowedGroups.has(variable.group)) usable.push(declared);
  }
  const nearest = findNearest(id, usable);
  for (const name of nearest.names) {
    fixes.push({
      title: `Change to '{${name}}'`,
      edits: [{ offset: symbol.span.offset, length: symbol.span.length, content: name }],
      isPreferred: nearest.unique && name === nearest.names[0],
    });
  }
  const inCallFits = field.allowedGroups.has(VariableGroup.InCall) && !field.discouragedGroups.has(VariableGroup.InCall);
  const group = inCallFits || !field.allowedGroups.has(VariableGroup.PreCall) ? VariableGroup.InCall : VariableGroup.PreCall;
  const declaration = { id, name: id, group, type: 1 };
  const edits = declareVariable(doc, declaration);
  if (edits.length > 0) fixes.push({ title: `Declare variable '${id}' (${variableGroupNames[group]})`, edits });
  return fixes;
}

function declareVariable(doc: PearlDocument, declaration: Record<string, unknown>): Edit[] {
  const root = doc.root;
  if (root?.type !== 'object') return [];
  // A new `variables` goes where the interface lists it: after `pearl`.
  const after = getPropertyKeyNode(root, 'pearl')?.parent;
  const edit = appendToArrayProperty(doc, root, 'variables', declaration, { style: 'pretty', after });
  return edit === undefined ? [] : [edit];
}
