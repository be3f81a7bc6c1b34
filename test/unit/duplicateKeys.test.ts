import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { Diagnostic, MarkupContent } from 'vscode-languageserver-types';
import { assertNone, diagnosticsWithCode, parse, service, textPearl } from '../helpers/documents';
import { applyEdits, positionOf, rangeOf, valueRange } from '../helpers/text';

const Error = 1;

/** `textPearl()` with `insert` added as the last member of the object that starts at `anchor`. */
function withMember(content: string, anchor: string, insert: string): string {
  const start = content.indexOf(anchor);
  assert.ok(start >= 0, `'${anchor}' not found`);
  // The anchor opens an object on its line: put the member right after the opening brace.
  const brace = content.indexOf('{', start);
  return `${content.slice(0, brace + 1)}\n${insert},${content.slice(brace + 1)}`;
}

test('duplicate-key: an Error on the later occurrence naming the line of the first', () => {
  const content = textPearl().replace('"name": "Test",', '"name": "Test",\n  "name": "Other",');
  const found = diagnosticsWithCode(content, 'duplicate-key');
  assert.equal(found.length, 1, JSON.stringify(found));
  assert.deepEqual(found[0].range, rangeOf(content, '"name"', 1));
  assert.equal(found[0].severity, Error);
  const firstLine = rangeOf(content, '"name": "Test"').start.line + 1;
  assert.equal(found[0].message, `'name' is already set on line ${firstLine}; the service would receive only one of them.`);
});

test('duplicate-key: three occurrences give two Errors, each naming the first line', () => {
  const content = '{\n"name": "a",\n"name": "b",\n"name": "c"\n}';
  const found = diagnosticsWithCode(content, 'duplicate-key');
  assert.deepEqual(
    found.map((diagnostic) => [diagnostic.range.start.line, diagnostic.message]),
    [
      [2, "'name' is already set on line 2; the service would receive only one of them."],
      [3, "'name' is already set on line 2; the service would receive only one of them."],
    ],
  );
});

test('duplicate-key: a clean document and keys repeated in different objects have none', () => {
  assertNone(textPearl(), 'duplicate-key');
});

test('duplicate keys: the model, the rules, the graph, hover and the deploy payload read the last value, as sent', () => {
  // The first nodeType says Dialogue, the last (what JSON.parse keeps, what is sent) EndCall.
  const base = textPearl();
  const content = base
    .replace('"name": "Test",', '"name": "Shown first",\n  "name": "Sent",')
    .replace('"textChannelId": "channel-1"', '"textChannelId": "channel-1",\n    "textChannelId": "channel-2"');
  const doc = parse(content);
  const diagnostics = service.doValidation(doc);
  const payload = service.getDeployPayload(doc, diagnostics);
  const body = JSON.parse(payload.body) as { name: string; inbound: { textChannelId: string } };
  assert.equal(body.name, 'Sent');
  assert.equal(payload.name, 'Sent');
  assert.equal(body.inbound.textChannelId, 'channel-2');
  assert.equal(payload.channelId, 'channel-2');
  assert.equal(service.getGraph(doc, diagnostics).name, 'Sent');
  const hover = service.doHover(doc, positionOf(content, '"Sent"', 1));
  assert.ok(hover);
  // locateFields: a 400 about `name` lands on the value that was sent.
  assert.deepEqual(service.locateFieldPath(doc, 'name').range, valueRange(content, '"name": "Sent"'));
});

test('duplicate keys: a repeated nodeType is checked as the value sent, not the first one', () => {
  // A node that says Dialogue first and EndCall last is an EndCall node: two EndCalls, no Dialogue.
  const content = textPearl().replace('"nodeType": 10,', '"nodeType": 10,\n        "nodeType": 100,');
  const doc = parse(content);
  assert.deepEqual(
    doc.nodes.map((node) => node.nodeType),
    [2, 100, 100],
  );
  const endCallCount = diagnosticsWithCode(content, 'graph-endcall-count');
  assert.equal(endCallCount.length, 1, 'the second EndCall node is reported');
  assert.deepEqual(
    diagnosticsWithCode(content, 'duplicate-key').map((d) => d.range),
    [rangeOf(content, '"nodeType"', 2)],
  );
});

test('duplicate keys: a rule that the first value would break is not reported when the last value is fine', () => {
  // callWebhookUrl set twice: the first too long, the last fine. Only the duplicate is reported.
  const long = `https://example.test/${'x'.repeat(600)}`;
  const content = withMember(
    textPearl(),
    '"inbound"',
    `    "callWebhookUrl": "${long}",\n    "callWebhookUrl": "https://example.test/hook"`,
  );
  assertNone(content, 'max-length');
  assert.equal(diagnosticsWithCode(content, 'duplicate-key').length, 1);
});

test('duplicate-key quick fix: "Remove this occurrence" removes the later one with its comma', () => {
  const content = '{\n  "name": "a",\n  "name": "b",\n  "pearl": {}\n}';
  const doc = parse(content);
  const diagnostics = JSON.parse(JSON.stringify(diagnosticsWithCode(content, 'duplicate-key'))) as Diagnostic[];
  assert.equal(diagnostics.length, 1);
  const actions = service.getCodeActions(doc, diagnostics[0].range, diagnostics);
  const action = actions.find((candidate) => candidate.title === 'Remove this occurrence');
  assert.ok(action, JSON.stringify(actions.map((a) => a.title)));
  assert.equal(action.kind, 'quickfix');
  const edits = action.edit!.changes!['file:///test.pearl.json'];
  const after = applyEdits(content, edits);
  assert.equal(after, '{\n  "name": "a",\n  "pearl": {}\n}');
});

test('duplicate-key quick fix on the last member of an object', () => {
  const content = '{"pearl": {}, "name": "a", "name": "b"}';
  const doc = parse(content);
  const diagnostics = diagnosticsWithCode(content, 'duplicate-key');
  const action = service.getCodeActions(doc, diagnostics[0].range, diagnostics).find((a) => a.title === 'Remove this occurrence');
  assert.ok(action);
  const after = applyEdits(content, action.edit!.changes!['file:///test.pearl.json']);
  assert.equal(after, '{"pearl": {}, "name": "a"}');
});

test('duplicate keys: hover on the value sent shows its field', () => {
  const content = '{\n"name": "a",\n"name": "b"\n}';
  const doc = parse(content);
  const hover = service.doHover(doc, positionOf(content, '"name"', 2, 1));
  assert.ok(hover);
  assert.match((hover.contents as MarkupContent).value, /\*\*name\*\*/);
});
