import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { LocationLink, Range } from 'vscode-languageserver-types';
import { node, parse, service, textPearl, transition } from '../helpers/documents';
import { cursor, mark, offsetOf, rangeAt, rangeOf, valueRange } from '../helpers/text';

/** Definition at the `|` marker of `contentWithCursor` (the marker is removed). */
function definition(contentWithCursor: string): { links: LocationLink[] | null; content: string } {
  const { text: content, position } = cursor(contentWithCursor);
  return { links: service.findDefinition(parse(content), position), content };
}

/** The range of the text from `startNeedle` through the end of the first `endNeedle` after it. */
function spanRange(content: string, startNeedle: string, endNeedle: string): Range {
  const start = offsetOf(content, startNeedle);
  const end = content.indexOf(endNeedle, start) + endNeedle.length;
  return rangeAt(content, start, end - start);
}

const base = textPearl({
  nodes: [
    node('open', 2, [transition('greeted', 'talk')], { script: 'Hello {first_name}!' }),
    node('talk', 10, [transition('done', 'end'), transition('lost', 'nowhere')], { script: 'Hi {mystery}' }),
    node('send', 40, [transition('sent', 'end')], {
      apiSettings: { name: 'Send', method: 2, endpointUrl: 'https://x.test', body: [{ key: 'k', variableId: 'order_id' }] },
    }),
    node('end', 100, []),
  ],
});

test('toNodeId goes to the nodeId of the target node', () => {
  const { links, content } = definition(mark(base, '"toNodeId": "talk"', 15));
  assert.ok(links);
  assert.equal(links.length, 1);
  const [link] = links;
  assert.equal(link.targetUri, 'file:///test.pearl.json');
  assert.deepEqual(link.originSelectionRange, valueRange(content, '"toNodeId": "talk"'));
  assert.deepEqual(link.targetSelectionRange, valueRange(content, '"nodeId": "talk"'));
  // The target range is the whole node object, from its { to its }.
  const nodeStart = content.lastIndexOf('{', content.indexOf('"nodeId": "talk"'));
  assert.equal(link.targetRange.start.line, parse(content).textDocument.positionAt(nodeStart).line);
  assert.ok(link.targetRange.end.line > link.targetSelectionRange.end.line);
});

test('{variable} goes to the id of its declaration in variables', () => {
  const { links, content } = definition(mark(base, '{first_name}', 4));
  assert.ok(links);
  assert.equal(links.length, 1);
  assert.deepEqual(links[0].originSelectionRange, rangeOf(content, '{first_name}'));
  assert.deepEqual(links[0].targetSelectionRange, valueRange(content, '"id": "first_name"'));
  assert.deepEqual(links[0].targetRange, spanRange(content, '{\n      "id": "first_name"', '}'));
});

test('an APIDataSchemaProperty variableId goes to the variable', () => {
  const { links, content } = definition(mark(base, '"variableId": "order_id"', 17));
  assert.ok(links);
  assert.deepEqual(links[0].originSelectionRange, valueRange(content, '"variableId": "order_id"'));
  assert.deepEqual(links[0].targetSelectionRange, valueRange(content, '"id": "order_id"'));
});

test('no definition: unknown target, undeclared variable, ordinary strings and keys', () => {
  assert.equal(definition(mark(base, '"nowhere"', 3)).links, null);
  assert.equal(definition(mark(base, '{mystery}', 3)).links, null);
  assert.equal(definition(mark(base, '"Node talk"', 3)).links, null);
  assert.equal(definition(mark(base, '"toNodeId"', 3)).links, null);
  assert.equal(definition(mark(base, '"nodeId": "talk"', 12)).links, null);
  assert.equal(definition('{"pearl": |').links, null);
});
