// The commands for plain JSON tools of docs/user/other-editors.md work: ajv-cli with the schemas (as
// the page writes it, run from this repository's devDependency instead of npx), and the VS Code settings snippet.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { parse } from 'jsonc-parser';
import { repositoryRoot } from '../helpers/lspClient';

const page = fs.readFileSync(path.join(repositoryRoot, 'docs', 'user', 'other-editors.md'), 'utf8');

/** The page's ajv-cli command, its arguments split, the package's schema paths pointing at schemas/. */
function pageAjvArguments(): string[] {
  const start = page.indexOf('npx ajv-cli@5.0.0 validate');
  assert.ok(start >= 0, 'docs/user/other-editors.md gives an ajv-cli command');
  const command = page.slice(start, page.indexOf('\n```', start)).replace(/\\\n\s*/g, ' ');
  const words = command.match(/'[^']*'|\S+/g) ?? [];
  return words.slice(2).map((word) => word.replace(/^'(.*)'$/, '$1').replace('node_modules/pearl-language-tools/', `${repositoryRoot}/`));
}

test('the ajv-cli command of docs/user/other-editors.md validates Pearl files against the schemas: valid ones pass, an invalid one fails', () => {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'pearl-ajv-'));
  try {
    fs.mkdirSync(path.join(work, 'flows', 'sub'), { recursive: true });
    for (const name of ['clinic-reminders.pearl.json', 'inbound-voice.pearl.json'])
      fs.copyFileSync(path.join(repositoryRoot, 'examples', name), path.join(work, 'flows', 'sub', name));
    const ajvCli = path.join(repositoryRoot, 'node_modules', 'ajv-cli', 'dist', 'index.js');
    const args = pageAjvArguments();
    assert.equal(args[0], 'validate');
    const valid = spawnSync(process.execPath, [ajvCli, ...args], { cwd: work, encoding: 'utf8' });
    assert.equal(valid.status, 0, valid.stdout + valid.stderr);
    assert.match(valid.stdout + valid.stderr, /clinic-reminders\.pearl\.json valid/);
    fs.writeFileSync(path.join(work, 'flows', 'bad.pearl.json'), JSON.stringify({ pearl: { nodes: 'not a list' } }));
    const invalid = spawnSync(process.execPath, [ajvCli, ...args], { cwd: work, encoding: 'utf8' });
    assert.equal(invalid.status, 1, invalid.stdout + invalid.stderr);
    assert.match(invalid.stdout + invalid.stderr, /bad\.pearl\.json invalid/);
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
});

test('the VS Code settings of docs/user/other-editors.md associate *.pearl.json with jsonc and the schema', () => {
  const start = page.indexOf('"files.associations": { "*.pearl.json": "jsonc" }');
  assert.ok(start >= 0);
  const block = page.slice(page.lastIndexOf('```json', start) + '```json'.length, page.indexOf('```', start));
  const settings = parse(block) as { 'files.associations': Record<string, string>; 'json.schemas': { fileMatch: string[]; url: string }[] };
  assert.equal(settings['files.associations']['*.pearl.json'], 'jsonc');
  assert.deepEqual(settings['json.schemas'][0].fileMatch, ['*.pearl.json']);
  assert.ok(fs.existsSync(path.join(repositoryRoot, settings['json.schemas'][0].url.replace('./node_modules/pearl-language-tools/', ''))));
});
