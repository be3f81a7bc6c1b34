import * as fs from 'node:fs';
import * as path from 'node:path';
import { runCommand } from './commands';
import { findOnPath, nodeHeadersDir } from './prerequisites';

/** The code-server release the harness uses: VS Code 1.100.3 (its workbench DOM classes are what the UI pass selects). */
export const codeServerVersion = '4.100.3';

/** An installed code-server. */
export interface CodeServerInstall {
  /** The folder holding `node_modules/code-server`. */
  readonly dir: string;
  /** `out/node/entry.js`: run it with node. */
  readonly entry: string;
  /** The VS Code version it serves. */
  readonly vscodeVersion: string;
}

const doneMarker = '.install-complete';
const nativeModules = ['@parcel/watcher', '@vscode/deviceid', '@vscode/spdlog', 'kerberos', 'native-watchdog', 'node-pty'];

/**
 * Returns code-server {@link codeServerVersion} from `cacheDir`, installing it there first if it is
 * not there yet (about 3 minutes, most of it compiling native modules; then cached).
 *
 * The npm package's postinstall cannot run here (it refuses to run as root under npm, downloads
 * ripgrep from GitHub and node headers from nodejs.org), so it is installed with `--ignore-scripts`
 * and its steps are done by hand, as in the e2e recipe: native modules rebuilt against the local node
 * headers, the system's `rg` copied in for `@vscode/ripgrep`, the asar and CLI symlinks, the
 * built-in extensions' dependencies. The install is made in a temporary folder and renamed when
 * complete, so an interrupted install is never taken for a cached one. Progress goes to `logFile`.
 */
export async function ensureCodeServer(cacheDir: string, logFile: string): Promise<CodeServerInstall> {
  const dir = path.join(cacheDir, `code-server-${codeServerVersion}`);
  if (!fs.existsSync(path.join(dir, doneMarker))) {
    fs.mkdirSync(cacheDir, { recursive: true });
    const staging = `${dir}.partial-${process.pid}`;
    fs.rmSync(staging, { recursive: true, force: true });
    try {
      await install(staging, logFile);
      fs.writeFileSync(path.join(staging, doneMarker), `${new Date().toISOString()}\n`);
      fs.rmSync(dir, { recursive: true, force: true });
      fs.renameSync(staging, dir);
    } finally {
      fs.rmSync(staging, { recursive: true, force: true });
    }
  }
  const pkg = path.join(dir, 'node_modules', 'code-server');
  const vscodePackage = JSON.parse(fs.readFileSync(path.join(pkg, 'lib', 'vscode', 'package.json'), 'utf8')) as { version: string };
  return { dir, entry: path.join(pkg, 'out', 'node', 'entry.js'), vscodeVersion: vscodePackage.version };
}

async function install(dir: string, logFile: string): Promise<void> {
  const rg = findOnPath('rg');
  if (rg === undefined) throw new Error('ripgrep (rg) is not on the PATH');
  fs.mkdirSync(dir, { recursive: true });
  // A package.json of its own, or npm would walk up and install into the repository.
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'e2e-code-server', private: true }, null, 2));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    // node-gyp cannot download node's headers here: build against the local ones.
    npm_config_nodedir: nodeHeadersDir(),
    // node-pty's install runs `npx node-gyp ...`, which must not ask.
    npm_config_yes: 'true',
    npm_config_fund: 'false',
    npm_config_audit: 'false',
    npm_config_update_notifier: 'false',
    npm_config_loglevel: 'warn',
  };
  const npm = (cwd: string, ...args: string[]): Promise<void> => runCommand('npm', args, { cwd, env, logFile });
  const pkg = path.join(dir, 'node_modules', 'code-server');
  const vscodeDir = path.join(pkg, 'lib', 'vscode');

  // --ignore-scripts: code-server's postinstall.sh refuses to run as root under npm.
  await npm(dir, 'install', '--ignore-scripts', '--no-package-lock', `code-server@${codeServerVersion}`);
  // Its one top-level native module; the prebuilt download fails, node-pre-gyp builds from source.
  await npm(dir, 'rebuild', 'argon2');
  // postinstall.sh's vscode_install(), minus @vscode/ripgrep's download.
  await npm(vscodeDir, 'install', '--omit=dev', '--ignore-scripts');
  await npm(vscodeDir, 'rebuild', ...nativeModules);
  const rgDir = path.join(vscodeDir, 'node_modules', '@vscode', 'ripgrep', 'bin');
  fs.mkdirSync(rgDir, { recursive: true });
  fs.copyFileSync(rg, path.join(rgDir, 'rg'));
  fs.chmodSync(path.join(rgDir, 'rg'), 0o755);
  symlink('node_modules', path.join(vscodeDir, 'node_modules.asar'));
  symlink('code-linux.sh', path.join(vscodeDir, 'bin', 'remote-cli', 'code-server'));
  symlink('browser-linux.sh', path.join(vscodeDir, 'bin', 'helpers', 'browser.sh'));
  // The built-in extensions' dependencies (TypeScript for the JS/TS support).
  await npm(path.join(vscodeDir, 'extensions'), 'install', '--omit=dev');
  // Every native module the server loads must load, and rg must run.
  const check = `for (const m of ${JSON.stringify(nativeModules)}) require(m);
    require('fs').accessSync(require('@vscode/ripgrep').rgPath, require('fs').constants.X_OK);`;
  await runCommand(process.execPath, ['-e', check], { cwd: vscodeDir, env, logFile });
}

function symlink(target: string, link: string): void {
  fs.rmSync(link, { force: true });
  fs.symlinkSync(target, link);
}
