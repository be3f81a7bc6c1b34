/**
 * Property test of the tree-free JSON reading (jsonLocator.ts): for any JSON value, written
 * compactly, indented or with escapes, `JsonLocator.locate` finds every value where the tolerant
 * parser's tree has it (offset, length, and the key of a property value; in a text without carriage
 * returns the line it starts on, from which its range follows), and the scan outside
 * strings counts exactly the keys the parsed value holds (a text that sets a key twice counts more).
 *
 * Reproducible: a fixed seed (override with PEARL_FC_SEED); PEARL_FC_RUNS sets the number of values.
 */
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import {
  describeParsedJson,
  everyNumberPlain,
  isPlainNumberLiteral,
  JsonLocator,
  type LineSpan,
  scanKeyColons,
  scanStrictJson,
  setsKeyTwice,
  type ValueSpan,
} from '../../server/src/service/document/jsonLocator';
import { getNodePath, parseJsonTree, type JsonNode } from '../../server/src/service/document/jsonTree';
import type { PearlDocument } from '../../server/src/service/document/pearlDocument';
import { spanToRange } from '../../server/src/service/document/textSpan';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { jsonValue } from '../helpers/jsonValues';

const seed = process.env.PEARL_FC_SEED ? Number(process.env.PEARL_FC_SEED) : 20_261_124;
const runs = process.env.PEARL_FC_RUNS ? Number(process.env.PEARL_FC_RUNS) : 300;

/** A located span as plain data (its length is measured on first read). */
function plain(span: ValueSpan | undefined): unknown {
  return span && { offset: span.offset, length: span.length, key: span.key && { offset: span.key.offset, length: span.key.length } };
}

/** Every value node of a tree (not property nodes), depth first. */
function valueNodes(root: JsonNode | undefined): JsonNode[] {
  const found: JsonNode[] = [];
  const stack = root ? [root] : [];
  for (let node = stack.pop(); node; node = stack.pop()) {
    if (node.type === 'property') {
      if (node.children?.[1]) stack.push(node.children[1]);
      continue;
    }
    found.push(node);
    for (const child of node.children ?? []) stack.push(child);
  }
  return found;
}

/** Shuffles `items` in place, the same way for the same `seed` (a linear congruential generator). */
function shuffle<T>(items: T[], seed: number): void {
  let state = seed >>> 0;
  for (let i = items.length - 1; i > 0; i--) {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    const j = state % (i + 1);
    [items[i], items[j]] = [items[j], items[i]];
  }
}

test('the locator finds every value of any JSON text where the syntax tree has it', () => {
  let located = 0;
  fc.assert(
    fc.property(
      jsonValue,
      fc.constantFrom(undefined, 2, '\t', ' \r\n'),
      fc.constantFrom('forward', 'reversed', 'shuffled'),
      fc.nat(),
      fc.constantFrom('none', 'every list from its end', 'long lists from their end'),
      (value, indent, order, shuffleSeed, withValue) => {
        const text = JSON.stringify(value, null, indent);
        const nodes = valueNodes(parseJsonTree(text).root);
        // Searches in any order: a search must not depend on what earlier ones read (the locator
        // reads on in each object and array from where its last search stopped).
        if (order === 'reversed') nodes.reverse();
        if (order === 'shuffled') shuffle(nodes, shuffleSeed);
        // Given the parsed value, an element in the later half of a list is read from the list's end
        // (by default only in a list of 16 elements or more: most lists here are shorter).
        const locator =
          withValue === 'none'
            ? new JsonLocator(text)
            : withValue === 'every list from its end'
              ? new JsonLocator(text, JSON.parse(text), 1)
              : new JsonLocator(text, JSON.parse(text));
        const textDocument = TextDocument.create('file:///t.json', 'json', 1, text);
        const doc = { textDocument } as unknown as PearlDocument;
        const rangeOf = (offset: number, length: number) => ({
          start: textDocument.positionAt(offset),
          end: textDocument.positionAt(offset + length),
        });
        for (const node of nodes) {
          const property = node.parent?.type === 'property' ? node.parent.children?.[0] : undefined;
          const expected = {
            offset: node.offset,
            length: node.length,
            key: property && { offset: property.offset, length: property.length },
          };
          const span = locator.locate(getNodePath(node));
          assert.deepEqual(plain(span), expected, `${JSON.stringify(getNodePath(node))} in ${text}`);
          // The range each span gives (from the line the read counted, in a text without carriage
          // returns) is the document's.
          const where = `${JSON.stringify(getNodePath(node))} in ${JSON.stringify(text)}`;
          if (text.includes('\r')) {
            assert.equal(span?.line, undefined, where);
          } else {
            assert.deepEqual(spanToRange(doc, span ?? expected), rangeOf(node.offset, node.length), where);
            if (span?.key) assert.deepEqual(spanToRange(doc, span.key), rangeOf(span.key.offset, span.key.length), where);
          }
          located++;
        }
      },
    ),
    { seed, numRuns: runs },
  );
  assert.ok(located > runs, `only ${located} values located`);
});

test('many values located at once are where a search for each one finds it, whatever the paths asked and their order', () => {
  let located = 0;
  let missing = 0;
  fc.assert(
    fc.property(
      // Also long lists, as a Pearl's nodes are (the values generated have 5 elements at most).
      fc.oneof(
        jsonValue,
        fc.array(jsonValue, { maxLength: 40 }).map((list) => ({ before: list[0] ?? null, list })),
      ),
      fc.constantFrom(undefined, 2, '\t', ' \r\n'),
      fc.nat(),
      fc.double({ min: 0, max: 1, noNaN: true }),
      fc.boolean(),
      (value, indent, shuffleSeed, share, withMissing) => {
        const text = JSON.stringify(value, null, indent);
        const nodes = valueNodes(parseJsonTree(text).root);
        shuffle(nodes, shuffleSeed);
        // Some of the values, in any order, a path asked twice, and maybe paths the text has no value
        // at (without them the read stops where the last value asked ends).
        const asked = nodes.slice(0, Math.max(1, Math.ceil(nodes.length * share))).map((node) => getNodePath(node));
        if (asked.length > 1 && share < 0.5) asked.push(asked[0]);
        if (withMissing) asked.push(['no such member'], [...asked[0], 'x'], [...asked[0], 0], [10_000]);
        const where = `${JSON.stringify(text)}, paths ${JSON.stringify(asked)}`;
        const spans = new JsonLocator(text, JSON.parse(text)).locateEach(asked);
        const one = new JsonLocator(text, JSON.parse(text));
        assert.equal(spans.length, asked.length, where);
        asked.forEach((path, i) => {
          // What a search for that one path gives: its offset, length and key, and its line.
          const expected = one.locate(path);
          assert.deepEqual(plain(spans[i]), plain(expected), `${JSON.stringify(path)} in ${where}`);
          assert.equal(spans[i]?.line, expected?.line, `line of ${JSON.stringify(path)} in ${where}`);
          const keyLine = (span: { readonly key?: unknown } | undefined) => (span?.key as LineSpan | undefined)?.line;
          assert.equal(keyLine(spans[i]), keyLine(expected), `key line of ${JSON.stringify(path)} in ${where}`);
          if (expected) located++;
          else missing++;
        });
      },
    ),
    { seed, numRuns: runs },
  );
  assert.ok(located > runs && missing > runs, `only ${located} values located and ${missing} missing`);
});

test('the string around any offset inside a string of any JSON text is found with its path, and whether it is a key', () => {
  let found = 0;
  fc.assert(
    fc.property(jsonValue, fc.constantFrom(undefined, 2, '\t'), fc.double({ min: 0, max: 1, noNaN: true }), (value, indent, where) => {
      const text = JSON.stringify(value, null, indent);
      const locator = new JsonLocator(text);
      const tree = parseJsonTree(text).root;
      const stack = tree ? [tree] : [];
      for (let node = stack.pop(); node; node = stack.pop()) {
        for (const child of node.children ?? []) stack.push(child);
        if (node.type !== 'string' || node.length < 2) continue;
        // An offset after the opening quote, up to the closing one.
        const offset = node.offset + 1 + Math.min(node.length - 2, Math.floor(where * (node.length - 1)));
        const isKey = node.parent?.type === 'property' && node.parent.children?.[0] === node;
        const path = isKey && node.parent ? getNodePath(node.parent.children?.[1] ?? node.parent) : getNodePath(node);
        if (isKey && !node.parent?.children?.[1]) continue;
        assert.deepEqual(locator.stringAt(offset), { path, offset: node.offset, length: node.length, isKey }, `${offset} in ${text}`);
        found++;
      }
      // Outside every string: nothing.
      assert.equal(locator.stringAt(text.length), undefined);
    }),
    { seed, numRuns: runs },
  );
  assert.ok(found > runs / 2, `only ${found} strings found`);
});

test('the strings that begin with `<` are counted at any depth, in objects and arrays; keys and other values are not', () => {
  const count = (value: unknown): number =>
    typeof value === 'string'
      ? Number(value.startsWith('<'))
      : typeof value === 'object' && value !== null
        ? Object.values(value).reduce((sum: number, member) => sum + count(member), 0)
        : 0;
  fc.assert(
    fc.property(
      fc.letrec((tie) => ({
        value: fc.oneof(
          { depthSize: 'small' },
          fc.constantFrom('<a b>', '<', 'a<', '', 1, null),
          fc.array(tie('value')),
          fc.dictionary(fc.constantFrom('<k', 'k'), tie('value')),
        ),
      })).value,
      (value) => {
        // The root itself is no member of an object or array.
        if (typeof value !== 'object' || value === null) return;
        assert.equal(describeParsedJson(value).angleBracketStrings, count(value), JSON.stringify(value));
      },
    ),
    { seed, numRuns: runs },
  );
  assert.equal(describeParsedJson({ '<key': 'x', list: ['<a b>', ['<'], { v: '<c>' }], n: '>' }).angleBracketStrings, 3);
});

test('the keys the text writes are the keys the parsed value holds, and more when a key is set twice', () => {
  fc.assert(
    fc.property(jsonValue, fc.constantFrom(undefined, 2), fc.boolean(), (value, indent, escapeColons) => {
      let text = JSON.stringify(value, null, indent);
      // Colons written as escapes inside strings: the value has them, the text does not.
      if (escapeColons) text = text.replace(/"(?:[^"\\]|\\.)*"/g, (literal) => literal.replace(/:/g, '\\u003a'));
      const shape = describeParsedJson(JSON.parse(text));
      assert.equal(scanStrictJson(text).keys, shape.keys, text);
      assert.equal(setsKeyTwice(text, shape), false, text);
      // The same text with its first key set again: "k": 0, "k": <the value>.
      const withTwice = text.replace(
        /\{(\s*)("(?:[^"\\]|\\.)*")(\s*):/,
        (_, space: string, key: string, colon: string) => `{${space}${key}${colon}: 0, ${key}${colon}:`,
      );
      if (withTwice !== text) assert.equal(setsKeyTwice(withTwice, describeParsedJson(JSON.parse(withTwice))), true, withTwice);
    }),
    { seed, numRuns: runs },
  );
  const twice = '{"a": {"b:": 1, "b:": "x:"}, "c": [{}]}';
  assert.equal(scanStrictJson(twice).keys, 4);
  assert.deepEqual(describeParsedJson(JSON.parse(twice)), { keys: 3, maxDepth: 3, angleBracketStrings: 0, numbers: 0 });
  // Numbers at any depth, in objects and arrays; a number in a string is none.
  assert.equal(describeParsedJson({ a: [1, [2, { b: 3 }]], c: '4', d: 5.5, e: null }).numbers, 4);
  assert.equal(setsKeyTwice(twice, describeParsedJson(JSON.parse(twice))), true);
  // Colons right after a string's opening quote look like a key's end: the text is then scanned.
  for (const text of ['{"a": ":b", "c": [" :", "\\\\\\" :"]}', '{"a": {"b": ": 1"}, "a2": ": 2"}']) {
    assert.equal(setsKeyTwice(text, describeParsedJson(JSON.parse(text))), false, text);
  }
  const twiceAfterQuoteColon = '{"a": ":b", "a": 1}';
  assert.equal(setsKeyTwice(twiceAfterQuoteColon, describeParsedJson(JSON.parse(twiceAfterQuoteColon))), true);
});

test('a path the text does not have answers undefined; a byte order mark read as a space keeps offsets', () => {
  const locator = new JsonLocator(' {"a": [1, {"b": null}], "c\\u0041": true}');
  assert.equal(locator.locate(['a', 2]), undefined);
  assert.equal(locator.locate(['a', 0, 'x']), undefined);
  assert.equal(locator.locate(['missing']), undefined);
  assert.deepEqual(plain(locator.locate(['a', 1, 'b'])), { offset: 17, length: 4, key: { offset: 12, length: 3 } });
  assert.deepEqual(plain(locator.locate(['cA'])), { offset: 36, length: 4, key: { offset: 25, length: 9 } });
  assert.deepEqual(plain(locator.locate([])), { offset: 1, length: 40, key: undefined });
  assert.equal(new JsonLocator('').locate([]), undefined);
});

test('an element read from its list end has the line the document gives, whatever was read before it', () => {
  const numbers = Array.from({ length: 40 }, (_, i) => i);
  const objects = Array.from({ length: 40 }, (_, i) => ({ id: i }));
  const cases: { value: unknown; orders: (string | number)[][][] }[] = [
    {
      // `before` is read whole to reach `list`; an element of `list` is then read from the text's end.
      value: { before: numbers, list: objects },
      orders: [
        // First from the end, then from the start.
        [
          ['list', 30, 'id'],
          ['list', 2],
          ['before', 35],
        ],
        // From the start, then from the end.
        [
          ['list', 10],
          ['list', 30, 'id'],
          ['list', 39],
        ],
        // Only from the end, in a list at the text's start.
        [
          ['before', 39],
          ['before', 20],
        ],
      ],
    },
    {
      // `before` is an object, skipped whole to reach `list`; its list's element is then read from the end.
      value: { before: { x: numbers }, list: objects },
      orders: [
        [
          ['list', 5],
          ['before', 'x', 30],
          ['list', 35],
        ],
      ],
    },
  ];
  for (const { value, orders } of cases) {
    const text = JSON.stringify(value, null, 2);
    const textDocument = TextDocument.create('file:///t.json', 'json', 1, text);
    for (const order of orders) {
      const locator = new JsonLocator(text, JSON.parse(text));
      for (const path of order) {
        const span = locator.locate(path);
        assert.ok(span, JSON.stringify(path));
        assert.equal(span.line, textDocument.positionAt(span.offset).line, `${JSON.stringify(path)} of ${JSON.stringify(order)}`);
      }
    }
  }
});

/** What a number literal needs to be a fraction that reads as a whole double (rules/schema/types.ts searches the text for it). */
const disguiseCandidate = /\d{17}|\.\d{6}|[eE]-\d{3}/;

/** A JSON number literal: sign, 1–20 integer digits, maybe a point and 1–8 digits, maybe an exponent of 1–4 digits. */
const numberLiteral = fc
  .tuple(
    fc.boolean(),
    fc.stringMatching(/^[1-9][0-9]{0,19}$|^0$/),
    fc.option(fc.stringMatching(/^[0-9]{1,8}$/), { nil: undefined }),
    fc.option(fc.tuple(fc.constantFrom('e', 'E'), fc.constantFrom('', '+', '-'), fc.stringMatching(/^[0-9]{1,4}$/)), { nil: undefined }),
  )
  .map(
    ([negative, whole, fraction, exponent]) =>
      `${negative ? '-' : ''}${whole}${fraction === undefined ? '' : `.${fraction}`}${exponent ? exponent.join('') : ''}`,
  );

test('a number literal is plain exactly when it holds no 17 digits in a row, 6 after a point, nor an exponent of -100 or below', () => {
  fc.assert(
    fc.property(numberLiteral, fc.constantFrom(',', '}', ']', ' ', ''), (literal, after) => {
      assert.equal(isPlainNumberLiteral(`: ${literal}${after}`, 2), !disguiseCandidate.test(literal), literal);
    }),
    { seed, numRuns: runs * 10 },
  );
  for (const literal of ['1e-400', '1E-100', '0.000001', '12345678901234567', '-2147483647.0000000001']) {
    assert.equal(isPlainNumberLiteral(literal, 0), false, literal);
  }
  for (const literal of ['1e-99', '1e400', '0.00001', '1234567890123456', '-0', '5.5e-10'])
    assert.equal(isPlainNumberLiteral(literal, 0), true, literal);
});

test('every number is known plain only when each is a member value after a key colon and none could hide a fraction', () => {
  /** `{"a0": …, "b1": …}` with the given member values. */
  const objectOf = (values: fc.Arbitrary<string>): fc.Arbitrary<string> =>
    fc
      .array(fc.tuple(fc.constantFrom('a', 'b', 'c'), values), { maxLength: 6 })
      .map((members) => `{${members.map(([key, value], index) => `"${key}${index}": ${value}`).join(', ')}}`);
  /** The number literals outside strings, read from the tolerant parser's tree. */
  const literalsOf = (text: string): string[] =>
    valueNodes(parseJsonTree(text).root)
      .filter((node) => node.type === 'number')
      .map((node) => text.slice(node.offset, node.offset + node.length));
  // Numbers as members only (nested objects too): known plain exactly when no literal is a candidate.
  const membersOnly = objectOf(
    fc.oneof(
      numberLiteral,
      fc.constantFrom('"x"', 'null'),
      numberLiteral.map((literal) => `{"in": ${literal}}`),
    ),
  );
  fc.assert(
    fc.property(membersOnly, (text) => {
      const plain = everyNumberPlain(describeParsedJson(JSON.parse(text)), scanKeyColons(text));
      assert.equal(
        plain,
        literalsOf(text).every((literal) => !disguiseCandidate.test(literal)),
        text,
      );
    }),
    { seed, numRuns: runs * 3 },
  );
  // Numbers in arrays too, and strings that read like a key and a number: never known plain wrongly.
  const any = objectOf(
    fc.oneof(
      numberLiteral,
      fc.array(numberLiteral, { maxLength: 3 }).map((literals) => `[${literals.join(', ')}]`),
      fc.constantFrom('": 1e-400"', '"\\": 7"', '" : 1.0000001"'),
    ),
  );
  fc.assert(
    fc.property(any, (text) => {
      if (everyNumberPlain(describeParsedJson(JSON.parse(text)), scanKeyColons(text))) {
        assert.deepEqual(
          literalsOf(text).filter((literal) => disguiseCandidate.test(literal)),
          [],
          text,
        );
      }
    }),
    { seed, numRuns: runs * 3 },
  );
  const inArray = '{"a": 1, "b": [2]}';
  assert.equal(everyNumberPlain(describeParsedJson(JSON.parse(inArray)), scanKeyColons(inArray)), false);
  const nested = '{"a": 1, "b": {"c": -2.5e3}}';
  assert.equal(everyNumberPlain(describeParsedJson(JSON.parse(nested)), scanKeyColons(nested)), true);
  // A string's colon after its opening quote counts as a candidate: the keys no longer match.
  const quoteColon = '{"a": " : 3", "b": 1}';
  assert.equal(everyNumberPlain(describeParsedJson(JSON.parse(quoteColon)), scanKeyColons(quoteColon)), false);
});
