import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { LocationLink, Range } from 'vscode-languageserver-types';
import { node, parse, rangeOf, service, textPearl, transition, valueRange } from '../helpers/documents';

/** Definition at the `|` marker of `contentWithCursor` (the marker is removed). */
function definition(contentWithCursor: string): { links: LocationLink[] | null; content: string } {
  const offset = contentWithCursor.indexOf('|');
  assert.ok(offset >= 0, 'no | marker');
  const content = contentWithCursor.slice(0, offset) + contentWithCursor.slice(offset + 1);
  const doc = parse(content);
  return { links: service.findDefinition(doc, doc.textDocument.positionAt(offset)), content };
}

function mark(content: string, needle: string, delta: number): string {
  const offset = content.indexOf(needle);
  assert.ok(offset >= 0, `'${needle}' not found`);
  return content.slice(0, offset + delta) + '|' + content.slice(offset + delta);
}

/** The range of the text from `startNeedle` through the end of the first `endNeedle` after it. */
function spanRange(content: string, startNeedle: string, endNeedle: string): Range {
  const start = content.indexOf(startNeedle);
  const end = content.indexOf(endNeedle, start) + endNeedle.length;
  const first = rangeOf(content, startNeedle);
  const whole = rangeOf(content, content.slice(start, end));
  return { start: first.start, end: whole.end };
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
