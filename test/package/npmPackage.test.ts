// The npm package as a user gets it: `npm pack` (prepack builds the production bundles), the tarball
// installed into an empty project without the registry, then its bins, the service library with its
// types (CommonJS, ESM, TypeScript under node16 and node resolution, @arethetypeswrong/cli), the
// GitHub Action's own steps as action.yml writes them (with a tarball, and from its own checkout),
// and the README's local pre-commit hook with the tarball (the hook's release ref: preCommitHook.test.ts).
import { after, before, test } from 'node:test';
import * as assert from 'node:assert/strict';
import { execFileSync, spawnSync, SpawnSyncReturns } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { runActionSteps } from '../helpers/githubAction';
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

/**
 * For the installs that build the package from source with its dev packages (a git URL, the Action
 * from its checkout): from npm's cache, which `npm ci` has filled, falling back on the
 * registry only for what the cache lacks (an offline install would also refuse metadata the cache
 * holds under another form).
 */
const fromCache = { ...offline, npm_config_offline: 'false', npm_config_prefer_offline: 'true' };

let work: string;
let tarball: string;
let project: string;

function run(command: string, args: string[], options: { cwd: string; input?: string; env?: NodeJS.ProcessEnv }): SpawnSyncReturns<string> {
  return spawnSync(command, args, {
    cwd: options.cwd,
    input: options.input ?? '',
    env: options.env ?? offline,
    encoding: 'utf8',
    timeout: 900_000,
  });
}

before(() => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'pearl-pack-'));
  // As a local hook's `additional_dependencies` and a git install use it: standard output is the
  // tarball's name alone (the prepack build's output stays off it; see .npmrc).
  const packed = run(npm, ['pack', '--pack-destination', work], { cwd: repositoryRoot });
  assert.equal(packed.status, 0, packed.stderr);
  assert.match(packed.stdout, /^[\w.-]+\.tgz\n$/, `npm pack printed more than the tarball's name:\n${packed.stdout}`);
  tarball = path.join(work, packed.stdout.trim());
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

// 405 KiB once the walks (engine, walks files, their schema) joined the service and the server;
// 493 KiB once the manual (docs/user/, docs/rules.md, about 50 KiB compressed) and the linter's
// --fix, cache and extends joined: the bound keeps a stray file or a development bundle (about
// three times larger) out, with room for growth.
test('the tarball: at most 560 KiB, only the allowlisted files, production bundles', () => {
  assert.ok(fs.statSync(tarball).size <= 560 * 1024, `${(fs.statSync(tarball).size / 1024).toFixed(0)} KiB`);
  const files = execFileSync('tar', ['-tzf', tarball], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((file) => file.replace(/^package\//, ''));
  for (const file of files) {
    assert.match(
      file,
      /^(dist\/(server|pearl-lint|pearl-lint-cli|service)\.js|dist\/service\.d\.ts|dist\/THIRD-PARTY-NOTICES|schemas\/[^/]+\.json|templates\/.+|docs\/(user\/)?[^/]+\.md|README\.md|LICENSE|CHANGELOG\.md|package\.json)$/,
      file,
    );
  }
  for (const file of [
    'dist/server.js',
    'dist/pearl-lint.js',
    'dist/pearl-lint-cli.js',
    'dist/service.js',
    'dist/service.d.ts',
    'dist/THIRD-PARTY-NOTICES',
    'schemas/pearl.schema.json',
    'CHANGELOG.md',
    'LICENSE',
    'README.md',
    'docs/rules.md',
    'docs/user/limits.md',
    'docs/user/linter.md',
  ]) {
    assert.ok(files.includes(file), `${file} is packed`);
  }
  for (const bundle of ['pearl-lint.js', 'pearl-lint-cli.js']) {
    const lint = fs.readFileSync(path.join(project, 'node_modules', manifest.name, 'dist', bundle), 'utf8');
    assert.ok(!lint.includes('sourceMappingURL'), `no source maps in ${bundle}`);
  }
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

/** Runs the Action's steps from `actionPath` in the consumer project; answers the last step's run. */
function runAction(inputs: Record<string, string>, actionPath: string, baseEnv: NodeJS.ProcessEnv = offline): SpawnSyncReturns<string> {
  const runs = runActionSteps({ actionPath, cwd: project, inputs, env: baseEnv, tempParent: work });
  return runs[runs.length - 1];
}

test('the GitHub Action: its two steps, as action.yml writes them, install the package and annotate', () => {
  const last = runAction({ package: tarball, paths: '*.pearl.json !nothing/**', 'sarif-file': 'pearl.sarif' }, repositoryRoot);
  assert.equal(last.status, 1, last.stderr);
  assert.match(last.stdout, /^::error file=broken\.pearl\.json,line=4,.*title=pearl max-length::/m);
  assert.equal((JSON.parse(fs.readFileSync(path.join(project, 'pearl.sarif'), 'utf8')) as { version: string }).version, '2.1.0');
});

/** The files of this repository's working tree that git would commit (tracked or not ignored), copied to `target`. */
function copyCheckout(target: string): void {
  const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: repositoryRoot,
    encoding: 'utf8',
  });
  for (const file of listed.split('\0').filter((name) => name !== '')) {
    const from = path.join(repositoryRoot, file);
    if (!fs.existsSync(from)) continue; // deleted in the working tree
    fs.mkdirSync(path.dirname(path.join(target, file)), { recursive: true });
    fs.copyFileSync(from, path.join(target, file));
  }
}

test('the GitHub Action with no package input: built from its own checkout, not from npm', { timeout: 900_000 }, () => {
  const checkout = path.join(work, 'action-checkout');
  copyCheckout(checkout);
  const last = runAction({ paths: 'broken.pearl.json' }, checkout, fromCache);
  assert.equal(last.status, 1, last.stderr);
  assert.match(last.stdout, /^::error file=broken\.pearl\.json,line=7,.*title=pearl unknown-target::/m);
});

test('npm install from a git URL of the repository builds the package (prepare) and installs its bins', { timeout: 900_000 }, () => {
  const gitProject = path.join(work, 'git-install');
  fs.mkdirSync(gitProject);
  fs.writeFileSync(path.join(gitProject, 'package.json'), JSON.stringify({ name: 'git-consumer', version: '1.0.0', private: true }));
  fs.writeFileSync(path.join(gitProject, 'broken.pearl.json'), broken);
  // The committed HEAD of this repository, as `npm install git+https://…` would fetch it.
  const installed = run(npm, ['install', `git+file://${repositoryRoot}`], { cwd: gitProject, env: fromCache });
  assert.equal(installed.status, 0, installed.stdout + installed.stderr);
  const lint = run(path.join(gitProject, 'node_modules', '.bin', 'pearl-lint'), ['broken.pearl.json'], { cwd: gitProject });
  assert.equal(lint.status, 1, lint.stderr);
  assert.match(lint.stdout, /^broken\.pearl\.json:4:\d+: error max-length /m);
});

test('require() and import of the package root and /service; every value the types declare exists', () => {
  const cjs = `
    const root = require('${manifest.name}');
    const service = require('${manifest.name}/service');
    if (root !== service) throw new Error('the root and /service differ');
    const { getLanguageService, TextDocument, DiagnosticSeverity, Position, Range, Diagnostic, ParseErrorCode } = root;
    const doc = getLanguageService().parsePearlDocument(TextDocument.create('file:///b.pearl.json', 'pearl', 1, require('fs').readFileSync('broken.pearl.json', 'utf8')));
    const errors = getLanguageService().doValidation(doc).filter((d) => d.severity === DiagnosticSeverity.Error);
    const range = Range.create(Position.create(0, 0), Position.create(0, 1));
    console.log(JSON.stringify({ errors: errors.length, diagnostic: Diagnostic.is(Diagnostic.create(range, 'x')), comma: ParseErrorCode.CommaExpected }));`;
  const required = run(process.execPath, ['-e', cjs], { cwd: project });
  assert.equal(required.status, 0, required.stderr);
  assert.deepEqual(JSON.parse(required.stdout), { errors: 2, diagnostic: true, comma: 6 });

  fs.writeFileSync(
    path.join(project, 'imported.mjs'),
    `import { getLanguageService, TextDocument, DiagnosticSeverity, DiagnosticCode, Range, Position, Diagnostic, ParseErrorCode } from '${manifest.name}';
import * as service from '${manifest.name}/service';
const doc = getLanguageService().parsePearlDocument(TextDocument.create('file:///a.pearl.json', 'pearl', 1, '{}'));
console.log(JSON.stringify({
  same: service.getLanguageService === getLanguageService,
  error: DiagnosticSeverity.Error,
  code: DiagnosticCode.unknownTarget,
  diagnostics: Array.isArray(getLanguageService().doValidation(doc)),
  values: [Range.create, Position.create, Diagnostic.create, ParseErrorCode.ValueExpected].every((v) => v !== undefined),
}));
`,
  );
  const imported = run(process.execPath, ['imported.mjs'], { cwd: project });
  assert.equal(imported.status, 0, imported.stderr);
  assert.deepEqual(JSON.parse(imported.stdout), { same: true, error: 1, code: 'unknown-target', diagnostics: true, values: true });
});

test('TypeScript resolves the types of the root and /service under node16 and under node (typesVersions)', () => {
  fs.writeFileSync(
    path.join(project, 'typed.ts'),
    `import { getLanguageService, TextDocument, DiagnosticSeverity, Range, type Diagnostic, type RuleConfiguration } from '${manifest.name}';
import { getLanguageService as fromService } from '${manifest.name}/service';
const service = getLanguageService();
const doc = service.parsePearlDocument(TextDocument.create('file:///a.pearl.json', 'pearl', 1, '{}'));
const rules: RuleConfiguration = { rules: { 'variable-undeclared': 'off' } };
const errors: Diagnostic[] = service.doValidation(doc, rules).filter((d) => d.severity === DiagnosticSeverity.Error);
const same: boolean = fromService === getLanguageService;
const range = Range.create(0, 0, 0, 1);
// @ts-expect-error a severity is one of the four LSP values
const wrong: DiagnosticSeverity = 7;
export { errors, same, range, wrong };
`,
  );
  const tsc = path.join(repositoryRoot, 'node_modules', 'typescript', 'bin', 'tsc');
  for (const resolution of [
    { module: 'node16', moduleResolution: 'node16' },
    { module: 'commonjs', moduleResolution: 'node', target: 'es2022' },
  ]) {
    const compilerOptions = { strict: true, noEmit: true, types: [], ...resolution };
    fs.writeFileSync(path.join(project, 'tsconfig.typed.json'), JSON.stringify({ compilerOptions, files: ['typed.ts'] }));
    const typed = run(process.execPath, [tsc, '-p', 'tsconfig.typed.json'], { cwd: project });
    assert.equal(typed.status, 0, `${resolution.moduleResolution}: ${typed.stdout}${typed.stderr}`);
  }
});

test('@arethetypeswrong/cli finds no problem in the tarball', () => {
  const attw = path.join(repositoryRoot, 'node_modules', '@arethetypeswrong', 'cli', 'dist', 'index.js');
  const checked = run(process.execPath, [attw, tarball, '--format', 'json'], { cwd: work });
  assert.equal(checked.status, 0, checked.stdout + checked.stderr);
  const { analysis } = JSON.parse(checked.stdout) as { analysis: { problems: unknown[]; entrypoints: Record<string, unknown> } };
  assert.deepEqual(analysis.problems, []);
  assert.ok(Object.hasOwn(analysis.entrypoints, '.'), 'the root is an entry point');
});

const preCommit = spawnSync('pre-commit', ['--version'], { encoding: 'utf8' });

// The hook from its release ref (`rev: hook-v<version>`) is tested in preCommitHook.test.ts.
// A team's local hook: the tarball committed in the repository and named in package.json, so that
// every clone's `npm install` gets it; pre-commit runs the installed bin from the repository root.
// (`additional_dependencies` with a relative tarball path fails: pre-commit installs it from a copy
// of the hook's environment, where the path names nothing.)
/** The local hook's configuration as docs/user/linter.md writes it (the yaml block with `repo: local`). */
function documentedLocalHook(): string {
  const page = fs.readFileSync(path.join(repositoryRoot, 'docs', 'user', 'linter.md'), 'utf8');
  const block = [...page.matchAll(/```yaml\n([\s\S]*?)```/g)].map((match) => match[1]).find((text) => text.includes('repo: local'));
  assert.ok(block, 'docs/user/linter.md has a local hook');
  return block;
}

test(
  'a local pre-commit hook for a team: the tarball in the repository as a devDependency, run with npx --no',
  {
    timeout: 600_000,
    skip: preCommit.status !== 0 && process.env.CI !== 'true' ? 'pre-commit is not installed (apt-get install pre-commit)' : false,
  },
  () => {
    assert.equal(preCommit.status, 0, 'pre-commit is installed (.ci/run installs it)');
    const user = path.join(work, 'hook-user');
    fs.mkdirSync(path.join(user, 'tools'), { recursive: true });
    const git = (...args: string[]): void => {
      execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], { cwd: user, stdio: 'pipe' });
    };
    git('init', '-q');
    const shipped = `tools/${path.basename(tarball)}`;
    fs.copyFileSync(tarball, path.join(user, shipped));
    fs.writeFileSync(
      path.join(user, 'package.json'),
      JSON.stringify({ name: 'team', version: '1.0.0', private: true, devDependencies: { [manifest.name]: `file:${shipped}` } }),
    );
    const installed = run(npm, ['install', '--offline'], { cwd: user });
    assert.equal(installed.status, 0, installed.stderr);
    fs.writeFileSync(path.join(user, '.gitignore'), 'node_modules/\n');
    fs.writeFileSync(path.join(user, 'broken.pearl.json'), broken);
    fs.writeFileSync(path.join(user, 'notes.json'), '{ "not": "a Pearl" }');
    fs.writeFileSync(path.join(user, '.pre-commit-config.yaml'), documentedLocalHook());
    git('add', '.'); // pre-commit refuses a configuration that is not staged
    const env = { ...offline, PRE_COMMIT_HOME: path.join(work, 'pre-commit-home'), PRE_COMMIT_COLOR: 'never' };
    const hook = (): SpawnSyncReturns<string> =>
      spawnSync('pre-commit', ['run', '--all-files'], { cwd: user, env, encoding: 'utf8', timeout: 600_000 });
    const failed = hook();
    const failedOutput = failed.stdout + failed.stderr;
    assert.equal(failed.status, 1, failedOutput);
    assert.match(failedOutput, /pearl-lint\.+Failed/);
    assert.match(failedOutput, /^broken\.pearl\.json:7:\d+: error unknown-target /m);
    assert.doesNotMatch(failedOutput, /notes\.json/);

    fs.copyFileSync(path.join(repositoryRoot, 'examples', 'inbound-voice.pearl.json'), path.join(user, 'broken.pearl.json'));
    git('add', '.');
    const passed = hook();
    assert.equal(passed.status, 0, passed.stdout + passed.stderr);
    assert.match(passed.stdout, /pearl-lint\.+Passed/);
  },
);
