// The editor basics of the built server (dist/server.js --stdio) as an editor meets them: the
// capabilities it announces, folding with collapsed text, smart select, document links, workspace
// symbols of files on disk that are not open, and the source.fixAll.pearl code action.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { CodeAction, DocumentLink, FoldingRange, SelectionRange, SymbolInformation } from 'vscode-languageserver-types';
import { node, textPearl, transition } from '../helpers/documents';
import { withLspClient } from '../helpers/lspClient';
import { applyEdits, positionOf } from '../helpers/text';

const text = `{
  "$schema": "../schemas/text-pearl.schema.json",
  "name": "Basics",
  "pearl": {
    "memory": "yes",
    "nodes": [
      {
        "nodeId": "open",
        "name": "Greet",
        "nodeType": 2,
        "script": "Hello! See https://example.com/hours",
        "transitions": [{ "name": "done", "toNodeId": "end" }]
      },
      { "nodeId": "end", "name": "End", "nodeType": 100, "transitions": [] }
    ]
  },
  "inbound": { "textChannelId": "c" }
}
`;

test('over stdio: folds with collapsed text, expands the selection, links $schema and URLs, finds symbols of files on disk, fix-all only on request', async () => {
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'pearl-basics-'));
  try {
    const onDisk = textPearl({
      nodes: [node('open', 2, [transition('t', 'billing')]), node('billing', 10, [transition('t', 'end')]), node('end', 100, [])],
    }).replace('"Test"', '"On disk"');
    await fs.mkdir(path.join(folder, 'agents'));
    await fs.writeFile(path.join(folder, 'agents', 'billing.pearl.json'), onDisk);
    const folderUri = pathToFileURL(folder).href;
    const uri = `${folderUri}/examples/basics.pearl.json`;
    const document = TextDocument.create(uri, 'pearl', 1, text);

    await withLspClient(async (client) => {
      const init = await client.initialize({
        workspaceFolders: [{ uri: folderUri, name: 'ws' }],
        textDocument: { foldingRange: { foldingRange: { collapsedText: true } } },
      });
      const capabilities = init.capabilities;
      for (const capability of ['foldingRangeProvider', 'selectionRangeProvider', 'documentLinkProvider', 'workspaceSymbolProvider']) {
        assert.ok(capabilities[capability], capability);
      }
      assert.deepEqual((capabilities.codeActionProvider as { codeActionKinds: string[] }).codeActionKinds, [
        'quickfix',
        'source.fixAll.pearl',
      ]);

      await client.open(uri, text, 1);
      await client.waitForDiagnostics(uri, (p) => p.version === 1);

      const folds = await client.request<FoldingRange[]>('textDocument/foldingRange', { textDocument: { uri } });
      assert.deepEqual(
        folds.map((fold) => [fold.startLine, fold.endLine, fold.collapsedText]),
        [
          [0, 16, 'Basics'],
          [3, 14, undefined],
          [5, 13, undefined],
          [6, 11, 'open — Greet'],
        ],
      );

      const [selection] = await client.request<SelectionRange[]>('textDocument/selectionRange', {
        textDocument: { uri },
        positions: [positionOf(text, 'Greet', 1)],
      });
      const selected = [selection.range, selection.parent!.range, selection.parent!.parent!.range].map((range) =>
        text.slice(document.offsetAt(range.start), document.offsetAt(range.end)),
      );
      assert.deepEqual(selected, ['Greet', '"Greet"', '"name": "Greet"']);

      const links = await client.request<DocumentLink[]>('textDocument/documentLink', { textDocument: { uri } });
      assert.deepEqual(
        links.map((link) => link.target),
        [`${folderUri}/schemas/text-pearl.schema.json`, 'https://example.com/hours'],
      );

      const symbols = await client.request<SymbolInformation[]>('workspace/symbol', { query: 'bill' });
      assert.deepEqual(
        symbols.map((symbol) => [symbol.name, symbol.containerName, symbol.location.uri]),
        [['billing — Node billing', 'On disk', `${folderUri}/agents/billing.pearl.json`]],
      );
      const open = await client.request<SymbolInformation[]>('workspace/symbol', { query: 'greet' });
      assert.deepEqual(
        open.map((symbol) => [symbol.name, symbol.location.uri]),
        [['open — Greet', uri]],
      );

      const whole = { start: { line: 0, character: 0 }, end: document.positionAt(text.length) };
      const fixAll = await client.request<CodeAction[]>('textDocument/codeAction', {
        textDocument: { uri },
        range: whole,
        context: { diagnostics: [], only: ['source.fixAll'] },
      });
      assert.deepEqual(
        fixAll.map((action) => [action.title, action.kind]),
        [['Fix all safe Pearl problems', 'source.fixAll.pearl']],
      );
      const fixed = applyEdits(text, fixAll[0].edit!.changes![uri]);
      assert.ok(fixed.includes('"memory": true,'));
      // The light bulb (no `only`) never offers fix-all.
      const bulb = await client.request<CodeAction[]>('textDocument/codeAction', {
        textDocument: { uri },
        range: whole,
        context: { diagnostics: [] },
      });
      assert.deepEqual(bulb, []);
    });
  } finally {
    await fs.rm(folder, { recursive: true, force: true });
  }
});
