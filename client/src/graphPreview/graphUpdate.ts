/**
 * What the host posts for a new graph: the whole graph when its structure changed (or the page has
 * none yet), otherwise only the nodes whose data changed (diagnostics, marks, ranges), so that a
 * script edit in a large Pearl sends a few hundred bytes instead of the whole graph each time. No
 * `vscode` import: the host, the tests and `npm run bench:graph` share it.
 */
import type { PearlGraph, PearlGraphNode } from '../../../protocol/pearlRequests';
import type { GraphMessage, NodesMessage } from '../../../protocol/graphPreviewMessages';
import { structuralSignature } from './webview/structure';

/** The message that brings a page showing `previous` (undefined: nothing yet) to `next`. */
export function graphUpdate(previous: PearlGraph | undefined, next: PearlGraph): GraphMessage | NodesMessage {
  if (
    previous === undefined ||
    previous.uri !== next.uri ||
    previous.kind !== next.kind ||
    structuralSignature(previous) !== structuralSignature(next)
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

/** Applies a {@link NodesMessage} to the graph it was computed against. */
export function applyNodes(graph: PearlGraph, message: NodesMessage): PearlGraph {
  const changed = new Map(message.nodes.map((node) => [node.key, node] as const));
  return { ...graph, version: message.version, nodes: graph.nodes.map((node) => changed.get(node.key) ?? node) };
}

function nodeData(node: PearlGraphNode): string {
  return JSON.stringify(node);
}
