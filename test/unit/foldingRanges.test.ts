import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { parse, service } from '../helpers/documents';

const content = `{
  "$schema": "../schemas/text-pearl.schema.json",
  "name": "Clinic",
  /*
   * Reminders for tomorrow's appointments.
   */
  "pearl": {
    // the flow
    // of the conversation
    "nodes": [
      {
        "nodeId": "open",
        "name": "Say hello",
        "nodeType": 2,
        "transitions": [{ "name": "t", "toNodeId": "end" }]
      },
      { "nodeId": "end", "name": "End", "nodeType": 100,
        "transitions": [] }
    ]
  },
  "inbound": { "textChannelId": "c" }
}`;

test('folding: objects, arrays and comments; the closing bracket stays visible', () => {
  const ranges = service.getFoldingRanges(parse(content));
  assert.deepEqual(ranges, [
    { startLine: 0, endLine: 20 },
    { startLine: 3, endLine: 5, kind: 'comment' },
    { startLine: 6, endLine: 18 },
    { startLine: 7, endLine: 8, kind: 'comment' },
    { startLine: 9, endLine: 17 },
    { startLine: 10, endLine: 14 },
    // A closing brace after other text on its line folds with its line.
    { startLine: 16, endLine: 17 },
  ]);
});

test('folding: a run of line comments ends where code stands before a comment; a container and a comment starting on one line keep the longer, the container when as long', () => {
  const text = [
    '{',
    '  // one',
    '  // two',
    '  "a": 1, // three',
    '  // four',
    '  "b": [ /* five',
    '  */ 2 ],',
    '  "c": { /* six',
    '  seven */ }',
    '}',
  ].join('\n');
  assert.deepEqual(service.getFoldingRanges(parse(text)), [
    { startLine: 0, endLine: 8 },
    { startLine: 1, endLine: 2, kind: 'comment' },
    { startLine: 3, endLine: 4, kind: 'comment' },
    { startLine: 5, endLine: 6 },
    { startLine: 7, endLine: 8 },
  ]);
});

test('folding: collapsed text names the Pearl and its nodes when the client shows it', () => {
  const ranges = service.getFoldingRanges(parse(content), { collapsedText: true });
  assert.deepEqual(
    ranges.filter((range) => range.collapsedText !== undefined).map((range) => [range.startLine, range.collapsedText]),
    [
      [0, 'Clinic'],
      [10, 'open — Say hello'],
      [16, 'end — End'],
    ],
  );
});

test('folding: rangeLimit keeps the first ranges; malformed and deep text still folds', () => {
  assert.deepEqual(
    service.getFoldingRanges(parse(content), { rangeLimit: 2 }).map((range) => range.startLine),
    [0, 3],
  );
  // An unclosed object folds to the end of the text.
  assert.deepEqual(service.getFoldingRanges(parse('{\n  "name": "x",\n  "pearl": {\n')), [
    { startLine: 0, endLine: 3 },
    { startLine: 2, endLine: 3 },
  ]);
  const deep = (depth: number): string => '['.repeat(depth) + '\n' + ']'.repeat(depth);
  assert.deepEqual(service.getFoldingRanges(parse(deep(1000))), [{ startLine: 0, endLine: 1 }]);
  // Too deep for the parser: no tree, no folding, no crash.
  assert.deepEqual(service.getFoldingRanges(parse(deep(100000))), []);
});
