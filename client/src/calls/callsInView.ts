import * as vscode from 'vscode';
import { getPearlFigures, listCalls } from '../api/pearlCallsApi';
import { checkBaseUrl } from '../api/pearlApiClient';
import type { PearlContext } from '../pearlContext';
import type { PearlChildRow, PearlRowChildren, PearlsView } from '../pearlsView/pearlsView';
import type { PearlsRow } from '../pearlsView/pearlsTreeModel';
import { isFeatureEnabled } from '../trust/restrictedMode';
import { CallsLoader } from './callsLoader';
import { type CallsRow, callsRows, describeFilter, figuresDescription, figuresLines, type TagInfo, withDirection } from './callsTreeModel';
import { maxPearlFileLength, type PearlFileFacts, readPearlFileFacts } from './pearlFileFacts';

/** Milliseconds per calls request. */
export const callsRequestTimeoutMs = 15_000;

/** Context key: true while the calls filter is not the default (shows "Clear Call Filters"). */
export const callsFilteredContextKey = 'pearl.callsFiltered';

/**
 * The calls under the Pearl rows of the Pearls view (docs/user/calls.md § The Pearls view): a
 * {@link CallsLoader} reads them when a Pearl row is expanded (one request in flight for the view),
 * the rows come from `callsTreeModel.ts` as plain strings, and tags are named from the deployed
 * file's `pearl.indicatorTags` when the workspace has a recorded deployment of that Pearl. The active
 * filter is the view's message. Collapsing a row forgets its calls.
 */
export class CallsInView implements PearlRowChildren, vscode.Disposable {
  /** The loader (filters, pages). */
  readonly loader: CallsLoader;
  private readonly facts = new Map<string, { facts: PearlFileFacts; uri: vscode.Uri } | undefined>();
  private readonly subscriptions: vscode.Disposable[] = [];

  constructor(
    private readonly ctx: PearlContext,
    private readonly view: PearlsView,
  ) {
    this.loader = new CallsLoader({
      listCalls,
      getPearlFigures,
      credentials: () => this.credentials(),
      now: () => Date.now(),
      timeoutMs: callsRequestTimeoutMs,
    });
    this.subscriptions.push(
      this.loader.onDidChange(() => view.refreshRows()),
      view.treeView.onDidCollapseElement((event) => {
        const row = event.element;
        if (row.kind === 'pearl' && 'pearl' in row && row.pearl !== undefined) {
          this.loader.forget(row.pearl.id);
          this.facts.delete(row.pearl.id);
        }
      }),
      ctx.deployments.onDidAdd(() => this.facts.clear()),
    );
    view.children = this;
    this.showFilter();
  }

  /** The rows under a Pearl; the first time, its figures and first page are read. */
  rowsOf(pearlId: string): PearlChildRow[] {
    if (!isFeatureEnabled('pearlsView', vscode.workspace.isTrusted)) return [];
    if (!this.facts.has(pearlId)) void this.loadFacts(pearlId);
    this.loader.expand(pearlId);
    return callsRows(pearlId, this.loader.stateOf(pearlId), this.tagsOf(pearlId));
  }

  /** The tree item of a call row: plain strings, a theme icon, its command. */
  treeItemOf(child: PearlChildRow): vscode.TreeItem {
    const row = child as CallsRow;
    const item = new vscode.TreeItem(row.label, vscode.TreeItemCollapsibleState.None);
    item.id = row.id;
    item.description = row.description;
    item.tooltip = row.tooltip;
    item.iconPath = new vscode.ThemeIcon(row.icon, row.warning ? new vscode.ThemeColor('list.warningForeground') : undefined);
    item.contextValue = row.contextValue;
    if (row.command !== undefined) item.command = { command: row.command.command, title: row.label, arguments: [...row.command.arguments] };
    return item;
  }

  /**
   * A Pearl row is collapsible (its calls under it); its tooltip gets the figures last read, its
   * description today's calls; `.outbound` is added to its context value for the test call's menu.
   */
  decorate(row: PearlsRow, item: vscode.TreeItem): void {
    const pearl = row.pearl;
    if (pearl === undefined) return;
    item.collapsibleState = vscode.TreeItemCollapsibleState.Collapsed;
    if (item.contextValue !== undefined) item.contextValue = withDirection(item.contextValue, pearl.type);
    const figures = this.loader.figuresOf(pearl.id);
    if (figures === undefined) return;
    const lines = figuresLines(figures);
    if (lines.length > 0)
      item.tooltip = [typeof item.tooltip === 'string' ? item.tooltip : row.tooltip, ...lines].filter(Boolean).join('\n');
    const today = figuresDescription(figures);
    if (today !== undefined) item.description = [row.description, today].filter(Boolean).join(' · ');
  }

  /** Reads the calls of the expanded Pearls again, and their files' facts. */
  reload(): void {
    this.facts.clear();
    this.loader.reloadAll();
  }

  /** The deployed file's facts of `pearlId` and the file, when the workspace has a recorded deployment of it. */
  async factsFor(pearlId: string): Promise<{ facts: PearlFileFacts; uri: vscode.Uri } | undefined> {
    if (!this.facts.has(pearlId)) await this.loadFacts(pearlId);
    return this.facts.get(pearlId);
  }

  /** Shows the active filter as the view's message and sets {@link callsFilteredContextKey}. */
  showFilter(): void {
    const tags = new Map<string, TagInfo>();
    for (const entry of this.facts.values()) for (const [id, tag] of entry?.facts.tags ?? []) tags.set(id, tag);
    const text = describeFilter(this.loader.filter, tags);
    this.view.treeView.message = text;
    void vscode.commands.executeCommand('setContext', callsFilteredContextKey, text !== undefined);
  }

  /** The tag names of every Pearl whose file is known (for the tag filter's pick). */
  knownTags(): Map<string, TagInfo> {
    const tags = new Map<string, TagInfo>();
    for (const entry of this.facts.values()) for (const [id, tag] of entry?.facts.tags ?? []) tags.set(id, tag);
    return tags;
  }

  private tagsOf(pearlId: string): ReadonlyMap<string, TagInfo> | undefined {
    return this.facts.get(pearlId)?.facts.tags;
  }

  private async loadFacts(pearlId: string): Promise<void> {
    this.facts.set(pearlId, undefined);
    const uri = this.view.linkUris().get(pearlId);
    if (uri === undefined) return;
    const text = await readText(uri);
    if (text === undefined) return;
    this.facts.set(pearlId, { facts: readPearlFileFacts(text), uri });
    this.view.refreshRows();
  }

  private async credentials(): Promise<{ baseUrl: string; token: string } | { message: string }> {
    if (!isFeatureEnabled('pearlsView', vscode.workspace.isTrusted)) return { message: 'Calls are not read in Restricted Mode.' };
    const baseUrl = this.ctx.config.apiBaseUrl;
    const checked = checkBaseUrl(baseUrl);
    if (!checked.ok) return { message: `The setting pearl.api.baseUrl is not usable. ${checked.message}` };
    const token = await this.ctx.tokens.get();
    return token === undefined ? { message: 'Set your API token to read calls.' } : { baseUrl, token };
  }

  dispose(): void {
    this.loader.dispose();
    if (this.view.children === this) this.view.children = undefined;
    while (this.subscriptions.length > 0) this.subscriptions.pop()?.dispose();
  }
}

/** The text of `uri`: the open document's (unsaved changes included), else the file's; undefined when unreadable or too large. */
export async function readText(uri: vscode.Uri): Promise<string | undefined> {
  const open = vscode.workspace.textDocuments.find((document) => document.uri.toString() === uri.toString());
  if (open !== undefined) return open.getText();
  try {
    const stat = await vscode.workspace.fs.stat(uri);
    if (stat.size > maxPearlFileLength) return undefined;
    return new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
  } catch {
    return undefined;
  }
}
