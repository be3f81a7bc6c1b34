// Renames over stdio on the built server (dist/server.js): a rename in an open Pearl also edits the
// workspace's walks files that name it, read from disk (docs/user/walks.md § In the editor).
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { TextDocumentEdit, WorkspaceEdit } from 'vscode-languageserver-types';
import type { GraphEditResult } from '#protocol/pearlRequests';
import { withLspClient } from '../helpers/lspClient';
import { applyEdits, positionOf } from '../helpers/text';
import { bookingPearlText, bookingWalksText } from '../helpers/walkPearls';

/** A workspace with the booking Pearl, its walks file, and a walks file of another Pearl taking the same names. */
function makeWorkspace() {
  const folder = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'pearl-walks-rename-')));
  fs.writeFileSync(path.join(folder, 'booking.pearl.json'), bookingPearlText);
  fs.mkdirSync(path.join(folder, 'walks'));
  const walksText = bookingWalksText.replace('"booking.pearl.json"', '"../booking.pearl.json"');
  const otherText = bookingWalksText.replace('"booking.pearl.json"', '"../other.pearl.json"');
  fs.writeFileSync(path.join(folder, 'walks', 'booking.walks.json'), walksText);
  fs.writeFileSync(path.join(folder, 'walks', 'other.walks.json'), otherText);
  const uri = (...parts: string[]) => pathToFileURL(path.join(folder, ...parts)).href;
  return {
    folder,
    walksText,
    pearlUri: uri('booking.pearl.json'),
    walksUri: uri('walks', 'booking.walks.json'),
    otherUri: uri('walks', 'other.walks.json'),
  };
}

test('rename over stdio: a transition rename edits the Pearl and the walks file naming it (not open), not a walks file of another Pearl', async () => {
  const { folder, walksText, pearlUri, walksUri, otherUri } = makeWorkspace();
  try {
    await withLspClient(async (client) => {
      await client.initialize({ workspaceFolders: [{ uri: pathToFileURL(folder).href, name: 'w' }] });
      await client.open(pearlUri, bookingPearlText, 1);
      const position = positionOf(bookingPearlText, '"name": "Details collected"', 12);
      const prepared = await client.request<{ placeholder: string } | null>('textDocument/prepareRename', {
        textDocument: { uri: pearlUri },
        position,
      });
      assert.equal(prepared?.placeholder, 'Details collected');
      const edit = await client.request<WorkspaceEdit>('textDocument/rename', {
        textDocument: { uri: pearlUri },
        position,
        newName: 'Party size known',
      });
      const changes = edit.changes ?? {};
      assert.deepEqual(Object.keys(changes).sort(), [pearlUri, walksUri].sort());
      assert.equal(otherUri in changes, false);
      assert.equal(
        applyEdits(bookingPearlText, changes[pearlUri]),
        bookingPearlText.replace('"name": "Details collected"', '"name": "Party size known"'),
      );
      assert.equal(
        applyEdits(walksText, changes[walksUri]),
        walksText.replace('{ "take": "Details collected" }', '{ "take": "Party size known" }'),
      );

      // A name another transition of the node has is refused, with the reason.
      await assert.rejects(
        client.request('textDocument/rename', {
          textDocument: { uri: pearlUri },
          position: positionOf(bookingPearlText, '"name": "Booked"', 10),
          newName: 'Not booked',
        }),
        {
          message: "API node 'book' already has a transition named 'Not booked': transition names must be unique within a node.",
        },
      );
    });
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
});

test('pearl/graphEdit over stdio: the designer renaming a transition edits the walks file naming the Pearl too', async () => {
  const { folder, walksText, pearlUri, walksUri } = makeWorkspace();
  try {
    await withLspClient(async (client) => {
      await client.initialize({ workspaceFolders: [{ uri: pathToFileURL(folder).href, name: 'w' }] });
      await client.open(pearlUri, bookingPearlText, 1);
      // book is n:4; its first transition is "Booked".
      const result = await client.request<GraphEditResult>('pearl/graphEdit', {
        textDocument: { uri: pearlUri },
        version: 1,
        edit: { kind: 'renameTransition', transition: 'n:4>t:0', name: 'Table booked' },
      });
      const changes = result.edit.documentChanges as TextDocumentEdit[];
      assert.deepEqual(
        changes.map((change) => [change.textDocument.uri, change.textDocument.version]),
        [
          [pearlUri, 1],
          [walksUri, null],
        ],
      );
      assert.equal(applyEdits(walksText, changes[1].edits), walksText.replace('{ "take": "Booked" }', '{ "take": "Table booked" }'));
    });
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
});

test('code actions over stdio: a take naming no transition of the node gets Change to and Take quick fixes in the open walks file', async () => {
  const { folder, walksText, walksUri } = makeWorkspace();
  try {
    await withLspClient(async (client) => {
      await client.initialize({ workspaceFolders: [{ uri: pathToFileURL(folder).href, name: 'w' }] });
      const text = walksText.replace('{ "take": "Booked" }', '{ "take": "Bookd" }');
      await client.open(walksUri, text, 1);
      const published = await client.waitForDiagnostics(walksUri, (params) => params.diagnostics.length > 0);
      const diagnostics = published.diagnostics.filter((diagnostic) => diagnostic.code === 'walk-take-unknown');
      assert.equal(diagnostics.length, 1);
      const actions = await client.request<{ title: string; edit: WorkspaceEdit }[]>('textDocument/codeAction', {
        textDocument: { uri: walksUri },
        range: diagnostics[0].range,
        context: { diagnostics },
      });
      assert.deepEqual(
        actions.map((action) => action.title),
        ["Change to 'Booked'", "Take 'Not booked'"],
      );
      assert.equal(applyEdits(text, actions[0].edit.changes?.[walksUri] ?? []), walksText);
    });
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
});
