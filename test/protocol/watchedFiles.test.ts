// An editor that can register file watchers and does not watch the Pearl files itself is asked to
// (a walks file written on disk is then re-checked at once, not when the walks listing expires);
// the VS Code client, which watches them, and an editor that cannot register are asked nothing.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { LspClient } from '../helpers/lspClient';

/** The requests the server sent after `initialize` with these options, once a request after `initialized` was answered. */
async function requestsAfterInitialize(options: Parameters<LspClient['initialize']>[0]): Promise<LspClient['serverRequests']> {
  const client = LspClient.start('stdio');
  try {
    await client.initialize(options);
    // Answered after `initialized` was handled (messages are handled in order).
    await client.request('workspace/symbol', { query: 'x' });
    return [...client.serverRequests];
  } finally {
    await client.dispose();
  }
}

const canRegister = { didChangeWatchedFiles: { dynamicRegistration: true } };

test('a client that can register watchers is asked to watch .pearlrc.json, Pearl and walks files', async () => {
  const requests = await requestsAfterInitialize({ workspace: canRegister });
  assert.deepEqual(
    requests.map((request) => request.method),
    ['client/registerCapability'],
  );
  const { registrations } = requests[0].params as { registrations: { method: string; registerOptions: unknown }[] };
  assert.deepEqual(
    registrations.map(({ method, registerOptions }) => ({ method, registerOptions })),
    [
      {
        method: 'workspace/didChangeWatchedFiles',
        registerOptions: { watchers: [{ globPattern: '**/.pearlrc.json' }, { globPattern: '**/*.{pearl,walks}.json' }] },
      },
    ],
  );
});

test('the VS Code client (it watches the files itself) and a client that cannot register are asked nothing', async () => {
  assert.deepEqual(await requestsAfterInitialize({ workspace: canRegister, initializationOptions: { watchesFiles: true } }), []);
  assert.deepEqual(await requestsAfterInitialize({ workspace: { didChangeWatchedFiles: { dynamicRegistration: false } } }), []);
  assert.deepEqual(await requestsAfterInitialize({}), []);
});
