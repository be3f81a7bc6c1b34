// The file URIs pearl-lint gives the service for each file: Node's own conversion, made cheaper.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { fileUri } from '../../server/src/cli/lintFiles';

test('a file URI is what pathToFileURL gives, whatever the folder and the name', () => {
  const root = path.resolve('/tmp');
  const names = [
    'a.pearl.json',
    'Order_Flow-2.pearl.json',
    'b c.pearl.json',
    'é.pearl.json',
    'x#1.pearl.json',
    'y%20.pearl.json',
    '.hidden.pearl.json',
  ];
  const folders = [root, path.join(root, 'with space'), path.join(root, 'ünï', 'dé#p'), path.join(root, '100%')];
  for (const folder of folders) {
    for (const name of names) {
      const file = path.join(folder, name);
      // Twice: the second comes from the folder's URI kept by the first.
      assert.equal(fileUri(file), pathToFileURL(file).href, file);
      assert.equal(fileUri(file), pathToFileURL(file).href, file);
    }
  }
  assert.equal(fileUri(path.resolve('/a.pearl.json')), pathToFileURL(path.resolve('/a.pearl.json')).href);
});
