// The one error boundary (createErrorBoundary, server/src/service/pearlLanguageService.ts): a feature
// that throws (a bug) answers its empty result and logs one line, through the language server's
// setup over a real JSON-RPC connection and through the service as pearl-lint and the library call
// it. The feature is made to throw by replacing its module's export, so this runs the server
// in-process (startServer, the setup server.ts runs) rather than the bundle.
import { afterEach, mock, test } from 'node:test';
import * as assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { createMessageConnection, StreamMessageReader, StreamMessageWriter } from 'vscode-jsonrpc/node';
import { createConnection, ProposedFeatures } from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import * as hoverFeature from '../../server/src/service/features/hover';
import * as graphFeature from '../../server/src/service/features/pearlGraph';
import { getLanguageService } from '../../server/src/service/pearlLanguageService';
import { objectParamsStrategy, startServer } from '../../server/src/serverSetup';
import { textPearl } from '../helpers/documents';
import { waitFor } from '../helpers/wait';

const uri = 'file:///workspace/boundary.pearl.json';
const text = textPearl();

afterEach(() => mock.restoreAll());

/** Starts the server's setup on in-memory streams, opens the document and hands a client connection to `run`. */
async function withInProcessServer(
  run: (request: <R>(method: string, params: unknown) => Promise<R>, logged: () => string[]) => Promise<void>,
): Promise<void> {
  const toServer = new PassThrough();
  const toClient = new PassThrough();
  const server = createConnection(ProposedFeatures.all, new StreamMessageReader(toServer), new StreamMessageWriter(toClient), {
    messageStrategy: objectParamsStrategy,
  });
  startServer(server, {
    runtime: 'a test',
    version: '0.0.0',
    walksFileAccess: { readFile: () => Promise.reject(new Error('no files')), findWalksFiles: async () => [] },
  });
  const client = createMessageConnection(new StreamMessageReader(toClient), new StreamMessageWriter(toServer));
  const logs: string[] = [];
  client.onNotification('window/logMessage', (params: { type: number; message: string }) => {
    if (params.type === 1) logs.push(params.message);
  });
  client.onNotification('textDocument/publishDiagnostics', () => undefined);
  client.onRequest(() => null);
  client.listen();
  try {
    await client.sendRequest('initialize', { processId: null, rootUri: null, capabilities: {} });
    await client.sendNotification('initialized', {});
    await client.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'pearl', version: 1, text } });
    await run(
      (method, params) => client.sendRequest(method, params),
      () => logs,
    );
  } finally {
    await client.sendRequest('shutdown');
    client.dispose();
    server.dispose();
  }
}

test('a feature that throws answers empty and logs one line, through the language server', async () => {
  mock.method(hoverFeature, 'doHover', () => {
    throw new Error('a bug in hover');
  });
  await withInProcessServer(async (request, logged) => {
    const hover = await request('textDocument/hover', { textDocument: { uri }, position: { line: 1, character: 4 } });
    assert.equal(hover, null);
    const lines = await waitFor('the error line', () => logged().length > 0 && logged());
    assert.equal(lines.length, 1);
    assert.match(lines[0], /^pearl: internal error in doHover: Error: a bug in hover\n\s+at /);
    assert.doesNotMatch(lines[0], /nodes/, 'the document text is not logged');
  });
});

test("the server's own glue runs under the same boundary: the graph request answers null and logs one line", async () => {
  mock.method(graphFeature, 'getPearlGraph', () => {
    throw new Error('a bug in the graph');
  });
  await withInProcessServer(async (request, logged) => {
    assert.equal(await request('pearl/graph', { textDocument: { uri } }), null);
    const lines = await waitFor('the error line', () => logged().length > 0 && logged());
    assert.equal(lines.length, 1);
    assert.match(lines[0], new RegExp(`^pearl: internal error in graph \\(${uri}\\): Error: a bug in the graph\\n`));
  });
});

test('a feature that throws answers empty and reports one line, through the service', () => {
  mock.method(hoverFeature, 'doHover', () => {
    throw new Error('a bug in hover');
  });
  const reports: string[] = [];
  const service = getLanguageService({ reportError: (message) => reports.push(message) });
  const doc = service.parsePearlDocument(TextDocument.create(uri, 'pearl', 1, text));
  assert.equal(service.doHover(doc, { line: 1, character: 4 }), null);
  assert.equal(reports.length, 1);
  assert.match(reports[0], /^pearl: internal error in doHover: Error: a bug in hover\n/);
});
