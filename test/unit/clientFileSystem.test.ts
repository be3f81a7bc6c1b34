// The web worker server reads `.pearlrc.json` and workspace files through the client
// (server/src/clientFileSystem.ts): these drive it with a fake connection answering the
// pearl/workspace/* requests as the VS Code client would.
import { describe, test } from 'node:test';
import * as assert from 'node:assert/strict';
import type { Connection } from 'vscode-languageserver';
import { ClientConfigurationFiles, createClientFileSystem } from '../../server/src/clientFileSystem';

/** A connection whose requests `answer` settles; records each request and each logged error. */
function fakeConnection(answer: (method: string, uri: string) => Promise<unknown>): {
  connection: Connection;
  requests: string[];
  errors: string[];
} {
  const requests: string[] = [];
  const errors: string[] = [];
  const connection = {
    sendRequest: (type: { method: string }, params: { uri: string }) => {
      requests.push(`${type.method} ${params.uri}`);
      return answer(type.method, params.uri);
    },
    console: { error: (message: string) => errors.push(message) },
  } as unknown as Connection;
  return { connection, requests, errors };
}

/** Lets the pending request answers and their callbacks run. */
const settle = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

const rcUri = 'vscode-vfs://github/acme/agents/.pearlrc.json';

describe('ClientConfigurationFiles (the web server reading .pearlrc.json through the client)', () => {
  test('answers nothing at first, then the text read, and validates again once it arrives', async () => {
    let text: string | null = '{ "rules": { "variable-undeclared": "off" } }';
    const { connection, requests } = fakeConnection(() => Promise.resolve(text));
    const files = new ClientConfigurationFiles(connection);
    let revalidations = 0;
    files.onChanged(() => revalidations++);

    assert.equal(files.read(rcUri), undefined);
    await settle();
    assert.equal(revalidations, 1);
    assert.equal(files.read(rcUri), text);
    await settle();
    assert.equal(revalidations, 1, 'the same text read again must not validate again');

    text = null;
    assert.equal(files.read(rcUri), '{ "rules": { "variable-undeclared": "off" } }');
    await settle();
    assert.equal(revalidations, 2, 'a deleted file validates again');
    assert.equal(files.read(rcUri), undefined);
    assert.deepEqual(requests, Array(4).fill(`pearl/workspace/readFile ${rcUri}`));
  });

  test('a folder without the file never validates again; one read at a time per file', async () => {
    const { connection, requests } = fakeConnection(() => Promise.resolve(null));
    const files = new ClientConfigurationFiles(connection);
    let revalidations = 0;
    files.onChanged(() => revalidations++);
    files.read(rcUri);
    files.read(rcUri);
    await settle();
    assert.equal(requests.length, 1);
    assert.equal(files.read(rcUri), undefined);
    await settle();
    assert.equal(revalidations, 0);
  });

  test('a refused read is logged and counts as no file', async () => {
    const { connection, errors } = fakeConnection(() => Promise.reject(new Error('permission denied')));
    const files = new ClientConfigurationFiles(connection);
    assert.equal(files.read(rcUri), undefined);
    await settle();
    assert.deepEqual(errors, [`Pearl: cannot read ${rcUri}: permission denied`]);
    assert.equal(files.read(rcUri), undefined);
  });
});

describe('createClientFileSystem (workspace symbols on the web)', () => {
  test('reads through the client; a missing file rejects, as the service expects', async () => {
    const { connection, requests } = fakeConnection((method, uri) => {
      if (method === 'pearl/workspace/readDirectory') return Promise.resolve([{ name: 'a.pearl.json', type: 'file' }]);
      if (method === 'pearl/workspace/stat') return Promise.resolve({ mtime: 5, size: 12 });
      return Promise.resolve(uri.endsWith('a.pearl.json') ? '{}' : null);
    });
    const fileSystem = createClientFileSystem(connection);
    assert.deepEqual(await fileSystem.readDirectory('memfs:/w/'), [{ name: 'a.pearl.json', type: 'file' }]);
    assert.deepEqual(await fileSystem.stat('memfs:/w/a.pearl.json'), { mtime: 5, size: 12 });
    assert.equal(await fileSystem.readFile('memfs:/w/a.pearl.json'), '{}');
    await assert.rejects(fileSystem.readFile('memfs:/w/gone.pearl.json'), /memfs:\/w\/gone\.pearl\.json does not exist/);
    assert.deepEqual(requests, [
      'pearl/workspace/readDirectory memfs:/w/',
      'pearl/workspace/stat memfs:/w/a.pearl.json',
      'pearl/workspace/readFile memfs:/w/a.pearl.json',
      'pearl/workspace/readFile memfs:/w/gone.pearl.json',
    ]);
  });
});
