/**
 * Property test of the server's text documents (server/src/editorTextDocument.ts) and of the checks
 * that keep their results across typing (the edit the document describes, the line starts, the
 * `pearl-disable` search, the template placeholders): random edits, one or two per version as an
 * editor sends them, give the text and positions of vscode-languageserver-textdocument's
 * TextDocument, and every keystroke's configured diagnostics equal those of a fresh parse.
 *
 * Reproducible: a fixed seed (override with PEARL_FC_SEED); PEARL_FC_RUNS sets the number of
 * sequences per base document (default 25).
 */
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { editorTextDocuments } from '../../server/src/editorTextDocument';
import { describeParsedJson } from '../../server/src/service/document/jsonLocator';
import { getLanguageService, type PearlDocument } from '../../server/src/service/pearlLanguageService';
import { generateTextPearl } from '../helpers/fixtures';

const seed = process.env.PEARL_FC_SEED ? Number(process.env.PEARL_FC_SEED) : 20_261_126;
const runs = process.env.PEARL_FC_RUNS ? Number(process.env.PEARL_FC_RUNS) : 25;
const service = getLanguageService();
const uri = 'file:///property/editor.pearl.json';
const rules = { rules: {} };

/** A Pearl with a placeholder, a `pearl-disable` comment and CRLF line ends. */
const withDirective = [
  '{',
  '  "name": "Directives",',
  '  "pearl": {',
  '    "nodes": [',
  '      // pearl-disable-next-line variable-undeclared',
  '      { "nodeId": "open", "name": "Open", "nodeType": 2, "script": "Hi {customer}", "transitions": [{ "name": "go", "toNodeId": "nowhere" }] },',
  '      { "nodeId": "end", "name": "End", "nodeType": 100, "script": "Bye", "transitions": [] }',
  '    ]',
  '  },',
  '  "inbound": { "textChannelId": "<your text channel id>" }',
  '}',
].join('\r\n');

/** A generated Pearl with a placeholder value and one a `>` typed at its end makes a placeholder. */
const withPlaceholder = generateTextPearl(12, 5)
  .replace(/"script": "[^"]*"/, '"script": "<your line>"')
  .replace(/("script": "[^"<]*"[^]*?)"script": "[^"]*"/, '$1"script": "<your line"');

/**
 * An edit: where (`inString`: the `at`-th string value, `within` characters into it; else a
 * fraction `at` of the text), how much removed, what inserted; `batched` sends it with the next one;
 * `sameSpot` types on where the last edit ended.
 */
const editArbitrary = fc.record({
  inString: fc.boolean(),
  at: fc.nat({ max: 10_000 }),
  within: fc.nat({ max: 14 }),
  removed: fc.nat({ max: 3 }),
  inserted: fc.oneof(
    { arbitrary: fc.stringMatching(/^[a-z <>_0-9]{0,5}$/), weight: 5 },
    { arbitrary: fc.constantFrom('pearl-disable', '<your line>', '>', '\r\n', '\n', '"', '🎉', ''), weight: 3 },
  ),
  batched: fc.boolean(),
  sameSpot: fc.boolean(),
});

/** Where `edit` goes in `text` (see {@link editArbitrary}). */
function chooseOffset(text: string, edit: { inString: boolean; at: number; within: number }): number {
  const all = [...text.matchAll(/": "/g)].map((match) => (match.index ?? 0) + 4);
  // One edit in three goes into a string that starts like a placeholder (there are few).
  const placeholderLike = all.filter((start) => text[start] === '<');
  const starts = edit.at % 3 === 0 && placeholderLike.length > 0 ? placeholderLike : all;
  if (!edit.inString || starts.length === 0) return Math.floor((edit.at / 10_000) * text.length);
  const start = starts[edit.at % starts.length];
  // At most the string's end (where a `>` completes a placeholder).
  return start + Math.min(edit.within, Math.max(0, text.indexOf('"', start) - start));
}

for (const [name, base] of [
  ['a Pearl with a placeholder', withPlaceholder],
  ['a Pearl with a pearl-disable comment and CRLF line ends', withDirective],
] as const) {
  test(`random edits of ${name}: the editor document reads as TextDocument, and the diagnostics equal a fresh parse's`, () => {
    let patched = 0;
    fc.assert(
      fc.property(fc.array(editArbitrary, { minLength: 1, maxLength: 8 }), (edits) => {
        const editor = editorTextDocuments.create(uri, 'pearl', 1, base);
        const reference = TextDocument.create(uri, 'pearl', 1, base);
        let previous: PearlDocument = service.parsePearlDocument(editor);
        service.doValidation(previous, rules);
        let version = 1;
        let offset = 0;
        let pending: { range: { start: { line: number; character: number }; end: { line: number; character: number } }; text: string }[] =
          [];
        for (const [index, edit] of edits.entries()) {
          const text = reference.getText();
          if (!edit.sameSpot || index === 0) offset = chooseOffset(text, edit);
          offset = Math.min(offset, text.length);
          const end = Math.min(text.length, offset + edit.removed);
          const change = { range: { start: reference.positionAt(offset), end: reference.positionAt(end) }, text: edit.inserted };
          // The reference takes each change at once, so that positions of later changes are its.
          TextDocument.update(reference, [change], version);
          pending.push(change);
          offset += edit.inserted.length;
          if (edit.batched && index < edits.length - 1) continue;
          version++;
          editorTextDocuments.update(editor, pending, version);
          pending = [];
          const now = reference.getText();
          assert.equal(editor.getText(), now);
          for (const at of [0, offset, Math.floor(now.length / 2), now.length]) {
            assert.deepEqual(editor.positionAt(at), reference.positionAt(at));
            const position = reference.positionAt(at);
            assert.equal(editor.offsetAt(position), reference.offsetAt(position));
          }
          const parse = service.parsePearlDocument(editor, previous);
          if (parse.stringPatch) patched++;
          const fresh = service.parsePearlDocument(TextDocument.create(uri, 'pearl', version, now));
          assert.deepEqual(service.doValidation(parse, rules), service.doValidation(fresh, rules));
          for (const at of [0, offset, now.length]) {
            const position = fresh.textDocument.positionAt(at);
            assert.deepEqual(parse.textDocument.positionAt(at), position);
            for (const character of [0, position.character, position.character + 1, 10_000]) {
              const asked = { line: position.line, character };
              assert.equal(parse.textDocument.offsetAt(asked), fresh.textDocument.offsetAt(asked));
            }
          }
          previous = parse;
        }
      }),
      { seed, numRuns: runs },
    );
    assert.ok(patched > 0, 'no edit was patched');
  });
}

/** `text` typed into `editor` at `offset` as version `version`; the new parse from `previous`, which must be patched. */
function typeAt(
  editor: ReturnType<typeof editorTextDocuments.create>,
  previous: PearlDocument,
  offset: number,
  text: string,
): PearlDocument {
  const position = editor.positionAt(offset);
  editorTextDocuments.update(editor, [{ range: { start: position, end: position }, text }], editor.version + 1);
  const parse = service.parsePearlDocument(editor, previous);
  assert.ok(parse.stringPatch, 'the edit was not patched');
  return parse;
}

test('typing the `>` that makes a string a placeholder, then breaking it, reports it exactly as a fresh parse', () => {
  const base = withPlaceholder;
  const editor = editorTextDocuments.create(uri, 'pearl', 1, base);
  let parse = service.parsePearlDocument(editor);
  const count = (doc: PearlDocument): number =>
    service.doValidation(doc, rules).filter((diagnostic) => diagnostic.code === 'template-placeholder').length;
  assert.equal(count(parse), 1);
  const end = base.indexOf('<your line"') + '<your line'.length;
  parse = typeAt(editor, parse, end, '>');
  assert.equal(count(parse), 2);
  parse = typeAt(editor, parse, end + 1, '_');
  assert.equal(count(parse), 1);
  const fresh = service.parsePearlDocument(TextDocument.create(uri, 'pearl', editor.version, editor.getText()));
  assert.deepEqual(service.doValidation(parse, rules), service.doValidation(fresh, rules));
});

test('a placeholder typed letter by letter into a Pearl that had no string beginning with `<` is reported as a fresh parse reports it', () => {
  const base = generateTextPearl(12, 5).replace(/"script": "[^"]*"/, '"script": ""');
  assert.equal(describeParsedJson(JSON.parse(base)).angleBracketStrings, 0);
  const editor = editorTextDocuments.create(uri, 'pearl', 1, base);
  let parse = service.parsePearlDocument(editor);
  const count = (doc: PearlDocument): number =>
    service.doValidation(doc, rules).filter((diagnostic) => diagnostic.code === 'template-placeholder').length;
  assert.equal(count(parse), 0);
  // Into the first script, emptied: `<your line>`, one character at a time.
  let at = base.indexOf('"script": ""') + '"script": "'.length;
  for (const letter of '<your line') {
    parse = typeAt(editor, parse, at++, letter);
    assert.equal(count(parse), 0, editor.getText().slice(at - 12, at + 2));
  }
  parse = typeAt(editor, parse, at, '>');
  assert.equal(count(parse), 1);
  const fresh = service.parsePearlDocument(TextDocument.create(uri, 'pearl', editor.version, editor.getText()));
  assert.deepEqual(service.doValidation(parse, rules), service.doValidation(fresh, rules));
});

test('typing in a string after the edit of a document with a pearl-disable comment keeps the comment in effect', () => {
  const editor = editorTextDocuments.create(uri, 'pearl', 1, withDirective);
  let parse = service.parsePearlDocument(editor);
  const codes = (doc: PearlDocument): unknown[] => service.doValidation(doc, rules).map((diagnostic) => diagnostic.code);
  assert.ok(!codes(parse).includes('variable-undeclared'));
  parse = typeAt(editor, parse, withDirective.indexOf('Bye') + 3, '!');
  assert.ok(!codes(parse).includes('variable-undeclared'));
  const fresh = service.parsePearlDocument(TextDocument.create(uri, 'pearl', editor.version, editor.getText()));
  assert.deepEqual(service.doValidation(parse, rules), service.doValidation(fresh, rules));
});

test('typing the last letter of a variableId in a PreCallAPI body reports the variable group there, as a fresh parse does', () => {
  const base = JSON.stringify(
    {
      name: 'Ids',
      pearl: {
        nodes: [
          {
            nodeId: 'lookup',
            name: 'Lookup',
            nodeType: 3,
            apiSettings: { name: 'L', method: 2, endpointUrl: 'https://x.example.com/a', body: [{ key: 'k', variableId: 'order_numbe' }] },
            transitions: [
              { name: 'ok', toNodeId: 'open', apiResult: 1 },
              { name: 'no', toNodeId: 'open', apiResult: 2 },
            ],
          },
          { nodeId: 'open', name: 'Open', nodeType: 2, script: 'Hi', transitions: [{ name: 'bye', toNodeId: 'end' }] },
          { nodeId: 'end', name: 'End', nodeType: 100 },
        ],
      },
      variables: [{ id: 'order_number', name: 'Order', group: 2, type: 1 }],
      inbound: { textChannelId: 'c' },
    },
    null,
    2,
  );
  const editor = editorTextDocuments.create(uri, 'pearl', 1, base);
  let parse = service.parsePearlDocument(editor);
  const codes = (doc: PearlDocument): unknown[] => service.doValidation(doc, rules).map((diagnostic) => diagnostic.code);
  // 'order_numbe' is not declared yet.
  assert.deepEqual(codes(parse), ['variable-id-undeclared']);
  // Typing in the script first: the variableId entries are kept from here on.
  parse = typeAt(editor, parse, base.indexOf('"Hi"') + 2, '!');
  assert.deepEqual(codes(parse), ['variable-id-undeclared']);
  parse = typeAt(editor, parse, base.indexOf('order_numbe"') + 'order_numbe'.length, 'r');
  assert.deepEqual(codes(parse), ['variable-group-not-allowed']);
  const fresh = service.parsePearlDocument(TextDocument.create(uri, 'pearl', editor.version, editor.getText()));
  assert.deepEqual(service.doValidation(parse, rules), service.doValidation(fresh, rules));
});
