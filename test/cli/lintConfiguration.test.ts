// pearl-lint and the rules a user tunes: `--rule`, `.pearlrc.json` found upward, comments in the
// file; and the flags `--quiet`, `--max-warnings`, `--stdin`, `--print-config`, `--help`. Runs the
// built bundle (dist/pearl-lint.js) as CI would.
import { after, before, test } from 'node:test';
import * as assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { lintOptionNames } from '../../server/src/cli/lintArguments';
import { cleanTextPearl, threeProblemsTextPearl } from '../helpers/fixtures';
import { repositoryRoot } from '../helpers/lspClient';

const lintBundle = path.join(repositoryRoot, 'dist', 'pearl-lint.js');
// Two errors (max-length, unknown-target: the service would reject) and a warning (variable-undeclared).
const broken = threeProblemsTextPearl;
let work: string;

const files: Record<string, string> = {
  'plain/broken.pearl.json': broken,
  'team/.pearlrc.json': '{\n  // the platform fills {foo}\n  "rules": { "variable-undeclared": "off", "graph-unreachable": "error" }\n}\n',
  'team/sub/broken.pearl.json': broken,
  'team/sub/closer/.pearlrc.json': '{ "rules": { "variable-undeclared": "info", "max-length": "off", "nope": "warning" } }',
  'team/sub/closer/broken.pearl.json': broken,
  'bad/.pearlrc.json': '{ "rules": { "variable-undeclared": "off" ',
  'bad/broken.pearl.json': broken,
};

before(() => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'pearl-lint-rules-'));
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

function run(args: string[], stdin = ''): Promise<Run> {
  return new Promise((resolve, reject) => {
    const env = { ...process.env, GITHUB_ACTIONS: '' };
    const child = execFile(process.execPath, [lintBundle, ...args], { cwd: work, env, timeout: 30_000 }, (error, stdout, stderr) => {
      if (error && typeof error.code !== 'number') reject(error);
      else resolve({ code: error ? (error.code as number) : 0, stdout, stderr });
    });
    child.stdin?.end(stdin);
  });
}

/** `file severity code` of each text-format line. */
function problems(stdout: string): string[] {
  return stdout
    .trim()
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => {
      const match = /^(.+?):\d+:\d+: (\w+) (\S+) /.exec(line);
      assert.ok(match, line);
      return `${match[1]} ${match[2]} ${match[3]}`;
    });
}

test('--rule sets a severity; a code the service would reject is still reported, and the refusal said', async () => {
  const result = await run(['--rule', 'variable-undeclared=off', '--rule=max-length=off', 'plain']);
  assert.equal(result.code, 1);
  assert.deepEqual(problems(result.stdout), ['plain/broken.pearl.json error max-length', 'plain/broken.pearl.json error unknown-target']);
  assert.match(
    result.stderr,
    /^pearl-lint: --rule max-length=off: "max-length" cannot be turned off: its Error means the Pearl Agent Service would reject the request, so it is still reported\.$/m,
  );
  const raised = await run(['--rule', 'variable-undeclared=error', 'plain']);
  assert.ok(problems(raised.stdout).includes('plain/broken.pearl.json error variable-undeclared'));
});

test('--rule: an unknown code or severity, or no =, is a usage error (exit 2) that names it', async () => {
  const unknown = await run(['--rule', 'variabel-undeclared=off', 'plain']);
  assert.equal(unknown.code, 2);
  assert.equal(unknown.stdout, '');
  assert.match(
    unknown.stderr,
    /--rule variabel-undeclared=off: Unknown diagnostic code "variabel-undeclared".*Did you mean "variable-undeclared"\?/,
  );
  const severity = await run(['--rule', 'variable-undeclared=loud', 'plain']);
  assert.equal(severity.code, 2);
  assert.match(severity.stderr, /"loud" is not a severity for "variable-undeclared": use "off", "hint", "info", "warning" or "error"\./);
  const form = await run(['--rule', 'variable-undeclared', 'plain']);
  assert.equal(form.code, 2);
  assert.match(form.stderr, /--rule expects <code>=<severity>, got "variable-undeclared"/);
});

test('.pearlrc.json: the nearest one upward applies; its problems are reported on it; --rule goes on top', async () => {
  const result = await run(['team']);
  assert.equal(result.code, 1);
  assert.deepEqual(problems(result.stdout), [
    'team/sub/broken.pearl.json error max-length',
    'team/sub/broken.pearl.json error unknown-target',
    'team/sub/closer/.pearlrc.json warning rule-not-configurable',
    'team/sub/closer/.pearlrc.json warning rule-code-unknown',
    'team/sub/closer/broken.pearl.json error max-length',
    'team/sub/closer/broken.pearl.json info variable-undeclared',
    'team/sub/closer/broken.pearl.json error unknown-target',
  ]);
  const overridden = await run(['--rule', 'variable-undeclared=warning', 'team/sub/broken.pearl.json']);
  assert.ok(problems(overridden.stdout).includes('team/sub/broken.pearl.json warning variable-undeclared'));
});

test('a .pearlrc.json that is not valid JSON is reported on it and fails the run (exit 2); the files are still checked', async () => {
  const result = await run(['bad']);
  assert.equal(result.code, 2);
  assert.deepEqual(problems(result.stdout), [
    'bad/.pearlrc.json warning rule-file-invalid',
    'bad/broken.pearl.json error max-length',
    'bad/broken.pearl.json warning variable-undeclared',
    'bad/broken.pearl.json error unknown-target',
  ]);
  assert.match(result.stderr, /^pearl-lint: bad\/\.pearlrc\.json: .*No rule of this file applies\.$/m);
});

test('comments in the file: pearl-disable-next-line and pearl-disable/enable; a refused or unknown code is reported on the comment', async () => {
  const commented = broken
    .replace(
      '"script": "Tell me about {foo}."',
      '// pearl-disable-next-line variable-undeclared, max-length\n        "script": "Tell me about {foo}."',
    )
    .replace('{ "name": "Lost"', '/* pearl-disable unknown-target, no-such-code */ { "name": "Lost"');
  const result = await run(['--stdin', '--stdin-filename', 'plain/commented.pearl.json'], commented);
  assert.equal(result.code, 1);
  assert.deepEqual(problems(result.stdout), [
    'plain/commented.pearl.json error max-length',
    'plain/commented.pearl.json warning rule-not-configurable',
    'plain/commented.pearl.json warning rule-not-configurable',
    'plain/commented.pearl.json warning rule-code-unknown',
    'plain/commented.pearl.json error unknown-target',
  ]);
});

test('--stdin and - read standard input; --stdin-filename also chooses the .pearlrc.json', async () => {
  const dash = await run(['-', '--stdin-filename', 'team/sub/piped.pearl.json'], broken);
  const flag = await run(['--stdin', '--stdin-filename', 'team/sub/piped.pearl.json'], broken);
  assert.deepEqual(flag, dash);
  assert.deepEqual(problems(flag.stdout), ['team/sub/piped.pearl.json error max-length', 'team/sub/piped.pearl.json error unknown-target']);
  const unnamed = await run(['--stdin'], broken);
  assert.match(unnamed.stdout, /^<stdin>:\d+:\d+: error max-length /m);
});

test('--quiet reports errors only; --max-warnings still counts the warnings', async () => {
  const quiet = await run(['--quiet', 'plain']);
  assert.equal(quiet.code, 1);
  assert.deepEqual(problems(quiet.stdout), ['plain/broken.pearl.json error max-length', 'plain/broken.pearl.json error unknown-target']);
  const oneWarning = cleanTextPearl.replace('How can I help with order {order_id}?', 'Tell me about {foo}.');
  const onlyWarnings = await run(['--quiet', '--max-warnings', '0', '-f', 'json', '--stdin'], oneWarning);
  assert.equal(onlyWarnings.code, 1);
  assert.equal(onlyWarnings.stdout, '[]\n');
  assert.match(onlyWarnings.stderr, /^pearl-lint: 1 warning, more than --max-warnings 0$/m);
  const within = await run(['--quiet', '--max-warnings', '1', '--stdin'], oneWarning);
  assert.equal(within.code, 0);
});

test('--print-config <file>: every code with the severity in effect for that file, and the .pearlrc.json it came from', async () => {
  const result = await run(['--print-config', 'team/sub/closer/broken.pearl.json', '--rule', 'graph-unreachable=hint']);
  assert.equal(result.code, 0, result.stderr);
  const shown = JSON.parse(result.stdout) as { file: string; configFile: string | null; rules: Record<string, string> };
  assert.equal(shown.file, 'team/sub/closer/broken.pearl.json');
  assert.equal(shown.configFile, path.join('team', 'sub', 'closer', '.pearlrc.json'));
  assert.equal(shown.rules['variable-undeclared'], 'info');
  assert.equal(shown.rules['max-length'], 'error', 'refused: still error');
  assert.equal(shown.rules['graph-unreachable'], 'hint');
  assert.equal(shown.rules['trailing-comma'], 'warning');
  assert.match(result.stderr, /rule-code-unknown Unknown diagnostic code "nope"/);
  const none = JSON.parse((await run(['--print-config', 'plain/broken.pearl.json'])).stdout) as { configFile: string | null };
  assert.equal(none.configFile, null);
});

test('--help lists every option the parser takes', async () => {
  const help = await run(['--help']);
  assert.equal(help.code, 0);
  assert.ok(lintOptionNames.length >= 11);
  for (const name of lintOptionNames) assert.match(help.stdout, new RegExp(`--${name}\\b`), `--help lists --${name}`);
});
