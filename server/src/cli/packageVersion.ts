import * as fs from 'node:fs';
import * as path from 'node:path';

const packageName = 'pearl-language-tools';
let cachedVersion: string | undefined;

/**
 * The `version` of this package's package.json, found by walking up from the running file: it works
 * the same from the bundles (`dist/*.js`), the compiled tests (`out/...`) and an npm install.
 * `"unknown"` when no package.json of this package is found. Never throws.
 */
export function getPackageVersion(): string {
  if (cachedVersion !== undefined) return cachedVersion;
  cachedVersion = 'unknown';
  let dir = __dirname;
  for (;;) {
    try {
      const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as unknown;
      if (isOwnManifest(manifest)) {
        cachedVersion = manifest.version;
        break;
      }
    } catch {
      // No package.json here, or not JSON: keep walking up.
    }
    const parent = path.dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  return cachedVersion;
}

function isOwnManifest(value: unknown): value is { version: string } {
  if (typeof value !== 'object' || value === null) return false;
  const manifest = value as { name?: unknown; version?: unknown };
  return manifest.name === packageName && typeof manifest.version === 'string';
}
