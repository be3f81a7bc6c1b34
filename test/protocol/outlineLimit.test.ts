// The language server and `pearl.maxItemsComputed`: an outline past the limit (5,000 symbols by
// default) is cut breadth first, and folding ranges stop there for a client that sets no lower
// `rangeLimit`; the setting changes the limit from the next request.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import type { DocumentSymbol, FoldingRange } from 'vscode-languageserver-types';
import { generateShapedPearl } from '../helpers/fixtures';
import { withLspClient } from '../helpers/lspClient';

function countAll(symbols: readonly DocumentSymbol[] | undefined): number {
  return (symbols ?? []).reduce((sum, symbol) => sum + 1 + countAll(symbol.children), 0);
}

test('the outline and the folding ranges of a large Pearl hold pearl.maxItemsComputed at most, 5,000 by default', async () => {
  const uri = 'file:///outline-limit/big.pearl.json';
  await withLspClient(async (client) => {
    // 2,000 nodes: some 6,800 symbols.
    await client.open(uri, generateShapedPearl('mix', 2_000), 1);
    const outline = () => client.request<DocumentSymbol[]>('textDocument/documentSymbol', { textDocument: { uri } });
    const byDefault = await outline();
    assert.equal(countAll(byDefault), 5_000);
    const pearl = byDefault[0].children?.find((symbol) => symbol.name === 'pearl');
    // Every node is there; the transitions of the last ones are not.
    assert.equal(pearl?.children?.filter((symbol) => symbol.name !== 'indicatorTags').length, 2_000);
    assert.equal(pearl?.children?.at(-2)?.children, undefined);

    // The server reads messages in order: the request after the setting sees it.
    await client.sendNotification('workspace/didChangeConfiguration', { settings: { pearl: { maxItemsComputed: 20_000 } } });
    const whole = countAll(await outline());
    assert.ok(whole > 6_000 && whole < 20_000, `${whole} symbols`);

    await client.sendNotification('workspace/didChangeConfiguration', { settings: { pearl: { maxItemsComputed: 10 } } });
    assert.equal(countAll(await outline()), 10);

    // A value that is no limit counts as the default.
    await client.sendNotification('workspace/didChangeConfiguration', { settings: { pearl: { maxItemsComputed: 'all' } } });
    assert.equal(countAll(await outline()), 5_000);

    // This client sets no rangeLimit: the setting limits the folding ranges too, the first in document order kept.
    const folding = () => client.request<FoldingRange[]>('textDocument/foldingRange', { textDocument: { uri } });
    const firstFolds = await folding();
    assert.equal(firstFolds.length, 5_000);
    await client.sendNotification('workspace/didChangeConfiguration', { settings: { pearl: { maxItemsComputed: 100_000 } } });
    const allFolds = await folding();
    assert.ok(allFolds.length > 5_000, `${allFolds.length} folding ranges`);
    assert.deepEqual(allFolds.slice(0, 5_000), firstFolds);
  });
});

test("folding ranges: the client's rangeLimit when it is lower than pearl.maxItemsComputed, the setting's when it is higher", async () => {
  const uri = 'file:///outline-limit/folds.pearl.json';
  const text = generateShapedPearl('mix', 2_000);
  for (const [rangeLimit, expected] of [
    [50, 50],
    [10_000, 5_000],
  ] as const) {
    await withLspClient(async (client) => {
      await client.initialize({ textDocument: { foldingRange: { rangeLimit } } });
      await client.open(uri, text, 1);
      const folds = await client.request<FoldingRange[]>('textDocument/foldingRange', { textDocument: { uri } });
      assert.equal(folds.length, expected, `rangeLimit ${rangeLimit}`);
    });
  }
});
