/**
 * Property test of jsonTree.ts `findNodeAtOffset`, which searches the children of a long object or
 * array by halves: for any JSON text, whole or cut short or with a character taken out (the
 * tolerant parser's trees of text being typed), and for every offset of the text with and without
 * the right bound, it finds the node a search through every child in order finds.
 *
 * Reproducible: a fixed seed (override with PEARL_FC_SEED); PEARL_FC_RUNS sets the number of texts.
 */
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { findNodeAtOffset, getNodePath, parseJsonTree, type JsonNode } from '../../server/src/service/document/jsonTree';
import { jsonValue, trickyString } from '../helpers/jsonValues';

const seed = process.env.PEARL_FC_SEED ? Number(process.env.PEARL_FC_SEED) : 20_261_206;
const runs = process.env.PEARL_FC_RUNS ? Number(process.env.PEARL_FC_RUNS) : 200;

/** The search through every child in order (what `findNodeAtOffset` did before searching by halves). */
function findByEveryChild(root: JsonNode, offset: number, includeRightBound: boolean): JsonNode | undefined {
  const contains = (node: JsonNode): boolean =>
    (offset >= node.offset && offset < node.offset + node.length) || (includeRightBound && offset === node.offset + node.length);
  if (!contains(root)) return undefined;
  let current = root;
  for (;;) {
    const next = current.children?.find((child) => child.offset <= offset && contains(child));
    if (!next) return current;
    current = next;
  }
}

/** Values with lists and objects long enough (more than eight children) to be searched by halves. */
const longLists = fc.oneof(
  fc.array(jsonValue, { minLength: 9, maxLength: 40 }),
  fc.dictionary(trickyString, jsonValue, { minKeys: 9, maxKeys: 40 }),
  fc.array(fc.dictionary(trickyString, fc.array(jsonValue, { minLength: 9, maxLength: 12 }), { maxKeys: 3 }), {
    minLength: 9,
    maxLength: 20,
  }),
);

test('findNodeAtOffset finds, at every offset of any text being typed, the node a search through every child finds', () => {
  let searchedByHalves = 0;
  fc.assert(
    fc.property(
      longLists,
      fc.constantFrom(undefined, 2, '\t'),
      fc.constantFrom('whole', 'cut', 'hole'),
      fc.nat(),
      (value, indent, damage, at) => {
        const whole = JSON.stringify(value, null, indent);
        const cut = at % (whole.length + 1);
        const text = damage === 'whole' ? whole : damage === 'cut' ? whole.slice(0, cut) : whole.slice(0, cut) + whole.slice(cut + 1);
        const root = parseJsonTree(text).root;
        if (!root) return;
        if ((root.children?.length ?? 0) > 8) searchedByHalves++;
        for (let offset = -1; offset <= text.length + 1; offset++) {
          for (const includeRightBound of [false, true]) {
            const found = findNodeAtOffset(root, offset, includeRightBound);
            const expected = findByEveryChild(root, offset, includeRightBound);
            if (found !== expected) {
              assert.fail(
                `offset ${offset}${includeRightBound ? ' (right bound)' : ''} of ${JSON.stringify(text)}: found ${found && JSON.stringify(getNodePath(found))} ${found?.type}, expected ${expected && JSON.stringify(getNodePath(expected))} ${expected?.type}`,
              );
            }
          }
        }
      },
    ),
    { seed, numRuns: runs },
  );
  assert.ok(searchedByHalves > runs / 2, `only ${searchedByHalves} of ${runs} texts had a long list at the top`);
});
