// A `.pearlrc.json` is read in time linear in its size, and not at all over 1 MiB (issue 30): a
// 2.5 MB file is refused with one problem naming the bound, and the work done for N entries is
// counted, not timed.
import { after, test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import jsonc = require('jsonc-parser');
import {
  maxRuleConfigurationFileBytes,
  maxRuleConfigurationProblems,
  parseRuleConfigurationFile,
  findRuleConfigurationFile,
} from '../../server/src/service/configuration/ruleConfigurationFile';
import { readConfigurationFile } from '../../server/src/readConfigurationFile';
import { runPearlLint } from '../../server/src/cli/pearlLint';
import { checkRuleEntries } from '../../server/src/service/configuration/ruleConfiguration';

const uri = 'file:///work/.pearlrc.json';
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'pearlrc-bound-'));
after(() => fs.rmSync(work, { recursive: true, force: true }));

/** A `.pearlrc.json` text with `count` entries of unknown codes. */
function unknownCodes(count: number): string {
  return `{ "rules": {\n${Array.from({ length: count }, (_, i) => `  "unknown-code-${i}": "off"`).join(',\n')}\n} }\n`;
}

/** A text of about `bytes` bytes: valid rules and a long string. */
function largeText(bytes: number): string {
  return `{ "rules": { "variable-undeclared": "off" }, "note": "${'x'.repeat(bytes)}" }`;
}

test('a .pearlrc.json over 1 MiB gets one problem at its start naming the bound, and none of its rules applies', () => {
  const file = parseRuleConfigurationFile(uri, largeText(2.5 * 1024 * 1024));
  assert.deepEqual(file.configuration.rules, {});
  assert.equal(file.diagnostics.length, 1);
  const [problem] = file.diagnostics;
  assert.equal(problem.code, 'rule-file-invalid');
  assert.deepEqual(problem.range, { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } });
  assert.match(problem.message, /larger than 1 MiB \(1048576 bytes\)/);
  // The bound counts UTF-8 bytes: 600 000 three-byte characters are 1.8 MB in 600 000 units.
  assert.equal(parseRuleConfigurationFile(uri, largeText(0).replace('""', `"${'€'.repeat(600_000)}"`)).diagnostics.length, 1);
  // Just under the bound, the file is read.
  const under = largeText(maxRuleConfigurationFileBytes - 200);
  assert.deepEqual(parseRuleConfigurationFile(uri, under).configuration.rules, { 'variable-undeclared': 'off' });
});

test('readConfigurationFile reads no more than the bound and one byte of a larger file, which is then refused', () => {
  const file = path.join(work, '.pearlrc.json');
  fs.writeFileSync(file, largeText(2.5 * 1024 * 1024));
  const text = readConfigurationFile(pathToFileURL(file).href);
  assert.equal(text?.length, maxRuleConfigurationFileBytes + 1);
  const found = findRuleConfigurationFile(pathToFileURL(path.join(work, 'a.pearl.json')).href, readConfigurationFile);
  assert.deepEqual(
    found?.diagnostics.map((d) => d.code),
    ['rule-file-invalid'],
  );
});

test('pearl-lint refuses a .pearlrc.json over 1 MiB with one error naming the file and the bound (exit 2)', async () => {
  const folder = fs.mkdtempSync(path.join(work, 'cli-'));
  fs.writeFileSync(path.join(folder, '.pearlrc.json'), largeText(2.5 * 1024 * 1024));
  fs.writeFileSync(path.join(folder, 'a.pearl.json'), '{ "pearl": { "nodes": [] } }');
  let stderr = '';
  const code = await runPearlLint(['--format', 'json', 'a.pearl.json'], {
    stdout: { write: () => undefined },
    stderr: { write: (text: string) => (stderr += text) },
    cwd: folder,
  });
  assert.equal(code, 2);
  const lines = stderr.split('\n').filter((line) => line.includes('.pearlrc.json'));
  assert.deepEqual(lines, [
    'pearl-lint: .pearlrc.json: This file is larger than 1 MiB (1048576 bytes), the most a .pearlrc.json may be: it is not read, and no rule of it applies.',
  ]);
});

/**
 * Parses `text` with jsonc-parser's parseTree made to count each read of a property key's value
 * (how entries are matched to their problems): the count, and the result.
 */
function countKeyReads(text: string): { reads: number; file: ReturnType<typeof parseRuleConfigurationFile> } {
  const original = jsonc.parseTree;
  let reads = 0;
  const counting = (...args: Parameters<typeof original>): ReturnType<typeof original> => {
    const root = original(...args);
    const visit = (node: jsonc.Node): void => {
      if (node.type === 'property' && node.children?.[0]) {
        const key = node.children[0];
        const value: unknown = key.value;
        Object.defineProperty(key, 'value', {
          get: () => {
            reads++;
            return value;
          },
        });
      }
      for (const child of node.children ?? []) visit(child);
    };
    if (root) visit(root);
    return root;
  };
  (jsonc as { parseTree: typeof original }).parseTree = counting;
  try {
    const file = parseRuleConfigurationFile(uri, text);
    return { reads, file };
  } finally {
    (jsonc as { parseTree: typeof original }).parseTree = original;
  }
}

test('the entries of a .pearlrc.json are matched to their problems in one pass: key reads grow linearly with the entries', () => {
  for (const count of [1_000, 4_000]) {
    const { reads, file } = countKeyReads(unknownCodes(count));
    // Each entry's key is read a few times (its value, its code), never once per other entry.
    assert.ok(reads <= 4 * count, `${reads} key reads for ${count} entries`);
    // At most 100 problems are reported, and one more says how many were left out.
    assert.equal(file.diagnostics.length, maxRuleConfigurationProblems + 1);
    assert.equal(file.diagnostics.at(-1)?.message, `${count - 100} more problems of this file are not shown (the first 100 are).`);
    // The summary has the kind of what it leaves out: unknown codes, Warnings that do not fail a pearl-lint run.
    assert.equal(file.diagnostics.at(-1)?.code, 'rule-code-unknown');
    assert.deepEqual(file.diagnostics[99].range.start, { line: 100, character: 2 });
  }
});

test('an unchanged .pearlrc.json is not parsed again for the next document', () => {
  const texts = new Map([['file:///team/.pearlrc.json', '{ "rules": { "variable-undeclared": "off" } }']]);
  const read = (fileUri: string): string | undefined => texts.get(fileUri);
  const original = jsonc.parseTree;
  let parses = 0;
  (jsonc as { parseTree: typeof original }).parseTree = (...args) => {
    parses++;
    return original(...args);
  };
  try {
    const first = findRuleConfigurationFile('file:///team/a.pearl.json', read);
    const second = findRuleConfigurationFile('file:///team/sub/b.pearl.json', read);
    assert.equal(parses, 1);
    assert.equal(second, first);
    texts.set('file:///team/.pearlrc.json', '{ "rules": { "variable-undeclared": "info" } }');
    assert.deepEqual(findRuleConfigurationFile('file:///team/a.pearl.json', read)?.configuration.rules, { 'variable-undeclared': 'info' });
    assert.equal(parses, 2);
  } finally {
    (jsonc as { parseTree: typeof original }).parseTree = original;
  }
});

test('a walks file code or a pattern in rules says what is wrong, not only "unknown"', async () => {
  const { problems } = checkRuleEntries([
    ['walk-cannot-start', 'off'],
    ['walk-*', 'off'],
  ]);
  assert.deepEqual(
    problems.map((problem) => problem.message),
    [
      '"walk-cannot-start" is a walks file code (docs/walks.md): walks files are checked as they are, and rules do not tune their codes.',
      '"walk-*" is a pattern: rules name each code on its own (docs/rules.md lists them); walk-* codes are not tuned by rules.',
    ],
  );
  let stderr = '';
  const code = await runPearlLint(['--rule', 'walk-cannot-start=off', 'a.pearl.json'], {
    stdout: { write: () => undefined },
    stderr: { write: (text: string) => (stderr += text) },
    cwd: work,
  });
  assert.equal(code, 2);
  assert.match(stderr, /--rule walk-cannot-start=off: "walk-cannot-start" is a walks file code/);
});
