import * as vscode from 'vscode';
import { LanguageClient } from 'vscode-languageclient/browser';
import { registerWorkspaceFileRequests } from './workspaceFileRequests';
import type { ClientHost } from './clientHost';

/**
 * The web worker extension host (vscode.dev, github.dev): the language server is
 * `dist/browserServer.js` in a web worker, and it reads the workspace's files through this client
 * (workspaceFileRequests.ts), with `workspace.fs`.
 */
export const webHost: ClientHost = {
  kind: 'web',
  createLanguageClient(extCtx, clientOptions) {
    const serverMain = vscode.Uri.joinPath(extCtx.extensionUri, 'dist', 'browserServer.js');
    const worker = new Worker(serverMain.toString(true));
    // The id `pearl` makes the client read `pearl.trace.server` for its trace level.
    const client = new LanguageClient('pearl', 'Pearl Language Server', clientOptions, worker);
    registerWorkspaceFileRequests(client);
    return client;
  },
};
