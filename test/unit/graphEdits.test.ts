import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { TextDocumentEdit } from 'vscode-languageserver-types';
import type { GraphEdit } from '#protocol/pearlRequests';
import { getNodeSettingFields, getNodeSettingLists } from '../../server/src/service/interface/nodeSettingFields';
import { node, service, textPearl, transition } from '../helpers/documents';
import {
  allNodes,
  type GraphEditModels,
  isObject,
  type Json,
  nodeAt,
  nodeSlot,
  pick,
  pickSettings,
  testGraphEditProperty,
  transitionSlot,
  transitionsOf,
} from '../helpers/graphEditProperty';
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

test("addNode appends the node with a nodeId from its name and the transition from `from`, in the neighbours' style", () => {
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

test('addNode writes the settings object the type requires, a unique nodeId, the type as default name and a transition named after it', () => {
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
  // The default transition name says where it leads; the compact transition stays with its comment.
  assert.ok(
    added.text.includes(`{ "name": "Greeted", "toNodeId": "talk" }, // the only way on
          { "name": "Go to Talk!", "toNodeId": "talk_2" }
        ]`),
  );
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
    replaced(inline, [
      `[{ "name": "x", "toNodeId": "a" }, /* why */ { "name": "y", "toNodeId": "a" },]`,
      `[{ "name": "x", "toNodeId": "a" } /* why */]`,
    ]),
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
  assertRefused(
    base,
    { kind: 'deleteNode', node: 'n:0' },
    'The file has changed since the graph was drawn. Try again on the updated graph.',
    2,
  );
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
  assertRefused(
    base,
    { kind: 'addTransition', source: 'n:1', target: 'n:2', name: ' ' },
    'A transition needs a name: the condition that triggers it.',
  );
  assertRefused(
    base,
    { kind: 'setNodeProperty', node: 'n:1', property: 'nodeId', value: 'end' },
    "A node with nodeId 'end' already exists.",
  );
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
  assertRefused(base, { kind: 'deleteNode' } as unknown as GraphEdit, 'The deleteNode graph edit is missing its node.');
  assertRefused(
    base,
    { kind: 'renameTransition', transition: 'n:0>t:0', name: 7 } as unknown as GraphEdit,
    'The name of a renameTransition graph edit must be text.',
  );
  assertRefused(
    base,
    { kind: 'deleteNode', node: 'n:0', nodes: ['n:1'] } as unknown as GraphEdit,
    'A deleteNode graph edit has no field "nodes".',
  );
  assertRefused(base, { kind: 'moveNode', node: 'n:0' } as unknown as GraphEdit, 'The graph edit has no known kind.');
});

test('a file string quoted in a refusal is cut to 60 characters', () => {
  const long = 'x'.repeat(500);
  const text = replaced(base, [`"nodeId": "talk"`, `"nodeId": "${long}"`], [`"toNodeId": "talk" }`, `"toNodeId": "${long}" }`]);
  const outcome = apply(text, { kind: 'addTransition', source: 'n:1', target: 'n:2', name: 'Done' });
  assert.deepEqual(outcome, {
    refusal: `Dialogue node '${'x'.repeat(59)}…' already has a transition named 'Done': transition names must be unique within a node.`,
  });
});

/** API, Email and SMS nodes with comments, one member per line (LF, 2 spaces). */
const settingsBase = `{
  "pearl": {
    "nodes": [
      {
        "nodeId": "lookup",
        "nodeType": 40,
        "apiSettings": {
          "name": "Lookup", // shown in the dashboard
          "method": 1,
          "endpointUrl": "https://crm.test/find",
          "body": [{ "key": "id", "type": 1, "value": "7" }],
          "headers": { "X-Key": "k" }
        },
        "transitions": []
      },
      {
        "nodeId": "mail",
        "nodeType": 51,
        /* who hears about it */
        "emailSettings": {
          "to": ["a@x.test"],
          "subject": "Hi",
          "body": ""
        }
      },
      {
        "nodeId": "text",
        "nodeType": 50,
        "script": "unused"
      },
      { "nodeId": "talk", "nodeType": 10 }
    ]
  }
}
`;

test('setNodeSetting replaces a value JSON-escaped, keeping the comment beside it', () => {
  assertEdit(
    settingsBase,
    { kind: 'setNodeSetting', node: 'n:0', path: ['apiSettings', 'name'], value: 'Find "VIP"\t<b>' },
    replaced(settingsBase, [`"name": "Lookup", // shown`, `"name": "Find \\"VIP\\"\\t<b>", // shown`]),
    'n:0',
  );
  assertEdit(
    settingsBase,
    { kind: 'setNodeSetting', node: 'n:0', path: ['apiSettings', 'method'], value: 2 },
    replaced(settingsBase, [`"method": 1,`, `"method": 2,`]),
    'n:0',
  );
  assertEdit(
    settingsBase,
    { kind: 'setNodeSetting', node: 'n:0', path: ['apiSettings', 'body', 0, 'required'], value: true },
    replaced(settingsBase, [`"value": "7" }`, `"value": "7", "required": true }`]),
    'n:0',
  );
  assertEdit(
    settingsBase,
    { kind: 'setNodeSetting', node: 'n:0', path: ['apiSettings', 'headers', 'X-Key'], value: 'k2' },
    replaced(settingsBase, [`"X-Key": "k"`, `"X-Key": "k2"`]),
    'n:0',
  );
  assertEdit(
    settingsBase,
    { kind: 'setNodeSetting', node: 'n:1', path: ['emailSettings', 'to'], value: ['a@x.test', 'b@x.test'] },
    replaced(settingsBase, [`"to": ["a@x.test"],`, `"to": ["a@x.test", "b@x.test"],`]),
    'n:1',
  );
  // The same value: no edit.
  assertEdit(settingsBase, { kind: 'setNodeSetting', node: 'n:0', path: ['apiSettings', 'method'], value: 1 }, settingsBase, 'n:0');
});

test('setNodeSetting of a list keeps the comments inside it: changed elements replaced, extra ones removed, new ones appended', () => {
  const commented = replaced(settingsBase, [
    `"to": ["a@x.test"],`,
    `"to": [\n            "a@x.test", // the owner\n            /* keep */ "b@x.test"\n          ],`,
  ]);
  const list = (lines: string): string => replaced(commented, [`"a@x.test", // the owner\n            /* keep */ "b@x.test"`, lines]);
  assertEdit(
    commented,
    { kind: 'setNodeSetting', node: 'n:1', path: ['emailSettings', 'to'], value: ['a@x.test', 'c@x.test'] },
    list(`"a@x.test", // the owner\n            /* keep */ "c@x.test"`),
    'n:1',
  );
  assertEdit(
    commented,
    { kind: 'setNodeSetting', node: 'n:1', path: ['emailSettings', 'to'], value: ['z@x.test', 'b@x.test', 'c@x.test'] },
    list(`"z@x.test", // the owner\n            /* keep */ "b@x.test", "c@x.test"`),
    'n:1',
  );
  assertEdit(
    commented,
    { kind: 'setNodeSetting', node: 'n:1', path: ['emailSettings', 'to'], value: ['a@x.test'] },
    list(`"a@x.test" // the owner\n            /* keep */`),
    'n:1',
  );
});

test('setNodeSetting inserts a missing field, a missing nested object and a missing settings object', () => {
  assertEdit(
    settingsBase,
    { kind: 'setNodeSetting', node: 'n:0', path: ['apiSettings', 'description'], value: 'Finds the customer' },
    replaced(settingsBase, [
      `"headers": { "X-Key": "k" }\n`,
      `"headers": { "X-Key": "k" },\n          "description": "Finds the customer"\n`,
    ]),
    'n:0',
  );
  assertEdit(
    settingsBase,
    { kind: 'setNodeSetting', node: 'n:1', path: ['emailSettings', 'smtpSettings', 'port'], value: 587 },
    replaced(settingsBase, [`"body": ""\n        }`, `"body": "",\n          "smtpSettings": { "port": 587 }\n        }`]),
    'n:1',
  );
  assertEdit(
    settingsBase,
    { kind: 'setNodeSetting', node: 'n:2', path: ['smsSettings', 'body'], value: 'Your code is {code}' },
    replaced(settingsBase, [`"script": "unused"\n`, `"script": "unused",\n        "smsSettings": { "body": "Your code is {code}" }\n`]),
    'n:2',
  );
  const nullSettings = replaced(settingsBase, [`"script": "unused"`, `"smsSettings": null, "script": "unused"`]);
  assertEdit(
    nullSettings,
    { kind: 'setNodeSetting', node: 'n:2', path: ['smsSettings', 'body'], value: 'Hi' },
    replaced(nullSettings, [`"smsSettings": null`, `"smsSettings": { "body": "Hi" }`]),
    'n:2',
  );
});

test('setNodeSetting refuses a value of the wrong type, a field the schema does not have and another type\u2019s settings', () => {
  const set = (node: string, path: (string | number)[], value: SetValue): GraphEdit => ({ kind: 'setNodeSetting', node, path, value });
  assertRefused(
    settingsBase,
    set('n:0', ['apiSettings', 'method'], 9),
    'method must be one of GET (1), POST (2), PUT (3), DELETE (4), PATCH (5).',
  );
  assertRefused(settingsBase, set('n:0', ['apiSettings', 'method'], 'GET'), 'method must be a whole number.');
  assertRefused(settingsBase, set('n:0', ['apiSettings', 'method'], 1.5), 'method must be a whole number.');
  assertRefused(
    settingsBase,
    set('n:1', ['emailSettings', 'smtpSettings', 'port'], 2 ** 31),
    'port must be a whole number from -2147483648 to 2147483647.',
  );
  assertRefused(settingsBase, set('n:1', ['emailSettings', 'smtpSettings', 'enableSsl'], 'yes'), 'enableSsl must be true or false.');
  assertRefused(settingsBase, set('n:1', ['emailSettings', 'subject'], 3), 'subject must be text.');
  assertRefused(settingsBase, set('n:1', ['emailSettings', 'to'], 'a@x.test'), 'to must be a list of texts.');
  assertRefused(
    settingsBase,
    set('n:0', ['apiSettings', 'body', 0, 'type'], 0),
    'body 1 › type must be one of String (1), Long (2), Double (3), Boolean (4), DateOnly (5), TimeOnly (6), DateTime (7).',
  );
  assertRefused(settingsBase, set('n:0', ['apiSettings', 'timeout'], 5), 'timeout is not a field of apiSettings.');
  assertRefused(settingsBase, set('n:0', ['apiSettings', 'body'], 'x'), 'body holds more than one value: set its fields one by one.');
  assertRefused(
    settingsBase,
    set('n:0', ['apiSettings', 'body', 3, 'key'], 'x'),
    'That list element is no longer in the file. Try again on the updated graph.',
  );
  assertRefused(
    settingsBase,
    set('n:0', ['smsSettings', 'body'], 'x'),
    'The settings of an API node are in apiSettings, not in smsSettings.',
  );
  assertRefused(settingsBase, set('n:3', ['smsSettings', 'body'], 'x'), 'A Dialogue node has no settings object.');
  const badPath = 'The path of a setNodeSetting graph edit must be a list of property names and indexes.';
  assertRefused(settingsBase, set('n:0', [], 'x'), badPath);
  assertRefused(settingsBase, set('n:0', ['apiSettings', -1], 'x'), badPath);
  const textItem = replaced(settingsBase, [`"body": [{ "key": "id", "type": 1, "value": "7" }]`, `"body": ["id"]`]);
  assertRefused(
    textItem,
    set('n:0', ['apiSettings', 'body', 0, 'key'], 'x'),
    'body 1 is not an object, so key cannot be set in it. Fix it in the editor.',
  );
  const stringSettings = replaced(settingsBase, [`"script": "unused"`, `"smsSettings": "oops"`]);
  assertRefused(
    stringSettings,
    set('n:2', ['smsSettings', 'body'], 'x'),
    'smsSettings is not an object, so body cannot be set in it. Fix it in the editor.',
  );
});

type SetValue = string | number | boolean | string[];

test('the graph carries each node\u2019s settings object; its fields come from the schema, with the values in the file', () => {
  const doc = service.parsePearlDocument(TextDocument.create(uri, 'pearl', 1, settingsBase));
  const graph = service.getGraph(doc, []);
  assert.deepEqual(
    graph.nodes.map((graphNode) => graphNode.settings?.property),
    ['apiSettings', 'emailSettings', 'smsSettings', undefined],
  );
  assert.deepEqual(graph.nodes[2].settings, { property: 'smsSettings' }, 'absent from the file: no value');
  // With duplicate keys the tree and the plain value may disagree: the value is read from the tree.
  const duplicated = replaced(settingsBase, [
    `{ "nodeId": "talk", "nodeType": 10 }`,
    `{ "nodeId": "talk", "nodeId": "chat", "nodeType": 10 }`,
  ]);
  const withDuplicates = service.getGraph(service.parsePearlDocument(TextDocument.create(uri, 'pearl', 1, duplicated)), []);
  assert.deepEqual(JSON.parse(JSON.stringify(withDuplicates.nodes[1].settings)), {
    property: 'emailSettings',
    value: { to: ['a@x.test'], subject: 'Hi', body: '' },
  });
  const byNode = new Map(
    graph.nodes.map((graphNode) => [
      graphNode.nodeId,
      graphNode.settings && getNodeSettingFields(graphNode.settings.property, graphNode.settings.value),
    ]),
  );
  const api = byNode.get('lookup');
  assert.ok(api);
  assert.deepEqual(
    api.map((field) => [field.group ?? '', field.label, field.type, field.value]),
    [
      ['', 'name', 'string', 'Lookup'],
      ['', 'method', 'integer', 1],
      ['', 'endpointUrl', 'string', 'https://crm.test/find'],
      ['body 1', 'key', 'string', 'id'],
      ['body 1', 'variableId', 'string', undefined],
      ['body 1', 'type', 'integer', 1],
      ['body 1', 'value', 'string', '7'],
      ['body 1', 'required', 'boolean', undefined],
      ['headers', 'X-Key', 'string', 'k'],
      ['', 'description', 'string', undefined],
      ['', 'credentialId', 'string', undefined],
    ],
  );
  assert.deepEqual(
    api[1].options?.map((option) => option.name),
    ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'],
  );
  assert.deepEqual(api[3].path, ['apiSettings', 'body', 0, 'key']);
  const email = byNode.get('mail');
  assert.ok(email);
  assert.deepEqual(
    email.map((field) => `${field.group ? `${field.group} › ` : ''}${field.label}${field.multiline ? ' (multiline)' : ''}`),
    [
      'to',
      'cc',
      'subject',
      'body (multiline)',
      'smtpSettings › id',
      'smtpSettings › provider',
      'smtpSettings › smtpServer',
      'smtpSettings › port',
      'smtpSettings › enableSsl',
      'smtpSettings › senderEmail',
      'smtpSettings › senderPassword',
      'smtpSettings › displayName',
    ],
  );
  assert.deepEqual(email[0].value, ['a@x.test']);
  assert.deepEqual(
    byNode.get('text')?.map((field) => field.path),
    [['smsSettings', 'body']],
  );
  assert.equal(byNode.get('talk'), undefined);
});

test('renameTransition replaces only the name value, JSON-escaped, and inserts a missing name first', () => {
  assertEdit(
    base,
    { kind: 'renameTransition', transition: 'n:1>t:1', name: 'Wants "more"' },
    replaced(base, [`"name": "Again",`, `"name": "Wants \\"more\\"",`]),
    'n:1>t:1',
  );
  // The compact transition keeps its end-of-line comment.
  assertEdit(
    base,
    { kind: 'renameTransition', transition: 'n:0>t:0', name: 'Said hello' },
    replaced(base, [
      `{ "name": "Greeted", "toNodeId": "talk" } // the only way on`,
      `{ "name": "Said hello", "toNodeId": "talk" } // the only way on`,
    ]),
    'n:0>t:0',
  );
  const nameless = replaced(base, [`{ "name": "Greeted", "toNodeId": "talk" }`, `{ "toNodeId": "talk" }`]);
  assertEdit(
    nameless,
    { kind: 'renameTransition', transition: 'n:0>t:0', name: 'Greeted' },
    replaced(nameless, [`{ "toNodeId": "talk" }`, `{ "name": "Greeted", "toNodeId": "talk" }`]),
    'n:0>t:0',
  );
  // The same name: nothing to change.
  assert.deepEqual(apply(base, { kind: 'renameTransition', transition: 'n:1>t:1', name: 'Again' }), { text: base, select: 'n:1>t:1' });
});

test('renameTransition refuses an empty name, a name taken in the node and a transition that is gone', () => {
  assertRefused(
    base,
    { kind: 'renameTransition', transition: 'n:1>t:1', name: '  ' },
    'A transition needs a name: the condition that triggers it.',
  );
  assertRefused(
    base,
    { kind: 'renameTransition', transition: 'n:1>t:1', name: 'Done' },
    "Dialogue node 'talk' already has a transition named 'Done': transition names must be unique within a node.",
  );
  assertRefused(
    base,
    { kind: 'renameTransition', transition: 'n:1>t:9', name: 'Later' },
    'That transition is no longer in the file. Try again on the updated graph.',
  );
});

test('addNode after a node names the transition after where it leads, unique within the node', () => {
  const first = apply(base, { kind: 'addNode', nodeType: 40, from: 'n:1' });
  assert.ok('text' in first);
  assert.match(first.text, /"name": "Go to API",\n {12}"toNodeId": "api"/);
  const second = apply(first.text, { kind: 'addNode', nodeType: 40, from: 'n:1' });
  assert.ok('text' in second);
  assert.match(second.text, /"name": "Go to API 2",\n {12}"toNodeId": "api_2"/);
  const ending = apply(base, { kind: 'addNode', nodeType: 100, from: 'n:0' });
  assert.ok('text' in ending);
  assert.match(ending.text, /\{ "name": "When the conversation is over", "toNodeId": "endcall" \}/);
});

test('clearNodeSetting removes a field, a list element or a header, keeping comments; nothing when absent', () => {
  assertEdit(
    settingsBase,
    { kind: 'clearNodeSetting', node: 'n:0', path: ['apiSettings', 'method'] },
    replaced(settingsBase, [`          "method": 1,\n`, ``]),
    'n:0',
  );
  assertEdit(
    settingsBase,
    { kind: 'clearNodeSetting', node: 'n:0', path: ['apiSettings', 'body', 0] },
    replaced(settingsBase, [`"body": [{ "key": "id", "type": 1, "value": "7" }]`, `"body": []`]),
    'n:0',
  );
  assertEdit(
    settingsBase,
    { kind: 'clearNodeSetting', node: 'n:0', path: ['apiSettings', 'body', 0, 'value'] },
    replaced(settingsBase, [`{ "key": "id", "type": 1, "value": "7" }`, `{ "key": "id", "type": 1 }`]),
    'n:0',
  );
  assertEdit(
    settingsBase,
    { kind: 'clearNodeSetting', node: 'n:0', path: ['apiSettings', 'headers', 'X-Key'] },
    replaced(settingsBase, [`"headers": { "X-Key": "k" }`, `"headers": {}`]),
    'n:0',
  );
  assert.deepEqual(apply(settingsBase, { kind: 'clearNodeSetting', node: 'n:0', path: ['apiSettings', 'outputBody'] }), {
    text: settingsBase,
    select: 'n:0',
  });
  assertRefused(
    settingsBase,
    { kind: 'clearNodeSetting', node: 'n:0', path: ['apiSettings'] },
    'The apiSettings object itself cannot be cleared: clear its fields one by one.',
  );
  assertRefused(
    settingsBase,
    { kind: 'clearNodeSetting', node: 'n:3', path: ['apiSettings', 'name'] },
    'That node has no settings object.',
  );
});

test('addNodeSettingItem appends an empty body element, creates outputBody and adds a named header', () => {
  assertEdit(
    settingsBase,
    { kind: 'addNodeSettingItem', node: 'n:0', path: ['apiSettings', 'body'] },
    replaced(settingsBase, [
      `"body": [{ "key": "id", "type": 1, "value": "7" }]`,
      `"body": [{ "key": "id", "type": 1, "value": "7" }, {}]`,
    ]),
    'n:0',
  );
  assertEdit(
    settingsBase,
    { kind: 'addNodeSettingItem', node: 'n:0', path: ['apiSettings', 'outputBody'] },
    replaced(settingsBase, [`"headers": { "X-Key": "k" }`, `"headers": { "X-Key": "k" },\n          "outputBody": [{}]`]),
    'n:0',
  );
  assertEdit(
    settingsBase,
    { kind: 'addNodeSettingItem', node: 'n:0', path: ['apiSettings', 'headers'], name: 'Accept' },
    replaced(settingsBase, [`"headers": { "X-Key": "k" }`, `"headers": { "X-Key": "k", "Accept": "" }`]),
    'n:0',
  );
  assertRefused(
    settingsBase,
    { kind: 'addNodeSettingItem', node: 'n:0', path: ['apiSettings', 'headers'], name: 'X-Key' },
    "headers already has an entry named 'X-Key'.",
  );
  assertRefused(
    settingsBase,
    { kind: 'addNodeSettingItem', node: 'n:0', path: ['apiSettings', 'headers'] },
    'A new entry of headers needs a name.',
  );
  assertRefused(
    settingsBase,
    { kind: 'addNodeSettingItem', node: 'n:0', path: ['apiSettings', 'name'] },
    'name is not a list that takes new entries.',
  );
});

test('the settings form lists an API node\u2019s fields and its body, headers and outputBody with their sizes', () => {
  const doc = service.parsePearlDocument(TextDocument.create(uri, 'pearl', 4, settingsBase));
  const form = service.getNodeSettingForm(doc, 'n:0');
  assert.ok(form);
  assert.equal(form.version, 4);
  assert.equal(form.property, 'apiSettings');
  assert.deepEqual(
    form.lists.map((list) => [list.path, list.type, list.size]),
    [
      [['apiSettings', 'body'], 'objectList', 1],
      [['apiSettings', 'headers'], 'stringMap', 1],
      [['apiSettings', 'outputBody'], 'objectList', 0],
    ],
  );
  assert.deepEqual(
    form.fields.find((field) => field.label === 'X-Key'),
    { path: ['apiSettings', 'headers', 'X-Key'], label: 'X-Key', group: 'headers', type: 'string', value: 'k' },
  );
  assert.equal(service.getNodeSettingForm(doc, 'n:3'), undefined, 'a Dialogue has no settings object');
  assert.equal(service.getNodeSettingForm(doc, 'n:42'), undefined);
});

/**
 * What the property test (test/helpers/graphEditProperty.ts) needs of each kind: how to make one
 * from a random intent and the graph of the moment, and its model of the change on plain JSON,
 * independent of the planners. A new kind adds its entry here, beside its unit tests.
 */
const graphEditModels: GraphEditModels = {
  addNode: {
    make: (graph, it) => {
      const { nodeA } = pick(graph, it);
      return {
        kind: 'addNode',
        nodeType: it.nodeType,
        name: it.text,
        ...(it.withFrom && nodeA ? { from: nodeA, transitionName: it.text ? `${it.text}!` : undefined } : {}),
      };
    },
    expect: (before, after, edit) => {
      const expected = structuredClone(before);
      const nodes = (after.pearl as Json).nodes as Json[];
      const added = nodes[nodes.length - 1];
      assert.equal(added.nodeType, edit.nodeType);
      assert.match(added.nodeId as string, /^[a-z0-9_]{1,40}(_\d+)?$/);
      assert.ok(!allNodes(before).some((candidate) => candidate.nodeId === added.nodeId), 'the new nodeId is unique');
      if (edit.name?.trim()) assert.equal(added.name, edit.name);
      const expectedNodes = (expected.pearl as Json).nodes;
      (expected.pearl as Json).nodes = [...(Array.isArray(expectedNodes) ? expectedNodes : []), added];
      if (edit.from !== undefined) {
        const link = lastTransition(after, edit.from);
        assert.equal(link.toNodeId, added.nodeId);
        if (edit.transitionName !== undefined) assert.equal(link.name, edit.transitionName);
        appendTransition(nodeAt(expected, edit.from), link);
      }
      return expected;
    },
  },
  addTransition: {
    make: (graph, it) => {
      const { nodeA, nodeB } = pick(graph, it);
      return nodeA && nodeB ? { kind: 'addTransition', source: nodeA, target: nodeB, name: it.text, apiResult: it.apiResult } : undefined;
    },
    expect: (before, after, edit) => {
      const expected = structuredClone(before);
      const added = lastTransition(after, edit.source);
      const source = nodeAt(before, edit.source);
      const apiResult = source.nodeType === 3 ? (edit.apiResult ?? added.apiResult) : undefined;
      assert.deepEqual(added, {
        name: edit.name,
        toNodeId: nodeAt(before, edit.target).nodeId,
        ...(apiResult !== undefined ? { apiResult } : {}),
      });
      appendTransition(nodeAt(expected, edit.source), added);
      return expected;
    },
  },
  retargetTransition: {
    make: (graph, it) => {
      const { edgeA, nodeB } = pick(graph, it);
      return edgeA && nodeB ? { kind: 'retargetTransition', transition: edgeA, target: nodeB } : undefined;
    },
    expect: (before, _after, edit) => {
      const expected = structuredClone(before);
      const [owner, index] = transitionSlot(expected, edit.transition);
      (owner.transitions as Json[])[index].toNodeId = nodeAt(before, edit.target).nodeId;
      return expected;
    },
  },
  renameTransition: {
    make: (graph, it) => {
      const { edgeA } = pick(graph, it);
      return edgeA ? { kind: 'renameTransition', transition: edgeA, name: it.text } : undefined;
    },
    expect: (before, _after, edit) => {
      const expected = structuredClone(before);
      const [owner, index] = transitionSlot(expected, edit.transition);
      (owner.transitions as Json[])[index].name = edit.name;
      return expected;
    },
  },
  deleteTransition: {
    make: (graph, it) => {
      const { edgeA } = pick(graph, it);
      return edgeA ? { kind: 'deleteTransition', transition: edgeA } : undefined;
    },
    expect: (before, _after, edit) => {
      const expected = structuredClone(before);
      const [owner, index] = transitionSlot(expected, edit.transition);
      (owner.transitions as unknown[]).splice(index, 1);
      return expected;
    },
  },
  deleteNode: {
    make: (graph, it) => {
      const { nodeA } = pick(graph, it);
      return nodeA ? { kind: 'deleteNode', node: nodeA } : undefined;
    },
    expect: (before, _after, edit) => {
      const expected = structuredClone(before);
      const id = nodeAt(before, edit.node).nodeId;
      const [list, index] = nodeSlot(expected, edit.node);
      list.splice(index, 1);
      if (typeof id === 'string' && !allNodes(expected).some((other) => other.nodeId === id)) {
        for (const other of allNodes(expected)) {
          if (Array.isArray(other.transitions))
            other.transitions = other.transitions.filter((item) => !(isObject(item) && item.toNodeId === id));
        }
      }
      return expected;
    },
  },
  setNodeProperty: {
    make: (graph, it) => {
      const { nodeA } = pick(graph, it);
      return nodeA ? { kind: 'setNodeProperty', node: nodeA, property: it.property, value: it.text } : undefined;
    },
    expect: (before, _after, edit) => {
      const expected = structuredClone(before);
      const target = nodeAt(expected, edit.node);
      const old = target.nodeId;
      if (edit.property === 'nodeId' && typeof old === 'string') {
        for (const other of allNodes(expected)) {
          if (other.nodeId === old) other.nodeId = edit.value;
          for (const item of transitionsOf(other)) if (item.toNodeId === old) item.toNodeId = edit.value;
        }
      } else {
        target[edit.property] = edit.value;
      }
      return expected;
    },
  },
  setNodeSetting: {
    // Twice as often: many of its random targets are refused (no settings there).
    weight: 2,
    make: (graph, it) => {
      // A field the graph lists for a node that has settings (wrong types included: they are refused).
      const target = pickSettings(graph, it);
      if (!target) return undefined;
      const fields = getNodeSettingFields(target.property, target.value);
      const field = fields[it.b % fields.length];
      return field && { kind: 'setNodeSetting', node: target.key, path: field.path, value: it.setting ?? it.text };
    },
    expect: (before, _after, edit) => {
      const expected = structuredClone(before);
      let owner: Record<string | number, unknown> = nodeAt(expected, edit.node);
      edit.path.forEach((step, index) => {
        if (index === edit.path.length - 1) owner[step] = edit.value;
        else {
          const next = owner[step];
          if (typeof next !== 'object' || next === null) owner[step] = {};
          owner = owner[step] as Record<string | number, unknown>;
        }
      });
      return expected;
    },
  },
  clearNodeSetting: {
    weight: 2,
    make: (graph, it) => {
      const target = pickSettings(graph, it);
      if (!target) return undefined;
      const fields = getNodeSettingFields(target.property, target.value).filter((field) => field.value !== undefined);
      const field = fields[it.b % Math.max(fields.length, 1)];
      if (!field) return undefined;
      // Now and then a whole list element (`body 1`) rather than one of its fields.
      const index = field.path.findIndex((step) => typeof step === 'number');
      const path = index > 0 && it.withFrom ? field.path.slice(0, index + 1) : field.path;
      return { kind: 'clearNodeSetting', node: target.key, path };
    },
    expect: (before, _after, edit) => {
      const expected = structuredClone(before);
      const owner = edit.path
        .slice(0, -1)
        .reduce<unknown>((at, step) => (at as Record<string | number, unknown>)[step], nodeAt(expected, edit.node));
      const last = edit.path[edit.path.length - 1];
      if (Array.isArray(owner) && typeof last === 'number') owner.splice(last, 1);
      else delete (owner as Json)[last];
      return expected;
    },
  },
  addNodeSettingItem: {
    weight: 2,
    make: (graph, it) => {
      const target = pickSettings(graph, it);
      const list = target && getNodeSettingLists(target.property, target.value)[it.b % 8];
      return target && list ? { kind: 'addNodeSettingItem', node: target.key, path: list.path, name: it.text } : undefined;
    },
    expect: (before, _after, edit) => {
      const expected = structuredClone(before);
      const settings = nodeAt(expected, edit.node);
      const [property, list] = edit.path as [string, string];
      if (!isObject(settings[property])) settings[property] = {};
      const object = settings[property] as Json;
      const type = getNodeSettingLists(property, undefined).find((candidate) => candidate.path[1] === list)?.type;
      if (type === 'objectList') {
        object[list] = [...(Array.isArray(object[list]) ? object[list] : []), {}];
      } else {
        object[list] = { ...(isObject(object[list]) ? object[list] : {}), [edit.name?.trim() ?? '']: '' };
      }
      return expected;
    },
  },
};

/** The last transition of the node `key` names in `value`. */
function lastTransition(value: Json, key: string): Json {
  const list = nodeAt(value, key).transitions as Json[];
  return list[list.length - 1];
}

/** Appends `added` to the transitions of `source` (created when absent). */
function appendTransition(source: Json, added: Json): void {
  source.transitions = [...(Array.isArray(source.transitions) ? source.transitions : []), added];
}

testGraphEditProperty(graphEditModels);
