// The web extension's bundles (dist/browserClient.js, dist/browserServer.js) run in VS Code for the
// Web's web worker extension host, where no Node built-in exists: one `require('fs')` left in them
// and the extension fails to activate on vscode.dev. This scans the built bundles for every form a
// Node built-in can take in esbuild's output, and checks the manifest and the .vsix allowlist ship them.
import { test } from 'node:test';
import { Linter } from 'eslint';
import globals from 'globals';
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

// Node's globals (Buffer, process, __dirname, setImmediate…) are not imports: the scan above cannot
// see them, and one of them throws a ReferenceError only when its line runs (the walk panel's Send
// did, on vscode.dev). ESLint's no-undef finds every free name of a bundle that the browser worker
// or page does not define. The extension hosts define `require` (for 'vscode'), `module` and
// `exports` for an extension's CommonJS bundle; a webview page gets `acquireVsCodeApi` instead.
const workerGlobals = { ...globals.worker, ...globals.es2024, require: 'readonly', module: 'writable', exports: 'writable' } as const;
const pageGlobals = { ...globals.browser, ...globals.es2024, acquireVsCodeApi: 'readonly' } as const;

/**
 * The free names of `text` that `defined` lacks, each as `name (line:column)`. A name right after
 * `typeof name … &&` (a library's guard, `typeof process == "object" && process && …`) runs only
 * where the name exists, and is not reported.
 */
function findUndefinedGlobals(text: string, defined: Record<string, unknown>): string[] {
  const linter = new Linter();
  const messages = linter.verify(text, [
    {
      // A library's own eslint-disable comments name rules this linter does not have.
      linterOptions: { noInlineConfig: true, reportUnusedDisableDirectives: 'off' },
      languageOptions: {
        ecmaVersion: 'latest',
        sourceType: 'script',
        globals: Object.fromEntries(Object.keys(defined).map((name) => [name, 'readonly' as const])),
      },
      rules: { 'no-undef': 'error' },
    },
  ]);
  const lines = text.split('\n');
  return messages
    .filter((message) => {
      if (message.fatal === true) return true; // a parse error: reported as is
      if (message.ruleId !== 'no-undef') return false; // the note that inline comments are ignored
      const name = /'([^']+)'/.exec(message.message)?.[1] ?? '';
      const before = lines[message.line - 1].slice(Math.max(0, message.column - 200), message.column - 1);
      return !new RegExp(`typeof ${name}\\s*[!=]==?\\s*["'][a-z]+["']\\s*&&[^;]*$`).test(before);
    })
    .map((message) => `${/'([^']+)'/.exec(message.message)?.[1] ?? message.message} (${message.line}:${message.column})`);
}

test('the free-name scan finds Node globals and passes a guarded use', () => {
  assert.deepEqual(findUndefinedGlobals('const a = Buffer.concat([]); setImmediate(f); function f() {}', workerGlobals), [
    'Buffer (1:11)',
    'setImmediate (1:30)',
  ]);
  assert.deepEqual(
    findUndefinedGlobals('var w = typeof process == "object" && process && process.platform === "win32";', workerGlobals),
    [],
  );
  assert.deepEqual(findUndefinedGlobals('var x = process.env.HOME;', workerGlobals), ['process (1:9)']);
  assert.deepEqual(findUndefinedGlobals('fetch("/"); new TextDecoder(); self.postMessage(1);', workerGlobals), []);
});

for (const [bundle, defined] of [
  ['dist/browserClient.js', workerGlobals],
  ['dist/browserServer.js', workerGlobals],
  ['dist/graphPreview.js', pageGlobals],
] as const) {
  test(`${bundle} uses no global its browser lacks (Buffer, process, __dirname…)`, () => {
    const text = fs.readFileSync(path.join(root, bundle), 'utf8');
    assert.ok(text.length > 10_000, `${bundle} is missing or empty: run npm run build`);
    assert.deepEqual(findUndefinedGlobals(text, defined), []);
  });
}

test('the manifest names the web entry and the .vsix allowlist ships both browser bundles', () => {
  const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { browser?: string };
  assert.equal(manifest.browser, './dist/browserClient.js');
  const allowlist = fs.readFileSync(path.join(root, '.vscodeignore'), 'utf8').split('\n');
  for (const bundle of browserBundles) assert.ok(allowlist.includes(`!${bundle}`), `.vscodeignore does not ship ${bundle}`);
});

// The other way round: a Node bundle must not carry the browser transport of vscode-jsonrpc. Both
// install themselves when loaded and the first one serves every message; the browser's setImmediate
// is a setTimeout, which made every request to the Node server wait about 4 ms (protocol/'s
// tsconfig maps vscode-languageserver-protocol to its browser build, and esbuild follows it unless
// scripts/bundle.mjs resolves it for Node).
for (const bundle of ['dist/server.js', 'dist/client.js', 'dist/service.js', 'dist/pearl-lint-cli.js']) {
  test(`${bundle} carries Node's LSP transport only, not the browser's`, () => {
    const text = fs.readFileSync(path.join(root, bundle), 'utf8');
    assert.ok(text.length > 10_000, `${bundle} is missing or empty: run npm run build`);
    assert.ok(!text.includes('BrowserMessageReader'), `${bundle} bundles vscode-jsonrpc's browser transport`);
  });
}
