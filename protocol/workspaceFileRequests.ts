/**
 * Requests from the language server to the client for the workspace's files, where the server has
 * no file system of its own: the server in a web worker (vscode.dev, github.dev) reads through the
 * client, which answers with VS Code's `workspace.fs`, so virtual workspaces work too. The Node
 * server reads files itself and never sends them. Every URI is a workspace file or folder URI as
 * the server holds them (from `initialize`'s workspace folders or a document's URI).
 */
import { RequestType } from 'vscode-languageserver-protocol';

/** Parameters of the workspace file requests: the file or folder URI. */
export interface WorkspaceFileParams {
  readonly uri: string;
}

/** One entry of a folder: its name and whether it is a file or a folder (symbolic links are neither). */
export interface WorkspaceDirectoryEntry {
  readonly name: string;
  readonly type: 'file' | 'directory' | 'other';
}

/**
 * `pearl/workspace/readFile`: the text of the file (UTF-8); null when there is no such file.
 * Refused (a `ResponseError`) on another failure: a file that cannot be read.
 */
export const workspaceReadFileRequest = new RequestType<WorkspaceFileParams, string | null, void>('pearl/workspace/readFile');

/** `pearl/workspace/readDirectory`: the folder's entries. Refused when it cannot be listed. */
export const workspaceReadDirectoryRequest = new RequestType<WorkspaceFileParams, WorkspaceDirectoryEntry[], void>(
  'pearl/workspace/readDirectory',
);

/**
 * `pearl/workspace/stat`: the file's modification time (milliseconds since the epoch) and size
 * (bytes). Refused when there is no such file.
 */
export const workspaceStatRequest = new RequestType<WorkspaceFileParams, { mtime: number; size: number }, void>('pearl/workspace/stat');
