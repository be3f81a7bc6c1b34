import * as vscode from 'vscode';
import { type CallDetail, getCall } from '../api/pearlCallsApi';
import { checkBaseUrl, isPlausiblePearlId } from '../api/pearlApiClient';
import { createNonce } from '../webviewPage';
import { showError, showInformation } from '../notify';
import type { PearlContext } from '../pearlContext';
import { checkWorkspaceTrust } from '../trust/workspaceTrust';
import type { CallsInView } from './callsInView';
import { callsRequestTimeoutMs } from './callsInView';
import {
  type CallPageMessage,
  type CallViewState,
  getCallViewHtml,
  isCallPageMessage,
  isCallViewState,
  type ShowCallMessage,
} from './callViewHtml';
import { buildCallViewModel, type CallViewModel, httpsUrl, walkVariablesOf } from './callViewModel';
import type { PearlFileFacts } from './pearlFileFacts';

/** The webview type of the call view. */
export const callViewType = 'pearl.callView';

/** Most call views open at once; opening another closes the oldest. */
export const maxOpenCallViews = 20;

/** What an open call view holds. */
interface OpenCall {
  readonly panel: vscode.WebviewPanel;
  readonly callId: string;
  readonly pearlId: string | undefined;
  call?: CallDetail;
  model?: CallViewModel;
  facts?: { facts: PearlFileFacts; uri: vscode.Uri };
  ready: boolean;
}

/**
 * The call views (docs/user/calls.md § The call view): one editor tab per call (a second open
 * reveals it), a webview with a strict Content-Security-Policy that draws the call as text
 * (`callPage/`). The host reads the call (GET /v2/Call/{id}) and the deployed file's declarations,
 * builds the {@link CallViewModel} and posts it; the page asks back only for the recording (opened
 * in the browser after checking it is https) or a walk with the call's values.
 */
export class CallViews implements vscode.Disposable {
  private readonly open = new Map<string, OpenCall>();

  constructor(
    private readonly ctx: PearlContext,
    private readonly calls: CallsInView,
  ) {}

  /** Opens (or reveals) the view of call `callId` of Pearl `pearlId` (undefined when not known). */
  async show(callId: string, pearlId: string | undefined): Promise<'done' | 'refused' | 'failed'> {
    if (!checkWorkspaceTrust('pearlsView')) return 'refused';
    if (!isPlausiblePearlId(callId)) {
      void showError('That is not a call id.');
      return 'refused';
    }
    const existing = this.open.get(callId);
    if (existing !== undefined) {
      existing.panel.reveal();
      return 'done';
    }
    const baseUrl = this.ctx.config.apiBaseUrl;
    const checked = checkBaseUrl(baseUrl);
    if (!checked.ok) {
      void showError(`Nothing sent: the setting pearl.api.baseUrl is not usable. ${checked.message}`);
      return 'refused';
    }
    const token = await this.ctx.tokens.getOrPrompt('Opening a call needs the bearer token of your NLPearl account (AccountId:SecretKey).');
    if (token === undefined) return 'refused';
    const panel = vscode.window.createWebviewPanel(callViewType, 'Call', vscode.ViewColumn.Active, this.webviewOptions());
    return this.load(panel, callId, pearlId, baseUrl, token, 'say');
  }

  /**
   * Opens again, in `panel`, the call a view showed before VS Code reloaded (`state` as its page
   * saved it). Nothing is asked: without workspace trust, a usable base URL or a stored token, the
   * tab is closed quietly, and the Pearls view opens the call again.
   */
  async restore(panel: vscode.WebviewPanel, state: unknown): Promise<void> {
    const baseUrl = this.ctx.config.apiBaseUrl;
    const token = vscode.workspace.isTrusted && checkBaseUrl(baseUrl).ok ? await this.ctx.tokens.get() : undefined;
    if (!isCallViewState(state) || !isPlausiblePearlId(state.callId) || this.open.has(state.callId) || token === undefined) {
      panel.dispose();
      return;
    }
    panel.webview.options = this.webviewOptions();
    await this.load(panel, state.callId, state.pearlId, baseUrl, token, 'log');
  }

  private webviewOptions(): vscode.WebviewPanelOptions & vscode.WebviewOptions {
    return {
      enableScripts: true,
      enableCommandUris: false,
      localResourceRoots: [vscode.Uri.joinPath(this.ctx.extCtx.extensionUri, 'dist')],
    };
  }

  /** Shows call `callId` in `panel`: the page, then the call read from the service. */
  private async load(
    panel: vscode.WebviewPanel,
    callId: string,
    pearlId: string | undefined,
    baseUrl: string,
    token: string,
    failure: 'say' | 'log',
  ): Promise<'done' | 'refused' | 'failed'> {
    if (this.open.size >= maxOpenCallViews) this.open.values().next().value?.panel.dispose();
    const entry: OpenCall = { panel, callId, pearlId, ready: false };
    this.open.set(callId, entry);
    let closed = false;
    panel.onDidDispose(() => {
      closed = true;
      this.open.delete(callId);
    });
    panel.webview.onDidReceiveMessage((message: unknown) => {
      if (isCallPageMessage(message)) void this.onMessage(entry, message);
    });
    panel.webview.html = getCallViewHtml({
      cspSource: panel.webview.cspSource,
      nonce: createNonce(),
      scriptUri: panel.webview.asWebviewUri(vscode.Uri.joinPath(this.ctx.extCtx.extensionUri, 'dist', 'callView.js')).toString(),
    });
    const result = await getCall({ baseUrl, token, timeoutMs: callsRequestTimeoutMs, callId });
    if (closed) return 'refused';
    if (!result.ok) {
      panel.dispose();
      this.ctx.outputChannel.appendLine(
        `[calls] GET call failed: ${result.kind}${result.status === undefined ? '' : ` (HTTP ${result.status})`}.`,
      );
      if (failure === 'say') void showError(`Could not read the call: ${result.message}`);
      return 'failed';
    }
    const owner = pearlId ?? result.call.pearlId;
    entry.call = result.call;
    entry.facts = owner === undefined ? undefined : await this.calls.factsFor(owner);
    if (closed) return 'refused';
    entry.model = buildCallViewModel(
      result.call,
      entry.facts?.facts,
      entry.facts === undefined ? undefined : vscode.workspace.asRelativePath(entry.facts.uri),
      result.problems,
    );
    panel.title = entry.model.title;
    this.post(entry);
    return 'done';
  }

  /** "Walk with this call's values" for the open call `callId` (or the active call view). */
  async walkWith(callId?: string): Promise<'done' | 'refused'> {
    const entry = callId === undefined ? [...this.open.values()].find((open) => open.panel.active) : this.open.get(callId);
    if (entry?.call === undefined) {
      void showInformation("Open a call first (from the Pearls view): the walk starts from that call's collected values.");
      return 'refused';
    }
    if (entry.facts === undefined) {
      void showInformation('No file of this workspace was deployed as the Pearl of this call, so there is no file to walk.');
      return 'refused';
    }
    const { variables, left } = walkVariablesOf(entry.call.collectedInfo, entry.facts.facts);
    await vscode.commands.executeCommand('pearl.walkConversation', entry.facts.uri, { variables });
    if (left > 0)
      void showInformation(
        `${left} collected ${left === 1 ? 'value is' : 'values are'} not declared in the Pearl file and left out of the walk.`,
      );
    return 'done';
  }

  private async onMessage(entry: OpenCall, message: CallPageMessage): Promise<void> {
    if (message.type === 'ready') {
      entry.ready = true;
      this.post(entry);
    } else if (message.type === 'walk') {
      await this.walkWith(entry.callId);
    } else if (message.type === 'openRecording') {
      // Checked again here: only an https URL the host itself read from the call is opened.
      const url = entry.call?.recording === undefined ? undefined : httpsUrl(entry.call.recording);
      if (url === undefined) {
        void showInformation('This call has no https recording to open.');
        return;
      }
      await vscode.env.openExternal(vscode.Uri.parse(url, true));
    }
  }

  private post(entry: OpenCall): void {
    if (entry.ready && entry.model !== undefined) {
      const restore: CallViewState =
        entry.pearlId === undefined ? { callId: entry.callId } : { callId: entry.callId, pearlId: entry.pearlId };
      const message: ShowCallMessage = { type: 'show', model: entry.model, restore };
      void entry.panel.webview.postMessage(message);
    }
  }

  dispose(): void {
    for (const entry of [...this.open.values()]) entry.panel.dispose();
    this.open.clear();
  }
}
