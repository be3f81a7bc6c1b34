// `npm run test:e2e` (after `npm run build`): everything that needs a browser or VS Code.
// 1. the graph preview page's tests in Chromium: node --test out/test/e2e/webview/
// 2. the code-server run: the extension-host suite against the installed .vsix, then the UI pass
//    (out/test/e2e/harness/runCodeServer.js; its arguments are passed on: --grep <pattern>, --suite-only).
// Prerequisite: a Chromium (Debian: apt-get install chromium), plus ripgrep and libkrb5-dev for
// code-server's native modules; the harness says what is missing. Everything else it installs
// itself, into .e2e/cache (or E2E_CACHE), once.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const started = Date.now();
const failed = [];

function run(title, args) {
  process.stdout.write(`\n=== ${title}\n`);
  const result = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) failed.push(`${title} (exit ${result.status ?? result.signal})`);
}

const webviewTests = join(root, 'out', 'test', 'e2e', 'webview');
if (existsSync(webviewTests)) {
  run('graph preview page tests (node --test out/test/e2e/webview/)', ['--test', '--test-reporter=spec', `${webviewTests}/`]);
} else {
  // Not a silent skip: a missing build output fails the run.
  process.stdout.write('\n=== graph preview page tests: NOT RUN, out/test/e2e/webview/ does not exist (run npm run build)\n');
  failed.push('graph preview page tests (not built)');
}
run('VS Code (code-server) suite and UI pass', [join(root, 'out', 'test', 'e2e', 'harness', 'runCodeServer.js'), ...process.argv.slice(2)]);

const seconds = ((Date.now() - started) / 1000).toFixed(1);
if (failed.length > 0) {
  process.stderr.write(`\ntest:e2e FAILED in ${seconds} s: ${failed.join('; ')}\n`);
  process.exit(1);
}
process.stdout.write(`\ntest:e2e passed in ${seconds} s\n`);
