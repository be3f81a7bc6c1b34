import * as fs from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { WorkspaceFileSystem } from './service/pearlLanguageService';

/**
 * The language service's file access ({@link WorkspaceFileSystem}) on node's file system, for
 * `file:` URIs only (others reject). Symbolic links are reported as `other`, so a scan never
 * follows one (no cycles, nothing outside the workspace).
 */
export const nodeFileSystem: WorkspaceFileSystem = {
  async readDirectory(uri) {
    const entries = await fs.readdir(fileURLToPath(uri), { withFileTypes: true });
    return entries.map((entry) => ({
      name: entry.name,
      type: entry.isFile() ? 'file' : entry.isDirectory() ? 'directory' : 'other',
    }));
  },
  async stat(uri) {
    const stats = await fs.stat(fileURLToPath(uri));
    return { mtime: stats.mtimeMs, size: stats.size };
  },
  readFile(uri) {
    return fs.readFile(fileURLToPath(uri), 'utf8');
  },
};
