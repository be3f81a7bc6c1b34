import type { Edit } from 'jsonc-parser';
import type { Diagnostic } from 'vscode-languageserver-types';
import { readVariableDeclarationFixData, readVariableReferenceFixData, samePath } from '../diagnosticData';
import { appendToArrayProperty, Fix, removeArrayElements } from '../fixSupport';
import { findNearest } from '../../utils/editDistance';
import { getPearlSymbolAt } from '../../features/pearlSymbols';
import { getNodeAtPath, getPropertyKeyNode, getPropertyNode } from '../../document/jsonTree';
import { PearlDocument, VariableGroup } from '../../document/pearlDocument';
import { findVariableReferences } from '../../document/variableReferences';
import { variableGroupNames } from '../../interface/enumNames';

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
export function fixUndeclaredVariable(doc: PearlDocument, { data }: Diagnostic): Fix[] {
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

/**
 * `variable-unused` → "Remove variable 'x'": removes the declaration from `variables` with its
 * comma (docs/rulings.md § Unused pre-call variables). Found from the diagnostic's
 * VariableDeclarationFixData; none when the element there no longer declares that id.
 */
export function fixUnusedVariable(doc: PearlDocument, { data }: Diagnostic): Fix[] {
  const fixData = readVariableDeclarationFixData(data);
  const variable = fixData && doc.variables.find((candidate) => samePath(candidate.path, fixData.path));
  const array = getPropertyNode(doc.root, 'variables');
  if (!fixData || variable?.id !== fixData.id || array?.type !== 'array') return [];
  const edits = removeArrayElements(doc, array, [variable.node]);
  return edits.length > 0 ? [{ title: `Remove variable '${fixData.id}'`, edits, isPreferred: true }] : [];
}
