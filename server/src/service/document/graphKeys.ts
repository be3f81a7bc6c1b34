import type { PearlDocument, PearlNode, PearlTransition } from './pearlDocument';

/**
 * The keys of the graph's nodes and edges ({@link PearlGraphNode.key}, {@link PearlGraphEdge.key}
 * in protocol.ts), built and resolved in one place: `n:<index>` for `pearl.nodes[index]`,
 * `<parentKey>/<list>:<index>` for a nested action of handOffAction or postCallActions, and
 * `<sourceKey>>t:<index>` for the index-th transition object of a top-level node.
 */

/** The key of `node`. */
export function getNodeKey(node: PearlNode): string {
  return node.container ? `${getNodeKey(node.container.node)}/${node.container.list}:${node.index}` : `n:${node.index}`;
}

/** The key of the `index`-th transition of the node whose key is `sourceKey`. */
export function getTransitionKey(sourceKey: string, index: number): string {
  return `${sourceKey}>t:${index}`;
}

const nodeKeyPattern = /^n:(\d+)((?:\/(?:handOffAction|postCallActions):\d+)*)$/;
const nestedStepPattern = /\/(handOffAction|postCallActions):(\d+)/g;

/** The node `key` names in `doc`, or undefined (malformed key, no such node). Linear in the nodes on its path. */
export function findNodeByKey(doc: PearlDocument, key: string): PearlNode | undefined {
  const match = nodeKeyPattern.exec(key);
  if (!match) return undefined;
  let node = doc.nodes.find((candidate) => candidate.index === Number(match[1]));
  for (const step of match[2].matchAll(nestedStepPattern)) {
    node = node?.nested.find((child) => child.container?.list === step[1] && child.index === Number(step[2]));
  }
  return node;
}

/** The transition `key` names in `doc`, or undefined. */
export function findTransitionByKey(doc: PearlDocument, key: string): PearlTransition | undefined {
  const separator = key.lastIndexOf('>t:');
  if (separator < 0 || !/^\d+$/.test(key.slice(separator + 3))) return undefined;
  return findNodeByKey(doc, key.slice(0, separator))?.transitions[Number(key.slice(separator + 3))];
}
