import * as vscode from 'vscode';
import { getAccount, listPearls } from '../api/pearlAccountApi';
import type { PearlContext } from '../pearlContext';
import { isFeatureEnabled, manageWorkspaceTrustCommand, restrictedModeReason } from '../trust/restrictedMode';
import { LiveDocuments, liveScheme } from './liveDocuments';
import { PearlsRefresher } from './pearlsRefresher';
import { readSnapshot } from './pearlsSnapshot';
import { buildRows, messageRow, type PearlsRow, sameRows } from './pearlsTreeModel';
import { plainLabel } from '../userText';

/** A row under a Pearl row (the calls, client/src/calls/callsTreeModel.ts). */
export interface PearlChildRow {
  readonly kind: 'call' | 'callsMore' | 'callsMessage';
  readonly id: string;
  readonly pearlId: string;
}

/** What gives the rows under a Pearl row (client/src/calls/callsInView.ts); attached after construction. */
export interface PearlRowChildren {
  /** The rows under the Pearl `pearlId` (reading them when first asked). */
  rowsOf(pearlId: string): PearlChildRow[];
  treeItemOf(row: PearlChildRow): vscode.TreeItem;
  /** Adds to a Pearl row's item what the children know (collapsible state, the Pearl's figures). */
  decorate(row: PearlsRow, item: vscode.TreeItem): void;
  /** Reads the rows under the expanded Pearls again (the view's Refresh). */
  reload(): void;
}

/** The id of the Pearls view (package.json `contributes.views`). */
export const pearlsViewId = 'pearl.pearlsView';

/**
 * The Pearls view (its own view container, like AWS Explorer): the account at the top, then the
 * account's Pearls with direction, status and, for running ones, the live counts
 * (docs/public-reference.md). A {@link PearlsRefresher} reads them on the status bar's rules,
 * only while the window is focused and the view visible. Rows come from `pearlsTreeModel.ts` as
 * plain strings and go into tree items as plain strings. In Restricted Mode nothing is read and the
 * view says why.
 */
export class PearlsView implements vscode.TreeDataProvider<PearlsRow | PearlChildRow>, vscode.Disposable {
  private readonly changeEmitter = new vscode.EventEmitter<PearlsRow | undefined>();
  /** Fires when the rows change. */
  readonly onDidChangeTreeData = this.changeEmitter.event;
  /** The tree view. */
  readonly treeView: vscode.TreeView<PearlsRow | PearlChildRow>;
  /** The rows under Pearl rows, when attached. */
  children: PearlRowChildren | undefined;
  /** Reads the account. */
  readonly refresher: PearlsRefresher;
  /** The read-only live documents and compare sides. */
  readonly liveDocuments = new LiveDocuments();
  private rows: PearlsRow[] = [];
  private readonly subscriptions: vscode.Disposable[] = [];

  /** @param ctx the extension's context: settings, token, deployments, output channel. */
  constructor(private readonly ctx: PearlContext) {
    this.refresher = new PearlsRefresher({
      // Counts through the shared store: a reading younger than a few seconds is not asked again.
      readSnapshot: (token, signal, timeoutMs) =>
        readSnapshot(
          { listPearls, getAccount, getOngoingCalls: (options) => ctx.ongoingCalls.fresh(options.pearlId, options) },
          { baseUrl: ctx.config.apiBaseUrl, token, timeoutMs, signal },
        ),
      counts: { store: ctx.ongoingCalls, baseUrl: () => ctx.config.apiBaseUrl },
      getToken: () => ctx.tokens.get(),
      intervalSeconds: () => ctx.config.pearlsViewRefreshSeconds,
      isActive: () => this.isActive(),
    });
    this.treeView = vscode.window.createTreeView(pearlsViewId, { treeDataProvider: this, showCollapseAll: false });
    this.subscriptions.push(
      this.treeView,
      this.changeEmitter,
      this.liveDocuments,
      vscode.workspace.registerTextDocumentContentProvider(liveScheme, this.liveDocuments),
      this.refresher.onDidChange(() => this.update()),
      this.treeView.onDidChangeVisibility(() => this.refresher.setActive(this.isActive())),
      vscode.window.onDidChangeWindowState(() => this.refresher.setActive(this.isActive())),
      ctx.tokens.onDidChange(() => this.refresher.credentialsChanged()),
      ctx.deployments.onDidAdd(() => {
        this.update();
        this.refresher.refresh();
      }),
      vscode.workspace.onDidGrantWorkspaceTrust(() => this.startOrStop()),
      vscode.workspace.onDidChangeConfiguration((event) => {
        if (event.affectsConfiguration('pearl.api.baseUrl')) this.refresher.credentialsChanged();
      }),
    );
    this.startOrStop();
  }

  /** Whether the view may read now: the window is focused and the view visible. */
  private isActive(): boolean {
    return vscode.window.state.focused && this.treeView?.visible === true;
  }

  private startOrStop(): void {
    if (isFeatureEnabled('pearlsView', vscode.workspace.isTrusted)) this.refresher.start();
    else this.refresher.stop();
    this.update();
  }

  /** The current rows. */
  get currentRows(): readonly PearlsRow[] {
    return this.rows;
  }

  /** The row of `pearlId`, if listed. */
  findRow(pearlId: string): PearlsRow | undefined {
    return this.rows.find((row) => row.pearl?.id === pearlId);
  }

  /**
   * Pearl id → the workspace-relative path of the file last deployed as it (or imported from it),
   * for deployments to the current base URL of files inside a workspace folder.
   */
  links(): Map<string, string> {
    const labels = new Map<string, string>();
    for (const [pearlId, uri] of this.linkUris()) labels.set(pearlId, vscode.workspace.asRelativePath(uri));
    return labels;
  }

  /** Pearl id → the file last deployed as it (or imported from it), as {@link links}. */
  linkUris(): Map<string, vscode.Uri> {
    const baseUrl = this.ctx.config.apiBaseUrl;
    const links = new Map<string, vscode.Uri>();
    for (const record of this.ctx.deployments.all()) {
      if (record.baseUrl !== baseUrl) continue;
      const uri = parseUri(record.uri);
      if (uri === undefined || vscode.workspace.getWorkspaceFolder(uri) === undefined) continue;
      links.set(record.pearlId, uri);
    }
    return links;
  }

  /**
   * Takes the refresher's state: the view's description says when the account was read; the rows
   * are drawn again only when they changed ({@link sameRows}), not after every reading.
   */
  private update(): void {
    const rows = this.computeRows();
    const snapshot = this.refresher.snapshot;
    this.treeView.description = snapshot === undefined ? undefined : `read at ${new Date(snapshot.readAt).toLocaleTimeString()}`;
    if (sameRows(this.rows, rows)) return;
    this.rows = rows;
    this.changeEmitter.fire(undefined);
  }

  private computeRows(): PearlsRow[] {
    if (!isFeatureEnabled('pearlsView', vscode.workspace.isTrusted)) {
      return [messageRow(1, restrictedModeReason('pearlsView'), 'workspace-untrusted', manageWorkspaceTrustCommand)];
    }
    const state = this.refresher.state;
    if (state.kind === 'noToken') return [messageRow(1, 'Set your API token to list your Pearls.', 'key', 'pearl.setApiToken')];
    if (state.kind === 'unauthorized') {
      return [messageRow(1, 'The service refused the API token: set another one.', 'key', 'pearl.setApiToken', true)];
    }
    const snapshot = this.refresher.snapshot;
    const rows = snapshot === undefined ? [] : buildRows(snapshot, this.links());
    if (state.kind === 'failing') {
      const next = new Date(state.nextAttemptAt).toLocaleTimeString();
      rows.unshift(
        messageRow(
          0,
          `Could not read the account: ${plainLabel(state.message)} Next attempt at ${next}.`,
          'warning',
          'pearl.pearls.refresh',
          true,
        ),
      );
    } else if (snapshot === undefined) {
      rows.push(messageRow(1, 'Reading the account…', 'loading~spin'));
    }
    return rows;
  }

  /** Shows the rows again (the rows under a Pearl changed). */
  refreshRows(): void {
    this.changeEmitter.fire(undefined);
  }

  /** The tree item of `row`: plain-string label, description and tooltip; a theme icon. */
  getTreeItem(row: PearlsRow | PearlChildRow): vscode.TreeItem {
    if (isChildRow(row)) return this.children?.treeItemOf(row) ?? new vscode.TreeItem(row.id);
    const item = new vscode.TreeItem(row.label, vscode.TreeItemCollapsibleState.None);
    item.id = row.id;
    item.description = row.description;
    item.tooltip = row.tooltip;
    item.iconPath = new vscode.ThemeIcon(row.icon, row.warning ? new vscode.ThemeColor('list.warningForeground') : undefined);
    item.contextValue = row.contextValue ?? row.kind;
    if (row.command !== undefined) item.command = { command: row.command, title: row.label };
    if (row.kind === 'pearl') this.children?.decorate(row, item);
    return item;
  }

  /** The rows at the top; under a Pearl row, its calls (when attached). */
  getChildren(row?: PearlsRow | PearlChildRow): (PearlsRow | PearlChildRow)[] {
    if (row === undefined) return this.rows;
    if (!isChildRow(row) && row.kind === 'pearl' && row.pearl !== undefined) return this.children?.rowsOf(row.pearl.id) ?? [];
    return [];
  }

  /** A Pearl's row for the rows under it; none for the rows at the top (needed by `TreeView.reveal`). */
  getParent(row: PearlsRow | PearlChildRow): PearlsRow | undefined {
    return isChildRow(row) ? this.findRow(row.pearlId) : undefined;
  }

  dispose(): void {
    this.refresher.dispose();
    while (this.subscriptions.length > 0) this.subscriptions.pop()?.dispose();
  }
}

function isChildRow(row: PearlsRow | PearlChildRow): row is PearlChildRow {
  return row.kind === 'call' || row.kind === 'callsMore' || row.kind === 'callsMessage';
}

function parseUri(text: string): vscode.Uri | undefined {
  try {
    return vscode.Uri.parse(text, true);
  } catch {
    return undefined;
  }
}
