import * as vscode from 'vscode';
import { registerDeploy } from './deploy/deploy';
import { offerWalkthroughOnce } from './firstRunWalkthrough';
import { registerGraphPreview } from './graphPreview/graphPreview';
import type { ClientHost } from './host/clientHost';
import { registerWebUnavailable } from './host/webUnavailable';
import { newPearl } from './newPearl/newPearlCommand';
import { registerOngoingCalls } from './ongoingCalls/ongoingCalls';
import { type CmdFactory, PearlContext } from './pearlContext';
import { registerPearlsView } from './pearlsView/registerPearlsView';
import { showRuleDocumentation } from './ruleDocumentation';

let ctx: PearlContext | undefined;

/**
 * What the extension exports to other extensions (and the end-to-end suite): state only, nothing
 * that reaches the token or the language client, since any installed extension can read exports.
 */
export interface PearlExtensionApi {
  /** How VS Code runs the extension (Production when installed from the .vsix). */
  readonly extensionMode: vscode.ExtensionMode;
  /** The extension host it runs in: `node`, or `web` (a web worker, as on vscode.dev). */
  readonly hostKind: ClientHost['kind'];
  /** Whether the language server is running. */
  isServerRunning(): boolean;
}

/** `pearl.restartServer` ("Pearl: Restart Language Server"). */
const restartServer: CmdFactory = (context) => async () => {
  await context.restart();
  if (context.serverRunning) {
    context.outputChannel.appendLine('The Pearl language server restarted.');
  }
};

/**
 * Activation on either host (activation event `onLanguage:pearl`, and the commands), called by the
 * entries nodeExtension.ts and browserExtension.ts: builds the {@link PearlContext}, registers the
 * commands and starts the language server. On the web, the features that call the Pearl Agent
 * Service are replaced by commands that say why they are off (host/webUnavailable.ts).
 * Returns a narrow {@link PearlExtensionApi}: never the context, which holds the token store.
 */
export async function activate(extCtx: vscode.ExtensionContext, host: ClientHost): Promise<PearlExtensionApi> {
  ctx = new PearlContext(extCtx, host);
  extCtx.subscriptions.push(ctx);
  ctx.registerCommand('restartServer', restartServer);
  ctx.registerCommand('newPearl', newPearl);
  ctx.registerCommand('showRuleDocumentation', showRuleDocumentation);
  registerGraphPreview(ctx);
  if (host.kind === 'web') {
    registerWebUnavailable(ctx);
  } else {
    registerDeploy(ctx);
    registerOngoingCalls(ctx);
    registerPearlsView(ctx);
  }
  // On the web, extensions come from the Marketplace, whose install opens the walkthrough already.
  if (host.kind !== 'web')
    void offerWalkthroughOnce({
      extensionId: extCtx.extension.id,
      openOnInstall: vscode.workspace.getConfiguration('workbench.welcomePage').get('walkthroughs.openOnInstall', true),
      globalState: extCtx.globalState,
      executeCommand: (command, ...args) => vscode.commands.executeCommand(command, ...args),
    });
  await ctx.start();
  const context = ctx;
  return {
    extensionMode: extCtx.extensionMode,
    hostKind: host.kind,
    isServerRunning: () => context.serverRunning,
  };
}

/** Stops the language server; VS Code then disposes the context through the subscriptions. */
export async function deactivate(): Promise<void> {
  const current = ctx;
  ctx = undefined;
  await current?.stop();
}
