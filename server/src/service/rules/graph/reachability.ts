import type { Diagnostic } from 'vscode-languageserver-types';
import { DiagnosticSeverity } from '../diagnostics';
import { NodeType } from '../../document/pearlDocument';
import { getNodeTypeFacts } from '../../interface/nodeTypes';
import { defineRules, interfaceSection, rulingsSection, type RuleModule, type StructuralModel } from '../ruleModule';
import { describeNode, graphPaths, hasGraph, nodeSpan, reachedFromEntry, report } from './graphSupport';

/** The codes of incoming transitions and reachability (docs/interface.md § Graph rules, rule 4), in the order docs/rules.md lists them. */
const codes = defineRules('graph', {
  graphNoIncoming: {
    code: 'graph-no-incoming',
    severity: DiagnosticSeverity.Error,
    summary: 'A non-start node with no incoming transition (rule 4).',
    section: interfaceSection('Graph rules'),
    examples: {
      fails: `{
  "pearl": {
    "nodes": [
      { "nodeId": "start", "name": "Greeting", "nodeType": 2, "transitions": [{ "name": "Done", "toNodeId": "end" }] },
      { "nodeId": "ask", "name": "Ask", "nodeType": 10, "transitions": [{ "name": "Done", "toNodeId": "end" }] },
      { "nodeId": "end", "name": "Goodbye", "nodeType": 100 }
    ]
  }
}`,
      passes: `{
  "pearl": {
    "nodes": [
      { "nodeId": "start", "name": "Greeting", "nodeType": 2, "transitions": [{ "name": "Ask", "toNodeId": "ask" }] },
      { "nodeId": "ask", "name": "Ask", "nodeType": 10, "transitions": [{ "name": "Done", "toNodeId": "end" }] },
      { "nodeId": "end", "name": "Goodbye", "nodeType": 100 }
    ]
  }
}`,
    },
  },
  graphUnreachable: {
    code: 'graph-unreachable',
    severity: DiagnosticSeverity.Warning,
    summary: 'A node with incoming transitions that the entry never reaches.',
    section: rulingsSection('Nodes outside the path rules'),
    examples: {
      fails: `{
  "pearl": {
    "nodes": [
      { "nodeId": "start", "name": "Greeting", "nodeType": 2, "transitions": [{ "name": "Done", "toNodeId": "end" }] },
      { "nodeId": "a", "name": "A", "nodeType": 10, "transitions": [{ "name": "To B", "toNodeId": "b" }, { "name": "Done", "toNodeId": "end" }] },
      { "nodeId": "b", "name": "B", "nodeType": 10, "transitions": [{ "name": "To A", "toNodeId": "a" }] },
      { "nodeId": "end", "name": "Goodbye", "nodeType": 100 }
    ]
  }
}`,
      passes: `{
  "pearl": {
    "nodes": [
      { "nodeId": "start", "name": "Greeting", "nodeType": 2, "transitions": [{ "name": "To A", "toNodeId": "a" }] },
      { "nodeId": "a", "name": "A", "nodeType": 10, "transitions": [{ "name": "To B", "toNodeId": "b" }, { "name": "Done", "toNodeId": "end" }] },
      { "nodeId": "b", "name": "B", "nodeType": 10, "transitions": [{ "name": "To A", "toNodeId": "a" }] },
      { "nodeId": "end", "name": "Goodbye", "nodeType": 100 }
    ]
  }
}`,
    },
  },
});

/** Rule 4: every node but the start has an incoming transition, and the entry reaches it. */
export const reachabilityRules: RuleModule<typeof codes> = {
  name: 'graph rules (reachability)',
  rules: codes,
  check: checkReachability,
  // It reads the model's nodeIds, targets and types, which typing in a string never changes.
  keptWhileTypingInStrings: true,
};

/**
 * Rule 4 (docs/interface.md § Graph rules; docs/rulings.md § Nodes outside the path rules):
 * `graph-no-incoming` (Error) on a node with a nodeId and no incoming transition (the entry, the
 * types that need none such as TransferCall and PostCallActions, and an OpeningSentence beside a
 * PreCallAPI node exempt; a node without nodeId gets `node-id-missing`, identifiers.ts), and
 * `graph-unreachable` (Warning) on a node with incoming transitions that the entry never reaches.
 * One pass over the nodes and the forward path search of graphSupport.ts: linear.
 */
function checkReachability(graph: StructuralModel, diagnostics: Diagnostic[]): void {
  if (!hasGraph(graph)) return;
  const entry = graph.entry;
  const hasPreCall = entry?.nodeType === NodeType.PreCallAPI;
  for (let n = 0; n < graph.nodes.length; n++) {
    const node = graph.nodes[n];
    if (node === entry || node.nodeId === undefined || getNodeTypeFacts(node.nodeType)?.needsIncoming === false) continue;
    // A duplicate nodeId is reported as such; transitions resolve to its first holder.
    if (graph.nodesById.get(node.nodeId) !== node || (node.nodeType === NodeType.OpeningSentence && hasPreCall)) continue;
    if (graph.incoming.has(node)) continue;
    report(
      graph,
      diagnostics,
      nodeSpan(graph, node),
      codes.graphNoIncoming,
      `${describeNode(graph, node)} has no incoming transition; every node but the start needs one.`,
    );
  }
  const paths = graphPaths(graph);
  if (!paths) return;
  for (let n = 0; n < graph.nodes.length; n++) {
    const node = graph.nodes[n];
    if (paths.flags[node.index] & reachedFromEntry || !graph.incoming.has(node) || node.nodeType === NodeType.PostCallActions) continue;
    if (node.nodeType === NodeType.OpeningSentence && hasPreCall) continue;
    report(
      graph,
      diagnostics,
      nodeSpan(graph, node),
      codes.graphUnreachable,
      `${describeNode(graph, node)} has incoming transitions, but none of them can be reached from the start.`,
    );
  }
}
