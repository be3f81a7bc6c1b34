// pearl-lint keeps V8's code cache of its two bundles (the linter's and the service's) between runs
// (server/src/cli/codeCache.ts):
// the bundle run as a child process with its own temporary folder, and what a user sees.
import { after, before, test } from 'node:test';
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { repositoryRoot } from '../helpers/paths';

// Its unknown-target error's message is what the tests change in the service.
const brokenExample = path.join(repositoryRoot, 'examples', 'broken', 'graph.pearl.json');
const message = /^graph\.pearl\.json:\d+:\d+: error unknown-target toNodeId '[^']+' names no node of this Pearl\.$/m;

let work: string;
let tmp: string;
let dist: string;
let cacheFolder: string;

before(() => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'pearl-code-cache-'));
  tmp = path.join(work, 'tmp');
  fs.mkdirSync(tmp);
  // A copy of the bundles: the tests change its service.js.
  dist = path.join(work, 'dist');
  fs.mkdirSync(dist);
  for (const file of ['pearl-lint.js', 'pearl-lint-cli.js', 'service.js'])
    fs.copyFileSync(path.join(repositoryRoot, 'dist', file), path.join(dist, file));
  fs.copyFileSync(brokenExample, path.join(work, 'graph.pearl.json'));
  cacheFolder = path.join(tmp, `pearl-lint-cache-${process.getuid?.() ?? 'user'}`);
});

after(() => {
  fs.rmSync(work, { recursive: true, force: true });
});

/** Runs the copied bundle on graph.pearl.json (an example with errors) with `env` and the test's temporary folder; its standard output. */
function lint(env: Record<string, string> = {}): string {
  const result = spawnSync(process.execPath, [path.join(dist, 'pearl-lint.js'), 'graph.pearl.json'], {
    cwd: work,
    env: { ...process.env, GITHUB_ACTIONS: '', NODE_DISABLE_COMPILE_CACHE: '', TMPDIR: tmp, TMP: tmp, TEMP: tmp, ...env },
    encoding: 'utf8',
  });
  assert.equal(result.status, 1, result.stderr);
  return result.stdout;
}

function caches(): string[] {
  return fs.existsSync(cacheFolder) ? fs.readdirSync(cacheFolder).filter((name) => name.endsWith('.v8-cache')) : [];
}

test('a run keeps a cache of each bundle in a folder of the temporary folder only its user can write; the next run lints the same', () => {
  const first = lint();
  assert.match(first, message);
  const kept = caches().map((name) => name.slice(0, name.indexOf('.js-') + 3));
  assert.deepEqual(kept.sort(), ['pearl-lint-cli.js', 'service.js']);
  if (process.platform !== 'win32') assert.equal(fs.statSync(cacheFolder).mode & 0o777, 0o700);
  assert.equal(lint(), first);
  assert.equal(caches().length, 2);
});

test('a cache made from another text of the same length is not used', () => {
  const service = path.join(dist, 'service.js');
  const original = fs.readFileSync(service, 'utf8');
  assert.ok(original.includes('names no node'));
  // V8 checks only the length of the text a cache was made from: this cache would run the changed code.
  fs.writeFileSync(service, original.replaceAll('names no node', 'NAMES NO NODE'));
  try {
    assert.match(lint(), /NAMES NO NODE/);
  } finally {
    fs.writeFileSync(service, original);
  }
  assert.match(lint(), message);
  assert.doesNotMatch(lint(), /NAMES NO NODE/);
});

test(
  'no cache is kept in a folder others can write, nor with NODE_DISABLE_COMPILE_CACHE=1',
  { skip: process.platform === 'win32' ? 'POSIX permissions' : false },
  () => {
    fs.rmSync(cacheFolder, { recursive: true, force: true });
    lint({ NODE_DISABLE_COMPILE_CACHE: '1' });
    assert.deepEqual(caches(), []);
    fs.mkdirSync(cacheFolder, { mode: 0o777 });
    fs.chmodSync(cacheFolder, 0o777);
    assert.match(lint(), message);
    assert.deepEqual(caches(), []);
  },
);
