// The extension's entry in VS Code's Node extension host (package.json `main`: dist/client.js).
// Activation is the same on both hosts (extension.ts); this entry passes the Node host, whose
// language server is a Node process (host/nodeHost.ts).
import { webcrypto } from 'node:crypto';
import type * as vscode from 'vscode';
import { activate as activatePearl, deactivate, type PearlExtensionApi } from './extension';
import { nodeHost } from './host/nodeHost';

// The client hashes and makes nonces with the Web Crypto API on both hosts; Node 18 (VS Code's
// extension host before 1.90) has it only as `crypto.webcrypto`, not as a global.
if ((globalThis as { crypto?: unknown }).crypto === undefined) Object.defineProperty(globalThis, 'crypto', { value: webcrypto });

/** VS Code's entry point: {@link activatePearl} on the Node host. */
export function activate(extCtx: vscode.ExtensionContext): Promise<PearlExtensionApi> {
  return activatePearl(extCtx, nodeHost);
}

export { deactivate };
