/**
 * What of a graph decides its layout, as one string: nodes (key, name, nodeId, type, nesting and
 * the marks drawn in their header), transitions (source, target, name, apiResult). Two graphs with
 * the same signature have the same layout, so an edit to a script, an instruction or any other
 * field only refreshes the marks and diagnostics on the drawing. Linear in the size of the graph.
 */
import type { PearlGraph, PearlGraphNode } from '#protocol/graphTypes';

/** The structural signature of `graph` (see the module comment). */
export function structuralSignature(graph: PearlGraph): string {
  const parts: string[] = [];
  for (const node of graph.nodes) {
    parts.push(
      'n',
      node.key,
      node.name ?? '\u0001',
      node.nodeId ?? '\u0001',
      node.typeName,
      String(node.nodeType),
      node.parent?.key ?? '',
      flags(node),
    );
  }
  for (const edge of graph.edges) parts.push('e', edge.key, edge.source, edge.target, edge.name ?? '\u0001', String(edge.apiResult));
  return parts.join('\u0000');
}

/** The header marks of a node, which change its size. */
function flags(node: PearlGraphNode): string {
  return `${node.isEntry ? 'E' : ''}${node.cannotReachEnd ? 'C' : ''}${node.noIncoming ? 'I' : ''}`;
}

/**
 * Whether `a` and `b` look alike besides their layout: the data a node's tooltip and screen reader
 * label show (name, nodeId, type, entry) and its diagnostics (severity and message: the count badge,
 * the tooltip). A node that does not look as it did is redrawn in place. Fields compared one by one,
 * nothing serialised: a whole graph sent again after a node was removed compares every node.
 */
export function sameAppearance(a: PearlGraphNode, b: PearlGraphNode): boolean {
  if (a === b) return true;
  if (a.name !== b.name || a.nodeId !== b.nodeId || a.typeName !== b.typeName || a.isEntry !== b.isEntry) return false;
  const [before, now] = [a.diagnostics, b.diagnostics];
  if (before.length !== now.length) return false;
  for (let index = 0; index < before.length; index++)
    if (before[index].severity !== now[index].severity || before[index].message !== now[index].message) return false;
  return true;
}

const nowhere = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };

/**
 * A node with only what its layout depends on (no script, instructions, ranges or diagnostics),
 * for the layout worker: posting a graph copies it, and the scripts of a large Pearl are most of
 * it. The page puts the whole nodes back by key when it draws the layout.
 */
function layoutNode(node: PearlGraphNode): PearlGraphNode {
  const { key, nodeId, name, nodeType, typeName, isEntry, parent, cannotReachEnd, noIncoming } = node;
  return {
    key,
    nodeId,
    name,
    nodeType,
    typeName,
    isEntry,
    parent,
    cannotReachEnd,
    noIncoming,
    range: nowhere,
    selectionRange: nowhere,
    diagnostics: [],
    texts: [],
  };
}

/**
 * `graph` with its nodes cut to what their layout depends on (see {@link layoutNode}) and its
 * transitions without their ranges: an edit shifts the ranges of everything after it, and a
 * layout must not differ by what it does not draw (the page reads a transition's data, its range
 * included, from the graph, never from the layout).
 */
export function layoutInput(graph: PearlGraph): PearlGraph {
  return { ...graph, nodes: graph.nodes.map(layoutNode), edges: graph.edges.map((edge) => ({ ...edge, range: nowhere })) };
}
