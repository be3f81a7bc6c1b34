import * as vscode from 'vscode';
import { LSPErrorCodes, type WorkspaceEdit } from 'vscode-languageclient';
import { prepareSaveWalkRequest, saveWalkRequest, type WalkCoverage, walkCoverageRequest, walkRequest } from '#protocol/pearlRequests';
import type { WalkHostMessage, WalkPageMessage } from '#protocol/walkPanelMessages';
import type { SaveWalkTarget, WalkInput, WalkResponse, WalkTrace } from '#protocol/walkTypes';
import type { PearlContext } from '../../pearlContext';
import { askModal, showInformation } from '../../notify';
import { serverNotRunningMessage } from '../../serverGate';
import { maxWalkResponseBytes, refusalOf, sendWalkRequest, walkRequestTimeoutMs } from './walkRequestSender';

/**
 * The host side of the walk panel (issue 18, docs/user/walks.md § Walk a conversation) for one graph preview: every trace
 * comes from the language server (`pearl/walk`), the saved walks' coverage from
 * `pearl/walkCoverage`; **Send** sends the request of the node the walk stands at, as the server
 * computes it (never what the page says), after a modal confirmation naming its method and URL,
 * and only in a trusted workspace; **Save as walk** applies the `WorkspaceEdit` the server plans
 * (`pearl/prepareSaveWalk`, `pearl/saveWalk`) to append the walk to the Pearl's walks file. Every
 * outcome goes back to the page as a message; nothing here throws.
 */
export class WalkHost {
  /**
   * @param ctx the extension context (language client, output channel).
   * @param uri the Pearl document walked.
   * @param post posts a message to the page (dropped once the panel is gone).
   */
  constructor(
    private readonly ctx: PearlContext,
    private readonly uri: vscode.Uri,
    private readonly post: (message: WalkHostMessage) => void,
  ) {}

  /** Handles one walk message of the page. */
  onMessage(message: WalkPageMessage): void {
    switch (message.type) {
      case 'walk':
        void this.trace(message.walk).then((result) => this.post({ type: 'walkTrace', seq: message.seq, ...result }));
        break;
      case 'sendWalkRequest':
        void this.send(message.walk).then((result) => this.post({ type: 'walkRequestResult', seq: message.seq, ...result }));
        break;
      case 'saveWalk':
        void this.save(message.walk).then((result) => this.post({ type: 'walkSaved', ...result }));
        break;
      case 'requestWalkCoverage':
        void this.coverage().then((coverage) => this.post({ type: 'walkCoverage', coverage }));
        break;
    }
  }

  /** The trace of `walk` through the document's current version, or why there is none. Never rejects. */
  private async trace(walk: WalkInput): Promise<{ trace: WalkTrace | null; error?: string }> {
    const client = this.ctx.client;
    if (client === undefined) return { trace: null, error: serverNotRunningMessage };
    try {
      const trace = await client.sendRequest(walkRequest, { textDocument: { uri: this.uri.toString() }, walk });
      return trace === null ? { trace, error: `${fileName(this.uri)} is not open: open it to walk it.` } : { trace };
    } catch (error) {
      this.log(`pearl/walk failed: ${describe(error)}`);
      return { trace: null, error: `The walk could not be computed by the Pearl language server: ${describe(error)}` };
    }
  }

  private async coverage(): Promise<WalkCoverage | null> {
    const client = this.ctx.client;
    if (client === undefined) return null;
    try {
      return await client.sendRequest(walkCoverageRequest, { textDocument: { uri: this.uri.toString() } });
    } catch (error) {
      this.log(`pearl/walkCoverage failed: ${describe(error)}`);
      return null;
    }
  }

  /**
   * Sends the request of the node `walk` stands at, once the user confirms. The request is the one
   * the server computes for that walk now: the page only says which walk.
   */
  private async send(walk: WalkInput): Promise<{ response?: WalkResponse; message?: string }> {
    if (!vscode.workspace.isTrusted)
      return { message: 'Send is off in Restricted Mode: trust the workspace to send requests, or enter the response by hand.' };
    const { trace, error } = await this.trace(walk);
    if (trace === null) return { message: error };
    const request = trace.failure === undefined ? trace.frames[trace.frames.length - 1]?.request : undefined;
    if (request === undefined) return { message: 'The walk does not stand at an API or PreCallAPI node any more: nothing was sent.' };
    const refusal = refusalOf(request);
    if (refusal !== undefined) return { message: refusal };
    // The URL comes from the file: through the one plain-text path (notify.ts), never as a link.
    const answer = await askModal(
      `Send ${request.method} ${request.url.text}?`,
      `The extension sends this request from your machine, with the headers and body the walk panel shows. Its response (at most ${maxWalkResponseBytes / (1024 * 1024)} MiB, within ${walkRequestTimeoutMs / 1000} seconds) becomes the node's response in the walk.`,
      'Send',
    );
    if (answer !== 'Send') return { message: 'Not sent.' };
    const outcome = await sendWalkRequest(request);
    // The URL and status only: headers and bodies may hold secrets.
    this.log(`walk: ${request.method} ${request.url.text} → ${outcome.ok ? String(outcome.response.status) : outcome.message}`);
    return outcome.ok ? { response: outcome.response, message: outcome.note } : { message: outcome.message };
  }

  /**
   * Asks for a name and saves `walk` in the walks file beside the Pearl: the server says where and
   * which names are taken (`pearl/prepareSaveWalk`), then plans the edit (`pearl/saveWalk`); this
   * only applies it, as one edit, and saves the file unless it held the user's unsaved changes.
   */
  private async save(walk: WalkInput): Promise<{ saved: boolean; text: string }> {
    const client = this.ctx.client;
    if (client === undefined) return { saved: false, text: serverNotRunningMessage };
    const textDocument = { uri: this.uri.toString() };
    let target: SaveWalkTarget | null;
    try {
      target = await client.sendRequest(prepareSaveWalkRequest, { textDocument, walk });
    } catch (error) {
      return { saved: false, text: this.saveFailure('pearl/prepareSaveWalk', error) };
    }
    if (target === null) return { saved: false, text: `${fileName(this.uri)} is not open: open it to walk it.` };
    const walksFile = vscode.Uri.parse(target.walksFile, true);
    const taken = new Set(target.takenNames);
    const name = await vscode.window.showInputBox({
      title: `Save as walk in ${fileName(walksFile)}`,
      prompt: 'Name the walk: what it checks, as a test would be named.',
      value: target.suggestedName,
      validateInput: (value) =>
        value.trim() === ''
          ? 'Give the walk a name.'
          : taken.has(value.trim())
            ? `A walk named "${value.trim()}" is already in the file.`
            : undefined,
    });
    if (name === undefined) return { saved: false, text: 'Not saved.' };
    let edit: WorkspaceEdit | null;
    try {
      edit = await client.sendRequest(saveWalkRequest, { textDocument, walk, name: name.trim() });
    } catch (error) {
      return { saved: false, text: this.saveFailure('pearl/saveWalk', error) };
    }
    if (edit === null) return { saved: false, text: `${fileName(this.uri)} is not open: open it to walk it.` };
    const wasDirty = vscode.workspace.textDocuments.some(
      (document) => document.uri.toString() === walksFile.toString() && document.isDirty,
    );
    if (!(await vscode.workspace.applyEdit(await client.protocol2CodeConverter.asWorkspaceEdit(edit))))
      return { saved: false, text: `${fileName(walksFile)} could not be changed.` };
    // Save it unless it held unsaved changes of the user's before: the walk is then on disk for pearl-lint and the coverage.
    if (!wasDirty) await (await vscode.workspace.openTextDocument(walksFile)).save();
    void showInformation(`Saved the walk "${name.trim()}" in ${fileName(walksFile)}.`, 'Open Walks File').then((choice) => {
      if (choice !== undefined) void vscode.window.showTextDocument(walksFile, { preview: false });
    });
    return { saved: true, text: `Saved as "${name.trim()}" in ${fileName(walksFile)}.` };
  }

  /** What the user reads when a "Save as walk" request failed: the server's refusal as it is, else the failure (logged). */
  private saveFailure(method: string, error: unknown): string {
    const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
    if (code === LSPErrorCodes.RequestFailed && typeof message === 'string') return message;
    this.log(`${method} failed: ${describe(error)}`);
    return 'The walk could not be saved: the Pearl language server did not answer. Details are in the "Pearl" output channel.';
  }

  private log(line: string): void {
    this.ctx.outputChannel.appendLine(`Graph preview: ${line}`);
  }
}

function fileName(uri: vscode.Uri): string {
  return uri.path.slice(uri.path.lastIndexOf('/') + 1) || uri.toString();
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
