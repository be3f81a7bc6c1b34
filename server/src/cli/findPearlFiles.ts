import * as fs from './fsAsync';
import * as path from 'node:path';
import { exclusionMatcher, exists, expandGlob, hasGlobMagic, isSkippedFolder } from './globPattern';

/** The suffix of the Pearl files a folder or a glob stands for. */
export const pearlFileSuffix = '.pearl.json';

/** The suffix of the walks files a folder or a glob stands for too (docs/user/walks.md). */
export const walksFileSuffix = '.walks.json';

/** Whether a folder or a glob stands for the file `name`: a Pearl or a walks file. */
export function isLintedFileName(name: string): boolean {
  return name.endsWith(pearlFileSuffix) || name.endsWith(walksFileSuffix);
}

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
  /**
   * One message per missing or unreadable path, path that is neither a regular file nor a folder,
   * folder that cannot be listed (also inside a folder or a glob's walk), and folder or glob
   * matching no file.
   */
  readonly problems: string[];
  /** Those of {@link problems} about a folder or glob matching no file (`--no-error-on-unmatched-pattern` leaves them out). */
  readonly unmatched: ReadonlySet<string>;
}

/**
 * Resolves command-line paths against `cwd`: a file stands for itself (whatever its name); a folder
 * for every `*.pearl.json` and `*.walks.json` under it, recursively, skipping `node_modules` and dot-folders; a glob
 * (see {@link expandGlob}) for the `*.pearl.json` and `*.walks.json` files it matches and those under the folders it
 * matches; a path starting with `!` is a glob whose files are left out. Anything else (a FIFO, a
 * device, a socket) is refused without being opened. Never throws: failures are listed in `problems`.
 */
export async function findPearlFiles(paths: readonly string[], cwd: string): Promise<FoundPearlFiles> {
  const byPath = new Map<string, LintTarget>();
  const problems: string[] = [];
  const unmatched = new Set<string>();
  const noMatch = (message: string): void => {
    problems.push(message);
    unmatched.add(message);
  };
  const exclusions = await Promise.all(
    paths.filter((given) => given.startsWith('!')).map((given) => exclusionMatcher(given.slice(1), cwd)),
  );
  for (const given of paths) {
    if (given.startsWith('!')) continue;
    const absoluteGiven = path.isAbsolute(given);
    const show = (absolutePath: string): string => (absoluteGiven ? absolutePath : relativeTo(cwd, absolutePath));
    /** Adds the files no `!` pattern leaves out; how many those are. */
    const addAll = (files: readonly string[]): number => {
      let kept = 0;
      for (const absolutePath of files) {
        if (exclusions.some((excluded) => excluded(absolutePath))) continue;
        kept++;
        if (!byPath.has(absolutePath)) byPath.set(absolutePath, { absolutePath, displayPath: show(absolutePath) });
      }
      return kept;
    };
    const noneLeft = `${given}: every file it stands for is left out by a ! pattern`;
    const walk = async (folder: string): Promise<string[]> => {
      const { files, unreadable } = await walkFolder(folder);
      for (const { folder: failed, error } of unreadable) problems.push(`${show(failed)}: ${describeFsError(error)}`);
      return files;
    };

    // A name with brackets or braces that exists as written is that file or folder, not a glob.
    if (hasGlobMagic(given) && !(await exists(path.resolve(cwd, given)))) {
      const matches = await expandGlob(given, cwd);
      for (const { folder, error } of matches.unreadable) problems.push(`${show(folder)}: ${describeFsError(error)}`);
      const found = matches.files.filter(isLintedFileName);
      for (const folder of matches.folders) for (const file of await walk(folder)) found.push(file);
      if (found.length === 0) {
        if (matches.unreadable.length === 0) noMatch(`${given}: no files match this pattern`);
      } else if (addAll(found) === 0) {
        noMatch(noneLeft);
      }
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
      const found = await walk(absolutePath);
      if (found.length === 0) noMatch(`${given}: no *${pearlFileSuffix} files in this folder`);
      else if (addAll(found) === 0) noMatch(noneLeft);
    } else if (stats.isFile()) {
      addAll([absolutePath]);
    } else {
      problems.push(`${given}: ${describeFileKind(stats)}`);
    }
  }
  const targets = [...byPath.values()].sort((a, b) => compareStrings(a.displayPath, b.displayPath));
  return { targets, problems, unmatched };
}

/** Why a path that is not a regular file is refused: `not a regular file (a FIFO)`, ... */
export function describeFileKind(stats: import('node:fs').Stats): string {
  const kind = stats.isFIFO()
    ? 'a FIFO'
    : stats.isCharacterDevice()
      ? 'a character device'
      : stats.isBlockDevice()
        ? 'a block device'
        : stats.isSocket()
          ? 'a socket'
          : stats.isDirectory()
            ? 'a folder'
            : 'not a file';
  return `not a regular file (${kind})`;
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
    case 'ELOOP':
      return 'too many levels of symbolic links';
    default:
      return error instanceof Error ? error.message : String(error);
  }
}

/**
 * Every `*.pearl.json` and `*.walks.json` entry under `folder` that is not a folder, recursively, skipping node_modules
 * and dot-folders, sorted; and every folder that could not be listed, sorted. Entries that are not
 * regular files are kept so that reading them reports why they are refused. Sibling folders are
 * listed concurrently (libuv's thread pool bounds how many at once).
 */
async function walkFolder(folder: string): Promise<{ files: string[]; unreadable: { folder: string; error: unknown }[] }> {
  const files: string[] = [];
  const unreadable: { folder: string; error: unknown }[] = [];
  const visit = async (dir: string): Promise<void> => {
    let entries;
    try {
      entries = await fs.readdir(dir, { withFileTypes: true });
    } catch (error) {
      unreadable.push({ folder: dir, error });
      return;
    }
    const folders: Promise<void>[] = [];
    // `dir` is normalised and an entry's name holds no separator: no path.join per entry.
    const prefix = dir.endsWith(path.sep) ? dir : dir + path.sep;
    for (const entry of entries) {
      const child = prefix + entry.name;
      // Symbolic links to folders are not followed: no cycles.
      if (entry.isDirectory()) {
        if (!isSkippedFolder(entry.name)) folders.push(visit(child));
      } else if (isLintedFileName(entry.name)) {
        files.push(child);
      }
    }
    await Promise.all(folders);
  };
  await visit(folder);
  return { files: files.sort(), unreadable: unreadable.sort((a, b) => compareStrings(a.folder, b.folder)) };
}

/**
 * `path.relative(cwd, absolutePath)`, or `absolutePath` when that is empty (`cwd` itself); both
 * normalised absolute paths. A path under `cwd` as written is cut after its prefix, without
 * path.relative's resolving of both paths (a few percent of listing a thousand files).
 */
export function relativeTo(cwd: string, absolutePath: string): string {
  const prefix = cwd.endsWith(path.sep) ? cwd : cwd + path.sep;
  if (absolutePath.length > prefix.length && absolutePath.startsWith(prefix)) return absolutePath.slice(prefix.length);
  return path.relative(cwd, absolutePath) || absolutePath;
}

function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
