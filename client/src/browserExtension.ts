// The extension's entry in VS Code for the Web's web worker extension host (vscode.dev, github.dev;
// package.json `browser`: dist/browserClient.js). Activation is the same as on Node (extension.ts);
// this entry passes the web host: the language server runs in a web worker (host/webHost.ts). The
// bundle holds no Node built-in (test/unit/browserBundles.test.ts).
import type * as vscode from 'vscode';
import { activate as activatePearl, deactivate, type PearlExtensionApi } from './extension';
import { webHost } from './host/webHost';

/** VS Code's entry point: {@link activatePearl} on the web host. */
export function activate(extCtx: vscode.ExtensionContext): Promise<PearlExtensionApi> {
  return activatePearl(extCtx, webHost);
}

export { deactivate };
