import type { Diagnostic } from 'vscode-languageserver-types';
import { findNearest } from '../../utils/editDistance';
import { nodeIn, readNodeFixData, readTransitionFixData, transitionIn } from '../diagnosticData';
import { NodeType, PearlDocument, PearlNode } from '../../document/pearlDocument';
import { getTransitionProblems } from '../../interface/nodeTypes';
import { appendToArrayProperty, Fix, replaceNode } from '../fixSupport';
import { makeTemplatePlaceholder } from '../../document/templatePlaceholders';

/** The name of a transition the fixes add to the EndCall node (unique within its node). */
const endTransitionName = 'End the conversation';

/** The script of a node "Create node" adds: a placeholder to fill, reported until it is (`template-placeholder`). */
export const newNodeScriptPlaceholder = makeTemplatePlaceholder('what the agent writes at this step');

/**
 * `unknown-target` → "Change to 'talk'" for each nodeId within edit distance 2 (§ Transition), then
 * "Create node 'x'" ({@link fixCreateTargetNode}).
 */
export function fixUnknownTarget(doc: PearlDocument, { data }: Diagnostic): Fix[] {
  return [...fixNearestTarget(doc, data), ...fixCreateTargetNode(doc, data)];
}

function fixNearestTarget(doc: PearlDocument, data: unknown): Fix[] {
  const fixData = readTransitionFixData(data);
  const node = fixData && transitionIn(doc, fixData)?.toNodeIdNode;
  if (!fixData || node?.type !== 'string' || doc.nodesById.has(fixData.toNodeId)) return [];
  const nearest = findNearest(fixData.toNodeId, doc.nodesById.keys());
  return nearest.names.map((name) => ({
    title: `Change to '${name}'`,
    edits: [replaceNode(node, JSON.stringify(name))],
    isPreferred: nearest.unique && name === nearest.names[0],
  }));
}

/**
 * `unknown-target` → "Create node 'x'": appends to `pearl.nodes` a Dialogue node with that nodeId
 * (its name too), a script placeholder to fill ({@link newNodeScriptPlaceholder}, reported as
 * `template-placeholder` until it is: docs/rulings.md § Template placeholders) and a transition to
 * the EndCall node, so the new node is reachable and can end (the interface: § Graph rules, rules 3
 * and 4; § Transition). Without an EndCall node that has a nodeId, the new node has no transitions.
 * Offered beside "Change to 'y'".
 */
function fixCreateTargetNode(doc: PearlDocument, data: unknown): Fix[] {
  const fixData = readTransitionFixData(data);
  const id = fixData && transitionIn(doc, fixData) ? fixData.toNodeId : '';
  if (id.trim() === '' || doc.nodesById.has(id) || !doc.pearl) return [];
  const endCall = findEndCall(doc);
  const transitions = endCall ? [{ name: endTransitionName, toNodeId: endCall.nodeId }] : [];
  const node = { nodeId: id, name: id, nodeType: NodeType.Dialogue, script: newNodeScriptPlaceholder, transitions };
  const edit = appendToArrayProperty(doc, doc.pearl, 'nodes', node);
  return edit ? [{ title: `Create node '${id}'`, edits: [edit] }] : [];
}

/**
 * `graph-cannot-reach-end` → "Add a transition to EndCall": appends to the node's `transitions`
 * (created when absent) a transition named "End the conversation" (numbered when the name is
 * taken) to the EndCall node (§ Graph rules, rule 3). Not offered on a PreCallAPI node, whose
 * transitions lead to OpeningSentence nodes only (rule 5), nor without an EndCall node with a nodeId.
 */
export function fixAddEndTransition(doc: PearlDocument, { data }: Diagnostic): Fix[] {
  const fixData = readNodeFixData(data);
  const node = fixData && nodeIn(doc, fixData);
  const endCall = findEndCall(doc);
  if (!node || !endCall || node === endCall) return [];
  // A nested action, or a PreCallAPI node (whose transitions lead to OpeningSentence nodes only), cannot lead to EndCall.
  if (getTransitionProblems(node.nodeType, !!node.container, NodeType.EndCall, false, true) !== 0) return [];
  if (node.transitions.some((transition) => transition.toNodeId === endCall.nodeId)) return []; // stale
  const taken = new Set(node.transitions.map((transition) => transition.name));
  let name = endTransitionName;
  for (let n = 2; taken.has(name); n++) name = `${endTransitionName} ${n}`;
  const edit = appendToArrayProperty(doc, node.node, 'transitions', { name, toNodeId: endCall.nodeId });
  return edit ? [{ title: 'Add a transition to EndCall', edits: [edit], isPreferred: true }] : [];
}

/** The EndCall node transitions can name: the first, with a nodeId. */
function findEndCall(doc: PearlDocument): (PearlNode & { nodeId: string }) | undefined {
  const endCall = doc.nodes.find((node) => node.nodeType === NodeType.EndCall);
  return endCall?.nodeId !== undefined && doc.nodesById.get(endCall.nodeId) === endCall
    ? (endCall as PearlNode & { nodeId: string })
    : undefined;
}
