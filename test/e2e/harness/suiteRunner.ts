import * as fs from 'node:fs';
import * as path from 'node:path';
import { launchBrowser, relayExtensionHostConsole } from './browser';
import { type RunningCodeServer, remoteUri, workbenchUrl } from './codeServer';
import { suiteEntry } from './paths';
import type { RunFolder } from './runFolder';

/**
 * Runs the extension-host suite (test/e2e/suite, the `run()` contract of @vscode/test-electron) in
 * code-server's real extension host: opens the workbench with a `payload` whose
 * `extensionTestsPath` is the compiled suite and whose `extensionDevelopmentPath` is the run's stub
 * extension, so the Pearl extension under test is the installed .vsix. When `run()` settles, the
 * workbench calls `window.codeAutomationExit(code)`, exposed here. The suite's output is printed
 * and kept in `logs/suite.log`, with the workbench's own console output. Resolves to the exit code (0: all passed).
 */
export async function runSuiteInCodeServer(
  server: RunningCodeServer,
  run: RunFolder,
  options: { timeoutMs?: number } = {},
): Promise<number> {
  const timeoutMs = options.timeoutMs ?? 300_000;
  const log = fs.createWriteStream(path.join(run.logsDir, 'suite.log'));
  const { context, page } = await launchBrowser(run, 'suite');
  try {
    let resolveExit: (code: number) => void = () => undefined;
    const exited = new Promise<number>((resolve) => {
      resolveExit = resolve;
    });
    await page.exposeFunction('codeAutomationExit', (code: number) => resolveExit(code));
    const flush = relayExtensionHostConsole(page, (line, noise) => {
      log.write(`${line}\n`);
      if (!noise) process.stdout.write(`${line}\n`);
    });
    const payload = [
      ['extensionDevelopmentPath', remoteUri(server.url, run.runnerExtension)],
      ['extensionTestsPath', remoteUri(server.url, suiteEntry)],
      ['skipWelcome', 'true'],
    ] as const;
    await page.goto(workbenchUrl(server.url, run.workspace, payload));
    let timer: NodeJS.Timeout | undefined;
    const code = await Promise.race([
      exited,
      new Promise<'timeout'>((resolve) => {
        timer = setTimeout(() => resolve('timeout'), timeoutMs);
      }),
    ]);
    clearTimeout(timer);
    await flush();
    if (code === 'timeout') {
      await page.screenshot({ path: path.join(run.screenshotsDir, 'suite-timeout.png') }).catch(() => undefined);
      process.stderr.write(`[e2e] the suite did not finish within ${timeoutMs / 1000} s (screenshot: suite-timeout.png)\n`);
      return 124;
    }
    return code;
  } finally {
    await context.close().catch(() => undefined);
    log.end();
  }
}
