import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { DocumentSymbol } from 'vscode-languageserver-types';
import { readMaxItemsComputed } from '../../protocol/outlineLimit';
import { service } from '../helpers/documents';
import { generateShapedPearl } from '../helpers/fixtures';

/** A generated Pearl of `nodes` nodes (hubs, back edges, menus), parsed. */
function generated(nodes: number) {
  return service.parsePearlDocument(TextDocument.create('file:///big.pearl.json', 'pearl', 1, generateShapedPearl('mix', nodes)));
}

function countAll(symbols: readonly DocumentSymbol[] | undefined): number {
  return (symbols ?? []).reduce((sum, symbol) => sum + 1 + countAll(symbol.children), 0);
}

/** Each symbol's name with its children's, indented: what the Outline view shows. */
function names(symbols: readonly DocumentSymbol[] | undefined, depth = 0): string[] {
  return (symbols ?? []).flatMap((symbol) => [`${'  '.repeat(depth)}${symbol.name}`, ...names(symbol.children, depth + 1)]);
}

/** The symbols under `pearl`: its nodes (and its indicator tags, last). */
function nodesOf(symbols: readonly DocumentSymbol[]): readonly DocumentSymbol[] {
  return symbols[0].children?.find((symbol) => symbol.name === 'pearl')?.children ?? [];
}

function nodeNames(symbols: readonly DocumentSymbol[]): string[] {
  return nodesOf(symbols).map((symbol) => symbol.name);
}

test('an outline within pearl.maxItemsComputed is the whole outline', () => {
  const doc = generated(100);
  const whole = service.findDocumentSymbols(doc);
  const total = countAll(whole);
  assert.ok(total > 300, `${total} symbols`);
  assert.deepEqual(service.findDocumentSymbols(doc, { resultLimit: total }), whole);
  assert.deepEqual(service.findDocumentSymbols(doc, { resultLimit: 5_000 }), whole);
});

test('past pearl.maxItemsComputed the outline keeps its upper levels whole and drops the deepest symbols, the last first', () => {
  const doc = generated(1_000);
  const whole = service.findDocumentSymbols(doc);
  const wholeNames = names(whole);
  const allNodes = nodeNames(whole);
  assert.ok(countAll(whole) > 3_000);

  // 1,100 symbols: the root, its sections and every node fit; the rest of the budget goes to the
  // first nodes' transitions, in document order.
  const cut = service.findDocumentSymbols(doc, { resultLimit: 1_100 });
  assert.equal(countAll(cut), 1_100);
  assert.deepEqual(nodeNames(cut), allNodes);
  const wholeNodes = nodesOf(whole);
  const cutNodes = nodesOf(cut);
  // The first nodes keep every transition, one keeps some, the later ones none.
  const complete = cutNodes.map((symbol, index) => countAll(symbol.children) === countAll(wholeNodes[index].children));
  const partial = complete.indexOf(false);
  assert.ok(partial > 0, `node ${partial} is the first cut`);
  assert.ok(cutNodes[partial].children !== undefined);
  for (const symbol of cutNodes.slice(partial + 1)) assert.equal(symbol.children, undefined, symbol.name);
  // Every symbol kept is the outline's own, in the outline's order, with its range.
  const kept = names(cut).map((line) => line.trim());
  let at = 0;
  for (const name of kept) {
    while (at < wholeNames.length && wholeNames[at].trim() !== name) at++;
    assert.ok(at < wholeNames.length, `${name} out of order`);
  }
  assert.deepEqual(cut[0].range, whole[0].range);

  // 50 symbols: not even every node; the first ones in document order.
  const small = service.findDocumentSymbols(doc, { resultLimit: 50 });
  assert.equal(countAll(small), 50);
  const smallNodes = nodeNames(small);
  assert.ok(smallNodes.length > 0 && smallNodes.length < 50);
  assert.deepEqual(smallNodes, allNodes.slice(0, smallNodes.length));
  assert.ok(!JSON.stringify(small).includes('"children":[]'), 'a symbol with an empty children list');

  // The whole outline is unchanged, and kept for the next request.
  assert.deepEqual(names(service.findDocumentSymbols(doc)), wholeNames);
  assert.equal(service.findDocumentSymbols(doc), whole);
  assert.deepEqual(service.findDocumentSymbols(doc, { resultLimit: 0 }), []);
});

test('pearl.maxItemsComputed: a whole number from 0 as it is, anything else 5,000', () => {
  assert.equal(readMaxItemsComputed(200), 200);
  assert.equal(readMaxItemsComputed(0), 0);
  for (const value of [undefined, null, -1, 2.5, '100', Number.NaN, Number.POSITIVE_INFINITY, {}]) {
    assert.equal(readMaxItemsComputed(value), 5_000, JSON.stringify(value) ?? 'undefined');
  }
});
