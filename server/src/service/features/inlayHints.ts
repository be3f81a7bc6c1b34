import { InlayHint, Range } from 'vscode-languageserver-types';
import { nodeTypeNames } from '../interface/enumNames';
import { getNodePath, type JsonNode } from '../document/jsonTree';
import type { PearlDocument, PearlNode } from '../document/pearlDocument';
import { findSchemaForPath, getEnumValues } from '../interface/schemaNavigator';

/** The longest node name a hint shows before it is cut with `…`, in characters. */
const maxNameLength = 40;

/**
 * Inlay hints within `range` (docs/interface.md § Enumerations, § Transition):
 * - after each integer value of an enumerated property, its name (`"nodeType": 10` → `Dialogue`,
 *   `"color": 4` → `green`), from the schema's `enumNames` of the document's kind;
 * - after each `toNodeId` naming a node, the target's name and type (`Ask the date · Dialogue`).
 * Each hint sits right after its value, padded on the left. Walks the tree iteratively, skipping
 * the parts outside `range`; values that are not known names get no hint.
 */
export function getInlayHints(doc: PearlDocument, range: Range): InlayHint[] {
  if (!doc.root) return [];
  const textDocument = doc.textDocument;
  const start = textDocument.offsetAt(range.start);
  const end = textDocument.offsetAt(range.end);
  const hints: InlayHint[] = [];
  const hint = (node: JsonNode, label: string): void => {
    hints.push({ position: textDocument.positionAt(node.offset + node.length), label, paddingLeft: true });
  };

  const namesByPath = new Map<string, Map<unknown, string | undefined>>();
  const stack: JsonNode[] = [doc.root];
  for (let node = stack.pop(); node; node = stack.pop()) {
    if (node.offset > end || node.offset + node.length < start) continue;
    if (node.children) {
      for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]);
      continue;
    }
    if (node.type !== 'number' || !Number.isInteger(node.value) || node.parent?.type !== 'property' || node.parent.children?.[1] !== node)
      continue;
    const path = getNodePath(node);
    // Every element of an array has the same schema: one lookup per property path.
    const key = path.map((segment) => (typeof segment === 'number' ? '[]' : JSON.stringify(segment))).join('.');
    let names = namesByPath.get(key);
    if (!names) {
      const schema = findSchemaForPath(doc.kind, path);
      names = new Map((schema ? getEnumValues(schema) : []).map((entry) => [entry.value, entry.name]));
      namesByPath.set(key, names);
    }
    const name = names.get(node.value);
    if (name !== undefined) hint(node, name);
  }

  // Top-level nodes are in document order: only those overlapping the range (with their nested actions) are read.
  const sources: PearlNode[] = doc.nodes.filter((node) => node.node.offset <= end && node.node.offset + node.node.length >= start);
  for (let i = 0; i < sources.length; i++) {
    const source = sources[i];
    sources.push(...source.nested);
    for (const transition of source.transitions) {
      const valueNode = transition.toNodeIdNode;
      if (!valueNode || valueNode.offset > end || valueNode.offset + valueNode.length < start) continue;
      const target = transition.target;
      if (!target) continue;
      const type = target.nodeType !== undefined ? nodeTypeNames[target.nodeType] : undefined;
      const name = target.name !== undefined && target.name.trim() !== '' ? shorten(target.name) : undefined;
      const label = [name, type].filter((part) => part !== undefined).join(' · ');
      if (label !== '') hint(valueNode, label);
    }
  }
  return hints.sort((a, b) => a.position.line - b.position.line || a.position.character - b.position.character);
}

function shorten(name: string): string {
  const oneLine = name.replace(/\s+/g, ' ');
  return oneLine.length > maxNameLength ? `${oneLine.slice(0, maxNameLength - 1)}…` : oneLine;
}
