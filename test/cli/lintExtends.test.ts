// .pearlrc.json as ESLint users know it (issue 35): extends (a relative path, a package's file, the
// presets pearl:recommended and pearl:strict), overrides by glob, --config, --no-inline-config,
// --print-config, unknown properties named, a byte order mark accepted, cycles named; the language
// service applies the same resolution. A code the service would reject stays an Error throughout.
import { after, test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { getLanguageService } from '../../server/src/service/pearlLanguageService';
import { getRegisteredCodes } from '../../server/src/service/configuration/diagnosticRegistry';
import { runPearlLint } from '../../server/src/cli/pearlLint';
import { threeProblemsTextPearl } from '../helpers/fixtures';
import { repositoryRoot } from '../helpers/lspClient';

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'pearl-lint-extends-'));
after(() => fs.rmSync(work, { recursive: true, force: true }));

/** Writes `files` (path to text) under a new folder of `work`; returns that folder. */
function tree(files: Record<string, string>): string {
  const folder = fs.mkdtempSync(path.join(work, 'case-'));
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.join(folder, path.dirname(name)), { recursive: true });
    fs.writeFileSync(path.join(folder, name), text);
  }
  return folder;
}

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

/** `file severity code` of each text-format line. */
function lines(stdout: string): string[] {
  return stdout
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [location, severity, code] = line.split(' ');
      return `${location.split(':')[0]} ${severity} ${code}`;
    });
}

interface Printed {
  configFile: string | null;
  configFiles: string[];
  inlineConfig: boolean;
  rules: Record<string, string>;
}

async function printConfig(cwd: string, file: string, ...args: string[]): Promise<Printed> {
  const run = await lint([...args, '--print-config', file], cwd);
  assert.equal(run.code, 0, run.stderr);
  return JSON.parse(run.stdout) as Printed;
}

test("extends: a relative path, a package file from node_modules upward and the presets, in order, under the file's own rules", async () => {
  const folder = tree({
    'node_modules/shared-rules/pearlrc.json': '{ "rules": { "variable-unused": "info", "graph-unreachable": "hint" } }',
    'team/base.json': '{ "rules": { "graph-unreachable": "info", "variable-undeclared": "hint" } }',
    'team/.pearlrc.json':
      '{ "extends": ["pearl:strict", "shared-rules/pearlrc.json", "./base.json"], "rules": { "variable-undeclared": "off" } }',
    'team/a.pearl.json': threeProblemsTextPearl,
  });
  const printed = await printConfig(folder, 'team/a.pearl.json');
  assert.deepEqual(printed.configFiles, [
    path.join('node_modules', 'shared-rules', 'pearlrc.json'),
    path.join('team', 'base.json'),
    path.join('team', '.pearlrc.json'),
  ]);
  assert.equal(printed.rules['variable-unused'], 'info'); // the package's, over pearl:strict's error
  assert.equal(printed.rules['graph-unreachable'], 'info'); // base.json's, after the package
  assert.equal(printed.rules['variable-undeclared'], 'off'); // the file's own, last
  assert.equal(printed.rules['count-below-minimum'], 'error'); // pearl:strict raises every Warning
  assert.equal(printed.rules['max-length'], 'error');
  const recommended = tree({ '.pearlrc.json': '{ "extends": "pearl:recommended" }', 'a.pearl.json': threeProblemsTextPearl });
  assert.equal((await printConfig(recommended, 'a.pearl.json')).rules['count-below-minimum'], 'warning');
  const run = await lint(['team/a.pearl.json'], folder);
  assert.deepEqual(lines(run.stdout), ['team/a.pearl.json error max-length', 'team/a.pearl.json error unknown-target']);
});

test('overrides: globs relative to the .pearlrc.json folder (a glob without / matches the name); excludedFiles; later entries win', async () => {
  const folder = tree({
    '.pearlrc.json': JSON.stringify({
      rules: { 'variable-undeclared': 'info' },
      overrides: [
        { files: ['drafts/**'], excludedFiles: 'drafts/keep.pearl.json', rules: { 'variable-undeclared': 'off' } },
        { files: 'special.pearl.json', rules: { 'variable-undeclared': 'error' } },
      ],
    }),
    'a.pearl.json': threeProblemsTextPearl,
    'drafts/b.pearl.json': threeProblemsTextPearl,
    'drafts/keep.pearl.json': threeProblemsTextPearl,
    'deep/er/special.pearl.json': threeProblemsTextPearl,
  });
  const run = await lint(['.'], folder);
  assert.deepEqual(
    lines(run.stdout).filter((line) => line.includes('variable-undeclared')),
    [
      'a.pearl.json info variable-undeclared',
      'deep/er/special.pearl.json error variable-undeclared',
      'drafts/keep.pearl.json info variable-undeclared',
    ],
  );
});

test('a code the service would reject stays an Error whatever extends or overrides say; the refusal is reported on the entry', async () => {
  const folder = tree({
    'base.json': '{ "rules": { "max-length": "off" } }',
    '.pearlrc.json': '{ "extends": "./base.json", "overrides": [{ "files": "*.pearl.json", "rules": { "unknown-target": "warning" } }] }',
    'a.pearl.json': threeProblemsTextPearl,
  });
  const run = await lint(['a.pearl.json'], folder);
  assert.deepEqual(lines(run.stdout), [
    '.pearlrc.json warning rule-not-configurable',
    'a.pearl.json error max-length',
    'a.pearl.json warning variable-undeclared',
    'a.pearl.json error unknown-target',
    'base.json warning rule-not-configurable',
  ]);
  assert.equal(run.code, 1);
});

test('unknown properties are named (exit 2), in the file and in an overrides entry; a byte order mark is accepted', async () => {
  const folder = tree({
    '.pearlrc.json': '\ufeff{ "rule": {}, "overrides": [{ "files": "*", "severity": {} }] }',
    'a.pearl.json': threeProblemsTextPearl,
  });
  const run = await lint(['a.pearl.json'], folder);
  assert.equal(run.code, 2);
  assert.deepEqual(
    run.stderr.split('\n').filter((line) => line.startsWith('pearl-lint: .pearlrc.json')),
    [
      'pearl-lint: .pearlrc.json: Unknown property "rule" in a .pearlrc.json: it takes "$schema", "extends", "rules", "overrides". Did you mean "rules"?',
      'pearl-lint: .pearlrc.json: Unknown property "severity" in an entry of "overrides": it takes "files", "excludedFiles", "rules".',
    ],
  );
  assert.ok(run.stdout.includes('.pearlrc.json:1:3: warning rule-file-unknown-key'), run.stdout);
  const bom = tree({ '.pearlrc.json': '\ufeff{ "rules": { "variable-undeclared": "off" } }', 'a.pearl.json': threeProblemsTextPearl });
  assert.equal((await printConfig(bom, 'a.pearl.json')).rules['variable-undeclared'], 'off');
});

test('a cycle of extends is a problem naming the chain (exit 2); a file or preset not found is named too', async () => {
  const folder = tree({
    '.pearlrc.json': '{ "extends": ["./one.json", "pearl:nope", "./missing.json", "no-such-package/pearlrc.json"] }',
    'one.json': '{ "extends": "./two.json" }',
    'two.json': '{ "extends": "./one.json" }',
    'a.pearl.json': threeProblemsTextPearl,
  });
  const run = await lint(['a.pearl.json'], folder);
  assert.equal(run.code, 2);
  const name = path.basename(folder);
  assert.deepEqual(
    run.stderr.split('\n').filter((line) => line.includes('extends') || line.includes('names no file') || line.includes('preset')),
    [
      `pearl-lint: two.json: "extends" makes a cycle: ${name}/one.json → ${name}/two.json → ${name}/one.json. The file is not read again.`,
      'pearl-lint: .pearlrc.json: Unknown preset "pearl:nope": the presets are "pearl:recommended" and "pearl:strict".',
      'pearl-lint: .pearlrc.json: "./missing.json" names no file: a relative path is read from this file\'s folder. Its rules do not apply.',
      'pearl-lint: .pearlrc.json: "no-such-package/pearlrc.json" names no file: a package\'s file is looked for in node_modules of this folder and of each folder above. Its rules do not apply.',
    ],
  );
});

test('-c/--config uses that file for every file instead of the nearest; a missing one is exit 2; --no-inline-config ignores comments', async () => {
  const commented = threeProblemsTextPearl.replace(
    '"script": "Tell me',
    '// pearl-disable-next-line variable-undeclared\n        "script": "Tell me',
  );
  const folder = tree({
    'configs/ci.json': '{ "rules": { "variable-undeclared": "error" } }',
    'sub/.pearlrc.json': '{ "rules": { "variable-undeclared": "off" } }',
    'sub/a.pearl.json': threeProblemsTextPearl,
    'sub/c.pearl.json': commented,
  });
  const printed = await printConfig(folder, 'sub/a.pearl.json', '-c', 'configs/ci.json');
  assert.equal(printed.configFile, path.join('configs', 'ci.json'));
  assert.equal(printed.rules['variable-undeclared'], 'error');
  const missing = await lint(['--config', 'configs/none.json', 'sub/a.pearl.json'], folder);
  assert.equal(missing.code, 2);
  assert.match(missing.stderr, /configs\/none\.json: There is no such file: no rule applies\./);
  assert.deepEqual(lines((await lint(['-c', 'configs/ci.json', 'sub/c.pearl.json'], folder)).stdout), [
    'sub/c.pearl.json error max-length',
    'sub/c.pearl.json error unknown-target',
  ]);
  assert.deepEqual(lines((await lint(['-c', 'configs/ci.json', '--no-inline-config', 'sub/c.pearl.json'], folder)).stdout), [
    'sub/c.pearl.json error max-length',
    'sub/c.pearl.json error variable-undeclared',
    'sub/c.pearl.json error unknown-target',
  ]);
  assert.equal((await printConfig(folder, 'sub/a.pearl.json', '--no-inline-config')).inlineConfig, false);
});

test("the language service resolves extends and overrides the same way for the editor, with each file's problems", () => {
  const texts: Record<string, string> = {
    'file:///w/.pearlrc.json':
      '{ "extends": ["./base.json", "./gone.json"], "overrides": [{ "files": "drafts/*", "rules": { "variable-undeclared": "off" } }] }',
    'file:///w/base.json': '{ "rules": { "variable-undeclared": "info" } }',
  };
  const service = getLanguageService({ readConfigurationFile: (uri) => texts[uri] });
  const plain = service.getRuleConfiguration('file:///w/a.pearl.json');
  assert.deepEqual(plain.configuration.rules, { 'variable-undeclared': 'info' });
  assert.deepEqual(
    plain.files.map((file) => [file.uri, file.diagnostics.map((d) => d.code)]),
    [
      ['file:///w/base.json', []],
      ['file:///w/.pearlrc.json', ['rule-extends-invalid']],
    ],
  );
  assert.deepEqual(service.getRuleConfiguration('file:///w/drafts/b.pearl.json').configuration.rules, { 'variable-undeclared': 'off' });
});

test('schemas/pearlrc.schema.json lists every registered code, in order (node scripts/pearlrcSchema.mjs writes it), and extends and overrides', () => {
  const schema = JSON.parse(fs.readFileSync(path.join(repositoryRoot, 'schemas', 'pearlrc.schema.json'), 'utf8')) as {
    properties: Record<string, unknown>;
    definitions: { rules: { propertyNames: { enum: string[] } } };
  };
  assert.deepEqual(schema.definitions.rules.propertyNames.enum, [...getRegisteredCodes()]);
  assert.deepEqual(Object.keys(schema.properties), ['$schema', 'extends', 'rules', 'overrides']);
});
