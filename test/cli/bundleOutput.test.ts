// The built pearl-lint (dist/pearl-lint.js) loads what a run needs only when it needs it (--cache's
// hashing, the CI formats, the coverage report) and writes its output with synchronous writes
// instead of Node's streams (server/src/cli/syncOutput.ts): each of those, through real pipes.
import { after, before, test } from 'node:test';
import * as assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { runPearlLint } from '../../server/src/cli/pearlLint';
import { threeProblemsTextPearl } from '../helpers/fixtures';
import { repositoryRoot } from '../helpers/paths';
import { bookingWalksText, cleanBookingPearlText } from '../helpers/walkPearls';

const lintBundle = path.join(repositoryRoot, 'dist', 'pearl-lint.js');
/** Broken Pearls: three problems each, so that 400 of them make a JSON report far over a pipe's 64 KiB. */
const brokenCount = 400;
let work: string;

before(() => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'pearl-lint-bundle-'));
  fs.mkdirSync(path.join(work, 'broken'));
  for (let i = 0; i < brokenCount; i++) {
    fs.writeFileSync(path.join(work, 'broken', `p${String(i).padStart(3, '0')}.pearl.json`), threeProblemsTextPearl);
  }
  fs.mkdirSync(path.join(work, 'flow'));
  fs.writeFileSync(path.join(work, 'flow', 'booking.pearl.json'), cleanBookingPearlText);
  fs.writeFileSync(path.join(work, 'flow', 'booking.walks.json'), bookingWalksText);
});

after(() => fs.rmSync(work, { recursive: true, force: true }));

/** The bundle's standard output, standard error and exit status (stdout and stderr are pipes). */
function runBundle(args: string[], cwd = work): { status: number | null; stdout: string; stderr: string } {
  try {
    const stdout = execFileSync(process.execPath, [lintBundle, ...args], {
      cwd,
      encoding: 'utf8',
      stdio: 'pipe',
      maxBuffer: 64 * 1024 * 1024,
      env: { ...process.env, GITHUB_ACTIONS: '' },
    });
    return { status: 0, stdout, stderr: '' };
  } catch (error) {
    const failed = error as { status: number | null; stdout: string; stderr: string };
    return { status: failed.status, stdout: failed.stdout, stderr: failed.stderr };
  }
}

/** runPearlLint in this process, for what the bundle must print. */
async function runInProcess(args: string[], cwd = work): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await runPearlLint(args, {
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
    cwd,
    env: {},
  });
  return { code, stdout, stderr };
}

test('a report larger than a pipe holds arrives whole, with the summary after it on stderr', async () => {
  const bundled = runBundle(['--format', 'json', 'broken']);
  const expected = await runInProcess(['--format', 'json', 'broken']);
  assert.equal(bundled.status, 1);
  assert.ok(bundled.stdout.length > 256 * 1024, `${bundled.stdout.length} characters`);
  assert.equal(bundled.stdout, expected.stdout);
  assert.equal(bundled.stderr, expected.stderr);
  assert.equal(bundled.stderr, `${brokenCount * 2} errors, ${brokenCount} warnings in ${brokenCount} files\n`);
});

test('a run of many files, which tunes V8 for a batch, prints what runPearlLint prints, on worker threads too', async () => {
  const expected = await runInProcess(['broken']);
  for (const args of [['broken'], ['--concurrency', '2', 'broken']]) {
    const bundled = runBundle(args);
    assert.equal(bundled.status, 1, args.join(' '));
    assert.equal(bundled.stdout, expected.stdout, args.join(' '));
    assert.equal(bundled.stderr, expected.stderr, args.join(' '));
  }
});

test('a reader that stops early (pearl-lint | head) ends the run quietly', async () => {
  const child = spawn(process.execPath, [lintBundle, 'broken'], { cwd: work, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  // Close the pipe before the run writes: its writes meet EPIPE.
  child.stdout.destroy();
  const status = await new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  assert.equal(status, 1);
  assert.doesNotMatch(stderr, /internal error|EPIPE|at .*\.js:\d+/);
  assert.match(stderr, /800 errors, 400 warnings in 400 files\n$/);
});

test('the formats loaded on demand (sarif, github, junit) print what runPearlLint prints', async () => {
  for (const format of ['sarif', 'github', 'junit']) {
    const bundled = runBundle(['--format', format, path.join('broken', 'p000.pearl.json')]);
    const expected = await runInProcess(['--format', format, path.join('broken', 'p000.pearl.json')]);
    assert.equal(bundled.status, 1, format);
    assert.ok(bundled.stdout.length > 0, format);
    assert.equal(bundled.stdout, expected.stdout, format);
  }
});

test('--cache, loaded on demand, writes its cache and a second run reports the same from it', () => {
  const cacheLocation = path.join(work, '.bundle-cache');
  const first = runBundle(['--cache', '--cache-location', cacheLocation, '--format', 'json', 'broken']);
  assert.ok(fs.statSync(cacheLocation).size > 0);
  const second = runBundle(['--cache', '--cache-location', cacheLocation, '--format', 'json', 'broken']);
  assert.equal(first.status, 1);
  assert.equal(second.stdout, first.stdout);
  assert.equal(second.stderr, first.stderr);
});

test('--coverage from the bundle prints what runPearlLint prints', async () => {
  const cwd = path.join(work, 'flow');
  const bundled = runBundle(['--coverage', '.'], cwd);
  const expected = await runInProcess(['--coverage', '.'], cwd);
  assert.equal(bundled.stdout, expected.stdout);
  assert.match(bundled.stdout, /^booking\.pearl\.json: 5 of 10 transitions taken by 1 walk$/m);
});
