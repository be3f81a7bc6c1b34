// Every citation of a section of docs/ in the code names a heading that exists in this repository's
// docs/, so a reader can follow it (scripts/checkCitations.mjs says which forms it reads).
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as path from 'node:path';
import { repositoryRoot } from '../helpers/lspClient';

test('every citation in server, client, test and bench resolves to a heading of docs/', () => {
  const result = spawnSync(
    process.execPath,
    [path.join(repositoryRoot, 'scripts', 'checkCitations.mjs'), 'server', 'client', 'test', 'bench'],
    {
      cwd: repositoryRoot,
      encoding: 'utf8',
    },
  );
  assert.equal(result.status, 0, result.stdout + result.stderr);
  assert.match(result.stdout, /All \d+ citations resolve/);
});
