/**
 * Where Import Live Settings may write (issue 30): a new, real file inside the workspace folder.
 * A target that exists, that is a symbolic link (dangling or not: writing would follow it, perhaps
 * out of the workspace), or that lies under a folder that is a symbolic link, is refused with a
 * sentence saying why. It imports nothing from `vscode`: the command passes `workspace.fs` in, the
 * tests Node's file system.
 */

/** One entry of a folder: its name and whether it is a symbolic link (whatever it points to, if anything). */
export interface FolderEntry {
  readonly name: string;
  readonly symbolicLink: boolean;
}

/** Lists a folder given by its path (`/`-separated, as a URI path); rejects when it cannot be read. */
export type ReadFolder = (path: string) => Promise<readonly FolderEntry[]>;

/**
 * Why `targetPath` cannot be written as a new file of the workspace folder `folderPath`, or
 * undefined when it can: the folders from the workspace folder down are read one by one, and the
 * first of these refuses it: a `.` or `..` segment or a path not under the folder; a folder on the
 * way that is a symbolic link; the file itself a symbolic link; the file already there. Names are
 * compared without regard to letter case (a case-insensitive disk would take either). A folder that
 * does not exist yet ends the check: nothing below it exists. Paths are URI paths (`/a/b`); the
 * messages name the target by `relative`, its workspace-relative path.
 */
export async function refuseImportTarget(
  folderPath: string,
  targetPath: string,
  relative: string,
  readFolder: ReadFolder,
): Promise<string | undefined> {
  const base = folderPath.replace(/\/+$/, '');
  if (!targetPath.startsWith(`${base}/`)) return 'Import writes only inside a workspace folder.';
  const segments = targetPath.slice(base.length + 1).split('/');
  if (segments.some((segment) => segment === '' || segment === '.' || segment === '..')) {
    return `${relative} is not a plain path inside the workspace folder: Import writes only inside it.`;
  }
  let folder = base;
  for (let i = 0; i < segments.length; i++) {
    let entries: readonly FolderEntry[];
    try {
      entries = await readFolder(folder);
    } catch {
      return undefined; // the folder does not exist yet: nothing below it does
    }
    const name = segments[i].toLowerCase();
    const found = entries.filter((entry) => entry.name.toLowerCase() === name);
    if (found.length === 0) return undefined;
    const last = i === segments.length - 1;
    if (found.some((entry) => entry.symbolicLink)) {
      if (last) {
        return `${relative} is a symbolic link: writing to it would write wherever it points, perhaps outside the workspace. Import writes a new, real file only: choose another name.`;
      }
      const linked = segments.slice(0, i + 1).join('/');
      return `The folder ${linked} is a symbolic link: writing under it would write wherever it points, perhaps outside the workspace. Import writes only inside the workspace folder itself: choose another folder.`;
    }
    if (last) return `${relative} already exists: Import writes a new file only.`;
    folder = `${folder}/${segments[i]}`;
  }
  return undefined;
}

/**
 * The path a save dialog answered, with a doubled `.pearl.json` suffix made single. A dialog that
 * takes the file's extension to be `.json` appends the filter's `.pearl.json` to a suggested name
 * that already ends with it (`support.pearl.json.pearl.json`, seen in VS Code's own dialog).
 */
export function singlePearlSuffix(path: string): string {
  return path.replace(/(\.pearl\.json)+$/i, '.pearl.json');
}
