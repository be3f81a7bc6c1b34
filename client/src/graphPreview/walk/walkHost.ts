import * as vscode from 'vscode';
import { type WalkCoverage, walkCoverageRequest, walkRequest } from '../../../../protocol/pearlRequests';
import type { WalkHostMessage, WalkPageMessage } from '../../../../protocol/walkPanelMessages';
import type { WalkInput, WalkResponse, WalkTrace } from '../../../../protocol/walkTypes';
import type { PearlContext } from '../../pearlContext';
import { askModal, showInformation } from '../../notify';
import { serverNotRunningMessage } from '../../serverGate';
import { maxWalkResponseBytes, refusalOf, sendWalkRequest, walkRequestTimeoutMs } from './walkRequestSender';
import { planWalksFileChange, walkNamesIn, walksFileName } from './walksFileEdit';

/**
 * The host side of the walk panel (issue 18, docs/user/walks.md § Walk a conversation) for one graph preview: every trace
 * comes from the language server (`pearl/walk`), the saved walks' coverage from
 * `pearl/walkCoverage`; **Send** sends the request of the node the walk stands at, as the server
 * computes it (never what the page says), after a modal confirmation naming its method and URL,
 * and only in a trusted workspace; **Save as walk** appends the walk to the Pearl's walks file as
 * one `WorkspaceEdit`. Every outcome goes back to the page as a message; nothing here throws.
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

  /** Asks for a name and appends `walk` to the walks file beside the Pearl, as one edit. */
  private async save(walk: WalkInput): Promise<{ saved: boolean; text: string }> {
    if (this.uri.scheme === 'untitled') return { saved: false, text: 'Save the Pearl file first: its walks file goes beside it.' };
    const { trace, error } = await this.trace(walk);
    if (trace === null) return { saved: false, text: error ?? 'The walk could not be computed.' };
    if (trace.failure !== undefined)
      return { saved: false, text: `The walk stops at step ${trace.failure.step + 1}: go Back before saving it.` };
    const pearlName = fileName(this.uri);
    const target = vscode.Uri.joinPath(this.uri, '..', walksFileName(pearlName));
    const existing = await readText(target);
    const taken = new Set(existing === undefined ? [] : walkNamesIn(existing.text));
    const last = trace.frames[trace.frames.length - 1];
    const name = await vscode.window.showInputBox({
      title: `Save as walk in ${fileName(target)}`,
      prompt: 'Name the walk: what it checks, as a test would be named.',
      value: last === undefined ? 'A walk' : `Reaches ${last.name ?? last.nodeId ?? last.typeName}`,
      validateInput: (value) =>
        value.trim() === ''
          ? 'Give the walk a name.'
          : taken.has(value.trim())
            ? `A walk named "${value.trim()}" is already in the file.`
            : undefined,
    });
    if (name === undefined) return { saved: false, text: 'Not saved.' };
    const change = planWalksFileChange(existing?.text, pearlName, {
      name: name.trim(),
      variables: walk.variables ?? {},
      steps: walk.steps,
      end: trace.ended,
    });
    if (change.kind === 'refused') return { saved: false, text: `${fileName(target)}: ${change.message}` };
    const edit = new vscode.WorkspaceEdit();
    if (change.kind === 'create' || existing === undefined) {
      edit.createFile(target, { ignoreIfExists: false });
      edit.insert(target, new vscode.Position(0, 0), change.kind === 'create' ? change.text : '');
    } else {
      const document = existing.document;
      edit.replace(
        target,
        new vscode.Range(document.positionAt(change.offset), document.positionAt(change.offset + change.length)),
        change.text,
      );
    }
    if (!(await vscode.workspace.applyEdit(edit))) return { saved: false, text: `${fileName(target)} could not be changed.` };
    // Save it unless it held unsaved changes of the user's before: the walk is then on disk for pearl-lint and the coverage.
    if (existing === undefined || !existing.wasDirty) await (await vscode.workspace.openTextDocument(target)).save();
    void showInformation(`Saved the walk "${name.trim()}" in ${fileName(target)}.`, 'Open Walks File').then((choice) => {
      if (choice !== undefined) void vscode.window.showTextDocument(target, { preview: false });
    });
    return { saved: true, text: `Saved as "${name.trim()}" in ${fileName(target)}.` };
  }

  private log(line: string): void {
    this.ctx.outputChannel.appendLine(`Graph preview: ${line}`);
  }
}

/** The walks file's text and its document, or undefined when there is no such file. */
async function readText(uri: vscode.Uri): Promise<{ text: string; document: vscode.TextDocument; wasDirty: boolean } | undefined> {
  try {
    await vscode.workspace.fs.stat(uri);
  } catch {
    return undefined;
  }
  const document = await vscode.workspace.openTextDocument(uri);
  return { text: document.getText(), document, wasDirty: document.isDirty };
}

function fileName(uri: vscode.Uri): string {
  return uri.path.slice(uri.path.lastIndexOf('/') + 1) || uri.toString();
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
