// Writing a Pearl over stdio, as an editor drives the built server (dist/server.js --stdio): the
// capabilities (inlay hints, completion trigger characters), completion honouring the client's
// snippet and label-details support, `{` outside a string, and inlay hints.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import type { CompletionItem, CompletionList, InlayHint, Position } from 'vscode-languageserver-types';
import { withLspClient } from '../helpers/lspClient';
import { applyEdits, positionAt, positionOf } from '../helpers/text';

const uri = 'file:///workspace/authoring.pearl.json';
const text = `{
  "$schema": "../schemas/text-pearl.schema.json",
  "name": "Authoring",
  "pearl": {
    "agentName": "Ava",
    "nodes": [
      { "nodeId": "open", "name": "Open", "nodeType": 2, "script": "Hi {", "transitions": [{ "name": "Greeted", "toNodeId": "end" }] },
      { "nodeId": "end", "name": "End", "nodeType": 100 }
    ]
  },
  "variables": [{ "id": "first_name", "name": "First name", "group": 1, "type": 1 }],
  "inbound": { "textChannelId": "channel-1" }
}
`;
/** The position right after `needle` in {@link text}. */
const at = (needle: string): Position => positionOf(text, needle, needle.length);
const afterLastNode = at('"nodeType": 100 }');

test('capabilities over stdio: inlay hints, completion triggers; snippets and label details as the client declares', async () => {
  await withLspClient(async (client) => {
    const init = await client.initialize({
      textDocument: { completion: { completionItem: { snippetSupport: true, labelDetailsSupport: true } } },
    });
    assert.deepEqual(init.capabilities.inlayHintProvider, { resolveProvider: false });
    assert.deepEqual((init.capabilities.completionProvider as { triggerCharacters: string[] }).triggerCharacters, ['{', '"', ':']);
    await client.open(uri, text, 1);

    // `{` typed outside a string (a new node): no list, so Enter makes a new line.
    const brace = await client.request<CompletionList>('textDocument/completion', {
      textDocument: { uri },
      position: afterLastNode,
      context: { triggerKind: 2, triggerCharacter: '{' },
    });
    assert.deepEqual(brace.items, []);
    // `{` inside a (V) field: the variables.
    const variables = await client.request<CompletionList>('textDocument/completion', {
      textDocument: { uri },
      position: at('Hi {'),
      context: { triggerKind: 2, triggerCharacter: '{' },
    });
    assert.deepEqual(
      variables.items.map((item) => item.label),
      ['first_name'],
    );
    // Invoked between nodes: the node snippets, as snippets with label details.
    const snippets = await client.request<CompletionList>('textDocument/completion', {
      textDocument: { uri },
      position: afterLastNode,
      context: { triggerKind: 1 },
    });
    const dialogue = snippets.items.find((item) => item.label === 'Dialogue');
    assert.equal(dialogue?.insertTextFormat, 2);
    assert.deepEqual(dialogue?.labelDetails, { detail: ' (10)', description: 'node' });

    const hints = await client.request<InlayHint[]>('textDocument/inlayHint', {
      textDocument: { uri },
      range: { start: { line: 0, character: 0 }, end: positionAt(text, text.length) },
    });
    assert.deepEqual(
      hints.map((hint) => [hint.label, hint.position]),
      [
        ['OpeningSentence', at('"nodeType": 2')],
        ['End · EndCall', at('"toNodeId": "end"')],
        ['EndCall', at('"nodeType": 100')],
        ['PreCall', at('"group": 1')],
        ['String', at('"type": 1')],
      ],
    );
  });
});

test('a client without snippet or label-details support gets plain text', async () => {
  await withLspClient(async (client) => {
    await client.initialize();
    await client.open(uri, text, 1);
    const list = await client.request<CompletionList>('textDocument/completion', { textDocument: { uri }, position: afterLastNode });
    const dialogue = list.items.find((item) => item.label === 'Dialogue');
    assert.equal(dialogue?.insertTextFormat, 1);
    assert.equal(dialogue?.labelDetails, undefined);
    assert.doesNotMatch(JSON.stringify(dialogue?.textEdit), /\$\{/);
  });
});

test('node ids in a toNodeId: the range once in itemDefaults for a client that takes it, in each item for one that does not', async () => {
  const position = at('"toNodeId": "');
  const range = { start: position, end: at('"toNodeId": "end') };
  for (const itemDefaults of [['editRange'], undefined]) {
    await withLspClient(async (client) => {
      await client.initialize({
        textDocument: { completion: { completionItem: {}, completionList: itemDefaults ? { itemDefaults } : {} } },
      });
      await client.open(uri, text, 1);
      const list = await client.request<CompletionList>('textDocument/completion', { textDocument: { uri }, position });
      assert.deepEqual(
        list.items.map((item) => item.label),
        ['open', 'end'],
      );
      if (itemDefaults) {
        assert.deepEqual(list.itemDefaults, { editRange: range });
        assert.deepEqual(
          list.items.map((item) => item.textEdit),
          [undefined, undefined],
        );
      } else {
        assert.equal(list.itemDefaults, undefined);
        assert.deepEqual(
          list.items.map((item) => item.textEdit),
          [
            { range, newText: 'open' },
            { range, newText: 'end' },
          ],
        );
      }
    });
  }
});

test('node ids in a toNodeId for a client like VS Code: the range and the document once, each detail on resolve; the same order and text', async () => {
  const position = at('"toNodeId": "');
  const range = { start: position, end: at('"toNodeId": "end') };
  const listOf = (completion: object): Promise<CompletionList> =>
    withLspClient(async (client) => {
      await client.initialize({ textDocument: { completion } });
      await client.open(uri, text, 1);
      const list = await client.request<CompletionList>('textDocument/completion', { textDocument: { uri }, position });
      // What the editor shows of each item: the list's defaults applied, the detail resolved (VS Code resolves the focused item).
      const shown: CompletionItem[] = [];
      for (const item of list.items) {
        const withDefaults = { ...item, data: item.data ?? list.itemDefaults?.data };
        shown.push(await client.request<CompletionItem>('completionItem/resolve', withDefaults));
      }
      return { ...list, items: shown };
    });
  const vsCode = {
    completionItem: { resolveSupport: { properties: ['documentation', 'detail', 'additionalTextEdits'] } },
    completionList: { itemDefaults: ['commitCharacters', 'editRange', 'insertTextFormat', 'insertTextMode', 'data'] },
  };
  await withLspClient(async (client) => {
    await client.initialize({ textDocument: { completion: vsCode } });
    await client.open(uri, text, 1);
    const list = await client.request<CompletionList>('textDocument/completion', { textDocument: { uri }, position });
    // Sent: label, kind and order only; the range and the document once.
    assert.deepEqual(list.itemDefaults, { editRange: range, data: { nodeIdsOf: uri } });
    assert.deepEqual(
      list.items.map((item) => Object.keys(item).sort()),
      [
        ['kind', 'label', 'sortText'],
        ['kind', 'label', 'sortText'],
      ],
    );
    // An item sent back without the list's data (another client) is answered as it is.
    const bare = await client.request<CompletionItem>('completionItem/resolve', list.items[1]);
    assert.equal(bare.detail, undefined);
  });
  // What the user sees is what a client resolving nothing sees: labels, icons, order, details, inserted text.
  const lazy = await listOf(vsCode);
  const whole = await listOf({ completionItem: {}, completionList: { itemDefaults: ['editRange'] } });
  const seen = (list: CompletionList) =>
    [...list.items]
      .sort((a, b) => (a.sortText ?? a.label).localeCompare(b.sortText ?? b.label))
      .map((item) => ({
        label: item.label,
        kind: item.kind,
        detail: item.detail,
        text: applyEdits(text, [{ range, newText: item.textEditText ?? item.label }]),
      }));
  assert.deepEqual(seen(lazy), seen(whole));
  assert.deepEqual(
    seen(lazy).map((item) => [item.label, item.detail]),
    [
      ['open', 'OpeningSentence · Open'],
      ['end', 'EndCall · End'],
    ],
  );
  assert.ok(seen(lazy)[0].text.includes('"toNodeId": "open"'), seen(lazy)[0].text);
});
