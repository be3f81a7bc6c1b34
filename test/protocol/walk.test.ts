// pearl/walk and pearl/walkCoverage on the built server (dist/server.js --stdio), as the walk panel
// calls them: the trace of the steps taken so far through the open Pearl.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { WalkCoverage, WalkTrace } from '#protocol/pearlRequests';
import { getLanguageService } from '../../server/src/service/pearlLanguageService';
import { withLspClient } from '../helpers/lspClient';
import { valueRange } from '../helpers/text';
import { bookingPearlText, bookingSteps, bookingWalksText } from '../helpers/walkPearls';

const pearlUri = 'file:///workspace/booking.pearl.json';
const pearlText = `{
  "$schema": "../schemas/text-pearl.schema.json",
  "name": "Booking",
  "variables": [
    { "id": "customer_name", "name": "Name", "group": 1, "type": 1 },
    { "id": "party_size", "name": "Party size", "group": 2, "type": 2 }
  ],
  "pearl": {
    "nodes": [
      { "nodeId": "open", "name": "Open", "nodeType": 2, "script": "Hi {customer_name}!",
        "transitions": [{ "name": "Customer wants to book a table", "toNodeId": "ask" }] },
      { "nodeId": "ask", "name": "Ask", "nodeType": 10, "script": "For how many?",
        "transitions": [{ "name": "Details collected", "toNodeId": "book" }] },
      { "nodeId": "book", "name": "Book", "nodeType": 40,
        "apiSettings": { "name": "Book", "method": 2, "endpointUrl": "https://api.example.com/bookings?size={party_size}",
          "body": [{ "key": "size", "variableId": "party_size" }, { "key": "name", "type": 1, "value": "{customer_name}" }],
          "outputBody": [{ "key": "bookingId", "variableId": "booking_id" }] },
        "transitions": [{ "name": "Booked", "toNodeId": "end" }] },
      { "nodeId": "end", "name": "End", "nodeType": 100 }
    ]
  }
}
`;

test('pearl/walk over stdio: the trace of the steps so far, a failure on the step that fails, null for a closed document', async () => {
  await withLspClient(async (client) => {
    await client.initialize();
    await client.open(pearlUri, pearlText, 1);
    const trace = await client.request<WalkTrace>('pearl/walk', {
      textDocument: { uri: pearlUri },
      walk: {
        variables: { customer_name: 'Ana' },
        steps: [{ take: 'Customer wants to book a table' }, { set: { party_size: '4' } }, { take: 'Details collected' }],
      },
    });
    assert.equal(trace.failure, undefined);
    assert.deepEqual(
      trace.frames.map((frame) => [frame.nodeId, frame.reachedBy]),
      [
        ['open', -1],
        ['ask', 0],
        ['book', 2],
      ],
    );
    assert.equal(trace.frames[0].says?.text, 'Hi Ana!');
    const request = trace.frames[2].request;
    assert.equal(request?.method, 'POST');
    assert.equal(request?.url.text, 'https://api.example.com/bookings?size=4');
    assert.deepEqual(request?.body, { size: 4, name: 'Ana' });
    assert.deepEqual(
      trace.frames[2].choices.map((choice) => [choice.name, choice.edgeKey, choice.targetKey]),
      [['Booked', 'n:2>t:0', 'n:3']],
    );

    const failed = await client.request<WalkTrace>('pearl/walk', {
      textDocument: { uri: pearlUri },
      walk: { steps: [{ take: 'Customer wants to book' }] },
    });
    assert.equal(failed.failure?.step, 0);
    assert.equal(
      failed.failure?.message,
      "OpeningSentence node 'open' has no transition 'Customer wants to book'; its transitions are 'Customer wants to book a table'.",
    );

    const closed = await client.request<WalkTrace | null>('pearl/walk', {
      textDocument: { uri: 'file:///workspace/other.pearl.json' },
      walk: { steps: [] },
    });
    assert.equal(closed, null);
  });
});

/** A workspace folder on disk with the booking Pearl and its walks file; removed by the caller. */
function makeWorkspace(): { folder: string; pearlUri: string; walksUri: string } {
  const folder = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'pearl-walks-')));
  fs.writeFileSync(path.join(folder, 'booking.pearl.json'), bookingPearlText);
  fs.mkdirSync(path.join(folder, 'walks'));
  fs.writeFileSync(
    path.join(folder, 'walks', 'booking.walks.json'),
    bookingWalksText.replace('"booking.pearl.json"', '"../booking.pearl.json"'),
  );
  return {
    folder,
    pearlUri: pathToFileURL(path.join(folder, 'booking.pearl.json')).href,
    walksUri: pathToFileURL(path.join(folder, 'walks', 'booking.walks.json')).href,
  };
}

test('walks files over stdio: an open walks file is checked against its Pearl read from disk, then against the open Pearl as it changes', async () => {
  const { folder, pearlUri, walksUri } = makeWorkspace();
  try {
    await withLspClient(async (client) => {
      await client.initialize({ workspaceFolders: [{ uri: pathToFileURL(folder).href, name: 'w' }] });
      const walksText = fs.readFileSync(new URL(walksUri), 'utf8');
      await client.open(walksUri, walksText, 1);
      // The Pearl is not open: it is read from disk, and the walk passes.
      const clean = await client.waitForDiagnostics(walksUri, (params) => params.version === 1 && params.diagnostics.length === 0);
      assert.deepEqual(clean.diagnostics, []);
      // The Pearl opens with a transition renamed: the open walks file reports the step that takes it.
      await client.open(pearlUri, bookingPearlText.replace('"name": "Details collected"', '"name": "Party size collected"'), 1);
      const failed = await client.waitForDiagnostics(walksUri, (params) => params.diagnostics.length > 0);
      assert.deepEqual(
        failed.diagnostics.map((diagnostic) => [diagnostic.code, diagnostic.range]),
        [['walk-take-unknown', valueRange(walksText, '"take": "Details collected"')]],
      );
    });
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
});

test('walks files over stdio: a change to a Pearl re-checks its walks file that is not open (read from disk, published without a version)', async () => {
  const { folder, pearlUri, walksUri } = makeWorkspace();
  try {
    await withLspClient(async (client) => {
      await client.initialize({ workspaceFolders: [{ uri: pathToFileURL(folder).href, name: 'w' }] });
      await client.open(pearlUri, bookingPearlText, 1);
      const first = await client.waitForDiagnostics(walksUri);
      assert.deepEqual(first.diagnostics, []);
      assert.equal(first.version, undefined);
      await client.change(pearlUri, 2, [{ text: bookingPearlText.replace('"name": "Sent"', '"name": "SMS sent"') }]);
      const failed = await client.waitForDiagnostics(walksUri, (params) => params.diagnostics.length > 0);
      const walksText = fs.readFileSync(new URL(walksUri), 'utf8');
      assert.deepEqual(
        failed.diagnostics.map((diagnostic) => [diagnostic.code, diagnostic.severity, diagnostic.range, diagnostic.message]),
        [
          [
            'walk-take-unknown',
            1,
            valueRange(walksText, '"take": "Sent"'),
            "SMS node 'confirm' has no transition 'Sent'; its transitions are 'SMS sent'.",
          ],
        ],
      );
    });
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
});

test("pearl/walkCoverage over stdio: the edge keys the workspace's saved walks take, and each walk", async () => {
  const { folder, pearlUri, walksUri } = makeWorkspace();
  try {
    await withLspClient(async (client) => {
      await client.initialize({ workspaceFolders: [{ uri: pathToFileURL(folder).href, name: 'w' }] });
      await client.open(pearlUri, bookingPearlText, 1);
      const coverage = await client.request<WalkCoverage>('pearl/walkCoverage', { textDocument: { uri: pearlUri } });
      assert.deepEqual(coverage.covered, ['n:0>t:0', 'n:1>t:0', 'n:3>t:0', 'n:4>t:0', 'n:5>t:0']);
      assert.deepEqual(
        coverage.walks.map((walk) => [walk.uri, walk.name, walk.passed]),
        [[walksUri, 'Books a table for four', true]],
      );
      assert.equal(
        await client.request('pearl/walkCoverage', { textDocument: { uri: pathToFileURL(path.join(folder, 'x.pearl.json')).href } }),
        null,
      );
    });
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
});

test('the trace of a walk through pearl/walk equals the trace the walks-file check computes for the same steps', async () => {
  const input = { variables: { phone: '+15550100' }, steps: [...bookingSteps] };
  const service = getLanguageService();
  const pearlDoc = service.parsePearlDocument(TextDocument.create(pearlUri, 'pearl', 1, bookingPearlText));
  // The walks-file check runs this trace: its diagnostics are none exactly when it passes, and the
  // coverage it reports is the path of its frames.
  const checked = service.walk(pearlDoc, input);
  const walksDoc = service.parsePearlDocument(TextDocument.create('file:///workspace/booking.walks.json', 'jsonc', 1, bookingWalksText));
  assert.deepEqual(service.checkWalksFile(walksDoc, pearlDoc), []);
  assert.deepEqual(
    service.getWalkCoverage(pearlDoc, [walksDoc]).covered,
    checked.frames.flatMap((frame) => (frame.reachedVia ? [frame.reachedVia] : [])),
  );
  await withLspClient(async (client) => {
    await client.initialize();
    await client.open(pearlUri, bookingPearlText, 1);
    const interactive = await client.request<WalkTrace>('pearl/walk', { textDocument: { uri: pearlUri }, walk: input });
    assert.deepEqual(interactive, checked);
  });
});
