// pearl-lint on walks files (docs/user/walks.md): folders and globs take *.walks.json too, a failed walk
// exits 1 in every format, and --coverage prints the transitions no walk takes. The built bundle
// and runPearlLint in-process must agree.
import { after, before, test } from 'node:test';
import * as assert from 'node:assert/strict';
import { execFile, execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { runPearlLint } from '../../server/src/cli/pearlLint';
import type { LintRecord } from '../../server/src/cli/lintReport';
import { repositoryRoot } from '../helpers/paths';
import { offsetOf, positionAt, positionOf } from '../helpers/text';
import { bookingWalksText, cleanBookingPearlText as bookingPearlText } from '../helpers/walkPearls';
import { manyFailingWalksText, manyWarningsThenFailureText } from '../helpers/largeWalks';
import { lintService } from '../../server/src/cli/lintFiles';
import { TextDocument } from 'vscode-languageserver-textdocument';

const lintBundle = path.join(repositoryRoot, 'dist', 'pearl-lint.js');
const failingWalks = bookingWalksText.replace('"take": "Booked"', '"take": "Reserved"');
let work: string;

before(() => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'pearl-lint-walks-'));
  fs.mkdirSync(path.join(work, 'pass'));
  fs.writeFileSync(path.join(work, 'pass', 'booking.pearl.json'), bookingPearlText);
  fs.writeFileSync(path.join(work, 'pass', 'booking.walks.json'), bookingWalksText);
  fs.mkdirSync(path.join(work, 'fail'));
  fs.writeFileSync(path.join(work, 'fail', 'booking.pearl.json'), bookingPearlText);
  fs.writeFileSync(path.join(work, 'fail', 'booking.walks.json'), failingWalks);
});

after(() => fs.rmSync(work, { recursive: true, force: true }));

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function runBundle(args: string[]): Promise<Run> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [lintBundle, ...args],
      { cwd: work, env: { ...process.env, GITHUB_ACTIONS: '' }, timeout: 30_000 },
      (error, stdout, stderr) => {
        if (error && typeof error.code !== 'number') reject(error);
        else resolve({ code: error ? (error.code as number) : 0, stdout, stderr });
      },
    );
  });
}

async function run(args: string[]): Promise<Run> {
  let stdout = '';
  let stderr = '';
  const code = await runPearlLint(args, {
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
    cwd: work,
    env: {},
  });
  const bundle = await runBundle(args);
  assert.deepEqual({ code, stdout, stderr }, bundle, `in-process and bundle disagree on ${args.join(' ')}`);
  return bundle;
}

const failedAt = (() => {
  const position = positionOf(failingWalks, '"Reserved"');
  return `${position.line + 1}:${position.character + 1}`;
})();
const failedMessage = "API node 'book' has no transition 'Reserved'; its transitions are 'Booked', 'Not booked'.";

test('a folder: its walks files are replayed; passing walks exit 0, a failed walk exits 1 with the step in the report', async () => {
  const pass = await run(['pass']);
  assert.equal(pass.code, 0, pass.stderr);
  assert.equal(pass.stdout, '');
  assert.match(pass.stderr, /0 errors, 0 warnings in 2 files/);
  const fail = await run(['fail']);
  assert.equal(fail.code, 1);
  assert.equal(fail.stdout, `${path.join('fail', 'booking.walks.json')}:${failedAt}: error walk-take-unknown ${failedMessage}\n`);
});

test('globs take walks files; every format reports the failed walk', async () => {
  const json = await run(['--format', 'json', 'fail/*.walks.json']);
  assert.equal(json.code, 1);
  const records = JSON.parse(json.stdout) as LintRecord[];
  assert.deepEqual(
    records.map((record) => [record.file, `${record.line}:${record.column}`, record.severity, record.code, record.href]),
    [
      [
        path.join('fail', 'booking.walks.json'),
        failedAt,
        'error',
        'walk-take-unknown',
        'https://github.com/pearl-tools/pearl-language-tools/blob/main/docs/rules.md#walk-take-unknown',
      ],
    ],
  );
  const sarif = JSON.parse((await run(['--format', 'sarif', 'fail'])).stdout) as {
    runs: {
      tool: { driver: { rules: { id: string; helpUri?: string; shortDescription?: { text: string } }[] } };
      results: { ruleId: string; ruleIndex: number }[];
    }[];
  };
  const [sarifRun] = sarif.runs;
  const rule = sarifRun.tool.driver.rules[sarifRun.results[0].ruleIndex];
  assert.equal(sarifRun.results[0].ruleId, 'walk-take-unknown');
  assert.equal(rule.id, 'walk-take-unknown');
  assert.equal(rule.helpUri, 'https://github.com/pearl-tools/pearl-language-tools/blob/main/docs/rules.md#walk-take-unknown');
  assert.match(rule.shortDescription?.text ?? '', /^A `take` that names no transition/);
  const github = await run(['--format', 'github', 'fail']);
  assert.equal(github.code, 1);
  assert.match(
    github.stdout,
    /^::error file=fail\/booking\.walks\.json,line=\d+,col=\d+,endLine=\d+,endColumn=\d+,title=pearl walk-take-unknown::API node 'book' has no transition 'Reserved'/m,
  );
  const junit = await run(['--format', 'junit', 'fail']);
  assert.equal(junit.code, 1);
  assert.match(
    junit.stdout,
    /<testcase classname="pearl-lint" name="fail\/booking\.walks\.json" file="fail\/booking\.walks\.json">\s*<failure type="pearl-lint" message="1 error">/,
  );
});

test('--coverage prints, per Pearl, the transitions no walk takes (stdout in text format, stderr with the others)', async () => {
  const text = await run(['--coverage', 'pass']);
  assert.equal(text.code, 0);
  const pearl = path.join('pass', 'booking.pearl.json');
  // Where the transition object of the `occurrence`-th `needle` starts (its `{`).
  const at = (needle: string, occurrence = 0): string => {
    const position = positionAt(bookingPearlText, bookingPearlText.lastIndexOf('{', offsetOf(bookingPearlText, needle, occurrence)));
    return `${pearl}:${position.line + 1}:${position.character + 1}`;
  };
  assert.equal(
    text.stdout,
    [
      `${pearl}: 5 of 10 transitions taken by 1 walk`,
      `  not taken: 'Unknown' (lookup -> greet) at ${at('"name": "Unknown"')}`,
      `  not taken: 'Customer wants to book a table' (greet -> ask) at ${at('"name": "Customer wants to book a table"', 1)}`,
      `  not taken: 'Customer wants a person' (greet -> handoff) at ${at('"name": "Customer wants a person"')}`,
      `  not taken: 'Not booked' (book -> handoff) at ${at('"name": "Not booked"')}`,
      `  not taken: 'Staff closes' (handoff -> end) at ${at('"name": "Staff closes"')}`,
      '',
    ].join('\n'),
  );
  const json = await run(['--coverage', '--format', 'json', 'pass']);
  assert.deepEqual(JSON.parse(json.stdout), []);
  assert.match(json.stderr, /pass\/booking\.pearl\.json: 5 of 10 transitions taken by 1 walk\n/);
});

test('a walks file whose Pearl is missing reports walk-pearl-unresolved and exits 1', async () => {
  fs.writeFileSync(path.join(work, 'orphan.walks.json'), '{ "pearl": "gone.pearl.json", "walks": [] }');
  try {
    const orphan = await run(['orphan.walks.json']);
    assert.equal(orphan.code, 1);
    assert.equal(
      orphan.stdout,
      "orphan.walks.json:1:12: error walk-pearl-unresolved The Pearl 'gone.pearl.json' cannot be walked: there is no such file.\n",
    );
  } finally {
    fs.rmSync(path.join(work, 'orphan.walks.json'));
  }
});

test('a walks file of 2,000 failing walks of 100 steps: exit 1, the first 1,000 problems and one line counting the rest', async () => {
  fs.mkdirSync(path.join(work, 'large'));
  fs.writeFileSync(path.join(work, 'large', 'booking.pearl.json'), bookingPearlText);
  fs.writeFileSync(path.join(work, 'large', 'many.walks.json'), manyFailingWalksText());
  try {
    const large = await run([path.join('large', 'many.walks.json')]);
    assert.equal(large.code, 1, large.stderr);
    const lines = large.stdout.trimEnd().split('\n');
    assert.equal(lines.length, 1001);
    assert.equal(
      lines.filter((line) => line.includes(' walk-too-many-problems ')).join('\n'),
      `${path.join('large', 'many.walks.json')}:1:31: error walk-too-many-problems 199,000 more problems are not shown (1,990 errors and 197,010 warnings): a walks file reports at most 1,000.`,
    );
    assert.equal(large.stderr, '11 errors, 990 warnings in 1 file\n');
  } finally {
    fs.rmSync(path.join(work, 'large'), { recursive: true });
  }
});

test('a walks file whose one walk gives 120,000 Warnings, then a failed walk: exit 1 (was a clean exit 0); Warnings only: exit 0, one line counting them', async () => {
  fs.mkdirSync(path.join(work, 'warnings'));
  fs.writeFileSync(path.join(work, 'warnings', 'booking.pearl.json'), bookingPearlText);
  fs.writeFileSync(path.join(work, 'warnings', 'failing.walks.json'), manyWarningsThenFailureText());
  fs.writeFileSync(path.join(work, 'warnings', 'passing.walks.json'), manyWarningsThenFailureText(120_000, false));
  try {
    const failing = await run(['--format', 'json', path.join('warnings', 'failing.walks.json')]);
    assert.equal(failing.code, 1, failing.stderr);
    const records = JSON.parse(failing.stdout) as LintRecord[];
    assert.equal(records.length, 1001);
    assert.deepEqual(
      records.filter((record) => record.severity === 'error').map((record) => [record.code, record.message]),
      [
        [
          'walk-too-many-problems',
          '119,001 more problems are not shown (1 error and 119,000 warnings): a walks file reports at most 1,000.',
        ],
      ],
    );
    const passing = await run([path.join('warnings', 'passing.walks.json')]);
    assert.equal(passing.code, 0, passing.stderr);
    assert.match(passing.stdout, /: warning walk-too-many-problems 119,000 more problems are not shown \(0 errors and 119,000 warnings\)/);
    assert.equal(passing.stderr, '0 errors, 1001 warnings in 1 file\n');
  } finally {
    fs.rmSync(path.join(work, 'warnings'), { recursive: true });
  }
});

test('pearl-lint: an internal error of the service is thrown, not answered with a clean fallback (runPearlLint then exits 2 with its message)', () => {
  const walksDoc = lintService().parsePearlDocument(TextDocument.create('file:///w/booking.walks.json', 'jsonc', 1, bookingWalksText));
  const pearl = lintService().parsePearlDocument(TextDocument.create('file:///w/booking.pearl.json', 'pearl', 1, bookingPearlText));
  const broken = new Proxy(pearl, {
    get(target, property, receiver) {
      if (property === 'kind') throw new Error('a bug');
      return Reflect.get(target, property, receiver) as unknown;
    },
  });
  assert.throws(() => lintService().checkWalksFile(walksDoc, broken), /internal error in checkWalksFile: Error: a bug/);
});

test("a walks file's pearl outside the working folder, or not a regular file within the bound: an Error on pearl, exit 1, nothing of it read", async () => {
  const outside = `${work}-outside`;
  const secret = 'Secret transition outside the workspace';
  fs.mkdirSync(outside);
  fs.writeFileSync(path.join(outside, 'secret.pearl.json'), bookingPearlText.replace('"Known"', JSON.stringify(secret)));
  const places = path.join(work, 'places');
  fs.mkdirSync(places);
  fs.symlinkSync(path.join(outside, 'secret.pearl.json'), path.join(places, 'link.pearl.json'));
  fs.symlinkSync('/dev/zero', path.join(places, 'zero.pearl.json'));
  fs.mkdirSync(path.join(places, 'folder.pearl.json'));
  const big = fs.openSync(path.join(places, 'big.pearl.json'), 'w');
  fs.ftruncateSync(big, 65 * 1024 * 1024);
  fs.closeSync(big);
  if (process.platform !== 'win32') execFileSync('mkfifo', [path.join(places, 'fifo.pearl.json')]);
  const secretPath = path.join(outside, 'secret.pearl.json');
  const realOutside = 'its real path, symbolic links followed, is outside the workspace folder';
  const cases: [string, string, string][] = [
    [`../../${path.basename(outside)}/secret.pearl.json`, 'walk-pearl-outside', 'is not read: it is outside the workspace folder'],
    [`%2e%2e/%2e%2e/${path.basename(outside)}/secret.pearl.json`, 'walk-pearl-outside', 'is not read: it is outside the workspace folder'],
    [secretPath, 'walk-pearl-outside', 'is not read: it is an absolute path; write it relative to this walks file'],
    [pathToFileURL(secretPath).href, 'walk-pearl-outside', 'is not read: it is a URL; write a path relative to this walks file'],
    [
      `..\\..\\${path.basename(outside)}\\secret.pearl.json`,
      'walk-pearl-outside',
      'is not read: its path has backslashes; write it with forward slashes, relative to this walks file',
    ],
    ['link.pearl.json', 'walk-pearl-outside', `is not read: ${realOutside}`],
    ['zero.pearl.json', 'walk-pearl-outside', `is not read: ${realOutside}`],
    ['folder.pearl.json', 'walk-pearl-unresolved', 'cannot be walked: it is not a regular file (a folder)'],
    ['big.pearl.json', 'walk-pearl-unresolved', 'cannot be walked: it is too large to check (65.0 MiB; at most 64.0 MiB)'],
    ...(process.platform === 'win32'
      ? []
      : [['fifo.pearl.json', 'walk-pearl-unresolved', 'cannot be walked: it is not a regular file (a FIFO)'] as [string, string, string]]),
  ];
  try {
    for (const [pearl, code, ending] of cases) {
      const walks = JSON.stringify({ pearl, walks: [{ name: 'Probe', variables: { phone: '1' }, steps: [{ take: 'Nope' }] }] });
      fs.writeFileSync(path.join(places, 'probe.walks.json'), walks);
      const result = await run(['--format', 'json', '--coverage', path.join('places', 'probe.walks.json')]);
      assert.equal(result.code, 1, `${pearl}: ${result.stderr}`);
      const records = JSON.parse(result.stdout) as LintRecord[];
      assert.deepEqual(
        records.map((record) => [record.code, record.message.endsWith(`' ${ending}.`)]),
        [[code, true]],
        `${pearl}: ${result.stdout}`,
      );
      assert.ok(!result.stdout.includes(secret) && !result.stderr.includes(secret), pearl);
    }
  } finally {
    fs.rmSync(places, { recursive: true });
    fs.rmSync(outside, { recursive: true });
  }
});
