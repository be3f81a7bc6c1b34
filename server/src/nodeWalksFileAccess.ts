import * as fs from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as path from 'node:path';
import type { WalksFileAccess } from './walksWorkspace';

/** Bounds of the walks-file access on node's file system. */
export const walksFileLimits = {
  /** Largest file read, in bytes (a Pearl is a few kilobytes; a 20,000-node Pearl about 22 MB). */
  maxFileSize: 32 * 1024 * 1024,
  /** Most walks files found in one scan. */
  maxFiles: 500,
  /** Most folder entries looked at in one scan. */
  maxEntries: 20_000,
  /** Deepest folder below a workspace folder. */
  maxDepth: 12,
} as const;

/**
 * {@link WalksFileAccess} on node's file system, for `file:` URIs only (others reject): a file over
 * {@link walksFileLimits.maxFileSize} is refused (`EFBIG`); the scan skips `node_modules`,
 * dot-folders and symbolic links, within the bounds of {@link walksFileLimits}, breadth first.
 */
export const nodeWalksFileAccess: WalksFileAccess = {
  async readFile(uri) {
    const file = fileURLToPath(uri);
    const stats = await fs.stat(file);
    if (stats.isDirectory()) throw Object.assign(new Error(`${file} is a folder`), { code: 'EISDIR' });
    if (stats.size > walksFileLimits.maxFileSize) throw Object.assign(new Error(`${file} is too large`), { code: 'EFBIG' });
    return fs.readFile(file, 'utf8');
  },
  async findWalksFiles(folderUris) {
    const found: string[] = [];
    let entries = 0;
    const queue: { folder: string; depth: number }[] = folderUris.flatMap((uri) =>
      uri.startsWith('file:') ? [{ folder: fileURLToPath(uri), depth: 0 }] : [],
    );
    for (let item = queue.shift(); item && found.length < walksFileLimits.maxFiles; item = queue.shift()) {
      const listing = await fs.readdir(item.folder, { withFileTypes: true }).catch(() => []);
      for (const entry of listing) {
        if (++entries > walksFileLimits.maxEntries) return found;
        const full = path.join(item.folder, entry.name);
        if (entry.isFile() && entry.name.toLowerCase().endsWith('.walks.json')) found.push(pathToFileURL(full).href);
        else if (
          entry.isDirectory() &&
          !entry.name.startsWith('.') &&
          entry.name !== 'node_modules' &&
          item.depth < walksFileLimits.maxDepth
        ) {
          queue.push({ folder: full, depth: item.depth + 1 });
        }
      }
    }
    return found;
  },
};
