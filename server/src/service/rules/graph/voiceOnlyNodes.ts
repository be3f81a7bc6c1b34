import type { Edit } from 'jsonc-parser';
import type { Diagnostic } from 'vscode-languageserver-types';
import { DiagnosticSeverity } from '../diagnostics';
import { nodeFixData, nodeIn, readNodeFixData } from '../diagnosticData';
import { getPropertyNode, type JsonNode } from '../../document/jsonTree';
import { detectEol } from '../../document/indentation';
import { NodeType, type PearlDocument, type PearlNode, type PearlTransition } from '../../document/pearlDocument';
import { nodeTypeNames } from '../../interface/enumNames';
import { getNodeTypeFacts, getTransitionProblems, isVoiceOnlyNodeType } from '../../interface/nodeTypes';
import { Fix, removeArrayElements, replaceNode } from '../fixSupport';
import { defineRules, rulingsSection, type RuleModule, type StructuralModel } from '../ruleModule';
import { hasGraph, report, typeSpan } from './graphSupport';

/** The code of voice-only nodes (docs/rulings.md § Voice-only nodes). */
const codes = defineRules('graph', {
  voiceOnlyNode: {
    code: 'voice-only-node',
    severity: DiagnosticSeverity.Error,
    summary: 'A voice-only node type (TransferCall, StartCallRecording) in a text Pearl.',
    section: rulingsSection('Voice-only nodes'),
    examples: {
      fails: `{
  "pearl": {
    "nodes": [
      { "nodeId": "record", "name": "Record", "nodeType": 65 }
    ]
  }
}`,
      passes: `{
  "pearl": {
    "nodes": [
      { "nodeId": "ask", "name": "Ask", "nodeType": 10 }
    ]
  }
}`,
    },
    fix: fixRemoveVoiceOnlyNode,
  },
});

/** § Node types: a text Pearl cannot use a voice-only node type. */
export const voiceOnlyNodeRules: RuleModule<typeof codes> = {
  name: 'graph rules (voice-only nodes)',
  rules: codes,
  check: checkVoiceOnlyNodes,
  // It reads the nodes' types only, which typing in a string never changes.
  keptWhileTypingInStrings: true,
};

/**
 * `voice-only-node` (Error; docs/rulings.md § Voice-only nodes) on the nodeType of each top-level
 * node of a voice-only type (TransferCall, StartCallRecording) in a text Pearl, with the node's
 * NodeFixData for its quick fix. One pass over the nodes.
 */
function checkVoiceOnlyNodes(graph: StructuralModel, diagnostics: Diagnostic[]): void {
  if (!hasGraph(graph)) return;
  for (const node of graph.nodes) {
    if (node.nodeType === undefined || !isVoiceOnlyNodeType(node.nodeType)) continue;
    report(
      graph,
      diagnostics,
      typeSpan(graph, node),
      codes.voiceOnlyNode,
      `nodeType ${node.nodeType} (${nodeTypeNames[node.nodeType]}) is for voice Pearls only; a text Pearl cannot use it.`,
      { data: nodeFixData(node) },
    );
  }
}

/**
 * `voice-only-node` → "Remove node 'x'": removes the TransferCall or StartCallRecording node from
 * `pearl.nodes` (§ Node types: voice only) and reconnects the graph through it (graph rules 3 and
 * 4): each transition of another node that led to it now leads to each node it led to. With one
 * such successor the transition keeps its name and only its toNodeId changes; with several it
 * becomes one transition per successor, named "<its name>, then <the removed node's transition's
 * name>" (numbered where the name is taken), copied with its other properties and comments. A
 * successor the predecessor already leads to, the predecessor itself, and a target the predecessor
 * may not lead to (a PreCallAPI node leads to OpeningSentence nodes only, with one transition per
 * apiResult) are left out; a transition left with no successor is removed. Not offered when a
 * successor would be left without any incoming transition (nothing led to the removed node), as
 * the fix would then break the graph it mends.
 */
function fixRemoveVoiceOnlyNode(doc: PearlDocument, { data }: Diagnostic): Fix[] {
  const fixData = readNodeFixData(data);
  const node = fixData && nodeIn(doc, fixData);
  const nodes = getPropertyNode(doc.pearl, 'nodes');
  if (!node || node.container || nodes?.type !== 'array' || !isVoiceOnlyNodeType(node.nodeType)) return [];
  // Transitions resolve to the first node holding an id (graph rules): only then are they this node's.
  const holdsId = node.nodeId !== undefined && doc.nodesById.get(node.nodeId) === node;
  const predecessors = holdsId ? incomingBySource(doc, node) : new Map<PearlNode, PearlTransition[]>();
  const successors = node.transitions.filter((transition) => transition.toNodeId !== undefined && transition.target !== node);
  const plans = [...predecessors].map(([source, incoming]) => planSource(source, incoming, successors));
  const led = new Set(plans.flatMap((plan) => [...plan.targets.values()].flat().map((next) => next.target)));
  if (successors.some((next) => wouldBeOrphaned(doc, node, next.target, led))) return [];
  const edits: Edit[] = removeArrayElements(doc, nodes, [node.node]);
  for (const plan of plans) edits.push(...sourceEdits(doc, plan));
  const label = node.nodeId !== undefined ? `node '${node.nodeId}'` : node.name !== undefined ? `node '${node.name}'` : 'the node';
  const title =
    predecessors.size === 0
      ? `Remove ${label}`
      : led.size > 0
        ? `Remove ${label} and lead the transitions to it on to what follows it`
        : `Remove ${label} and the transitions to it`;
  return [{ title, edits }];
}

/** The transitions of other top-level nodes whose toNodeId names `node`, by their source, in document order. */
function incomingBySource(doc: PearlDocument, node: PearlNode): Map<PearlNode, PearlTransition[]> {
  const bySource = new Map<PearlNode, PearlTransition[]>();
  for (const source of doc.nodes) {
    if (source === node) continue;
    const incoming = source.transitions.filter((transition) => transition.toNodeId === node.nodeId);
    if (incoming.length > 0) bySource.set(source, incoming);
  }
  return bySource;
}

/**
 * Whether `target`, a node the removed node leads to, would have no incoming transition once
 * `removed` is gone: none from another node, and no predecessor led on to it (`led`). The entry
 * and the nodes that need no incoming transition excepted.
 */
function wouldBeOrphaned(
  doc: PearlDocument,
  removed: PearlNode,
  target: PearlNode | undefined,
  led: ReadonlySet<PearlNode | undefined>,
): boolean {
  if (!target || led.has(target) || target === doc.entry || getNodeTypeFacts(target.nodeType)?.needsIncoming === false) return false;
  return !(doc.incoming.get(target) ?? []).some((transition) => transition.source !== removed);
}

/** Whether a transition may lead from `source` to `target` (both top-level nodes; § Transition, graph rule 5). */
function mayLead(source: PearlNode, target: PearlNode | undefined): boolean {
  return !target || getTransitionProblems(source.nodeType, false, target.nodeType, false, target.nodeId !== undefined) === 0;
}

/**
 * What becomes of one predecessor's transitions to the removed node: the successors (transitions of
 * the removed node) each now leads to, in order; none means the transition goes.
 */
interface SourcePlan {
  readonly source: PearlNode;
  readonly targets: ReadonlyMap<PearlTransition, readonly PearlTransition[]>;
  /** The names of the source's other transitions. */
  readonly taken: ReadonlySet<string | undefined>;
}

/** The {@link SourcePlan} of `source`, whose `incoming` transitions lead to the removed node, which leads on through `successors`. */
function planSource(source: PearlNode, incoming: readonly PearlTransition[], successors: readonly PearlTransition[]): SourcePlan {
  const kept = source.transitions.filter((transition) => !incoming.includes(transition));
  const reached = new Set(kept.map((transition) => transition.toNodeId));
  const targets = new Map<PearlTransition, PearlTransition[]>();
  for (const transition of incoming) {
    const chosen = successors.filter((next, index) => {
      if (!transition.toNodeIdNode || next.toNodeId === source.nodeId || reached.has(next.toNodeId) || !mayLead(source, next.target)) {
        return false;
      }
      // One transition per target, and per apiResult on a PreCallAPI node (one Success, one Failure).
      if (successors.findIndex((other) => other.toNodeId === next.toNodeId) !== index) return false;
      return source.nodeType !== NodeType.PreCallAPI || successors.findIndex((other) => mayLead(source, other.target)) === index;
    });
    for (const next of chosen) reached.add(next.toNodeId);
    targets.set(transition, chosen);
  }
  return { source, targets, taken: new Set(kept.map((transition) => transition.name)) };
}

/** The edits of one predecessor's transitions list: each transition to the removed node retargeted, split or removed. */
function sourceEdits(doc: PearlDocument, { source, targets, taken }: SourcePlan): Edit[] {
  const names = new Set(taken);
  const edits: Edit[] = [];
  const removed: JsonNode[] = [];
  for (const [transition, chosen] of targets) {
    if (chosen.length === 0 || !transition.toNodeIdNode) {
      removed.push(transition.node);
    } else if (chosen.length === 1) {
      edits.push(replaceNode(transition.toNodeIdNode, JSON.stringify(chosen[0].toNodeId)));
      names.add(transition.name);
    } else {
      const copies = chosen.map((next) => copyTransition(doc, transition, next, names));
      edits.push(replaceNode(transition.node, copies.join(separatorFor(doc, transition.node))));
    }
  }
  const list = getPropertyNode(source.node, 'transitions');
  if (removed.length > 0 && list?.type === 'array') edits.push(...removeArrayElements(doc, list, removed));
  return edits;
}

/**
 * The text of `transition` (as written, comments and other properties kept) leading to `next`'s
 * target instead, named "<its name>, then <next's name>" (or whichever of the two exists), with a
 * number added when `taken` (the names of the predecessor's transitions so far, which this adds
 * to) has that name.
 */
function copyTransition(doc: PearlDocument, transition: PearlTransition, next: PearlTransition, taken: Set<string | undefined>): string {
  const text = doc.textDocument.getText();
  const start = transition.node.offset;
  const replacements: { node: JsonNode; content: string }[] = [];
  if (transition.toNodeIdNode) replacements.push({ node: transition.toNodeIdNode, content: JSON.stringify(next.toNodeId) });
  if (transition.nameNode && transition.name !== undefined) {
    const base = next.name ? (transition.name ? `${transition.name}, then ${next.name}` : next.name) : transition.name;
    let name = base;
    for (let n = 2; taken.has(name); n++) name = `${base} ${n}`;
    taken.add(name);
    replacements.push({ node: transition.nameNode, content: JSON.stringify(name) });
  }
  replacements.sort((a, b) => b.node.offset - a.node.offset);
  let copy = text.slice(start, start + transition.node.length);
  for (const { node, content } of replacements) {
    const offset = node.offset - start;
    copy = `${copy.slice(0, offset)}${content}${copy.slice(offset + node.length)}`;
  }
  return copy;
}

/** What goes between two elements written where `element` is: a new line at its indentation when it starts its line, else `, `. */
function separatorFor(doc: PearlDocument, element: JsonNode): string {
  const text = doc.textDocument.getText();
  let lineStart = element.offset;
  while (lineStart > 0 && (text[lineStart - 1] === ' ' || text[lineStart - 1] === '\t')) lineStart--;
  if (lineStart > 0 && text[lineStart - 1] !== '\n' && text[lineStart - 1] !== '\r') return ', ';
  return `,${detectEol(text)}${text.slice(lineStart, element.offset)}`;
}
