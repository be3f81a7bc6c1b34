import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { Hover, MarkupContent, Range } from 'vscode-languageserver-types';
import { node, parse, service, textPearl, transition } from '../helpers/documents';
import { cursor, mark, rangeOf, valueRange } from '../helpers/text';
import { assertRendersLiterally, hostileStrings } from '../helpers/markdown';

/** Hovers at the `|` marker of `contentWithCursor` (the marker is removed). */
function hover(contentWithCursor: string): { hover: Hover | null; content: string } {
  const { text: content, position } = cursor(contentWithCursor);
  return { hover: service.doHover(parse(content), position), content };
}

function markdownOf(result: Hover | null): string {
  assert.ok(result, 'expected a hover');
  const contents = result.contents as MarkupContent;
  assert.equal(contents.kind, 'markdown');
  return contents.value;
}

function assertRange(actual: Range | undefined, expected: Range): void {
  assert.deepEqual(actual, expected);
}

const variables = [
  { id: 'first_name', name: 'First name', group: 1, type: 1, description: 'The customer first name' },
  { id: 'order_id', name: 'Order id', group: 2, type: 2, isList: true },
];

function pearlWith(script: string, extra: Record<string, unknown> = {}, pearl: Record<string, unknown> = {}): string {
  return textPearl({
    variables,
    pearl,
    nodes: [
      node('open', 2, [transition('greeted', 'talk')], { script: 'Hello' }),
      node('talk', 10, [transition('done', 'end'), transition('lost', 'nowhere')], { script, ...extra }),
      node('end', 100, []),
    ],
  });
}

test('on a property key: description, type and length limit; range is the key', () => {
  const base = pearlWith('Hi', {}, { agentPersonality: 'calm' });
  const { hover: result, content } = hover(mark(base, '"agentPersonality"', 3));
  const value = markdownOf(result);
  assert.ok(value.includes('**agentPersonality**'), value);
  assert.ok(value.includes('Personality and tone'), value);
  assert.ok(value.includes('At most 35 characters.'), value);
  assert.ok(value.includes('`string | null`'), value);
  assertRange(result!.range, rangeOf(content, '"agentPersonality"'));
});

test('on a property value: the same field description; range is the value', () => {
  const base = pearlWith('Hi', {}, { companyDescription: 'We sell shoes' });
  const { hover: result, content } = hover(mark(base, '"We sell shoes"', 4));
  const value = markdownOf(result);
  assert.ok(value.includes('At most 500 characters.'), value);
  assertRange(result!.range, rangeOf(content, '"We sell shoes"'));
});

test('on an enumeration value: its name and meaning', () => {
  const base = pearlWith('Hi');
  const { hover: result, content } = hover(mark(base, '"nodeType": 10', 13));
  const value = markdownOf(result);
  assert.ok(value.includes('`10` — **Dialogue**: Scripted conversation with the customer'), value);
  const start = rangeOf(content, '"nodeType": 10').start;
  assertRange(result!.range, {
    start: { line: start.line, character: start.character + 12 },
    end: { line: start.line, character: start.character + 14 },
  });
});

test('on an enumeration key: every value with its name', () => {
  const value = markdownOf(hover(mark(pearlWith('Hi'), '"nodeType": 10', 2)).hover);
  assert.ok(value.includes('- `2` — **OpeningSentence**: First message the agent sends'), value);
  assert.ok(value.includes('- `200` — **PostCallActions**'), value);
});

test('CallLabel color 8 says the interface lists 8 twice (lime and gradient1)', () => {
  const base = pearlWith('Hi', {}, { indicatorTags: [{ id: 'AbCdEf', name: 'Hot', color: 8 }] });
  const value = markdownOf(hover(mark(base, '"color": 8', 9)).hover);
  assert.ok(value.includes('lime'), value);
  assert.ok(value.includes('gradient1'), value);
  assert.ok(/twice/.test(value), value);
});

test('integer and array limits: signed 32-bit, at most 10 entries', () => {
  const base = pearlWith('Hi', {}, { indicatorTags: [] });
  assert.ok(markdownOf(hover(mark(base, '"totalAgents"', 2)).hover).includes('Signed 32-bit integer.'));
  assert.ok(markdownOf(hover(mark(base, '"indicatorTags"', 2)).hover).includes('At most 10 entries.'));
});

test('on a {variable} reference: the declared variable; range is {id}', () => {
  const base = pearlWith('Your name is {first_name}, order {order_id}.');
  const { hover: result, content } = hover(mark(base, '{first_name}', 3));
  const value = markdownOf(result);
  assert.ok(value.includes('**First name**'), value);
  assert.ok(value.includes('- id: `first_name`'), value);
  assert.ok(value.includes('- type: String (1)'), value);
  assert.ok(value.includes('- group: PreCall (1)'), value);
  assert.ok(value.includes('The customer first name'), value);
  assertRange(result!.range, rangeOf(content, '{first_name}'));
  const order = markdownOf(hover(mark(base, '{order_id}', 1)).hover);
  assert.ok(order.includes('- type: Long (2)') && order.includes('InCall (2)') && order.includes('multiple values'), order);
});

test('on an undeclared {variable}: not declared, may be a platform variable', () => {
  const base = pearlWith('Coupon {coupon_code} applied');
  const { hover: result, content } = hover(mark(base, '{coupon_code}', 5));
  const value = markdownOf(result);
  assert.ok(value.includes('not declared'), value);
  assert.ok(value.includes('may be a platform variable'), value);
  assertRange(result!.range, rangeOf(content, '{coupon_code}'));
});

test('braces in a field that takes no variables are not a reference', () => {
  const base = pearlWith('Hi', {}, { agentName: '{first_name}' });
  const value = markdownOf(hover(mark(base, '"{first_name}"', 3)).hover);
  assert.ok(value.includes('**agentName**'), value);
});

test('on a toNodeId: the target node name and type; or no node with this id', () => {
  const base = pearlWith('Hi');
  const { hover: result, content } = hover(mark(base, '"toNodeId": "talk"', 14));
  const value = markdownOf(result);
  assert.ok(value.includes('`talk`') && value.includes('**Node talk**') && value.includes('Dialogue (10)'), value);
  assertRange(result!.range, valueRange(content, '"toNodeId": "talk"'));
  const missing = markdownOf(hover(mark(base, '"nowhere"', 2)).hover);
  assert.ok(missing.includes('no node with this id'), missing);
});

test('on a nodeId: type and incoming/outgoing transition counts', () => {
  const value = markdownOf(hover(mark(pearlWith('Hi'), '"nodeId": "talk"', 12)).hover);
  assert.ok(value.includes('Dialogue (10)'), value);
  assert.ok(value.includes('1 incoming transition · 2 outgoing transitions'), value);
});

test('on a repeated id: each toNodeId and nodeId hover describes its own place', () => {
  // Two transitions name `talk`; two nodes share the id `end` (the second one named Second end);
  // one transition repeats its toNodeId key (the last one counts, as for JSON.parse).
  const content = textPearl({
    nodes: [
      node('open', 2, [transition('greeted', 'talk')]),
      node('talk', 10, [transition('again', 'talk'), transition('done', 'end')], { script: 'Hi' }),
      node('end', 100, []),
      node('end', 100, [], { name: 'Second end' }),
    ],
  }).replace('"toNodeId": "end"', '"toNodeId": "open", "toNodeId": "end"');
  const at = (marked: string, offset: number, occurrence = 0): string => {
    let from = -1;
    for (let i = 0; i <= occurrence; i++) from = content.indexOf(marked, from + 1);
    return markdownOf(hover(content.slice(0, from + offset) + '|' + content.slice(from + offset)).hover);
  };
  // The second transition to `talk`, its own node's id: both describe the node `talk`.
  assert.ok(at('"toNodeId": "talk"', 14, 1).includes('**Node talk**'));
  assert.ok(at('"nodeId": "talk"', 12).includes('2 incoming transitions · 2 outgoing transitions'));
  // The second node of id `end` is described by its own name.
  assert.ok(at('"nodeId": "end"', 12, 1).includes('**Second end**'), at('"nodeId": "end"', 12, 1));
  // The repeated key's value that counts (the last): the first node of id `end`.
  assert.ok(at('"toNodeId": "end"', 14).includes('`end` **Node end**'), at('"toNodeId": "end"', 14));
});

test("a toNodeId hover at 200 nodes finds its transition among those naming its id, not by each transition's syntax", () => {
  // A transition's toNodeId syntax node is looked up in the tree on each read: reading it for every
  // transition before the hovered one made the hover's cost grow with the document.
  const nodes = Array.from({ length: 200 }, (_, i) => node(`n${i}`, 10, [transition('next', `n${(i + 1) % 200}`)], { script: 'Hi' }));
  const { text: content, position } = cursor(mark(textPearl({ nodes }), '"toNodeId": "n190"', 14));
  const doc = parse(content);
  let reads = 0;
  for (const pearlNode of doc.allNodes) {
    for (const each of pearlNode.transitions) {
      const read = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(each), 'toNodeIdNode')?.get;
      assert.ok(read, 'a transition reads its toNodeId syntax node through a getter');
      Object.defineProperty(each, 'toNodeIdNode', { get: () => (reads++, read.call(each) as unknown) });
    }
  }
  assert.ok(markdownOf(service.doHover(doc, position)).includes('**Node n190**'));
  assert.ok(reads <= 2, `${reads} transitions' toNodeId syntax read`);
});

test('on an API body variableId: the declared variable by name', () => {
  const base = pearlWith('Hi', {
    nodeType: 40,
    apiSettings: { name: 'Send', method: 2, endpointUrl: 'https://x.test', body: [{ key: 'k', variableId: 'order_id' }] },
  });
  const value = markdownOf(hover(mark(base, '"variableId": "order_id"', 16)).hover);
  assert.ok(value.includes('**Order id**'), value);
});

test("simple form: suggested enumeration values are marked as the text form's", () => {
  const content = JSON.stringify({ name: 'S', pearl: { openingSentence: 'Hi' }, inbound: { transcriptOptions: 2 } }, null, 2);
  const value = markdownOf(hover(mark(content, '"transcriptOptions": 2', 21)).hover);
  assert.ok(value.includes('`2`'), value);
  assert.ok(value.includes("text form's"), value);
});

test('nothing to say: whitespace between members, an unknown property, a broken document', () => {
  const base = pearlWith('Hi', {}, { bogus: 'x' });
  assert.equal(hover(mark(base, '"bogus"', 2)).hover, null);
  assert.equal(hover(mark(base, '\n  "pearl"', 1)).hover, null);
  // An unterminated string still hovers, and nothing throws.
  assert.ok(markdownOf(hover('{"pearl": {"nodes": [{"nodeId": "a|b').hover).includes('0 incoming transitions'));
  assert.equal(hover('|').hover, null);
  assert.equal(hover('[1, |2]').hover, null);
});

test('deeply nested documents: hover, definition and references answer without a stack overflow', () => {
  // As deep as a document is checked (maxNestingDepth, 1,000 levels).
  const content = '{"pearl": {"nodes": [{"nodeId": "x", "deep": ' + '['.repeat(995) + '"|"' + ']'.repeat(995) + '}]}}';
  const { text, position } = cursor(content);
  const doc = parse(text);
  assert.ok(doc.root);
  const stderr = process.stderr.write;
  const logged: string[] = [];
  process.stderr.write = (chunk: string) => logged.push(String(chunk)) > 0;
  try {
    service.doHover(doc, position);
    service.findDefinition(doc, position);
    service.findReferences(doc, position, true);
    service.findDocumentSymbols(doc);
  } finally {
    process.stderr.write = stderr;
  }
  assert.deepEqual(
    logged.filter((line) => /doHover|findDefinition|findReferences|findDocumentSymbols/.test(line)),
    [],
  );
});

test('hover escapes every string from the file: nodeId, toNodeId, names, variables render as plain text', () => {
  for (const evil of hostileStrings) {
    const base = textPearl({
      nodes: [
        node('open', 2, [transition('greeted', 'EVIL_ID')], { name: 'EVIL_NAME', script: 'Hello {first_name}' }),
        node('EVIL_ID', 10, [transition('done', 'end')]),
        node('end', 100, []),
      ],
      variables: [{ id: 'first_name', name: 'EVIL_NAME', group: 1, type: 1, value: 'EVIL_NAME', description: 'EVIL_NAME' }],
    });
    const json = JSON.stringify(evil).slice(1, -1);
    const content = base.replace(/EVIL_ID/g, json).replace(/EVIL_NAME/g, json);
    const doc = parse(content);
    const at = (needle: string, occurrence: number, delta = 1) => {
      let offset = -1;
      for (let i = 0; i <= occurrence; i++) offset = content.indexOf(needle, offset + 1);
      assert.ok(offset >= 0);
      return service.doHover(doc, doc.textDocument.positionAt(offset + delta));
    };
    const quoted = JSON.stringify(evil);
    // toNodeId value, nodeId value (of the target), the reference {first_name} with its variable.
    for (const result of [at(`"toNodeId": ${quoted}`, 0, 14), at(`"nodeId": ${quoted}`, 0, 12), at('{first_name}', 0)]) {
      assertRendersLiterally(markdownOf(result), evil);
    }
  }
});

test('hover: a code span holding backticks is fenced by a longer run', () => {
  const content = textPearl().replace(/"talk"/g, '"a`b``c"');
  const doc = parse(content);
  const offset = content.indexOf('"nodeId": "a`b``c"') + 12;
  assertRendersLiterally(markdownOf(service.doHover(doc, doc.textDocument.positionAt(offset))), 'a`b``c');
});

test("hover on nodeType and modelType lists the values instead of pointing at the interface's tables", () => {
  const content = textPearl();
  const nodeType = markdownOf(hover(mark(content, '"nodeType"', 1)).hover);
  assert.doesNotMatch(nodeType, /See the/);
  assert.match(nodeType, /`10` — \*\*Dialogue\*\*/);
  assert.match(nodeType, /`100` — \*\*EndCall\*\*/);
  const modelType = markdownOf(hover(mark(content, '"modelType"', 1)).hover);
  assert.doesNotMatch(modelType, /See the/);
  assert.match(modelType, /for text Pearls only 11 \\\(Swan\\\) is available/);
});
