import * as fs from 'node:fs';
import * as path from 'node:path';
import { startCodeServer } from './codeServer';
import type { CodeServerInstall } from './codeServerInstall';
import type { ProcessGroups } from './processGroups';
import { type RunFolder, writeUserSettings } from './runFolder';
import { runSuiteInCodeServer } from './suiteRunner';

/**
 * The Restricted Mode pass: a second code-server on the same workspace and installed extension,
 * with workspace trust on and the workspace not trusted (no startup prompt), running only
 * test/e2e/suite/restrictedMode.e2e.ts (`PEARL_E2E_RESTRICTED=1`). Its user data, logs, browser
 * profile and report are kept apart, under `restricted/` of the run folder. `settings` are the
 * Pearl settings of the main pass (the stand-in's URL). Resolves to the suite's exit code.
 */
export async function runRestrictedSuite(
  groups: ProcessGroups,
  install: CodeServerInstall,
  run: RunFolder,
  settings: Record<string, unknown>,
): Promise<number> {
  const sub = (name: string): string => {
    const folder = path.join(run.dir, 'restricted', name);
    fs.mkdirSync(folder, { recursive: true });
    return folder;
  };
  const restricted: RunFolder = {
    ...run,
    userDataDir: sub('user-data'),
    logsDir: sub('logs'),
    browserDir: sub('browser'),
    reportFile: path.join(run.dir, 'restricted', 'suite-report.json'),
    env: { ...run.env, PEARL_E2E_RESTRICTED: '1', PEARL_E2E_REPORT: path.join(run.dir, 'restricted', 'suite-report.json') },
  };
  writeUserSettings(restricted, {
    ...settings,
    'security.workspace.trust.enabled': true,
    'security.workspace.trust.startupPrompt': 'never',
    'security.workspace.trust.banner': 'never',
  });
  const server = await startCodeServer(groups, install, restricted, { workspaceTrust: true });
  console.log(`[e2e] code-server (Restricted Mode): ${server.url}`);
  return runSuiteInCodeServer(server, restricted);
}
