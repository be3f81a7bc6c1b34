import type * as vscode from 'vscode';
import { registerDeploy } from './deploy/deploy';
import { registerGraphPreview } from './graphPreview/graphPreview';
import { registerOngoingCalls } from './ongoingCalls/ongoingCalls';
import { type CmdFactory, PearlContext } from './pearlContext';

let ctx: PearlContext | undefined;

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
 * Returns the context as the extension's API, for tests and for features added later.
 */
export async function activate(extCtx: vscode.ExtensionContext): Promise<PearlContext> {
  ctx = new PearlContext(extCtx);
  extCtx.subscriptions.push(ctx);
  ctx.registerCommand('restartServer', restartServer);
  registerGraphPreview(ctx);
  registerDeploy(ctx);
  registerOngoingCalls(ctx);
  await ctx.start();
  return ctx;
}

/** Stops the language server; VS Code then disposes the context through the subscriptions. */
export async function deactivate(): Promise<void> {
  const current = ctx;
  ctx = undefined;
  await current?.stop();
}
