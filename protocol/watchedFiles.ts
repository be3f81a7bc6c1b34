// The files whose changes on disk the language server must hear of, and how it hears of them:
// the VS Code client watches them itself; another editor is asked to, when it can be.

/**
 * The glob patterns of the files whose changes the server acts on (LSP `GlobPattern`, relative to
 * each workspace folder): a `.pearlrc.json` (the rules of the Pearls under it change) and the Pearl
 * and walks files (a walks file names a Pearl: docs/user/walks.md re-checks them on disk).
 */
export const watchedFileGlobs: readonly string[] = ['**/.pearlrc.json', '**/*.{pearl,walks}.json'];

/** The `initializationOptions` the VS Code client sends with `initialize`. */
export interface PearlInitializationOptions {
  /**
   * True when the client sends `workspace/didChangeWatchedFiles` for {@link watchedFileGlobs} of
   * its own accord (vscode-languageclient's `synchronize.fileEvents`): the server then registers no
   * watcher, or each change would come twice.
   */
  readonly watchesFiles?: boolean;
}

/** Whether `options` (anything a client sent) says the client watches {@link watchedFileGlobs} itself. */
export function clientWatchesFiles(options: unknown): boolean {
  return typeof options === 'object' && options !== null && (options as PearlInitializationOptions).watchesFiles === true;
}
