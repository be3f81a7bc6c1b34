// `npm run release:hook`: cuts the pre-commit hook's release ref. pre-commit installs a Node hook by
// running `npm install` (dev packages included) and `npm pack` in its clone of the repository, so a
// hook pointed at a commit of main downloads TypeScript, esbuild, ESLint, Playwright and the rest.
// This commits, on the branch `pre-commit-hook` and under the tag `hook-v<version>`, a tree holding
// only what the hook runs: the production bundles of pearl-lint and of the service it loads (they
// carry every package they use; Node built-ins only), .pre-commit-hooks.yaml, the GitHub Action's
// action.yml (which runs the built pearl-lint as is when it finds it), a package.json with
// the `pearl-lint` bin and no dependencies, scripts or devDependencies, LICENSE, the third-party
// notices and a README. Users point `rev:` at the tag; pushing the branch and the tag is the release.
// The commit is made with git's plumbing (hash-object, mktree, commit-tree, update-ref): the working
// tree, the index and the checked-out branch are never touched. Each release's parent is the
// branch's previous tip, so the branch only moves forward.
// Usage: node scripts/hook-release.mjs [--repo <dir>] [--branch <name>] [--allow-dirty]
//   --repo         the git repository to commit into (default: this one; created when missing)
//   --branch       the branch to commit on (default: pre-commit-hook)
//   --allow-dirty  build from a working tree with uncommitted changes (a test, never a release)
// Build first (`npm run release:hook` does): the production bundles in dist/.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { values: options } = parseArgs({
  options: {
    repo: { type: 'string', default: root },
    branch: { type: 'string', default: 'pre-commit-hook' },
    'allow-dirty': { type: 'boolean', default: false },
  },
});
const target = resolve(options.repo);
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const tag = `hook-v${manifest.version}`;

/** Stops with `message` on standard error and exit code 1. */
function fail(message) {
  process.stderr.write(`release:hook: ${message}\n`);
  process.exit(1);
}

/**
 * Runs git in `cwd`; answers its standard output without the final newline. Stops the release when
 * git fails, unless `allowFailure` (then undefined).
 */
function git(args, { cwd = target, input, allowFailure = false, env } = {}) {
  const result = spawnSync('git', args, { cwd, input, encoding: 'utf8', env: { ...process.env, ...env } });
  if (result.status === 0) return result.stdout.replace(/\n$/, '');
  if (allowFailure) return undefined;
  return fail(`git ${args.join(' ')} failed: ${(result.stderr || result.error?.message || '').trim()}`);
}

// The production bundles: minified, no source maps (a development build would ship its map comments).
for (const file of ['dist/pearl-lint.js', 'dist/pearl-lint-cli.js', 'dist/service.js', 'dist/THIRD-PARTY-NOTICES']) {
  if (!existsSync(join(root, file))) fail(`${file} is missing: run \`npm run release:hook\`, which builds it`);
}
for (const file of ['dist/pearl-lint.js', 'dist/pearl-lint-cli.js', 'dist/service.js']) {
  if (readFileSync(join(root, file), 'utf8').includes('sourceMappingURL')) {
    fail(`${file} is a development build: run \`npm run release:hook\`, which builds the production bundles`);
  }
}

const sourceCommit = git(['rev-parse', 'HEAD'], { cwd: root });
const dirty = git(['status', '--porcelain', '--untracked-files=no'], { cwd: root }) !== '';
if (dirty && !options['allow-dirty']) {
  fail('the working tree has uncommitted changes; commit them first, so that the hook is built from a commit');
}
const source = `${sourceCommit}${dirty ? ' (with uncommitted changes)' : ''}`;

const hookManifest = {
  name: manifest.name,
  version: manifest.version,
  description: 'pearl-lint for pre-commit: the built linter of the Pearl language tools, with no dependencies.',
  private: true,
  license: manifest.license,
  homepage: manifest.homepage,
  repository: manifest.repository,
  bugs: manifest.bugs,
  engines: { node: manifest.engines.node },
  bin: { 'pearl-lint': 'dist/pearl-lint.js' },
  files: ['dist/', 'LICENSE', 'README.md'],
};

const readme = `# pearl-lint for pre-commit

This ref holds only what the [pre-commit](https://pre-commit.com) hook \`pearl-lint\` runs: the built
\`pearl-lint\` and the language service it loads (\`dist/\`, every package they use bundled in), and
a package.json without dependencies or build scripts, so that pre-commit's \`npm install\` downloads
nothing. It was made by \`npm run release:hook\` from ${manifest.repository.url.replace(/^git\+|\.git$/g, '')}
at commit ${source}. The sources, the documentation and the other install paths are on the main
branch.

\`\`\`yaml
repos:
  - repo: ${manifest.repository.url.replace(/^git\+|\.git$/g, '')}
    rev: ${tag}
    hooks:
      - id: pearl-lint
\`\`\`

\`pre-commit autoupdate\` follows the main branch and would move \`rev:\` off this ref: set \`rev:\`
to the newest \`hook-v<version>\` tag by hand.

The GitHub Action runs the same built linter from this ref, with nothing to install:

\`\`\`yaml
      - uses: ${manifest.repository.url.replace(/^git\+https:\/\/github\.com\/|\.git$/g, '')}@${tag}
        with:
          paths: .
\`\`\`
`;

/** The hook's files: path in the tree → its bytes, and whether it is executable. */
const files = new Map([
  ['.pre-commit-hooks.yaml', { bytes: readFileSync(join(root, '.pre-commit-hooks.yaml')) }],
  ['action.yml', { bytes: readFileSync(join(root, 'action.yml')) }],
  ['LICENSE', { bytes: readFileSync(join(root, 'LICENSE')) }],
  ['README.md', { bytes: Buffer.from(readme) }],
  ['package.json', { bytes: Buffer.from(`${JSON.stringify(hookManifest, null, 2)}\n`) }],
  ['dist/pearl-lint.js', { bytes: readFileSync(join(root, 'dist/pearl-lint.js')), executable: true }],
  ['dist/pearl-lint-cli.js', { bytes: readFileSync(join(root, 'dist/pearl-lint-cli.js')) }],
  ['dist/service.js', { bytes: readFileSync(join(root, 'dist/service.js')) }],
  ['dist/THIRD-PARTY-NOTICES', { bytes: readFileSync(join(root, 'dist/THIRD-PARTY-NOTICES')) }],
]);

if (!existsSync(target) || (statSync(target).isDirectory() && readdirSync(target).length === 0)) {
  mkdirSync(target, { recursive: true });
  git(['init', '--quiet']);
}
if (git(['rev-parse', '--git-dir'], { allowFailure: true }) === undefined) fail(`${target} is not a git repository`);
if (git(['symbolic-ref', '--quiet', 'HEAD'], { allowFailure: true }) === `refs/heads/${options.branch}`) {
  fail(`${options.branch} is checked out in ${target}; switch to another branch first`);
}

/** Writes the tree of `entries` (name → { mode, type, id }) to the repository; answers its id. */
function mktree(entries) {
  const lines = [...entries].map(([name, { mode, type, id }]) => `${mode} ${type} ${id}\t${name}\n`);
  return git(['mktree'], { input: lines.join('') });
}

const rootEntries = new Map();
const folders = new Map();
for (const [path, { bytes, executable }] of files) {
  const id = git(['hash-object', '-w', '--stdin'], { input: bytes });
  const entry = { mode: executable ? '100755' : '100644', type: 'blob', id };
  const slash = path.indexOf('/');
  if (slash < 0) rootEntries.set(path, entry);
  else {
    const folder = path.slice(0, slash);
    if (!folders.has(folder)) folders.set(folder, new Map());
    folders.get(folder).set(path.slice(slash + 1), entry);
  }
}
for (const [folder, entries] of folders) rootEntries.set(folder, { mode: '040000', type: 'tree', id: mktree(entries) });
const tree = mktree(rootEntries);

const branchRef = `refs/heads/${options.branch}`;
const parent = git(['rev-parse', '--verify', '--quiet', `${branchRef}^{commit}`], { allowFailure: true });
const tagged = git(['rev-parse', '--verify', '--quiet', `refs/tags/${tag}^{commit}`], { allowFailure: true });
const treeOf = (commit) => git(['rev-parse', `${commit}^{tree}`]);

if (tagged !== undefined) {
  if (treeOf(tagged) !== tree) {
    fail(`${tag} already names another build of the hook: raise the version in package.json for a new release`);
  }
  process.stdout.write(`${tag} already holds this build (${tagged}); nothing to do.\n`);
  process.exit(0);
}

let commit = parent;
if (parent === undefined || treeOf(parent) !== tree) {
  // The source commit's date, so that the same source, identity and parent give the same commit.
  const date = git(['log', '-1', '--format=%cI', 'HEAD'], { cwd: root });
  const message = `pearl-lint pre-commit hook ${manifest.version}\n\nBuilt by \`npm run release:hook\` from commit ${source}.\n`;
  commit = git(['commit-tree', tree, ...(parent ? ['-p', parent] : []), '-F', '-'], {
    input: message,
    env: { GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date },
  });
  git(['update-ref', '-m', `release:hook ${manifest.version}`, branchRef, commit, ...(parent ? [parent] : [])]);
}
git(['tag', tag, commit]);

process.stdout.write(
  `${options.branch} is at ${commit} and ${tag} names it (the hook ${manifest.version}, built from ${source}).\n` +
    `To release it (a maintainer's step): git -C ${target} push origin ${options.branch} ${tag}\n`,
);
