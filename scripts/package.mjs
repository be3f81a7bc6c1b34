// `npm run package`: bundles the extension minified (no source maps) and packs it into a .vsix with
// @vscode/vsce. Everything the extension runs is in dist/ (esbuild), so the package holds no
// node_modules (`--no-dependencies`); .vscodeignore is an allowlist of what ships.
// Usage: node scripts/package.mjs [--out <file.vsix>]   (default: <name>-<version>.vsix here)
// Typecheck first (`tsc -b`): `npm run package` does.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const outIndex = process.argv.indexOf('--out');
const out = resolve(outIndex > 0 ? process.argv[outIndex + 1] : join(root, `${manifest.name}-${manifest.version}.vsix`));

function run(command, args) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    process.stderr.write(`package: ${command} ${args.join(' ')} failed (${result.status ?? result.signal})\n`);
    process.exit(1);
  }
}

// The production bundles replace the development ones; their stale source maps would mislead a debugger.
for (const file of readdirSync(join(root, 'dist'), { withFileTypes: true })) {
  if (file.isFile() && file.name.endsWith('.map')) rmSync(join(root, 'dist', file.name));
}
run(process.execPath, [join(root, 'scripts', 'bundle.mjs'), '--production']);

// The Marketplace page gets a README written for users (the repository's README is for developers);
// its image is packaged and resolved inside the installed extension, so relative links stay as they are.
const vsceArgs = ['package', '--no-dependencies', '--readme-path', 'media/README.marketplace.md', '--no-rewrite-relative-links', '--out', out];
// Until package.json names the repository, vsce would stop and ask.
if (!manifest.repository) vsceArgs.push('--allow-missing-repository');
run(process.execPath, [join(root, 'node_modules', '@vscode', 'vsce', 'vsce'), ...vsceArgs]);
process.stdout.write(`package: ${out} (${(statSync(out).size / 1024).toFixed(0)} KiB)\n`);
