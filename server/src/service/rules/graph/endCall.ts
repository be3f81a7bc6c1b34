import type { Diagnostic } from 'vscode-languageserver-types';
import { DiagnosticSeverity } from '../diagnostics';
import { nodeFixData, nodeIn, readNodeFixData } from '../diagnosticData';
import { NodeType, type PearlDocument } from '../../document/pearlDocument';
import { getTransitionProblems } from '../../interface/nodeTypes';
import { appendToArrayProperty, type Fix } from '../fixSupport';
import { defineRules, interfaceSection, rulingsSection, type RuleModule, type StructuralModel } from '../ruleModule';
import {
  describeNode,
  endTransitionName,
  findEndCall,
  findEndCallTarget,
  graphPaths,
  hasGraph,
  nodesKeySpan,
  nodeSpan,
  ordinal,
  reachesEndCall,
  report,
  typeSpan,
} from './graphSupport';

/** The codes of the EndCall node and the paths to it (docs/interface.md § Graph rules, rule 3), in the order docs/rules.md lists them. */
const codes = defineRules('graph', {
  graphEndCallCount: {
    code: 'graph-endcall-count',
    severity: DiagnosticSeverity.Error,
    summary: 'Not exactly one EndCall node (rule 3).',
    section: interfaceSection('Graph rules'),
    examples: {
      fails: `{
  "pearl": {
    "nodes": [
      { "nodeId": "start", "name": "Greeting", "nodeType": 2 }
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
  },
  graphCannotReachEnd: {
    code: 'graph-cannot-reach-end',
    severity: DiagnosticSeverity.Error,
    summary: 'A node reachable from the entry with no path to EndCall (rule 3).',
    section: rulingsSection('Every path reaches EndCall'),
    examples: {
      fails: `{
  "pearl": {
    "nodes": [
      { "nodeId": "start", "name": "Greeting", "nodeType": 2, "transitions": [{ "name": "Survey", "toNodeId": "survey" }] },
      { "nodeId": "survey", "name": "Survey", "nodeType": 10, "transitions": [{ "name": "Again", "toNodeId": "survey" }] },
      { "nodeId": "end", "name": "Goodbye", "nodeType": 100 }
    ]
  }
}`,
      passes: `{
  "pearl": {
    "nodes": [
      { "nodeId": "start", "name": "Greeting", "nodeType": 2, "transitions": [{ "name": "Survey", "toNodeId": "survey" }] },
      { "nodeId": "survey", "name": "Survey", "nodeType": 10, "transitions": [{ "name": "Again", "toNodeId": "end" }] },
      { "nodeId": "end", "name": "Goodbye", "nodeType": 100 }
    ]
  }
}`,
    },
    fix: fixAddEndTransition,
  },
});

/** Rule 3: exactly one EndCall node, and every node the entry reaches can reach it. */
export const endCallRules: RuleModule<typeof codes> = {
  name: 'graph rules (EndCall)',
  rules: codes,
  check: checkEndCall,
  // It reads the model's nodeIds, targets and types, which typing in a string never changes.
  keptWhileTypingInStrings: true,
};

/**
 * Rule 3 (docs/interface.md § Graph rules; docs/rulings.md § Every path reaches EndCall):
 * `graph-endcall-count` on the `nodes` key when there is no EndCall node, and on each after the
 * first; `graph-cannot-reach-end` on each node reachable from the entry that has no path to the
 * EndCall node (PostCallActions and EndCall exempt), with the node's NodeFixData for its quick fix.
 * One pass over the nodes and the path searches of graphSupport.ts: linear.
 */
function checkEndCall(graph: StructuralModel, diagnostics: Diagnostic[]): void {
  if (!hasGraph(graph)) return;
  const endCalls = graph.nodes.filter((node) => node.nodeType === NodeType.EndCall);
  if (endCalls.length === 0) {
    report(
      graph,
      diagnostics,
      nodesKeySpan(graph),
      codes.graphEndCallCount,
      'The graph has no EndCall node (nodeType 100); it needs exactly one.',
    );
  }
  for (let i = 1; i < endCalls.length; i++) {
    report(
      graph,
      diagnostics,
      typeSpan(graph, endCalls[i]),
      codes.graphEndCallCount,
      `The graph has exactly one EndCall node; this is ${ordinal(i + 1)}.`,
    );
  }
  const paths = graphPaths(graph);
  if (!paths || !findEndCall(graph.nodes)) return;
  for (const node of paths.reached) {
    if (paths.flags[node.index] & reachesEndCall || node.nodeType === NodeType.PostCallActions || node.nodeType === NodeType.EndCall)
      continue;
    report(
      graph,
      diagnostics,
      nodeSpan(graph, node),
      codes.graphCannotReachEnd,
      `${describeNode(graph, node)} cannot reach the EndCall node: every path must be able to end the conversation.`,
      { data: nodeFixData(node) },
    );
  }
}

/**
 * `graph-cannot-reach-end` → "Add a transition to EndCall": appends to the node's `transitions`
 * (created when absent) a transition named "End the conversation" (numbered when the name is
 * taken) to the EndCall node (§ Graph rules, rule 3). Not offered on a PreCallAPI node, whose
 * transitions lead to OpeningSentence nodes only (rule 5), nor without an EndCall node with a nodeId.
 */
function fixAddEndTransition(doc: PearlDocument, { data }: Diagnostic): Fix[] {
  const fixData = readNodeFixData(data);
  const node = fixData && nodeIn(doc, fixData);
  const endCall = findEndCallTarget(doc);
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
