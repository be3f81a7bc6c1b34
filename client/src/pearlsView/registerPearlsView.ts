import * as vscode from 'vscode';
import { activePearlDocument } from '../activePearlDocument';
import { registerCalls } from '../calls/registerCalls';
import type { CmdFactory, PearlContext } from '../pearlContext';
import { checkWorkspaceTrust } from '../trust/workspaceTrust';
import { showAnalyticsCommand } from '../analytics/analyticsCommand';
import { compareWithFileCommand, importCommand, openLiveSettingsCommand } from './liveSettingsCommands';
import type { PearlCommandOutcome } from './pearlTarget';
import { PearlsView, pearlsViewId } from './pearlsView';
import type { PearlsRow } from './pearlsTreeModel';
import { setActiveCommand } from './runPauseCommands';
import { showInformation } from '../notify';

/**
 * The Pearls view and its commands (`pearl.pearls.*` and `pearl.revealInPearlsView`), disposed with
 * `ctx`. Every command that sends the token first checks workspace trust, the base URL and the
 * token, and says what is missing.
 */
export function registerPearlsView(ctx: PearlContext): void {
  const view = new PearlsView(ctx);
  ctx.pushCleanup(view);
  ctx.registerCommand('pearls.refresh', () => () => {
    if (!checkWorkspaceTrust('pearlsView')) return;
    view.refresher.refresh();
    view.children?.reload();
  });
  ctx.registerCommand('pearls.run', setActiveCommand(view, true));
  ctx.registerCommand('pearls.pause', setActiveCommand(view, false));
  ctx.registerCommand('pearls.openLiveSettings', openLiveSettingsCommand(view));
  ctx.registerCommand('pearls.compareWithFile', compareWithFileCommand(view));
  ctx.registerCommand('pearls.import', importCommand(view));
  ctx.registerCommand('pearls.openDeployedFile', openDeployedFile(view));
  ctx.registerCommand('revealInPearlsView', revealInPearlsView(view));
  ctx.registerCommand('pearls.showAnalytics', showAnalyticsCommand(view));
  registerCalls(ctx, view);
}

/** `pearl.pearls.openDeployedFile`: opens the workspace file deployed as the Pearl of a row. */
function openDeployedFile(view: PearlsView): CmdFactory {
  return () =>
    async (arg?: unknown): Promise<PearlCommandOutcome> => {
      const pearlId = typeof arg === 'object' && arg !== null && 'pearl' in arg ? (arg as PearlsRow).pearl?.id : undefined;
      const uri = pearlId === undefined ? undefined : view.linkUris().get(pearlId);
      if (uri === undefined) {
        void showInformation('No file of this workspace was deployed as this Pearl from this machine.');
        return { status: 'refused', reason: 'no linked file' };
      }
      await vscode.window.showTextDocument(uri, { preview: false });
      return { status: 'done', uri: uri.toString() };
    };
}

/**
 * `pearl.revealInPearlsView` (a `*.pearl.json` file's editor): shows the Pearls view with the Pearl
 * the file was last deployed as selected; says so when the file has no deployment, or when the
 * Pearl is not (or not yet) in the list.
 */
function revealInPearlsView(view: PearlsView): CmdFactory {
  return (ctx) =>
    async (arg?: unknown): Promise<PearlCommandOutcome> => {
      const uri = arg instanceof vscode.Uri ? arg : activePearlDocument()?.uri;
      const record = uri === undefined ? undefined : ctx.deployments.latestFor(uri);
      if (uri === undefined || record === undefined) {
        void showInformation('This file has not been deployed from this machine, so it is linked to no Pearl.');
        return { status: 'refused', reason: 'no deployment' };
      }
      await vscode.commands.executeCommand(`${pearlsViewId}.focus`);
      const row = view.findRow(record.pearlId);
      if (row === undefined) {
        void showInformation(
          `The Pearl ${record.pearlId} this file was deployed as is not in the list${view.currentRows.length <= 1 ? ' yet' : ''}: it may have been deleted, or belong to another account or service.`,
        );
        return { status: 'refused', reason: 'not listed' };
      }
      await view.treeView.reveal(row, { select: true, focus: true, expand: true });
      return { status: 'done' };
    };
}
