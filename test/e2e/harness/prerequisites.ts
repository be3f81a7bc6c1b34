import * as fs from 'node:fs';
import * as path from 'node:path';

/** A system dependency of the harness that is missing, and the Debian package that provides it. */
export interface MissingPrerequisite {
  readonly what: string;
  /** The Debian package to install; undefined when apt is not the way (node's headers). */
  readonly debianPackage?: string;
}

/** The Chromium the harness drives: `CHROMIUM`, else Debian's `/usr/bin/chromium`. */
export function chromiumPath(): string {
  return process.env.CHROMIUM ?? '/usr/bin/chromium';
}

/** Chromium's switches for every test browser: no sandbox (root in CI), no GPU, nothing fetched in the background. */
export const chromiumArgs: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Checks what cannot be installed from npm: a Chromium to drive; ripgrep, which stands in for
 * `@vscode/ripgrep` (whose postinstall downloads from GitHub); the Kerberos (gssapi) headers that
 * code-server's `kerberos` native module compiles against; and node's own headers for node-gyp
 * (there is no download of them here).
 */
export function findMissingPrerequisites(): MissingPrerequisite[] {
  const missing: MissingPrerequisite[] = [];
  if (!isExecutable(chromiumPath())) missing.push({ what: `a Chromium at ${chromiumPath()} (or set CHROMIUM)`, debianPackage: 'chromium' });
  if (findOnPath('rg') === undefined) missing.push({ what: 'ripgrep (rg) on the PATH', debianPackage: 'ripgrep' });
  if (!fs.existsSync('/usr/include/gssapi/gssapi.h') && findOnPath('krb5-config') === undefined) {
    missing.push({ what: 'the Kerberos development headers (gssapi/gssapi.h)', debianPackage: 'libkrb5-dev' });
  }
  if (!fs.existsSync(path.join(nodeHeadersDir(), 'include', 'node', 'node.h'))) {
    missing.push({
      what: `node's headers in ${nodeHeadersDir()}/include/node (official node tarballs and NodeSource's nodejs include them; or set npm_config_nodedir)`,
    });
  }
  return missing;
}

/** The apt command that installs `missing`, as a user should type it; undefined if apt cannot help. */
export function aptCommand(missing: readonly MissingPrerequisite[]): string | undefined {
  const packages = [...new Set(missing.flatMap((item) => (item.debianPackage !== undefined ? [item.debianPackage] : [])))];
  const sudo = process.getuid?.() === 0 ? '' : 'sudo ';
  return packages.length > 0 ? `${sudo}apt-get install -y ${packages.join(' ')}` : undefined;
}

/** Where node-gyp finds node's headers: `npm_config_nodedir`, else the prefix of this node (`/usr` for Debian's). */
export function nodeHeadersDir(): string {
  return process.env.npm_config_nodedir ?? path.resolve(path.dirname(process.execPath), '..');
}

/** The absolute path of `command` on the PATH, or undefined. */
export function findOnPath(command: string): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (dir === '') continue;
    const candidate = path.join(dir, command);
    if (isExecutable(candidate)) return candidate;
  }
  return undefined;
}

function isExecutable(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}
