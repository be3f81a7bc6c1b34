/**
 * The walks files of the language server hosts (docs/user/walks.md § In the editor), in one place:
 * the workspace of walks files open or not ({@link WalksWorkspace}: validation against their
 * Pearl, re-checks, coverage, the files a rename follows, the text "Save as walk" edits), the one
 * interface they are read through ({@link WalksFileAccess}), its bounds ({@link walksFileLimits})
 * and its implementation over a host's `WorkspaceFileSystem` ({@link walksFileAccessFrom}:
 * the web worker's, through the client). The implementation on node's file system is
 * `nodeWalksFileAccess.ts` beside this file, imported by the Node hosts only: the web worker's
 * bundle may hold no Node built-in. The rules of walks files are the language service's
 * (server/src/service/walks/); this module only finds, reads and watches the files.
 */
export { type WalksFileAccess, type WalksHost, WalksWorkspace, walksRecheckDelayMs } from './walksWorkspace';
export { walksFileLimits } from './walksFileLimits';
export { walksFileAccessFrom } from './fileSystemWalksFileAccess';
