// `npm start` (after `npm run build`): the packaged extension in a real VS Code, in your browser.
// Packages the .vsix, starts the local stand-in of the Pearl service and code-server on 127.0.0.1
// with the .vsix installed, `pearl.api.baseUrl` set to the stand-in and a copy of examples/ open;
// prints the URL to open and the token the stand-in accepts; runs until Ctrl-C, then stops
// everything it started. PORT (default 18080) is code-server's port.
// `npm start -- --restricted`: the same with workspace trust on, so that VS Code asks whether you
// trust the workspace's authors; answer No to see Restricted Mode (what the extension turns off).
// The workspace is a small npm project whose `pearl-lint` is this repository's (node_modules/.bin,
// linked to the built dist/), so `npx pearl-lint` there runs this linter, not a registry package.
// Uses the e2e harness's modules (out/test/e2e/harness) and its code-server cache (.e2e/cache).
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { installExtension, remoteUri, startCodeServer, workbenchUrl } from '../out/test/e2e/harness/codeServer.js';
import { ensureCodeServer } from '../out/test/e2e/harness/codeServerInstall.js';
import { packageVsix } from '../out/test/e2e/harness/packageVsix.js';
import { cacheDir, extensionId, readManifest } from '../out/test/e2e/harness/paths.js';
import { aptCommand, findMissingPrerequisites } from '../out/test/e2e/harness/prerequisites.js';
import { isGroupAlive, ProcessGroups } from '../out/test/e2e/harness/processGroups.js';
import { createRunFolder, writeUserSettings } from '../out/test/e2e/harness/runFolder.js';
import { repositoryRoot } from '../out/test/e2e/harness/paths.js';
import { startStandIn } from '../out/test/e2e/harness/standIn.js';

const say = (line) => process.stdout.write(`[start] ${line}\n`);

// No Chromium needed here (you bring the browser), but code-server's native modules need the rest.
const missing = findMissingPrerequisites().filter((item) => item.debianPackage !== 'chromium');
if (missing.length > 0) {
  for (const item of missing) process.stderr.write(`[start] missing: ${item.what}\n`);
  const apt = aptCommand(missing);
  if (apt) process.stderr.write(`[start] on Debian/Ubuntu: ${apt}\n`);
  process.exit(2);
}

const { values: options } = parseArgs({ options: { restricted: { type: 'boolean', default: false } } });

/**
 * Makes `workspace` a small npm project that depends on this repository, linked as `npm install
 * <folder>` links it: node_modules/pearl-language-tools is the repository, node_modules/.bin holds
 * its bins. Nothing is downloaded.
 */
function linkLinter(workspace) {
  const { name, bin } = readManifest();
  writeFileSync(
    join(workspace, 'package.json'),
    `${JSON.stringify({ name: 'pearl-examples', private: true, devDependencies: { [name]: `file:${repositoryRoot}` } }, null, 2)}\n`,
  );
  mkdirSync(join(workspace, 'node_modules', '.bin'), { recursive: true });
  symlinkSync(repositoryRoot, join(workspace, 'node_modules', name), 'dir');
  for (const [command, file] of Object.entries(bin)) {
    symlinkSync(join('..', name, file), join(workspace, 'node_modules', '.bin', command));
  }
}

const port = Number(process.env.PORT ?? 18080);
const run = createRunFolder();
linkLinter(run.workspace);
const groups = new ProcessGroups();
try {
  say(`code-server: ${cacheDir} (installed on first use, about 3 minutes)`);
  const install = await ensureCodeServer(cacheDir, join(run.logsDir, 'code-server-install.log'));
  const vsix = join(run.dir, `${readManifest().name}.vsix`);
  const size = await packageVsix(vsix, { env: run.env, logFile: join(run.logsDir, 'package.log') });
  say(`packaged ${vsix} (${(size / 1024).toFixed(0)} KiB)`);
  await installExtension(install, run, vsix, extensionId());
  const standIn = await startStandIn(groups, { env: run.env, logFile: join(run.logsDir, 'stand-in.log') });
  if (!standIn) throw new Error('the stand-in is not built: run `npm run build` first');
  // A first-time user: walkthroughs open as VS Code opens them for anyone (openOnInstall).
  const trust = options.restricted ? { 'security.workspace.trust.enabled': true, 'security.workspace.trust.startupPrompt': 'always' } : {};
  writeUserSettings(run, { 'pearl.api.baseUrl': standIn.url, 'pearl.ongoingCalls.pollSeconds': 5, ...trust }, 'first-time user');
  const server = await startCodeServer(groups, install, run, { port, workspaceTrust: options.restricted });
  // The page opens an example Pearl, which starts the extension, whose first start opens the "Get
  // started with Pearl" walkthrough; VS Code's own Welcome page ("Setup VS Code Web") is skipped.
  const firstFile = join(run.workspace, 'examples', 'clinic-reminders.pearl.json');
  const payload = [
    ['openFile', remoteUri(server.url, firstFile)],
    ['skipWelcome', 'true'],
  ];
  process.stdout.write(`
  Open:   ${workbenchUrl(server.url, run.workspace, payload)}
  Token:  ${standIn.token}   (the stand-in's; "Pearl: Set API Token" asks for it on the first deploy)
  Service stand-in: ${standIn.url} (pearl.api.baseUrl is set to it)
  Workspace: ${run.workspace} (a copy of examples/ and schemas/; \`npx pearl-lint examples\` in its terminal runs this build's linter)${
    options.restricted
      ? '\n  Restricted Mode: answer "No, I don\'t trust the authors" when VS Code asks, to see what the extension turns off.'
      : ''
  }
  Logs: ${run.logsDir}
  Ctrl-C stops everything.
`);
  // Runs until Ctrl-C (ProcessGroups then stops the groups and exits), or until a server dies.
  await new Promise((_resolve, reject) => {
    const timer = setInterval(() => {
      for (const [name, pid] of [
        ['code-server', server.pid],
        ['the stand-in', standIn.pid],
      ]) {
        if (!isGroupAlive(pid)) {
          clearInterval(timer);
          reject(new Error(`${name} exited; see ${run.logsDir}`));
        }
      }
    }, 1000);
  });
} catch (error) {
  process.stderr.write(`[start] ${error instanceof Error ? error.message : String(error)}\n`);
  await groups.stopAll();
  process.exit(1);
}
