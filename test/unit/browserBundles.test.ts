// The web extension's bundles (dist/browserClient.js, dist/browserServer.js) run in VS Code for the
// Web's web worker extension host, where no Node built-in exists: one `require('fs')` left in them
// and the extension fails to activate on vscode.dev. This scans the built bundles for every form a
// Node built-in can take in esbuild's output, and checks the manifest and the .vsix allowlist ship them.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { builtinModules } from 'node:module';
import * as path from 'node:path';

const root = path.resolve(__dirname, '../../..');
const browserBundles = ['dist/browserClient.js', 'dist/browserServer.js'];

/** Node's built-in module names (`fs`, `fs/promises`, `child_process`…), longest first. */
const builtins = [...new Set(builtinModules.map((name) => name.replace(/^node:/, '')))].sort((a, b) => b.length - a.length);
const escaped = builtins.map((name) => name.replace(/[/.]/g, '\\$&')).join('|');
/** `require("fs")`, `require('node:fs/promises')`, `import("os")`, `from "path"`, and any `node:` specifier. */
const builtinReference = new RegExp(
  `(?:\\brequire\\s*\\(\\s*|\\bimport\\s*\\(\\s*|\\bfrom\\s*)(["'\`])(?:node:[^"'\`]+|(?:${escaped})(?:/[^"'\`]*)?)\\1|(["'\`])node:[a-z_/]+\\2`,
  'g',
);

/** The Node built-ins `text` refers to, each once, as written up to the name's closing quote (`require("fs"`). */
function findBuiltinReferences(text: string): string[] {
  return [...new Set([...text.matchAll(builtinReference)].map((match) => match[0]))];
}

test('the scanner finds the Node built-ins of the Node bundles (it would find one in a browser bundle)', () => {
  // dist/client.js is the Node host's client: it starts the server with child_process and reads with fs.
  const found = findBuiltinReferences(fs.readFileSync(path.join(root, 'dist/client.js'), 'utf8'));
  assert.ok(
    found.some((reference) => /child_process/.test(reference)),
    `no child_process found in dist/client.js: ${found.join(', ')}`,
  );
  assert.deepEqual(findBuiltinReferences(`const a = require("fs"); import("node:os"); x = require('path')`), [
    'require("fs"',
    'import("node:os"',
    "require('path'",
  ]);
  assert.deepEqual(findBuiltinReferences('import { x } from "crypto";'), ['from "crypto"']);
  // A word that only starts like a built-in is not one.
  assert.deepEqual(findBuiltinReferences('require("vscode"); require("fsevents-like"); const note = "node: a graph node";'), []);
});

for (const bundle of browserBundles) {
  test(`${bundle} contains no Node built-in`, () => {
    const text = fs.readFileSync(path.join(root, bundle), 'utf8');
    assert.ok(text.length > 10_000, `${bundle} is missing or empty: run npm run build`);
    assert.deepEqual(findBuiltinReferences(text), []);
  });
}

test('the manifest names the web entry and the .vsix allowlist ships both browser bundles', () => {
  const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { browser?: string };
  assert.equal(manifest.browser, './dist/browserClient.js');
  const allowlist = fs.readFileSync(path.join(root, '.vscodeignore'), 'utf8').split('\n');
  for (const bundle of browserBundles) assert.ok(allowlist.includes(`!${bundle}`), `.vscodeignore does not ship ${bundle}`);
});
