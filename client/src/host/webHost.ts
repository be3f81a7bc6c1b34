import * as vscode from 'vscode';
import { LanguageClient, type LanguageClientOptions } from 'vscode-languageclient/browser';
import type { ClientHost } from './clientHost';
import { registerWorkspaceFileRequests } from './workspaceFileRequests';

/**
 * The web worker extension host (vscode.dev, github.dev): the language server is
 * `dist/browserServer.js` in a web worker, and it reads the workspace's files through this client
 * (workspaceFileRequests.ts), with `workspace.fs`.
 */
export const webHost: ClientHost = {
  kind: 'web',
  async createLanguageClient(extCtx, clientOptions) {
    const serverMain = vscode.Uri.joinPath(extCtx.extensionUri, 'dist', 'browserServer.js');
    // The id `pearl` makes the client read `pearl.trace.server` for its trace level.
    const client = new WorkerLanguageClient('pearl', 'Pearl Language Server', clientOptions, await startWorker(serverMain));
    registerWorkspaceFileRequests(client);
    return client;
  },
};

/**
 * The browser language client, which also ends its server's worker when disposed (the library's
 * client leaves it running: each restart would leave one more worker behind).
 */
class WorkerLanguageClient extends LanguageClient {
  constructor(
    id: string,
    name: string,
    clientOptions: LanguageClientOptions,
    private readonly serverWorker: Worker,
  ) {
    super(id, name, clientOptions, serverWorker);
  }

  override async dispose(timeout?: number): Promise<void> {
    try {
      await super.dispose(timeout);
    } finally {
      this.serverWorker.terminate();
    }
  }
}

/**
 * The server's worker. From the Marketplace (vscode.dev: an `https:` extension URI), VS Code starts
 * it from its URL. An extension installed on a remote (code-server, a remote window in the browser)
 * has a `vscode-remote:` URI, from which VS Code refuses to start a worker ("Creating workers from
 * remote extensions is currently not supported"): the bundle is read through `workspace.fs` and the
 * worker started from a `blob:` URL of it, on the page's own origin.
 */
async function startWorker(serverMain: vscode.Uri): Promise<Worker> {
  if (serverMain.scheme !== 'vscode-remote') return new Worker(serverMain.toString(true));
  const bytes = await vscode.workspace.fs.readFile(serverMain);
  return new Worker(URL.createObjectURL(new Blob([new Uint8Array(bytes)], { type: 'text/javascript' })));
}
