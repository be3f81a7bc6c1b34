// Walks files on node's file system: the language server's and pearl-lint's access (Node only, so
// not in the module's entry index.ts, which the web worker's bundle imports).
import { constants as fsConstants } from 'node:fs';
import * as fs from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as path from 'node:path';
import type { WalksFileAccess } from './walksWorkspace';
import { walksFileLimits } from './walksFileLimits';

/** An Error with a file-system `code`, as node's own. */
function fileError(message: string, code: string): Error {
  return Object.assign(new Error(message), { code });
}

/** Refuses what is not a regular file of at most {@link walksFileLimits.maxFileSize} bytes. */
function checkRegularFile(file: string, stats: { isDirectory(): boolean; isFile(): boolean; size: number }): void {
  if (stats.isDirectory()) throw fileError(`${file} is a folder`, 'EISDIR');
  if (!stats.isFile()) throw fileError(`${file} is not a regular file`, 'ENOTFILE');
  if (stats.size > walksFileLimits.maxFileSize) throw fileError(`${file} is too large`, 'EFBIG');
}

/**
 * The regular file `file` as UTF-8, at most {@link walksFileLimits.maxFileSize} bytes: checked
 * before it is opened (a FIFO or a device is never opened), opened non-blocking and checked again
 * on the open descriptor (no swap between the check and the read), then read up to the bound
 * (a file that grew past it is refused, not read on).
 */
async function readRegularFile(file: string): Promise<string> {
  checkRegularFile(file, await fs.stat(file));
  const handle = await fs.open(file, fsConstants.O_RDONLY | (fsConstants.O_NONBLOCK ?? 0));
  try {
    const stats = await handle.stat();
    checkRegularFile(file, stats);
    // One byte more than the size at opening shows a file that grew; it grows up to the bound.
    let buffer = new Uint8Array(stats.size + 1);
    let length = 0;
    for (;;) {
      if (length === buffer.length) {
        if (length > walksFileLimits.maxFileSize) throw fileError(`${file} is too large`, 'EFBIG');
        const grown = new Uint8Array(Math.min(buffer.length * 2, walksFileLimits.maxFileSize + 1));
        grown.set(buffer);
        buffer = grown;
      }
      const { bytesRead } = await handle.read(buffer, length, buffer.length - length, length);
      if (bytesRead === 0) break;
      length += bytesRead;
    }
    if (length > walksFileLimits.maxFileSize) throw fileError(`${file} is too large`, 'EFBIG');
    return Buffer.from(buffer.buffer, 0, length).toString('utf8');
  } finally {
    await handle.close();
  }
}

/**
 * {@link WalksFileAccess} on node's file system, for `file:` URIs only (others reject): only a
 * regular file is read ({@link readRegularFile}); with a folder, the file's real path (symbolic
 * links resolved) must be inside the folder's real path, else `EOUTSIDE` before anything is
 * opened. The scan skips `node_modules`, dot-folders and symbolic links, within the bounds of
 * {@link walksFileLimits}, breadth first.
 */
export const nodeWalksFileAccess: WalksFileAccess = {
  async readFile(uri, folderUri) {
    const file = fileURLToPath(uri);
    if (folderUri !== undefined) {
      const [real, realFolder] = await Promise.all([fs.realpath(file), fs.realpath(fileURLToPath(folderUri))]);
      const relative = path.relative(realFolder, real);
      if (relative === '' || relative === '..' || relative.startsWith(`..${path.sep}`) || path.isAbsolute(relative)) {
        throw fileError(`${file} is outside ${realFolder}`, 'EOUTSIDE');
      }
    }
    return readRegularFile(file);
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
