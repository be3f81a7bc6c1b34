// Walks files (docs/user/walks.md § Diagnostics, § In the editor): each diagnostic with its code and
// range, completion of transition names and variable ids, hover on a step, the broken examples'
// expect comments, and coverage.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { Diagnostic, MarkupContent, Position } from 'vscode-languageserver-types';
import { getLanguageService, isInsideFolder, type PearlDocument } from '../../server/src/service/pearlLanguageService';
import { compareWithExpectComments, findExpectComments } from '../helpers/expectComments';
import { exampleText } from '../helpers/fixtures';
import { repositoryRoot } from '../helpers/paths';
import { offsetOf, positionAt, rangeOf, valueRange } from '../helpers/text';
import { bookingPearlText, bookingWalksText } from '../helpers/walkPearls';
import { manyFailingWalksText, manyWarningsThenFailureText } from '../helpers/largeWalks';
import { maxWalksFileDiagnostics, readWalksFile } from '../../server/src/service/walks/walksFile';
import { jsonEqual } from '../../server/src/service/walks/walkEngine';

const service = getLanguageService();
const pearl = service.parsePearlDocument(TextDocument.create('file:///w/booking.pearl.json', 'pearl', 1, bookingPearlText));

function walksDoc(text: string, uri = 'file:///w/booking.walks.json'): PearlDocument {
  return service.parsePearlDocument(TextDocument.create(uri, 'jsonc', 1, text));
}

/** A walks file of one walk with `steps` (JSON text) and `extra` properties. */
function oneWalk(steps: string, extra = ''): string {
  return `{\n  "pearl": "booking.pearl.json",\n  "walks": [\n    {\n      "name": "A walk",\n      "variables": { "phone": "1" },${extra}\n      "steps": [\n        ${steps}\n      ]\n    }\n  ]\n}\n`;
}

function check(text: string): Diagnostic[] {
  return service.checkWalksFile(walksDoc(text), pearl);
}

function only(text: string): Diagnostic {
  const diagnostics = check(text);
  assert.equal(diagnostics.length, 1, JSON.stringify(diagnostics, null, 1));
  return diagnostics[0];
}

test('a passing walks file has no diagnostic; its Pearl URI is resolved against the file', () => {
  assert.deepEqual(check(bookingWalksText), []);
  assert.equal(service.getWalksFilePearlUri(walksDoc(bookingWalksText)), 'file:///w/booking.pearl.json');
  const nested = walksDoc(bookingWalksText.replace('"booking.pearl.json"', '"../booking.pearl.json"'), 'file:///w/tests/a.walks.json');
  assert.equal(service.getWalksFilePearlUri(nested), 'file:///w/booking.pearl.json');
});

test('walk-take-unknown on the name taken', () => {
  const text = oneWalk('{ "response": { "status": 404 } }, { "take": "Book" }');
  const diagnostic = only(text);
  assert.equal(diagnostic.code, 'walk-take-unknown');
  assert.equal(diagnostic.severity, 1);
  assert.equal(diagnostic.source, 'pearl');
  assert.deepEqual(diagnostic.range, valueRange(text, '"take": "Book"'));
  assert.equal(
    diagnostic.codeDescription?.href,
    'https://github.com/pearl-tools/pearl-language-tools/blob/main/docs/rules.md#walk-take-unknown',
  );
});

test('walk-take-no-target, walk-response-misplaced, walk-expect-failed and walk-step-invalid on their step', () => {
  const cases: [string, string, string][] = [
    [
      '{ "response": { "status": 404 } }, { "take": "Customer asks for the menu" }',
      'walk-take-no-target',
      '"take": "Customer asks for the menu"',
    ],
    ['{ "response": { "status": 404 } }, { "response": { "status": 200 } }', 'walk-response-misplaced', '"response": { "status": 200 }'],
    ['{ "expect": { "node": "greet" } }', 'walk-expect-failed', '"expect": { "node": "greet" }'],
    ['{ "take": "Known", "set": {} }', 'walk-step-invalid', '{ "take": "Known", "set": {} }'],
  ];
  for (const [steps, code, where] of cases) {
    const text = oneWalk(steps);
    const diagnostic = only(text);
    assert.equal(diagnostic.code, code);
    assert.deepEqual(diagnostic.range, where.startsWith('{') ? rangeOf(text, where) : valueRange(text, where), code);
  }
});

test('walk-not-ended on "end" when the walk stops before EndCall; none when a step failed first', () => {
  const text = oneWalk('{ "response": { "status": 404 } }', '\n      "end": true,');
  const diagnostic = only(text);
  assert.equal(diagnostic.code, 'walk-not-ended');
  assert.equal(diagnostic.message, "The walk stops at the OpeningSentence node 'greet', before the conversation ends at EndCall.");
  assert.deepEqual(diagnostic.range, valueRange(text, '"end": true'));
  assert.deepEqual(
    check(oneWalk('{ "take": "Nope" }', '\n      "end": true,')).map((d) => d.code),
    ['walk-take-unknown'],
  );
});

test('walk-variable-undeclared and walk-variable-postcall (Warnings) on the id in variables or set', () => {
  const text = oneWalk('{ "response": { "status": 404 } }, { "set": { "rating": "5", "tabel": "2" } }').replace(
    '"phone": "1"',
    '"phone": "1", "nme": "x"',
  );
  const diagnostics = check(text);
  assert.deepEqual(
    diagnostics.map((d) => [d.code, d.severity, d.range]),
    [
      ['walk-variable-undeclared', 2, rangeOf(text, '"nme"')],
      ['walk-variable-postcall', 2, rangeOf(text, '"rating"')],
      ['walk-variable-undeclared', 2, rangeOf(text, '"tabel"')],
    ],
  );
});

test("walk-value-unknown (Warning) on the step that reaches the node, or on the walk's name for the entry node", () => {
  const text = oneWalk('{ "response": { "status": 200 } }').replace('"variables": { "phone": "1" },', '');
  assert.deepEqual(
    check(text).map((d) => [d.code, d.severity, d.range, d.message]),
    [
      [
        'walk-value-unknown',
        2,
        valueRange(text, '"name": "A walk"'),
        "{phone} in the request of PreCallAPI node 'lookup' has no value at this point of the walk.",
      ],
      [
        'walk-value-unknown',
        2,
        valueRange(text, '"response": { "status": 200 }'),
        "{customer_name} in the script of OpeningSentence node 'greet_known' has no value at this point of the walk.",
      ],
    ],
  );
});

test('walk-pearl-unresolved and walk-cannot-start on "pearl"', () => {
  const text = bookingWalksText;
  const unresolved = service.checkWalksFile(walksDoc(text), { reason: 'there is no such file' });
  assert.deepEqual(
    unresolved.map((d) => [d.code, d.severity, d.range, d.message]),
    [
      [
        'walk-pearl-unresolved',
        1,
        valueRange(text, '"pearl": "booking.pearl.json"'),
        "The Pearl 'booking.pearl.json' cannot be walked: there is no such file.",
      ],
    ],
  );
  const simple = service.parsePearlDocument(
    TextDocument.create('file:///w/booking.pearl.json', 'pearl', 1, exampleText('inbound-voice.pearl.json')),
  );
  const cannot = service.checkWalksFile(walksDoc(text), simple);
  assert.deepEqual(
    cannot.map((d) => [d.code, d.range]),
    [['walk-cannot-start', valueRange(text, '"pearl": "booking.pearl.json"')]],
  );
});

test('walk-file-invalid: syntax errors and structure', () => {
  const broken = '{ "pearl": "booking.pearl.json", "walks": [ ';
  assert.deepEqual([...new Set(check(broken).map((d) => d.code))], ['walk-file-invalid']);
  const text = '{\n  "pearl": 3,\n  "walks": [{ "name": "x", "steps": {} }, 4]\n}\n';
  assert.deepEqual(
    check(text).map((d) => [d.code, d.range]),
    [
      ['walk-file-invalid', rangeOf(text, '3')],
      ['walk-file-invalid', rangeOf(text, '{}')],
      ['walk-file-invalid', rangeOf(text, '4')],
    ],
  );
  assert.deepEqual(
    check('[]').map((d) => d.code),
    ['walk-file-invalid'],
  );
});

/** The position of `|` in `marked`, and the text without it. */
function cursor(marked: string): { text: string; position: Position } {
  const offset = marked.indexOf('|');
  const text = marked.slice(0, offset) + marked.slice(offset + 1);
  return { text, position: positionAt(text, offset) };
}

test('completion: the transition names of the node the steps before reach, after "take": "', () => {
  const { text, position } = cursor(oneWalk('{ "response": { "status": 404 } }, { "take": "Cus|" }'));
  const list = service.doWalksComplete(walksDoc(text), pearl, position);
  assert.deepEqual(
    list.items.map((item) => item.label),
    ['Customer wants to book a table', 'Customer wants a person', 'Customer asks for the menu'],
  );
  const edit = list.items[0].textEdit as { range: { start: Position; end: Position }; newText: string };
  assert.deepEqual(edit.range, rangeOf(text, 'Cus'));
  assert.equal(edit.newText, 'Customer wants to book a table');
  const empty = cursor(oneWalk('{ "take": "Known" }, { "take": "|" }'));
  assert.deepEqual(
    service.doWalksComplete(walksDoc(empty.text), pearl, empty.position).items.map((item) => item.label),
    ['Customer wants to book a table'],
  );
});

test('completion: the declared variable ids that can take a value, at a key of set or variables', () => {
  const { text, position } = cursor(oneWalk('{ "set": { "|" } }'));
  const items = service.doWalksComplete(walksDoc(text), pearl, position).items;
  assert.deepEqual(
    items.map((item) => item.label),
    ['phone', 'customer_name', 'party_size', 'terrace', 'booking_id', 'note'],
  );
  assert.equal(items[2].detail, 'Party size · InCall');
  const inVariables = cursor(oneWalk('').replace('"phone": "1"', '"pho|": "1"'));
  assert.ok(service.doWalksComplete(walksDoc(inVariables.text), pearl, inVariables.position).items.some((item) => item.label === 'phone'));
  const elsewhere = cursor(oneWalk('').replace('"A walk"', '"A |walk"'));
  assert.deepEqual(service.doWalksComplete(walksDoc(elsewhere.text), pearl, elsewhere.position).items, []);
});

test('hover on a step: the node the walk reaches there, escaped; the failure on a failing step', () => {
  const text = oneWalk('{ "response": { "status": 200, "body": { "customer": { "name": "A*na" } } } }, { "take": "Nope" }');
  const hover = service.doWalksHover(walksDoc(text), pearl, positionAt(text, offsetOf(text, '"status"')));
  const value = (hover?.contents as MarkupContent).value;
  assert.match(value, /^After this step the walk is at the OpeningSentence node `greet_known`\./);
  assert.match(value, /Says: Hi A\\\*na\\! Shall I book your usual table\\\?/);
  assert.match(value, /Transitions: `Customer wants to book a table`/);
  const failing = service.doWalksHover(walksDoc(text), pearl, positionAt(text, offsetOf(text, '"Nope"')));
  assert.match(
    (failing?.contents as MarkupContent).value,
    /^\*\*Fails here:\*\* OpeningSentence node \\'greet\\_known\\' has no transition \\'Nope\\'/,
  );
  assert.equal(service.doWalksHover(walksDoc(text), pearl, positionAt(text, offsetOf(text, '"pearl"'))), null);
});

test('coverage: the edge keys some walk takes, and the transitions none takes', () => {
  const coverage = service.getWalkCoverage(pearl, [walksDoc(bookingWalksText), walksDoc(bookingWalksText, 'file:///other/x.walks.json')]);
  assert.deepEqual(coverage.covered, ['n:0>t:0', 'n:1>t:0', 'n:3>t:0', 'n:4>t:0', 'n:5>t:0']);
  assert.deepEqual(
    coverage.walks.map((walk) => [walk.uri, walk.name, walk.passed]),
    [['file:///w/booking.walks.json', 'Books a table for four', true]],
  );
  assert.deepEqual(
    service
      .getUncoveredTransitions(pearl, [walksDoc(bookingWalksText)])
      .map((transition) => [transition.name, transition.from, transition.to]),
    [
      ['Unknown', 'lookup', 'greet'],
      ['Customer wants to book a table', 'greet', 'ask'],
      ['Customer wants a person', 'greet', 'handoff'],
      ['Not booked', 'book', 'handoff'],
      ['Staff closes', 'handoff', 'end'],
    ],
  );
});

for (const file of [
  'walks.walks.json',
  'walks-target.walks.json',
  'walks-postcall.walks.json',
  'walks-simple.walks.json',
  'walks-unresolved.walks.json',
]) {
  test(`examples/broken/${file}: diagnostics match its expect comments`, () => {
    const text = exampleText(`broken/${file}`);
    const uri = pathToFileURL(path.join(repositoryRoot, 'examples', 'broken', file)).href;
    const doc = walksDoc(text, uri);
    const pearlUri = service.getWalksFilePearlUri(doc) ?? '';
    const pearlPath = decodeURIComponent(new URL(pearlUri).pathname);
    let walked: PearlDocument | { reason: string } = { reason: 'there is no such file' };
    try {
      walked = service.parsePearlDocument(
        TextDocument.create(pearlUri, 'pearl', 1, exampleText(path.relative(path.join(repositoryRoot, 'examples'), pearlPath))),
      );
    } catch {
      // The unresolved example names a file that does not exist.
    }
    const shown = service.checkWalksFile(doc, walked).map((diagnostic) => ({
      code: String(diagnostic.code),
      severity: diagnostic.severity ?? 1,
      line: diagnostic.range.start.line,
      message: diagnostic.message,
    }));
    const comments = findExpectComments(text);
    assert.ok(comments.length > 0);
    const { unmet, unannounced } = compareWithExpectComments(comments, shown);
    assert.deepEqual(unmet, [], 'every expect comment is met');
    assert.deepEqual(unannounced, [], 'every Error and Warning is announced');
  });
}

test('examples/*.walks.json pass against their Pearls, with no warning', () => {
  for (const [walks, pearlFile] of [
    ['clinic-reminders.walks.json', 'clinic-reminders.pearl.json'],
    ['lead-followup-outbound.walks.json', 'lead-followup-outbound.pearl.json'],
  ]) {
    const doc = walksDoc(exampleText(walks), `file:///examples/${walks}`);
    const example = service.parsePearlDocument(TextDocument.create(`file:///examples/${pearlFile}`, 'pearl', 1, exampleText(pearlFile)));
    assert.equal(service.getWalksFilePearlUri(doc), example.textDocument.uri);
    assert.deepEqual(service.checkWalksFile(doc, example), [], walks);
  }
});

test('outline of a walks file: its Pearl, then each walk by name with its steps, not the Pearl outline', () => {
  const text = oneWalk(
    '{ "take": "Wants a table" },\n        { "set": { "party_size": "4" } },\n        { "response": { "status": 200 } },\n        { "expect": { "node": "confirm" } },\n        42',
    '\n      "end": true,',
  );
  const symbols = service.findDocumentSymbols(walksDoc(text));
  assert.deepEqual(
    symbols.map((symbol) => [symbol.name, symbol.detail]),
    [
      ['pearl', 'booking.pearl.json'],
      ['A walk', '5 steps, ends at EndCall'],
    ],
  );
  assert.deepEqual(symbols[1].selectionRange, valueRange(text, '"name": "A walk"'));
  assert.deepEqual(
    symbols[1].children?.map((step) => step.name),
    ["take 'Wants a table'", 'set party_size', 'response 200', 'expect confirm', 'Step 5'],
  );
  assert.deepEqual(symbols[1].children?.[0].range, rangeOf(text, '{ "take": "Wants a table" }'));
  // A Pearl file keeps the Pearl outline.
  assert.equal(service.findDocumentSymbols(pearl)[0]?.name, 'Booking');
});

test('walk-too-many-problems: 2,000 failing walks of 100 steps give the first 1,000 problems and one Error counting the rest', () => {
  const text = manyFailingWalksText();
  const diagnostics = check(text);
  assert.equal(diagnostics.length, maxWalksFileDiagnostics + 1);
  const cut = diagnostics.filter((d) => d.code === 'walk-too-many-problems');
  assert.equal(cut.length, 1);
  assert.equal(cut[0].severity, 1);
  assert.deepEqual(cut[0].range, rangeOf(text, '"walks"'));
  assert.match(
    cut[0].message,
    /^199,000 more problems are not shown \(1,990 errors and 197,010 warnings\): a walks file reports at most 1,000\.$/,
  );
  assert.equal(diagnostics.filter((d) => d.code === 'walk-take-unknown').length, 10);
});

test('walk-too-many-problems: one walk of 120,000 Warnings, then a failed walk: the cut says an Error is hidden; Warnings only, a Warning', () => {
  const failing = check(manyWarningsThenFailureText());
  assert.equal(failing.length, maxWalksFileDiagnostics + 1);
  assert.deepEqual(
    failing.filter((d) => d.severity === 1).map((d) => [d.code, d.message]),
    [['walk-too-many-problems', '119,001 more problems are not shown (1 error and 119,000 warnings): a walks file reports at most 1,000.']],
  );
  const passing = check(manyWarningsThenFailureText(120_000, false));
  assert.equal(passing.length, maxWalksFileDiagnostics + 1);
  const cut = passing.find((d) => d.code === 'walk-too-many-problems');
  assert.equal(cut?.severity, 2);
  assert.equal(cut?.message, '119,000 more problems are not shown (0 errors and 119,000 warnings): a walks file reports at most 1,000.');
});

test('an internal error while checking a walks file is an Error on the file, never no diagnostic', () => {
  const errors: string[] = [];
  const guarded = getLanguageService({ reportError: (message) => errors.push(message) });
  // A Pearl whose graph cannot be read stands for a bug in the check.
  const broken = new Proxy(pearl, {
    get(target, property, receiver) {
      if (property === 'kind') throw new Error('a bug');
      return Reflect.get(target, property, receiver) as unknown;
    },
  });
  const diagnostics = guarded.checkWalksFile(walksDoc(bookingWalksText), broken);
  assert.deepEqual(
    diagnostics.map((d) => [d.severity, d.message]),
    [[1, 'The walks of this file could not be checked because of an internal error of the Pearl language server.']],
  );
  assert.equal(errors.length, 1);
  assert.match(errors[0], /internal error in checkWalksFile: Error: a bug/);
});

test('jsonEqual compares bodies nested 100,000 levels deep without recursion', () => {
  const deep = (): unknown => {
    let value: unknown = 1;
    for (let level = 0; level < 100_000; level++) value = { a: [value] };
    return value;
  };
  assert.equal(jsonEqual(deep(), deep()), true);
  assert.equal(jsonEqual(deep(), { a: [1] }), false);
});

test('walk-pearl-outside on "pearl" for a path that names a file anywhere: absolute, a URL, backslashes; the Pearl given is not walked', () => {
  const cases: [string, string][] = [
    ['/etc/booking.pearl.json', 'it is an absolute path; write it relative to this walks file'],
    ['//server/share/booking.pearl.json', 'it is an absolute path; write it relative to this walks file'],
    ['C:/pearls/booking.pearl.json', 'it is an absolute path; write it relative to this walks file'],
    ['file:///etc/booking.pearl.json', 'it is a URL; write a path relative to this walks file'],
    ['https://example.com/booking.pearl.json', 'it is a URL; write a path relative to this walks file'],
    ['..\\outside\\booking.pearl.json', 'its path has backslashes; write it with forward slashes, relative to this walks file'],
    ['C:\\pearls\\booking.pearl.json', 'its path has backslashes; write it with forward slashes, relative to this walks file'],
  ];
  for (const [written, reason] of cases) {
    // A failing walk: were the Pearl given walked, walk-take-unknown would be reported too.
    const text = oneWalk('{ "take": "Nope" }').replace('"booking.pearl.json"', JSON.stringify(written));
    const doc = walksDoc(text);
    assert.deepEqual(
      service.checkWalksFile(doc, pearl).map((d) => [d.code, d.severity, d.range, d.message]),
      [
        [
          'walk-pearl-outside',
          1,
          valueRange(text, `"pearl": ${JSON.stringify(written)}`),
          `The Pearl '${written}' is not read: ${reason}.`,
        ],
      ],
      written,
    );
    assert.equal(service.getWalksFilePearlUri(doc), undefined, written);
  }
});

test('walk-pearl-outside when the host refuses the Pearl (outside the workspace folder)', () => {
  const text = oneWalk('{ "take": "Nope" }').replace('"booking.pearl.json"', '"../../other/booking.pearl.json"');
  assert.deepEqual(
    service.checkWalksFile(walksDoc(text), { reason: 'it is outside the workspace folder', outside: true }).map((d) => [d.code, d.message]),
    [['walk-pearl-outside', "The Pearl '../../other/booking.pearl.json' is not read: it is outside the workspace folder."]],
  );
});

test('isInsideFolder: lexical containment of URIs, with .., %2e%2e, a folder name that only starts alike, drive letters', () => {
  const inside: [string, string][] = [
    ['file:///w/booking.pearl.json', 'file:///w'],
    ['file:///w/sub/booking.pearl.json', 'file:///w/'],
    ['file:///w/sub/../booking.pearl.json', 'file:///w'],
    ['file:///c%3A/w/booking.pearl.json', 'file:///C:/w'],
    ['vscode-vfs://github/o/r/booking.pearl.json', 'vscode-vfs://github/o/r'],
  ];
  const outside: [string, string][] = [
    ['file:///w/../booking.pearl.json', 'file:///w'],
    ['file:///w/%2e%2e/booking.pearl.json', 'file:///w'],
    ['file:///w/.%2E/.%2e/etc/passwd', 'file:///w'],
    ['file:///w2/booking.pearl.json', 'file:///w'],
    ['file:///w', 'file:///w'],
    ['file:///etc/booking.pearl.json', 'file:///w'],
    ['file:///w/a%2f..%2f..%2fbooking.pearl.json', 'file:///w'],
    ['https://example.com/w/booking.pearl.json', 'file:///w'],
    ['vscode-vfs://github/o/other/booking.pearl.json', 'vscode-vfs://github/o/r'],
    ['not a uri', 'file:///w'],
  ];
  for (const [uri, folder] of inside) assert.equal(isInsideFolder(uri, folder), true, `${uri} in ${folder}`);
  for (const [uri, folder] of outside) assert.equal(isInsideFolder(uri, folder), false, `${uri} in ${folder}`);
  // What a walks file in /w/walks resolves `pearl` to, as the hosts then check it.
  const resolved = (written: string): string | undefined =>
    service.getWalksFilePearlUri(
      walksDoc(bookingWalksText.replace('"booking.pearl.json"', JSON.stringify(written)), 'file:///w/walks/a.walks.json'),
    );
  assert.equal(isInsideFolder(resolved('../booking.pearl.json') ?? '', 'file:///w'), true);
  assert.equal(isInsideFolder(resolved('../../booking.pearl.json') ?? '', 'file:///w'), false);
  assert.equal(isInsideFolder(resolved('%2e%2e/%2e%2e/booking.pearl.json') ?? '', 'file:///w'), false);
});

test('a walks file is read once per parse: asked twice it is the same reading, and an edit patched into the parse is read afresh', () => {
  const first = walksDoc(bookingWalksText);
  assert.equal(readWalksFile(first), readWalksFile(first), 'pearl-lint asks for the Pearl, then checks: one reading');
  const diagnostics = service.checkWalksFile(first, pearl);
  const renamed = bookingWalksText.replace('"booking.pearl.json"', '"other.pearl.json"');
  assert.notEqual(renamed, bookingWalksText);
  const next = service.parsePearlDocument(TextDocument.create('file:///w/booking.walks.json', 'jsonc', 2, renamed), first);
  assert.ok(next.stringPatch, 'the edit is patched into the first parse, whose cache the next one shares');
  assert.equal(service.getWalksFilePearlUri(first), 'file:///w/booking.pearl.json');
  assert.equal(service.getWalksFilePearlUri(next), 'file:///w/other.pearl.json');
  assert.deepEqual(service.checkWalksFile(next, pearl), diagnostics, 'the same walks, against the same Pearl');
  assert.equal(readWalksFile(next).pearl, 'other.pearl.json');
});
