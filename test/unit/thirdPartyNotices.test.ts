// dist/THIRD-PARTY-NOTICES names every package whose code a bundle contains (esbuild's metafiles,
// kept by the build in out/bundle-metafile.json), and the build refuses a package without a licence.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { repositoryRoot } from '../helpers/lspClient';

const generator = pathToFileURL(path.join(repositoryRoot, 'scripts', 'thirdPartyNotices.mjs')).href;

/** Runs `code` as an ES module that has `bundledPackageFolders` and `formatNotices` in scope; its stdout. */
function runGenerator(code: string): { status: number | null; stdout: string; stderr: string } {
  const source = `import { bundledPackageFolders, formatNotices } from ${JSON.stringify(generator)};\n${code}`;
  return spawnSync(process.execPath, ['--input-type=module', '-e', source], { encoding: 'utf8' });
}

test('every package in the bundles has an entry in dist/THIRD-PARTY-NOTICES, with its licence text', () => {
  const metafilePath = path.join(repositoryRoot, 'out', 'bundle-metafile.json');
  const notices = fs.readFileSync(path.join(repositoryRoot, 'dist', 'THIRD-PARTY-NOTICES'), 'utf8');
  // The metafile is read by the child: inlined, it outgrows the limit on a command line's length.
  const result = runGenerator(
    `import { readFileSync } from 'node:fs';\nprocess.stdout.write(JSON.stringify(bundledPackageFolders([JSON.parse(readFileSync(${JSON.stringify(metafilePath)}, 'utf8'))])));`,
  );
  assert.equal(result.status, 0, result.stderr);
  const folders = JSON.parse(result.stdout) as string[];
  // ajv is not among them: the schemas are precompiled to standalone code that needs no ajv at run time;
  // nor is elkjs: the graph preview lays out with its own layered layout (elkjs is only benchmarked).
  assert.ok(!folders.includes('node_modules/elkjs'), 'elkjs is not bundled');
  for (const name of ['cldr-core', 'jsonc-parser', 'minimatch', 'vscode-languageserver']) {
    assert.ok(folders.includes(`node_modules/${name}`), `${name} is bundled`);
  }
  for (const folder of folders) {
    const manifest = JSON.parse(fs.readFileSync(path.join(repositoryRoot, folder, 'package.json'), 'utf8')) as {
      name: string;
      version: string;
      license: string;
    };
    assert.ok(notices.includes(`Package: ${manifest.name}@${manifest.version} (${manifest.license})\n`), `no entry for ${folder}`);
  }
  // The licences that are not MIT are carried in full.
  assert.match(notices, /Package: cldr-core@\S+ \(Unicode-3\.0\)[\s\S]*UNICODE LICENSE V3/i);
});

test('a bundled package without a licence file stops the build', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'pearl-notices-'));
  try {
    for (const [name, files] of [
      ['licensed', ['LICENSE']],
      ['unlicensed', ['NOTICE']],
    ] as const) {
      const dir = path.join(root, 'node_modules', name);
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name, version: '1.0.0', license: 'MIT' }));
      for (const file of files) fs.writeFileSync(path.join(dir, file), `${file} of ${name}`);
    }
    const metafile = { inputs: { 'node_modules/licensed/index.js': {}, 'node_modules/unlicensed/lib/a.js': {} } };
    const result = runGenerator(`formatNotices(${JSON.stringify(root)}, bundledPackageFolders([${JSON.stringify(metafile)}]), 'Test');`);
    assert.notEqual(result.status, 0);
    assert.match(result.stderr, /node_modules[\\/]unlicensed: no licence file; its notice cannot ship with the bundles/);
    const ok = runGenerator(`process.stdout.write(formatNotices(${JSON.stringify(root)}, ['node_modules/licensed'], 'Test'));`);
    assert.match(
      ok.stdout,
      /^Test includes code from the third-party packages below[\s\S]*Package: licensed@1\.0\.0 \(MIT\)\n\nLICENSE of licensed\n$/,
    );
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});

test('the .vsix allowlist and the npm files both carry the notices', () => {
  const vscodeignore = fs.readFileSync(path.join(repositoryRoot, '.vscodeignore'), 'utf8').split('\n');
  assert.ok(vscodeignore.includes('!dist/THIRD-PARTY-NOTICES'));
  const manifest = JSON.parse(fs.readFileSync(path.join(repositoryRoot, 'package.json'), 'utf8')) as { files: string[] };
  assert.ok(manifest.files.includes('dist/THIRD-PARTY-NOTICES'));
});
