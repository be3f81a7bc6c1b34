// Bundles the client, the language server and the CLI with esbuild (one file each, CommonJS, Node).
// Type checking is separate (`tsc -b`); this only transpiles and bundles, like rust-analyzer's build.
import * as esbuild from 'esbuild';
import { chmodSync } from 'node:fs';

const production = process.argv.includes('--production');
const common = {
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  sourcemap: !production,
  minify: production,
  logLevel: 'warning',
  // jsonc-parser's `main` is a UMD build that requires its modules dynamically; its ESM build bundles.
  mainFields: ['module', 'main'],
};
const shebang = { js: '#!/usr/bin/env node' };

/**
 * The graph preview's layout worker (ELK, text measuring and wrapping), as the text of a classic
 * worker script. It is embedded in the webview script and started from a `blob:` URL: a webview's
 * resources are served from another origin than its page, and `new Worker(url)` takes same-origin
 * scripts only. Always minified (ELK is 1.6 MB). elkjs only requires 'web-worker' when given a
 * workerUrl, which the worker never passes.
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
    external: ['web-worker'],
  });
  return result.outputFiles[0].text;
}

await Promise.all([
  esbuild.build({ ...common, entryPoints: ['client/src/extension.ts'], outfile: 'dist/client.js', external: ['vscode'] }),
  esbuild.build({ ...common, entryPoints: ['server/src/server.ts'], outfile: 'dist/server.js', banner: shebang }),
  esbuild.build({ ...common, entryPoints: ['server/src/cli/pearlLint.ts'], outfile: 'dist/pearl-lint.js', banner: shebang }),
  // The graph preview's webview script (browser), with its layout worker embedded (see below).
  esbuild.build({
    ...common,
    entryPoints: ['client/src/graphPreview/webview/main.ts'],
    outfile: 'dist/graphPreview.js',
    platform: 'browser',
    format: 'iife',
    target: 'es2022',
    define: { PEARL_LAYOUT_WORKER_SOURCE: JSON.stringify(await bundleLayoutWorker()) },
  }),
  esbuild.build({ ...common, entryPoints: ['client/src/graphPreview/webview/graphPreview.css'], outfile: 'dist/graphPreview.css', platform: 'browser', format: undefined, target: undefined }),
]);
for (const file of ['dist/server.js', 'dist/pearl-lint.js']) chmodSync(file, 0o755);
