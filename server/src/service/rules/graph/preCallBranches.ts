import type { Diagnostic } from 'vscode-languageserver-types';
import { DiagnosticSeverity } from '../diagnostics';
import { NodeType } from '../../document/pearlDocument';
import { apiResultNames } from '../../interface/enumNames';
import { withArticle } from '../../interface/messageText';
import { getNodeTypeFacts, getTransitionProblems, TransitionProblem } from '../../interface/nodeTypes';
import {
  defineRules,
  interfaceSection,
  rulingsSection,
  type RuleModule,
  type StructuralModel,
  type StructuralTransition,
} from '../ruleModule';
import { describeNode, firstSetSpan, hasGraph, nodeSpan, ordinal, report, transitionKeys, typeOf } from './graphSupport';

/** The codes of the PreCallAPI node's branches (docs/interface.md § Graph rules, rule 5; § Transition), in the order docs/rules.md lists them. */
const codes = defineRules('graph', {
  graphApiResultMissing: {
    code: 'graph-api-result-missing',
    severity: DiagnosticSeverity.Error,
    summary: 'A PreCallAPI transition without apiResult (rule 5).',
    section: interfaceSection('Graph rules'),
    examples: {
      fails: `{
  "pearl": {
    "nodes": [
      { "nodeId": "lookup", "name": "Look up", "nodeType": 3, "apiSettings": { "method": 1 }, "transitions": [{ "name": "Found", "toNodeId": "start" }] },
      { "nodeId": "start", "name": "Greeting", "nodeType": 2, "transitions": [{ "name": "Done", "toNodeId": "end" }] },
      { "nodeId": "end", "name": "Goodbye", "nodeType": 100 }
    ]
  }
}`,
      passes: `{
  "pearl": {
    "nodes": [
      { "nodeId": "lookup", "name": "Look up", "nodeType": 3, "apiSettings": { "method": 1 }, "transitions": [{ "name": "Found", "apiResult": 1, "toNodeId": "start" }] },
      { "nodeId": "start", "name": "Greeting", "nodeType": 2, "transitions": [{ "name": "Done", "toNodeId": "end" }] },
      { "nodeId": "end", "name": "Goodbye", "nodeType": 100 }
    ]
  }
}`,
    },
  },
  graphApiResultDuplicate: {
    code: 'graph-api-result-duplicate',
    severity: DiagnosticSeverity.Error,
    summary: 'Two PreCallAPI transitions with the same apiResult.',
    section: rulingsSection('PreCallAPI branches'),
    examples: {
      fails: `{
  "pearl": {
    "nodes": [
      { "nodeId": "lookup", "name": "Look up", "nodeType": 3, "apiSettings": { "method": 1 }, "transitions": [{ "name": "Found", "apiResult": 1, "toNodeId": "start" }, { "name": "Found again", "apiResult": 1, "toNodeId": "start2" }] },
      { "nodeId": "start", "name": "Greeting", "nodeType": 2, "transitions": [{ "name": "Done", "toNodeId": "end" }] },
      { "nodeId": "start2", "name": "Second greeting", "nodeType": 2, "transitions": [{ "name": "Done", "toNodeId": "end" }] },
      { "nodeId": "end", "name": "Goodbye", "nodeType": 100 }
    ]
  }
}`,
      passes: `{
  "pearl": {
    "nodes": [
      { "nodeId": "lookup", "name": "Look up", "nodeType": 3, "apiSettings": { "method": 1 }, "transitions": [{ "name": "Found", "apiResult": 1, "toNodeId": "start" }, { "name": "Not found", "apiResult": 2, "toNodeId": "start2" }] },
      { "nodeId": "start", "name": "Greeting", "nodeType": 2, "transitions": [{ "name": "Done", "toNodeId": "end" }] },
      { "nodeId": "start2", "name": "Second greeting", "nodeType": 2, "transitions": [{ "name": "Done", "toNodeId": "end" }] },
      { "nodeId": "end", "name": "Goodbye", "nodeType": 100 }
    ]
  }
}`,
    },
  },
  graphPreCallTarget: {
    code: 'graph-precall-target',
    severity: DiagnosticSeverity.Error,
    summary: 'A PreCallAPI transition that does not lead to an OpeningSentence (rule 5).',
    section: interfaceSection('Graph rules'),
    examples: {
      fails: `{
  "pearl": {
    "nodes": [
      { "nodeId": "lookup", "name": "Look up", "nodeType": 3, "apiSettings": { "method": 1 }, "transitions": [{ "name": "Found", "apiResult": 1, "toNodeId": "start" }, { "name": "Not found", "apiResult": 2, "toNodeId": "end" }] },
      { "nodeId": "start", "name": "Greeting", "nodeType": 2, "transitions": [{ "name": "Done", "toNodeId": "end" }] },
      { "nodeId": "end", "name": "Goodbye", "nodeType": 100 }
    ]
  }
}`,
      passes: `{
  "pearl": {
    "nodes": [
      { "nodeId": "lookup", "name": "Look up", "nodeType": 3, "apiSettings": { "method": 1 }, "transitions": [{ "name": "Found", "apiResult": 1, "toNodeId": "start" }, { "name": "Not found", "apiResult": 2, "toNodeId": "start" }] },
      { "nodeId": "start", "name": "Greeting", "nodeType": 2, "transitions": [{ "name": "Done", "toNodeId": "end" }] },
      { "nodeId": "end", "name": "Goodbye", "nodeType": 100 }
    ]
  }
}`,
    },
  },
  graphOpeningNotTargeted: {
    code: 'graph-opening-not-targeted',
    severity: DiagnosticSeverity.Error,
    summary: 'With a PreCallAPI node, an OpeningSentence that no PreCallAPI transition targets.',
    section: rulingsSection('PreCallAPI branches'),
    examples: {
      fails: `{
  "pearl": {
    "nodes": [
      { "nodeId": "lookup", "name": "Look up", "nodeType": 3, "apiSettings": { "method": 1 }, "transitions": [{ "name": "Found", "apiResult": 1, "toNodeId": "start" }] },
      { "nodeId": "start", "name": "Greeting", "nodeType": 2, "transitions": [{ "name": "Done", "toNodeId": "end" }] },
      { "nodeId": "start2", "name": "Second greeting", "nodeType": 2, "transitions": [{ "name": "Done", "toNodeId": "end" }] },
      { "nodeId": "end", "name": "Goodbye", "nodeType": 100 }
    ]
  }
}`,
      passes: `{
  "pearl": {
    "nodes": [
      { "nodeId": "lookup", "name": "Look up", "nodeType": 3, "apiSettings": { "method": 1 }, "transitions": [{ "name": "Found", "apiResult": 1, "toNodeId": "start" }, { "name": "Not found", "apiResult": 2, "toNodeId": "start2" }] },
      { "nodeId": "start", "name": "Greeting", "nodeType": 2, "transitions": [{ "name": "Done", "toNodeId": "end" }] },
      { "nodeId": "start2", "name": "Second greeting", "nodeType": 2, "transitions": [{ "name": "Done", "toNodeId": "end" }] },
      { "nodeId": "end", "name": "Goodbye", "nodeType": 100 }
    ]
  }
}`,
    },
  },
  apiResultMisplaced: {
    code: 'api-result-misplaced',
    severity: DiagnosticSeverity.Error,
    summary: 'apiResult on a transition of a node that is not PreCallAPI.',
    section: interfaceSection('Transition'),
    examples: {
      fails: `{
  "pearl": {
    "nodes": [
      { "nodeId": "start", "name": "Greeting", "nodeType": 2, "transitions": [{ "name": "Done", "apiResult": 1, "toNodeId": "end" }] },
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
});

/** Rule 5: the PreCallAPI node's transitions, one per apiResult, each to an OpeningSentence; apiResult nowhere else. */
export const preCallBranchRules: RuleModule<typeof codes> = {
  name: 'graph rules (PreCallAPI branches)',
  rules: codes,
  check: checkPreCallBranches,
  // It reads the model's nodeIds, targets, types and apiResults, which typing in a string never changes.
  keptWhileTypingInStrings: true,
};

/** Where a diagnostic about a transition's apiResult goes. */
const apiResultKeys: readonly string[] = ['apiResult', ...transitionKeys];
/** Where a diagnostic about a transition's target goes. */
const targetKeys: readonly string[] = ['toNodeId', 'name'];

/**
 * Rule 5 (docs/interface.md § Graph rules; docs/rulings.md § PreCallAPI branches): on each
 * transition of a PreCallAPI node `graph-api-result-missing`, `graph-api-result-duplicate` (the
 * second of an apiResult) and `graph-precall-target` (a target that is not an OpeningSentence);
 * `graph-opening-not-targeted` on an OpeningSentence no PreCallAPI transition leads to, when there
 * is a PreCallAPI node; `api-result-misplaced` (§ Transition) on an apiResult of another node's
 * transition. One pass over the nodes and their transitions: linear.
 */
function checkPreCallBranches(graph: StructuralModel, diagnostics: Diagnostic[]): void {
  if (!hasGraph(graph)) return;
  for (let n = 0; n < graph.nodes.length; n++) {
    const node = graph.nodes[n];
    const apiResults = node.nodeType === NodeType.PreCallAPI ? new Map<number, number>() : undefined;
    for (let t = 0; t < node.transitions.length; t++) {
      const transition = node.transitions[t];
      if (apiResults) {
        checkPreCallTransition(graph, diagnostics, transition, apiResults);
      } else if ((graph.typeOfKey(transition, 'apiResult') ?? 'null') !== 'null') {
        report(
          graph,
          diagnostics,
          graph.valueSpan([...transition.path, 'apiResult']),
          codes.apiResultMisplaced,
          `apiResult is allowed only on transitions of a PreCallAPI node; this transition leaves ${describeNode(graph, node)}.`,
        );
      }
    }
  }
  const entry = graph.entry;
  if (entry?.nodeType !== NodeType.PreCallAPI) return;
  for (let n = 0; n < graph.nodes.length; n++) {
    const node = graph.nodes[n];
    if (node === entry || node.nodeType !== NodeType.OpeningSentence || getNodeTypeFacts(node.nodeType)?.needsIncoming === false) continue;
    // A duplicate nodeId is reported as such; transitions resolve to its first holder.
    if (node.nodeId !== undefined && graph.nodesById.get(node.nodeId) !== node) continue;
    if (graph.incoming.get(node)?.some((transition) => transition.source.nodeType === NodeType.PreCallAPI)) continue;
    report(
      graph,
      diagnostics,
      nodeSpan(graph, node),
      codes.graphOpeningNotTargeted,
      `${describeNode(graph, node)} is not the target of a PreCallAPI transition; with a PreCallAPI node, each OpeningSentence is reached through its apiResult transitions.`,
    );
  }
}

/** The rule 5 diagnostics of one transition of a PreCallAPI node; `apiResults` counts the node's apiResults so far. */
function checkPreCallTransition(
  graph: StructuralModel,
  diagnostics: Diagnostic[],
  transition: StructuralTransition,
  apiResults: Map<number, number>,
): void {
  if (transition.apiResult === undefined) {
    report(
      graph,
      diagnostics,
      firstSetSpan(graph, transition, apiResultKeys),
      codes.graphApiResultMissing,
      'Every transition of a PreCallAPI node must set apiResult: 1 (Success) or 2 (Failure).',
    );
  } else {
    const seen = (apiResults.get(transition.apiResult) ?? 0) + 1;
    apiResults.set(transition.apiResult, seen);
    if (seen > 1) {
      report(
        graph,
        diagnostics,
        firstSetSpan(graph, transition, apiResultKeys),
        codes.graphApiResultDuplicate,
        `A PreCallAPI node has one ${apiResultNames[transition.apiResult] ?? `apiResult ${transition.apiResult}`} transition at most; this is ${ordinal(seen)}.`,
      );
    }
  }
  const target = transition.target;
  // Top-level source and target: only the type-dependent problems can be set.
  if (
    target &&
    getTransitionProblems(transition.source.nodeType, false, target.nodeType, false, true) & TransitionProblem.targetNotOpeningSentence
  ) {
    report(
      graph,
      diagnostics,
      firstSetSpan(graph, transition, targetKeys),
      codes.graphPreCallTarget,
      `A PreCallAPI transition must lead to an OpeningSentence node; '${target.nodeId}' is ${withArticle(typeOf(target))}.`,
    );
  }
}
