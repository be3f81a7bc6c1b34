import type { Diagnostic } from 'vscode-languageserver-types';
import { findNearest } from '../../utils/editDistance';
import { DiagnosticSeverity } from '../diagnostics';
import { readTransitionFixData, transitionIn, type TransitionFixData } from '../diagnosticData';
import { NodeType, type PearlDocument } from '../../document/pearlDocument';
import { quote, withArticle } from '../../interface/messageText';
import { nodeTypeNames } from '../../interface/enumNames';
import { getPropertyNode } from '../../document/jsonTree';
import { insertArrayElementBefore } from '../../document/jsonEdits';
import { getTransitionProblems, TransitionProblem } from '../../interface/nodeTypes';
import { appendToArrayProperty, type Fix, replaceNode } from '../fixSupport';
import {
  defineRules,
  rulingsSection,
  type RuleModule,
  type StructuralModel,
  type StructuralNode,
  type StructuralTransition,
} from '../ruleModule';
import { describeNode, endTransitionName, findEndCallTarget, firstWithId, graphFacts, hasGraph, report, typeOf } from './graphSupport';

/** The codes of transition targets (docs/interface.md § Transition), in the order docs/rules.md lists them. */
const codes = defineRules('graph', {
  unknownTarget: {
    code: 'unknown-target',
    severity: DiagnosticSeverity.Error,
    summary:
      'toNodeId names no node. While a node has no nodeId, the path rules take such a toNodeId as possibly leading to each node without one (no Error follows from that).',
    section: rulingsSection('Nodes without a nodeId'),
    severityOverride: {
      severity: DiagnosticSeverity.Warning,
      when: 'while a node has no nodeId',
      why: "the toNodeId may match the id the service derives from that node's name, which cannot be checked.",
    },
    examples: {
      fails: `{
  "pearl": {
    "nodes": [
      { "nodeId": "start", "name": "Greeting", "nodeType": 2, "transitions": [{ "name": "Done", "toNodeId": "finish" }] },
      { "nodeId": "end", "name": "Goodbye", "nodeType": 100 }
    ]
  }
}`,
      passes: `{
  "pearl": {
    "nodes": [
      { "nodeId": "start", "name": "Greeting", "nodeType": 2, "transitions": [{ "name": "Done", "toNodeId": "end" }] },
      { "nodeId": "end", "name": "Goodbye", "nodeType": 100 }
    ]
  }
}`,
    },
    fix: fixUnknownTarget,
  },
  targetOutsideGraph: {
    code: 'target-outside-graph',
    severity: DiagnosticSeverity.Error,
    summary:
      'toNodeId names a PostCallActions container or a nested action (handOffAction, postCallActions), which are not part of the graph.',
    section: rulingsSection('Containers are not targets'),
    examples: {
      fails: `{
  "pearl": {
    "nodes": [
      { "nodeId": "start", "name": "Greeting", "nodeType": 2, "transitions": [{ "name": "Done", "toNodeId": "after" }] },
      { "nodeId": "end", "name": "Goodbye", "nodeType": 100 },
      { "nodeId": "after", "name": "After the call", "nodeType": 200, "postCallActions": [{ "nodeId": "note", "name": "Note", "nodeType": 50, "smsSettings": { "message": "Handed over." } }] }
    ]
  }
}`,
      passes: `{
  "pearl": {
    "nodes": [
      { "nodeId": "start", "name": "Greeting", "nodeType": 2, "transitions": [{ "name": "Done", "toNodeId": "end" }] },
      { "nodeId": "end", "name": "Goodbye", "nodeType": 100 },
      { "nodeId": "after", "name": "After the call", "nodeType": 200, "postCallActions": [{ "nodeId": "note", "name": "Note", "nodeType": 50, "smsSettings": { "message": "Handed over." } }] }
    ]
  }
}`,
    },
  },
});

/** § Transition: every toNodeId names a node of the graph. */
export const transitionTargetRules: RuleModule<typeof codes> = {
  name: 'graph rules (transition targets)',
  rules: codes,
  check: checkTransitionTargets,
  // It reads the model's nodeIds, targets and types, which typing in a string never changes.
  keptWhileTypingInStrings: true,
};

/**
 * § Transition (docs/rulings.md § Nodes without a nodeId, § Containers are not targets):
 * `unknown-target` on a toNodeId that names no node (Error; Warning while some node has no nodeId,
 * as its derived id might match), with the transition's TransitionFixData for its quick fixes;
 * `target-outside-graph` (Error) on one naming a PostCallActions container or a nested action,
 * which are not part of the graph. One pass over the nodes and their transitions: linear.
 */
function checkTransitionTargets(graph: StructuralModel, diagnostics: Diagnostic[]): void {
  if (!hasGraph(graph)) return;
  const uncertain = graphFacts(graph).withoutNodeId.length > 0;
  for (let n = 0; n < graph.nodes.length; n++) {
    const node = graph.nodes[n];
    for (let t = 0; t < node.transitions.length; t++) {
      const transition = node.transitions[t];
      const { target, toNodeId } = transition;
      if (toNodeId === undefined) continue;
      // Top-level source and target: only the type-dependent problems can be set.
      if (target && !(getTransitionProblems(node.nodeType, false, target.nodeType, false, true) & TransitionProblem.targetOutsideGraph))
        continue;
      const outside = firstWithId(graph, toNodeId);
      if (outside) reportTargetOutsideGraph(graph, diagnostics, transition, toNodeId, outside);
      else reportUnknownTarget(graph, diagnostics, transition, toNodeId, uncertain);
    }
  }
}

/** A transition into a PostCallActions container or a nested action (not part of the graph). */
function reportTargetOutsideGraph(
  graph: StructuralModel,
  diagnostics: Diagnostic[],
  transition: StructuralTransition,
  id: string,
  target: StructuralNode,
): void {
  const message = target.container
    ? `toNodeId '${id}' names ${withArticle(typeOf(target).replace(' node', ' action'))} nested in the ${target.container.list} of ${describeNode(graph, target.container.node)}; nested actions run on their own and cannot be the target of a transition.`
    : `toNodeId '${id}' names a PostCallActions container, which is not connected to the rest of the graph; a transition cannot lead to it.`;
  report(graph, diagnostics, graph.valueSpan([...transition.path, 'toNodeId']), codes.targetOutsideGraph, message);
}

/** `unknown-target` on `transition`; a Warning when `uncertain` (some node has no nodeId). */
function reportUnknownTarget(
  graph: StructuralModel,
  diagnostics: Diagnostic[],
  transition: StructuralTransition,
  id: string,
  uncertain: boolean,
): void {
  const span = graph.valueSpan([...transition.path, 'toNodeId']);
  const data = { path: transition.path, toNodeId: id } satisfies TransitionFixData;
  if (uncertain) {
    report(
      graph,
      diagnostics,
      span,
      codes.unknownTarget,
      `toNodeId '${id}' names no nodeId; it may match the id the service derives from a node's name, which cannot be checked.`,
      { severity: DiagnosticSeverity.Warning, data },
    );
  } else {
    report(graph, diagnostics, span, codes.unknownTarget, `toNodeId '${id}' names no node of this Pearl.`, { data });
  }
}

/**
 * The script of a node "Create node" adds: a placeholder to fill, reported until it is
 * (`template-placeholder`). Written out, not made by `makeTemplatePlaceholder` at load (its check
 * compiles a Unicode pattern a lint of a file without placeholders never needs: about 1.5 ms of a
 * one-file `pearl-lint`); test/unit/templatePlaceholders.test.ts checks it is a placeholder.
 */
export const newNodeScriptPlaceholder = '<what the agent writes at this step>';

/**
 * `unknown-target` → "Change to 'talk'" for each nodeId within edit distance 2 (§ Transition), then
 * "Create Dialogue 'x'" ({@link fixCreateTargetNode}).
 */
function fixUnknownTarget(doc: PearlDocument, { data }: Diagnostic): Fix[] {
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
 * `unknown-target` → "Create Dialogue 'x'": a Dialogue node with that nodeId, named after its type
 * ("Dialogue", made unique among the node names), a script placeholder to fill
 * ({@link newNodeScriptPlaceholder}, reported as `template-placeholder` until it is: docs/rulings.md
 * § Template placeholders) and a transition to the EndCall node, so the new node is reachable and
 * can end (the interface: § Graph rules, rules 3 and 4; § Transition). It goes before the first
 * EndCall node of `pearl.nodes` (the file reads in conversation order), else last. Without an
 * EndCall node that has a nodeId, the new node has no transitions. The title says what becomes of
 * the transition's condition: kept as it is; and when the condition reads as the end of the
 * conversation ("The conversation is over"), which would now lead to a question, a first fix also
 * replaces it with a placeholder to fill ({@link newConditionPlaceholder}). Offered after
 * "Change to 'y'".
 */
function fixCreateTargetNode(doc: PearlDocument, data: unknown): Fix[] {
  const fixData = readTransitionFixData(data);
  const transition = fixData ? transitionIn(doc, fixData) : undefined;
  const id = transition && fixData ? fixData.toNodeId : '';
  if (!transition || id.trim() === '' || doc.nodesById.has(id) || !doc.pearl) return [];
  const endCall = findEndCallTarget(doc);
  const transitions = endCall ? [{ name: endTransitionName, toNodeId: endCall.nodeId }] : [];
  const typeName = nodeTypeNames[NodeType.Dialogue] ?? 'Dialogue';
  const taken = new Set(doc.allNodes.map((node) => node.name));
  let name = typeName;
  for (let n = 2; taken.has(name); n++) name = `${typeName} ${n}`;
  const node = { nodeId: id, name, nodeType: NodeType.Dialogue, script: newNodeScriptPlaceholder, transitions };
  const firstEndCall = doc.nodes.find((candidate) => candidate.nodeType === NodeType.EndCall);
  const edit =
    firstEndCall && getPropertyNode(doc.pearl, 'nodes') === firstEndCall.node.parent
      ? insertArrayElementBefore(doc, firstEndCall.node, node, 'pretty')
      : appendToArrayProperty(doc, doc.pearl, 'nodes', node);
  if (!edit) return [];
  const created = `Create ${typeName} '${quote(id)}'`;
  const condition = transition.name;
  if (condition === undefined || condition === '') return [{ title: created, edits: [edit] }];
  const fixes: Fix[] = [];
  if (transition.nameNode && readsAsEnding(condition)) {
    fixes.push({
      title: `${created} and replace the condition '${quote(condition)}', which reads as the end of the conversation, with one to write`,
      edits: [edit, replaceNode(transition.nameNode, JSON.stringify(newConditionPlaceholder))],
    });
  }
  fixes.push({ title: `${created} (the transition keeps its condition '${quote(condition)}')`, edits: [edit] });
  return fixes;
}

/** The condition "Create Dialogue" writes in place of one that reads as an ending: a placeholder to fill (written out, as {@link newNodeScriptPlaceholder}). */
export const newConditionPlaceholder = '<when the conversation moves to this step>';

/** Whether a transition's condition reads as the end of the conversation ("The conversation is over", "Customer says goodbye"). */
function readsAsEnding(condition: string): boolean {
  return /\b(is over|ends?|ended|ending|goodbye|bye|hangs? up|hung up|finished|wraps? up)\b/i.test(condition);
}
