import * as fs from 'node:fs/promises';
import * as path from 'node:path';

/**
 * Whether a command-line path is a glob: it holds `*` or `?`. Shells expand unquoted globs
 * themselves; a quoted one reaches the CLI as is and is expanded by {@link expandGlob}.
 */
export function hasGlobMagic(pattern: string): boolean {
  return /[*?]/.test(pattern);
}

/**
 * Whether a folder is left out of recursive walks (`**` and folder arguments): `node_modules` and
 * dot-folders (`.git`, `.vscode`, ...).
 */
export function isSkippedFolder(name: string): boolean {
  return name === 'node_modules' || name.startsWith('.');
}

/**
 * Expands a glob into the absolute paths of the existing files and folders it matches, sorted.
 * Segments are separated by `/` (also `\` on Windows); relative patterns start at `cwd`.
 * - `*` matches any run of characters within one segment, `?` exactly one character;
 * - a `**` segment matches zero or more folders, skipping {@link isSkippedFolder} ones;
 * - a wildcard does not match a leading `.` unless the segment itself starts with `.`, as in shells.
 * Symbolic links to folders are not followed inside `**` (no cycles). Unreadable folders are skipped.
 */
export async function expandGlob(pattern: string, cwd: string): Promise<string[]> {
  const normalized = process.platform === 'win32' ? pattern.replace(/\\/g, '/') : pattern;
  const root = path.parse(normalized).root;
  const base = root ? path.resolve(root) : cwd;
  const segments = normalized
    .slice(root.length)
    .split('/')
    .filter((segment) => segment !== '' && segment !== '.');
  const matches = new Set<string>();
  await expandFrom(base, segments, 0, matches);
  return [...matches].sort();
}

async function expandFrom(dir: string, segments: readonly string[], index: number, matches: Set<string>): Promise<void> {
  if (index === segments.length) {
    matches.add(dir);
    return;
  }
  const segment = segments[index];
  const last = index === segments.length - 1;
  if (segment === '**') {
    await expandFrom(dir, segments, index + 1, matches);
    for (const entry of await readFolder(dir)) {
      if (entry.isDirectory() && !isSkippedFolder(entry.name)) {
        await expandFrom(path.join(dir, entry.name), segments, index, matches);
      }
    }
    return;
  }
  if (!hasGlobMagic(segment)) {
    const child = path.join(dir, segment);
    const kind = await statKind(child);
    if (kind === 'file' && last) matches.add(child);
    else if (kind === 'folder') await expandFrom(child, segments, index + 1, matches);
    return;
  }
  const matcher = segmentMatcher(segment);
  for (const entry of await readFolder(dir)) {
    if (!matcher.test(entry.name)) continue;
    const child = path.join(dir, entry.name);
    const kind = entry.isSymbolicLink() ? await statKind(child) : entry.isDirectory() ? 'folder' : 'file';
    if (kind === 'folder') await expandFrom(child, segments, index + 1, matches);
    else if (kind === 'file' && last) matches.add(child);
  }
}

/** A regular expression for one glob segment. */
function segmentMatcher(segment: string): RegExp {
  let source = '';
  for (const char of segment) {
    if (char === '*') source += '[^/]*';
    else if (char === '?') source += '[^/]';
    else source += char.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  // Like shells: `*.json` does not match `.hidden.json`.
  const hidden = segment.startsWith('.') ? '' : '(?!\\.)';
  return new RegExp(`^${hidden}${source}$`, process.platform === 'win32' ? 'i' : '');
}

async function readFolder(dir: string): Promise<import('node:fs').Dirent[]> {
  try {
    return await fs.readdir(dir, { withFileTypes: true });
  } catch {
    return [];
  }
}

async function statKind(file: string): Promise<'file' | 'folder' | undefined> {
  try {
    const stats = await fs.stat(file);
    return stats.isDirectory() ? 'folder' : stats.isFile() ? 'file' : undefined;
  } catch {
    return undefined;
  }
}
