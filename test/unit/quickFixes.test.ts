import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { CodeAction, DiagnosticSeverity } from 'vscode-languageserver-types';
import { actionsFor, apply, find, valueOf } from '../helpers/codeActions';
import { diagnosticsWithCode, node, parse, service, textPearl, transition } from '../helpers/documents';
import { applyEdits, tabsAndCrlf, valueRange } from '../helpers/text';

/** The document's codes as a user sees them in the Problems panel, which lists no Hint (such as variable-unused). */
function codes(content: string): string[] {
  return service
    .doValidation(parse(content))
    .filter((diagnostic) => diagnostic.severity !== DiagnosticSeverity.Hint)
    .map((diagnostic) => String(diagnostic.code));
}

const withUnknownTarget = textPearl({
  nodes: [
    node('open', 2, [transition('greeted', 'talk')]),
    node('talk', 10, [transition('done', 'end'), transition('ask', 'talkk')]),
    node('end', 100, []),
  ],
});

test('unknown-target: "Create Dialogue" puts a Dialogue node named after its type before EndCall, with a script placeholder and a transition to EndCall, beside "Change to"', () => {
  const { actions } = actionsFor(withUnknownTarget, 'unknown-target');
  assert.deepEqual(
    actions.map((action) => action.title),
    ["Change to 'talk'", "Create Dialogue 'talkk' (the transition keeps its condition 'ask')"],
  );
  const create = find(actions, "Create Dialogue 'talkk' (the transition keeps its condition 'ask')");
  assert.notEqual(create.isPreferred, true);
  const after = apply(withUnknownTarget, create);
  assert.ok(
    after.includes(
      [
        '      },',
        '      {',
        '        "nodeId": "talkk",',
        '        "name": "Dialogue",',
        '        "nodeType": 10,',
        '        "script": "<what the agent writes at this step>",',
        '        "transitions": [',
        '          {',
        '            "name": "End the conversation",',
        '            "toNodeId": "end"',
        '          }',
        '        ]',
        '      },',
        '      {',
        '        "nodeId": "end",',
      ].join('\n'),
    ),
    after,
  );
  // The transition keeps its condition.
  assert.ok(after.includes('"name": "ask"'));
  // The script is the one thing left to write: reported until it is filled.
  const placeholders = diagnosticsWithCode(after, 'template-placeholder');
  assert.deepEqual(codes(after), ['template-placeholder']);
  assert.equal(placeholders[0].severity, 2);
  assert.deepEqual(placeholders[0].range, valueRange(after, '"script": "<what the agent writes at this step>"'));
  assert.deepEqual(codes(after.replace('<what the agent writes at this step>', 'What can I do for you?')), []);
});

test('unknown-target: a condition that reads as the end of the conversation gets "Create Dialogue" that replaces it with one to write; a second Dialogue is named "Dialogue 2"', () => {
  const content = textPearl({
    nodes: [
      node('open', 2, [transition('greeted', 'talk')]),
      { ...node('talk', 10, [transition('The conversation is over', 'wrapup')]), name: 'Dialogue' },
      node('end', 100, []),
    ],
  });
  const { actions } = actionsFor(content, 'unknown-target');
  const clear =
    "Create Dialogue 'wrapup' and replace the condition 'The conversation is over', which reads as the end of the conversation, with one to write";
  assert.deepEqual(
    actions.map((action) => action.title),
    [clear, "Create Dialogue 'wrapup' (the transition keeps its condition 'The conversation is over')"],
  );
  const after = apply(content, find(actions, clear));
  const value = valueOf(after) as { pearl: { nodes: { nodeId: string; name: string; transitions?: { name: string }[] }[] } };
  assert.deepEqual(
    value.pearl.nodes.map((entry) => [entry.nodeId, entry.name]),
    [
      ['open', 'Node open'],
      ['talk', 'Dialogue'],
      ['wrapup', 'Dialogue 2'],
      ['end', 'Node end'],
    ],
  );
  assert.equal(value.pearl.nodes[1].transitions?.[0].name, '<when the conversation moves to this step>');
  // The condition and the script are left to write, each reported until it is.
  assert.deepEqual(codes(after), ['template-placeholder', 'template-placeholder']);
});

test('unknown-target in a tab-indented CRLF file: the new node keeps tabs and CRLF', () => {
  const content = tabsAndCrlf(withUnknownTarget);
  const after = apply(
    content,
    find(actionsFor(content, 'unknown-target').actions, "Create Dialogue 'talkk' (the transition keeps its condition 'ask')"),
  );
  assert.ok(after.includes('\t\t\t{\r\n\t\t\t\t"nodeId": "talkk",\r\n\t\t\t\t"name": "Dialogue",\r\n'), JSON.stringify(after));
  assert.equal(/[^\r]\n/.test(after), false, 'no bare LF');
  assert.deepEqual(codes(after), ['template-placeholder']);
});

test('graph-cannot-reach-end: "Add a transition to EndCall" in the style of the node\'s transitions', () => {
  const content = textPearl({
    nodes: [node('open', 2, [transition('greeted', 'talk')]), node('talk', 10, [transition('again', 'talk')]), node('end', 100, [])],
  });
  const { actions } = actionsFor(content, 'graph-cannot-reach-end');
  // Both open and talk cannot reach the end; each gets its own transition.
  const fixes = actions.filter((action) => action.title === 'Add a transition to EndCall');
  assert.equal(fixes.length, 2);
  const talkFix = fixes.find((action) => action.diagnostics?.[0].message.includes("'talk'"))!;
  assert.equal(talkFix.isPreferred, true);
  const after = apply(content, talkFix);
  assert.ok(
    after.includes(
      '"toNodeId": "talk"\n          },\n          {\n            "name": "End the conversation",\n            "toNodeId": "end"\n          }\n        ]',
    ),
    after,
  );
  assert.deepEqual(diagnosticsWithCode(after, 'graph-cannot-reach-end'), []);
});

test('graph-cannot-reach-end: a taken name is numbered; a compact empty list gets one inline transition', () => {
  const content =
    '{"name": "x", "pearl": {"nodes": [\n' +
    '{"nodeId": "open", "name": "Open", "nodeType": 2, "transitions": [{"name": "End the conversation", "toNodeId": "talk"}]},\n' +
    '{"nodeId": "talk", "name": "Talk", "nodeType": 10, "transitions": []},\n' +
    '{"nodeId": "end", "name": "End", "nodeType": 100, "transitions": []}\n' +
    ']}, "inbound": {"textChannelId": "c"}}';
  const fixes = actionsFor(content, 'graph-cannot-reach-end').actions;
  const open = fixes.find((action) => action.diagnostics?.[0].message.includes("'open'"))!;
  assert.ok(
    apply(content, open).includes(
      '{"name": "End the conversation", "toNodeId": "talk"}, { "name": "End the conversation 2", "toNodeId": "end" }]',
    ),
  );
  const talk = fixes.find((action) => action.diagnostics?.[0].message.includes("'talk'"))!;
  assert.ok(apply(content, talk).includes('"nodeType": 10, "transitions": [{ "name": "End the conversation", "toNodeId": "end" }]}'));
});

test('model-type-kind: a text Pearl takes 11 (Swan), the preferred fix', () => {
  const content = textPearl({ pearl: { modelType: 3 } });
  const { actions } = actionsFor(content, 'model-type-kind');
  const fix = find(actions, 'Change to 11 (Swan)');
  assert.equal(fix.isPreferred, true);
  const after = apply(content, fix);
  assert.ok(after.includes('"modelType": 11,'));
  assert.deepEqual(codes(after), []);
});

test('model-type-kind: a simple Pearl offers each voice model, none preferred', () => {
  const content =
    '{\n  "$schema": "../schemas/simple-pearl.schema.json",\n  "name": "Voice",\n  "pearl": { "modelType": 11, "openingSentence": "Hi", "flowScript": "Talk" },\n  "inbound": { "phoneNumberId": "p" }\n}';
  const { actions } = actionsFor(content, 'model-type-kind');
  assert.deepEqual(
    actions.map((action) => action.title),
    ['Change to 1 (Trident)', 'Change to 2 (Oyster)', 'Change to 3 (Arrow)', 'Change to 4 (Hydra)'],
  );
  assert.ok(actions.every((action) => action.isPreferred !== true));
  assert.ok(apply(content, actions[3]).includes('"modelType": 4,'));
});

test("wrong-type: unambiguous values change to the field's type", () => {
  const cases: [Record<string, unknown>, string, string, string][] = [
    [{ pearl: { memory: 'yes' } }, 'Change to true', '"memory": "yes"', '"memory": true'],
    [{ pearl: { memory: 'False' } }, 'Change to false', '"memory": "False"', '"memory": false'],
    [{ pearl: { memory: 'true' } }, 'Change to true', '"memory": "true"', '"memory": true'],
    [{ inbound: { textChannelId: 'c', totalAgents: '5' } }, 'Change to 5', '"totalAgents": "5"', '"totalAgents": 5'],
    [{ inbound: { textChannelId: 12345 } }, 'Change to "12345"', '"textChannelId": 12345', '"textChannelId": "12345"'],
  ];
  for (const [patch, title, before, expected] of cases) {
    const base = JSON.parse(textPearl()) as Record<string, Record<string, unknown>>;
    for (const [key, value] of Object.entries(patch)) base[key] = { ...base[key], ...(value as object) };
    const content = JSON.stringify(base, null, 2);
    assert.ok(content.includes(before));
    const fix = find(actionsFor(content, 'wrong-type').actions, title);
    assert.equal(fix.isPreferred, true);
    const after = apply(content, fix);
    assert.ok(after.includes(expected), after);
    assert.deepEqual(diagnosticsWithCode(after, 'wrong-type'), []);
  }
});

test('wrong-type: an enumeration name becomes its value; an ambiguous string gets no fix', () => {
  const named = textPearl({ nodes: [node('open', 2, [transition('t', 'end')]), node('end', 'EndCall' as unknown as number, [])] });
  const fix = find(actionsFor(named, 'wrong-type').actions, 'Change to 100 (EndCall)');
  assert.deepEqual(codes(apply(named, fix)), []);
  const ambiguous = textPearl({ pearl: { memory: 'maybe' } });
  assert.deepEqual(actionsFor(ambiguous, 'wrong-type').actions, []);
  const tooBig = JSON.parse(textPearl()) as { inbound: Record<string, unknown> };
  tooBig.inbound.totalAgents = '99999999999';
  assert.deepEqual(actionsFor(JSON.stringify(tooBig, null, 2), 'wrong-type').actions, []);
});

test('channel-both: keep inbound or keep outbound, on the one diagnostic', () => {
  const content =
    '{\n  "name": "x",\n  "pearl": { "nodes": [] },\n  // the channel\n  "inbound": { "textChannelId": "in" },\n  "outbound": { "textChannelId": "out" }\n}';
  const { actions } = actionsFor(content, 'channel-both');
  assert.deepEqual(
    actions.map((action) => action.title),
    ["Keep 'inbound', remove 'outbound'", "Keep 'outbound', remove 'inbound'"],
  );
  const keepInbound = find(actions, "Keep 'inbound', remove 'outbound'");
  assert.equal(
    apply(content, keepInbound),
    '{\n  "name": "x",\n  "pearl": { "nodes": [] },\n  // the channel\n  "inbound": { "textChannelId": "in" }\n}',
  );
  const keepOutbound = apply(content, find(actions, "Keep 'outbound', remove 'inbound'"));
  assert.equal(
    keepOutbound,
    '{\n  "name": "x",\n  "pearl": { "nodes": [] },\n  // the channel\n  "outbound": { "textChannelId": "out" }\n}',
  );
  assert.deepEqual(diagnosticsWithCode(keepOutbound, 'channel-both'), []);
});

test('api-body-not-allowed: remove the body, or change the method to POST', () => {
  const body = [{ key: 'id', type: 1, value: '42' }];
  const content = textPearl({
    nodes: [
      node('open', 2, [transition('lookup', 'call')]),
      node('call', 40, [transition('done', 'end')], {
        apiSettings: { name: 'Lookup', method: 1, endpointUrl: 'https://example.test/x', body },
      }),
      node('end', 100, []),
    ],
  });
  const { actions } = actionsFor(content, 'api-body-not-allowed');
  assert.deepEqual(
    actions.map((action) => action.title),
    ['Remove the body', 'Change method to POST'],
  );
  const removed = apply(content, find(actions, 'Remove the body'));
  assert.ok(removed.includes('"endpointUrl": "https://example.test/x"\n        }\n      },'), removed);
  assert.deepEqual(codes(removed), []);
  const post = apply(content, find(actions, 'Change method to POST'));
  assert.ok(post.includes('"method": 2,'));
  assert.deepEqual(codes(post), []);
});

const withTransfer = `{
  "name": "x",
  "pearl": {
    "nodes": [
      { "nodeId": "open", "name": "Open", "nodeType": 2, "transitions": [
        { "name": "greeted", "toNodeId": "talk" },
        // hand over to a person
        { "name": "human", "toNodeId": "xfer" }
      ] },
      { "nodeId": "talk", "name": "Talk", "nodeType": 10, "transitions": [{ "name": "done", "toNodeId": "end" }, { "name": "xfer", "toNodeId": "xfer" }] },
      // voice only
      { "nodeId": "xfer", "name": "Transfer", "nodeType": 60, "transferCallSettings": { "transferCallPhoneNumber": "+15550100" }, "transitions": [] },
      { "nodeId": "end", "name": "End", "nodeType": 100, "transitions": [] }
    ]
  },
  "inbound": { "textChannelId": "c" }
}`;

test('voice-only-node: removes the node and the transitions to it, keeping comments and lines', () => {
  const fix = find(actionsFor(withTransfer, 'voice-only-node').actions, "Remove node 'xfer' and the transitions to it");
  assert.equal(
    apply(withTransfer, fix),
    `{
  "name": "x",
  "pearl": {
    "nodes": [
      { "nodeId": "open", "name": "Open", "nodeType": 2, "transitions": [
        { "name": "greeted", "toNodeId": "talk" }
        // hand over to a person
      ] },
      { "nodeId": "talk", "name": "Talk", "nodeType": 10, "transitions": [{ "name": "done", "toNodeId": "end" }] },
      // voice only
      { "nodeId": "end", "name": "End", "nodeType": 100, "transitions": [] }
    ]
  },
  "inbound": { "textChannelId": "c" }
}`,
  );
});

test('voice-only-node in a CRLF file: whole lines go with their CRLF', () => {
  const content = withTransfer.replace(/\n/g, '\r\n');
  const after = apply(content, find(actionsFor(content, 'voice-only-node').actions, "Remove node 'xfer' and the transitions to it"));
  assert.equal(
    after,
    apply(withTransfer, find(actionsFor(withTransfer, 'voice-only-node').actions, "Remove node 'xfer' and the transitions to it")).replace(
      /\n/g,
      '\r\n',
    ),
  );
  assert.deepEqual(codes(after), []);
});

test('voice-only-node without incoming transitions: "Remove node"', () => {
  const content = textPearl({
    nodes: [node('open', 2, [transition('t', 'end')]), node('rec', 65, [transition('t', 'end')]), node('end', 100, [])],
  });
  const fix = find(actionsFor(content, 'voice-only-node').actions, "Remove node 'rec'");
  const after = apply(content, fix);
  assert.deepEqual(
    (valueOf(after) as { pearl: { nodes: { nodeId: string }[] } }).pearl.nodes.map((n) => n.nodeId),
    ['open', 'end'],
  );
  assert.deepEqual(codes(after), []);
});

/** The fix-all action of `content`, as a client asking for `source.fixAll` gets it. */
function fixAll(content: string): CodeAction | undefined {
  const doc = parse(content);
  return service.getFixAllAction(doc, service.doValidation(doc));
}

test('source.fixAll.pearl applies the safe fixes only, in one edit set', () => {
  const content = `{
  "$schema": "../schemas/text-pearl.schema.json",
  "name": "x",
  "pearl": {
    "modelType": 3,
    "memory": "yes",
    "timeZone": "Europe/London",
    "agentPersonalty": "calm",
    "nodes": [
      { "nodeId": "open", "name": "Open", "nodeType": 2, "transitions": [{ "name": "t", "toNodeId": "end" },] },
      { "nodeId": "end", "name": "End", "nodeType": 100, "transitions": [] },
    ]
  },
  "inbound": { "textChannelId": "c", "totalAgents": "2" }
}`;
  const action = fixAll(content);
  assert.ok(action);
  assert.equal(action.kind, 'source.fixAll.pearl');
  assert.equal(action.title, 'Fix all safe Pearl problems');
  const edits = action.edit!.changes!['file:///test.pearl.json'];
  const after = applyEdits(content, edits);
  assert.equal(
    after,
    `{
  "$schema": "../schemas/text-pearl.schema.json",
  "name": "x",
  "pearl": {
    "modelType": 11,
    "memory": true,
    "timeZone": "GMT Standard Time",
    "agentPersonalty": "calm",
    "nodes": [
      { "nodeId": "open", "name": "Open", "nodeType": 2, "transitions": [{ "name": "t", "toNodeId": "end" }] },
      { "nodeId": "end", "name": "End", "nodeType": 100, "transitions": [] }
    ]
  },
  "inbound": { "textChannelId": "c", "totalAgents": 2 }
}`,
  );
  // The misspelt property is the author's to fix: a guess is not safe.
  assert.deepEqual(codes(after), ['unknown-property']);
  assert.equal(action.diagnostics?.length, 6);
});

test('source.fixAll.pearl in a tab-indented CRLF file keeps tabs and CRLF; nothing to fix gives no action', () => {
  const content = tabsAndCrlf(textPearl({ pearl: { memory: 'no', modelType: 1 } }));
  const action = fixAll(content);
  assert.ok(action);
  const after = applyEdits(content, action.edit!.changes!['file:///test.pearl.json']);
  assert.equal(after, tabsAndCrlf(textPearl({ pearl: { memory: false, modelType: 11 } })));
  assert.equal(fixAll(after), undefined);
  // Unsafe fixes only: no action.
  assert.equal(fixAll(withTransfer), undefined);
});
