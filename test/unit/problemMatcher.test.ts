// The `$pearl-lint` problem matcher (package.json contributes.problemMatchers) reads what
// `pearl-lint` prints in its text format: a VS Code task running it lists each diagnostic.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { formatLintText, LintRecord } from '../../server/src/cli/lintReport';
import { repositoryRoot } from '../helpers/lspClient';

interface ProblemPattern {
  regexp: string;
  file: number;
  line: number;
  column: number;
  severity: number;
  code: number;
  message: number;
}

const manifest = JSON.parse(fs.readFileSync(path.join(repositoryRoot, 'package.json'), 'utf8')) as {
  contributes: { problemMatchers: { name: string; owner: string; pattern: ProblemPattern; fileLocation: string[] }[] };
};

test('$pearl-lint reads file, line, column, severity, code and message of each text line', () => {
  const matcher = manifest.contributes.problemMatchers.find((m) => m.name === 'pearl-lint');
  assert.ok(matcher, 'a problem matcher named pearl-lint');
  assert.deepEqual(matcher.fileLocation, ['autoDetect', '${workspaceFolder}'], 'relative and absolute paths');
  const records: LintRecord[] = [
    {
      file: 'flows/a b.pearl.json',
      line: 3,
      column: 7,
      endLine: 3,
      endColumn: 9,
      severity: 'error',
      code: 'max-length',
      message: 'agentPersonality is 41 characters: the limit is 35.',
    },
    {
      file: 'C:\\work\\x.pearl.json',
      line: 12,
      column: 1,
      endLine: 12,
      endColumn: 4,
      severity: 'warning',
      code: 'variable-undeclared',
      message: '{foo} is not declared',
    },
    {
      file: '/abs/y.pearl.json',
      line: 1,
      column: 1,
      endLine: 1,
      endColumn: 2,
      severity: 'info',
      code: 'kind-unknown',
      message: 'Treated as a text Pearl.',
    },
  ];
  const regexp = new RegExp(matcher.pattern.regexp);
  const lines = formatLintText(records).trimEnd().split('\n');
  lines.forEach((line, index) => {
    const match = regexp.exec(line);
    assert.ok(match, line);
    const record = records[index];
    const { pattern } = matcher;
    assert.deepEqual(
      [
        match[pattern.file],
        Number(match[pattern.line]),
        Number(match[pattern.column]),
        match[pattern.severity],
        match[pattern.code],
        match[pattern.message],
      ],
      [record.file, record.line, record.column, record.severity, record.code, record.message],
    );
  });
  // The summary line on stderr is not a problem.
  assert.equal(regexp.test('2 errors, 1 warning in 1 file'), false);
});
