import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { FormattingOptions, Range } from 'vscode-languageserver-types';
import { parse, service } from '../helpers/documents';
import { examplePearlFiles, exampleText } from '../helpers/fixtures';
import { applyEdits } from '../helpers/text';

/** The text after formatting `content` (or `range` of it) with `options`. */
function format(content: string, options: FormattingOptions, range?: Range): string {
  const edits = service.format(parse(content), range, options);
  return applyEdits(content, edits);
}

/** The parsed value as plain JSON (the tree's objects have no prototype). */
function valueOf(content: string): unknown {
  return JSON.parse(JSON.stringify(parse(content).value ?? null));
}

const spaces2: FormattingOptions = { tabSize: 2, insertSpaces: true };

const messy = `{"$schema":"../schemas/text-pearl.schema.json", // the kind
"name":"Messy",   "pearl":{"agentName":"Ava",
      /* the graph */ "nodes":[{"nodeId":"open","nodeType":2,"transitions":[{"name":"go","toNodeId":"end",}]},{"nodeId":"end","nodeType":100}]},
"inbound":{"textChannelId":"c"}}`;

test('formats with the editor indentation, keeping comments and trailing commas; the value is unchanged', () => {
  const after = format(messy, { tabSize: 4, insertSpaces: true });
  assert.deepEqual(valueOf(after), valueOf(messy));
  assert.ok(after.includes('// the kind'));
  assert.ok(after.includes('/* the graph */'));
  assert.ok(after.includes('\n    "name": "Messy",'), after);
  assert.ok(after.includes('"toNodeId": "end",\n'), 'the trailing comma is kept');
  assert.deepEqual(parse(after).syntaxErrors, []);
});

test('indents with tabs when insertSpaces is false', () => {
  const after = format(messy, { tabSize: 4, insertSpaces: false });
  assert.ok(after.includes('\n\t"name": "Messy",'), after);
  assert.ok(after.includes('\n\t\t"agentName": "Ava",'), after);
});

test('an already formatted document gives no edits; formatting is idempotent', () => {
  const pretty = JSON.stringify(JSON.parse('{"name":"x","pearl":{"nodes":[]},"inbound":{"textChannelId":"c"}}'), null, 2);
  assert.deepEqual(service.format(parse(pretty), undefined, spaces2), []);
  const once = format(messy, spaces2);
  assert.equal(format(once, spaces2), once);
});

test('range formatting changes only the range', () => {
  const content = '{\n"name":   "x",\n"pearl":   {"nodes":[]}\n}';
  const line2: Range = { start: { line: 2, character: 0 }, end: { line: 2, character: 23 } };
  const after = format(content, spaces2, line2);
  assert.ok(after.startsWith('{\n"name":   "x",\n'), after);
  assert.notEqual(after, content);
  assert.deepEqual(valueOf(after), valueOf(content));
});

test('CRLF documents keep CRLF; insertFinalNewline is honoured', () => {
  const content = '{"name":"x",\r\n"pearl":{"nodes":[]}}';
  const after = format(content, { ...spaces2, insertFinalNewline: true });
  assert.equal(after, '{\r\n  "name": "x",\r\n  "pearl": {\r\n    "nodes": []\r\n  }\r\n}\r\n');
});

test('never loses content: broken documents keep every non-whitespace character', () => {
  const strip = (text: string): string => text.replace(/\s+/g, '');
  for (const content of [
    '{"name": "x", "pearl": {"nodes": [{"nodeId": "a", "transitions": [{"name": "go", "toNodeId": ',
    '{"name": "unterminated string\n, "pearl": {}}',
    '{"a" 1 "b": [1 2 3}} trailing junk',
    '// only a comment',
    '',
  ]) {
    const after = format(content, spaces2);
    assert.equal(strip(after), strip(content), JSON.stringify(content));
  }
});

test('every example file formats to the same value', () => {
  const files = examplePearlFiles();
  assert.ok(files.length > 0, 'examples/ has files to format');
  for (const file of files) {
    const content = exampleText(file);
    for (const options of [spaces2, { tabSize: 3, insertSpaces: false }]) {
      const after = format(content, options);
      assert.deepEqual(valueOf(after), valueOf(content), file);
    }
  }
});

test('a pathologically deep document is declined with a reason instead of formatting to gigabytes', () => {
  const deep = '{"a":' + '['.repeat(50000) + ']'.repeat(50000) + '}';
  assert.deepEqual(service.format(parse(deep), undefined, spaces2), []);
  assert.match(service.getFormattingError(parse(deep), undefined, spaces2) ?? '', /^This document is not formatted: /);
  // A merely deep one still formats.
  const nested = '{"a":' + '['.repeat(50) + ']'.repeat(50) + '}';
  assert.equal(service.getFormattingError(parse(nested), undefined, spaces2), undefined);
  assert.ok(format(nested, spaces2).includes('\n' + ' '.repeat(100) + '[]'));
});

test('formatting is bounded: 8.8 KB of nested arrays (39.5 MB formatted before) is declined, with the limit in the message', () => {
  const depth = 2200;
  const content = '{"a":' + '[1,'.repeat(depth) + '1' + ']'.repeat(depth) + '}';
  assert.ok(content.length > 8800 && content.length < 8900);
  const doc = parse(content);
  assert.deepEqual(service.format(doc, undefined, spaces2), []);
  assert.equal(
    service.getFormattingError(doc, undefined, spaces2),
    'This document is not formatted: nested as it is, its formatted text would be longer than 1,017,614 characters.',
  );
});

test('formatting is bounded: thousands of edits are answered as one edit no longer than the formatted text', () => {
  const content = JSON.stringify({ a: Array.from({ length: 20000 }, (_, i) => i) });
  const edits = service.format(parse(content), undefined, spaces2);
  assert.equal(edits.length, 1);
  const after = applyEdits(content, edits);
  assert.equal(after, JSON.stringify(JSON.parse(content), null, 2));
  assert.ok(edits[0].newText.length <= after.length);
});
