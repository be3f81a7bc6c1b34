// THIRD-PARTY-NOTICES for the bundles: esbuild's metafiles name every input file, so the packages
// under node_modules whose code a bundle contains are known exactly; each gets its name, version,
// licence (package.json `license`) and the text of its licence and notice files. A bundled package
// without a licence file stops the build: shipping its code without its notice is not allowed.
import { readdirSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';

/** A licence or notice file name: LICENSE, LICENCE.md, License.txt, COPYING, NOTICE, ThirdPartyNotices.txt. */
const noticeFile = /^(licen[cs]e|copying|notice|thirdpartynotices)([-.].*)?$/i;

/**
 * The package folders (relative to `root`, `/`-separated, e.g. `node_modules/ajv` or
 * `node_modules/a/node_modules/@s/b`) whose files are inputs of the given esbuild metafiles, sorted.
 */
export function bundledPackageFolders(metafiles) {
  const folders = new Set();
  for (const metafile of metafiles) {
    for (const input of Object.keys(metafile.inputs)) {
      const parts = input.split(/[\\/]/);
      let end = -1;
      for (let i = 0; i < parts.length - 1; i++) {
        if (parts[i] === 'node_modules') end = parts[i + 1].startsWith('@') ? i + 3 : i + 2;
      }
      if (end > 0) folders.add(parts.slice(0, end).join('/'));
    }
  }
  return [...folders].sort();
}

/**
 * The notices text for the package folders: a header, then per package (by name) a block that
 * starts `Package: <name>@<version> (<licence>)` followed by its licence and notice files.
 * Throws when a package has no licence file.
 */
export function formatNotices(root, folders, productName) {
  const packages = new Map();
  for (const folder of folders) {
    const dir = join(root, ...folder.split('/'));
    const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
    const key = `${manifest.name}@${manifest.version}`;
    if (packages.has(key)) continue;
    const files = readdirSync(dir)
      .filter((name) => noticeFile.test(name))
      .sort();
    if (!files.some((name) => !/^(notice|thirdpartynotices)/i.test(name))) {
      throw new Error(`${folder.split('/').join(sep)}: no licence file; its notice cannot ship with the bundles`);
    }
    const texts = files.map((name) => readFileSync(join(dir, name), 'utf8').trim());
    const repository = typeof manifest.repository === 'string' ? manifest.repository : manifest.repository?.url;
    const license = typeof manifest.license === 'string' ? manifest.license : 'see the licence text';
    packages.set(key, [`Package: ${key} (${license})`, ...(repository ? [`Source: ${repository}`] : []), '', ...texts].join('\n'));
  }
  const rule = '='.repeat(80);
  const header =
    `${productName} includes code from the third-party packages below, bundled by esbuild into its\n` +
    'dist/ files. Each is listed with its licence as its authors ship it.\n';
  return `${[header, ...[...packages.keys()].sort().map((key) => packages.get(key))].join(`\n${rule}\n`)}\n`;
}
