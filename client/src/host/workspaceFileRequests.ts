import * as vscode from 'vscode';
import type { BaseLanguageClient } from 'vscode-languageclient';
import {
  type WorkspaceDirectoryEntry,
  workspaceReadDirectoryRequest,
  workspaceReadFileRequest,
  workspaceStatRequest,
} from '#protocol/workspaceFileRequests';

/**
 * Answers the web worker server's file requests (protocol/workspaceFileRequests.ts) with VS Code's
 * `workspace.fs`, which reads every workspace, virtual ones (github.dev's repositories) included.
 * A file that does not exist reads as null; any other failure refuses the request.
 */
export function registerWorkspaceFileRequests(client: BaseLanguageClient): void {
  const decoder = new TextDecoder();
  client.onRequest(workspaceReadFileRequest, async ({ uri }) => {
    try {
      return decoder.decode(await vscode.workspace.fs.readFile(vscode.Uri.parse(uri, true)));
    } catch (error) {
      if (error instanceof vscode.FileSystemError && (error.code === 'FileNotFound' || error.code === 'FileIsADirectory')) return null;
      throw error;
    }
  });
  client.onRequest(workspaceReadDirectoryRequest, async ({ uri }) => {
    const entries = await vscode.workspace.fs.readDirectory(vscode.Uri.parse(uri, true));
    return entries.map(([name, type]): WorkspaceDirectoryEntry => ({ name, type: entryType(type) }));
  });
  client.onRequest(workspaceStatRequest, async ({ uri }) => {
    const stat = await vscode.workspace.fs.stat(vscode.Uri.parse(uri, true));
    return { mtime: stat.mtime, size: stat.size };
  });
}

/** A symbolic link is `other`, whatever it points to: a scan never follows one (no cycles), as on Node. */
function entryType(type: vscode.FileType): WorkspaceDirectoryEntry['type'] {
  if (type & vscode.FileType.SymbolicLink) return 'other';
  if (type === vscode.FileType.File) return 'file';
  if (type === vscode.FileType.Directory) return 'directory';
  return 'other';
}
