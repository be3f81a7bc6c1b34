import { Diagnostic } from 'vscode-languageserver-types';
import { DiagnosticCode } from './diagnosticCodes';
import { createDiagnostic, spanToRange } from './diagnostics';
import type { JsonNode } from './jsonTree';
import type { PearlDocument } from './pearlDocument';
import {
  PathStep,
  resolveVariableField,
  variableContainerKeys,
  VariableField,
  variableFieldKeys,
} from './variableFields';
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
    const checked = checkedStrings.get(fieldString);
    if (checked && checked.value === node.value && checked.variablesById === doc.variablesById) {
      diagnostics.push(...placeFindings(doc, checked, node.offset));
      continue;
    }
    const first = diagnostics.length;
    const references = findVariableReferences(text, node);
    if (references.length > 0) checkReferences(doc, field, references, diagnostics);
    checkedStrings.set(fieldString, {
      value: node.value as string,
      variablesById: doc.variablesById,
      offset: node.offset,
      findings: diagnostics.slice(first).map((diagnostic) => ({
        diagnostic,
        start: doc.textDocument.offsetAt(diagnostic.range.start) - node.offset,
        end: doc.textDocument.offsetAt(diagnostic.range.end) - node.offset,
      })),
    });
  }
  return diagnostics;
}

/**
 * What the rules found in one (V) string, kept while its value and the declared variables stay
 * the same (typing elsewhere patches the tree: this string keeps its node and at most moves).
 */
interface CheckedString {
  readonly value: string;
  readonly variablesById: PearlDocument['variablesById'];
  /** The string node's offset when the diagnostics' ranges were computed. */
  offset: number;
  /** Each diagnostic with its span relative to the string node's offset. */
  findings: { readonly diagnostic: Diagnostic; readonly start: number; readonly end: number }[];
}

const checkedStrings = new WeakMap<FieldString, CheckedString>();

/** The kept diagnostics of a string now at `offset`; their ranges move with it (a patch adds no line). */
function placeFindings(doc: PearlDocument, checked: CheckedString, offset: number): Diagnostic[] {
  if (checked.offset !== offset) {
    checked.findings = checked.findings.map(({ diagnostic, start, end }) => ({
      diagnostic: { ...diagnostic, range: spanToRange(doc, { offset: offset + start, length: end - start }) },
      start,
      end,
    }));
    checked.offset = offset;
  }
  return checked.findings.map((finding) => finding.diagnostic);
}

/** A string value of a (V) field, with what the field accepts. */
interface FieldString {
  readonly node: JsonNode;
  readonly field: VariableField;
}

/**
 * The (V) strings of each parse, by its `pearl` node: an edit inside a string value keeps the tree
 * (pearlDocument.ts), and with it which strings are (V) fields and what each accepts, so typing
 * does not walk the document again.
 */
const fieldStringsByPearl = new WeakMap<JsonNode, readonly FieldString[]>();

/** Every (V) string under `pearl`, in document order, found by one walk of the `pearl` subtree. */
function getFieldStrings(doc: PearlDocument): readonly FieldString[] {
  const pearl = doc.pearl;
  if (!pearl) return [];
  const cached = fieldStringsByPearl.get(pearl);
  if (cached) return cached;
  const result: FieldString[] = [];
  // Iterative depth-first walk (no recursion: any nesting depth is safe), keeping the path.
  const steps: PathStep[] = [];
  const stack: { key: string | number; value: JsonNode; depth: number }[] = [{ key: 'pearl', value: pearl, depth: 0 }];
  while (stack.length > 0) {
    const { key, value, depth } = stack.pop()!;
    steps.length = depth;
    steps.push({ key, value });
    if (value.type === 'string') {
      const field = typeof key === 'string' && variableFieldKeys.has(key) ? resolveVariableField(doc.kind, steps) : undefined;
      if (field) result.push({ node: value, field });
      continue;
    }
    const children = value.children;
    if (!children) continue;
    // Pushed in reverse so that they are visited, and reported, in document order.
    for (let index = children.length - 1; index >= 0; index--) {
      const child = children[index];
      if (value.type === 'object') {
        const [keyNode, valueNode] = child.children ?? [];
        if (!keyNode || !valueNode) continue;
        const childKey = keyNode.value as string;
        const wanted = valueNode.type === 'string' ? variableFieldKeys.has(childKey) : variableContainerKeys.has(childKey);
        if (wanted) stack.push({ key: childKey, value: valueNode, depth: depth + 1 });
      } else {
        stack.push({ key: index, value: child, depth: depth + 1 });
      }
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
