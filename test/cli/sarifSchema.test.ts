// pearl-lint's SARIF output against the SARIF 2.1.0 JSON schema, vendored in test/fixtures/sarif
// (see test/fixtures/README.md for where it comes from): no network.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import Ajv04 from 'ajv-draft-04';
import addFormats from 'ajv-formats';
import { fixturesDir, threeProblemsTextPearl } from '../helpers/fixtures';
import { repositoryRoot } from '../helpers/lspClient';

const lintBundle = path.join(repositoryRoot, 'dist', 'pearl-lint.js');

function sarifValidator(): ReturnType<Ajv04['compile']> {
  const schema = JSON.parse(fs.readFileSync(path.join(fixturesDir, 'sarif', 'sarif-2.1.0-rtm.5.json'), 'utf8')) as object;
  // The schema's `language` pattern has a stray `]` (fixed in OASIS's errata01 copy), which is no
  // valid regular expression with the `u` flag.
  const ajv = new Ajv04({ allErrors: true, strict: false, unicodeRegExp: false });
  addFormats(ajv);
  return ajv.compile(schema);
}

test('pearl-lint --format sarif is valid SARIF 2.1.0: errors, warnings, notes, a .pearlrc.json problem, names to escape', () => {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'pearl-sarif-'));
  try {
    fs.mkdirSync(path.join(work, 'flows', 'a b#1'), { recursive: true });
    fs.writeFileSync(path.join(work, 'flows', 'a b#1', 'broken.pearl.json'), threeProblemsTextPearl);
    fs.writeFileSync(path.join(work, 'flows', 'empty.pearl.json'), '{}');
    fs.writeFileSync(path.join(work, '.pearlrc.json'), '{ "rules": { "no-such-code": "off", "variable-undeclared": "hint" } }');
    let stdout = '';
    try {
      execFileSync(process.execPath, [lintBundle, '--format', 'sarif', 'flows'], { cwd: work, encoding: 'utf8', stdio: 'pipe' });
    } catch (error) {
      stdout = (error as { stdout: string }).stdout;
    }
    const log = JSON.parse(stdout) as { runs: { results: { level: string }[] }[] };
    const levels = new Set(log.runs[0].results.map((result) => result.level));
    assert.deepEqual([...levels].sort(), ['error', 'note', 'warning']);
    const validate = sarifValidator();
    assert.ok(validate(log), JSON.stringify(validate.errors, null, 1));
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
});

test('the SARIF schema check fails on what SARIF forbids', () => {
  const validate = sarifValidator();
  const invalid = {
    version: '2.1.0',
    runs: [{ tool: { driver: { name: 'pearl-lint' } }, results: [{ level: 'fatal', message: { text: 'x' } }] }],
  };
  assert.equal(validate(invalid), false);
});
