import * as fs from 'node:fs';
import * as path from 'node:path';
import { repositoryRoot, runsDir } from './paths';

/** Everything one run writes, under one folder (`.e2e/runs/<id>`), nothing in $HOME or /tmp. */
export interface RunFolder {
  readonly id: string;
  readonly dir: string;
  /** The folder opened in VS Code: copies of the repository's examples/ and schemas/. */
  readonly workspace: string;
  readonly userDataDir: string;
  readonly extensionsDir: string;
  /** A stub extension loaded as `extensionDevelopmentPath` (see {@link createRunnerExtension}). */
  readonly runnerExtension: string;
  readonly logsDir: string;
  readonly screenshotsDir: string;
  /** Where the suite writes its report (`PEARL_E2E_REPORT`). */
  readonly reportFile: string;
  /** Where the browser profiles go. */
  readonly browserDir: string;
  /**
   * The environment of everything the run starts: XDG dirs and TMPDIR inside the run folder (code-server's
   * config and logs, the extension hosts' sockets, Chromium's profile would otherwise land in $HOME
   * and /tmp and outlive the run), and `PEARL_E2E_RUN=<id>`, by which leftovers are found.
   */
  readonly env: NodeJS.ProcessEnv;
}

/** How many run folders are kept (the newest); older ones are removed when a run starts. */
const keptRuns = 3;
/** The pid of the process that owns a run folder; a folder whose owner still runs is never removed. */
const ownerFile = 'owner.pid';

/** Creates a fresh run folder, its workspace and its environment. */
export function createRunFolder(): RunFolder {
  fs.mkdirSync(runsDir, { recursive: true });
  pruneOldRuns();
  const id = `${new Date().toISOString().replace(/[-:]/g, '').replace(/\..*/, '')}-${process.pid}`;
  const dir = path.join(runsDir, id);
  const sub = (...parts: string[]): string => {
    const folder = path.join(dir, ...parts);
    fs.mkdirSync(folder, { recursive: true });
    return folder;
  };
  const workspace = sub('workspace');
  fs.cpSync(path.join(repositoryRoot, 'examples'), path.join(workspace, 'examples'), { recursive: true });
  fs.cpSync(path.join(repositoryRoot, 'schemas'), path.join(workspace, 'schemas'), { recursive: true });
  fs.writeFileSync(path.join(dir, ownerFile), `${process.pid}\n`);
  const xdgRuntime = sub('xdg', 'run');
  fs.chmodSync(xdgRuntime, 0o700);
  const run: RunFolder = {
    id,
    dir,
    workspace,
    userDataDir: sub('user-data'),
    extensionsDir: sub('extensions'),
    runnerExtension: createRunnerExtension(sub('runner-extension')),
    logsDir: sub('logs'),
    screenshotsDir: sub('screenshots'),
    reportFile: path.join(dir, 'suite-report.json'),
    browserDir: sub('browser'),
    env: {
      ...process.env,
      XDG_CONFIG_HOME: sub('xdg', 'config'),
      XDG_DATA_HOME: sub('xdg', 'data'),
      XDG_CACHE_HOME: sub('xdg', 'cache'),
      XDG_RUNTIME_DIR: xdgRuntime,
      TMPDIR: sub('tmp'),
      PEARL_E2E_RUN: id,
    },
  };
  return run;
}

/** Who a run's workbench is for: the tests (quiet), or a person meeting the product (`npm start`). */
export type SettingsAudience = 'tests' | 'first-time user';

/**
 * The user settings of a run: a quiet workbench (no tips, experiments, telemetry, update checks,
 * workspace trust, hot exit), plus `extra` (e.g. `pearl.api.baseUrl`). For the tests, the Welcome
 * page and the walkthroughs stay closed too (a check opens them itself); a first-time user
 * (`npm start`) gets VS Code's defaults for them: the Welcome page at startup, with the "Get
 * started with Pearl" walkthrough, and a walkthrough opened when an extension is installed.
 */
export function userSettings(extra: Record<string, unknown>, audience: SettingsAudience = 'tests'): Record<string, unknown> {
  const welcome =
    audience === 'tests'
      ? { 'workbench.startupEditor': 'none', 'workbench.welcomePage.walkthroughs.openOnInstall': false }
      : { 'workbench.startupEditor': 'welcomePage', 'workbench.welcomePage.walkthroughs.openOnInstall': true };
  return {
    ...welcome,
    'workbench.tips.enabled': false,
    'workbench.enableExperiments': false,
    'telemetry.telemetryLevel': 'off',
    'update.mode': 'none',
    'extensions.autoCheckUpdates': false,
    'extensions.autoUpdate': false,
    'extensions.ignoreRecommendations': true,
    'security.workspace.trust.enabled': false,
    'chat.commandCenter.enabled': false,
    'git.enabled': false,
    'files.hotExit': 'off',
    ...extra,
  };
}

/** Writes the run's user settings ({@link userSettings}) into its user data folder. */
export function writeUserSettings(run: RunFolder, extra: Record<string, unknown>, audience: SettingsAudience = 'tests'): void {
  const settings = userSettings(extra, audience);
  const file = path.join(run.userDataDir, 'User', 'settings.json');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${JSON.stringify(settings, null, 2)}\n`);
  // `workbench.welcomePage.walkthroughs.openOnInstall` is a machine setting: in code-server's
  // window (a remote one) the extension host reads it from the machine's settings, not the
  // user's, so the walkthrough the extension offers on its first start would open in the tests.
  const machine = path.join(run.userDataDir, 'Machine', 'settings.json');
  fs.mkdirSync(path.dirname(machine), { recursive: true });
  const openOnInstall = 'workbench.welcomePage.walkthroughs.openOnInstall';
  fs.writeFileSync(machine, `${JSON.stringify({ [openOnInstall]: settings[openOnInstall] }, null, 2)}\n`);
}

/**
 * A stub extension (a package.json, no code). The workbench runs `extensionTestsPath` only in
 * extension-development mode, which needs an `extensionDevelopmentPath`; pointing it at this stub
 * instead of the repository leaves the Pearl extension to load from the installed .vsix, as a user
 * gets it (in production mode).
 */
function createRunnerExtension(dir: string): string {
  const manifest = {
    name: 'pearl-e2e-runner',
    displayName: 'Pearl e2e test runner (stub)',
    publisher: 'pearl-e2e',
    version: '0.0.0',
    engines: { vscode: '*' },
  };
  fs.writeFileSync(path.join(dir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return dir;
}

function pruneOldRuns(): void {
  const runs = fs
    .readdirSync(runsDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  for (const name of runs.slice(0, Math.max(0, runs.length - (keptRuns - 1)))) {
    if (ownerRuns(path.join(runsDir, name))) continue;
    fs.rmSync(path.join(runsDir, name), { recursive: true, force: true });
  }
}

function ownerRuns(dir: string): boolean {
  try {
    const pid = Number(fs.readFileSync(path.join(dir, ownerFile), 'utf8'));
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
