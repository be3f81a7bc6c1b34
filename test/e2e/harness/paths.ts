import * as fs from 'node:fs';
import * as path from 'node:path';
import { repositoryRoot } from '../../helpers/paths';

export { repositoryRoot };

/**
 * Where installed tools (code-server) are kept between runs: `E2E_CACHE`, or `.e2e/cache` in the
 * repository (gitignored).
 */
export const cacheDir = path.resolve(process.env.E2E_CACHE ?? path.join(repositoryRoot, '.e2e', 'cache'));

/** Where each run gets its own folder (`.e2e/runs/<id>`): workspace, profiles, logs, screenshots. */
export const runsDir = path.resolve(process.env.E2E_RUNS ?? path.join(repositoryRoot, '.e2e', 'runs'));

/** The compiled extension-host test runner (`run()` contract), from `test/e2e/suite/index.ts`. */
export const suiteEntry = path.join(repositoryRoot, 'out', 'test', 'e2e', 'suite', 'index.js');

/** The stand-in of the Pearl service's CLI, from `test/standin/main.ts`. */
export const standInMain = path.join(repositoryRoot, 'out', 'test', 'standin', 'main.js');

/** The extension's manifest. */
export function readManifest(): { name: string; publisher: string; version: string } {
  return JSON.parse(fs.readFileSync(path.join(repositoryRoot, 'package.json'), 'utf8')) as ReturnType<typeof readManifest>;
}

/** `publisher.name`, the id VS Code knows the extension by. */
export function extensionId(): string {
  const manifest = readManifest();
  return `${manifest.publisher}.${manifest.name}`;
}
