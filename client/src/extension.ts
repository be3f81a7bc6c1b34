import type * as vscode from 'vscode';
import { registerDeploy } from './deploy/deploy';
import { registerGraphPreview } from './graphPreview/graphPreview';
import { newPearl } from './newPearl/newPearlCommand';
import { registerOngoingCalls } from './ongoingCalls/ongoingCalls';
import { type CmdFactory, PearlContext } from './pearlContext';
import { registerPearlsView } from './pearlsView/registerPearlsView';

let ctx: PearlContext | undefined;

/**
 * What the extension exports to other extensions (and the end-to-end suite): state only, nothing
 * that reaches the token or the language client, since any installed extension can read exports.
 */
export interface PearlExtensionApi {
  /** How VS Code runs the extension (Production when installed from the .vsix). */
  readonly extensionMode: vscode.ExtensionMode;
  /** Whether the language server is running. */
  isServerRunning(): boolean;
}

/** `pearl.restartServer` ("Pearl: Restart Language Server"). */
const restartServer: CmdFactory = (context) => async () => {
  await context.restart();
  if (context.client?.isRunning() === true) {
    context.outputChannel.appendLine('The Pearl language server restarted.');
  }
};

/**
 * Entry point (activation event `onLanguage:pearl`, and the commands):
 * builds the {@link PearlContext}, registers the commands and starts the language server.
 * Returns a narrow {@link PearlExtensionApi}: never the context, which holds the token store.
 */
export async function activate(extCtx: vscode.ExtensionContext): Promise<PearlExtensionApi> {
  ctx = new PearlContext(extCtx);
  extCtx.subscriptions.push(ctx);
  ctx.registerCommand('restartServer', restartServer);
  ctx.registerCommand('newPearl', newPearl);
  registerGraphPreview(ctx);
  registerDeploy(ctx);
  registerOngoingCalls(ctx);
  registerPearlsView(ctx);
  await ctx.start();
  const context = ctx;
  return {
    extensionMode: extCtx.extensionMode,
    isServerRunning: () => context.client?.isRunning() === true,
  };
}

/** Stops the language server; VS Code then disposes the context through the subscriptions. */
export async function deactivate(): Promise<void> {
  const current = ctx;
  ctx = undefined;
  await current?.stop();
}
