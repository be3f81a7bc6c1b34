import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { Diagnostic, MarkupContent } from 'vscode-languageserver-types';
import { assertNone, diagnosticsWithCode, parse, service, textPearl } from '../helpers/documents';
import { applyEdits, positionOf, rangeOf, valueRange } from '../helpers/text';
import { ruleFixes } from '../helpers/codeActions';

const Warning = 2;

/** `textPearl()` with `insert` added as the last member of the object that starts at `anchor`. */
function withMember(content: string, anchor: string, insert: string): string {
  const start = content.indexOf(anchor);
  assert.ok(start >= 0, `'${anchor}' not found`);
  // The anchor opens an object on its line: put the member right after the opening brace.
  const brace = content.indexOf('{', start);
  return `${content.slice(0, brace + 1)}\n${insert},${content.slice(brace + 1)}`;
}

test('duplicate-key: a Warning (what is sent holds one value) on the later occurrence naming the line of the first', () => {
  const content = textPearl().replace('"name": "Test",', '"name": "Test",\n  "name": "Other",');
  const found = diagnosticsWithCode(content, 'duplicate-key');
  assert.equal(found.length, 1, JSON.stringify(found));
  assert.deepEqual(found[0].range, rangeOf(content, '"name"', 1));
  assert.equal(found[0].severity, Warning);
  const firstLine = rangeOf(content, '"name": "Test"').start.line + 1;
  assert.equal(found[0].message, `'name' is already set on line ${firstLine}; only the last value is sent.`);
});

test('duplicate-key: three occurrences give two Warnings, each naming the first line', () => {
  const content = '{\n"name": "a",\n"name": "b",\n"name": "c"\n}';
  const found = diagnosticsWithCode(content, 'duplicate-key');
  assert.deepEqual(
    found.map((diagnostic) => [diagnostic.range.start.line, diagnostic.message]),
    [
      [2, "'name' is already set on line 2; only the last value is sent."],
      [3, "'name' is already set on line 2; only the last value is sent."],
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

/** The text after the duplicate-key fix titled `title` of the `index`-th duplicate-key diagnostic of `content`. */
function applyDuplicateFix(content: string, title: string, index = 0): string {
  const doc = parse(content);
  // As a client sends them back: through JSON.
  const diagnostics = JSON.parse(JSON.stringify(diagnosticsWithCode(content, 'duplicate-key'))) as Diagnostic[];
  const actions = ruleFixes(service.getCodeActions(doc, diagnostics[index].range, [diagnostics[index]]));
  assert.deepEqual(
    actions.map((action) => action.title),
    [title],
  );
  assert.equal(actions[0].kind, 'quickfix');
  assert.equal(actions[0].isPreferred, true);
  return applyEdits(content, actions[0].edit!.changes!['file:///test.pearl.json']);
}

test('duplicate-key quick fix on the last occurrence: "Remove the earlier \'name\'" keeps the value that is sent', () => {
  const content = '{\n  "name": "a",\n  "name": "b",\n  "pearl": {}\n}';
  assert.equal(applyDuplicateFix(content, "Remove the earlier 'name' (line 2)"), '{\n  "name": "b",\n  "pearl": {}\n}');
  // The last member of an object, written inline.
  assert.equal(
    applyDuplicateFix('{"pearl": {}, "name": "a", "name": "b"}', "Remove the earlier 'name' (line 1)"),
    '{"pearl": {}, "name": "b"}',
  );
  // A comment between the earlier value and its comma stays.
  assert.equal(
    applyDuplicateFix('{\n  "name": "a" /* old */,\n  "pearl": {},\n  "name": "b"\n}', "Remove the earlier 'name' (line 2)"),
    '{\n   /* old */\n  "pearl": {},\n  "name": "b"\n}',
  );
});

test('duplicate-key quick fix with three occurrences: an overridden one removes itself, the last removes both earlier ones', () => {
  const content = '{\n  "name": "a",\n  "pearl": {},\n  "name": "b",\n  "name": "c"\n}';
  assert.equal(applyDuplicateFix(content, 'Remove this occurrence', 0), '{\n  "name": "a",\n  "pearl": {},\n  "name": "c"\n}');
  const after = applyDuplicateFix(content, "Remove the earlier 'name' (lines 2 and 4)", 1);
  assert.equal(after, '{\n  "pearl": {},\n  "name": "c"\n}');
  // What is sent did not change, so the fix adds no problem.
  assert.deepEqual(JSON.parse(after), JSON.parse(content));
});

test('duplicate-key quick fix: the value sent stays, so a fix adds no Error even when the earlier value was wrong', () => {
  const content = textPearl().replace('"modelType": 11,', '"modelType": 1,\n    "modelType": 11,');
  assert.deepEqual(
    service
      .doValidation(parse(content))
      .filter((diagnostic) => diagnostic.severity === 1)
      .map((diagnostic) => diagnostic.code),
    [],
  );
  const after = applyDuplicateFix(content, "Remove the earlier 'modelType' (line 6)");
  assert.deepEqual(
    service.doValidation(parse(after)).map((diagnostic) => diagnostic.code),
    [],
  );
});

test('deploy payload: droppedKeys names each key whose earlier value is not sent, nodes by their ids, once', () => {
  const content = textPearl()
    .replace('"name": "Test",', '"name": "Test",\n  "name": "Sent",\n  "name": "Sent last",')
    .replace('"nodeType": 10,', '"nodeType": 10,\n        "nodeType": 10,')
    .replace('"textChannelId": "channel-1"', '"textChannelId": "channel-1",\n    "textChannelId": "channel-2"');
  const doc = parse(content);
  const payload = service.getDeployPayload(doc, service.doValidation(doc));
  assert.deepEqual(payload.droppedKeys, ['name', "nodeType of Dialogue node 'talk'", 'inbound.textChannelId']);
  assert.deepEqual(payload.errors, [], 'a key set twice does not stop a deploy');
  const clean = parse(textPearl());
  assert.deepEqual(service.getDeployPayload(clean, service.doValidation(clean)).droppedKeys, []);
});

test('deploy payload: droppedKeys quotes keys that are not plain names, leaves out $schema and keys inside an overridden value', () => {
  const content =
    '{\n  "$schema": "a",\n  "$schema": "../schemas/text-pearl.schema.json",\n  "pearl": { "nodes": [{ "apiSettings": { "headers": { "X-Source": "a", "X-Source": "b" } } }] },\n' +
    '  "inbound": { "textChannelId": "a", "textChannelId": "b" },\n  "inbound": { "textChannelId": "c" }\n}';
  const doc = parse(content);
  assert.deepEqual(service.getDeployPayload(doc, service.doValidation(doc)).droppedKeys, [
    "apiSettings.headers['X-Source'] of node 1",
    'inbound',
  ]);
});

test('duplicate keys: hover on the value sent shows its field', () => {
  const content = '{\n"name": "a",\n"name": "b"\n}';
  const doc = parse(content);
  const hover = service.doHover(doc, positionOf(content, '"name"', 2, 1));
  assert.ok(hover);
  assert.match((hover.contents as MarkupContent).value, /\*\*name\*\*/);
});
