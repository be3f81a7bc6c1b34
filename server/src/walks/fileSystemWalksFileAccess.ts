// Walks files through a host's WorkspaceFileSystem (the web worker's, which reads through the
// client with VS Code's workspace.fs): the same bounds and skips as node's (nodeWalksFileAccess.ts).
import { walksFileLimits } from './walksFileLimits';
import { isInsideFolder, type WorkspaceFileSystem } from '../service/pearlLanguageService';
import type { WalksFileAccess } from './walksWorkspace';

/**
 * {@link WalksFileAccess} over `fileSystem`, for any URI scheme it reads: a file over
 * `walksFileLimits.maxFileSize` is refused, one whose stat the client refuses is missing
 * (`ENOENT`); with a folder, a URI not lexically inside it
 * ({@link isInsideFolder}: the client's file system tells no symbolic links) is refused
 * (`EOUTSIDE`) before anything is asked of the client. The scan skips `node_modules`, dot-folders
 * and what is neither a file nor a folder, breadth first, within `walksFileLimits`.
 */
export function walksFileAccessFrom(fileSystem: WorkspaceFileSystem): WalksFileAccess {
  return {
    async readFile(uri, folderUri) {
      if (folderUri !== undefined && !isInsideFolder(uri, folderUri)) {
        throw Object.assign(new Error(`${uri} is outside ${folderUri}`), { code: 'EOUTSIDE' });
      }
      // The client refuses the stat of a missing file (FileNotFound): the file is taken as missing.
      const { size } = await fileSystem.stat(uri).catch((error: unknown) => {
        throw Object.assign(new Error(`${uri} cannot be found`), { code: 'ENOENT', cause: error });
      });
      if (size > walksFileLimits.maxFileSize) throw Object.assign(new Error(`${uri} is too large`), { code: 'EFBIG' });
      return fileSystem.readFile(uri);
    },
    async findWalksFiles(folderUris) {
      const found: string[] = [];
      let entries = 0;
      const queue = folderUris.map((uri) => ({ folder: uri.endsWith('/') ? uri : `${uri}/`, depth: 0 }));
      for (let item = queue.shift(); item && found.length < walksFileLimits.maxFiles; item = queue.shift()) {
        const listing = await fileSystem.readDirectory(item.folder).catch(() => []);
        for (const entry of listing) {
          if (++entries > walksFileLimits.maxEntries) return found;
          const uri = `${item.folder}${encodeURIComponent(entry.name)}`;
          if (entry.type === 'file' && entry.name.toLowerCase().endsWith('.walks.json')) found.push(uri);
          else if (
            entry.type === 'directory' &&
            !entry.name.startsWith('.') &&
            entry.name !== 'node_modules' &&
            item.depth < walksFileLimits.maxDepth
          )
            queue.push({ folder: `${uri}/`, depth: item.depth + 1 });
        }
      }
      return found;
    },
  };
}
