import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { CompletionItem, TextEdit } from 'vscode-languageserver-types';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { node, parse, service, textPearl, transition } from '../helpers/documents';
import { applyEdits, cursor } from '../helpers/text';
import { maxNodeIdsInDocumentOrder } from '../../server/src/service/features/completion/completion';

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

test('a client that takes itemDefaults.editRange gets the toNodeId range once, and accepting an item writes the same text', () => {
  const { text, position } = cursor(documentWithScript('x').replace('"toNodeId": "end"', '"toNodeId": "e|nd"'));
  const doc = parse(text);
  const perItem = service.doComplete(doc, position);
  const list = service.doComplete(doc, position, {
    capabilities: { snippetSupport: true, labelDetailsSupport: true, editRangeDefault: true },
  });
  const range = list.itemDefaults?.editRange;
  assert.ok(range && 'start' in range, 'the list names the range once');
  assert.deepEqual(
    list.items.map((item) => [item.label, item.textEdit, item.detail]),
    perItem.items.map((item) => [item.label, undefined, item.detail]),
  );
  assert.deepEqual(
    list.items.map((item) => applyEdits(text, [{ range, newText: item.textEditText ?? item.label }])),
    perItem.items.map((item) => apply(text, item)),
  );
});

test('node ids in a toNodeId sort in document order by their sort texts, and a lazy list resolves each detail as the whole list shows it', () => {
  // Twelve nodes whose ids sort otherwise (z…, a…): the sort text, not the label, keeps the order.
  const ids = Array.from({ length: 12 }, (_, i) => (i % 2 === 0 ? `z${i}` : `a${i}`));
  const nodes = ids.map((id, i) => node(id, 10, [transition('next', ids[(i + 1) % ids.length])], { script: 'Hi' }));
  const { text, position } = cursor(textPearl({ nodes }).replace('"toNodeId": "a1"', '"toNodeId": "|a1"'));
  const doc = parse(text);
  const whole = service.doComplete(doc, position);
  const inOrder = (items: CompletionItem[]) =>
    [...items].sort((a, b) => ((a.sortText ?? '') < (b.sortText ?? '') ? -1 : 1)).map((item) => item.label);
  assert.deepEqual(inOrder(whole.items), ids);
  const lazy = service.doComplete(doc, position, {
    capabilities: { snippetSupport: true, labelDetailsSupport: true, editRangeDefault: true, resolveDetail: true },
  });
  assert.deepEqual(inOrder(lazy.items), ids);
  assert.ok(lazy.items.every((item) => item.detail === undefined && item.textEdit === undefined));
  const data: unknown = lazy.itemDefaults?.data;
  assert.deepEqual(
    lazy.items.map((item) => service.resolveCompletionItem(doc, { ...item, data }).detail),
    whole.items.map((item) => item.detail),
  );
});

test(`node ids in a toNodeId keep document order up to ${maxNodeIdsInDocumentOrder} nodes; a longer list has no sort texts (the editor shows it by name)`, () => {
  for (const count of [maxNodeIdsInDocumentOrder, maxNodeIdsInDocumentOrder + 1]) {
    // Ids that sort otherwise by name (z…, a…), each node leading to the next.
    const ids = Array.from({ length: count }, (_, i) => (i % 2 === 0 ? `z${i}` : `a${i}`));
    const nodes = ids.map((id, i) => node(id, 10, [transition('next', ids[(i + 1) % ids.length])], { script: 'Hi' }));
    const { text, position } = cursor(textPearl({ nodes }).replace('"toNodeId": "a1"', '"toNodeId": "|a1"'));
    const doc = parse(text);
    const lazy = service.doComplete(doc, position, {
      capabilities: { snippetSupport: true, labelDetailsSupport: true, editRangeDefault: true, resolveDetail: true },
    });
    for (const list of [service.doComplete(doc, position), lazy]) {
      assert.deepEqual(
        list.items.map((item) => item.label),
        ids,
        `${count} nodes: every id once`,
      );
      const sortTexts = list.items.map((item) => item.sortText);
      if (count <= maxNodeIdsInDocumentOrder) {
        assert.deepEqual([...sortTexts].sort(), sortTexts, `${count} nodes: the sort texts follow the document`);
        assert.equal(new Set(sortTexts).size, count);
      } else {
        assert.ok(
          list.items.every((item) => !('sortText' in item)),
          `${count} nodes: no sort text`,
        );
      }
    }
  }
});

/** The document of `text` parsed from `previous` (an edit inside a string patches it), as the server parses each version. */
function parseFrom(previous: ReturnType<typeof parse>, text: string): ReturnType<typeof parse> {
  const version = previous.textDocument.version + 1;
  return service.parsePearlDocument(TextDocument.create(previous.textDocument.uri, 'pearl', version, text), previous);
}

test('completion in a toNodeId after an edit lists the nodes of the new text, as a fresh parse does', () => {
  const first = documentWithScript('x').replace('"toNodeId": "end"', '"toNodeId": "|end"');
  const { text, position } = cursor(first);
  let doc = parse(text);
  assert.deepEqual(
    service.doComplete(doc, position).items.map((item) => item.label),
    ['open', 'talk', 'end'],
  );
  // Typed inside strings: a nodeId and a name (the model reads them: parsed anew), a script
  // (patched into the previous parse, whose model and cache the new parse keeps).
  const edits: [string, string, boolean][] = [
    ['"nodeId": "talk"', '"nodeId": "talks"', false],
    ['"script": "x"', '"script": "xy"', true],
    ['"name": "Node talk"', '"name": "Node talking"', false],
    ['"script": "xy"', '"script": "xyz"', true],
    ['"nodeId": "open"', '"nodeId": "opening"', false],
  ];
  let current = text;
  for (const [before, after, patched] of edits) {
    assert.ok(current.includes(before), before);
    current = current.replace(before, after);
    doc = parseFrom(doc, current);
    assert.equal(doc.stringPatch !== undefined, patched, `${after} is patched into the previous parse: ${patched}`);
    const at = doc.textDocument.positionAt(current.indexOf('"toNodeId": "end"') + '"toNodeId": "'.length);
    const fresh = parse(current);
    assert.deepEqual(service.doComplete(doc, at), service.doComplete(fresh, at), `after ${after}`);
  }
  const labels = service.doComplete(doc, doc.textDocument.positionAt(current.indexOf('"toNodeId": "end"') + 13)).items;
  assert.deepEqual(
    labels.map((item) => [item.label, item.detail]),
    [
      ['opening', 'OpeningSentence · Node open'],
      ['talks', 'Dialogue · Node talking'],
      ['end', 'EndCall · Node end'],
    ],
  );
  // A node added (a change of structure) is listed too.
  const added = current.replace('"nodes": [', `"nodes": [${JSON.stringify(node('added', 10, [transition('next', 'end')]))},`);
  doc = parseFrom(doc, added);
  const at = doc.textDocument.positionAt(added.indexOf('"toNodeId": "end"') + 13);
  assert.deepEqual(
    service.doComplete(doc, at).items.map((item) => item.label),
    ['added', 'opening', 'talks', 'end'],
  );
  assert.deepEqual(service.doComplete(doc, at), service.doComplete(parse(added), at));
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
