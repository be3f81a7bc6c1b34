import * as fs from 'node:fs';
import * as path from 'node:path';
import { runCommand } from './commands';
import { repositoryRoot } from './paths';

/**
 * Packages the extension as `npm run package` does (scripts/package.mjs: minified bundles, vsce,
 * the .vscodeignore allowlist) into `out`. Resolves to its size in bytes.
 */
export async function packageVsix(out: string, options: { env: NodeJS.ProcessEnv; logFile: string }): Promise<number> {
  await runCommand(process.execPath, [path.join(repositoryRoot, 'scripts', 'package.mjs'), '--out', out], {
    cwd: repositoryRoot,
    env: { ...options.env, NO_COLOR: '1', FORCE_COLOR: '0' },
    logFile: options.logFile,
  });
  return fs.statSync(out).size;
}
