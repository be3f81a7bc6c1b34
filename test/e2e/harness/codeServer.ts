import * as fs from 'node:fs';
import * as path from 'node:path';
import type { CodeServerInstall } from './codeServerInstall';
import { runCommand, tailOf } from './commands';
import { delay, type ProcessGroups } from './processGroups';
import type { RunFolder } from './runFolder';

/** A running code-server. */
export interface RunningCodeServer {
  /** `http://127.0.0.1:<port>` */
  readonly url: string;
  /** Leader of its process group (server, extension hosts, language servers). */
  readonly pid: number;
  readonly logFile: string;
}

/**
 * Installs `vsix` into the run's extensions folder with code-server's `--install-extension` (the
 * same code path as "Install from VSIX…"). Resolves to the folder it was unpacked to.
 */
export async function installExtension(install: CodeServerInstall, run: RunFolder, vsix: string, extensionId: string): Promise<string> {
  await runCommand(
    process.execPath,
    [install.entry, '--user-data-dir', run.userDataDir, '--extensions-dir', run.extensionsDir, '--install-extension', vsix],
    { env: run.env, logFile: path.join(run.logsDir, 'install-extension.log') },
  );
  const prefix = `${extensionId.toLowerCase()}-`;
  const folder = fs.readdirSync(run.extensionsDir).find((name) => name.toLowerCase().startsWith(prefix));
  if (folder === undefined) throw new Error(`--install-extension left no ${prefix}* folder in ${run.extensionsDir}`);
  return path.join(run.extensionsDir, folder);
}

/**
 * Starts code-server on 127.0.0.1 (a free port; webviews need a secure context, which loopback is)
 * with the run's user data and extensions folders, no auth, no telemetry, no update check, no
 * workspace trust unless `workspaceTrust` (then the workspace opens in Restricted Mode), in its
 * own process group. Resolves once it serves the workbench page for `run.workspace`.
 */
export async function startCodeServer(
  groups: ProcessGroups,
  install: CodeServerInstall,
  run: RunFolder,
  options: { port?: number; timeoutMs?: number; workspaceTrust?: boolean } = {},
): Promise<RunningCodeServer> {
  const logFile = path.join(run.logsDir, 'code-server.log');
  const child = await groups.start(
    'code-server',
    process.execPath,
    [
      install.entry,
      '--auth',
      'none',
      '--bind-addr',
      `127.0.0.1:${options.port ?? 0}`,
      '--disable-telemetry',
      '--disable-update-check',
      ...(options.workspaceTrust === true ? [] : ['--disable-workspace-trust']),
      '--disable-getting-started-override',
      '--user-data-dir',
      run.userDataDir,
      '--extensions-dir',
      run.extensionsDir,
    ],
    { cwd: run.dir, env: run.env, logFile },
  );
  let exited = false;
  child.once('exit', () => {
    exited = true;
  });
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  const fail = (why: string): never => {
    throw new Error(`code-server ${why}; ${logFile}:\n${tailOf(logFile, 30)}`);
  };
  let url: string | undefined;
  while (url === undefined) {
    url = /HTTP server listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(fs.readFileSync(logFile, 'utf8'))?.[1];
    if (url !== undefined) break;
    if (exited) fail('exited');
    if (Date.now() > deadline) fail('did not start listening');
    await delay(50);
  }
  for (;;) {
    const page = await fetch(workbenchUrl(url, run.workspace)).then(
      (response) => response.text(),
      () => '',
    );
    if (page.includes('vscode-workbench-web-configuration')) break;
    if (exited) fail('exited');
    if (Date.now() > deadline) fail('does not serve the workbench page');
    await delay(100);
  }
  return { url, pid: child.pid!, logFile };
}

/**
 * The workbench URL for `folder`; with `payload`, the workbench's query parameter that takes what
 * VS Code's command line would (`extensionDevelopmentPath`, `extensionTestsPath`…): code-server
 * rejects those flags itself. Paths in it are `vscode-remote://<host>` URIs (the remote authority
 * is the page's host).
 */
export function workbenchUrl(serverUrl: string, folder: string, payload?: ReadonlyArray<readonly [string, string]>): string {
  let url = `${serverUrl}/?folder=${encodeURIComponent(folder)}`;
  if (payload) url += `&payload=${encodeURIComponent(JSON.stringify(payload))}`;
  return url;
}

/** `file` as the remote URI the workbench of `serverUrl` resolves on the server. */
export function remoteUri(serverUrl: string, file: string): string {
  return `vscode-remote://${new URL(serverUrl).host}${file}`;
}
