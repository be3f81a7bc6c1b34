import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { TextDocumentEdit } from 'vscode-languageserver-types';
import type { GraphEdit } from '../../server/src/protocol';
import { node, service, textPearl, transition } from '../helpers/documents';
import { applyEdits, tabsAndCrlf } from '../helpers/text';

const uri = 'file:///designer.pearl.json';

/** The second node of {@link base}, with a transition to itself. */
const talkNode = `      {
        "nodeId": "talk",
        "name": "Talk",
        "nodeType": 10,
        "transitions": [
          {
            "name": "Done",
            "toNodeId": "end"
          },
          {
            "name": "Again",
            "toNodeId": "talk"
          }
        ]
      }`;

/** A text Pearl with comments, one member per line and one compact transition (LF, 2 spaces). */
const base = `{
  "$schema": "../schemas/text-pearl.schema.json",
  // the greeting flow
  "name": "Edits",
  "pearl": {
    "agentName": "Ava",
    "modelType": 11,
    "nodes": [
      {
        "nodeId": "open",
        "name": "Open",
        "nodeType": 2,
        "script": "Hi",
        "transitions": [
          { "name": "Greeted", "toNodeId": "talk" } // the only way on
        ]
      },
      /* the conversation */
${talkNode},
      {
        "nodeId": "end",
        "name": "End",
        "nodeType": 100
      }
    ]
  },
  "inbound": { "textChannelId": "channel-1", "totalAgents": 1 }
}
`;

type Outcome = { text: string; select?: string } | { refusal: string };

/** The text after the graph edit (and what it selects), or its refusal. */
function apply(text: string, edit: GraphEdit, version = 1): Outcome {
  const doc = service.parsePearlDocument(TextDocument.create(uri, 'pearl', 1, text));
  const outcome = service.doGraphEdit(doc, version, edit);
  if ('refusal' in outcome) return outcome;
  const [change] = outcome.result.edit.documentChanges as TextDocumentEdit[];
  assert.deepEqual(change.textDocument, { uri, version: 1 });
  return { text: applyEdits(text, change.edits), select: outcome.result.select };
}

/** `text` with each [before, after] pair replaced once (each `before` must occur exactly once). */
function replaced(text: string, ...pairs: [string, string][]): string {
  for (const [before, after] of pairs) {
    assert.equal(text.split(before).length, 2, `'${before}' must occur once in the test document`);
    text = text.replace(before, () => after);
  }
  return text;
}

/**
 * Asserts the exact text after `edit` on `text` (written with LF and two spaces), and on the same
 * document indented with tabs and with CRLF line endings (the expected text converted alike).
 */
function assertEdit(text: string, edit: GraphEdit, expected: string, select?: string): void {
  assert.deepEqual(apply(text, edit), { text: expected, select });
  assert.deepEqual(apply(tabsAndCrlf(text), edit), { text: tabsAndCrlf(expected), select }, 'tabs and CRLF');
}

function assertRefused(text: string, edit: GraphEdit, message: string, version = 1): void {
  assert.deepEqual(apply(text, edit, version), { refusal: message });
}

test('addNode appends the node with a nodeId from its name and the transition from `from`, in the neighbours\' style', () => {
  assertEdit(
    base,
    { kind: 'addNode', nodeType: 10, name: 'Ask the question', from: 'n:1', transitionName: 'Wants more' },
    replaced(
      base,
      [
        `            "toNodeId": "talk"
          }
        ]`,
        `            "toNodeId": "talk"
          },
          {
            "name": "Wants more",
            "toNodeId": "ask_the_question"
          }
        ]`,
      ],
      [
        `        "nodeType": 100
      }`,
        `        "nodeType": 100
      },
      {
        "nodeId": "ask_the_question",
        "name": "Ask the question",
        "nodeType": 10,
        "transitions": []
      }`,
      ],
    ),
    'n:3',
  );
});

test('addNode writes the settings object the type requires, a unique nodeId and the type as default name', () => {
  assertEdit(
    base,
    { kind: 'addNode', nodeType: 50 },
    replaced(base, [
      `        "nodeType": 100
      }`,
      `        "nodeType": 100
      },
      {
        "nodeId": "sms",
        "name": "SMS",
        "nodeType": 50,
        "smsSettings": {
          "body": ""
        },
        "transitions": []
      }`,
    ]),
    'n:3',
  );
  const added = apply(base, { kind: 'addNode', nodeType: 10, name: 'Talk!', from: 'n:0' });
  assert.ok('text' in added);
  assert.match(added.text, /"nodeId": "talk_2",\n {8}"name": "Talk!"/);
  // The default transition name is the new node's name; the compact transition stays with its comment.
  assert.ok(added.text.includes(`{ "name": "Greeted", "toNodeId": "talk" }, // the only way on
          { "name": "Talk!", "toNodeId": "talk_2" }
        ]`));
});

test('addNode into an empty nodes list and into a file of one-line nodes', () => {
  const empty = `{
  "pearl": {
    "nodes": []
  }
}
`;
  assertEdit(
    empty,
    { kind: 'addNode', nodeType: 100, name: 'Goodbye' },
    `{
  "pearl": {
    "nodes": [
      {
        "nodeId": "goodbye",
        "name": "Goodbye",
        "nodeType": 100
      }
    ]
  }
}
`,
    'n:0',
  );
  const oneLine = `{ "pearl": { "nodes": [
  { "nodeId": "open", "name": "Open", "nodeType": 2, "transitions": [] },
  { "nodeId": "end", "name": "End", "nodeType": 100 }
] } }`;
  assertEdit(
    oneLine,
    { kind: 'addNode', nodeType: 40, name: 'Look up', from: 'n:0', transitionName: 'Needs data' },
    `{ "pearl": { "nodes": [
  { "nodeId": "open", "name": "Open", "nodeType": 2, "transitions": [{ "name": "Needs data", "toNodeId": "look_up" }] },
  { "nodeId": "end", "name": "End", "nodeType": 100 },
  { "nodeId": "look_up", "name": "Look up", "nodeType": 40, "apiSettings": { "name": "", "method": 1, "endpointUrl": "" }, "transitions": [] }
] } }`,
    'n:2',
  );
});

test('addTransition appends after the last transition, keeping its end-of-line comment with it', () => {
  assertEdit(
    base,
    { kind: 'addTransition', source: 'n:0', target: 'n:2', name: 'Bye' },
    replaced(base, [
      `{ "name": "Greeted", "toNodeId": "talk" } // the only way on`,
      `{ "name": "Greeted", "toNodeId": "talk" }, // the only way on
          { "name": "Bye", "toNodeId": "end" }`,
    ]),
    'n:0>t:1',
  );
});

test('addTransition creates the transitions list of a node that has none, and sets apiResult from a PreCallAPI node', () => {
  const noTransitions = `{ "pearl": { "nodes": [\n  {\n    "nodeId": "talk",\n    "nodeType": 10\n  },\n  { "nodeId": "end", "nodeType": 100 }\n] } }`;
  assertEdit(
    noTransitions,
    { kind: 'addTransition', source: 'n:0', target: 'n:1', name: 'Done' },
    replaced(noTransitions, [
      `"nodeType": 10\n`,
      `"nodeType": 10,\n    "transitions": [\n      {\n        "name": "Done",\n        "toNodeId": "end"\n      }\n    ]\n`,
    ]),
    'n:0>t:0',
  );
  const preCall = textPearl({
    nodes: [
      node('lookup', 3, [transition('found', 'open', 1)]),
      node('open', 2, [transition('done', 'end')]),
      node('fallback', 2, [transition('done', 'end')]),
      node('end', 100, []),
    ],
  });
  const added = apply(preCall, { kind: 'addTransition', source: 'n:0', target: 'n:2', name: 'not found' });
  assert.ok('text' in added);
  assert.ok(
    added.text.includes(`"apiResult": 1
          },
          {
            "name": "not found",
            "toNodeId": "fallback",
            "apiResult": 2
          }`),
  );
  assertRefused(
    preCall,
    { kind: 'addTransition', source: 'n:0', target: 'n:1', name: 'again', apiResult: 1 },
    "PreCallAPI node 'lookup' already has a Success transition.",
  );
  assertRefused(
    preCall,
    { kind: 'addTransition', source: 'n:0', target: 'n:3', name: 'broken' },
    "A transition of a PreCallAPI node must lead to an OpeningSentence node; EndCall node 'end' is an EndCall node.",
  );
});

test('retargetTransition replaces only the toNodeId value', () => {
  assertEdit(
    base,
    { kind: 'retargetTransition', transition: 'n:1>t:1', target: 'n:0' },
    replaced(base, [`"name": "Again",\n            "toNodeId": "talk"`, `"name": "Again",\n            "toNodeId": "open"`]),
    'n:1>t:1',
  );
});

test('deleteTransition removes the transition with one comma, keeping comments', () => {
  const done = `          {
            "name": "Done",
            "toNodeId": "end"
          },
`;
  assertEdit(base, { kind: 'deleteTransition', transition: 'n:1>t:0' }, replaced(base, [done, '']));
  assertEdit(
    base,
    { kind: 'deleteTransition', transition: 'n:1>t:1' },
    replaced(base, [
      `          },
          {
            "name": "Again",
            "toNodeId": "talk"
          }
`,
      `          }
`,
    ]),
  );
  assertEdit(
    base,
    { kind: 'deleteTransition', transition: 'n:0>t:0' },
    replaced(base, [`[\n          { "name": "Greeted", "toNodeId": "talk" } // the only way on`, '[ // the only way on']),
  );
});

test('deleteTransition on one line keeps a block comment and drops a trailing comma', () => {
  const inline = `{ "pearl": { "nodes": [
  { "nodeId": "a", "nodeType": 10, "transitions": [{ "name": "x", "toNodeId": "a" }, /* why */ { "name": "y", "toNodeId": "a" },] }
] } }`;
  assertEdit(
    inline,
    { kind: 'deleteTransition', transition: 'n:0>t:1' },
    replaced(inline, [`[{ "name": "x", "toNodeId": "a" }, /* why */ { "name": "y", "toNodeId": "a" },]`, `[{ "name": "x", "toNodeId": "a" } /* why */]`]),
  );
  assertEdit(
    inline,
    { kind: 'deleteTransition', transition: 'n:0>t:0' },
    replaced(inline, [`[{ "name": "x", "toNodeId": "a" }, /* why */`, `[/* why */`]),
  );
});

test('deleteNode removes the node and every transition that targets it, keeping comments', () => {
  assertEdit(
    base,
    { kind: 'deleteNode', node: 'n:1' },
    replaced(
      base,
      [`[\n          { "name": "Greeted", "toNodeId": "talk" } // the only way on`, '[ // the only way on'],
      [
        `${talkNode},
`,
        '',
      ],
    ),
  );
  assertEdit(
    base,
    { kind: 'deleteNode', node: 'n:2' },
    replaced(
      base,
      [
        `          {
            "name": "Done",
            "toNodeId": "end"
          },
`,
        '',
      ],
      [
        `      },
      {
        "nodeId": "end",
        "name": "End",
        "nodeType": 100
      }
`,
        `      }
`,
      ],
    ),
  );
});

test('setNodeProperty writes JSON-escaped strings, inserts a missing property, and renames a nodeId everywhere', () => {
  assertEdit(
    base,
    { kind: 'setNodeProperty', node: 'n:0', property: 'name', value: 'Say "hi"\t<b>' },
    replaced(base, [`"name": "Open"`, `"name": "Say \\"hi\\"\\t<b>"`]),
    'n:0',
  );
  assertEdit(
    base,
    { kind: 'setNodeProperty', node: 'n:1', property: 'script', value: 'How can I help?' },
    replaced(base, [`"nodeType": 10,\n`, `"nodeType": 10,\n        "script": "How can I help?",\n`]),
    'n:1',
  );
  assertEdit(
    base,
    { kind: 'setNodeProperty', node: 'n:1', property: 'nodeId', value: 'chat' },
    replaced(
      base,
      [`"toNodeId": "talk" }`, `"toNodeId": "chat" }`],
      [`"nodeId": "talk"`, `"nodeId": "chat"`],
      [`"toNodeId": "talk"\n`, `"toNodeId": "chat"\n`],
    ),
    'n:1',
  );
  assertEdit(
    base,
    { kind: 'setNodeProperty', node: 'n:2', property: 'instructions', value: 'Say "bye"\n' },
    replaced(base, [`        "nodeType": 100\n`, `        "nodeType": 100,\n        "instructions": "Say \\"bye\\"\\n"\n`]),
    'n:2',
  );
  const unnamed = `{ "pearl": { "nodes": [\n  {\n    "name": "Open",\n    "nodeType": 2\n  }\n] } }`;
  assertEdit(
    unnamed,
    { kind: 'setNodeProperty', node: 'n:0', property: 'nodeId', value: 'open' },
    `{ "pearl": { "nodes": [\n  {\n    "nodeId": "open",\n    "name": "Open",\n    "nodeType": 2\n  }\n] } }`,
    'n:0',
  );
});

test('edits apply to a file with diagnostics where their target is found', () => {
  const withErrors = replaced(base, [`"agentName": "Ava",`, `"agentName": "Ava", "unknownThing": 1,`]);
  assert.ok(service.doValidation(service.parsePearlDocument(TextDocument.create(uri, 'pearl', 1, withErrors))).length > 0);
  assertEdit(
    withErrors,
    { kind: 'setNodeProperty', node: 'n:2', property: 'name', value: 'Bye' },
    replaced(withErrors, [`"name": "End"`, `"name": "Bye"`]),
    'n:2',
  );
});

test('refusals say why in a sentence', () => {
  assertRefused(base, { kind: 'deleteNode', node: 'n:0' }, 'The file has changed since the graph was drawn. Try again on the updated graph.', 2);
  assertRefused(
    replaced(base, [`"name": "Edits",`, `"name": "Edits"`]),
    { kind: 'deleteNode', node: 'n:0' },
    "The file does not parse at line 5: Expected ',' between members. Fix it in the editor, then change the graph.",
  );
  assertRefused(
    base,
    { kind: 'addTransition', source: 'n:1', target: 'n:2', name: 'Done' },
    "Dialogue node 'talk' already has a transition named 'Done': transition names must be unique within a node.",
  );
  assertRefused(
    base,
    { kind: 'addNode', nodeType: 10, from: 'n:1', transitionName: 'Again' },
    "Dialogue node 'talk' already has a transition named 'Again': transition names must be unique within a node.",
  );
  assertRefused(base, { kind: 'addTransition', source: 'n:1', target: 'n:2', name: ' ' }, 'A transition needs a name: the condition that triggers it.');
  assertRefused(base, { kind: 'setNodeProperty', node: 'n:1', property: 'nodeId', value: 'end' }, "A node with nodeId 'end' already exists.");
  assertRefused(base, { kind: 'setNodeProperty', node: 'n:1', property: 'nodeId', value: '' }, 'A nodeId cannot be empty.');
  assertRefused(
    base,
    { kind: 'setNodeProperty', node: 'n:1', property: 'nodeId', value: 'a"b' },
    `'a"b' is not a usable nodeId: it must not contain '"', '\\' or control characters.`,
  );
  assertRefused(base, { kind: 'addNode', nodeType: 60 }, 'A TransferCall node is for voice Pearls only; this is a text Pearl.');
  assertRefused(base, { kind: 'addNode', nodeType: 65 }, 'A StartCallRecording node is for voice Pearls only; this is a text Pearl.');
  assertRefused(base, { kind: 'addNode', nodeType: 7 }, 'nodeType 7 is not a known node type.');
  assertRefused(
    base,
    { kind: 'addTransition', source: 'n:2', target: 'n:1', name: 'Again' },
    'An EndCall node ends the conversation: it cannot have transitions.',
  );
  assertRefused(base, { kind: 'addNode', nodeType: 10, from: 'n:2' }, 'An EndCall node ends the conversation: it cannot have transitions.');
  assertRefused(base, { kind: 'deleteNode', node: 'n:7' }, 'That node is no longer in the file. Try again on the updated graph.');
  assertRefused(
    base,
    { kind: 'retargetTransition', transition: 'n:1>t:9', target: 'n:0' },
    'That transition is no longer in the file. Try again on the updated graph.',
  );
  assertRefused(
    base,
    { kind: 'addTransition', source: 'n:1', target: 'n:2', name: 'Bye', apiResult: 1 },
    'apiResult is allowed only on transitions of a PreCallAPI node.',
  );
  assertRefused(
    `{ "pearl": { "openingSentence": "Hi", "flowScript": "Talk" } }`,
    { kind: 'addNode', nodeType: 10 },
    'This is a simple Pearl: it has no nodes or transitions to change.',
  );
  assertRefused(base, { kind: 'wrong' } as unknown as GraphEdit, 'The graph edit has no known kind.');
  assertRefused(
    base,
    { kind: 'deleteNode', node: 'n:0' },
    'The graph edit does not say which version of the file it was made on.',
    null as unknown as number,
  );
  assertRefused(
    base,
    { kind: 'deleteNode' } as unknown as GraphEdit,
    'The deleteNode graph edit is missing a field or has one of the wrong type.',
  );
});

test('a file string quoted in a refusal is cut to 60 characters', () => {
  const long = 'x'.repeat(500);
  const text = replaced(base, [`"nodeId": "talk"`, `"nodeId": "${long}"`], [`"toNodeId": "talk" }`, `"toNodeId": "${long}" }`]);
  const outcome = apply(text, { kind: 'addTransition', source: 'n:1', target: 'n:2', name: 'Done' });
  assert.deepEqual(outcome, {
    refusal: `Dialogue node '${'x'.repeat(59)}…' already has a transition named 'Done': transition names must be unique within a node.`,
  });
});
