// `npm run package`: bundles the extension minified (no source maps) and packs it into a .vsix with
// @vscode/vsce. Everything the extension runs is in dist/ (esbuild), so the package holds no
// node_modules (`--no-dependencies`); .vscodeignore is an allowlist of what ships.
// package.json's `files` is the npm package's allowlist, and vsce refuses a manifest with both: the
// .vsix is packed from a staging folder holding the candidate files and the manifest without `files`.
// Usage: node scripts/package.mjs [--out <file.vsix>]   (default: <name>-<version>.vsix here)
// Typecheck first (`tsc -b`): `npm run package` does.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const outIndex = process.argv.indexOf('--out');
const out = resolve(outIndex > 0 ? process.argv[outIndex + 1] : join(root, `${manifest.name}-${manifest.version}.vsix`));

function run(command, args, cwd = root) {
  const result = spawnSync(command, args, { cwd, stdio: 'inherit' });
  if (result.status !== 0) {
    process.stderr.write(`package: ${command} ${args.join(' ')} failed (${result.status ?? result.signal})\n`);
    process.exit(1);
  }
}

// The production bundles replace the development ones (bundle.mjs removes their stale source maps).
run(process.execPath, [join(root, 'scripts', 'bundle.mjs'), '--production']);

// What .vscodeignore may let through; it still decides what ships.
const candidates = [
  '.vscodeignore',
  'dist',
  'schemas',
  'syntaxes',
  'language-configuration.json',
  'media',
  'docs',
  'templates',
  'CHANGELOG.md',
  'LICENSE',
];
const staging = mkdtempSync(join(tmpdir(), 'pearl-vsix-'));
try {
  for (const candidate of candidates) {
    if (existsSync(join(root, candidate))) cpSync(join(root, candidate), join(staging, candidate), { recursive: true });
  }
  const { files: _npmFiles, scripts: _scripts, devDependencies: _devDependencies, ...vsixManifest } = manifest;
  writeFileSync(join(staging, 'package.json'), `${JSON.stringify(vsixManifest, null, 2)}\n`);
  // The Marketplace page gets a README written for users (the repository's README is for developers);
  // its image is packaged and resolved inside the installed extension, so relative links stay as they are.
  const vsceArgs = [
    'package',
    '--no-dependencies',
    '--readme-path',
    'media/README.marketplace.md',
    '--no-rewrite-relative-links',
    '--out',
    out,
  ];
  run(process.execPath, [join(root, 'node_modules', '@vscode', 'vsce', 'vsce'), ...vsceArgs], staging);
} finally {
  rmSync(staging, { recursive: true, force: true });
}
process.stdout.write(`package: ${out} (${(statSync(out).size / 1024).toFixed(0)} KiB)\n`);
