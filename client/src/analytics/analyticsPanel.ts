import * as vscode from 'vscode';
import { getPearlAnalytics } from '../api/pearlAnalyticsApi';
import type { PearlContext } from '../pearlContext';
import type { PearlTarget } from '../pearlsView/pearlTarget';
import { plainText } from '../userText';
import { showError, showInformation } from '../notify';
import { type Dashboard, exportFileName, failureText, prepareDashboard, rangeText, toCsv } from './analyticsData';
import { createNonce } from '../webviewPage';
import { getAnalyticsHtml } from './analyticsHtml';
import {
  type AnalyticsHostMessage,
  isAnalyticsPageMessage,
  type AnalyticsPageMessage,
  type AnalyticsViewState,
  pngBytes,
} from './analyticsMessages';
import { pickRange } from './analyticsRange';
import { SingleFlight } from './singleFlight';

/** The webview panel type, as VS Code records it. */
export const analyticsViewType = 'pearl.analytics';

/** How long the analytics request may take, in milliseconds (a 90-day answer is computed by the service). */
export const analyticsTimeoutMs = 30_000;

/**
 * One analytics page: a webview panel for one Pearl. It holds at most one request in flight: a new
 * range (or Reload) aborts the one before. The page is sent prepared data only; the last message is
 * sent again when the page reloads (it is not kept while hidden). Exports go through a save dialog,
 * never straight to disk.
 */
export class AnalyticsPanel implements vscode.Disposable {
  private readonly panel: vscode.WebviewPanel;
  private readonly disposables: vscode.Disposable[] = [];
  /** The analytics request: one at a time. */
  private readonly request = new SingleFlight();
  private last: AnalyticsHostMessage | undefined;
  private dashboard: Dashboard | undefined;
  private range: { from: Date; to: Date };
  private disposed = false;

  /**
   * A page for `target` in a new panel, or in `restored`: the panel VS Code hands back after a
   * reload (docs/user/analytics.md).
   */
  constructor(
    private readonly ctx: PearlContext,
    private target: PearlTarget,
    range: { from: Date; to: Date },
    private readonly onDispose: () => void,
    restored?: vscode.WebviewPanel,
  ) {
    this.range = range;
    const dist = vscode.Uri.joinPath(ctx.extCtx.extensionUri, 'dist');
    const options = { enableScripts: true, localResourceRoots: [dist] };
    if (restored === undefined) {
      this.panel = vscode.window.createWebviewPanel(analyticsViewType, `Analytics: ${titleOf(target)}`, vscode.ViewColumn.Active, options);
    } else {
      this.panel = restored;
      this.panel.webview.options = options;
      this.panel.title = `Analytics: ${titleOf(target)}`;
    }
    const webview = this.panel.webview;
    webview.html = getAnalyticsHtml({
      cspSource: webview.cspSource,
      nonce: createNonce(),
      scriptUri: webview.asWebviewUri(vscode.Uri.joinPath(dist, 'analytics.js')).toString(),
      styleUri: webview.asWebviewUri(vscode.Uri.joinPath(dist, 'analytics.css')).toString(),
    });
    this.disposables.push(
      webview.onDidReceiveMessage((message: unknown) => {
        if (isAnalyticsPageMessage(message)) void this.onMessage(message);
      }),
      this.panel.onDidDispose(() => this.dispose()),
    );
  }

  /** The Pearl shown. */
  get pearlId(): string {
    return this.target.pearl.id;
  }

  /** Shows the panel and reads the analytics of `range` (with the newest token and Pearl details). */
  show(target: PearlTarget, range: { from: Date; to: Date }): Promise<void> {
    this.target = target;
    this.range = range;
    this.panel.reveal();
    return this.load();
  }

  /** Reads the analytics of the current range, aborting a request still in flight. Resolves when it has been answered. */
  async load(): Promise<void> {
    const { from, to } = this.range;
    const title = this.target.label;
    this.remember();
    this.post({ type: 'loading', title, rangeText: rangeText(from, to) });
    const { baseUrl, token, pearl } = this.target;
    const outcome = await this.request.run((signal) =>
      getPearlAnalytics({ baseUrl, token, pearlId: pearl.id, from, to, timeoutMs: analyticsTimeoutMs, signal }),
    );
    if (outcome === undefined || this.disposed) return;
    const result = outcome.value;
    if (!result.ok) {
      if (result.kind === 'cancelled') return;
      this.ctx.outputChannel.appendLine(
        `[analytics] ${this.pearlId}: ${result.kind}${result.status === undefined ? '' : ` (HTTP ${result.status})`}.`,
      );
      this.dashboard = undefined;
      this.post({ type: 'error', title, rangeText: rangeText(from, to), message: failureText(result) });
      return;
    }
    this.dashboard = prepareDashboard(result.analytics, {
      title,
      pearlId: this.target.pearl.id,
      pearlType: this.target.pearl.type,
      from,
      to,
      deployments: this.ctx.deployments.all(),
    });
    this.post({ type: 'dashboard', dashboard: this.dashboard });
  }

  private post(message: AnalyticsHostMessage): void {
    this.last = message;
    if (!this.disposed) void this.panel.webview.postMessage(message);
  }

  /** Tells the page what to save for a reload: the Pearl and the range. */
  private remember(): void {
    const { id, name, type } = this.target.pearl;
    const state: AnalyticsViewState = {
      pearl: { id, ...(name === undefined ? {} : { name }), ...(type === undefined ? {} : { type }) },
      from: this.range.from.toISOString(),
      to: this.range.to.toISOString(),
    };
    if (!this.disposed) void this.panel.webview.postMessage({ type: 'remember', state } satisfies AnalyticsHostMessage);
  }

  private async onMessage(message: AnalyticsPageMessage): Promise<void> {
    switch (message.type) {
      case 'ready':
        this.remember();
        if (this.last !== undefined) void this.panel.webview.postMessage(this.last);
        return;
      case 'reload':
        return this.load();
      case 'changeRange': {
        const range = await pickRange();
        if (range === undefined || this.disposed) return;
        this.range = range;
        return this.load();
      }
      case 'exportCsv':
      case 'exportPng':
        return this.export(message).catch((error: unknown) => {
          void showError(`The chart could not be saved: ${error instanceof Error ? error.message : String(error)}`);
        });
    }
  }

  /** Saves a chart's CSV (its table, made here) or PNG (from the page) where the user says in a save dialog. */
  private async export(message: Extract<AnalyticsPageMessage, { type: 'exportCsv' | 'exportPng' }>): Promise<void> {
    const chart = this.dashboard?.charts.find((candidate) => candidate.id === message.chartId);
    if (chart === undefined) return;
    const csv = message.type === 'exportCsv';
    const bytes = csv ? new TextEncoder().encode(toCsv(chart.table)) : pngBytes(message.dataUrl);
    if (bytes === undefined) return;
    const name = exportFileName(this.pearlId, chart.id, this.range.from, this.range.to, csv ? 'csv' : 'png');
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
    const target = await vscode.window.showSaveDialog({
      ...(folder ? { defaultUri: vscode.Uri.joinPath(folder, name) } : {}),
      filters: csv ? { 'CSV (comma-separated values)': ['csv'] } : { 'PNG image': ['png'] },
      saveLabel: 'Save',
      title: `Save "${chart.title}" as ${csv ? 'CSV' : 'PNG'}`,
    });
    if (target === undefined) return;
    await vscode.workspace.fs.writeFile(target, bytes);
    void showInformation(`Saved "${chart.title}" to ${vscode.workspace.asRelativePath(target)}.`);
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.request.cancel();
    this.panel.dispose();
    while (this.disposables.length > 0) this.disposables.pop()?.dispose();
    this.onDispose();
  }
}

/** The Pearl's name (else its id) for the tab title, plain text and short. */
function titleOf(target: PearlTarget): string {
  const name = target.pearl.name?.trim() || target.pearl.id;
  return plainText(name, 40);
}
