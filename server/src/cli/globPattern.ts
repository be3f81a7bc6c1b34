import * as fs from './fsAsync';
import * as path from 'node:path';

/**
 * Whether a command-line path is a glob: it holds `*`, `?`, a `[class]` or a `{brace,list}`. Shells
 * expand unquoted globs themselves; a quoted one reaches the CLI as is and is expanded by
 * {@link expandGlob}.
 */
export function hasGlobMagic(pattern: string): boolean {
  return /[*?[\]{}]/.test(pattern);
}

/**
 * Whether a folder is left out of recursive walks (folder arguments and globs): `node_modules` and
 * dot-folders (`.git`, `.vscode`, ...). A glob that names one of them literally still enters it.
 */
export function isSkippedFolder(name: string): boolean {
  return name === 'node_modules' || name.startsWith('.');
}

/** What a glob matched: files and folders, absolute paths, sorted; and the folders it could not read. */
export interface GlobMatches {
  readonly files: string[];
  readonly folders: string[];
  /** Folders the walk needed but could not list, with the error. */
  readonly unreadable: { folder: string; error: unknown }[];
}

/**
 * Expands a glob with minimatch (`*`, `?`, `**`, `[abc]`, `[!abc]`, `{a,b}`) into the existing files
 * and folders it matches. Segments are separated by `/` (also `\` on Windows); relative patterns
 * start at `cwd`. As in shells, a wildcard does not match a leading `.`; `**` does not enter
 * `node_modules` unless the pattern names it. The walk starts at the pattern's literal prefix, enters
 * only folders that can still match, and does not descend into a folder that matches (it stands for
 * its files) nor follow symbolic links to folders (no cycles). Never throws.
 */
export async function expandGlob(pattern: string, cwd: string): Promise<GlobMatches> {
  const normalized = process.platform === 'win32' ? pattern.replace(/\\/g, '/') : pattern;
  const root = path.parse(normalized).root;
  const segments = normalized
    .slice(root.length)
    .split('/')
    .filter((segment) => segment !== '' && segment !== '.');
  // The literal prefix is where the walk starts; the rest is matched against paths relative to it.
  const literal = segments.findIndex(hasGlobMagic);
  const prefix = literal < 0 ? segments : segments.slice(0, literal);
  const base = path.resolve(root ? path.resolve(root) : cwd, ...prefix);
  const rest = segments.slice(prefix.length).join('/');
  const matcher = new (await loadMinimatch())(rest, { dot: false, nocase: process.platform === 'win32' });
  const entersNodeModules = segments.includes('node_modules');
  const result: GlobMatches = { files: [], folders: [], unreadable: [] };

  const visit = async (dir: string, relative: string): Promise<void> => {
    let entries;
    try {
      entries = await fs.readdir(dir, { withFileTypes: true });
    } catch (error) {
      result.unreadable.push({ folder: dir, error });
      return;
    }
    for (const entry of entries) {
      const child = path.join(dir, entry.name);
      const childRelative = relative ? `${relative}/${entry.name}` : entry.name;
      const folder = entry.isDirectory() || (entry.isSymbolicLink() && (await isFolder(child)));
      if (folder && matcher.match(childRelative)) result.folders.push(child);
      else if (folder) {
        if (entry.isSymbolicLink() || (entry.name === 'node_modules' && !entersNodeModules)) continue;
        if (matcher.match(childRelative, true)) await visit(child, childRelative);
      } else if (matcher.match(childRelative)) result.files.push(child);
    }
  };
  if (rest === '') {
    // No magic at all: the path itself, if it exists.
    if (await isFolder(base)) result.folders.push(base);
    else if (await exists(base)) result.files.push(base);
  } else if (await isFolder(base)) {
    await visit(base, '');
  }
  result.files.sort();
  result.folders.sort();
  return result;
}

/**
 * A test of whether an absolute path is left out by an exclusion glob (`!pattern`, without the `!`):
 * the pattern is matched against the path relative to `cwd` (or the absolute path for an absolute
 * pattern), and also excludes everything under a folder it matches.
 */
export async function exclusionMatcher(pattern: string, cwd: string): Promise<(absolutePath: string) => boolean> {
  const normalized = process.platform === 'win32' ? pattern.replace(/\\/g, '/') : pattern;
  const absolute = path.isAbsolute(normalized);
  const matcher = new (await loadMinimatch())(absolute ? normalized : normalized.replace(/^(\.\/)+/, ''), {
    dot: true,
    nocase: process.platform === 'win32',
  });
  return (absolutePath) => {
    const shown = (absolute ? absolutePath : path.relative(cwd, absolutePath)).split(path.sep).join('/');
    const parts = shown.split('/');
    // The file, or any folder above it.
    return parts.some((_, index) => matcher.match(parts.slice(0, index + 1).join('/')));
  };
}

/** minimatch, loaded on the first glob: a run without globs does not pay for it. */
async function loadMinimatch(): Promise<typeof import('minimatch').Minimatch> {
  return (await import('minimatch')).Minimatch;
}

async function isFolder(file: string): Promise<boolean> {
  try {
    return (await fs.stat(file)).isDirectory();
  } catch {
    return false;
  }
}

/** Whether anything (a file, a folder, a link, even a dangling one) is at `file`. Never throws. */
export async function exists(file: string): Promise<boolean> {
  try {
    await fs.lstat(file);
    return true;
  } catch {
    return false;
  }
}
