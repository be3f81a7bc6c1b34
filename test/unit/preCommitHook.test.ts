// .pre-commit-hooks.yaml: the hook runs a command this package installs, on *.pearl.json files only.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { repositoryRoot } from '../helpers/lspClient';

test('the pearl-lint hook: a bin of this package, a Node hook, *.pearl.json files only', () => {
  const hooks = parseYaml(fs.readFileSync(path.join(repositoryRoot, '.pre-commit-hooks.yaml'), 'utf8')) as {
    id: string;
    entry: string;
    language: string;
    files: string;
  }[];
  const manifest = JSON.parse(fs.readFileSync(path.join(repositoryRoot, 'package.json'), 'utf8')) as {
    bin: Record<string, string>;
    scripts: Record<string, string>;
  };
  const hook = hooks.find((candidate) => candidate.id === 'pearl-lint');
  assert.ok(hook);
  assert.equal(hook.language, 'node');
  assert.ok(Object.hasOwn(manifest.bin, hook.entry), `${hook.entry} is a bin`);
  // pre-commit installs the repository with npm pack, which builds the bundles first.
  assert.match(manifest.scripts.prepack, /bundle\.mjs --production/);
  const files = new RegExp(hook.files);
  for (const name of ['a.pearl.json', 'flows/b.pearl.json']) assert.ok(files.test(name), name);
  for (const name of ['a.json', 'package.json', 'a.pearl.json.bak']) assert.ok(!files.test(name), name);
});
