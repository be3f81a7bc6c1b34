// The language server and `pearl.maxItemsComputed`: an outline past the limit (5,000 symbols by
// default) is cut breadth first; the setting changes the limit from the next request.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import type { DocumentSymbol } from 'vscode-languageserver-types';
import { generateShapedPearl } from '../helpers/fixtures';
import { withLspClient } from '../helpers/lspClient';

function countAll(symbols: readonly DocumentSymbol[] | undefined): number {
  return (symbols ?? []).reduce((sum, symbol) => sum + 1 + countAll(symbol.children), 0);
}

test('the outline of a large Pearl holds pearl.maxItemsComputed symbols at most, 5,000 by default', async () => {
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
  });
});
