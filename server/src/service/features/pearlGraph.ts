import { Diagnostic } from 'vscode-languageserver-types';
import type { PearlGraph, PearlGraphEdge, PearlGraphNode } from '#protocol/graphTypes';
import { DiagnosticCode } from '../rules/diagnosticCodes';
import { spanToRange } from '../document/textSpan';
import { getNodeKey, getTransitionKey } from '../document/graphKeys';
import { getStringProperty } from '../document/jsonTree';
import { PearlDocument, PearlNode } from '../document/pearlDocument';
import { nodeTypeNames } from '../interface/enumNames';
import { getNodeSettings } from '../interface/nodeSettings';
import { getNodeTexts } from '../interface/nodeTypes';

/**
 * The conversation graph of a text Pearl for the graph preview (docs/interface.md § Node,
 * Graph rules): every node of `pearl.nodes` and every nested action of handOffAction and
 * postCallActions, every transition whose toNodeId resolves, the entry node (rule 1), and each
 * node's diagnostics from `diagnostics` (those starting inside it). A simple Pearl has no graph:
 * empty nodes and edges. O((nodes + diagnostics) · log nodes).
 */
export function getPearlGraph(doc: PearlDocument, diagnostics: readonly Diagnostic[]): PearlGraph {
  const nodes: PearlGraphNode[] = [];
  const edges: PearlGraphEdge[] = [];
  const base = {
    uri: doc.textDocument.uri,
    version: doc.textDocument.version,
    kind: doc.kind,
    name: getStringProperty(doc.root, 'name'),
  };
  if (doc.kind !== 'text') return { ...base, nodes, edges };

  const perNode = assignDiagnostics(doc, diagnostics);
  const keys = new Map<PearlNode, string>();

  const add = (node: PearlNode, key: string, parent: PearlGraphNode['parent']): void => {
    keys.set(node, key);
    const own = perNode.get(node) ?? [];
    const typeName = node.nodeType === undefined ? 'Node' : (nodeTypeNames[node.nodeType] ?? `nodeType ${node.nodeType}`);
    const script = getStringProperty(node.node, 'script');
    const instructions = getStringProperty(node.node, 'instructions');
    nodes.push({
      key,
      nodeId: node.nodeId,
      name: node.name,
      nodeType: node.nodeType,
      typeName,
      script,
      instructions,
      texts: getNodeTexts(node.nodeType, script !== undefined, instructions !== undefined),
      settings: getNodeSettings(doc, node),
      range: spanToRange(doc, node.node),
      selectionRange: spanToRange(doc, node.nodeIdNode ?? node.nameNode ?? { offset: node.node.offset, length: 1 }),
      isEntry: node === doc.entry,
      parent,
      diagnostics: own,
      cannotReachEnd: own.some((diagnostic) => diagnostic.code === DiagnosticCode.graphCannotReachEnd),
      noIncoming: own.some(
        (diagnostic) => diagnostic.code === DiagnosticCode.graphNoIncoming || diagnostic.code === DiagnosticCode.graphOpeningNotTargeted,
      ),
    });
    // eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- a nested action always has its container
    node.nested.forEach((child) => add(child, getNodeKey(child), { key, list: child.container!.list }));
  };
  doc.nodes.forEach((node) => add(node, getNodeKey(node), undefined));

  for (const node of doc.nodes) {
    // Every top-level node got its key in the pass above.
    // eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- set for each of doc.nodes just above
    const source = keys.get(node)!;
    node.transitions.forEach((transition, index) => {
      const target = transition.target;
      if (!target) return;
      edges.push({
        key: getTransitionKey(source, index),
        source,
        // eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- a transition's target is one of doc.nodes, all keyed above
        target: keys.get(target)!,
        name: transition.name,
        apiResult: transition.apiResult,
        range: spanToRange(doc, transition.node),
      });
    });
  }
  return { ...base, nodes, edges };
}

/** Each diagnostic goes to the innermost node whose object contains its start. */
function assignDiagnostics(doc: PearlDocument, diagnostics: readonly Diagnostic[]): Map<PearlNode, Diagnostic[]> {
  const result = new Map<PearlNode, Diagnostic[]>();
  const topLevel = doc.nodes;
  for (const diagnostic of diagnostics) {
    const offset = doc.textDocument.offsetAt(diagnostic.range.start);
    let node = findContaining(topLevel, offset);
    for (let nested = node && findContaining(node.nested, offset); nested; nested = findContaining(nested.nested, offset)) {
      node = nested;
    }
    if (!node) continue;
    let list = result.get(node);
    if (!list) result.set(node, (list = []));
    list.push(diagnostic);
  }
  return result;
}

/** Binary search over nodes in document order. */
function findContaining(nodes: readonly PearlNode[], offset: number): PearlNode | undefined {
  let low = 0;
  let high = nodes.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const { offset: start, length } = nodes[middle].node;
    if (offset < start) high = middle - 1;
    else if (offset >= start + length) low = middle + 1;
    else return nodes[middle];
  }
  return undefined;
}
