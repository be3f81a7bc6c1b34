/**
 * Property tests: the language service stays well-behaved on whatever text an editor holds while
 * someone types. Realistic documents (generated Pearls, the repository's examples and broken
 * examples) are mutated at random; parsing, validation and completion must never throw (nor throw
 * inside a rule, which the facade would swallow and log), and every diagnostic must be
 * well-formed. How fast they answer is the benches' (docs/dev/performance.md), not a timed assertion.
 *
 * Reproducible: a fixed seed (override with PEARL_FC_SEED); on failure fast-check prints the seed,
 * the path and the counterexample (base document name and mutations). PEARL_FC_RUNS raises the
 * number of mutated documents for a longer hunt (default 210, about a second).
 */
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import fc from 'fast-check';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { Diagnostic } from 'vscode-languageserver-types';
import { getLanguageService } from '../../server/src/service/pearlLanguageService';
import { generatedVariableIds, generateTextPearl } from '../helpers/fixtures';
import { repositoryRoot } from '../helpers/paths';

const seed = process.env.PEARL_FC_SEED ? Number(process.env.PEARL_FC_SEED) : 20_260_611;
const mutatedRuns = process.env.PEARL_FC_RUNS ? Number(process.env.PEARL_FC_RUNS) : 210;
const service = getLanguageService();
// Compile the schemas once, before the first document.
service.doValidation(service.parsePearlDocument(TextDocument.create('file:///warm.pearl.json', 'pearl', 1, '{}')));

/** Base documents by name: generated Pearls and whatever examples exist when the test runs. */
function loadBases(): Map<string, string> {
  const bases = new Map<string, string>();
  for (const [nodes, generatorSeed] of [
    [10, 1],
    [8, 2],
    [12, 3],
    [4, 4],
  ] as const) {
    bases.set(`generated:${nodes}:${generatorSeed}`, generateTextPearl(nodes, generatorSeed));
  }
  for (const folder of ['examples', 'examples/broken']) {
    const directory = path.join(repositoryRoot, folder);
    if (!fs.existsSync(directory)) continue;
    for (const file of fs.readdirSync(directory).sort()) {
      if (file.endsWith('.pearl.json')) bases.set(`${folder}/${file}`, fs.readFileSync(path.join(directory, file), 'utf8'));
    }
  }
  return bases;
}

const bases = loadBases();

/** Where in the text: a fraction of its length, so positions shrink well and fit any text. */
const where = fc.integer({ min: 0, max: 1_000_000 });
function at(fraction: number, length: number): number {
  return Math.floor((fraction / 1_000_001) * (length + 1));
}

const fragments: readonly string[] = [
  '{',
  '}',
  '"',
  ',',
  ':',
  '[',
  ']',
  '\\',
  '\\u',
  '\\u12',
  '\\"',
  '\\x',
  '/*',
  '*/',
  '//',
  '\n',
  '\r\n',
  '\r',
  '\t',
  '\u0000',
  '\u00e9',
  '\u{1F600}',
  '\uD83D',
  '\uDE00',
  '\u2028',
  '\uFEFF',
  'null',
  'true',
  '-',
  '1e999',
  '{}',
  '{{',
  '}}',
  '{ color: red }',
  '{unknown_var}',
  '{a b}',
  `{${'x'.repeat(41)}}`,
  '{customer_first_name',
  ...generatedVariableIds.slice(0, 6).map((id) => `{${id}}`),
  '"nodeType": 60,',
  '"nodeType": 3,',
  '"toNodeId": "',
  '"toNodeId": "end_conversation"',
  '"apiResult": 1,',
  '"transitions": [',
  '"nodes": null,',
  '"variables": {}',
  '"$schema": "',
  '"id": "a b",',
  '"group": 3,',
];

const insertText = fc.oneof(
  fc.constantFrom(...fragments),
  fc.array(fc.constantFrom(...fragments), { minLength: 1, maxLength: 6 }).map((parts) => parts.join('')),
  fc.string({ unit: 'binary', maxLength: 12 }),
);

const hugeNumbers = [
  '99999999999999999999',
  '2147483648',
  '-2147483649',
  '4294967296',
  '9007199254740993',
  '-1',
  '-0',
  '0',
  '1.5',
  '0.0001',
  '-3.75',
  '1e308',
  '1e400',
  '-1e400',
  '2.5e-324',
  '11.0',
  '100000000000000000000000000000',
];

const otherValues = ['null', '[]', '{}', '""', 'true', '0', '"x"', '[null]', '[{}]', '{"": 1}'];

/** One random edit of the text. */
type Mutation =
  | { kind: 'delete'; start: number; length: number }
  | { kind: 'insert'; at: number; text: string }
  | { kind: 'duplicate'; start: number; length: number; at: number }
  | { kind: 'number'; which: number; replacement: string }
  | { kind: 'retype'; which: number; replacement: string }
  | { kind: 'truncate'; at: number };

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constant('delete' as const), start: where, length: fc.integer({ min: 1, max: 300 }) }),
  fc.record({ kind: fc.constant('insert' as const), at: where, text: insertText }),
  fc.record({ kind: fc.constant('duplicate' as const), start: where, length: fc.integer({ min: 1, max: 400 }), at: where }),
  fc.record({ kind: fc.constant('number' as const), which: fc.nat(), replacement: fc.constantFrom(...hugeNumbers) }),
  fc.record({ kind: fc.constant('retype' as const), which: fc.nat(), replacement: fc.constantFrom(...otherValues) }),
  fc.record({ kind: fc.constant('truncate' as const), at: where }),
);

/** A scalar property value (string, number, true, false, null): what a retype replaces. */
const propertyValue = /(?<=":\s*)("(?:[^"\\\n]|\\.)*"|-?\d[\d.eE+-]*|true|false|null)/g;

/** Applies a mutation; the edits are plain text edits, so the result may be any text at all. */
function mutate(text: string, m: Mutation): string {
  switch (m.kind) {
    case 'delete': {
      const start = at(m.start, text.length);
      return text.slice(0, start) + text.slice(start + m.length);
    }
    case 'insert': {
      const offset = at(m.at, text.length);
      return text.slice(0, offset) + m.text + text.slice(offset);
    }
    case 'duplicate': {
      const start = at(m.start, text.length);
      const slice = text.slice(start, start + m.length);
      const offset = at(m.at, text.length);
      return text.slice(0, offset) + slice + text.slice(offset);
    }
    case 'number':
      return replaceNth(text, /-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/g, m.which, m.replacement);
    case 'retype':
      return replaceNth(text, propertyValue, m.which, m.replacement);
    case 'truncate':
      return text.slice(0, at(m.at, text.length));
  }
}

function replaceNth(text: string, pattern: RegExp, which: number, replacement: string): string {
  const matches = [...text.matchAll(pattern)];
  if (matches.length === 0) return text;
  const match = matches[which % matches.length];
  return text.slice(0, match.index) + replacement + text.slice(match.index + match[0].length);
}

/** Runs `fn`, collecting what the service facade logs when a rule or completion throws. */
function collectInternalErrors<T>(fn: () => T): { value: T; internalErrors: string[] } {
  const original = process.stderr.write;
  const internalErrors: string[] = [];
  process.stderr.write = (chunk: string | Uint8Array, ...rest: unknown[]): boolean => {
    const text = typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString();
    if (text.startsWith('pearl: internal error')) {
      internalErrors.push(text);
      return true;
    }
    return (original as (...args: unknown[]) => boolean).call(process.stderr, chunk, ...rest);
  };
  try {
    return { value: fn(), internalErrors };
  } finally {
    process.stderr.write = original;
  }
}

function assertWellFormed(diagnostic: Diagnostic, document: TextDocument): void {
  const shown = JSON.stringify(diagnostic);
  assert.equal(diagnostic.source, 'pearl', `source of ${shown}`);
  assert.equal(typeof diagnostic.code, 'string', `code of ${shown}`);
  assert.ok((diagnostic.code as string).length > 0, `code of ${shown}`);
  assert.ok(typeof diagnostic.message === 'string' && diagnostic.message.length > 0, `message of ${shown}`);
  assert.ok(
    diagnostic.severity !== undefined && Number.isInteger(diagnostic.severity) && diagnostic.severity >= 1 && diagnostic.severity <= 4,
    `severity of ${shown}`,
  );
  const { start, end } = diagnostic.range;
  for (const position of [start, end]) {
    assert.ok(Number.isInteger(position.line) && Number.isInteger(position.character), `integer position in ${shown}`);
    assert.ok(position.line >= 0 && position.line < document.lineCount, `line within ${document.lineCount} lines in ${shown}`);
    assert.ok(position.character >= 0, `character in ${shown}`);
  }
  assert.ok(start.line < end.line || (start.line === end.line && start.character <= end.character), `start <= end in ${shown}`);
  // Each position round-trips through its offset: it names a real place in the text (a character
  // past the end of its line would be clamped).
  for (const position of [start, end]) {
    assert.deepEqual(document.positionAt(document.offsetAt(position)), position, `position inside the text in ${shown}`);
  }
}

/** Parse + validate + complete at `completionFraction`, then the other features (inlay hints included); asserts everything the property claims. */
function checkDocument(text: string, completionFraction: number): void {
  const document = TextDocument.create('file:///property/mutated.pearl.json', 'pearl', 1, text);
  const { value: result, internalErrors } = collectInternalErrors(() => {
    const parsed = service.parsePearlDocument(document);
    const diagnostics = service.doValidation(parsed);
    const position = document.positionAt(at(completionFraction, text.length));
    const completion = service.doComplete(parsed, position);
    // The editor basics and every quick fix, on the same mutated text (their errors are caught and logged).
    const whole = { start: document.positionAt(0), end: document.positionAt(text.length) };
    service.getFoldingRanges(parsed, { collapsedText: true });
    service.getSelectionRanges(parsed, [position]);
    service.findDocumentLinks(parsed);
    service.getCodeActions(parsed, whole, diagnostics);
    const fixAll = service.getFixAllAction(parsed, diagnostics);
    const hints = service.getInlayHints(parsed, whole);
    return { diagnostics, completion, fixAll, hints };
  });
  assert.deepEqual(internalErrors, [], 'a rule or completion threw (caught and logged by the facade)');
  assert.ok(Array.isArray(result.diagnostics), 'doValidation returns an array');
  for (const diagnostic of result.diagnostics) assertWellFormed(diagnostic, document);
  assert.ok(result.completion && Array.isArray(result.completion.items), 'doComplete returns a CompletionList');
  for (const item of result.completion.items) {
    assert.ok(typeof item.label === 'string' && item.label.length > 0, `completion item label: ${JSON.stringify(item)}`);
  }
  for (const hint of result.hints) {
    assert.ok(typeof hint.label === 'string' && hint.label.length > 0, `inlay hint label: ${JSON.stringify(hint)}`);
    assert.deepEqual(
      document.positionAt(document.offsetAt(hint.position)),
      hint.position,
      `inlay hint inside the text: ${JSON.stringify(hint)}`,
    );
  }
  const fixAllEdits = (result.fixAll?.edit?.changes?.[document.uri] ?? [])
    .map((edit) => [document.offsetAt(edit.range.start), document.offsetAt(edit.range.end)])
    .sort((a, b) => a[0] - b[0]);
  for (let i = 1; i < fixAllEdits.length; i++) assert.ok(fixAllEdits[i][0] >= fixAllEdits[i - 1][1], 'fix-all edits do not overlap');
}

test('property tests have base documents', () => {
  assert.ok(bases.size >= 4);
});

test('unmutated base documents: the service never throws and diagnostics are well-formed', () => {
  for (const [name, text] of bases) {
    try {
      checkDocument(text, 500_000);
    } catch (error) {
      throw new Error(`base document ${name}: ${(error as Error).message}`, { cause: error });
    }
  }
});

test('randomly mutated documents: never throws, well-formed diagnostics and completions, bounded time', () => {
  const names = [...bases.keys()];
  fc.assert(
    fc.property(
      fc.constantFrom(...names),
      fc.array(mutation, { minLength: 1, maxLength: 4 }),
      where,
      (name, mutations, completionFraction) => {
        const text = mutations.reduce(mutate, bases.get(name)!);
        checkDocument(text, completionFraction);
      },
    ),
    { seed, numRuns: mutatedRuns, includeErrorInReport: true },
  );
});

test('deeply nested values: no stack overflow escapes a rule or completion', () => {
  // Parsing gives up (one syntax diagnostic) when its own recursion overflows, at a depth that
  // varies with the frame sizes the JIT chose, a few thousand levels; any later recursive walk
  // with bigger frames can overflow just below that. Try 1,000 to 10,000 levels, in place of a
  // property value (where rules look) or at a random offset.
  const names = [...bases.keys()];
  fc.assert(
    fc.property(
      fc.constantFrom(...names),
      fc.oneof(fc.record({ value: fc.nat() }), fc.record({ offset: where })),
      fc.integer({ min: 1_000, max: 10_000 }),
      fc.constantFrom('[', '{"a":', '[{"b":', '{"nodes":[', '{"transitions":[{"name":'),
      fc.boolean(),
      where,
      (name, place, depth, opener, closed, completionFraction) => {
        const base = bases.get(name)!;
        const closer = [...opener]
          .reverse()
          .join('')
          .replace(/[[{]/g, (c) => (c === '[' ? ']' : '}'))
          .replace(/[^\]}]/g, '');
        const nested = opener.repeat(depth) + '1' + (closed ? closer.repeat(depth) : '');
        const text =
          'value' in place
            ? replaceNth(base, propertyValue, place.value, nested)
            : base.slice(0, at(place.offset, base.length)) + nested + base.slice(at(place.offset, base.length));
        checkDocument(text, completionFraction);
      },
    ),
    { seed, numRuns: 60, includeErrorInReport: true },
  );
});

test('generated Pearls are free of errors and warnings (generator and rules agree)', () => {
  fc.assert(
    fc.property(fc.integer({ min: 4, max: 40 }), fc.integer({ min: 1, max: 1_000 }), (nodes, generatorSeed) => {
      const text = generateTextPearl(nodes, generatorSeed);
      const document = TextDocument.create('file:///property/generated.pearl.json', 'pearl', 1, text);
      const diagnostics = service.doValidation(service.parsePearlDocument(document));
      const problems = diagnostics.filter((d) => d.severity === 1 || d.severity === 2);
      assert.deepEqual(
        problems.map((d) => `${d.code} at ${d.range.start.line + 1}:${d.range.start.character + 1}: ${d.message}`),
        [],
      );
    }),
    { seed, numRuns: 30, includeErrorInReport: true },
  );
});
