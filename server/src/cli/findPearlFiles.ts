import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { expandGlob, hasGlobMagic, isSkippedFolder } from './globPattern';

/** The suffix of the files a folder or a glob matching a folder stands for. */
export const pearlFileSuffix = '.pearl.json';

/** A file to lint. */
export interface LintTarget {
  /** Absolute path, to read it. */
  readonly absolutePath: string;
  /** Path as shown in reports: relative to the working folder, or absolute if given absolute. */
  readonly displayPath: string;
}

/** What the command-line paths stand for: the files, and a message for each path that failed. */
export interface FoundPearlFiles {
  /** Every file, once, sorted by display path. */
  readonly targets: LintTarget[];
  /** One message per missing path, unreadable path, or folder or glob matching no file. */
  readonly problems: string[];
}

/**
 * Resolves command-line paths against `cwd`: a file stands for itself (whatever its name); a folder
 * for every `*.pearl.json` under it, recursively, skipping `node_modules` and dot-folders; a glob
 * (`*`, `**`, `?`: see {@link expandGlob}) for the files it matches and the `*.pearl.json` files
 * under the folders it matches. Never throws: failures are listed in `problems`.
 */
export async function findPearlFiles(paths: readonly string[], cwd: string): Promise<FoundPearlFiles> {
  const byPath = new Map<string, LintTarget>();
  const problems: string[] = [];
  for (const given of paths) {
    const absoluteGiven = path.isAbsolute(given);
    const add = (absolutePath: string): void => {
      const displayPath = absoluteGiven ? absolutePath : path.relative(cwd, absolutePath) || absolutePath;
      if (!byPath.has(absolutePath)) byPath.set(absolutePath, { absolutePath, displayPath });
    };
    if (hasGlobMagic(given)) {
      const matches = await expandGlob(given, cwd);
      let count = 0;
      for (const match of matches) {
        const found = (await isFolder(match)) ? await walkFolder(match) : [match];
        found.forEach(add);
        count += found.length;
      }
      if (count === 0) problems.push(`${given}: no files match this pattern`);
      continue;
    }
    const absolutePath = path.resolve(cwd, given);
    let stats;
    try {
      stats = await fs.stat(absolutePath);
    } catch (error) {
      problems.push(`${given}: ${describeFsError(error)}`);
      continue;
    }
    if (stats.isDirectory()) {
      const found = await walkFolder(absolutePath);
      if (found.length === 0) problems.push(`${given}: no *${pearlFileSuffix} files in this folder`);
      found.forEach(add);
    } else {
      add(absolutePath);
    }
  }
  const targets = [...byPath.values()].sort((a, b) => compareStrings(a.displayPath, b.displayPath));
  return { targets, problems };
}

/** A short, stable description of a file-system error: `no such file or directory`, ... */
export function describeFsError(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  switch (code) {
    case 'ENOENT':
      return 'no such file or directory';
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'EISDIR':
      return 'is a folder';
    default:
      return error instanceof Error ? error.message : String(error);
  }
}

/** Every `*.pearl.json` file under `folder`, recursively, skipping node_modules and dot-folders. */
async function walkFolder(folder: string): Promise<string[]> {
  const files: string[] = [];
  const visit = async (dir: string): Promise<void> => {
    let entries;
    try {
      entries = await fs.readdir(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const child = path.join(dir, entry.name);
      // Symbolic links to folders are not followed: no cycles.
      if (entry.isDirectory()) {
        if (!isSkippedFolder(entry.name)) await visit(child);
      } else if (entry.name.endsWith(pearlFileSuffix) && (entry.isFile() || entry.isSymbolicLink())) {
        files.push(child);
      }
    }
  };
  await visit(folder);
  return files.sort();
}

async function isFolder(file: string): Promise<boolean> {
  try {
    return (await fs.stat(file)).isDirectory();
  } catch {
    return false;
  }
}

function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
