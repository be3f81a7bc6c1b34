/**
 * The end-to-end run on a machine without a desktop VS Code: code-server (VS Code 1.100.3 for the
 * browser, installed from npm into the cache) driven by the system's Chromium through
 * playwright-core.
 *
 *     node out/test/e2e/harness/runCodeServer.js [--grep <title pattern>] [--suite-only] [--web-only]
 *
 * 1. checks the system prerequisites (prints the apt command for what is missing);
 * 2. installs code-server into the cache (`.e2e/cache`, or `E2E_CACHE`) unless it is there;
 * 3. packages the .vsix (scripts/package.mjs) and installs it with `--install-extension` into a
 *    fresh extensions folder;
 * 4. starts the Pearl service stand-in (test/standin) and sets `pearl.api.baseUrl` to it;
 * 5. starts code-server on 127.0.0.1 on a copy of examples/ (and schemas/);
 * 6. runs the extension-host suite (test/e2e/suite) against the installed extension;
 * 7. runs the UI pass (uiPass.ts): Problems panel, graph preview, deploy, status bar, with screenshots;
 * 8. runs the Restricted Mode pass (restrictedRun.ts): a second code-server with workspace trust on,
 *    the workspace untrusted, and test/e2e/suite/restrictedMode.e2e.ts;
 * 9. runs the web extension pass (webRun.ts): a third code-server that runs the extension in the
 *    browser's web worker extension host, as vscode.dev does (diagnostics, completion, graph preview).
 *
 * Everything the run writes is under `.e2e/runs/<id>/` (logs/, screenshots/). Every process it starts
 * is stopped at the end, on failure, and on Ctrl-C; anything left (found by the run's environment
 * marker) is killed and reported as a failure. Exit code 0 only when everything passed.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { installExtension, startCodeServer } from './codeServer';
import { codeServerVersion, ensureCodeServer } from './codeServerInstall';
import { packageVsix } from './packageVsix';
import { cacheDir, extensionId, readManifest } from './paths';
import { aptCommand, findMissingPrerequisites } from './prerequisites';
import { findMarkedProcesses, killProcesses, ProcessGroups } from './processGroups';
import { runRestrictedSuite } from './restrictedRun';
import { createRunFolder, writeUserSettings } from './runFolder';
import { startStandIn } from './standIn';
import { runSuiteInCodeServer } from './suiteRunner';
import { runUiPass } from './uiPass';
import { runWebExtensionPass } from './webRun';

const timings: string[] = [];

/** Runs `body` as a named step: prints its start and its duration, and keeps the duration for the summary. */
async function step<T>(name: string, body: () => Promise<T>): Promise<T> {
  const started = Date.now();
  console.log(`[e2e] ${name}…`);
  try {
    return await body();
  } finally {
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    timings.push(`${name}: ${seconds} s`);
    console.log(`[e2e] ${name}: ${seconds} s`);
  }
}

function argument(name: string): string | undefined {
  const index = process.argv.indexOf(name);
  return index > 0 ? process.argv[index + 1] : undefined;
}

async function main(): Promise<number> {
  const startedAt = Date.now();
  const missing = findMissingPrerequisites();
  if (missing.length > 0) {
    console.error('[e2e] missing prerequisites:');
    for (const item of missing) console.error(`  - ${item.what}`);
    const apt = aptCommand(missing);
    if (apt) console.error(`[e2e] on Debian/Ubuntu: ${apt}`);
    return 2;
  }

  const run = createRunFolder();
  // playwright-core keeps its own temporary files in this process's TMPDIR.
  process.env.TMPDIR = run.env.TMPDIR;
  console.log(`[e2e] run folder: ${run.dir}`);
  const groups = new ProcessGroups();
  const failures: string[] = [];
  let vsixSize = 0;
  const screenshots: string[] = [];
  try {
    const install = await step(`code-server ${codeServerVersion} (installed into ${cacheDir} unless cached)`, () =>
      ensureCodeServer(cacheDir, path.join(run.logsDir, 'code-server-install.log')),
    );
    const vsix = path.join(run.dir, `${readManifest().name}.vsix`);
    vsixSize = await step('package the .vsix', () => packageVsix(vsix, { env: run.env, logFile: path.join(run.logsDir, 'package.log') }));
    const installed = await step('install the .vsix into code-server', () => installExtension(install, run, vsix, extensionId()));
    console.log(`[e2e] installed: ${installed}`);

    const standIn = await step('start the Pearl service stand-in', () =>
      startStandIn(groups, { env: run.env, logFile: path.join(run.logsDir, 'stand-in.log') }),
    );
    console.log(`[e2e] stand-in: ${standIn.url}`);
    const pearlSettings = {
      'pearl.api.baseUrl': standIn.url,
      'pearl.ongoingCalls.pollSeconds': 5,
      'pearl.pearlsView.refreshSeconds': 5,
      // Compare with file is checked on every difference drawn: fold the unchanged lines.
      'diffEditor.hideUnchangedRegions.enabled': true,
    };
    writeUserSettings(run, pearlSettings);
    Object.assign(run.env, {
      PEARL_E2E_REPORT: run.reportFile,
      PEARL_E2E_EXTENSIONS_DIR: run.extensionsDir,
      PEARL_E2E_STANDIN_URL: standIn.url,
      ...(argument('--grep') !== undefined ? { PEARL_E2E_GREP: argument('--grep') } : {}),
    });

    // `--web-only`: the web extension pass alone (it starts its own code-server).
    if (!process.argv.includes('--web-only')) {
      const server = await step('start code-server', () => startCodeServer(groups, install, run));
      console.log(`[e2e] code-server: ${server.url} (VS Code ${install.vscodeVersion})`);

      const suiteCode = await step('extension-host suite (test/e2e/suite)', () => runSuiteInCodeServer(server, run));
      if (suiteCode !== 0) failures.push(`the extension-host suite failed (exit code ${suiteCode}; logs/suite.log)`);

      if (!process.argv.includes('--suite-only')) {
        const ui = await step('UI pass (Problems panel, graph preview, deploy, status bar)', () =>
          runUiPass({ server, run, standIn, commands: readReport(run.reportFile).commands }),
        );
        failures.push(...ui.failures);
        screenshots.push(...ui.screenshots);
      }

      const restrictedCode = await step('Restricted Mode suite (workspace trust on, workspace not trusted)', () =>
        runRestrictedSuite(groups, install, run, pearlSettings),
      );
      if (restrictedCode !== 0) failures.push(`the Restricted Mode suite failed (exit code ${restrictedCode}; restricted/logs/suite.log)`);
    }

    const web = await step('web extension pass (the web worker extension host, as on vscode.dev)', () =>
      runWebExtensionPass(groups, install, run, pearlSettings),
    );
    failures.push(...web.failures);
    screenshots.push(...web.screenshots);
  } catch (error) {
    failures.push(error instanceof Error ? (error.stack ?? error.message) : String(error));
  } finally {
    await step('stop every process of the run', () => groups.stopAll());
    const leftovers = findMarkedProcesses('PEARL_E2E_RUN', run.id);
    if (leftovers.length > 0)
      failures.push(`processes outlived their process groups (killed now):\n  ${killProcesses(leftovers).join('\n  ')}`);
  }

  const report = readReport(run.reportFile);
  console.log('\n[e2e] summary');
  for (const line of timings) console.log(`  ${line}`);
  console.log(`  total: ${((Date.now() - startedAt) / 1000).toFixed(1)} s`);
  if (vsixSize > 0) console.log(`  .vsix: ${(vsixSize / 1024).toFixed(0)} KiB`);
  if (report.activationMs !== undefined)
    console.log(`  activation (open a *.pearl.json → activate() resolved, language server ready): ${report.activationMs} ms`);
  console.log(`  logs: ${run.logsDir}`);
  console.log(
    `  screenshots: ${run.screenshotsDir}${screenshots.length > 0 ? ` (${screenshots.map((file) => path.basename(file)).join(', ')})` : ''}`,
  );
  if (failures.length > 0) {
    console.error(`\n[e2e] FAILED:\n- ${failures.join('\n- ')}`);
    return 1;
  }
  console.log('\n[e2e] all passed');
  return 0;
}

/** The suite's report (test/e2e/suite/report.ts); empty when the suite wrote none. */
function readReport(file: string): { activationMs?: number; commands?: string[] } {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as { activationMs?: number; commands?: string[] };
  } catch {
    return {};
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
