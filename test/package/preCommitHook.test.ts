// The pre-commit hook as its users get it: `npm run release:hook` cuts the hook's release ref (the
// branch pre-commit-hook and the tag hook-v<version>) into a scratch git repository, then Debian's
// pre-commit installs the hook from that tag, as a `.pre-commit-config.yaml` with `rev:
// hook-v<version>` does, and runs it. npm's registry is a local server that answers 404 and records
// every request, with an empty npm cache: pre-commit's `npm install` in its clone must ask it for
// nothing (no dev package, no dependency), and its environment must hold the package alone.
// `npm run test:package` runs its files one at a time (--test-concurrency=1): this file's
// release:hook and the other's `npm pack` both write the production bundles to dist/.
import { after, before, test } from 'node:test';
import * as assert from 'node:assert/strict';
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as http from 'node:http';
import { AddressInfo } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { runActionSteps } from '../helpers/githubAction';
import { repositoryRoot } from '../helpers/lspClient';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const manifest = JSON.parse(fs.readFileSync(path.join(repositoryRoot, 'package.json'), 'utf8')) as { name: string; version: string };
const tag = `hook-v${manifest.version}`;
const preCommit = spawnSync('pre-commit', ['--version'], { encoding: 'utf8' });
const skip = preCommit.status !== 0 && process.env.CI !== 'true' ? 'pre-commit is not installed (apt-get install pre-commit)' : false;

/** The dev packages a hook user must not download (package.json devDependencies, by folder name). */
const devPackages = ['typescript', 'esbuild', 'eslint', 'playwright-core', 'elkjs', '@dagrejs', 'prettier', 'madge', 'ajv'];

let work: string;
let hookRepo: string;
let user: string;
let registry: http.Server;
/** Every request the stand-in registry received: `GET /typescript`. */
const registryRequests: string[] = [];
let env: NodeJS.ProcessEnv;

interface Run {
  status: number | null;
  output: string;
}

/** Runs `command` without blocking this process (the stand-in registry must answer meanwhile). */
function run(command: string, args: string[], cwd: string): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, output }));
  });
}

before(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'pearl-hook-'));
  registry = http.createServer((request, response) => {
    registryRequests.push(`${request.method ?? ''} ${request.url ?? ''}`);
    response.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"Not found"}');
  });
  await new Promise<void>((resolve) => registry.listen(0, '127.0.0.1', resolve));
  const { port } = registry.address() as AddressInfo;
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name)));
  env = {
    ...inherited,
    npm_config_registry: `http://127.0.0.1:${port}/`,
    npm_config_cache: path.join(work, 'npm-cache'),
    npm_config_audit: 'false',
    npm_config_fund: 'false',
    npm_config_update_notifier: 'false',
    PRE_COMMIT_HOME: path.join(work, 'pre-commit-home'),
    PRE_COMMIT_COLOR: 'never',
    TMPDIR: work,
    // The user's git configuration, without signing (no key here); a fixed identity.
    GIT_CONFIG_COUNT: '3',
    GIT_CONFIG_KEY_0: 'commit.gpgSign',
    GIT_CONFIG_VALUE_0: 'false',
    GIT_CONFIG_KEY_1: 'tag.gpgSign',
    GIT_CONFIG_VALUE_1: 'false',
    GIT_CONFIG_KEY_2: 'init.defaultBranch',
    GIT_CONFIG_VALUE_2: 'main',
    GIT_AUTHOR_NAME: 'Release Test',
    GIT_AUTHOR_EMAIL: 'release@example.com',
    GIT_COMMITTER_NAME: 'Release Test',
    GIT_COMMITTER_EMAIL: 'release@example.com',
  };

  hookRepo = path.join(work, 'hook-repo');
  // --allow-dirty: a developer's working tree has changes; the release refuses them.
  const released = await run(npm, ['run', 'release:hook', '--', '--repo', hookRepo, '--allow-dirty'], repositoryRoot);
  assert.equal(released.status, 0, released.output);
  assert.match(released.output, new RegExp(`^pre-commit-hook is at [0-9a-f]{40} and ${tag} names it`, 'm'));

  user = path.join(work, 'user');
  fs.mkdirSync(path.join(user, 'flows'), { recursive: true });
  execFileSync('git', ['init', '-q', '--initial-branch=main'], { cwd: user, env });
  fs.copyFileSync(path.join(repositoryRoot, 'examples', 'broken', 'graph.pearl.json'), path.join(user, 'flows', 'broken.pearl.json'));
  fs.copyFileSync(path.join(repositoryRoot, 'examples', 'inbound-voice.pearl.json'), path.join(user, 'flows', 'clean.pearl.json'));
  fs.writeFileSync(path.join(user, 'notes.json'), '{ "not": "a Pearl" }');
  fs.writeFileSync(
    path.join(user, '.pre-commit-config.yaml'),
    `repos:\n  - repo: ${hookRepo}\n    rev: ${tag}\n    hooks:\n      - id: pearl-lint\n`,
  );
  execFileSync('git', ['add', '.'], { cwd: user, env });
});

after(async () => {
  await new Promise((resolve) => registry.close(resolve));
  fs.rmSync(work, { recursive: true, force: true });
});

/** The files of `ref` in the hook repository: path → its text. */
function treeOf(ref: string): Map<string, string> {
  const listed = execFileSync('git', ['ls-tree', '-r', '--name-only', ref], { cwd: hookRepo, encoding: 'utf8' });
  return new Map(
    listed
      .trim()
      .split('\n')
      .map((file) => [file, execFileSync('git', ['show', `${ref}:${file}`], { cwd: hookRepo, encoding: 'utf8', maxBuffer: 1 << 24 })]),
  );
}

test(`release:hook: ${tag} holds the built pearl-lint, the hook and a package.json without dependencies or build scripts`, () => {
  const files = treeOf(tag);
  assert.deepEqual([...files.keys()].sort(), [
    '.pre-commit-hooks.yaml',
    'LICENSE',
    'README.md',
    'action.yml',
    'dist/THIRD-PARTY-NOTICES',
    'dist/pearl-lint-cli.js',
    'dist/pearl-lint.js',
    'dist/service.js',
    'package.json',
  ]);
  const hookManifest = JSON.parse(files.get('package.json') ?? '') as Record<string, unknown>;
  assert.equal(hookManifest.name, manifest.name, 'pearl-lint finds its version by this name');
  assert.equal(hookManifest.version, manifest.version);
  assert.deepEqual(hookManifest.bin, { 'pearl-lint': 'dist/pearl-lint.js' });
  for (const field of ['dependencies', 'devDependencies', 'optionalDependencies', 'peerDependencies', 'scripts']) {
    assert.ok(!(field in hookManifest), `no ${field}`);
  }
  assert.equal(files.get('.pre-commit-hooks.yaml'), fs.readFileSync(path.join(repositoryRoot, '.pre-commit-hooks.yaml'), 'utf8'));
  assert.equal(files.get('action.yml'), fs.readFileSync(path.join(repositoryRoot, 'action.yml'), 'utf8'));
  assert.ok(!(files.get('dist/pearl-lint.js') ?? '').includes('sourceMappingURL'), 'the production bundle');
  assert.match(files.get('README.md') ?? '', new RegExp(`rev: ${tag}`));
  const mode = execFileSync('git', ['ls-tree', tag, 'dist/pearl-lint.js'], { cwd: hookRepo, encoding: 'utf8' });
  assert.match(mode, /^100755 /, 'pearl-lint is executable');
  const branch = execFileSync('git', ['rev-parse', 'pre-commit-hook', `${tag}^{commit}`], { cwd: hookRepo, encoding: 'utf8' }).split('\n');
  assert.equal(branch[0], branch[1], 'the branch and the tag name one commit');
});

test(`the GitHub Action from ${tag}: runs the built pearl-lint as is, nothing installed or downloaded`, () => {
  // The ref as \`uses: pearl-tools/pearl-language-tools@${tag}\` checks it out.
  const actionPath = path.join(work, 'action-ref');
  fs.mkdirSync(actionPath);
  const archive = path.join(work, 'action-ref.tar');
  execFileSync('git', ['archive', '--format=tar', '-o', archive, tag], { cwd: hookRepo });
  execFileSync('tar', ['-x', '-f', archive, '-C', actionPath]);
  const consumer = path.join(work, 'action-user');
  fs.mkdirSync(consumer);
  fs.copyFileSync(path.join(repositoryRoot, 'examples', 'broken', 'graph.pearl.json'), path.join(consumer, 'broken.pearl.json'));
  const requestsBefore = registryRequests.length;
  const started = process.hrtime.bigint();
  const runs = runActionSteps({ actionPath, cwd: consumer, inputs: { paths: '.' }, env, tempParent: work });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const [install, lint] = runs;
  assert.match(install.stderr, /^pearl-lint: the release's built linter, nothing to install$/m);
  assert.equal(lint.status, 1, lint.stdout + lint.stderr);
  assert.match(lint.stdout, /^::error file=broken\.pearl\.json,line=\d+,.*title=pearl /m);
  assert.deepEqual(registryRequests.slice(requestsBefore), [], 'no request to the registry');
  assert.ok(!fs.existsSync(path.join(actionPath, 'node_modules')), 'nothing installed in the action');
  process.stdout.write(`# the Action's two steps from the release ref took ${seconds.toFixed(2)} s\n`);
});

test('release:hook again: the same build is already released; another build under the same tag is refused', async () => {
  const before = execFileSync('git', ['rev-parse', 'pre-commit-hook'], { cwd: hookRepo, encoding: 'utf8' });
  const script = path.join(repositoryRoot, 'scripts', 'hook-release.mjs');
  const again = await run(process.execPath, [script, '--repo', hookRepo, '--allow-dirty'], repositoryRoot);
  assert.equal(again.status, 0, again.output);
  assert.match(again.output, new RegExp(`^${tag} already holds this build`, 'm'));
  assert.equal(execFileSync('git', ['rev-parse', 'pre-commit-hook'], { cwd: hookRepo, encoding: 'utf8' }), before);

  const other = path.join(work, 'other-repo');
  fs.mkdirSync(other);
  execFileSync('git', ['init', '-q', '--initial-branch=main'], { cwd: other, env });
  fs.writeFileSync(path.join(other, 'README.md'), 'an older build\n');
  execFileSync('git', ['add', '.'], { cwd: other, env });
  execFileSync('git', ['commit', '-q', '-m', 'older', '--no-gpg-sign'], { cwd: other, env });
  execFileSync('git', ['tag', tag], { cwd: other, env });
  const refused = await run(process.execPath, [script, '--repo', other, '--allow-dirty'], repositoryRoot);
  assert.equal(refused.status, 1, refused.output);
  assert.match(refused.output, new RegExp(`^release:hook: ${tag} already names another build of the hook: raise the version`, 'm'));
});

test('release:hook in the repository itself: refuses uncommitted changes, then commits beside the checked-out branch', async () => {
  // A repository holding the script and a built tree, as a maintainer's clean checkout after `npm ci`.
  const source = path.join(work, 'source-repo');
  const git = (...args: string[]): string => execFileSync('git', args, { cwd: source, env, encoding: 'utf8' }).trim();
  for (const file of ['package.json', '.pre-commit-hooks.yaml', 'action.yml', 'LICENSE', 'scripts/hook-release.mjs']) {
    fs.mkdirSync(path.dirname(path.join(source, file)), { recursive: true });
    fs.copyFileSync(path.join(repositoryRoot, file), path.join(source, file));
  }
  fs.mkdirSync(path.join(source, 'dist'));
  // The production bundles release:hook built above.
  for (const file of ['pearl-lint.js', 'pearl-lint-cli.js', 'service.js', 'THIRD-PARTY-NOTICES']) {
    fs.copyFileSync(path.join(repositoryRoot, 'dist', file), path.join(source, 'dist', file));
  }
  fs.writeFileSync(path.join(source, '.gitignore'), 'dist/\n');
  git('init', '-q', '--initial-branch=main');
  git('add', '.');
  git('commit', '-q', '--no-gpg-sign', '-m', 'source');
  const script = path.join(source, 'scripts', 'hook-release.mjs');

  fs.appendFileSync(path.join(source, 'LICENSE'), 'a change\n');
  const refused = await run(process.execPath, [script], source);
  assert.equal(refused.status, 1, refused.output);
  assert.match(refused.output, /^release:hook: the working tree has uncommitted changes; commit them first/m);
  assert.equal(git('tag', '--list'), '', 'no tag made');
  git('checkout', '--', 'LICENSE');

  const released = await run(process.execPath, [script], source);
  assert.equal(released.status, 0, released.output);
  const head = git('rev-parse', 'HEAD');
  assert.equal(
    git('log', '-1', '--format=%B', tag),
    `pearl-lint pre-commit hook ${manifest.version}\n\nBuilt by \`npm run release:hook\` from commit ${head}.`,
  );
  assert.equal(git('rev-parse', 'pre-commit-hook'), git('rev-parse', `${tag}^{commit}`));
  assert.equal(git('symbolic-ref', 'HEAD'), 'refs/heads/main', 'the checked-out branch stays');
  assert.equal(git('status', '--porcelain'), '', 'the working tree and the index are untouched');

  // A repository where the branch is checked out: its working tree would no longer match it.
  const clone = path.join(work, 'checked-out');
  execFileSync('git', ['clone', '-q', '--branch', 'pre-commit-hook', hookRepo, clone], { env });
  const checkedOut = await run(process.execPath, [script, '--repo', clone], source);
  assert.equal(checkedOut.status, 1, checkedOut.output);
  assert.match(checkedOut.output, /^release:hook: pre-commit-hook is checked out in /m);
});

test(`pre-commit try-repo --ref ${tag}: fails on the broken Pearl with its diagnostics, passes on the clean one`, { skip }, async () => {
  const both = await run(
    'pre-commit',
    ['try-repo', hookRepo, 'pearl-lint', '--ref', tag, '--files', 'flows/broken.pearl.json', 'flows/clean.pearl.json'],
    user,
  );
  assert.equal(both.status, 1, both.output);
  assert.match(both.output, /^pearl-lint\.+Failed$/m);
  assert.match(both.output, /^flows\/broken\.pearl\.json:48:25: error graph-precall-target .*'triage' is a Dialogue node/m);
  assert.match(both.output, /^12 errors, 0 warnings in 2 files$/m);
  assert.doesNotMatch(both.output, /clean\.pearl\.json:/);

  const clean = await run('pre-commit', ['try-repo', hookRepo, 'pearl-lint', '--ref', tag, '--files', 'flows/clean.pearl.json'], user);
  assert.equal(clean.status, 0, clean.output);
  assert.match(clean.output, /^pearl-lint\.+Passed$/m);
  assert.deepEqual(registryRequests, [], 'npm asked the registry for nothing');
});

/** Every folder under `dir` (not following links), as paths relative to it. */
function foldersUnder(dir: string, prefix = ''): string[] {
  return fs
    .readdirSync(path.join(dir, prefix), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) => [path.join(prefix, entry.name), ...foldersUnder(dir, path.join(prefix, entry.name))]);
}

test(`a .pre-commit-config.yaml with rev: ${tag}: the environment holds the package alone, nothing downloaded`, { skip }, async () => {
  const ran = await run('pre-commit', ['run', '--all-files'], user);
  assert.equal(ran.status, 1, ran.output);
  assert.match(ran.output, /^flows\/broken\.pearl\.json:82:25: error unknown-target toNodeId 'plumber_on_call' names no node/m);
  assert.doesNotMatch(ran.output, /notes\.json/);
  assert.deepEqual(registryRequests, [], 'npm asked the registry for nothing');

  const home = env.PRE_COMMIT_HOME ?? '';
  const folders = foldersUnder(home);
  for (const name of devPackages) {
    const found = folders.filter((folder) => path.basename(folder) === name);
    assert.deepEqual(found, [], `no ${name} anywhere under PRE_COMMIT_HOME`);
  }
  const environments = folders.filter((folder) => /(^|\/)node_env-[^/]+\/lib\/node_modules$/.test(folder));
  assert.equal(environments.length, 1, folders.join('\n'));
  assert.deepEqual(fs.readdirSync(path.join(home, environments[0])), [manifest.name], 'the hook package alone');
  const clones = folders.filter((folder) => /^repo[^/]+$/.test(folder));
  for (const clone of clones) assert.ok(!fs.existsSync(path.join(home, clone, 'node_modules')), `${clone} has no node_modules`);
});
