import { DocumentHighlight, DocumentHighlightKind, Location, Position, Range, TextEdit, WorkspaceEdit } from 'vscode-languageserver-types';
import { spanToRange } from '../rules/diagnostics';
import type { PearlDocument } from '../document/pearlDocument';
import { quote } from '../interface/messageText';
import {
  findNodeDeclarations,
  findOccurrences,
  findVariableDeclarations,
  getPearlSymbolAt,
  PearlSymbol,
  symbolFamily,
} from './pearlSymbols';

/**
 * A variable id: 1 to 40 of `A-Z a-z 0-9 _ -` (docs/interface.md § DataSettings, § Limits
 * DataSettings.id; docs/rulings.md § Variables). None of these characters needs a JSON escape.
 */
const variableIdPattern = /^[A-Za-z0-9_-]{1,40}$/;

/** Characters a JSON string cannot hold unescaped: a rename never writes an escape. */
const needsJsonEscape = /["\\\u0000-\u001f]/;

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
 * toNodeId, variable id, `{id}` (the id only, not the braces) or variableId) and its current text as
 * placeholder; null elsewhere.
 */
export function prepareRename(doc: PearlDocument, position: Position): { range: Range; placeholder: string } | null {
  const symbol = getPearlSymbolAt(doc, doc.textDocument.offsetAt(position));
  if (!symbol) return null;
  return { range: spanToRange(doc, symbol.span), placeholder: symbol.id };
}

/**
 * Why renaming the identifier at `position` to `newName` is refused, or undefined when it is
 * allowed (also undefined when there is nothing to rename: {@link doRename} returns null then).
 * - a variable id must be 1 to 40 of `A-Z a-z 0-9 _ -` (§ DataSettings, § Limits);
 * - a nodeId must be non-empty and hold no `"`, `\` or control character (so that no JSON escape
 *   is ever written);
 * - the new name must not be one already declared by another node or variable (the two would merge).
 */
export function getRenameError(doc: PearlDocument, position: Position, newName: string): string | undefined {
  const symbol = getPearlSymbolAt(doc, doc.textDocument.offsetAt(position));
  if (!symbol) return undefined;
  return validateNewName(doc, symbol, newName);
}

/**
 * Renames the node id or variable id at `position` to `newName`: for a node, every nodeId
 * declaring it and every toNodeId naming it; for a variable, its declaration(s) in `variables`,
 * the id inside every `{id}` (braces and surrounding text untouched) and every `variableId`. No
 * other text is touched. Null when the cursor is on none of these or `newName` is refused
 * ({@link getRenameError} says why). Linear in the size of the document.
 */
export function doRename(doc: PearlDocument, position: Position, newName: string): WorkspaceEdit | null {
  const symbol = getPearlSymbolAt(doc, doc.textDocument.offsetAt(position));
  if (!symbol || validateNewName(doc, symbol, newName) !== undefined) return null;
  const edits: TextEdit[] = findOccurrences(doc, symbol).map((occurrence) => ({
    range: spanToRange(doc, occurrence.span),
    newText: newName,
  }));
  return { changes: { [doc.textDocument.uri]: edits } };
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

/**
 * Why `newName` cannot be the nodeId of a node whose nodeId is `currentId` (undefined for a node
 * without one), or undefined when it can: it must be non-empty, hold no `"`, `\` or control
 * character (so that no JSON escape is ever written), and not be declared by another node
 * (docs/interface.md § Node: unique within the flow).
 */
export function validateNodeId(doc: PearlDocument, newName: string, currentId: string | undefined): string | undefined {
  if (newName === '') return 'A nodeId cannot be empty.';
  if (needsJsonEscape.test(newName))
    return `'${quote(newName)}' is not a usable nodeId: it must not contain '"', '\\' or control characters.`;
  if (newName !== currentId && findNodeDeclarations(doc, newName).length > 0) {
    return `A node with nodeId '${quote(newName)}' already exists.`;
  }
  return undefined;
}
