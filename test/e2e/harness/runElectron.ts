/**
 * The same extension-host suite on a desktop with internet, in a downloaded VS Code (Electron),
 * through `@vscode/test-electron`:
 *
 *     npm run build && node out/test/e2e/harness/runElectron.js
 *
 * VSCODE_VERSION picks the VS Code build (default 1.100.3, the version the code-server run uses;
 * `stable` for the latest); the download is cached in `.e2e/cache/vscode-test` (or `E2E_CACHE`). Like the code-server run, it
 * packages the .vsix and installs it with the VS Code CLI (`--install-extension`) into a fresh
 * extensions folder, starts the Pearl service stand-in, opens a copy of examples/, and runs the
 * suite with `extensionDevelopmentPath` pointing at a stub extension, so that the extension under
 * test is the installed .vsix. There is no UI pass here (that one drives code-server's workbench in
 * Chromium). On Linux without a display, run it under `xvfb-run -a`.
 *
 * Not run on the project's machines: they cannot download VS Code.
 */
import { spawnSync } from 'node:child_process';
import * as path from 'node:path';
import { downloadAndUnzipVSCode, resolveCliArgsFromVSCodeExecutablePath, runTests } from '@vscode/test-electron';
import { packageVsix } from './packageVsix';
import { cacheDir, extensionId, readManifest, suiteEntry } from './paths';
import { findMarkedProcesses, killProcesses, ProcessGroups } from './processGroups';
import { createRunFolder, writeUserSettings } from './runFolder';
import { startStandIn } from './standIn';

async function main(): Promise<number> {
  const run = createRunFolder();
  const groups = new ProcessGroups();
  console.log(`[e2e] run folder: ${run.dir}`);
  try {
    const vscodeExecutablePath = await downloadAndUnzipVSCode({
      version: process.env.VSCODE_VERSION ?? '1.100.3',
      cachePath: path.join(cacheDir, 'vscode-test'),
    });
    const vsix = path.join(run.dir, `${readManifest().name}.vsix`);
    await packageVsix(vsix, { env: run.env, logFile: path.join(run.logsDir, 'package.log') });

    const [cli, ...cliArgs] = resolveCliArgsFromVSCodeExecutablePath(vscodeExecutablePath);
    const profile = [`--extensions-dir=${run.extensionsDir}`, `--user-data-dir=${run.userDataDir}`];
    const installed = spawnSync(
      cli,
      [...cliArgs.filter((arg) => !/^--(extensions-dir|user-data-dir)=/.test(arg)), ...profile, '--install-extension', vsix],
      {
        encoding: 'utf8',
        stdio: 'inherit',
        shell: process.platform === 'win32',
      },
    );
    if (installed.status !== 0) throw new Error(`installing ${vsix} failed (exit ${installed.status})`);
    console.log(`[e2e] installed ${extensionId()} into ${run.extensionsDir}`);

    const standIn = await startStandIn(groups, { env: run.env, logFile: path.join(run.logsDir, 'stand-in.log') });
    writeUserSettings(run, { 'pearl.api.baseUrl': standIn.url, 'pearl.ongoingCalls.pollSeconds': 5 });

    return await runTests({
      vscodeExecutablePath,
      extensionDevelopmentPath: run.runnerExtension,
      extensionTestsPath: suiteEntry,
      launchArgs: [run.workspace, ...profile, '--disable-gpu'],
      extensionTestsEnv: {
        PEARL_E2E_RUN: run.id,
        PEARL_E2E_REPORT: run.reportFile,
        PEARL_E2E_EXTENSIONS_DIR: run.extensionsDir,
        PEARL_E2E_STANDIN_URL: standIn.url,
        PEARL_E2E_GREP: process.env.PEARL_E2E_GREP,
      },
    });
  } finally {
    await groups.stopAll();
    const leftovers = findMarkedProcesses('PEARL_E2E_RUN', run.id);
    if (leftovers.length > 0) console.error(`[e2e] killed leftovers:\n  ${killProcesses(leftovers).join('\n  ')}`);
    console.log(`[e2e] suite report: ${run.reportFile}`);
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error('[e2e] failed:', error);
    process.exit(1);
  },
);
