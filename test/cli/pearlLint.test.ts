// Tests of pearl-lint: the built bundle (dist/pearl-lint.js) as a child process, and runPearlLint
// in-process; both must agree.
import { after, before, test } from 'node:test';
import * as assert from 'node:assert/strict';
import { execFile, execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Readable } from 'node:stream';
import { formatLintGithub, formatLintJunit } from '../../server/src/cli/ciReports';
import { runPearlLint } from '../../server/src/cli/pearlLint';
import { DiagnosticCode } from '../../server/src/service/rules/diagnosticCodes';
import type { LintRecord } from '../../server/src/cli/lintReport';
import { cleanTextPearl, longPersonality, threeProblemsTextPearl } from '../helpers/fixtures';
import { repositoryRoot } from '../helpers/lspClient';
import { positionOf, rangeOf } from '../helpers/text';

const lintBundle = path.join(repositoryRoot, 'dist', 'pearl-lint.js');
const personality = longPersonality;
const cleanText = cleanTextPearl;
// Two errors (max-length, unknown-target) and a warning (variable-undeclared).
const brokenText = threeProblemsTextPearl;
// Only a warning.
const warningText = cleanTextPearl.replace('How can I help with order {order_id}?', 'Tell me about {foo}.');

let work: string;

/** Files of the temporary workspace. node_modules and dot-folders must be skipped by walks. */
const files: Record<string, string> = {
  'clean.pearl.json': cleanText,
  'broken/broken.pearl.json': brokenText,
  'nested/deep/also-clean.pearl.json': cleanText,
  'warnings/warning.pearl.json': warningText,
  'node_modules/dep/ignored.pearl.json': brokenText,
  '.hidden/ignored.pearl.json': brokenText,
  'empty-folder/readme.txt': 'not a Pearl',
};

before(() => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'pearl-lint-test-'));
  for (const [name, content] of Object.entries(files)) {
    fs.mkdirSync(path.join(work, path.dirname(name)), { recursive: true });
    fs.writeFileSync(path.join(work, name), content);
  }
});

after(() => {
  fs.rmSync(work, { recursive: true, force: true });
});

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** What a run gets besides its arguments: environment variables (added to a clean one), standard input, a user id. */
interface RunContext {
  env?: Record<string, string>;
  stdin?: string;
  /** Runs the bundle as this user (root only). */
  uid?: number;
}

/** Runs the bundle as a child process, as CI would. GITHUB_ACTIONS is unset unless `context.env` sets it. */
function runBundle(args: string[], cwd = work, context: RunContext = {}): Promise<Run> {
  const env = { ...process.env, GITHUB_ACTIONS: '', ...context.env };
  const ids = context.uid === undefined ? {} : { uid: context.uid, gid: context.uid };
  return new Promise((resolve, reject) => {
    const child = execFile(process.execPath, [lintBundle, ...args], { cwd, env, timeout: 30_000, ...ids }, (error, stdout, stderr) => {
      if (error && typeof error.code !== 'number') reject(error);
      else resolve({ code: error ? (error.code as number) : 0, stdout, stderr });
    });
    child.stdin?.end(context.stdin ?? '');
  });
}

/** Runs runPearlLint in this process. */
async function runInProcess(args: string[], cwd = work, context: RunContext = {}): Promise<Run> {
  let stdout = '';
  let stderr = '';
  const code = await runPearlLint(args, {
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
    cwd,
    env: context.env ?? {},
    stdin: Readable.from([context.stdin ?? '']),
  });
  return { code, stdout, stderr };
}

/** Runs both ways, asserts they agree, returns the run. */
async function run(args: string[], cwd = work, context: RunContext = {}): Promise<Run> {
  const [bundle, inProcess] = await Promise.all([runBundle(args, cwd, context), runInProcess(args, cwd, context)]);
  assert.deepEqual(inProcess, bundle, `in-process and bundle disagree on ${args.join(' ')}`);
  return bundle;
}

/** 1-based `line:col` of the first `needle` in `content`. */
function lineColumn(content: string, needle: string): string {
  const position = positionOf(content, needle);
  return `${position.line + 1}:${position.character + 1}`;
}

function parseJson(stdout: string): LintRecord[] {
  const records = JSON.parse(stdout) as LintRecord[];
  assert.ok(Array.isArray(records), 'one JSON array');
  return records;
}

test('the bundle is an executable script with a shebang', () => {
  assert.ok(fs.readFileSync(lintBundle, 'utf8').startsWith('#!/usr/bin/env node\n'));
  if (process.platform !== 'win32') assert.ok(fs.statSync(lintBundle).mode & 0o100, 'executable');
});

test('errors: one path:line:col: severity code message line each, sorted; exit 1', async () => {
  const file = path.join('broken', 'broken.pearl.json');
  const { code, stdout, stderr } = await run([file]);
  assert.equal(code, 1);
  const lines = stdout.trimEnd().split('\n');
  for (const line of lines) assert.match(line, /^[^:]+:\d+:\d+: (error|warning|info|hint) [a-z0-9-]+ \S.*$/);
  // The code is the contract; the message wording is the service's.
  const expected = [
    { prefix: `${file}:${lineColumn(brokenText, `"${personality}"`)}: error max-length `, mentions: '41' },
    { prefix: `${file}:${lineColumn(brokenText, '{foo}')}: warning variable-undeclared `, mentions: 'foo' },
    { prefix: `${file}:${lineColumn(brokenText, '"nowhere"')}: error unknown-target `, mentions: 'nowhere' },
  ];
  assert.equal(lines.length, expected.length, stdout);
  expected.forEach(({ prefix, mentions }, index) => {
    assert.ok(lines[index].startsWith(prefix), `line ${index + 1}: ${lines[index]} (expected ${prefix}...)`);
    assert.ok(lines[index].slice(prefix.length).includes(mentions), lines[index]);
  });
  assert.equal(stderr, '2 errors, 1 warning in 1 file\n');
});

test('clean file: no output, exit 0', async () => {
  const { code, stdout, stderr } = await run(['clean.pearl.json']);
  assert.equal(stdout, '');
  assert.equal(stderr, '0 errors, 0 warnings in 1 file\n');
  assert.equal(code, 0);
});

test('warnings alone exit 0; --max-warnings makes them fail', async () => {
  const file = path.join('warnings', 'warning.pearl.json');
  assert.equal((await run([file])).code, 0);
  assert.equal((await run(['--max-warnings', '1', file])).code, 0);
  const strict = await run(['--max-warnings=0', file]);
  assert.equal(strict.code, 1);
  assert.match(strict.stderr, /more than --max-warnings 0/);
});

test('--format json: one array with file, line, column, endLine, endColumn, severity, code, message, href', async () => {
  const file = path.join('broken', 'broken.pearl.json');
  const { code, stdout } = await run(['--format', 'json', file]);
  assert.equal(code, 1);
  const records = parseJson(stdout);
  assert.equal(records.length, 3);
  for (const record of records) {
    assert.deepEqual(Object.keys(record).sort(), ['code', 'column', 'endColumn', 'endLine', 'file', 'href', 'line', 'message', 'severity']);
    // The documentation link is the one SARIF gives as helpUri: the code's entry in docs/rules.md.
    assert.equal(record.href, `https://github.com/pearl-tools/pearl-language-tools/blob/main/docs/rules.md#${record.code}`);
    assert.equal(record.file, file);
    for (const key of ['line', 'column', 'endLine', 'endColumn'] as const) assert.ok(Number.isInteger(record[key]) && record[key] >= 1);
  }
  const maxLength = records.find((r) => r.code === 'max-length')!;
  const { start, end } = rangeOf(brokenText, `"${personality}"`);
  assert.deepEqual(maxLength, {
    file,
    line: start.line + 1,
    column: start.character + 1,
    endLine: end.line + 1,
    endColumn: end.character + 1,
    severity: 'error',
    code: 'max-length',
    message: maxLength.message,
    href: 'https://github.com/pearl-tools/pearl-language-tools/blob/main/docs/rules.md#max-length',
  });
  assert.deepEqual(
    records.map((r) => r.severity),
    ['error', 'warning', 'error'],
  );
  // --format=json is the same.
  assert.equal((await run(['--format=json', file])).stdout, stdout);
  // A clean run prints an empty array.
  assert.deepEqual(parseJson((await run(['--format', 'json', 'clean.pearl.json'])).stdout), []);
});

test('a folder: every *.pearl.json under it, skipping node_modules and dot-folders', async () => {
  const { code, stdout, stderr } = await run(['--format', 'json', '.']);
  assert.equal(code, 1);
  const records = parseJson(stdout);
  assert.deepEqual(
    [...new Set(records.map((r) => r.file))],
    [path.join('broken', 'broken.pearl.json'), path.join('warnings', 'warning.pearl.json')],
  );
  assert.equal(stderr, '2 errors, 2 warnings in 4 files\n');
  // Sorted by file, then position.
  const sorted = [...records].sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line || a.column - b.column));
  assert.deepEqual(records, sorted);
  // A folder given absolute reports absolute paths.
  const absolute = parseJson((await run(['--format', 'json', path.join(work, 'broken')])).stdout);
  assert.equal(absolute[0].file, path.join(work, 'broken', 'broken.pearl.json'));
});

test('globs: *, ** and ? are expanded (quoted globs reach the CLI as is)', async () => {
  const everything = await run(['**/*.pearl.json']);
  assert.equal(everything.stderr, '2 errors, 2 warnings in 4 files\n', '** skips node_modules and dot-folders');
  assert.equal(everything.code, 1);

  const nested = await run(['nested/**/also-?lean.pearl.json']);
  assert.equal(nested.stderr, '0 errors, 0 warnings in 1 file\n');
  assert.equal(nested.code, 0);

  const star = await run(['*.pearl.json', 'warn*/*.json']);
  assert.equal(star.stderr, '0 errors, 1 warning in 2 files\n');

  // A glob matching folders stands for the Pearl files in them.
  const folders = await run(['--format', 'json', 'b*']);
  assert.deepEqual([...new Set(parseJson(folders.stdout).map((r) => r.file))], [path.join('broken', 'broken.pearl.json')]);

  // An explicit path into node_modules is still linted.
  const explicit = await run(['node_modules/dep/ignored.pearl.json']);
  assert.equal(explicit.code, 1);
});

test('a file given twice (directly and through a folder) is linted once', async () => {
  const { stderr } = await run(['broken', 'broken/broken.pearl.json', 'broken/*.json']);
  assert.equal(stderr, '2 errors, 1 warning in 1 file\n');
});

test('exit 2: unknown option, no paths, bad option value', async () => {
  for (const args of [
    ['--frobnicate', 'clean.pearl.json'],
    [],
    ['--format', 'xml', 'clean.pearl.json'],
    ['--max-warnings', 'many', 'x'],
    ['--format'],
  ]) {
    const { code, stdout, stderr } = await run(args);
    assert.equal(code, 2, `exit code of ${JSON.stringify(args)}`);
    assert.equal(stdout, '');
    assert.match(stderr, /^pearl-lint: .+\nTry 'pearl-lint --help'\.\n$/);
  }
  assert.match((await run(['--frobnicate', 'x'])).stderr, /unknown option --frobnicate/);
});

test('exit 2: a missing file, a glob matching nothing, a folder without Pearl files; the rest is still linted', async () => {
  const missing = await run(['missing.pearl.json', 'clean.pearl.json']);
  assert.equal(missing.code, 2);
  assert.match(missing.stderr, /^pearl-lint: missing\.pearl\.json: no such file or directory$/m);
  assert.match(missing.stderr, /0 errors, 0 warnings in 1 file/);

  const glob = await run(['nothing/**/*.pearl.json']);
  assert.equal(glob.code, 2);
  assert.match(glob.stderr, /nothing\/\*\*\/\*\.pearl\.json: no files match this pattern/);

  const folder = await run(['empty-folder']);
  assert.equal(folder.code, 2);
  assert.match(folder.stderr, /empty-folder: no \*\.pearl\.json files in this folder/);

  // Errors in the files read do not hide the usage problem: still 2.
  assert.equal((await run(['missing.pearl.json', 'broken'])).code, 2);
});

/**
 * Runs `args` where permissions hold: in both ways as a user, or (root reads everything) the bundle
 * alone as nobody (uid 65534), with the workspace opened to it for the run.
 */
async function runWithPermissions(args: string[]): Promise<Run> {
  if (process.getuid?.() !== 0) return run(args);
  const workMode = fs.statSync(work).mode;
  fs.chmodSync(work, 0o755);
  try {
    return await runBundle(args, work, { uid: 65534 });
  } finally {
    fs.chmodSync(work, workMode);
  }
}

test('exit 2: an unreadable file', { skip: process.platform === 'win32' ? 'permissions are not enforced here' : false }, async () => {
  const locked = path.join(work, 'locked.pearl.json');
  fs.writeFileSync(locked, cleanText);
  fs.chmodSync(locked, 0o000);
  try {
    const { code, stderr } = await runWithPermissions(['locked.pearl.json']);
    assert.equal(code, 2);
    assert.match(stderr, /locked\.pearl\.json: permission denied/);
  } finally {
    fs.rmSync(locked, { force: true });
  }
});

test(
  'exit 2: a file found in a folder that cannot be read (dangling link); the others are still linted',
  { skip: process.platform === 'win32' ? 'symbolic links need privileges' : false },
  async () => {
    const folder = path.join(work, 'dangling');
    fs.mkdirSync(folder);
    fs.writeFileSync(path.join(folder, 'ok.pearl.json'), cleanText);
    fs.symlinkSync(path.join(folder, 'gone.json'), path.join(folder, 'link.pearl.json'));
    try {
      const { code, stderr } = await run(['dangling']);
      assert.equal(code, 2);
      assert.match(stderr, /^pearl-lint: dangling\/link\.pearl\.json: no such file or directory$/m);
      assert.match(stderr, /0 errors, 0 warnings in 1 file\n$/);
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  },
);

test('--help prints the usage and --version the package version, both exit 0', async () => {
  const help = await run(['--help']);
  assert.equal(help.code, 0);
  assert.match(help.stdout, /^Usage: pearl-lint \[options\] <paths\.\.\.>/);
  const version = await run(['--version']);
  assert.equal(version.code, 0);
  const manifest = JSON.parse(fs.readFileSync(path.join(repositoryRoot, 'package.json'), 'utf8')) as { version: string };
  assert.equal(version.stdout, `${manifest.version}\n`);
});

test('a byte order mark does not shift columns', async () => {
  const bom = path.join(work, 'bom.pearl.json');
  fs.writeFileSync(bom, `\ufeff${brokenText}`);
  try {
    const records = parseJson((await run(['--format', 'json', 'bom.pearl.json'])).stdout);
    const maxLength = records.find((r) => r.code === 'max-length')!;
    assert.equal(`${maxLength.line}:${maxLength.column}`, lineColumn(brokenText, `"${personality}"`));
  } finally {
    fs.rmSync(bom, { force: true });
  }
});

test('repository examples: examples/*.pearl.json have no errors, examples/broken has', async () => {
  const examples = path.join(repositoryRoot, 'examples');
  assert.ok(fs.existsSync(examples), 'examples/ is missing');
  const good = await run(['--format', 'json', 'examples/*.pearl.json'], repositoryRoot);
  const errors = parseJson(good.stdout).filter((r) => r.severity === 'error');
  assert.deepEqual(errors, [], 'no error diagnostics in the examples');
  assert.equal(good.code, 0, good.stderr);
  assert.match(good.stderr, /^0 errors, \d+ warnings? in [1-9]\d* files?\n$/);

  const broken = await run(['examples/broken'], repositoryRoot);
  assert.equal(broken.code, 1, broken.stderr);
  assert.match(broken.stdout, /^examples\/broken\/[^:]+\.pearl\.json:\d+:\d+: error /m);
});

const posixOnly = process.platform === 'win32' ? 'POSIX file types' : false;

test('a FIFO is refused without blocking, given directly or found in a folder', { skip: posixOnly, timeout: 20_000 }, async () => {
  const folder = path.join(work, 'fifo');
  fs.mkdirSync(folder);
  execFileSync('mkfifo', [path.join(folder, 'pipe.pearl.json')]);
  fs.writeFileSync(path.join(folder, 'ok.pearl.json'), cleanText);
  try {
    const direct = await run(['fifo/pipe.pearl.json']);
    assert.equal(direct.code, 2);
    assert.equal(direct.stderr, 'pearl-lint: fifo/pipe.pearl.json: not a regular file (a FIFO)\n0 errors, 0 warnings in 0 files\n');
    const walked = await run(['fifo']);
    assert.equal(walked.code, 2);
    assert.equal(walked.stderr, 'pearl-lint: fifo/pipe.pearl.json: not a regular file (a FIFO)\n0 errors, 0 warnings in 1 file\n');
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
});

test(
  'a device is refused without reading it: /dev/zero, and a link to it in a folder',
  { skip: posixOnly || !fs.existsSync('/dev/zero'), timeout: 20_000 },
  async () => {
    const direct = await run(['/dev/zero']);
    assert.equal(direct.code, 2);
    assert.match(direct.stderr, /^pearl-lint: \/dev\/zero: not a regular file \(a character device\)$/m);
    const folder = path.join(work, 'device');
    fs.mkdirSync(folder);
    fs.symlinkSync('/dev/zero', path.join(folder, 'zero.pearl.json'));
    try {
      const walked = await run(['device']);
      assert.equal(walked.code, 2);
      assert.equal(
        walked.stderr,
        'pearl-lint: device/zero.pearl.json: not a regular file (a character device)\n0 errors, 0 warnings in 0 files\n',
      );
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  },
);

test('exit 2: a folder inside a folder that cannot be read is reported, not skipped', { skip: posixOnly }, async () => {
  const folder = path.join(work, 'locked-tree');
  fs.mkdirSync(path.join(folder, 'secret'), { recursive: true });
  fs.writeFileSync(path.join(folder, 'ok.pearl.json'), cleanText);
  fs.writeFileSync(path.join(folder, 'secret', 'hidden.pearl.json'), brokenText);
  fs.chmodSync(path.join(folder, 'secret'), 0o000);
  try {
    for (const args of [['locked-tree'], ['locked-tree/**/*.pearl.json']]) {
      const result = await runWithPermissions(args);
      assert.equal(result.code, 2, `${args.join(' ')}: ${result.stderr}`);
      assert.equal(result.stderr, `pearl-lint: ${path.join('locked-tree', 'secret')}: permission denied\n0 errors, 0 warnings in 1 file\n`);
    }
  } finally {
    fs.chmodSync(path.join(folder, 'secret'), 0o755);
    fs.rmSync(folder, { recursive: true, force: true });
  }
});

test('globs: braces, classes and negated classes; ! paths leave files out', async () => {
  const braces = await run(['{clean,nested/deep/also-clean}.pearl.json']);
  assert.equal(braces.stderr, '0 errors, 0 warnings in 2 files\n');
  const classes = await run(['--format', 'json', '[bw]*/*.pearl.json']);
  assert.deepEqual(
    [...new Set(parseJson(classes.stdout).map((r) => r.file))],
    [path.join('broken', 'broken.pearl.json'), path.join('warnings', 'warning.pearl.json')],
  );
  const negatedClass = await run(['[!bcw]*/**/*.pearl.json']);
  assert.equal(negatedClass.stderr, '0 errors, 0 warnings in 1 file\n', 'only nested/');
  const excluded = await run(['.', '!broken/**']);
  assert.equal(excluded.code, 0, excluded.stderr);
  assert.equal(excluded.stderr, '0 errors, 1 warning in 3 files\n');
  const nothingLeft = await run(['broken', '!broken']);
  assert.equal(nothingLeft.code, 2);
  assert.match(nothingLeft.stderr, /^pearl-lint: broken: every file it stands for is left out by a ! pattern$/m);
});

test('short flags combine (-fjson) and values attach (--format=json, -o file)', async () => {
  const file = path.join('broken', 'broken.pearl.json');
  const joined = await run(['-fjson', file]);
  assert.equal(parseJson(joined.stdout).length, 3);
  assert.equal((await run(['--format=json', file])).stdout, joined.stdout);
  const combined = await run(['-hv']);
  assert.match(combined.stdout, /^Usage: pearl-lint/);
  assert.match((await run(['--help=yes'])).stderr, /^pearl-lint: --help takes no value$/m);
});

test('-o/--output-file writes the report to a file; the summary stays on stderr', async () => {
  const report = path.join(work, 'report.json');
  try {
    const result = await runBundle(['-f', 'json', '-o', 'report.json', path.join('broken', 'broken.pearl.json')]);
    assert.equal(result.code, 1);
    assert.equal(result.stdout, '');
    assert.equal(result.stderr, '2 errors, 1 warning in 1 file\n');
    assert.equal(parseJson(fs.readFileSync(report, 'utf8')).length, 3);
    const unwritable = await run(['-o', path.join('missing-folder', 'r.txt'), 'clean.pearl.json']);
    assert.equal(unwritable.code, 2);
    assert.match(unwritable.stderr, /^pearl-lint: missing-folder\/r\.txt: cannot write the report: no such file or directory$/m);
  } finally {
    fs.rmSync(report, { force: true });
  }
});

test('- reads standard input, named by --stdin-filename', async () => {
  const named = await run(['-', '--stdin-filename', 'flows/order.pearl.json'], work, { stdin: brokenText });
  assert.equal(named.code, 1);
  assert.ok(
    named.stdout.startsWith(`flows/order.pearl.json:${lineColumn(brokenText, `"${personality}"`)}: error max-length `),
    named.stdout,
  );
  assert.equal(named.stderr, '2 errors, 1 warning in 1 file\n');
  const unnamed = await run(['-f', 'json', '-'], work, { stdin: cleanText });
  assert.equal(unnamed.code, 0);
  assert.equal(unnamed.stdout, '[]\n');
  const alone = await run(['--stdin-filename', 'x.pearl.json', 'clean.pearl.json']);
  assert.equal(alone.code, 2);
  assert.match(alone.stderr, /--stdin-filename names standard input: give --stdin \(or the path -\) too/);
});

test('--format github: one workflow command per diagnostic; the default when GITHUB_ACTIONS=true', async () => {
  const file = path.join('broken', 'broken.pearl.json');
  const { code, stdout } = await run(['--format', 'github', file]);
  assert.equal(code, 1);
  const json = parseJson((await run(['-f', 'json', file])).stdout);
  const expected = json.map(
    (r) =>
      `::${r.severity} file=broken/broken.pearl.json,line=${r.line},col=${r.column},endLine=${r.endLine},endColumn=${r.endColumn},title=pearl ${r.code}::${r.message}\n`,
  );
  assert.equal(stdout, expected.join(''));
  assert.match(stdout, /^::error file=broken\/broken\.pearl\.json,line=\d+,col=\d+,endLine=\d+,endColumn=\d+,title=pearl max-length::/m);
  assert.equal((await run([file], work, { env: { GITHUB_ACTIONS: 'true' } })).stdout, stdout);
  assert.notEqual((await run(['-f', 'text', file], work, { env: { GITHUB_ACTIONS: 'true' } })).stdout, stdout, 'an explicit format wins');
});

test('--format github escapes what the runner would read as syntax', () => {
  const line = formatLintGithub([
    {
      file: 'a,b:c.pearl.json',
      line: 1,
      column: 2,
      endLine: 1,
      endColumn: 3,
      severity: 'info',
      code: 'x',
      message: '100% sure\nsecond line',
    },
  ]);
  assert.equal(line, '::notice file=a%2Cb%3Ac.pearl.json,line=1,col=2,endLine=1,endColumn=3,title=pearl x::100%25 sure%0Asecond line\n');
});

test('--format sarif: SARIF 2.1.0 with a rule per code and results with regions', async () => {
  const file = path.join('broken', 'broken.pearl.json');
  const { code, stdout } = await run(['--format', 'sarif', file, 'clean.pearl.json']);
  assert.equal(code, 1);
  const log = JSON.parse(stdout) as {
    version: string;
    runs: {
      tool: { driver: { name: string; version: string; rules: { id: string; helpUri: string }[] } };
      results: {
        ruleId: string;
        ruleIndex: number;
        level: string;
        message: { text: string };
        locations: { physicalLocation: { artifactLocation: { uri: string; uriBaseId: string }; region: Record<string, number> } }[];
      }[];
    }[];
  };
  assert.equal(log.version, '2.1.0');
  const [runLog] = log.runs;
  const { driver } = runLog.tool;
  assert.equal(driver.name, 'pearl-lint');
  const manifest = JSON.parse(fs.readFileSync(path.join(repositoryRoot, 'package.json'), 'utf8')) as { version: string; homepage: string };
  assert.equal(driver.version, manifest.version);
  const ruleIds = driver.rules.map((rule) => rule.id);
  for (const code of Object.values(DiagnosticCode)) assert.ok(ruleIds.includes(code), `a rule for ${code}`);
  // Each rule links to its code's entry in docs/rules.md, with the registry's summary and level.
  for (const rule of driver.rules)
    assert.equal(rule.helpUri, `https://github.com/pearl-tools/pearl-language-tools/blob/main/docs/rules.md#${rule.id}`);
  const unknownTarget = driver.rules.find((rule) => rule.id === 'unknown-target') as unknown as {
    shortDescription: { text: string };
    defaultConfiguration: { level: string };
  };
  assert.match(unknownTarget.shortDescription.text, /^toNodeId names no node\./);
  assert.equal(unknownTarget.defaultConfiguration.level, 'error');
  const json = parseJson((await run(['-f', 'json', file])).stdout);
  assert.deepEqual(
    runLog.results.map((result) => ({
      code: result.ruleId,
      rule: driver.rules[result.ruleIndex].id,
      level: result.level,
      message: result.message.text,
      uri: result.locations[0].physicalLocation.artifactLocation.uri,
      region: result.locations[0].physicalLocation.region,
    })),
    json.map((r) => ({
      code: r.code,
      rule: r.code,
      level: r.severity,
      message: r.message,
      uri: 'broken/broken.pearl.json',
      region: { startLine: r.line, startColumn: r.column, endLine: r.endLine, endColumn: r.endColumn },
    })),
  );
});

test('--format junit: a test case per file, failing with its errors', async () => {
  const { code, stdout } = await run(['--format', 'junit', 'broken', 'clean.pearl.json', 'warnings']);
  assert.equal(code, 1);
  assert.match(stdout, /^<\?xml version="1\.0" encoding="UTF-8"\?>\n<testsuites name="pearl-lint" tests="3" failures="1">\n/);
  assert.match(
    stdout,
    /<testcase classname="pearl-lint" name="broken\/broken\.pearl\.json" file="broken\/broken\.pearl\.json">\n {6}<failure type="pearl-lint" message="2 errors">broken\/broken\.pearl\.json:\d+:\d+: error max-length /,
  );
  assert.match(stdout, /<testcase classname="pearl-lint" name="clean\.pearl\.json" file="clean\.pearl\.json"\/>/);
  assert.match(
    stdout,
    /<testcase classname="pearl-lint" name="warnings\/warning\.pearl\.json" file="warnings\/warning\.pearl\.json">\n {6}<system-out>warnings\/warning\.pearl\.json:\d+:\d+: warning variable-undeclared /,
  );
  const escaped = formatLintJunit(
    [{ file: 'a&b.pearl.json', line: 1, column: 1, endLine: 1, endColumn: 2, severity: 'error', code: 'x', message: '<"\u0001">' }],
    ['a&b.pearl.json'],
  );
  assert.match(escaped, /name="a&amp;b\.pearl\.json"/);
  assert.match(escaped, /error x &lt;&quot;\uFFFD&quot;&gt;<\/failure>/);
});

test('a name with brackets that exists as written is that file, not a glob', async () => {
  const file = path.join(work, 'flow[1].pearl.json');
  fs.writeFileSync(file, cleanText);
  try {
    const { code, stderr } = await run(['flow[1].pearl.json']);
    assert.equal(code, 0, stderr);
    assert.equal(stderr, '0 errors, 0 warnings in 1 file\n');
  } finally {
    fs.rmSync(file, { force: true });
  }
});

test(
  'many files, read and checked concurrently: the report, the problems and the summary come out in sorted order, with any --concurrency',
  { skip: posixOnly, timeout: 120_000 },
  async () => {
    const folder = path.join(work, 'many');
    const kinds = [brokenText, warningText, cleanText];
    const names: string[] = [];
    for (let i = 0; i < 240; i++) {
      // Names whose order differs from the order they are written and found in.
      const name = path.join('many', `part-${(i * 7) % 4}`, `pearl-${String((i * 37) % 240).padStart(3, '0')}.pearl.json`);
      fs.mkdirSync(path.join(work, path.dirname(name)), { recursive: true });
      fs.writeFileSync(path.join(work, name), kinds[i % 3]);
      names.push(name);
    }
    const fifo = path.join('many', 'part-1', 'pipe.pearl.json');
    const dangling = path.join('many', 'part-2', 'link.pearl.json');
    execFileSync('mkfifo', [path.join(work, fifo)]);
    fs.symlinkSync(path.join(work, 'many', 'gone.json'), path.join(work, dangling));
    try {
      // What each file reports alone, in the order of the sorted names: the expected report.
      const alone = (text: string): Promise<Run> => run([text === brokenText ? 'broken/broken.pearl.json' : 'warnings/warning.pearl.json']);
      const linesAfterPath = async (text: string): Promise<string[]> =>
        (await alone(text)).stdout
          .split('\n')
          .filter(Boolean)
          .map((line) => line.slice(line.indexOf(':')));
      const expectedLines = new Map([
        [brokenText, await linesAfterPath(brokenText)],
        [warningText, await linesAfterPath(warningText)],
        [cleanText, []],
      ]);
      const sorted = names.map((name, i) => ({ name, text: kinds[i % 3] })).sort((a, b) => (a.name < b.name ? -1 : 1));
      const expectedStdout = sorted.flatMap(({ name, text }) => (expectedLines.get(text) ?? []).map((line) => `${name}${line}\n`)).join('');
      const expectedStderr = `pearl-lint: ${fifo}: not a regular file (a FIFO)\npearl-lint: ${dangling}: no such file or directory\n160 errors, 160 warnings in 240 files\n`;
      for (const args of [
        ['many'],
        ['--concurrency', 'off', 'many'],
        ['--concurrency', '3', 'many'],
        ['--concurrency=auto', 'many/**/*.pearl.json'],
      ]) {
        const result = await run(args);
        assert.equal(result.stderr, expectedStderr, args.join(' '));
        assert.equal(result.stdout, expectedStdout, args.join(' '));
        assert.equal(result.code, 2, args.join(' '));
      }
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  },
);

test(
  'an unreadable file among many is reported in its place; the others are checked',
  { skip: process.platform === 'win32' ? 'permissions are not enforced here' : false, timeout: 60_000 },
  async () => {
    const folder = path.join(work, 'some-locked');
    fs.mkdirSync(folder);
    for (let i = 0; i < 50; i++) fs.writeFileSync(path.join(folder, `pearl-${String(i).padStart(2, '0')}.pearl.json`), cleanText);
    fs.chmodSync(path.join(folder, 'pearl-17.pearl.json'), 0o000);
    fs.chmodSync(path.join(folder, 'pearl-33.pearl.json'), 0o000);
    try {
      const result = await runWithPermissions(['--concurrency', '2', 'some-locked']);
      assert.equal(result.code, 2);
      assert.equal(
        result.stderr,
        `pearl-lint: ${path.join('some-locked', 'pearl-17.pearl.json')}: permission denied\npearl-lint: ${path.join('some-locked', 'pearl-33.pearl.json')}: permission denied\n0 errors, 0 warnings in 48 files\n`,
      );
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  },
);

test('a file larger than 64 MiB is refused without being read', async () => {
  const large = path.join(work, 'large.pearl.json');
  // A sparse file: no disk space used.
  fs.writeFileSync(large, '');
  fs.truncateSync(large, 65 * 1024 * 1024);
  try {
    const result = await run(['large.pearl.json', 'clean.pearl.json']);
    assert.equal(result.code, 2);
    assert.equal(
      result.stderr,
      'pearl-lint: large.pearl.json: too large to check (65.0 MiB; at most 64.0 MiB)\n0 errors, 0 warnings in 1 file\n',
    );
  } finally {
    fs.rmSync(large, { force: true });
  }
});

test('--concurrency takes a number from 1 to 64, auto or off', async () => {
  for (const value of ['0', '65', 'many', '-1', '1.5']) {
    const { code, stderr } = await run(['--concurrency', value, 'clean.pearl.json']);
    assert.equal(code, 2, value);
    assert.equal(
      stderr,
      `pearl-lint: --concurrency expects a number from 1 to 64, auto or off, got "${value}"\nTry 'pearl-lint --help'.\n`,
    );
  }
  for (const value of ['1', '64', 'auto', 'off']) assert.equal((await run(['--concurrency', value, 'clean.pearl.json'])).code, 0, value);
});
