import * as vscode from 'vscode';
import { isPlausiblePearlId, maxPearlIdLength } from '../api/pearlApiClient';
import type { PearlContext } from '../pearlContext';
import { isFeatureEnabled } from '../trust/restrictedMode';
import { checkWorkspaceTrust } from '../trust/workspaceTrust';
import { OngoingCallsPoller, type OngoingCallsState } from './ongoingCallsPoller';
import { showReadingsIn } from './ongoingCallsStore';
import { renderRestrictedStatus, renderStatus, setApiTokenCommand } from './ongoingCallsStatus';
import { plainText } from '../userText';

/** A Pearl to watch, with what is known of it for the tooltip. */
interface WatchTarget {
  readonly pearlId: string;
  readonly pearlName?: string;
  readonly fileName?: string;
}

interface MenuItem extends vscode.QuickPickItem {
  run(): unknown;
}

/**
 * The ongoing-calls status bar item and its commands: `pearl.watchOngoingCalls` (optional Pearl id
 * argument, else an input box) and `pearl.ongoingCallsMenu` (the item's quick pick).
 *
 * What is watched: an id chosen with "Pearl: Watch Ongoing Calls" wins until "Stop watching";
 * otherwise the latest deployment of the active `pearl` document, following editor changes and new
 * deployments. Focus leaving for a panel or a webview (no active text editor) keeps the current
 * Pearl. Polling itself is {@link OngoingCallsPoller}, reading through the shared counts
 * (`ctx.ongoingCalls`, ongoingCallsStore.ts) and showing their newer readings; the text and tooltip are `renderStatus`.
 *
 * In Restricted Mode nothing is read (reading sends the API token): the item says the count is off
 * (`renderRestrictedStatus`) and the commands say why; polling starts when the workspace is trusted.
 */
export function registerOngoingCalls(ctx: PearlContext): void {
  const controller = new OngoingCallsController(ctx);
  ctx.pushCleanup(controller);
  ctx.registerCommand('watchOngoingCalls', () => async (pearlId?: unknown) => {
    await controller.watchCommand(pearlId);
  });
  ctx.registerCommand('ongoingCallsMenu', () => async () => {
    await controller.showMenu();
  });
}

class OngoingCallsController implements vscode.Disposable {
  private readonly item: vscode.StatusBarItem;
  private readonly poller: OngoingCallsPoller;
  private readonly subscriptions: vscode.Disposable[] = [];
  /** The id chosen with the command; wins over the active file until "Stop watching". */
  private explicit: WatchTarget | undefined;
  /** The Pearl of the active file, or undefined when the active file has none. */
  private fromActiveFile: WatchTarget | undefined;
  /** False after "Stop watching", until the active editor changes or the active file is deployed. */
  private followActiveFile = true;
  private current: WatchTarget | undefined;

  constructor(private readonly ctx: PearlContext) {
    this.item = vscode.window.createStatusBarItem('pearl.ongoingCalls', vscode.StatusBarAlignment.Left, 0);
    this.item.name = 'Pearl Ongoing Calls';
    this.poller = new OngoingCallsPoller({
      // The shared counts: what this poller reads, the Pearls view and the pause questions show too.
      fetchCounts: (pearlId, signal, { token, timeoutMs }) =>
        ctx.ongoingCalls.read(pearlId, { baseUrl: ctx.config.apiBaseUrl, token: token ?? '', timeoutMs, signal }),
      getToken: () => ctx.tokens.get(),
      intervalSeconds: () => ctx.config.ongoingCallsPollSeconds,
      isFocused: () => vscode.window.state.focused,
      onListenerError: (error) => this.log(`status update failed: ${error instanceof Error ? error.message : String(error)}`),
    });
    this.subscriptions.push(
      showReadingsIn(ctx.ongoingCalls, this.poller, () => ctx.config.apiBaseUrl),
      this.poller.onDidChangeState((state) => {
        this.logState(state);
        this.render();
      }),
      vscode.window.onDidChangeWindowState((state) => this.poller.setFocused(state.focused)),
      vscode.window.onDidChangeActiveTextEditor((editor) => this.activeEditorChanged(editor)),
      ctx.deployments.onDidAdd((record) => {
        if (record.uri === vscode.window.activeTextEditor?.document.uri.toString()) {
          this.followActiveFile = true;
          this.fromActiveFile = this.targetOf(vscode.window.activeTextEditor);
          this.update();
        }
      }),
      ctx.tokens.onDidChange(() => this.poller.credentialsChanged()),
      vscode.workspace.onDidGrantWorkspaceTrust(() => {
        // Forget the target shown while restricted, so that `update` starts watching it.
        this.current = undefined;
        this.update();
      }),
      vscode.workspace.onDidChangeConfiguration((event) => {
        if (event.affectsConfiguration('pearl.api.baseUrl')) {
          this.poller.credentialsChanged();
          this.render();
        }
      }),
    );
    this.fromActiveFile = this.targetOf(vscode.window.activeTextEditor);
    this.update();
  }

  /** `pearl.watchOngoingCalls`: watches `pearlId` (an `isPlausiblePearlId` string) or the id typed in an input box. */
  async watchCommand(pearlId?: unknown): Promise<void> {
    if (!checkWorkspaceTrust('ongoingCalls')) return;
    const id = typeof pearlId === 'string' && isPlausiblePearlId(pearlId.trim()) ? pearlId.trim() : await this.askPearlId();
    if (id === undefined) return;
    this.explicit = this.describeId(id);
    this.followActiveFile = true;
    if (this.current?.pearlId === id) this.poller.refresh();
    this.update();
  }

  /** `pearl.ongoingCallsMenu`: Refresh now, Watch another id…, Stop watching, Set API Token. */
  async showMenu(): Promise<void> {
    if (!checkWorkspaceTrust('ongoingCalls')) return;
    const watching = this.poller.watchedPearlId !== undefined;
    const state = this.poller.state;
    const items: MenuItem[] = [];
    if (state.kind === 'noToken' || state.kind === 'unauthorized' || (await this.ctx.tokens.get()) === undefined) {
      items.push({
        label: '$(key) Set API Token',
        detail: state.kind === 'unauthorized' ? 'The service refused the current token.' : undefined,
        // The command (deploy/tokenCommands.ts) also confirms the save; the token change then resumes polling.
        run: () => vscode.commands.executeCommand(setApiTokenCommand),
      });
    }
    if (watching) items.push({ label: '$(refresh) Refresh now', run: () => this.poller.refresh() });
    items.push({ label: '$(eye) Watch another id…', run: () => this.watchCommand() });
    if (watching) items.push({ label: '$(circle-slash) Stop watching', run: () => this.stopWatching() });
    const picked = await vscode.window.showQuickPick(items, {
      title: this.current === undefined ? 'Pearl ongoing calls' : `Pearl ongoing calls: ${plainText(this.current.pearlId)}`,
    });
    await picked?.run();
  }

  dispose(): void {
    this.poller.dispose();
    while (this.subscriptions.length > 0) this.subscriptions.pop()?.dispose();
    this.item.dispose();
  }

  private stopWatching(): void {
    this.explicit = undefined;
    this.followActiveFile = false;
    this.update();
  }

  private activeEditorChanged(editor: vscode.TextEditor | undefined): void {
    // A webview (graph preview) or a panel has no text editor: keep watching what we watch.
    if (editor === undefined) return;
    this.followActiveFile = true;
    this.fromActiveFile = this.targetOf(editor);
    this.update();
  }

  /** Watches the explicit target, else the active file's, else nothing (nothing in Restricted Mode); re-renders either way. */
  private update(): void {
    const target = this.explicit ?? (this.followActiveFile ? this.fromActiveFile : undefined);
    const previous = this.current;
    this.current = target;
    if (target === undefined || !this.trusted) this.poller.stop();
    else if (target.pearlId !== previous?.pearlId) this.poller.watch(target.pearlId);
    this.render();
  }

  private get trusted(): boolean {
    return isFeatureEnabled('ongoingCalls', vscode.workspace.isTrusted);
  }

  private render(): void {
    const details = { baseUrl: this.ctx.config.apiBaseUrl, pearlName: this.current?.pearlName, fileName: this.current?.fileName };
    const status =
      this.trusted || this.current === undefined
        ? renderStatus(this.poller.state, details)
        : renderRestrictedStatus(this.current.pearlId, details);
    if (!status.visible) {
      this.item.hide();
      return;
    }
    this.item.text = status.text;
    const tooltip = new vscode.MarkdownString(status.tooltip, true);
    tooltip.isTrusted = false;
    this.item.tooltip = tooltip;
    this.item.backgroundColor = status.backgroundColorId === undefined ? undefined : new vscode.ThemeColor(status.backgroundColorId);
    this.item.command = status.command;
    this.item.show();
  }

  /** One line per failure: kind and status only; never the token, nor the service's message. */
  private logState(state: OngoingCallsState): void {
    if (state.kind === 'failing') {
      const status = state.status === undefined ? '' : `, HTTP ${state.status}`;
      this.log(
        `Pearl ${state.pearlId}: request failed (${state.failureKind}${status}); next attempt at ${new Date(state.nextAttemptAt).toLocaleTimeString()}.`,
      );
    } else if (state.kind === 'unauthorized') {
      const status = state.status === undefined ? '' : ` (HTTP ${state.status})`;
      this.log(`Pearl ${state.pearlId}: the token was refused${status}; polling stops until the token changes.`);
    } else if (state.kind === 'notFound') {
      this.log(
        `Pearl ${state.pearlId}: the service has no Pearl with this id (HTTP ${state.status}); polling stops until you refresh or watch another id.`,
      );
    }
  }

  private log(line: string): void {
    this.ctx.outputChannel.appendLine(`[ongoing calls] ${line}`);
  }

  /** The latest deployment of `editor`'s document when it is a `pearl` document. */
  private targetOf(editor: vscode.TextEditor | undefined): WatchTarget | undefined {
    const document = editor?.document;
    if (document === undefined || document.languageId !== 'pearl') return undefined;
    const record = this.ctx.deployments.latestFor(document.uri);
    if (record === undefined) return undefined;
    return { pearlId: record.pearlId, pearlName: record.name, fileName: vscode.workspace.asRelativePath(document.uri) };
  }

  /** `pearlId` with the name and file of its latest deployment from this machine, if any. */
  private describeId(pearlId: string): WatchTarget {
    const records = this.ctx.deployments.all();
    for (let i = records.length - 1; i >= 0; i--) {
      const record = records[i];
      if (record.pearlId !== pearlId) continue;
      return { pearlId, pearlName: record.name, fileName: fileNameOf(record.uri) };
    }
    return { pearlId };
  }

  private async askPearlId(): Promise<string | undefined> {
    const id = await vscode.window.showInputBox({
      title: 'Pearl: Watch Ongoing Calls',
      prompt: 'The id of the Pearl whose ongoing calls the status bar shows.',
      value: this.current?.pearlId,
      ignoreFocusOut: true,
      validateInput: (value) => {
        const trimmed = value.trim();
        if (trimmed === '') return 'Enter a Pearl id, or press Escape to cancel.';
        if (/[\s/]/.test(trimmed)) return 'A Pearl id has no spaces or slashes.';
        if (!isPlausiblePearlId(trimmed))
          return `A Pearl id has at most ${maxPearlIdLength} characters, none of them invisible or a control character.`;
        return undefined;
      },
    });
    const trimmed = id?.trim();
    return trimmed === undefined || trimmed === '' ? undefined : trimmed;
  }
}

function fileNameOf(uri: string): string | undefined {
  try {
    return vscode.workspace.asRelativePath(vscode.Uri.parse(uri));
  } catch {
    return uri.slice(uri.lastIndexOf('/') + 1);
  }
}
