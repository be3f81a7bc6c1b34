// Malformed params over stdio (issue 19, item 14): every request on a document answers InvalidParams
// (-32602) with a plain sentence, never InternalError with a JavaScript exception's text; refusals
// quote what the user typed bounded, however long it is.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { textPearl } from '../helpers/documents';
import { withLspClient } from '../helpers/lspClient';

const uri = 'file:///workspace/params.pearl.json';

/** Every request the server answers about a document, with a position where it reads one. */
const methods = [
  'textDocument/hover',
  'textDocument/completion',
  'textDocument/definition',
  'textDocument/references',
  'textDocument/documentHighlight',
  'textDocument/documentSymbol',
  'textDocument/foldingRange',
  'textDocument/selectionRange',
  'textDocument/documentLink',
  'textDocument/inlayHint',
  'textDocument/codeAction',
  'textDocument/formatting',
  'textDocument/rangeFormatting',
  'textDocument/prepareRename',
  'textDocument/rename',
  'workspace/symbol',
  'pearl/graph',
  'pearl/deployPayload',
  'pearl/locateFields',
  'pearl/graphEdit',
  'pearl/nodeSettingFields',
];

/** The error a request answered, or a failure when it answered a result. */
async function errorOf(request: Promise<unknown>): Promise<{ code: number; message: string }> {
  try {
    const result = await request;
    assert.fail(`expected an error, got ${JSON.stringify(result)}`);
  } catch (error) {
    const { code, message } = error as { code: number; message: string };
    return { code, message };
  }
}

test('null, [], {}, a number and a textDocument without uri: InvalidParams with a plain sentence, for every request', async () => {
  await withLspClient(async (client) => {
    await client.initialize();
    await client.open(uri, textPearl(), 1);
    for (const method of methods) {
      for (const params of [null, [], {}, 7, { textDocument: null }, { textDocument: { uri: 5 } }]) {
        const error = await errorOf(client.request(method, params));
        const what = `${method} ${JSON.stringify(params)}`;
        assert.equal(error.code, -32602, `${what}: ${error.message}`);
        assert.match(error.message, /^The [a-z ]+ request needs params with [^\n]+\.$/, what);
        assert.doesNotMatch(error.message, /TypeError|Cannot read|undefined|null|failed with message/, what);
      }
    }
    // The server is still there and answers well-formed requests.
    const symbols = await client.request<unknown[]>('textDocument/documentSymbol', { textDocument: { uri } });
    assert.ok(Array.isArray(symbols) && symbols.length > 0);
  });
});

test('a request on an open document without the position it reads: InvalidParams naming the position', async () => {
  await withLspClient(async (client) => {
    await client.initialize();
    await client.open(uri, textPearl(), 1);
    for (const [method, params] of [
      ['textDocument/hover', { textDocument: { uri } }],
      ['textDocument/hover', { textDocument: { uri }, position: { line: -1, character: 'a' } }],
      ['textDocument/rename', { textDocument: { uri }, position: { line: 0, character: 0 } }],
      ['textDocument/codeAction', { textDocument: { uri }, range: null, context: {} }],
      ['pearl/locateFields', { textDocument: { uri }, keys: 'pearl.name' }],
    ] as const) {
      const error = await errorOf(client.request(method, params));
      assert.equal(error.code, -32602, `${method}: ${error.message}`);
    }
    const hover = await errorOf(client.request('textDocument/hover', { textDocument: { uri } }));
    assert.equal(
      hover.message,
      'The hover request needs params with textDocument { uri } (a string), position { line, character } (whole numbers from 0).',
    );
  });
});

test('a refused 5 MB nodeId or variable id is quoted bounded in the refusal', async () => {
  const huge = `a"${'x'.repeat(5 * 1024 * 1024)}`;
  await withLspClient(async (client) => {
    await client.initialize();
    const text = textPearl();
    await client.open(uri, text, 1);
    const edit = await errorOf(
      client.request(
        'pearl/graphEdit',
        { textDocument: { uri }, version: 1, edit: { kind: 'setNodeProperty', node: 'n:0', property: 'nodeId', value: huge } },
        60_000,
      ),
    );
    assert.equal(edit.code, -32803);
    assert.ok(edit.message.length < 200, `${edit.message.length} characters`);
    assert.match(edit.message, /^'a"x+…' is not a usable nodeId/);
  });
});
