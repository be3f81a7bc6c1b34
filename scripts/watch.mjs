// `npm run watch`: `tsc -b -w` (type errors, and out/ for the tests) beside the esbuild bundles made
// again (`scripts/bundle.mjs`, about 2 s) after each change under client/src, server/src or schemas/
// (a schema change regenerates the validators first). Each bundle run is announced by a
// `[watch] bundle started` and a `[watch] bundle finished` line: the end of the VS Code task's
// background phase (.vscode/tasks.json). Ctrl-C, or the task's end, stops both.
import { spawn } from 'node:child_process';
import { watch } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
/** Changes closer together than this are bundled once. */
const settleMs = 200;

const tsc = spawn(process.execPath, [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-b', '-w', '--preserveWatchOutput'], {
  cwd: root,
  stdio: 'inherit',
});
tsc.on('exit', (code) => process.exit(code ?? 1));
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    tsc.kill(signal);
    process.exit(0);
  });
}

/** Runs a script of this folder; resolves whether it succeeded. */
function runScript(name) {
  return new Promise((resolve) => {
    spawn(process.execPath, [join(root, 'scripts', name)], { cwd: root, stdio: 'inherit' }).on('exit', (code) => resolve(code === 0));
  });
}

/** Paths (from the root) changed since the last bundle started. */
const changed = new Set();
let running = false;
let timer;

async function bundle() {
  running = true;
  const schemasChanged = [...changed].some((path) => path.startsWith('schemas'));
  changed.clear();
  process.stdout.write('[watch] bundle started\n');
  const ok = (!schemasChanged || (await runScript('compileSchemas.mjs'))) && (await runScript('bundle.mjs'));
  process.stdout.write(`[watch] bundle finished${ok ? '' : ' with errors'}\n`);
  running = false;
  if (changed.size > 0) schedule();
}

function schedule() {
  clearTimeout(timer);
  timer = setTimeout(() => {
    if (!running) void bundle();
  }, settleMs);
}

for (const folder of ['client/src', 'server/src', 'schemas']) {
  watch(join(root, folder), { recursive: true }, (_event, file) => {
    // The generated validators change because of a schema change, already being handled.
    if (file === null || file.includes('generated')) return;
    changed.add(join(folder, file));
    schedule();
  });
}
void bundle();
