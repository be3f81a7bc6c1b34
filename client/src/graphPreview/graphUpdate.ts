/**
 * What the host posts for a new graph: the whole graph when it has other nodes or transitions (or
 * the page has none yet), otherwise only the nodes whose data changed (diagnostics, marks, ranges,
 * a script, a name), so that typing in a large Pearl, in a script or in a node's name, sends a few
 * hundred bytes instead of the whole graph each time (the page lays the graph out again when a name
 * changed). No `vscode` import: the host, the tests and `npm run bench:graph` share it.
 */
import type { PearlGraph, PearlGraphEdge, PearlGraphNode } from '../../../protocol/pearlRequests';
import type { GraphMessage, NodesMessage } from '../../../protocol/graphPreviewMessages';

/** The message that brings a page showing `previous` (undefined: nothing yet) to `next`. */
export function graphUpdate(previous: PearlGraph | undefined, next: PearlGraph): GraphMessage | NodesMessage {
  if (
    previous === undefined ||
    previous.uri !== next.uri ||
    previous.kind !== next.kind ||
    previous.name !== next.name ||
    !sameNodesAndEdges(previous, next)
  ) {
    return { type: 'graph', graph: next };
  }
  const before = new Map(previous.nodes.map((node) => [node.key, nodeData(node)] as const));
  return {
    type: 'nodes',
    uri: next.uri,
    version: next.version,
    nodes: next.nodes.filter((node) => before.get(node.key) !== nodeData(node)),
  };
}

/** Whether `a` and `b` have the same nodes (keys, in order) and the same transitions, whatever the nodes' data. */
function sameNodesAndEdges(a: PearlGraph, b: PearlGraph): boolean {
  if (a.nodes.length !== b.nodes.length || a.edges.length !== b.edges.length) return false;
  if (a.nodes.some((node, index) => node.key !== b.nodes[index].key)) return false;
  return a.edges.every((edge, index) => edgeData(edge) === edgeData(b.edges[index]));
}

function edgeData(edge: PearlGraphEdge): string {
  return JSON.stringify([edge.key, edge.source, edge.target, edge.name, edge.apiResult, edge.range]);
}

/** Applies a {@link NodesMessage} to the graph it was computed against. */
export function applyNodes(graph: PearlGraph, message: NodesMessage): PearlGraph {
  const changed = new Map(message.nodes.map((node) => [node.key, node] as const));
  return { ...graph, version: message.version, nodes: graph.nodes.map((node) => changed.get(node.key) ?? node) };
}

function nodeData(node: PearlGraphNode): string {
  return JSON.stringify(node);
}
