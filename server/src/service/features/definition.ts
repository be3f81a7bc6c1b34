import { LocationLink, Position } from 'vscode-languageserver-types';
import { spanToRange, TextSpan } from '../document/textSpan';
import type { JsonNode } from '../document/jsonTree';
import type { PearlDocument } from '../document/pearlDocument';
import { findNodeDeclarations, findVariableDeclarations, getPearlSymbolAt } from '../interface/pearlSymbols';

/**
 * Go to definition at `position`:
 * - from a `toNodeId` value to the top-level node whose nodeId it names (docs/interface.md
 *   § Transition): target range the node object, target selection its nodeId value;
 * - from a `{id}` reference in a (V) field, or an APIDataSchemaProperty `variableId`
 *   (§ APIDataSchemaProperty), to the variable declared with that id in `variables`
 *   (§ DataSettings): target range the variable object, target selection its id value.
 * `originSelectionRange` is the toNodeId string, the `{id}`, or the variableId string. Several
 * links when the id is declared more than once (an Error reported elsewhere). Null when the cursor
 * is on none of these, or the id is declared nowhere.
 */
export function findDefinition(doc: PearlDocument, position: Position): LocationLink[] | null {
  const symbol = getPearlSymbolAt(doc, doc.textDocument.offsetAt(position));
  if (!symbol) return null;
  let origin: TextSpan;
  let targets: { range: JsonNode; selection: JsonNode }[];
  switch (symbol.kind) {
    case 'toNodeId':
      origin = symbol.node;
      // Transitions target top-level nodes only (nested actions are fire-and-forget, graph rule 6).
      targets = findNodeDeclarations(doc, symbol.id).flatMap((node) =>
        !node.container && node.nodeIdNode ? [{ range: node.node, selection: node.nodeIdNode }] : [],
      );
      break;
    case 'variableReference':
    case 'variableId':
      origin = symbol.kind === 'variableReference' ? symbol.reference : symbol.node;
      targets = findVariableDeclarations(doc, symbol.id).flatMap((variable) =>
        variable.idNode ? [{ range: variable.node, selection: variable.idNode }] : [],
      );
      break;
    default:
      return null;
  }
  if (targets.length === 0) return null;
  const uri = doc.textDocument.uri;
  return targets.map((target) => ({
    originSelectionRange: spanToRange(doc, origin),
    targetUri: uri,
    targetRange: spanToRange(doc, target.range),
    targetSelectionRange: spanToRange(doc, target.selection),
  }));
}
