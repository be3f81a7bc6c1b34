// Integer fields and number literals that read as integers without being one (issue 30): what is
// sent is JSON.stringify of the parsed value, so `1e-400` would go as 0 and `1e400` as null. The
// severity principle (docs/rulings.md § Integers and counts): the service takes 32-bit integers.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { getLanguageService } from '../../server/src/service/pearlLanguageService';
import { isWholeDecimal } from '../../server/src/service/rules/schema/types';

const service = getLanguageService();
const prefix = '{ "pearl": { "nodes": [] }, "inbound": { "textChannelId": "c", "totalAgents": ';

/** The type and range diagnostics of totalAgents written as `literal`: code, severity, the text under the range, the message. */
function check(literal: string): { code: unknown; severity: unknown; text: string; message: string }[] {
  const text = `${prefix}${literal} }, "name": "1e-400 and 12345678901234567 in a string" }`;
  const doc = service.parsePearlDocument(TextDocument.create('file:///w/a.pearl.json', 'pearl', 1, text));
  return service
    .doValidation(doc)
    .filter((d) => d.code === 'wrong-type' || d.code === 'int32-range')
    .map((d) => ({
      code: d.code,
      severity: d.severity,
      text: text.slice(doc.textDocument.offsetAt(d.range.start), doc.textDocument.offsetAt(d.range.end)),
      message: d.message,
    }));
}

test('1e-400 in an integer field is a wrong-type Error on the number: it would be sent as 0', () => {
  assert.deepEqual(check('1e-400'), [
    {
      code: 'wrong-type',
      severity: 1,
      text: '1e-400',
      message: 'totalAgents must be an integer; found number 1e-400, which is not a whole number: it would be sent as 0.',
    },
  ]);
});

test('a fraction hidden by rounding is an Error too: 0.000…1 and digits past what a double keeps', () => {
  const tiny = `0.${'0'.repeat(400)}1`;
  assert.deepEqual(
    check(tiny).map(({ code, text, message }) => ({ code, whole: text === tiny, message })),
    [
      {
        code: 'wrong-type',
        whole: true,
        message: `totalAgents must be an integer; found number 0.000000000000000000…0000000001 (403 characters), which is not a whole number: it would be sent as 0.`,
      },
    ],
  );
  assert.deepEqual(
    check('2147483647.0000000001').map((d) => [d.code, d.text]),
    [['wrong-type', '2147483647.0000000001']],
  );
  assert.deepEqual(
    check('1000000000000000000001e-21').map((d) => [d.code, d.text]),
    [['wrong-type', '1000000000000000000001e-21']],
  );
});

test('1e400 reads as infinity: an int32-range Error saying it would be sent as null', () => {
  assert.deepEqual(check('1e400'), [
    {
      code: 'int32-range',
      severity: 1,
      text: '1e400',
      message: 'totalAgents is 1e400; integers are 32-bit (-2147483648 to 2147483647). It reads as infinity and would be sent as null.',
    },
  ]);
});

test('whole numbers however written are integers: -0, 1.0e2 (sent as 100), 1E2, 0.5e1; a plain fraction stays one wrong-type', () => {
  for (const literal of ['-0', '1.0e2', '1E2', '0.5e1', '7', '100000e-5']) assert.deepEqual(check(literal), [], literal);
  assert.equal(JSON.stringify(JSON.parse('1.0e2')), '100');
  assert.deepEqual(
    check('1.5').map((d) => d.message),
    ['totalAgents must be an integer; found number 1.5.'],
  );
});

test('isWholeDecimal reads the decimal, not the double', () => {
  for (const literal of ['0', '-0', '1.0e2', '1.50e1', '0.0', '12e0', `1${'0'.repeat(30)}e-30`])
    assert.equal(isWholeDecimal(literal), true, literal);
  for (const literal of ['1e-400', '0.1', '5e-1', '2147483647.0000000001', '1.25e1', 'abc', ''])
    assert.equal(isWholeDecimal(literal), false, literal);
});

test('typing in a string before or after a number that is not whole keeps its wrong-type where the number is, as a fresh parse does', () => {
  const uri = 'file:///w/typed.pearl.json';
  let text = `{ "pearl": { "agentName": "ab", "nodes": [] }, "inbound": { "textChannelId": "c", "totalAgents": 1e-400 } }`;
  const wrongTypes = (doc: ReturnType<typeof service.parsePearlDocument>): string[] =>
    service
      .doValidation(doc)
      .filter((d) => d.code === 'wrong-type')
      .map(
        (d) =>
          `${doc.textDocument.getText().slice(doc.textDocument.offsetAt(d.range.start), doc.textDocument.offsetAt(d.range.end))} ${JSON.stringify(d.range)}`,
      );
  let doc = service.parsePearlDocument(TextDocument.create(uri, 'pearl', 1, text));
  service.doValidation(doc);
  // Letters typed into the agent's name (before the number) and into the channel id, then deleted.
  const edits: [string, string][] = [
    ['"ab"', '"abc"'],
    ['"abc"', '"abcd 12345678901234567"'],
    ['"c"', '"cd"'],
    ['"abcd 12345678901234567"', '"a"'],
  ];
  edits.forEach(([before, after], index) => {
    text = text.replace(before, after);
    doc = service.parsePearlDocument(TextDocument.create(uri, 'pearl', index + 2, text), doc);
    assert.ok(doc.stringPatch, `${after} is patched into the previous parse`);
    const fresh = service.parsePearlDocument(TextDocument.create(uri, 'pearl', 1, text));
    assert.deepEqual(wrongTypes(doc), wrongTypes(fresh), after);
    assert.equal(wrongTypes(doc).length, 1);
    assert.match(wrongTypes(doc)[0], /^1e-400 /);
  });
});

test('a number that is not whole is found whatever its place: at the text’s end, after the same digits in a string, each kind of literal', () => {
  // The search's pattern is written out digit by digit: one digit short of 17, 6 or 3 and these go unseen.
  const literals = ['12345678901234567.5', '2147483647.0000001', '1e-400', '5E-400'];
  for (const literal of literals) {
    const wrongType = (text: string): string[] => {
      const doc = service.parsePearlDocument(TextDocument.create('file:///w/end.pearl.json', 'pearl', 1, text));
      return service
        .doValidation(doc)
        .filter((d) => d.code === 'wrong-type')
        .map((d) => text.slice(doc.textDocument.offsetAt(d.range.start), doc.textDocument.offsetAt(d.range.end)));
    };
    // The same characters in a string first, the number last in the text (unterminated: no brace after it).
    const text = `{ "name": "${literal} ${literal}", "pearl": { "nodes": [] }, "inbound": { "textChannelId": "c", "totalAgents": ${literal}`;
    assert.deepEqual(wrongType(text), [literal], literal);
    assert.deepEqual(wrongType(`${text} } }`), [literal], literal);
  }
});
