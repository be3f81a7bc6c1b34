import * as vscode from 'vscode';
import type { PearlContext } from '../pearlContext';
import { type ServiceFeature, webUnavailableReason } from './webReasons';
import { showWarning } from '../notify';

/** The commands of each feature that calls the service, as package.json declares them (without `pearl.`). */
const commandsByFeature: Record<ServiceFeature, readonly string[]> = {
  deploy: ['deploy', 'setApiToken', 'signOut'],
  ongoingCalls: ['watchOngoingCalls', 'ongoingCallsMenu'],
  pearlsView: [
    'pearls.refresh',
    'pearls.run',
    'pearls.pause',
    'pearls.openLiveSettings',
    'pearls.compareWithFile',
    'pearls.import',
    'pearls.openDeployedFile',
    'revealInPearlsView',
    'pearls.showAnalytics',
    // The calls of the Pearls view (client/src/calls/).
    'calls.open',
    'calls.loadMore',
    'calls.filter',
    'calls.clearFilters',
    'calls.walkWithValues',
    'calls.placeTestCall',
    'calls.forgetCustomer',
  ],
};

/** The context key, true on the web host, that hides the Deploy button and the Pearls view's actions. */
export const webHostContextKey = 'pearl.webHost';

/**
 * On the web host, in place of deploy, the ongoing-calls status bar and the Pearls view
 * (host/webReasons.ts says why they are off): each of their commands shows the reason in a
 * warning and does nothing else, and the Pearls view shows it as its message. Nothing is sent.
 */
export function registerWebUnavailable(ctx: PearlContext): void {
  for (const [feature, commands] of Object.entries(commandsByFeature) as [ServiceFeature, readonly string[]][]) {
    for (const command of commands) {
      ctx.registerCommand(command, () => () => {
        void showWarning(webUnavailableReason(feature));
        return { status: 'refused', reason: 'web host' };
      });
    }
  }
  const emptyTree: vscode.TreeDataProvider<never> = { getTreeItem: (element) => element, getChildren: () => [] };
  const view = vscode.window.createTreeView('pearl.pearlsView', { treeDataProvider: emptyTree });
  view.message = webUnavailableReason('pearlsView');
  ctx.pushCleanup(view);
  void vscode.commands.executeCommand('setContext', webHostContextKey, true);
}
