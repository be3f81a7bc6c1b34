/**
 * Property test of the strict JSON tree (jsonTree.ts `buildStrictJsonTree`): for any JSON value,
 * written compactly, indented or with escapes, the tree built in lockstep with `JSON.parse` is the
 * tolerant parser's tree node for node (types, offsets, lengths, values, colon offsets, parents),
 * or undefined where the lockstep walk gives way to the tolerant parser (a key `JSON.parse` orders
 * differently, a key with an escape).
 *
 * Reproducible: a fixed seed (override with PEARL_FC_SEED); PEARL_FC_RUNS sets the number of values.
 */
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { buildStrictJsonTree, parseJsonTree, type JsonNode } from '../../server/src/service/document/jsonTree';
import { plainTree } from '../helpers/documents';
import { jsonValue } from '../helpers/jsonValues';

const seed = process.env.PEARL_FC_SEED ? Number(process.env.PEARL_FC_SEED) : 20_261_124;
const runs = process.env.PEARL_FC_RUNS ? Number(process.env.PEARL_FC_RUNS) : 300;

/** The tree as plain data, each node with its parent (so parent links are compared too). */
const linkedTree = (node: JsonNode | undefined): unknown => plainTree(node, { links: true });

/** Whether some object of `value` has an integer-like key (ordered first) or a key written with an escape. */
function hasReorderedOrEscapedKey(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  if (Array.isArray(value)) return value.some(hasReorderedOrEscapedKey);
  return Object.entries(value).some(
    ([key, item]) => /^(0|[1-9]\d*)$/.test(key) || JSON.stringify(key) !== `"${key}"` || hasReorderedOrEscapedKey(item),
  );
}

test('the strict tree of any JSON text equals the tolerant parser tree, or gives way to it', () => {
  let built = 0;
  fc.assert(
    fc.property(jsonValue, fc.constantFrom(undefined, 2, '\t', ' \r\n'), (value, indent) => {
      const text = JSON.stringify(value, null, indent);
      const strict = buildStrictJsonTree(text, JSON.parse(text), 1000);
      const tolerant = parseJsonTree(text);
      if (!strict) {
        // Only keys that JSON.parse orders differently or that are written with an escape give way.
        assert.ok(hasReorderedOrEscapedKey(value), `gave way on ${text}`);
        return;
      }
      built++;
      assert.deepEqual(linkedTree(strict.root), linkedTree(tolerant.root));
      assert.deepEqual(strict.errors, tolerant.errors);
      assert.equal(strict.maxDepth, tolerant.maxDepth);
    }),
    { seed, numRuns: runs },
  );
  assert.ok(built > runs / 2, `only ${built} of ${runs} texts were built in lockstep`);
});

test('a key set twice, an escaped quote where an unescaped content would end, and too deep nesting', () => {
  const duplicate = '{"a": 1, "a": 2}';
  assert.equal(buildStrictJsonTree(duplicate, JSON.parse(duplicate), 1000), undefined);
  // The content `aaaa\"` is as long as its value plus one: the escaped quote must not close it.
  const escaped = '["aaaa\\"", 1]';
  const tree = buildStrictJsonTree(escaped, JSON.parse(escaped), 1000);
  assert.deepEqual(linkedTree(tree?.root), linkedTree(parseJsonTree(escaped).root));
  assert.equal(tree?.root?.children?.[0].length, 8);
  const deep = '['.repeat(5) + ']'.repeat(5);
  assert.equal(buildStrictJsonTree(deep, JSON.parse(deep), 4), undefined);
  assert.equal(buildStrictJsonTree(deep, JSON.parse(deep), 5)?.maxDepth, 5);
});
