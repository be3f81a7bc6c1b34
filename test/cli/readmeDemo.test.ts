// The README's figures for the bundled examples are what pearl-lint prints on them: its summary on
// examples/broken/ and the clean run of examples/ (`npm run demo` runs both).
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { repositoryRoot } from '../helpers/paths';

const lint = path.join(repositoryRoot, 'dist', 'pearl-lint.js');

test("the README's summary of examples/broken/ is pearl-lint's", () => {
  const readme = fs.readFileSync(path.join(repositoryRoot, 'README.md'), 'utf8');
  const quoted = /`examples\/broken\/` shows a spread of mistakes\s+\(`([^`]+)`, exit 1\)/.exec(readme)?.[1];
  assert.ok(quoted, 'the README quotes the summary');
  const run = spawnSync(process.execPath, [lint, 'examples/broken'], { cwd: repositoryRoot, encoding: 'utf8' });
  assert.equal(run.status, 1, run.stderr);
  assert.match(run.stderr, new RegExp(`^${quoted.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} in \\d+ files$`, 'm'));
});
