// Completion for writing a Pearl: snippets for new elements, value skeletons, enumeration values by
// name, `{` outside strings, `$schema`, and time zones found by IANA id or city.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { CompletionItem, CompletionItemKind, Diagnostic, InsertTextFormat, TextEdit } from 'vscode-languageserver-types';
import { repositoryRoot } from '../helpers/lspClient';
import { node, parse, service, textPearl, transition } from '../helpers/documents';
import { applyCompletion, itemLabeled } from '../helpers/snippets';
import { cursor } from '../helpers/text';

/** Completion at the `|` of `contentWithCursor` (removed); the document for applying an item. */
function complete(
  contentWithCursor: string,
  options: { plain?: boolean; trigger?: string } = {},
): { items: CompletionItem[]; document: TextDocument } {
  const { text, position } = cursor(contentWithCursor);
  const doc = parse(text);
  const capabilities = options.plain ? { snippetSupport: false, labelDetailsSupport: false } : undefined;
  const list = service.doComplete(doc, position, { capabilities, triggerCharacter: options.trigger });
  return { items: list.items, document: doc.textDocument };
}

function diagnose(content: string): Diagnostic[] {
  return service.doValidation(parse(content));
}

const describe = (diagnostics: Diagnostic[]): string[] => diagnostics.map((d) => `${d.code}: ${d.message}`);

/** `content` with the cursor right after the last element of `pearl.nodes` (before its `]`). */
function afterLastNode(content: string): string {
  const nodesStart = content.indexOf('"nodes": [');
  const closing = content.indexOf('\n    ]', nodesStart);
  assert.ok(nodesStart >= 0 && closing > nodesStart, 'no nodes array laid out as expected');
  return `${content.slice(0, closing)}|${content.slice(closing)}`;
}

// ---- 4. Snippets by node type ----

for (const example of ['clinic-reminders', 'lead-followup-outbound']) {
  test(`node snippets after the last node of ${example}: each inserts a whole node and adds no problem`, () => {
    const content = readFileSync(path.join(repositoryRoot, 'examples', `${example}.pearl.json`), 'utf8');
    const { items, document } = complete(afterLastNode(content));
    const labels = items.map((item) => item.label);
    // The example has its entry and its EndCall: no second OpeningSentence, PreCallAPI or EndCall; no voice-only type.
    assert.deepEqual(
      labels.filter((label) => ['TransferCall', 'StartCallRecording', 'EndCall', 'OpeningSentence'].includes(label)),
      [],
    );
    for (const label of ['Dialogue', 'HandoffChatToHuman', 'API', 'SMS', 'Email', 'SearchKnowledgeBase', 'PostCallActions']) {
      assert.ok(labels.includes(label), label);
    }
    const before = describe(diagnose(content));
    for (const item of items) {
      assert.equal(item.kind, CompletionItemKind.Snippet);
      const after = applyCompletion(document, item);
      assert.deepEqual(describe(diagnose(after)), before, `${item.label} adds problems`);
    }
  });
}

test('node snippet: Dialogue text after the edit, with a transition to EndCall and one into it from the node before', () => {
  const content = textPearl();
  const { items, document } = complete(
    afterLastNode(content)
      .replace('|\n    ]', '\n      |\n    ]')
      .replace(/\}\n      \|/, '},\n      |'),
  );
  const dialogue = itemLabeled(items, 'Dialogue');
  assert.deepEqual(dialogue.labelDetails, { detail: ' (10)', description: 'node' });
  assert.equal(dialogue.insertTextFormat, InsertTextFormat.Snippet);
  assert.equal(
    (dialogue.textEdit as TextEdit).newText,
    [
      '{',
      '        "nodeId": "dialogue",',
      '        "name": "${1:Dialogue}",',
      '        "nodeType": 10,',
      '        "script": "${2:Ask what the customer needs.}",',
      '        "transitions": [',
      '          {',
      '            "name": "${3:Next}",',
      '            "toNodeId": "${4:end}"',
      '          }',
      '        ]',
      '      }',
    ].join('\n'),
  );
  const after = applyCompletion(document, dialogue);
  // The node before the new one (talk, the last that can lead somewhere) gets the incoming transition.
  assert.match(after, /"name": "Node talk",[\s\S]*"toNodeId": "end"\n\s*\},\n\s*\{ "name": "dialogue", "toNodeId": "dialogue" \}/);
  assert.deepEqual(describe(diagnose(after)), []);
});

test('node snippets: a unique nodeId, and EndCall only when the graph has none', () => {
  const content = textPearl({
    nodes: [
      node('open', 2, [transition('go', 'dialogue')], { script: 'Hello {first_name}!' }),
      node('dialogue', 10, [transition('go', 'talk')]),
      node('talk', 10, []),
    ],
  });
  const { items, document } = complete(afterLastNode(content));
  const dialogue = itemLabeled(items, 'Dialogue');
  assert.match((dialogue.textEdit as TextEdit).newText, /"nodeId": "dialogue_2"/);
  const end = itemLabeled(items, 'EndCall');
  assert.doesNotMatch((end.textEdit as TextEdit).newText, /transitions/);
  // The new EndCall is reached from talk and ends the path: the graph loses its EndCall and cannot-reach problems.
  assert.deepEqual(describe(diagnose(applyCompletion(document, end))), []);
});

test('node snippets: PreCallAPI leads to the OpeningSentence with apiResult', () => {
  const content = textPearl();
  const { items, document } = complete(afterLastNode(content));
  const preCall = itemLabeled(items, 'PreCallAPI');
  const after = applyCompletion(document, preCall);
  assert.match(after, /"toNodeId": "open",\n\s*"apiResult": 1/);
  assert.match(after, /"apiSettings": \{\n\s*"name": "Customer lookup",\n\s*"method": 1,/);
  assert.deepEqual(describe(diagnose(after)), []);
});

test('nested action snippets: SMS, Email and API without transitions', () => {
  const content = textPearl({
    nodes: [
      node('open', 2, [transition('go', 'end')], { script: 'Hello {first_name}!' }),
      node('end', 100, []),
      node('after', 200, [], { postCallActions: [] }),
    ],
  });
  const { items, document } = complete(content.replace('"postCallActions": []', '"postCallActions": [|]'));
  assert.deepEqual(
    items.map((item) => item.label),
    ['API', 'SMS', 'Email'],
  );
  const sms = itemLabeled(items, 'SMS');
  assert.doesNotMatch((sms.textEdit as TextEdit).newText, /transitions/);
  assert.deepEqual(describe(diagnose(applyCompletion(document, sms))), []);
});

test('transition, variable and indicator tag snippets add no problem', () => {
  const content = textPearl({ pearl: { indicatorTags: [{ id: 'Booked', name: 'Booked', color: 1 }] } });
  const transitions = complete(content.replace('"toNodeId": "end"\n          }', '"toNodeId": "end"\n          }|'));
  const transitionItem = itemLabeled(transitions.items, 'transition');
  const afterTransition = applyCompletion(transitions.document, transitionItem);
  assert.match(afterTransition, /"toNodeId": "end"\n\s*\},\n\s*\{\n\s*"name": "Next",\n\s*"toNodeId": "end"\n\s*\}/);
  assert.deepEqual(describe(diagnose(afterTransition)), []);

  const variables = complete(content.replace('"type": 1\n    }\n  ]', '"type": 1\n    }|\n  ]'));
  const variable = itemLabeled(variables.items, 'variable');
  const afterVariable = applyCompletion(variables.document, variable);
  assert.match(
    afterVariable,
    /\},\n    \{\n      "id": "new_variable",\n      "name": "New variable",\n      "group": 2,\n      "type": 1,/,
  );
  assert.deepEqual(describe(diagnose(afterVariable)), []);

  const tags = complete(content.replace('"color": 1\n      }', '"color": 1\n      }|'));
  const tag = itemLabeled(tags.items, 'indicator tag');
  const afterTag = applyCompletion(tags.document, tag);
  assert.match(afterTag, /"id": "NewTag",\n\s*"name": "New tag",\n\s*"description": "When the conversation gets this tag",\n\s*"color": 2/);
  assert.deepEqual(describe(diagnose(afterTag)), []);
});

test('a snippet right after [ of a list laid out one element per line goes on its own line', () => {
  const content = textPearl();
  const { items, document } = complete(content.replace('"variables": [', '"variables": [|'));
  const after = applyCompletion(document, itemLabeled(items, 'variable'));
  assert.match(
    after,
    /"variables": \[\n    \{\n      "id": "new_variable",[\s\S]*?"description": "What the agent collects during the conversation"\n    \},\n    \{\n      "id": "first_name"/,
  );
  assert.deepEqual(describe(diagnose(after)), []);
});

test('snippets without snippet support: plain text with the defaults, and no label details', () => {
  const { items } = complete(afterLastNode(textPearl()), { plain: true });
  const dialogue = itemLabeled(items, 'Dialogue');
  assert.equal(dialogue.insertTextFormat, InsertTextFormat.PlainText);
  assert.equal(dialogue.labelDetails, undefined);
  assert.match((dialogue.textEdit as TextEdit).newText, /"name": "Dialogue",/);
  assert.doesNotMatch((dialogue.textEdit as TextEdit).newText, /\$/);
});

// ---- 5. Value skeletons ----

test('value skeletons: objects, arrays, strings and booleans', () => {
  const pearl = complete('{"$schema": "text-pearl.schema.json", "pearl": {|}}');
  assert.equal((itemLabeled(pearl.items, 'nodes').textEdit as TextEdit).newText, '"nodes": [$1]');
  assert.equal((itemLabeled(pearl.items, 'agentName').textEdit as TextEdit).newText, '"agentName": "$1"');
  assert.equal((itemLabeled(pearl.items, 'memory').textEdit as TextEdit).newText, '"memory": ${1:true}');
  assert.equal((itemLabeled(pearl.items, 'modelType').textEdit as TextEdit).newText, '"modelType": $1');
  const root = complete('{\n  "$schema": "text-pearl.schema.json",\n  |\n}');
  assert.equal(
    applyCompletion(root.document, itemLabeled(root.items, 'inbound')),
    '{\n  "$schema": "text-pearl.schema.json",\n  "inbound": {\n    "textChannelId": ""\n  }\n}',
  );
  const node = complete('{"$schema": "text-pearl.schema.json", "pearl": {"nodes": [{"nodeType": 51, |}]}}');
  assert.equal(
    applyCompletion(node.document, itemLabeled(node.items, 'emailSettings')),
    '{"$schema": "text-pearl.schema.json", "pearl": {"nodes": [{"nodeType": 51, "emailSettings": {\n  "to": [\n    ""\n  ],\n  "subject": "",\n  "body": ""\n}}]}}',
  );
  const plain = complete('{"$schema": "text-pearl.schema.json", "pearl": {|}}', { plain: true });
  assert.equal((itemLabeled(plain.items, 'nodes').textEdit as TextEdit).newText, '"nodes": []');
  assert.equal(itemLabeled(plain.items, 'nodes').insertTextFormat, InsertTextFormat.PlainText);
});

// ---- 6. Enumeration values by name ----

test('enumeration values: typing a name finds its value; only the values that fit', () => {
  const { items, document } = complete('{"$schema": "text-pearl.schema.json", "pearl": {"nodes": [{"nodeType": End|}]}}');
  const endCall = itemLabeled(items, '100');
  assert.equal(endCall.filterText, '100 EndCall');
  assert.deepEqual(endCall.labelDetails, { detail: ' EndCall', description: undefined });
  assert.equal(applyCompletion(document, endCall), '{"$schema": "text-pearl.schema.json", "pearl": {"nodes": [{"nodeType": 100}]}}');
  const nested = complete(
    '{"$schema": "text-pearl.schema.json", "pearl": {"nodes": [{"nodeType": 31, "handOffAction": [{"nodeType": |}]}]}}',
  );
  assert.deepEqual(
    nested.items.map((item) => item.label),
    ['40', '50', '51'],
  );
  const simpleModel = complete('{"$schema": "simple-pearl.schema.json", "pearl": {"modelType": |}}');
  assert.deepEqual(
    simpleModel.items.map((item) => item.label),
    ['1', '2', '3', '4'],
  );
  const plain = complete('{"$schema": "text-pearl.schema.json", "pearl": {"nodes": [{"nodeType": |}]}}', { plain: true });
  assert.equal(itemLabeled(plain.items, '10').labelDetails, undefined);
  assert.equal(itemLabeled(plain.items, '10').detail, 'Dialogue');
});

test('indicator tag colors: the unused ones first, each with its swatch', () => {
  const content =
    '{"$schema": "text-pearl.schema.json", "pearl": {"indicatorTags": [{"id": "Booked", "color": 1}, {"id": "NoShow", "color": 3}, {"id": "NewOne", "color": |}]}}';
  const { items } = complete(content);
  const sorted = [...items].sort((a, b) => (a.sortText! < b.sortText! ? -1 : 1)).map((item) => item.label);
  assert.deepEqual(sorted, ['2', '4', '5', '6', '7', '8', '9', '1', '3']);
  const purple = itemLabeled(items, '1');
  assert.equal(purple.kind, CompletionItemKind.Color);
  assert.equal(purple.documentation, '#8b5cf6');
  assert.deepEqual(purple.labelDetails, { detail: ' purple', description: 'used by another tag' });
});

// ---- 8. Typing ----

test('{ typed outside a string completes nothing; inside a (V) field it completes variables', () => {
  const content = textPearl();
  const outside = complete(afterLastNode(content).replace('|', ',\n      {|}'), { trigger: '{' });
  assert.deepEqual(outside.items, []);
  const inside = complete(content.replace('"How can I help?"', '"How can I help {|?"'), { trigger: '{' });
  assert.deepEqual(
    inside.items.map((item) => item.label),
    ['first_name', 'order_id'],
  );
});

test('$schema completes the two schema files, in the folder already typed', () => {
  const empty = complete('{"$schema": "|"}');
  assert.deepEqual(
    empty.items.map((item) => item.label),
    ['../schemas/text-pearl.schema.json', '../schemas/simple-pearl.schema.json'],
  );
  assert.equal(applyCompletion(empty.document, empty.items[1]), '{"$schema": "../schemas/simple-pearl.schema.json"}');
  const typed = complete('{"$schema": "../../schemas/te|"}');
  assert.equal(applyCompletion(typed.document, typed.items[0]), '{"$schema": "../../schemas/text-pearl.schema.json"}');
});

// ---- 9. timeZone ----

test('timeZone: found by IANA id and city name, with its standard UTC offset', () => {
  const { items, document } = complete(textPearl({ pearl: { timeZone: 'London' } }).replace('"London"', '"London|"'));
  const gmt = itemLabeled(items, 'GMT Standard Time');
  assert.match(gmt.filterText!, /^GMT Standard Time Europe\/London /);
  assert.deepEqual(gmt.labelDetails, { description: 'UTC+00:00' });
  assert.match(gmt.detail!, /^Windows time-zone id \(UTC\+00:00\) · Europe\/London/);
  assert.match(applyCompletion(document, gmt), /"timeZone": "GMT Standard Time"/);
  assert.deepEqual(itemLabeled(items, 'India Standard Time').labelDetails, { description: 'UTC+05:30' });
  assert.deepEqual(itemLabeled(items, 'Pacific Standard Time').labelDetails, { description: 'UTC-08:00' });
  assert.ok(
    items.every((item) => item.filterText!.length <= 128),
    'VS Code filters on the first 128 characters',
  );
});
