// pearl-lint --fix and --fix-dry-run (issue 35): the safe fixes "Fix all" applies on save, written
// or shown; the problems that remain are reported, and a fix never adds an Error.
import { after, test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { getLanguageService } from '../../server/src/service/pearlLanguageService';
import { applySafeFixes } from '../../server/src/cli/lintFix';
import { runPearlLint } from '../../server/src/cli/pearlLint';
import { examplePearlFiles, exampleText, threeProblemsTextPearl } from '../helpers/fixtures';

const service = getLanguageService();
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'pearl-lint-fix-'));
after(() => fs.rmSync(work, { recursive: true, force: true }));

/** The Errors of `text`, as `code` lines, sorted. */
function errors(uri: string, text: string): string[] {
  const doc = service.parsePearlDocument(TextDocument.create(uri, 'pearl', 1, text));
  return service
    .doValidation(doc)
    .filter((d) => d.severity === 1)
    .map((d) => String(d.code))
    .sort();
}

/** Whether every entry of `after` is in `before` at least as often. */
function isSubMultiset(after: readonly string[], before: readonly string[]): boolean {
  const left = [...before];
  return after.every((code) => {
    const at = left.indexOf(code);
    if (at === -1) return false;
    left.splice(at, 1);
    return true;
  });
}

test('on every example and broken example, the Errors after the safe fixes are among those before; some files do change', () => {
  const files = [...examplePearlFiles().map((name) => name), ...examplePearlFiles('broken').map((name) => `broken/${name}`)];
  let changed = 0;
  for (const file of files) {
    const uri = `file:///examples/${file}`;
    const text = exampleText(file);
    const fixed = applySafeFixes(service, uri, text, { rules: {} });
    if (fixed !== text) changed++;
    const before = errors(uri, text);
    const afterFix = errors(uri, fixed);
    assert.ok(isSubMultiset(afterFix, before), `${file}: ${JSON.stringify(afterFix)} after, ${JSON.stringify(before)} before`);
  }
  assert.ok(changed >= 2, `${changed} files changed`);
});

/** The three-problem fixture with two safe fixes more: a string "2" for a node type and a trailing comma. */
const fixable = threeProblemsTextPearl.replace('"nodeType": 10,', '"nodeType": "10",').replace('"transitions": []', '"transitions": [],');

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

async function lint(args: string[], cwd: string): Promise<Run> {
  let stdout = '';
  let stderr = '';
  const code = await runPearlLint(args, {
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
    cwd,
  });
  return { code, stdout, stderr };
}

test('--fix writes the safe fixes to the file and reports the Errors that remain (exit 1): it hides no problem', async () => {
  const folder = fs.mkdtempSync(path.join(work, 'fix-'));
  const file = path.join(folder, 'a.pearl.json');
  fs.writeFileSync(file, fixable);
  assert.deepEqual(
    (await lint(['a.pearl.json'], folder)).stdout
      .split('\n')
      .filter(Boolean)
      .map((line) => line.split(' ')[2]),
    ['max-length', 'wrong-type', 'variable-undeclared', 'unknown-target', 'trailing-comma'],
  );
  const run = await lint(['--fix', 'a.pearl.json'], folder);
  assert.equal(run.code, 1);
  assert.equal(fs.readFileSync(file, 'utf8'), threeProblemsTextPearl);
  // What remains is reported, as it would be without --fix on the fixed file.
  assert.deepEqual(
    run.stdout
      .split('\n')
      .filter(Boolean)
      .map((line) =>
        line
          .replace(/^a\.pearl\.json:\d+:\d+: /, '')
          .split(' ')
          .slice(0, 2)
          .join(' '),
      ),
    ['error max-length', 'warning variable-undeclared', 'error unknown-target'],
  );
  assert.match(run.stderr, /^2 errors, 1 warning in 1 file$/m);
  assert.deepEqual(await lint(['a.pearl.json'], folder), run);
});

test('--fix-dry-run --format json: each file with "messages" (what remains) and "output" (the fixed text); the file is unchanged', async () => {
  const folder = fs.mkdtempSync(path.join(work, 'dry-'));
  fs.writeFileSync(path.join(folder, 'a.pearl.json'), fixable);
  fs.writeFileSync(path.join(folder, 'b.pearl.json'), threeProblemsTextPearl);
  const run = await lint(['--fix-dry-run', '--format', 'json', '.'], folder);
  assert.equal(run.code, 1);
  const report = JSON.parse(run.stdout) as { file: string; messages: { code: string }[]; output?: string }[];
  assert.deepEqual(
    report.map((entry) => [entry.file, entry.messages.map((m) => m.code), entry.output === undefined]),
    [
      ['a.pearl.json', ['max-length', 'variable-undeclared', 'unknown-target'], false],
      ['b.pearl.json', ['max-length', 'variable-undeclared', 'unknown-target'], true],
    ],
  );
  assert.equal(report[0].output, threeProblemsTextPearl);
  assert.equal(fs.readFileSync(path.join(folder, 'a.pearl.json'), 'utf8'), fixable);
});

test('--fix-dry-run on standard input prints the fixed text after the report; --fix on standard input is a usage error', async () => {
  let stdout = '';
  const code = await runPearlLint(['--fix-dry-run', '--stdin', '--stdin-filename', 'a.pearl.json'], {
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: () => undefined },
    cwd: work,
    stdin: (async function* () {
      yield fixable;
    })(),
  });
  assert.equal(code, 1);
  assert.ok(stdout.endsWith(`==> a.pearl.json (fixed) <==\n${threeProblemsTextPearl}`), stdout);
  const refused = await lint(['--fix', '-'], work);
  assert.equal(refused.code, 2);
  assert.match(refused.stderr, /--fix cannot write to standard input: use --fix-dry-run/);
});

test('a fix pass after which an Error is reported more often is dropped: the text before it is kept', () => {
  // A stand-in service: its one fix appends "!", and each "!" is an Error.
  const fake = {
    parsePearlDocument: (textDocument: TextDocument) => ({ textDocument }),
    doValidation: (doc: { textDocument: TextDocument }) =>
      [...doc.textDocument.getText()].filter((c) => c === '!').map(() => ({ code: 'bang', severity: 1, message: '', range: whole })),
    getFixAllAction: (doc: { textDocument: TextDocument }) => ({
      title: 'fix',
      edit: { changes: { [doc.textDocument.uri]: [{ range: { start: end(doc), end: end(doc) }, newText: '!' }] } },
    }),
  };
  const whole = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
  const end = (doc: { textDocument: TextDocument }) => doc.textDocument.positionAt(doc.textDocument.getText().length);
  assert.equal(
    applySafeFixes(fake as unknown as Parameters<typeof applySafeFixes>[0], 'file:///a.pearl.json', 'text', { rules: {} }),
    'text',
  );
});
