import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { SelectionRange } from 'vscode-languageserver-types';
import { parse, service } from '../helpers/documents';
import { positionOf } from '../helpers/text';

const content = '{\n  "name": "x",\n  "pearl": { "nodes": [{ "nodeId": "open", "script": "Hi {first_name}!" }] }\n}';

/** The texts a user sees selected by pressing "Expand Selection" repeatedly at the `occurrence` of `needle` + `delta`. */
function expansions(needle: string, delta: number): string[] {
  const document = parse(content).textDocument;
  const [chain] = service.getSelectionRanges(parse(content), [positionOf(content, needle, delta)]);
  const texts: string[] = [];
  for (let range: SelectionRange | undefined = chain; range; range = range.parent) {
    texts.push(content.slice(document.offsetAt(range.range.start), document.offsetAt(range.range.end)));
  }
  return texts;
}

test('selection ranges: a variable reference, the string, the property, the members, the object, up to the root', () => {
  assert.deepEqual(expansions('first_name', 3), [
    'first_name',
    '{first_name}',
    'Hi {first_name}!',
    '"Hi {first_name}!"',
    '"script": "Hi {first_name}!"',
    '"nodeId": "open", "script": "Hi {first_name}!"',
    '{ "nodeId": "open", "script": "Hi {first_name}!" }',
    '[{ "nodeId": "open", "script": "Hi {first_name}!" }]',
    '"nodes": [{ "nodeId": "open", "script": "Hi {first_name}!" }]',
    '{ "nodes": [{ "nodeId": "open", "script": "Hi {first_name}!" }] }',
    '"pearl": { "nodes": [{ "nodeId": "open", "script": "Hi {first_name}!" }] }',
    '"name": "x",\n  "pearl": { "nodes": [{ "nodeId": "open", "script": "Hi {first_name}!" }] }',
    content,
  ]);
});

test('selection ranges: on a key, its name then the property', () => {
  assert.deepEqual(expansions('"name"', 2).slice(0, 3), ['name', '"name"', '"name": "x"']);
});

test('selection ranges: one answer per position, an empty range outside the value', () => {
  const doc = parse('  {}  ');
  const ranges = service.getSelectionRanges(doc, [
    { line: 0, character: 0 },
    { line: 0, character: 3 },
  ]);
  assert.deepEqual(ranges, [
    { range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } } },
    { range: { start: { line: 0, character: 2 }, end: { line: 0, character: 4 } } },
  ]);
});
