import { Diagnostic } from 'vscode-languageserver-types';
import { DiagnosticCode } from './diagnosticCodes';
import { createDiagnostic, spanToRange } from './diagnostics';
import type { JsonNode } from './jsonTree';
import type { PearlDocument } from './pearlDocument';
import { PathStep, resolveVariableField, variableContainerKeys, VariableField, variableFieldKeys } from './variableFields';
import { variableGroupNames } from './enumNames';
import { findVariableReferences, type VariableReference } from './variableReferences';

/**
 * Variable references `{id}` in every (V) field (docs/interface.md § Resources and their
 * fields; docs/rulings.md § Variables):
 * - `general-instructions-variable` (Error): generalInstructions must not contain variables;
 * - `variable-undeclared` (Warning): not in `variables`, may be a platform variable; not reported
 *   in a post-call context (PostCallActions, notifications), where post-call variables are expected;
 * - `variable-group-not-allowed` (Error): a declared variable whose group the field does not take
 *   (PreCallAPI endpointUrl and body: PreCall only; API, SMS, Email, transition names: no PostCall);
 * - `variable-not-yet-collected` (Warning): an InCall variable in an opening sentence.
 * Each diagnostic's range is the `{id}` itself. One walk of the `pearl` subtree: linear.
 */
export function validateVariables(doc: PearlDocument): Diagnostic[] {
  const text = doc.textDocument.getText();
  const diagnostics: Diagnostic[] = [];
  for (const fieldString of getFieldStrings(doc)) {
    const { node, field } = fieldString;
    if (fieldString.checkedValue === node.value && fieldString.checkedVariables === doc.variablesById) {
      if (fieldString.findings.length > 0) diagnostics.push(...placeFindings(doc, fieldString, node.offset));
      continue;
    }
    const first = diagnostics.length;
    // A string written without escapes (as long as its value) and without a brace has no reference.
    const value = node.value as string;
    const plain = node.length === value.length + 2 && !value.includes('{');
    const references = plain ? noReferences : findVariableReferences(text, node);
    if (references.length > 0) checkReferences(doc, field, references, diagnostics);
    fieldString.checkedValue = value;
    fieldString.checkedVariables = doc.variablesById;
    fieldString.checkedOffset = node.offset;
    fieldString.findings =
      diagnostics.length === first
        ? noFindings
        : diagnostics.slice(first).map((diagnostic) => ({
            diagnostic,
            start: doc.textDocument.offsetAt(diagnostic.range.start) - node.offset,
            end: doc.textDocument.offsetAt(diagnostic.range.end) - node.offset,
          }));
  }
  return diagnostics;
}

/** A diagnostic found in a (V) string, with its span relative to the string node's offset. */
interface Finding {
  readonly diagnostic: Diagnostic;
  readonly start: number;
  readonly end: number;
}

const noFindings: readonly Finding[] = [];
const noReferences: readonly VariableReference[] = [];

/** The kept diagnostics of a string now at `offset`; their ranges move with it (a patch adds no line). */
function placeFindings(doc: PearlDocument, checked: FieldString, offset: number): Diagnostic[] {
  if (checked.checkedOffset !== offset) {
    checked.findings = checked.findings.map(({ diagnostic, start, end }) => ({
      diagnostic: { ...diagnostic, range: spanToRange(doc, { offset: offset + start, length: end - start }) },
      start,
      end,
    }));
    checked.checkedOffset = offset;
  }
  return checked.findings.map((finding) => finding.diagnostic);
}

/**
 * A string value of a (V) field, with what the field accepts and what the rules found in it, kept
 * while its value and the declared variables stay the same (typing elsewhere patches the tree:
 * this string keeps its node and at most moves).
 */
interface FieldString {
  readonly node: JsonNode;
  readonly field: VariableField;
  /** The value when it was last checked; undefined before. */
  checkedValue: string | undefined;
  /** The declared variables it was checked against. */
  checkedVariables: PearlDocument['variablesById'] | undefined;
  /** The string node's offset when the findings' ranges were computed. */
  checkedOffset: number;
  findings: readonly Finding[];
}

/**
 * The (V) strings of each parse, by its `pearl` node: an edit inside a string value keeps the tree
 * (pearlDocument.ts), and with it which strings are (V) fields and what each accepts, so typing
 * does not walk the document again.
 */
const fieldStringsByPearl = new WeakMap<JsonNode, readonly FieldString[]>();

/** A {@link PathStep} reused from string to string: the walk allocates no step per node. */
type MutablePathStep = { -readonly [K in keyof PathStep]: PathStep[K] };

/** Every (V) string under `pearl`, in document order, found by one walk of the `pearl` subtree. */
function getFieldStrings(doc: PearlDocument): readonly FieldString[] {
  const pearl = doc.pearl;
  if (!pearl) return [];
  const cached = fieldStringsByPearl.get(pearl);
  if (cached) return cached;
  const result: FieldString[] = [];
  // Iterative depth-first walk (no recursion: any nesting depth is safe), keeping the path in
  // `steps`; the stack is three parallel arrays (key, value, depth of each pending value).
  const steps: MutablePathStep[] = [];
  const stackKeys: (string | number)[] = ['pearl'];
  const stackValues: JsonNode[] = [pearl];
  const stackDepths: number[] = [0];
  for (;;) {
    const value = stackValues.pop();
    if (!value) break;
    const key = stackKeys.pop() ?? '';
    const depth = stackDepths.pop() ?? 0;
    const step = steps[depth];
    if (step) {
      step.key = key;
      step.value = value;
    } else {
      steps[depth] = { key, value };
    }
    if (value.type === 'string') {
      // Steps past this depth are left from an earlier branch.
      steps.length = depth + 1;
      const field = typeof key === 'string' && variableFieldKeys.has(key) ? resolveVariableField(doc.kind, steps) : undefined;
      if (field)
        result.push({ node: value, field, checkedValue: undefined, checkedVariables: undefined, checkedOffset: -1, findings: noFindings });
      continue;
    }
    const children = value.children;
    if (!children) continue;
    // Pushed in reverse so that they are visited, and reported, in document order.
    for (let index = children.length - 1; index >= 0; index--) {
      const child = children[index];
      if (value.type === 'object') {
        const pair = child.children;
        if (!pair || pair.length < 2) continue;
        const childKey = pair[0].value as string;
        const valueNode = pair[1];
        const wanted = valueNode.type === 'string' ? variableFieldKeys.has(childKey) : variableContainerKeys.has(childKey);
        if (!wanted) continue;
        stackKeys.push(childKey);
        stackValues.push(valueNode);
      } else {
        stackKeys.push(index);
        stackValues.push(child);
      }
      stackDepths.push(depth + 1);
    }
  }
  fieldStringsByPearl.set(pearl, result);
  return result;
}

function checkReferences(
  doc: PearlDocument,
  field: VariableField,
  references: readonly VariableReference[],
  diagnostics: Diagnostic[],
): void {
  for (const reference of references) {
    const { id } = reference;
    if (field.noVariables) {
      diagnostics.push(
        createDiagnostic(
          doc,
          reference,
          DiagnosticCode.generalInstructionsVariable,
          `generalInstructions must not contain variables; found {${id}}.`,
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
        ),
      );
    }
  }
}
