/**
 * The table of declared variable ids the `{id}` check looks references up in
 * (rules/variables/declaredIds.ts): every declared id is found where a string holds it, ids that
 * share their length and first, middle and last characters are told apart, and an undeclared id
 * (or a longer or shorter one) is not found, nor a declared id no `{id}` reference can write.
 */
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { DeclaredIds } from '../../server/src/service/rules/variables/declaredIds';
import type { PearlVariable } from '../../server/src/service/document/pearlDocument';

function variables(ids: readonly string[]): Map<string, PearlVariable> {
  return new Map(ids.map((id) => [id, { id } as PearlVariable]));
}

test('each declared id is found in place in a string, and only a declared one', () => {
  // Same length, first, middle and last character: the hash puts them in one chain.
  const alike = Array.from({ length: 40 }, (_, i) => `a${String.fromCharCode(0x61 + (i % 26))}x${i < 26 ? 'q' : 'r'}y${'z'}a`);
  const ids = [...new Set([...alike, 'customer_phone', 'x', 'a', 'Order-ID_2', 'b'.repeat(40)])];
  const table = new DeclaredIds(variables(ids));
  for (const id of ids) {
    const text = `Call {${id}} now`;
    assert.equal(table.lookup(text, 6, 6 + id.length)?.id, id, id);
  }
  for (const missing of ['customer_phon', 'customer_phones', 'b', 'abxqyzb', 'zz']) {
    const text = `{${missing}}`;
    assert.equal(table.lookup(text, 1, 1 + missing.length), undefined, missing);
  }
  assert.equal(new DeclaredIds(new Map()).lookup('{a}', 1, 2), undefined);
});

test('an id no reference can write (other characters, empty, over 40) is not held: its braces are no reference', () => {
  const unwritable = ['é_naïve', '日付', 'first name', 'a{b', '', 'c'.repeat(41)];
  const table = new DeclaredIds(variables([...unwritable, 'ok']));
  for (const id of unwritable) assert.equal(table.lookup(`{${id}}`, 1, 1 + id.length), undefined, id);
  assert.equal(table.lookup('{ok}', 1, 3)?.id, 'ok');
});

test('a referenced id is added to each set of a check: once, and again to the set of the next check', () => {
  const table = new DeclaredIds(variables(['first_name', 'city']));
  const text = '{first_name} in {city}, {first_name}';
  const first = new Set<string>();
  for (const [start, end] of [
    [1, 11],
    [17, 21],
    [25, 35],
  ])
    table.addReferenced(table.slotOf(text, start, end), first);
  assert.deepEqual([...first], ['first_name', 'city']);
  assert.equal(table.slotOf(text, 0, 3), -1);
  const next = new Set<string>();
  table.addReferenced(table.slotOf(text, 17, 21), next);
  assert.deepEqual([...next], ['city']);
  assert.equal(table.variableAt(table.slotOf(text, 1, 11)).id, 'first_name');
});
