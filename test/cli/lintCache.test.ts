// pearl-lint --cache (issue 35): a file's result is reused only when nothing that could change it
// changed. Each test poisons the cache (every cached record becomes a marker) and checks that the
// marker shows for an unchanged file and never for a changed one: the cache hides no change.
import { after, test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { computeKey } from '../../server/src/cli/lintCache';
import { runPearlLint } from '../../server/src/cli/pearlLint';
import { exampleText, threeProblemsTextPearl } from '../helpers/fixtures';

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'pearl-lint-cache-'));
after(() => fs.rmSync(work, { recursive: true, force: true }));

async function lint(args: string[], cwd: string): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await runPearlLint(args, {
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
    cwd,
  });
  return { code, stdout, stderr };
}

/** Replaces every cached record by one marker record (code `cached-marker`). */
function poison(cacheFile: string): void {
  const content = JSON.parse(fs.readFileSync(cacheFile, 'utf8')) as { files: Record<string, { records: unknown[] }> };
  for (const entry of Object.values(content.files)) {
    entry.records = [
      { line: 1, column: 1, endLine: 1, endColumn: 1, severity: 'warning', code: 'cached-marker', message: 'from the cache' },
    ];
  }
  fs.writeFileSync(cacheFile, JSON.stringify(content));
}

/** The files whose report shows the marker. */
async function fromCache(cwd: string, args: string[] = []): Promise<string[]> {
  const run = await lint(['--cache', ...args, '.'], cwd);
  return run.stdout
    .split('\n')
    .filter((line) => line.includes('cached-marker'))
    .map((line) => line.split(':')[0])
    .sort();
}

function setUp(files: Record<string, string>): string {
  const folder = fs.mkdtempSync(path.join(work, 'case-'));
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.join(folder, path.dirname(name)), { recursive: true });
    fs.writeFileSync(path.join(folder, name), text);
  }
  return folder;
}

test('an unchanged file is reused; a changed text, a changed .pearlrc.json or another --rule are checked again', async () => {
  const folder = setUp({
    'a.pearl.json': threeProblemsTextPearl,
    'b.pearl.json': threeProblemsTextPearl,
    'sub/c.pearl.json': threeProblemsTextPearl,
  });
  const first = await lint(['--cache', '.'], folder);
  assert.equal(first.code, 1);
  const cacheFile = path.join(folder, '.pearllintcache');
  poison(cacheFile);
  assert.deepEqual(await fromCache(folder), ['a.pearl.json', 'b.pearl.json', 'sub/c.pearl.json']);
  poison(cacheFile);
  fs.appendFileSync(path.join(folder, 'a.pearl.json'), '\n');
  assert.deepEqual(await fromCache(folder), ['b.pearl.json', 'sub/c.pearl.json']);
  poison(cacheFile);
  fs.writeFileSync(path.join(folder, 'sub', '.pearlrc.json'), '{ "rules": { "variable-undeclared": "off" } }');
  assert.deepEqual(await fromCache(folder), ['a.pearl.json', 'b.pearl.json']);
  poison(cacheFile);
  assert.deepEqual(await fromCache(folder, ['--rule', 'variable-undeclared=info']), []);
  poison(cacheFile);
  assert.deepEqual(await fromCache(folder, ['--report-unused-disable-directives']), []);
  // Without --cache, nothing is read from it.
  assert.ok(!(await lint(['.'], folder)).stdout.includes('cached-marker'));
});

test('a walks file is checked again when the Pearl it names changes', async () => {
  const folder = setUp({
    'clinic-reminders.pearl.json': exampleText('clinic-reminders.pearl.json'),
    'clinic-reminders.walks.json': exampleText('clinic-reminders.walks.json'),
  });
  await lint(['--cache', '.'], folder);
  const cacheFile = path.join(folder, '.pearllintcache');
  poison(cacheFile);
  assert.deepEqual(await fromCache(folder), ['clinic-reminders.pearl.json', 'clinic-reminders.walks.json']);
  poison(cacheFile);
  fs.appendFileSync(path.join(folder, 'clinic-reminders.pearl.json'), '\n');
  assert.deepEqual(await fromCache(folder), []);
});

test('a cache of another pearl-lint version is not used, and the version is part of every key', async () => {
  const folder = setUp({ 'a.pearl.json': threeProblemsTextPearl });
  const cacheFile = path.join(folder, 'custom-cache');
  await lint(['--cache-location', 'custom-cache', '.'], folder);
  poison(cacheFile);
  assert.deepEqual(await fromCache(folder, ['--cache-location', 'custom-cache']), ['a.pearl.json']);
  poison(cacheFile);
  const content = JSON.parse(fs.readFileSync(cacheFile, 'utf8')) as { version: string };
  content.version = '0.0.0-older';
  fs.writeFileSync(cacheFile, JSON.stringify(content));
  assert.deepEqual(await fromCache(folder, ['--cache-location', 'custom-cache']), []);
  const file = path.join(folder, 'a.pearl.json');
  assert.notEqual(computeKey(file, 'x', { rules: {} }, '{}', '1.0.0'), computeKey(file, 'x', { rules: {} }, '{}', '1.0.1'));
  // A malformed cache is an empty one.
  fs.writeFileSync(cacheFile, '{ not json');
  assert.equal((await lint(['--cache-location', 'custom-cache', '.'], folder)).code, 1);
});

test('--max-warnings -1 sets no limit; --no-error-on-unmatched-pattern; -o <format>=<file> writes several reports in one run', async () => {
  const folder = setUp({ 'a.pearl.json': threeProblemsTextPearl.replace('"nowhere"', '"end"').replace('never too long', 'brief') });
  assert.equal((await lint(['--max-warnings', '0', 'a.pearl.json'], folder)).code, 1);
  assert.equal((await lint(['--max-warnings', '-1', 'a.pearl.json'], folder)).code, 0);
  assert.equal((await lint(['--max-warnings', '-2', 'a.pearl.json'], folder)).code, 2);
  assert.equal((await lint(['a.pearl.json', 'none/**/*.pearl.json'], folder)).code, 2);
  const unmatched = await lint(['--no-error-on-unmatched-pattern', 'a.pearl.json', 'none/**/*.pearl.json'], folder);
  assert.equal(unmatched.code, 0);
  assert.ok(!unmatched.stderr.includes('no files match'), unmatched.stderr);
  const run = await lint(['-o', 'sarif=report.sarif', '--output-file', 'json=report.json', 'a.pearl.json'], folder);
  assert.equal(run.code, 0);
  assert.match(run.stdout, /^a\.pearl\.json:\d+:\d+: warning variable-undeclared/);
  assert.equal((JSON.parse(fs.readFileSync(path.join(folder, 'report.sarif'), 'utf8')) as { version: string }).version, '2.1.0');
  assert.deepEqual(
    (JSON.parse(fs.readFileSync(path.join(folder, 'report.json'), 'utf8')) as { code: string }[]).map((r) => r.code),
    ['variable-undeclared'],
  );
});
