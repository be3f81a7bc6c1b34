import * as fs from 'node:fs';
import * as path from 'node:path';

const packageName = 'pearl-language-tools';

/** The fields of this package's package.json the tools show. */
export interface PackageManifest {
  /** `"unknown"` when no package.json of this package is found. */
  readonly version: string;
  /** The project's page (package.json `homepage`, without its `#readme` anchor); undefined when absent. */
  readonly homepage: string | undefined;
}

let cachedManifest: PackageManifest | undefined;

/**
 * This package's package.json, found by walking up from the running file: it works the same from
 * the bundles (`dist/*.js`), the compiled tests (`out/...`) and an npm install. Never throws.
 */
export function getPackageManifest(): PackageManifest {
  if (cachedManifest !== undefined) return cachedManifest;
  cachedManifest = { version: 'unknown', homepage: undefined };
  let dir = __dirname;
  for (;;) {
    try {
      const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as unknown;
      if (isOwnManifest(manifest)) {
        const homepage = typeof manifest.homepage === 'string' ? manifest.homepage.replace(/#.*$/, '') : undefined;
        cachedManifest = { version: manifest.version, homepage };
        break;
      }
    } catch {
      // No package.json here, or not JSON: keep walking up.
    }
    const parent = path.dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  return cachedManifest;
}

/** The `version` of this package's package.json ({@link getPackageManifest}); `"unknown"` when not found. */
export function getPackageVersion(): string {
  return getPackageManifest().version;
}

function isOwnManifest(value: unknown): value is { version: string; homepage?: unknown } {
  if (typeof value !== 'object' || value === null) return false;
  const manifest = value as { name?: unknown; version?: unknown };
  return manifest.name === packageName && typeof manifest.version === 'string';
}
