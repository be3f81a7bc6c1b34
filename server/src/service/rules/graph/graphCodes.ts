import { DiagnosticSeverity } from 'vscode-languageserver-types';
import { defineRules, interfaceSection, rulingsSection } from '../ruleModule';
import { fixAddEndTransition, fixUnknownTarget } from './graphFixes';
import { fixRemoveVoiceOnlyNode } from './voiceOnlyNodeFix';

/** The codes of the graph rules (graphRules.ts), in the order docs/rules.md lists them, with their quick fixes (graphFixes.ts). */
export const graphCodes = defineRules('graph', {
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
