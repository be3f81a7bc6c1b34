import { DocumentHighlight, DocumentHighlightKind, Location, Position, Range, TextEdit } from 'vscode-languageserver-types';
import { spanToRange } from '../document/textSpan';
import type { PearlDocument } from '../document/pearlDocument';
import { quote } from '../interface/messageText';
import type { PearlTransition } from '../document/pearlDocument';
import { describeTransitionNameProblem, validateNodeId } from '../interface/graphEditChecks';
import { type PearlRename, transitionRename } from '../interface/pearlRenames';
import {
  contentSpan,
  findOccurrences,
  findStringValueAt,
  findVariableDeclarations,
  getPearlSymbolAt,
  PearlSymbol,
  symbolFamily,
} from '../interface/pearlSymbols';

/**
 * A variable id: 1 to 40 of `A-Z a-z 0-9 _ -` (docs/interface.md § DataSettings, § Limits
 * DataSettings.id; docs/rulings.md § Variables). None of these characters needs a JSON escape.
 */
const variableIdPattern = /^[A-Za-z0-9_-]{1,40}$/;

/**
 * Find references at `position`:
 * - on a `nodeId` or `toNodeId` value: every `toNodeId` naming that id (docs/interface.md
 *   § Transition), plus each node declaring it when `includeDeclaration`;
 * - on a variable's `id` in `variables`, a `{id}` reference or a `variableId`: every `{id}` in a (V)
 *   field and every APIDataSchemaProperty `variableId` naming it (§ DataSettings,
 *   § APIDataSchemaProperty), plus its declaration when `includeDeclaration`.
 * Each location is the identifier itself (inside the quotes; between the braces). Empty when the
 * cursor is on none of these. Linear in the size of the document.
 */
export function findReferences(doc: PearlDocument, position: Position, includeDeclaration: boolean): Location[] {
  const symbol = getPearlSymbolAt(doc, doc.textDocument.offsetAt(position));
  if (!symbol) return [];
  const uri = doc.textDocument.uri;
  return findOccurrences(doc, symbol)
    .filter((occurrence) => includeDeclaration || !occurrence.isDeclaration)
    .map((occurrence) => ({ uri, range: spanToRange(doc, occurrence.span) }));
}

/**
 * Document highlights at `position`: the same occurrences as {@link findReferences} with the
 * declarations, declarations as Write and uses as Read. Empty off a node id or variable id.
 */
export function findDocumentHighlights(doc: PearlDocument, position: Position): DocumentHighlight[] {
  const symbol = getPearlSymbolAt(doc, doc.textDocument.offsetAt(position));
  if (!symbol) return [];
  return findOccurrences(doc, symbol).map((occurrence) => ({
    range: spanToRange(doc, occurrence.span),
    kind: occurrence.isDeclaration ? DocumentHighlightKind.Write : DocumentHighlightKind.Read,
  }));
}

/**
 * Whether a rename can start at `position`: the range of the identifier under the cursor (a nodeId,
 * toNodeId, variable id, `{id}` (the id only, not the braces), variableId, or a transition's
 * `name`) and its current text as placeholder; null elsewhere.
 */
export function prepareRename(doc: PearlDocument, position: Position): { range: Range; placeholder: string } | null {
  const offset = doc.textDocument.offsetAt(position);
  const symbol = getPearlSymbolAt(doc, offset);
  if (symbol) return { range: spanToRange(doc, symbol.span), placeholder: symbol.id };
  const transition = findTransitionNameAt(doc, offset);
  if (!transition?.nameNode || transition.name === undefined) return null;
  return { range: spanToRange(doc, contentSpan(doc.textDocument.getText(), transition.nameNode)), placeholder: transition.name };
}

/** The transition whose `name` string is at `offset`, or undefined. */
function findTransitionNameAt(doc: PearlDocument, offset: number): PearlTransition | undefined {
  const node = findStringValueAt(doc, offset);
  if (!node) return undefined;
  for (const pearlNode of doc.allNodes) {
    const transition = pearlNode.transitions.find((candidate) => candidate.nameNode === node);
    if (transition) return transition;
  }
  return undefined;
}

/**
 * Why renaming the identifier at `position` to `newName` is refused, or undefined when it is
 * allowed (also undefined when there is nothing to rename: {@link planRename} returns null then).
 * - a variable id must be 1 to 40 of `A-Z a-z 0-9 _ -` (§ DataSettings, § Limits);
 * - a nodeId must be non-empty and hold no `"`, `\` or control character (so that no JSON escape
 *   is ever written);
 * - the new name must not be one already declared by another node or variable (the two would merge);
 * - a transition's name must not be empty nor the name of another transition of its node
 *   (docs/interface.md § Transition: unique within the node).
 */
export function getRenameError(doc: PearlDocument, position: Position, newName: string): string | undefined {
  const offset = doc.textDocument.offsetAt(position);
  const symbol = getPearlSymbolAt(doc, offset);
  if (symbol) return validateNewName(doc, symbol, newName);
  const transition = findTransitionNameAt(doc, offset);
  return transition ? describeTransitionNameProblem(transition.source, newName, transition) : undefined;
}

/**
 * Renames the node id, variable id or transition name at `position` to `newName`: for a node,
 * every nodeId declaring it and every toNodeId naming it; for a variable, its declaration(s) in
 * `variables`, the id inside every `{id}` (braces and surrounding text untouched) and every
 * `variableId`; for a transition, its `name` (written JSON-escaped). No other text of the Pearl is
 * touched. Returns the Pearl's edits and, for a node id or transition rename, the rename walks files
 * follow (interface/pearlRenames.ts: the service's entry adds their edits, docs/user/walks.md § In
 * the editor). Null when the cursor is on none of these or `newName` is refused
 * ({@link getRenameError} says why). Linear in the size of the document.
 */
export function planRename(
  doc: PearlDocument,
  position: Position,
  newName: string,
): { readonly edits: TextEdit[]; readonly followed?: PearlRename } | null {
  const offset = doc.textDocument.offsetAt(position);
  const symbol = getPearlSymbolAt(doc, offset);
  if (symbol) {
    if (validateNewName(doc, symbol, newName) !== undefined) return null;
    const edits = findOccurrences(doc, symbol).map((occurrence) => ({ range: spanToRange(doc, occurrence.span), newText: newName }));
    return symbolFamily(symbol) === 'node' && newName !== symbol.id
      ? { edits, followed: { kind: 'nodeId', from: symbol.id, to: newName } }
      : { edits };
  }
  const transition = findTransitionNameAt(doc, offset);
  if (!transition?.nameNode || describeTransitionNameProblem(transition.source, newName, transition) !== undefined) return null;
  const span = contentSpan(doc.textDocument.getText(), transition.nameNode);
  const edits = [{ range: spanToRange(doc, span), newText: JSON.stringify(newName).slice(1, -1) }];
  return newName !== transition.name ? { edits, followed: transitionRename(transition, newName) } : { edits };
}

function validateNewName(doc: PearlDocument, symbol: PearlSymbol, newName: string): string | undefined {
  if (symbolFamily(symbol) === 'variable') {
    if (!variableIdPattern.test(newName)) {
      return `'${quote(newName)}' is not a valid variable id: use 1 to 40 of A-Z, a-z, 0-9, underscore and hyphen.`;
    }
    if (newName !== symbol.id && findVariableDeclarations(doc, newName).length > 0) {
      return `A variable with id '${quote(newName)}' is already declared.`;
    }
    return undefined;
  }
  return validateNodeId(doc, newName, symbol.id);
}
