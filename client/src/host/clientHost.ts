import type * as vscode from 'vscode';
import type { BaseLanguageClient, LanguageClientOptions } from 'vscode-languageclient';

/**
 * What differs between the extension's two hosts: VS Code's Node extension host (the desktop, a
 * remote, code-server), where the language server is a Node process (nodeHost.ts), and the web
 * worker extension host of VS Code for the Web (vscode.dev, github.dev), where it is a web worker
 * and the features that call the Pearl Agent Service are off (webHost.ts). The entries
 * (nodeExtension.ts, browserExtension.ts) pass one to `activate`.
 */
export interface ClientHost {
  /** `node` for the Node extension host, `web` for the web worker one. */
  readonly kind: 'node' | 'web';
  /**
   * The language client for this host's server, not started; undefined when the server cannot run
   * (its bundle is missing), after saying why in `outputChannel` and a notification. Rejects when
   * the server's bundle cannot be read (the web host reads it to start its worker).
   */
  createLanguageClient(
    extCtx: vscode.ExtensionContext,
    clientOptions: LanguageClientOptions,
    outputChannel: vscode.OutputChannel,
  ): Promise<BaseLanguageClient | undefined>;
}
