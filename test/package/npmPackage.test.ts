// The npm package as a user gets it: `npm pack` (prepack builds the production bundles), the tarball
// installed into an empty project without the registry, then its bins, the service library with its
// types, and the GitHub Action's own steps, run as they are written in action.yml.
import { after, before, test } from 'node:test';
import * as assert from 'node:assert/strict';
import { execFileSync, spawnSync, SpawnSyncReturns } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { repositoryRoot } from '../helpers/lspClient';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
const manifest = JSON.parse(fs.readFileSync(path.join(repositoryRoot, 'package.json'), 'utf8')) as { name: string; version: string };
// No registry: everything below must work from the tarball alone.
const offline = {
  ...process.env,
  npm_config_offline: 'true',
  npm_config_audit: 'false',
  npm_config_fund: 'false',
  npm_config_update_notifier: 'false',
  GITHUB_ACTIONS: '',
};

const broken = `{
  "pearl": {
    "agentName": "Ava",
    "agentPersonality": "Warm, patient and precise, never too long",
    "modelType": 11,
    "nodes": [
      { "nodeId": "open", "name": "Open", "nodeType": 2, "script": "Hi", "transitions": [{ "name": "Next", "toNodeId": "end" }, { "name": "Lost", "toNodeId": "nowhere" }] },
      { "nodeId": "end", "name": "End", "nodeType": 100, "transitions": [] }
    ]
  },
  "inbound": { "textChannelId": "channel-1", "totalAgents": 1 }
}
`;

let work: string;
let tarball: string;
let project: string;

function run(command: string, args: string[], options: { cwd: string; input?: string; env?: NodeJS.ProcessEnv }): SpawnSyncReturns<string> {
  return spawnSync(command, args, {
    cwd: options.cwd,
    input: options.input ?? '',
    env: options.env ?? offline,
    encoding: 'utf8',
    timeout: 300_000,
  });
}

before(() => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'pearl-pack-'));
  const packed = run(npm, ['pack', '--json', '--pack-destination', work], { cwd: repositoryRoot });
  assert.equal(packed.status, 0, packed.stderr);
  const [{ filename }] = JSON.parse(packed.stdout.slice(packed.stdout.indexOf('['))) as { filename: string }[];
  tarball = path.join(work, filename);
  project = path.join(work, 'project');
  fs.mkdirSync(project);
  fs.writeFileSync(path.join(project, 'package.json'), JSON.stringify({ name: 'consumer', version: '1.0.0', private: true }));
  fs.writeFileSync(path.join(project, 'broken.pearl.json'), broken);
  const installed = run(npm, ['install', '--offline', tarball], { cwd: project });
  assert.equal(installed.status, 0, installed.stderr);
});

after(() => {
  fs.rmSync(work, { recursive: true, force: true });
});

test('the tarball: at most 400 KiB, only the allowlisted files, production bundles', () => {
  assert.ok(fs.statSync(tarball).size <= 400 * 1024, `${(fs.statSync(tarball).size / 1024).toFixed(0)} KiB`);
  const files = execFileSync('tar', ['-tzf', tarball], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((file) => file.replace(/^package\//, ''));
  for (const file of files) {
    assert.match(
      file,
      /^(dist\/(server|pearl-lint|service)\.js|dist\/service\.d\.ts|dist\/THIRD-PARTY-NOTICES|schemas\/[^/]+\.json|templates\/.+|README\.md|LICENSE|CHANGELOG\.md|package\.json)$/,
      file,
    );
  }
  for (const file of [
    'dist/server.js',
    'dist/pearl-lint.js',
    'dist/service.js',
    'dist/service.d.ts',
    'dist/THIRD-PARTY-NOTICES',
    'schemas/pearl.schema.json',
    'CHANGELOG.md',
    'LICENSE',
  ]) {
    assert.ok(files.includes(file), `${file} is packed`);
  }
  const lint = fs.readFileSync(path.join(project, 'node_modules', manifest.name, 'dist', 'pearl-lint.js'), 'utf8');
  assert.ok(!lint.includes('sourceMappingURL'), 'no source maps');
});

test('installing the tarball adds no other package', () => {
  const modules = fs.readdirSync(path.join(project, 'node_modules')).filter((name) => !name.startsWith('.'));
  assert.deepEqual(modules, [manifest.name]);
});

test('npx pearl-lint --format sarif and --format github report the two errors, exit 1', () => {
  const sarif = run(npx, ['--offline', 'pearl-lint', '--format', 'sarif', 'broken.pearl.json'], { cwd: project });
  assert.equal(sarif.status, 1, sarif.stderr);
  const log = JSON.parse(sarif.stdout) as {
    version: string;
    runs: { tool: { driver: { version: string } }; results: { ruleId: string }[] }[];
  };
  assert.equal(log.version, '2.1.0');
  assert.equal(log.runs[0].tool.driver.version, manifest.version);
  assert.deepEqual(log.runs[0].results.map((r) => r.ruleId).sort(), ['max-length', 'unknown-target']);

  const github = run(npx, ['--offline', 'pearl-lint', '--format', 'github', 'broken.pearl.json'], { cwd: project });
  assert.equal(github.status, 1);
  assert.match(github.stdout, /^::error file=broken\.pearl\.json,line=4,col=\d+,endLine=4,endColumn=\d+,title=pearl max-length::/m);
  assert.match(
    github.stdout,
    /^::error file=broken\.pearl\.json,line=7,col=\d+,endLine=7,endColumn=\d+,title=pearl unknown-target::.*nowhere/m,
  );
});

test('npx pearl-lint reads standard input; the server answers --help', () => {
  const stdin = run(npx, ['--offline', 'pearl-lint', '-', '--stdin-filename', 'piped.pearl.json'], { cwd: project, input: broken });
  assert.equal(stdin.status, 1, stdin.stderr);
  assert.match(stdin.stdout, /^piped\.pearl\.json:4:\d+: error max-length /m);
  assert.match(stdin.stderr, /^2 errors, 0 warnings in 1 file\n$/m);
  const help = run(npx, ['--offline', 'pearl-language-server', '--help'], { cwd: project });
  assert.equal(help.status, 0, help.stderr);
  assert.match(help.stdout, /^Usage: pearl-language-server/);
});

test(`require('${manifest.name}/service') lints in process, with its types`, () => {
  const script = `
    const { getLanguageService, TextDocument, DiagnosticCode } = require('${manifest.name}/service');
    const service = getLanguageService();
    const text = require('fs').readFileSync('broken.pearl.json', 'utf8');
    const doc = service.parsePearlDocument(TextDocument.create('file:///broken.pearl.json', 'pearl', 1, text));
    const codes = service.doValidation(doc).map((d) => d.code + '@' + (d.range.start.line + 1));
    console.log(JSON.stringify({ codes, known: DiagnosticCode.unknownTarget }));`;
  const result = run(process.execPath, ['-e', script], { cwd: project });
  assert.equal(result.status, 0, result.stderr);
  assert.deepEqual(JSON.parse(result.stdout), { codes: ['max-length@4', 'unknown-target@7'], known: 'unknown-target' });

  // The types resolve through `exports` and need no other package.
  fs.writeFileSync(
    path.join(project, 'consumer.ts'),
    `import { getLanguageService, TextDocument, Diagnostic } from '${manifest.name}/service';
const service = getLanguageService();
const doc = service.parsePearlDocument(TextDocument.create('file:///a.pearl.json', 'pearl', 1, '{}'));
const diagnostics: Diagnostic[] = service.doValidation(doc);
const line: number = diagnostics[0].range.start.line;
// @ts-expect-error doValidation takes a parsed document, not text
service.doValidation('{}');
export { line };
`,
  );
  const tsc = path.join(repositoryRoot, 'node_modules', 'typescript', 'bin', 'tsc');
  const compilerOptions = { strict: true, noEmit: true, module: 'node16', moduleResolution: 'node16', types: [] };
  fs.writeFileSync(path.join(project, 'tsconfig.json'), JSON.stringify({ compilerOptions, files: ['consumer.ts'] }));
  const typed = run(process.execPath, [tsc, '-p', '.'], { cwd: project });
  assert.equal(typed.status, 0, typed.stdout + typed.stderr);
});

test('the GitHub Action: its two steps, as action.yml writes them, install the package and annotate', () => {
  const action = parseYaml(fs.readFileSync(path.join(repositoryRoot, 'action.yml'), 'utf8')) as {
    inputs: Record<string, { default: string }>;
    runs: { using: string; steps: { shell: string; env: Record<string, string>; run: string }[] };
  };
  assert.equal(action.runs.using, 'composite');
  const runnerTemp = path.join(work, 'runner');
  fs.mkdirSync(runnerTemp);
  const inputs: Record<string, string> = {
    ...Object.fromEntries(Object.entries(action.inputs).map(([name, input]) => [name, input.default])),
    package: tarball,
    paths: '*.pearl.json !nothing/**',
    'sarif-file': 'pearl.sarif',
  };
  const context: Record<string, string> = { 'github.action_path': repositoryRoot };
  const expand = (value: string): string =>
    value.replace(
      /\$\{\{\s*([\w.-]+)\s*\}\}/g,
      (_, name: string) => (name.startsWith('inputs.') ? inputs[name.slice('inputs.'.length)] : context[name]) ?? '',
    );
  let last: SpawnSyncReturns<string> | undefined;
  for (const step of action.runs.steps) {
    assert.equal(step.shell, 'bash');
    const env = {
      ...offline,
      RUNNER_TEMP: runnerTemp,
      ...Object.fromEntries(Object.entries(step.env).map(([name, value]) => [name, expand(value)])),
    };
    last = run('bash', ['-c', step.run], { cwd: project, env });
    if (last === undefined || step !== action.runs.steps[action.runs.steps.length - 1]) assert.equal(last.status, 0, last.stderr);
  }
  assert.ok(last);
  assert.equal(last.status, 1, last.stderr);
  assert.match(last.stdout, /^::error file=broken\.pearl\.json,line=4,.*title=pearl max-length::/m);
  assert.equal((JSON.parse(fs.readFileSync(path.join(project, 'pearl.sarif'), 'utf8')) as { version: string }).version, '2.1.0');
});
