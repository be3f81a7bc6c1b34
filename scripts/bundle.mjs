// Bundles the client, the language server, the CLI and the service library with esbuild (one file
// each, CommonJS, Node), the web extension's client and server (browser), the graph preview's and the analytics page's webview scripts and styles, and writes
// dist/THIRD-PARTY-NOTICES for every package the bundles contain (from esbuild's metafiles, also
// kept in out/bundle-metafile.json for the test that checks the notices).
// Type checking is separate (`tsc -b`); this only transpiles and bundles, like rust-analyzer's build.
// `--production`: minified, no source maps (stale maps removed), and the library's types bundled
// into dist/service.d.ts with dts-bundle-generator (what `npm pack` and a git install ship).
import * as esbuild from 'esbuild';
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { bundledPackageFolders, formatNotices } from './thirdPartyNotices.mjs';
import { lazyJsoncTables } from './lazyJsoncTables.mjs';

// `--prepare` (npm's prepare script: a git install, or `npm ci` here): npm pack runs prepack, then
// prepare; the prepack build is enough there.
if (process.argv.includes('--prepare') && ['pack', 'publish'].includes(process.env.npm_command ?? '')) process.exit(0);

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);
const production = process.argv.includes('--production');
const common = {
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  sourcemap: !production,
  minify: production,
  metafile: true,
  logLevel: 'warning',
  // jsonc-parser's `main` is a UMD build that requires its modules dynamically; its ESM build bundles.
  mainFields: ['module', 'main'],
  plugins: [lazyJsoncTables],
};
const shebang = { js: '#!/usr/bin/env node' };
// pearl-lint loads the language service from dist/service.js (the library bundle beside it) instead
// of carrying a second copy: the npm package stays small. The library exports what the CLI imports;
// server/src/cli/serviceBundle.ts loads it with V8's code cache.
const serviceFromLibrary = {
  name: 'service-from-library',
  setup(build) {
    build.onResolve({ filter: /(^|\/)service\/pearlLanguageService$|^vscode-languageserver-textdocument$/ }, () => ({
      path: resolve(root, 'server/src/cli/serviceBundle.ts'),
    }));
  },
};

/**
 * In the pearl-lint bundle, `import * as fs from 'node:fs'` (any Node built-in) becomes a plain
 * `require('node:fs')`. esbuild keeps the namespace import's semantics by copying every property of
 * the module onto a new object with a getter each (`__toESM`), at every such import: 17 of them
 * (node:fs' hundred properties seven times) cost a one-file lint 1.3 ms of CPU. A built-in's
 * namespace is its exports object already; the files use it only as `fs.name`. Only whole lines of
 * that exact form are rewritten; type checking (`tsc -b`) sees the sources as they are.
 */
const plainBuiltinNamespaces = {
  name: 'plain-builtin-namespaces',
  setup(build) {
    build.onLoad({ filter: /[\\/]server[\\/]src[\\/].*\.ts$/ }, (args) => ({
      contents: readFileSync(args.path, 'utf8').replace(/^import \* as (\w+) from '(node:[\w/]+)';$/gm, "const $1 = require('$2');"),
      loader: 'ts',
    }));
  },
};

/**
 * minimatch in the pearl-lint bundle as the text of a CommonJS module, compiled on the first glob
 * (server/src/cli/globPattern.ts imports it only then). Bundled as code, its 35 KB were half the
 * CLI's own 78 KB that V8 parses at every start (1.3 ms of a one-file lint's CPU) though most runs
 * name no glob; a string is only skipped over. Always minified.
 */
async function bundleLazyMinimatch() {
  const result = await esbuild.build({
    ...common,
    stdin: { contents: "export { Minimatch } from 'minimatch';", resolveDir: root, loader: 'js' },
    sourcemap: false,
    minify: true,
    write: false,
  });
  return { text: result.outputFiles[0].text, metafile: result.metafile };
}

/** The plugin that gives pearl-lint {@link bundleLazyMinimatch}'s text for `import('minimatch')`. */
function minimatchFromText(text) {
  return {
    name: 'minimatch-from-text',
    setup(build) {
      build.onResolve({ filter: /^minimatch$/ }, () => ({ path: 'minimatch', namespace: 'lazy-minimatch' }));
      build.onLoad({ filter: /.*/, namespace: 'lazy-minimatch' }, () => ({
        contents: [
          `const source = ${JSON.stringify(text)};`,
          'const loaded = { exports: {} };',
          "require('node:vm').runInThisContext(`(function (exports, require, module) {${source}\\n})`, { filename: 'minimatch.js' })(loaded.exports, require, loaded);",
          'module.exports = loaded.exports;',
        ].join('\n'),
        loader: 'js',
      }));
    },
  };
}

/**
 * protocol/ maps `vscode-languageserver-protocol` to its browser build (protocol/tsconfig.json
 * `paths`: it type-checks without Node's types), and esbuild honours tsconfig paths. In a Node
 * bundle that loads the browser transport beside the Node one, and whichever installs first
 * serves every message: the browser's `setImmediate` is a `setTimeout`, which made every request
 * to the server wait about 4 ms. The Node bundles resolve the package as Node does.
 */
const protocolOnNode = {
  name: 'protocol-on-node',
  setup(build) {
    build.onResolve({ filter: /^vscode-languageserver-protocol$/ }, () => ({
      path: createRequire(import.meta.url).resolve('vscode-languageserver-protocol'),
    }));
  },
};

/**
 * The graph preview's layout worker (the layered and incremental layouts, text measuring and
 * wrapping), as the text of a classic worker script. It is embedded in the webview script and
 * started from a `blob:` URL: a webview's resources are served from another origin than its page,
 * and `new Worker(url)` takes same-origin scripts only. Always minified. Neither bundle contains
 * ELK: elkjs is only a devDependency, for `npm run bench:layout`'s comparison.
 */
async function bundleLayoutWorker() {
  const result = await esbuild.build({
    ...common,
    entryPoints: ['client/src/graphPreview/webview/layoutWorker.ts'],
    platform: 'browser',
    format: 'iife',
    target: 'es2022',
    sourcemap: false,
    minify: true,
    write: false,
  });
  return { text: result.outputFiles[0].text, metafile: result.metafile };
}

/**
 * The web extension's two bundles, for VS Code for the Web's web worker extension host (vscode.dev,
 * github.dev): the client (package.json `browser`; CommonJS, as VS Code loads a web extension's
 * main) and the language server it starts as a web worker (a classic worker script: an IIFE), as
 * vscode-languageclient's browser documentation builds them. `browser` comes first in mainFields,
 * so the LSP packages resolve to their browser builds. Neither may contain a Node built-in: esbuild
 * fails on one for platform browser, and test/unit/browserBundles.test.ts scans the output too.
 */
const { version: packageVersion } = JSON.parse(readFileSync('package.json', 'utf8'));
const browser = { ...common, platform: 'browser', target: 'es2022', mainFields: ['browser', 'module', 'main'] };

if (production) {
  mkdirSync('dist', { recursive: true });
  for (const file of readdirSync('dist')) if (file.endsWith('.map')) rmSync(join('dist', file));
}
const layoutWorker = await bundleLayoutWorker();
const lazyMinimatch = await bundleLazyMinimatch();
const results = await Promise.all([
  esbuild.build({
    ...common,
    entryPoints: ['client/src/nodeExtension.ts'],
    outfile: 'dist/client.js',
    external: ['vscode'],
    plugins: [...common.plugins, protocolOnNode],
  }),
  esbuild.build({
    ...browser,
    entryPoints: ['client/src/browserExtension.ts'],
    outfile: 'dist/browserClient.js',
    format: 'cjs',
    external: ['vscode'],
  }),
  esbuild.build({
    ...browser,
    entryPoints: ['server/src/browserServer.ts'],
    outfile: 'dist/browserServer.js',
    format: 'iife',
    define: { PEARL_PACKAGE_VERSION: JSON.stringify(packageVersion) },
  }),
  esbuild.build({
    ...common,
    entryPoints: ['server/src/server.ts'],
    outfile: 'dist/server.js',
    banner: shebang,
    plugins: [...common.plugins, protocolOnNode],
  }),
  // pearl-lint: the command (the package's bin) loads the linter from V8's code cache (codeCache.ts).
  esbuild.build({
    ...common,
    entryPoints: ['server/src/cli/pearlLintCommand.ts'],
    outfile: 'dist/pearl-lint.js',
    banner: shebang,
    plugins: [...common.plugins, plainBuiltinNamespaces],
  }),
  esbuild.build({
    ...common,
    entryPoints: ['server/src/cli/pearlLint.ts'],
    outfile: 'dist/pearl-lint-cli.js',
    plugins: [...common.plugins, serviceFromLibrary, protocolOnNode, plainBuiltinNamespaces, minimatchFromText(lazyMinimatch.text)],
  }),
  esbuild.build({
    ...common,
    entryPoints: ['server/src/library.ts'],
    outfile: 'dist/service.js',
    plugins: [...common.plugins, protocolOnNode],
  }),
  // The graph preview's webview script (browser), with its layout worker embedded (see above).
  esbuild.build({
    ...common,
    entryPoints: ['client/src/graphPreview/webview/main.ts'],
    outfile: 'dist/graphPreview.js',
    platform: 'browser',
    format: 'iife',
    target: 'es2022',
    define: { PEARL_LAYOUT_WORKER_SOURCE: JSON.stringify(layoutWorker.text) },
  }),
  // The analytics page's script (Chart.js and chartjs-chart-matrix inside) and styles.
  esbuild.build({
    ...browser,
    entryPoints: ['client/src/analytics/webview/analyticsPage.ts'],
    outfile: 'dist/analytics.js',
    format: 'iife',
  }),
  esbuild.build({
    ...browser,
    entryPoints: ['client/src/analytics/webview/analytics.css'],
    outfile: 'dist/analytics.css',
    format: undefined,
  }),
  // The call view's page script (browser): client/src/calls/callPage/.
  esbuild.build({
    ...common,
    entryPoints: ['client/src/calls/callPage/callPage.ts'],
    outfile: 'dist/callView.js',
    platform: 'browser',
    format: 'iife',
    target: 'es2022',
  }),
  esbuild.build({
    ...common,
    entryPoints: ['client/src/graphPreview/webview/graphPreview.css'],
    outfile: 'dist/graphPreview.css',
    platform: 'browser',
    format: undefined,
    target: undefined,
  }),
]);
for (const file of ['dist/server.js', 'dist/pearl-lint.js']) chmodSync(file, 0o755);

// The layout worker's packages are in the webview script too, embedded.
const metafiles = [...results.map((result) => result.metafile), layoutWorker.metafile, lazyMinimatch.metafile];
mkdirSync('out', { recursive: true });
writeFileSync('out/bundle-metafile.json', JSON.stringify({ inputs: Object.assign({}, ...metafiles.map((m) => m.inputs)) }));
const { displayName } = JSON.parse(readFileSync('package.json', 'utf8'));
writeFileSync('dist/THIRD-PARTY-NOTICES', formatNotices(root, bundledPackageFolders(metafiles), displayName));

if (production) {
  // The library's public types, with the LSP types they use inlined: the package has no dependencies.
  const generator = join(root, 'node_modules', 'dts-bundle-generator', 'dist', 'bin', 'dts-bundle-generator.js');
  const inlined = ['vscode-languageserver-types', 'vscode-languageserver-textdocument', 'jsonc-parser'];
  const args = [
    generator,
    '--silent',
    '--no-check',
    '--project',
    'server/tsconfig.json',
    // Only what library.ts exports is exported: jsonc-parser's `const enum ParseErrorCode` (the type
    // of ParseError.error) would otherwise be exported beside the library's own ParseErrorCode
    // object, a conflict (TS2484) and a const enum under isolatedModules.
    '--export-referenced-types=false',
    '--external-inlines',
    ...inlined,
    '-o',
    'dist/service.d.ts',
    'server/src/library.ts',
  ];
  const generated = spawnSync(process.execPath, args, { stdio: 'inherit' });
  if (generated.status !== 0) {
    process.stderr.write('bundle: dts-bundle-generator failed\n');
    process.exit(1);
  }
}
