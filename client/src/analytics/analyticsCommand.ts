import * as vscode from 'vscode';
import { activePearlDocument } from '../activePearlDocument';
import type { CmdFactory, PearlContext } from '../pearlContext';
import { checkBaseUrl, isPlausiblePearlId } from '../api/pearlApiClient';
import { labelOf, type PearlCommandOutcome, resolveTarget } from '../pearlsView/pearlTarget';
import type { PearlsView } from '../pearlsView/pearlsView';
import { checkWorkspaceTrust } from '../trust/workspaceTrust';
import { showInformation } from '../notify';
import { lastDays } from './analyticsData';
import { isAnalyticsViewState } from './analyticsMessages';
import { AnalyticsPanel, analyticsViewType } from './analyticsPanel';
import { defaultRangeDays } from './analyticsRange';

/** The context key: the active editor's Pearl file has a recorded deployment (the editor title's "Show Analytics…"). */
export const fileDeployedContextKey = 'pearl.analytics.fileDeployed';

/**
 * `pearl.pearls.showAnalytics` ("Show Analytics…"): opens the analytics page of a Pearl for the last
 * 30 days (the page's "Change range…" picks others). The Pearl is the row's (Pearls view), the one
 * a Pearl file was last deployed as (editor title, or the palette with a deployed file active), an
 * id given by another command, or one picked from the view's list. Like every command that sends
 * the token, it first checks workspace trust (Restricted Mode turns it off), the base URL and the
 * token. One panel per Pearl: running it again shows that panel and reads again.
 */
export function showAnalyticsCommand(view: PearlsView): CmdFactory {
  const panels = new Map<string, AnalyticsPanel>();
  return (ctx) => {
    ctx.pushCleanup({ dispose: () => [...panels.values()].forEach((panel) => panel.dispose()) });
    // After a reload, VS Code hands back the analytics pages that were open (their page saved the
    // Pearl and the range). Nothing is asked: without trust, a usable base URL or a stored token
    // the tab closes quietly.
    ctx.pushCleanup(
      vscode.window.registerWebviewPanelSerializer(analyticsViewType, {
        deserializeWebviewPanel: async (restored, state: unknown) => {
          const baseUrl = ctx.config.apiBaseUrl;
          const token = vscode.workspace.isTrusted && checkBaseUrl(baseUrl).ok ? await ctx.tokens.get() : undefined;
          if (!isAnalyticsViewState(state) || !isPlausiblePearlId(state.pearl.id) || panels.has(state.pearl.id) || token === undefined) {
            restored.dispose();
            return;
          }
          const pearl = state.pearl;
          const range = { from: new Date(state.from), to: new Date(state.to) };
          const target = { baseUrl, token, pearl, label: labelOf(pearl) };
          const panel = new AnalyticsPanel(ctx, target, range, () => panels.delete(pearl.id), restored);
          panels.set(pearl.id, panel);
          await panel.show(target, range);
        },
      }),
    );
    registerFileDeployedContext(ctx);
    return async (arg?: unknown): Promise<PearlCommandOutcome> => {
      if (!checkWorkspaceTrust('pearlsView')) return { status: 'refused', reason: 'workspace not trusted' };
      const fromFile = pearlIdOfFile(ctx, arg);
      if (fromFile === null) {
        void showInformation('This file has not been deployed from this machine, so it is linked to no Pearl.');
        return { status: 'refused', reason: 'no deployment' };
      }
      const target = await resolveTarget(ctx, view, fromFile ?? arg, { title: 'Show the analytics of which Pearl?' });
      if ('status' in target) return target;
      const range = lastDays(defaultRangeDays, new Date());
      let panel = panels.get(target.pearl.id);
      if (panel === undefined) {
        const created = new AnalyticsPanel(ctx, target, range, () => panels.delete(target.pearl.id));
        panels.set(target.pearl.id, created);
        panel = created;
      }
      await panel.show(target, range);
      return { status: 'done' };
    };
  };
}

/**
 * The Pearl id of a file argument (a URI from the editor title) or, when no argument is given, of
 * the active Pearl file: its latest recorded deployment's. Undefined when the argument is something
 * else (a row, an id) or no Pearl file is active; null when the file has no recorded deployment.
 */
function pearlIdOfFile(ctx: PearlContext, arg: unknown): string | undefined | null {
  if (arg instanceof vscode.Uri) return ctx.deployments.latestFor(arg)?.pearlId ?? null;
  if (arg !== undefined) return undefined;
  const document = activePearlDocument();
  if (document === undefined || document.languageId !== 'pearl') return undefined;
  return ctx.deployments.latestFor(document.uri)?.pearlId;
}

/** Keeps {@link fileDeployedContextKey} true while the active editor shows a file with a recorded deployment. */
function registerFileDeployedContext(ctx: PearlContext): void {
  let current: boolean | undefined;
  const update = (): void => {
    const uri = vscode.window.activeTextEditor?.document.uri;
    const deployed = uri !== undefined && ctx.deployments.latestFor(uri) !== undefined;
    if (deployed === current) return;
    current = deployed;
    void vscode.commands.executeCommand('setContext', fileDeployedContextKey, deployed);
  };
  ctx.pushCleanup(vscode.window.onDidChangeActiveTextEditor(update));
  ctx.pushCleanup(ctx.deployments.onDidAdd(update));
  update();
}
