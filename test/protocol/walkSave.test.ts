// "Save as walk" on the built server (dist/server.js --stdio), as the walk panel's host asks it:
// pearl/prepareSaveWalk (where, the names taken, the name offered), then pearl/saveWalk, whose
// WorkspaceEdit the client only applies. Asserted: the walks file a user gets, new or extended
// (on disk, or open with unsaved changes), and the refusals a user reads.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { CreateFile, TextDocumentEdit, WorkspaceEdit } from 'vscode-languageserver-types';
import type { SaveWalkTarget } from '#protocol/pearlRequests';
import { withLspClient } from '../helpers/lspClient';
import { bookingPearlText, bookingSteps } from '../helpers/walkPearls';

/** The walk the panel stands on: the booking from the lookup to EndCall. */
const walk = { variables: { phone: '+15550100' }, steps: bookingSteps };

/** The walk as a walks file holds it, each line after `indent`. */
function walkLines(indent: string, name: string): string {
  return [
    '{',
    `  "name": "${name}",`,
    '  "variables": { "phone": "+15550100" },',
    '  "steps": [',
    '    { "response": { "status": 200, "body": { "customer": { "name": "Ana" } } } },',
    '    { "take": "Customer wants to book a table" },',
    '    { "set": { "party_size": "4" } },',
    '    { "take": "Details collected" },',
    '    { "response": { "status": 201, "body": { "bookingId": "B-17" } } },',
    '    { "take": "Booked" },',
    '    { "take": "Sent" }',
    '  ],',
    '  "end": true',
    '}',
  ]
    .map((line) => indent + line)
    .join('\n');
}

/** A folder on disk with the booking Pearl (named `file`); removed by the caller. */
function makeFolder(file = 'booking.pearl.json'): { folder: string; pearlUri: string; walksPath: string; walksUri: string } {
  const folder = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'pearl-save-walk-')));
  fs.writeFileSync(path.join(folder, file), bookingPearlText);
  const walksPath = path.join(folder, file.replace(/\.pearl\.json$/, '.walks.json'));
  return { folder, pearlUri: pathToFileURL(path.join(folder, file)).href, walksPath, walksUri: pathToFileURL(walksPath).href };
}

/** The walks file's text after the client applies `edit` to `text` (undefined: no file yet). */
function applied(text: string | undefined, edit: WorkspaceEdit, walksUri: string): string {
  const changes = edit.documentChanges ?? [];
  const created = changes.filter((change): change is CreateFile => 'kind' in change && change.kind === 'create');
  assert.deepEqual(
    created.map((change) => change.uri),
    text === undefined ? [walksUri] : [],
  );
  const edits = changes.filter((change): change is TextDocumentEdit => 'edits' in change);
  assert.deepEqual(
    edits.map((change) => change.textDocument.uri),
    [walksUri],
  );
  return TextDocument.applyEdits(TextDocument.create(walksUri, 'jsonc', 0, text ?? ''), edits[0].edits);
}

test('Save as walk over stdio: a new walks file beside the Pearl names it and holds the walk', async () => {
  const { folder, pearlUri, walksUri } = makeFolder('Table booking.pearl.json');
  try {
    await withLspClient(async (client) => {
      await client.open(pearlUri, bookingPearlText, 1);
      const target = await client.request<SaveWalkTarget>('pearl/prepareSaveWalk', { textDocument: { uri: pearlUri }, walk });
      assert.deepEqual(target, { walksFile: walksUri, exists: false, takenNames: [], suggestedName: 'Reaches Goodbye' });
      const edit = await client.request<WorkspaceEdit>('pearl/saveWalk', {
        textDocument: { uri: pearlUri },
        walk,
        name: ' Books a table for four ',
      });
      assert.equal(
        applied(undefined, edit, walksUri),
        `{\n  "pearl": "Table booking.pearl.json",\n  "walks": [\n${walkLines('    ', 'Books a table for four')}\n  ]\n}\n`,
      );
    });
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
});

test('Save as walk over stdio: an existing walks file on disk gets the walk at the end, in its indentation, comments kept', async () => {
  const { folder, pearlUri, walksPath, walksUri } = makeFolder();
  const existing =
    '{\n\t// The booking flow\n\t"pearl": "booking.pearl.json",\n\t"walks": [\n\t\t{ "name": "Hangs up", "steps": [{ "take": "Bye" }] } // short\n\t]\n}\n';
  fs.writeFileSync(walksPath, existing);
  try {
    await withLspClient(async (client) => {
      await client.open(pearlUri, bookingPearlText, 1);
      const target = await client.request<SaveWalkTarget>('pearl/prepareSaveWalk', { textDocument: { uri: pearlUri }, walk });
      assert.deepEqual(target, { walksFile: walksUri, exists: true, takenNames: ['Hangs up'], suggestedName: 'Reaches Goodbye' });
      const edit = await client.request<WorkspaceEdit>('pearl/saveWalk', { textDocument: { uri: pearlUri }, walk, name: 'Books' });
      assert.equal(
        applied(existing, edit, walksUri),
        '{\n\t// The booking flow\n\t"pearl": "booking.pearl.json",\n\t"walks": [\n\t\t{ "name": "Hangs up", "steps": [{ "take": "Bye" }] }, // short\n' +
          `${walkLines('\t\t', 'Books').replaceAll('  ', '\t')}\n\t]\n}\n`,
      );
      await assert.rejects(client.request('pearl/saveWalk', { textDocument: { uri: pearlUri }, walk, name: 'Hangs up' }), {
        code: -32803,
        message: 'A walk named "Hangs up" is already in the file.',
      });
    });
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
});

test('Save as walk over stdio: an open walks file is extended as the editor has it, at its version', async () => {
  const { folder, pearlUri, walksPath, walksUri } = makeFolder();
  fs.writeFileSync(walksPath, '{ "pearl": "booking.pearl.json", "walks": [] }\n');
  const unsaved = '{\n  "pearl": "booking.pearl.json",\n  "walks": []\n}\n';
  try {
    await withLspClient(async (client) => {
      await client.open(pearlUri, bookingPearlText, 1);
      await client.open(walksUri, unsaved, 5);
      const edit = await client.request<WorkspaceEdit>('pearl/saveWalk', { textDocument: { uri: pearlUri }, walk, name: 'Books' });
      assert.deepEqual((edit.documentChanges?.[0] as TextDocumentEdit).textDocument, { uri: walksUri, version: 5 });
      assert.equal(
        applied(unsaved, edit, walksUri),
        `{\n  "pearl": "booking.pearl.json",\n  "walks": [\n${walkLines('    ', 'Books')}\n  ]\n}\n`,
      );
    });
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
});

test('Save as walk over stdio: refusals a user reads, malformed params refused, null for a closed Pearl', async () => {
  const { folder, pearlUri, walksPath } = makeFolder();
  try {
    await withLspClient(async (client) => {
      await client.open(pearlUri, bookingPearlText, 1);
      await assert.rejects(
        client.request('pearl/prepareSaveWalk', { textDocument: { uri: pearlUri }, walk: { steps: [{ take: 'Nowhere' }] } }),
        { code: -32803, message: 'The walk stops at step 1: go Back before saving it.' },
      );
      await assert.rejects(client.request('pearl/saveWalk', { textDocument: { uri: pearlUri }, walk, name: '  ' }), {
        code: -32803,
        message: 'Give the walk a name.',
      });
      fs.writeFileSync(walksPath, '{ "walks": [ ');
      await assert.rejects(client.request('pearl/prepareSaveWalk', { textDocument: { uri: pearlUri }, walk }), {
        code: -32803,
        message: 'booking.walks.json: The walks file does not parse: fix it, then save the walk again.',
      });
      await client.open('untitled:Untitled-1', bookingPearlText, 1);
      await assert.rejects(client.request('pearl/prepareSaveWalk', { textDocument: { uri: 'untitled:Untitled-1' }, walk }), {
        code: -32803,
        message: 'Save the Pearl file first: its walks file goes beside it.',
      });
      await assert.rejects(client.request('pearl/saveWalk', { textDocument: { uri: pearlUri }, walk }), { code: -32602 });
      assert.equal(await client.request('pearl/saveWalk', { textDocument: { uri: `${pearlUri}.closed` }, walk, name: 'A' }), null);
    });
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
});
