import * as vscode from 'vscode';
import type { Position as LspPosition, Range as LspRange } from 'vscode-languageserver-types';
import { graphRequest, nodeSettingFieldsRequest, type PearlGraph } from '#protocol/pearlRequests';
import type { PearlContext } from '../pearlContext';
import { applyGraphEdit } from './graphEditClient';
import { createNonce } from '../webviewPage';
import { getGraphPreviewHtml } from './graphPreviewHtml';
import { graphUpdate } from './graphUpdate';
import { NodeQuickFixes } from './nodeQuickFixes';
import { type HostMessage, isWebviewMessage, type WebviewMessage } from '#protocol/graphPreviewMessages';
import { showError, showInformation } from '../notify';
import { serverNotRunningMessage } from '../serverGate';
import { WalkHost } from './walk/walkHost';

/** Milliseconds between the last edit (or diagnostics change) and the graph request. */
const refreshDelay = 300;

/** The webview panel type, as VS Code records it. */
export const graphPreviewViewType = 'pearl.graphPreview';

/**
 * One graph preview: a webview panel showing the conversation graph of one Pearl document, kept
 * up to date from `pearl/graph` (debounced after edits and diagnostics changes), following the
 * editor's cursor, revealing a clicked node in the editor, saving "Export SVG" files and, for a
 * simple Pearl (no graph), opening the Outline view.
 *
 * The webview keeps its own pan/zoom (webview state), so the host only sends data; the panel does
 * not retain its context when hidden and the page asks again with `ready` when it is shown.
 */
export class GraphPreviewPanel implements vscode.Disposable {
  private readonly panel: vscode.WebviewPanel;
  private readonly disposables: vscode.Disposable[] = [];
  private refreshTimer: ReturnType<typeof setTimeout> | undefined;
  /** Increases with every request; an answer to an older one is dropped. */
  private requestSeq = 0;
  /** Whether the preview has asked VS Code to open its document once (a restored tab not yet shown is not open). */
  private openedDocument = false;
  private graph: PearlGraph | undefined;
  /** The graph the page was last sent (whole or as changed nodes); undefined after a text message. */
  private posted: PearlGraph | undefined;
  private ready = false;
  private disposed = false;
  private readonly quickFixes = new NodeQuickFixes();
  private readonly walk: WalkHost;
  /** "Pearl: Walk Conversation" ran before the page was ready: open the walk panel once it is. */
  private startWalkPending = false;
  private startWalkVariables: Readonly<Record<string, string>> | undefined;

  /**
   * Opens the panel beside the editor, without taking the focus.
   * @param ctx the extension context (language client, output channel).
   * @param uri the Pearl document shown.
   * @param editorColumn the column of the editor the preview was opened from; reveals go there.
   * @param onDispose called once when the panel is closed or disposed.
   * @param restoredPanel a panel VS Code restored after a reload, to take over instead of opening one.
   * @param column where a new panel opens: beside the active editor, or in the column of a preview already open there (`previewColumn.ts`).
   */
  constructor(
    private readonly ctx: PearlContext,
    readonly uri: vscode.Uri,
    private editorColumn: vscode.ViewColumn | undefined,
    private readonly onDispose: () => void,
    restoredPanel?: vscode.WebviewPanel,
    column: vscode.ViewColumn = vscode.ViewColumn.Beside,
  ) {
    const dist = vscode.Uri.joinPath(ctx.extCtx.extensionUri, 'dist');
    const options = { enableScripts: true, localResourceRoots: [dist] };
    if (restoredPanel) {
      // A panel VS Code restored after a reload (GraphPreviewSerializer): same options, new page.
      this.panel = restoredPanel;
      this.panel.webview.options = options;
      this.panel.title = `Graph: ${fileName(uri)}`;
    } else {
      this.panel = vscode.window.createWebviewPanel(
        graphPreviewViewType,
        `Graph: ${fileName(uri)}`,
        { viewColumn: column, preserveFocus: true },
        options,
      );
    }
    const webview = this.panel.webview;
    this.walk = new WalkHost(ctx, uri, (message) => this.post(message));
    webview.html = getGraphPreviewHtml({
      cspSource: webview.cspSource,
      nonce: createNonce(),
      scriptUri: webview.asWebviewUri(vscode.Uri.joinPath(dist, 'graphPreview.js')).toString(),
      styleUri: webview.asWebviewUri(vscode.Uri.joinPath(dist, 'graphPreview.css')).toString(),
    });

    this.disposables.push(
      this.panel.onDidDispose(() => this.dispose()),
      webview.onDidReceiveMessage((message: unknown) => {
        if (isWebviewMessage(message)) this.onMessage(message);
      }),
      vscode.workspace.onDidChangeTextDocument((event) => {
        if (this.isMine(event.document.uri) && event.contentChanges.length > 0) this.scheduleRefresh();
      }),
      vscode.languages.onDidChangeDiagnostics((event) => {
        if (event.uris.some((changed) => this.isMine(changed))) this.scheduleRefresh();
      }),
      vscode.workspace.onDidCloseTextDocument((document) => {
        if (this.isMine(document.uri)) this.scheduleRefresh();
      }),
      vscode.window.onDidChangeTextEditorSelection((event) => {
        if (this.isMine(event.textEditor.document.uri)) {
          if (event.textEditor.viewColumn !== undefined) this.editorColumn = event.textEditor.viewColumn;
          this.postCursor(event.selections[0]?.active);
        }
      }),
    );
  }

  /** The editor column the panel is shown in (undefined while hidden). */
  get viewColumn(): vscode.ViewColumn | undefined {
    return this.panel.viewColumn;
  }

  /** Shows the panel again (beside the editor), without taking the focus. */
  reveal(): void {
    this.panel.reveal(undefined, true);
  }

  /**
   * Opens the page's walk panel ("Pearl: Walk Conversation"), now or as soon as the page is ready;
   * with `variables`, a new walk from them (a call's collected values).
   */
  startWalk(variables?: Readonly<Record<string, string>>): void {
    this.startWalkPending = !this.ready;
    if (variables !== undefined) this.startWalkVariables = variables;
    if (this.ready) {
      const given = this.startWalkVariables;
      this.startWalkVariables = undefined;
      this.post(given === undefined ? { type: 'startWalk' } : { type: 'startWalk', variables: given });
    }
  }

  /** Closes the panel and stops listening. Safe to call more than once. */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    clearTimeout(this.refreshTimer);
    this.panel.dispose();
    while (this.disposables.length > 0) this.disposables.pop()?.dispose();
    this.onDispose();
  }

  private isMine(uri: vscode.Uri): boolean {
    return uri.toString() === this.uri.toString();
  }

  private onMessage(message: WebviewMessage): void {
    switch (message.type) {
      case 'ready':
        this.ready = true;
        this.post({ type: 'document', uri: this.uri.toString() });
        // A new page (first show, or shown again after being hidden) has no graph yet.
        this.posted = undefined;
        if (this.graph) this.postGraph(this.graph);
        this.postCursor(this.findEditor()?.selection.active);
        if (this.startWalkPending) this.startWalk();
        void this.refresh();
        break;
      case 'reveal':
        this.revealNode(message.key).catch((error: unknown) => this.report('could not reveal the node', error));
        break;
      case 'exportSvg':
        this.saveSvg(message.svg).catch((error: unknown) => this.report('could not export the graph', error));
        break;
      case 'openOutline':
        this.openOutline().catch((error: unknown) => this.report('could not open the outline', error));
        break;
      case 'graphEdit':
        void applyGraphEdit(this.ctx, this.uri, message, (text) => this.post({ type: 'editRefused', text })).then((applied) => {
          if (applied === undefined) return;
          // Redraw from the new text now rather than after the typing delay, then select what was created.
          void this.refresh();
          if (applied.select !== undefined) this.post({ type: 'select', key: applied.select });
        });
        break;
      case 'requestQuickFixes': {
        const node = this.graph?.nodes.find((candidate) => candidate.key === message.key);
        const client = this.ctx.client;
        if (node === undefined || client === undefined) break;
        this.quickFixes.list(client, this.uri, node).then(
          (fixes) => this.post({ type: 'quickFixes', key: node.key, fixes }),
          (error: unknown) => this.ctx.outputChannel.appendLine(`Graph preview: could not list the quick fixes: ${describe(error)}`),
        );
        break;
      }
      case 'requestSettingFields':
        this.postSettingFields(message.key);
        break;
      case 'applyQuickFix':
        this.quickFixes.apply(message.key, message.index).then(
          (applied) =>
            applied
              ? this.refresh()
              : this.post({ type: 'editRefused', text: 'That quick fix no longer applies. Try again on the updated graph.' }),
          (error: unknown) => this.report('could not apply the quick fix', error),
        );
        break;
      case 'history':
        this.runHistory(message.command).catch((error: unknown) => this.report(`could not ${message.command}`, error));
        break;
      case 'walk':
      case 'sendWalkRequest':
      case 'saveWalk':
      case 'requestWalkCoverage':
        this.walk.onMessage(message);
        break;
    }
  }

  /** Asks the server for the settings fields of node `key` (`pearl/nodeSettingFields`) and posts them. */
  private postSettingFields(key: string): void {
    const client = this.ctx.client;
    if (client === undefined) return;
    client.sendRequest(nodeSettingFieldsRequest, { textDocument: { uri: this.uri.toString() }, node: key }).then(
      (form) => {
        if (form !== null) this.post({ type: 'settingFields', form });
      },
      (error: unknown) => this.ctx.outputChannel.appendLine(`Graph preview: could not list the settings fields: ${describe(error)}`),
    );
  }

  private scheduleRefresh(): void {
    clearTimeout(this.refreshTimer);
    this.refreshTimer = setTimeout(() => void this.refresh(), refreshDelay);
  }

  /** Asks the server for the graph and sends it (or a message saying why there is none). Never rejects. */
  private async refresh(): Promise<void> {
    if (this.disposed || !this.ready) return;
    const seq = ++this.requestSeq;
    const client = this.ctx.client;
    if (client === undefined) {
      this.post({ type: 'message', text: serverNotRunningMessage });
      return;
    }
    let graph: PearlGraph | null;
    try {
      graph = await client.sendRequest(graphRequest, { textDocument: { uri: this.uri.toString() } });
    } catch (error) {
      if (seq !== this.requestSeq || this.disposed) return;
      this.ctx.outputChannel.appendLine(`Graph preview: pearl/graph failed for ${this.uri.toString()}: ${describe(error)}`);
      this.post({ type: 'message', text: `The graph could not be read from the Pearl language server: ${describe(error)}` });
      return;
    }
    if (seq !== this.requestSeq || this.disposed) return;
    if (graph === null && !this.openedDocument) {
      // After a window reload, the file's tab may be restored without the document being open, so
      // the language server does not have it: open it (VS Code tells the server) and ask again.
      this.openedDocument = true;
      const opened = await vscode.workspace.openTextDocument(this.uri).then(
        () => true,
        () => false,
      );
      if (opened && seq === this.requestSeq && !this.disposed) return this.refresh();
    }
    this.graph = graph ?? undefined;
    if (graph === null) {
      this.post({ type: 'message', text: `${fileName(this.uri)} is not open: open it to see its graph.` });
    } else {
      // A simple Pearl's graph too: the page says it has no graph and offers the outline.
      this.postGraph(graph);
    }
  }

  /** Posts `graph`: whole when its structure changed, else only its changed nodes. */
  private postGraph(graph: PearlGraph): void {
    if (this.disposed || !this.ready) return;
    this.post(graphUpdate(this.posted, graph));
    this.posted = graph;
  }

  private postCursor(position: vscode.Position | undefined): void {
    if (position === undefined) return;
    const lspPosition: LspPosition = { line: position.line, character: position.character };
    this.post({ type: 'cursor', position: lspPosition });
  }

  private post(message: HostMessage): void {
    if (this.disposed || !this.ready) return;
    // A text replaces the graph on the page: the next graph goes whole.
    if (message.type === 'message') this.posted = undefined;
    void this.panel.webview.postMessage(message);
  }

  /** Puts the cursor on the node's nodeId (or name) in the editor's column and shows it. */
  private async revealNode(key: string): Promise<void> {
    const node = this.graph?.nodes.find((candidate) => candidate.key === key);
    if (node === undefined) return;
    const document = await vscode.workspace.openTextDocument(this.uri);
    const selection = toRange(node.selectionRange);
    const editor = this.findEditor();
    await vscode.window.showTextDocument(document, {
      viewColumn: editor?.viewColumn ?? this.editorColumn ?? vscode.ViewColumn.One,
      selection,
      // The preview keeps the focus: Delete and Ctrl+Z go on working on the selected node.
      preserveFocus: true,
    });
  }

  /**
   * Ctrl+Z / Ctrl+Y in the preview: the editor's `undo` or `redo` on this document (each designer
   * edit is one undo step), run in the document's editor, then the focus back on the preview so
   * that the next key press works there too. The graph of the text it made is asked for at once,
   * as after a designer edit (not after the typing delay: the undo of a gesture is as quick as it).
   */
  private async runHistory(command: 'undo' | 'redo'): Promise<void> {
    const document = await vscode.workspace.openTextDocument(this.uri);
    await vscode.window.showTextDocument(document, {
      viewColumn: this.findEditor()?.viewColumn ?? this.editorColumn ?? vscode.ViewColumn.One,
      preserveFocus: false,
    });
    const version = document.version;
    await vscode.commands.executeCommand(command);
    this.panel.reveal(undefined, false);
    if (document.version !== version) {
      clearTimeout(this.refreshTimer);
      void this.refresh();
    }
  }

  /** Shows the document in its editor column, then VS Code's Outline view (`outline.focus`) for it. */
  private async openOutline(): Promise<void> {
    const document = await vscode.workspace.openTextDocument(this.uri);
    await vscode.window.showTextDocument(document, {
      viewColumn: this.findEditor()?.viewColumn ?? this.editorColumn ?? vscode.ViewColumn.One,
      preserveFocus: false,
    });
    await vscode.commands.executeCommand('outline.focus');
  }

  /** Asks where to save, then writes `svg` there. */
  private async saveSvg(svg: string): Promise<void> {
    const target = await vscode.window.showSaveDialog({
      defaultUri:
        this.uri.scheme === 'file' ? this.uri.with({ path: this.uri.path.replace(/(\.pearl)?\.json$/i, '') + '.graph.svg' }) : undefined,
      filters: { 'SVG image': ['svg'] },
      saveLabel: 'Export',
      title: 'Export Graph as SVG',
    });
    if (target === undefined) return;
    await vscode.workspace.fs.writeFile(target, new TextEncoder().encode(svg));
    void showInformation(`Graph exported to ${vscode.workspace.asRelativePath(target)}.`);
  }

  /** A visible editor showing this document, preferring the active one. */
  private findEditor(): vscode.TextEditor | undefined {
    const active = vscode.window.activeTextEditor;
    if (active && this.isMine(active.document.uri)) return active;
    return vscode.window.visibleTextEditors.find((editor) => this.isMine(editor.document.uri));
  }

  private report(what: string, error: unknown): void {
    this.ctx.outputChannel.appendLine(`Graph preview: ${what}: ${describe(error)}`);
    void showError(`Pearl graph preview ${what}: ${describe(error)}`);
  }
}

function toRange(range: LspRange): vscode.Range {
  return new vscode.Range(range.start.line, range.start.character, range.end.line, range.end.character);
}

function fileName(uri: vscode.Uri): string {
  return uri.path.slice(uri.path.lastIndexOf('/') + 1) || uri.toString();
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
