import type { Diagnostic } from 'vscode-languageserver-types';
import { DiagnosticSeverity } from '../diagnostics';
import { NodeType } from '../../document/pearlDocument';
import { getNodeTypeFacts } from '../../interface/nodeTypes';
import {
  defineRules,
  interfaceSection,
  rulingsSection,
  type RuleModule,
  type StructuralModel,
  type StructuralTransition,
} from '../ruleModule';
import { describeNode, firstWithId, graphFacts, hasGraph, lineOf, nodeSpan, report, typeOf } from './graphSupport';

/** The codes of nodeIds and transition names (docs/interface.md § Node, § Transition), in the order docs/rules.md lists them. */
const codes = defineRules('graph', {
  nodeIdDuplicate: {
    code: 'node-id-duplicate',
    severity: DiagnosticSeverity.Error,
    summary: 'Two nodes share a nodeId.',
    section: interfaceSection('Node'),
    examples: {
      fails: `{
  "pearl": {
    "nodes": [
      { "nodeId": "start", "name": "Greeting", "nodeType": 2, "transitions": [{ "name": "Done", "toNodeId": "end" }] },
      { "nodeId": "end", "name": "Ask", "nodeType": 10 },
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
  },
  nodeIdMissing: {
    code: 'node-id-missing',
    severity: DiagnosticSeverity.Warning,
    summary: 'A node without nodeId: its derived id cannot be checked.',
    section: rulingsSection('Nodes without a nodeId'),
    examples: {
      fails: `{
  "pearl": {
    "nodes": [
      { "nodeId": "start", "name": "Greeting", "nodeType": 2, "transitions": [{ "name": "Done", "toNodeId": "end" }] },
      { "name": "Goodbye", "nodeType": 100 }
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
  transitionNameDuplicate: {
    code: 'transition-name-duplicate',
    severity: DiagnosticSeverity.Error,
    summary: 'Two transitions of one node share a name.',
    section: interfaceSection('Transition'),
    examples: {
      fails: `{
  "pearl": {
    "nodes": [
      { "nodeId": "start", "name": "Greeting", "nodeType": 2, "transitions": [{ "name": "Done", "toNodeId": "end" }, { "name": "Done", "toNodeId": "end" }] },
      { "nodeId": "end", "name": "Goodbye", "nodeType": 100 }
    ]
  }
}`,
      passes: `{
  "pearl": {
    "nodes": [
      { "nodeId": "start", "name": "Greeting", "nodeType": 2, "transitions": [{ "name": "Done", "toNodeId": "end" }, { "name": "Bye", "toNodeId": "end" }] },
      { "nodeId": "end", "name": "Goodbye", "nodeType": 100 }
    ]
  }
}`,
    },
  },
});

/** § Node and § Transition: nodeIds unique within the flow and present, transition names unique within a node. */
export const identifierRules: RuleModule<typeof codes> = {
  name: 'graph rules (identifiers)',
  rules: codes,
  check: checkIdentifiers,
  // It reads the model's nodeIds, names, targets and types, which typing in a string never changes.
  keptWhileTypingInStrings: true,
};

/** A node's transitions up to this many are checked for a repeated name in place, without a set. */
const namesComparedInPlace = 8;

/**
 * § Node and § Transition (docs/rulings.md § Nodes without a nodeId): `node-id-duplicate` (Error)
 * on each nodeId already used by an earlier node, top-level or nested; `node-id-missing` (Warning)
 * on a node without nodeId and without incoming transition (its derived id cannot be checked; the
 * exemptions of `graph-no-incoming` apply); `transition-name-duplicate` (Error) on a transition
 * name used earlier in its node. One pass over the nodes and their transitions: linear.
 */
function checkIdentifiers(graph: StructuralModel, diagnostics: Diagnostic[]): void {
  if (!hasGraph(graph)) return;
  const facts = graphFacts(graph);
  for (let n = 0; n < graph.allNodes.length; n++) {
    const node = graph.allNodes[n];
    if (node.nodeId === undefined) continue;
    const first = firstWithId(graph, node.nodeId, facts);
    if (!first || first === node) continue;
    const named = first.name !== undefined ? ` '${first.name}'` : '';
    const where = first.container ? ` in the ${first.container.list} of ${describeNode(graph, first.container.node)}` : '';
    report(
      graph,
      diagnostics,
      graph.valueSpan([...node.path, 'nodeId']),
      codes.nodeIdDuplicate,
      `nodeId '${node.nodeId}' is already used by the ${typeOf(first)}${named} ${lineOf(graph, first)}${where}; nodeIds must be unique within the flow.`,
    );
  }
  const entry = graph.entry;
  const hasPreCall = entry?.nodeType === NodeType.PreCallAPI;
  for (let n = 0; n < graph.nodes.length; n++) {
    const node = graph.nodes[n];
    if (node.nodeId !== undefined || node === entry || getNodeTypeFacts(node.nodeType)?.needsIncoming === false) continue;
    if ((node.nodeType === NodeType.OpeningSentence && hasPreCall) || graph.incoming.has(node)) continue;
    report(
      graph,
      diagnostics,
      nodeSpan(graph, node),
      codes.nodeIdMissing,
      `${describeNode(graph, node)} has no nodeId: the service derives one from its name by a rule that is not published, so no transition can be checked against it. Give it a nodeId.`,
    );
  }
  for (let n = 0; n < graph.nodes.length; n++) {
    const node = graph.nodes[n];
    const transitions = node.transitions;
    // Most nodes have a few transitions: their names are compared in place, without a set.
    const names = transitions.length > namesComparedInPlace ? new Set<string>() : undefined;
    for (let i = 0; i < transitions.length; i++) {
      if (!isRepeatedName(transitions, i, names)) continue;
      const transition = transitions[i];
      report(
        graph,
        diagnostics,
        graph.valueSpan([...transition.path, 'name']),
        codes.transitionNameDuplicate,
        `Transition name '${transition.name}' is used twice in ${describeNode(graph, node)}; names must be unique within a node.`,
      );
    }
  }
}

/**
 * Whether the name of `transitions[i]` is the name of an earlier transition of the list. `names`,
 * for a long list, holds the earlier names (this adds the name); without it they are compared in place.
 */
function isRepeatedName(transitions: readonly StructuralTransition[], i: number, names: Set<string> | undefined): boolean {
  const name = transitions[i].name;
  if (name === undefined) return false;
  if (names) {
    if (names.has(name)) return true;
    names.add(name);
    return false;
  }
  for (let j = 0; j < i; j++) if (transitions[j].name === name) return true;
  return false;
}
