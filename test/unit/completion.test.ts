import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { CompletionItem, TextEdit } from 'vscode-languageserver-types';
import { node, parse, service, textPearl, transition } from '../helpers/documents';
import { applyEdits, cursor } from '../helpers/text';

/** Completes at the `|` marker of `content` (the marker is removed). */
function complete(contentWithCursor: string): { items: CompletionItem[]; content: string } {
  const { text: content, position } = cursor(contentWithCursor);
  return { items: service.doComplete(parse(content), position).items, content };
}

/** The text after applying `item`'s edit. */
function apply(content: string, item: CompletionItem): string {
  return applyEdits(content, [item.textEdit as TextEdit]);
}

const variables = [
  { id: 'first_name', name: 'First name', group: 1, type: 1 },
  { id: 'order_id', name: 'Order id', group: 2, type: 2 },
  { id: 'vip', name: 'VIP', group: 2, type: 4 },
];

function documentWithScript(script: string, nodeType = 10, extra: Record<string, unknown> = {}): string {
  return textPearl({
    variables,
    nodes: [
      node('open', 2, [transition('greeted', 'talk')], { script: 'Hello' }),
      node('talk', nodeType, [transition('done', 'end')], { script, ...extra }),
      node('end', 100, []),
    ],
  });
}

test('after { in a script: the declared variables with name, type and group', () => {
  const { items } = complete(documentWithScript('Your order {|'));
  assert.deepEqual(
    items.map((item) => item.label),
    ['first_name', 'order_id', 'vip'],
  );
  const order = items.find((item) => item.label === 'order_id')!;
  assert.equal(order.detail, 'Order id · Long · InCall');
});

test('completing inside an unfinished {ord replaces the partial id and closes the brace', () => {
  const base = documentWithScript('Your order {ordXX');
  const withCursor = base.replace('{ordXX', '{ord|');
  const { items, content } = complete(withCursor);
  const order = items.find((item) => item.label === 'order_id')!;
  assert.ok(apply(content, order).includes('"script": "Your order {order_id}"'));
});

test('completing before an existing } does not add a second brace', () => {
  const withCursor = documentWithScript('Hi {fi}!').replace('{fi}', '{fi|}');
  const { items, content } = complete(withCursor);
  const first = items.find((item) => item.label === 'first_name')!;
  assert.ok(apply(content, first).includes('"script": "Hi {first_name}!"'));
});

test('in a PreCallAPI endpointUrl only PreCall variables are offered', () => {
  const content = textPearl({
    variables,
    nodes: [
      node('pre', 3, [transition('ok', 'open', 1)], { apiSettings: { name: 'L', method: 1, endpointUrl: 'https://x.test/{' } }),
      node('open', 2, [transition('go', 'end')]),
      node('end', 100, []),
    ],
  });
  const { items } = complete(content.replace('x.test/{', 'x.test/{|'));
  assert.deepEqual(
    items.map((item) => item.label),
    ['first_name'],
  );
});

test('in generalInstructions no variables are offered', () => {
  const content = textPearl({ variables, pearl: { generalInstructions: 'Be kind {' } });
  const { items } = complete(content.replace('kind {', 'kind {|'));
  assert.deepEqual(
    items.filter((item) => item.kind === 6 /* Variable */),
    [],
  );
});

test('no variables without a preceding {', () => {
  const { items } = complete(documentWithScript('Your order ABC').replace('order ABC', 'order |ABC'));
  assert.deepEqual(
    items.filter((item) => item.label === 'order_id'),
    [],
  );
});

test('inside a toNodeId value: the node ids with name and type', () => {
  const content = documentWithScript('x');
  const withCursor = content.replace('"toNodeId": "end"', '"toNodeId": "e|nd"');
  const { items, content: clean } = complete(withCursor);
  assert.deepEqual(
    items.map((item) => item.label),
    ['open', 'talk', 'end'],
  );
  assert.equal(items[1].detail, 'Dialogue · Node talk');
  assert.ok(apply(clean, items[1]).includes('"toNodeId": "talk"'));
});

test('inside an empty toNodeId string: node ids are offered', () => {
  const content = documentWithScript('x').replace('"toNodeId": "end"', '"toNodeId": "|"');
  const { items } = complete(content);
  assert.equal(items.length, 3);
});

test('inside a timeZone value: Windows time-zone ids', () => {
  const content = textPearl({ pearl: { timeZone: 'Eastern' } }).replace('"timeZone": "Eastern"', '"timeZone": "Eastern|"');
  const { items, content: clean } = complete(content);
  const eastern = items.find((item) => item.label === 'Eastern Standard Time');
  assert.ok(eastern, 'Eastern Standard Time is offered');
  assert.ok(!items.some((item) => item.label.includes('/')), 'no IANA ids');
  assert.ok(apply(clean, eastern).includes('"timeZone": "Eastern Standard Time"'));
});

test('inside an API body variableId: the declared variable ids', () => {
  const content = textPearl({
    variables,
    nodes: [
      node('open', 2, [transition('go', 'save')]),
      node('save', 40, [transition('done', 'end')], {
        apiSettings: { name: 'Save', method: 2, endpointUrl: 'https://x.test', body: [{ key: 'k', variableId: 'or' }] },
      }),
      node('end', 100, []),
    ],
  });
  const { items, content: clean } = complete(content.replace('"variableId": "or"', '"variableId": "or|"'));
  assert.deepEqual(
    items.map((item) => item.label),
    ['first_name', 'order_id', 'vip'],
  );
  assert.ok(apply(clean, items[1]).includes('"variableId": "order_id"'));
});

test('inside a notification indicatorTagsIds entry: the indicator tag ids', () => {
  const content = JSON.stringify(
    {
      $schema: '../schemas/simple-pearl.schema.json',
      pearl: {
        openingSentence: 'Hi',
        indicatorTags: [
          { id: 'Booked', name: 'Booked', color: 4 },
          { id: 'NoShow', name: 'No show', color: 2 },
        ],
        notifications: [{ indicatorTagsIds: [''] }],
      },
      inbound: { phoneNumberId: 'p' },
    },
    null,
    2,
  );
  const { items } = complete(content.replace('"indicatorTagsIds": [\n          ""', '"indicatorTagsIds": [\n          "|"'));
  assert.deepEqual(
    items.map((item) => `${item.label} ${item.detail}`),
    ['Booked Booked', 'NoShow No show'],
  );
});
