// scripts/lazyJsoncTables.mjs, the esbuild plugin that makes jsonc-parser's formatter tables on
// first read in the bundles: the module it writes exports the very values of the module it
// replaces, and a jsonc-parser whose module differs fails the build instead of being replaced.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vm from 'node:vm';
import * as esbuild from 'esbuild';

const root = path.resolve(__dirname, '../../..');
const stringIntern = path.join(root, 'node_modules/jsonc-parser/lib/esm/impl/string-intern.js');

interface Tables {
  cachedSpaces: string[];
  cachedBreakLinesWithSpaces: Record<string, Record<string, string[]>>;
  supportedEols: string[];
}

async function plugin(): Promise<esbuild.Plugin> {
  const module = (await import(path.join(root, 'scripts/lazyJsoncTables.mjs'))) as { lazyJsoncTables: esbuild.Plugin };
  return module.lazyJsoncTables;
}

/** The exports of `file` bundled as CommonJS, with the plugins given. */
async function load(file: string, plugins: esbuild.Plugin[]): Promise<Tables> {
  const result = await esbuild.build({
    stdin: { contents: `export * from ${JSON.stringify(file)};`, resolveDir: root, loader: 'js' },
    bundle: true,
    format: 'cjs',
    platform: 'node',
    write: false,
    logLevel: 'silent',
    plugins,
  });
  const module = { exports: {} as Tables };
  const wrapped = vm.runInThisContext(`(function (module, exports) {${result.outputFiles[0].text}\n})`) as (m: unknown, e: unknown) => void;
  wrapped(module, module.exports);
  return module.exports;
}

test('the bundled module exports the same tables as jsonc-parser, each list made on its first read', async () => {
  const original = await load(stringIntern, []);
  const lazy = await load(stringIntern, [await plugin()]);
  assert.deepEqual(lazy.cachedSpaces, original.cachedSpaces);
  assert.deepEqual(lazy.supportedEols, original.supportedEols);
  assert.deepEqual(Object.keys(lazy.cachedBreakLinesWithSpaces), [' ', '\t']);
  for (const indent of [' ', '\t']) {
    const lines = lazy.cachedBreakLinesWithSpaces[indent];
    assert.deepEqual(Object.keys(lines), ['\n', '\r', '\r\n']);
    for (const eol of ['\n', '\r', '\r\n']) {
      assert.equal(typeof Object.getOwnPropertyDescriptor(lines, eol)?.get, 'function', 'made before its first read');
      assert.deepEqual(lines[eol], original.cachedBreakLinesWithSpaces[indent][eol], JSON.stringify([indent, eol]));
      assert.equal(lines[eol], lines[eol], 'made once');
      assert.equal(Object.getOwnPropertyDescriptor(lines, eol)?.get, undefined);
    }
  }
  assert.equal(lazy.cachedBreakLinesWithSpaces[' ']['\r\n'][3], '\r\n   ');
});

test('a string-intern module that is not the one the plugin was written for fails the build', async () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'lazy-jsonc-'));
  try {
    const changed = path.join(folder, 'node_modules/jsonc-parser/lib/esm/impl/string-intern.js');
    fs.mkdirSync(path.dirname(changed), { recursive: true });
    fs.writeFileSync(
      changed,
      fs.readFileSync(stringIntern, 'utf8').replace('const maxCachedValues = 200;', 'const maxCachedValues = 400;'),
    );
    await assert.rejects(load(changed, [await plugin()]), /is not the module lazy-jsonc-tables replaces/);
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
});
