import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { Location, Range } from 'vscode-languageserver-types';
import { node, parse, service, textPearl, transition } from '../helpers/documents';
import { applyEdits, cursor, mark, rangeOf, valueRange } from '../helpers/text';

/** The text after renaming at the marker, or null when the rename is refused. */
function rename(contentWithCursor: string, newName: string): string | null {
  const { text: content, position } = cursor(contentWithCursor);
  const doc = parse(content);
  const edit = service.doRename(doc, position, newName);
  if (!edit) return null;
  const edits = edit.changes?.[doc.textDocument.uri];
  assert.ok(edits, 'edits for the document');
  return applyEdits(content, edits);
}

function references(contentWithCursor: string, includeDeclaration: boolean): { locations: Location[]; content: string } {
  const { text: content, position } = cursor(contentWithCursor);
  return { locations: service.findReferences(parse(content), position, includeDeclaration), content };
}

/** A string value's range without its quotes. */
function insideQuotes(range: Range): Range {
  return {
    start: { line: range.start.line, character: range.start.character + 1 },
    end: { line: range.end.line, character: range.end.character - 1 },
  };
}

const variables = [
  { id: 'first_name', name: 'First name', group: 1, type: 1 },
  { id: 'first_name_x', name: 'Decoy', group: 2, type: 1 },
  { id: 'order_id', name: 'Order id', group: 2, type: 1 },
];

const base = textPearl({
  variables,
  pearl: { agentName: '{first_name}' }, // not a (V) field: never renamed
  nodes: [
    node('open', 2, [transition('greeted', 'talk')], { script: 'Hello {first_name}! {first_name_x}' }),
    node('talk', 10, [transition('again', 'talk'), transition('done', 'end')], { script: 'Hi {first_name}' }),
    node('send', 40, [transition('sent', 'end')], {
      apiSettings: {
        name: 'Send',
        method: 2,
        endpointUrl: 'https://x.test/{first_name}',
        body: [
          { key: 'k', variableId: 'first_name' },
          { key: 'o', variableId: 'order_id' },
        ],
      },
    }),
    node('end', 100, []),
  ],
});

test('references of a node: every toNodeId naming it, with or without its nodeId', () => {
  const { locations, content } = references(mark(base, '"nodeId": "talk"', 12), false);
  // 'talk' occurs as open's toNodeId (0), talk's nodeId (1), in "Node talk" (2), as talk's own toNodeId (3).
  assert.deepEqual(
    locations.map((location) => location.range),
    [rangeOf(content, 'talk', 0), rangeOf(content, 'talk', 3)],
  );
  const withDeclaration = references(mark(base, '"toNodeId": "talk"', 15), true).locations;
  assert.deepEqual(
    withDeclaration.map((location) => location.range),
    [rangeOf(content, 'talk', 1), rangeOf(content, 'talk', 0), rangeOf(content, 'talk', 3)],
  );
});

test('references of a variable: {id} in (V) fields and variableId values, exact ranges', () => {
  const { locations, content } = references(mark(base, '{first_name}!', 3), true);
  const text = (location: Location): string => {
    const doc = parse(content).textDocument;
    return doc.getText(location.range);
  };
  assert.deepEqual(locations.map(text), ['first_name', 'first_name', 'first_name', 'first_name', 'first_name']);
  // Declaration first; the agentName (not a (V) field) and the decoy {first_name_x} are not among them.
  assert.deepEqual(locations[0].range, insideQuotes(valueRange(content, '"id": "first_name"')));
  const agentName = rangeOf(content, '"agentName": "{first_name}"');
  assert.ok(locations.every((location) => location.range.start.line !== agentName.start.line));
  assert.equal(references(mark(base, '"variableId": "first_name"', 17), false).locations.length, 4);
});

test('rename a nodeId: every toNodeId naming it changes, nothing else', () => {
  const after = rename(mark(base, '"nodeId": "talk"', 12), 'chat');
  assert.equal(after, base.replaceAll('"talk"', '"chat"'));
  assert.ok(after.includes('"name": "Node talk"'));
  // From a toNodeId, the same edit.
  assert.equal(rename(mark(base, '"toNodeId": "talk"', 14), 'chat'), after);
});

test('rename a variable: only the id inside the braces, the declaration and variableId values', () => {
  const after = rename(mark(base, '{first_name}!', 2), 'given_name');
  const expected = base
    .replace('"id": "first_name"', '"id": "given_name"')
    .replace('Hello {first_name}! {first_name_x}', 'Hello {given_name}! {first_name_x}')
    .replace('Hi {first_name}', 'Hi {given_name}')
    .replace('https://x.test/{first_name}', 'https://x.test/{given_name}')
    .replace('"variableId": "first_name"', '"variableId": "given_name"');
  assert.equal(after, expected);
  assert.ok(after.includes('"agentName": "{first_name}"'));
  // The renamed document has no undeclared variable.
  assert.deepEqual(
    service.doValidation(parse(after)).filter((d) => d.code === 'variable-undeclared'),
    [],
  );
});

test('renaming an id written with escapes replaces the whole string content', () => {
  const escaped = base.replace('"nodeId": "talk"', '"nodeId": "t\\u0061lk"');
  const after = rename(mark(escaped, '"toNodeId": "talk"', 14), 'chat');
  assert.ok(after!.includes('"nodeId": "chat"'));
  assert.ok(!after!.includes('"talk"'));
});

test('prepareRename: the identifier only (inside the braces for a reference)', () => {
  const { text: content, position } = cursor(mark(base, '{first_name}!', 4));
  const prepared = service.prepareRename(parse(content), position);
  assert.ok(prepared);
  assert.equal(prepared.placeholder, 'first_name');
  assert.equal(parse(content).textDocument.getText(prepared.range), 'first_name');
  const onName = cursor(mark(base, '"Node talk"', 3));
  assert.equal(service.prepareRename(parse(onName.text), onName.position), null);
});

test('invalid names are refused with a reason, and no edit', () => {
  const onVariable = mark(base, '{first_name}!', 2);
  for (const bad of ['', 'has space', 'a{b}', 'x'.repeat(41), 'é', 'order_id']) {
    assert.equal(rename(onVariable, bad), null, bad);
    const { text: content, position } = cursor(onVariable);
    assert.ok(service.getRenameError(parse(content), position, bad), bad);
  }
  assert.ok(rename(onVariable, 'x'.repeat(40)));
  const onNode = mark(base, '"nodeId": "talk"', 12);
  for (const bad of ['', 'a"b', 'a\\b', 'line\nbreak', 'end']) {
    assert.equal(rename(onNode, bad), null, JSON.stringify(bad));
  }
  assert.ok(rename(onNode, 'talk to me — ok'));
  const { text: content, position } = cursor(onNode);
  assert.equal(service.getRenameError(parse(content), position, 'chat'), undefined);
  assert.match(service.getRenameError(parse(content), position, 'end')!, /already exists/);
});

test('document highlights: declaration Write, uses Read', () => {
  const { text: content, position } = cursor(mark(base, '"nodeId": "end"', 12));
  const highlights = service.findDocumentHighlights(parse(content), position);
  assert.deepEqual(
    highlights.map((h) => h.kind),
    [3, 2, 2],
  );
  assert.deepEqual(highlights[0].range, insideQuotes(valueRange(content, '"nodeId": "end"')));
});
