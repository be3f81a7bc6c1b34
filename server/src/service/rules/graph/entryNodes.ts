import type { Diagnostic } from 'vscode-languageserver-types';
import { DiagnosticSeverity } from '../diagnostics';
import { NodeType } from '../../document/pearlDocument';
import { defineRules, interfaceSection, type RuleModule, type StructuralModel } from '../ruleModule';
import { hasGraph, nodesKeySpan, ordinal, report, typeSpan } from './graphSupport';

/** The codes of the entry nodes (docs/interface.md § Graph rules, rule 2), in the order docs/rules.md lists them. */
const codes = defineRules('graph', {
  graphEntryMissing: {
    code: 'graph-entry-missing',
    severity: DiagnosticSeverity.Error,
    summary: 'No OpeningSentence and no PreCallAPI node (rule 2).',
    section: interfaceSection('Graph rules'),
    examples: {
      fails: `{
  "pearl": {
    "nodes": [
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
  graphOpeningCount: {
    code: 'graph-opening-count',
    severity: DiagnosticSeverity.Error,
    summary: 'Wrong number of OpeningSentence nodes (rule 2).',
    section: interfaceSection('Graph rules'),
    examples: {
      fails: `{
  "pearl": {
    "nodes": [
      { "nodeId": "start", "name": "Greeting", "nodeType": 2, "transitions": [{ "name": "Done", "toNodeId": "end" }] },
      { "nodeId": "start2", "name": "Second greeting", "nodeType": 2, "transitions": [{ "name": "Done", "toNodeId": "end" }] },
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
  graphPreCallCount: {
    code: 'graph-precall-count',
    severity: DiagnosticSeverity.Error,
    summary: 'More than one PreCallAPI node (rule 2).',
    section: interfaceSection('Graph rules'),
    examples: {
      fails: `{
  "pearl": {
    "nodes": [
      { "nodeId": "lookup", "name": "Look up", "nodeType": 3, "apiSettings": { "method": 1 }, "transitions": [{ "name": "Found", "apiResult": 1, "toNodeId": "start" }] },
      { "nodeId": "lookup2", "name": "Look up", "nodeType": 3, "apiSettings": { "method": 1 }, "transitions": [{ "name": "Found", "apiResult": 1, "toNodeId": "start" }] },
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
});

/** Rule 2: the entry of the graph, one OpeningSentence or one PreCallAPI node leading to one or two. */
export const entryNodeRules: RuleModule<typeof codes> = {
  name: 'graph rules (entry nodes)',
  rules: codes,
  check: checkEntryNodes,
  // It reads the nodes' types only, which typing in a string never changes.
  keptWhileTypingInStrings: true,
};

/**
 * Rule 2 (docs/interface.md § Graph rules): `graph-precall-count` on each PreCallAPI node after the
 * first; without one, `graph-entry-missing` (on the `nodes` key) when there is no OpeningSentence
 * and `graph-opening-count` on each after the first; with one, `graph-opening-count` when there is
 * no OpeningSentence (on the PreCallAPI node) or on each after the second. One pass over the nodes.
 */
function checkEntryNodes(graph: StructuralModel, diagnostics: Diagnostic[]): void {
  if (!hasGraph(graph)) return;
  const openings = graph.nodes.filter((node) => node.nodeType === NodeType.OpeningSentence);
  const preCalls = graph.nodes.filter((node) => node.nodeType === NodeType.PreCallAPI);
  for (let i = 1; i < preCalls.length; i++) {
    report(
      graph,
      diagnostics,
      typeSpan(graph, preCalls[i]),
      codes.graphPreCallCount,
      `A Pearl has at most one PreCallAPI node; this is ${ordinal(i + 1)}.`,
    );
  }
  if (preCalls.length === 0) {
    if (openings.length === 0) {
      report(
        graph,
        diagnostics,
        nodesKeySpan(graph),
        codes.graphEntryMissing,
        'The graph has no entry: add one OpeningSentence node (nodeType 2), or a PreCallAPI node (3) leading to one or two.',
      );
    }
    for (let i = 1; i < openings.length; i++) {
      report(
        graph,
        diagnostics,
        typeSpan(graph, openings[i]),
        codes.graphOpeningCount,
        `Without a PreCallAPI node there is exactly one OpeningSentence node; this is number ${i + 1}.`,
      );
    }
    return;
  }
  if (openings.length === 0) {
    report(
      graph,
      diagnostics,
      typeSpan(graph, preCalls[0]),
      codes.graphOpeningCount,
      'The PreCallAPI node must lead to one or two OpeningSentence nodes; there are none.',
    );
  }
  for (let i = 2; i < openings.length; i++) {
    report(
      graph,
      diagnostics,
      typeSpan(graph, openings[i]),
      codes.graphOpeningCount,
      `A PreCallAPI node leads to one or two OpeningSentence nodes; this is number ${i + 1}.`,
    );
  }
}
