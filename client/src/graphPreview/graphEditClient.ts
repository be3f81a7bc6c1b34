import * as vscode from 'vscode';
import { graphEditRequest } from '#protocol/pearlRequests';
import type { PearlContext } from '../pearlContext';
import { type GraphEditHost, type GraphEditMessage, requestGraphEdit } from '#protocol/graphEditMessages';
import { showError, showWarning } from '../notify';

export { type GraphEditMessage, isGraphEditMessage } from '#protocol/graphEditMessages';

/**
 * Performs a designer gesture (the webview's `{ type: 'graphEdit', version, edit }` message) on the
 * Pearl document `uri`: asks the language server for the edit (`pearl/graphEdit`), applies it with
 * `workspace.applyEdit` as one undo step of the text editor when the document is still at
 * `version`, and shows a refusal's sentence (or a failure) as a plain notification. Resolves to
 * what to select once applied (`select`: the key of what was created), or undefined when nothing
 * was applied. `showRefusal`, when given, shows the refusal's sentence instead of a notification
 * (the designer shows it in the preview). Never rejects. Never saves: the file is left dirty like
 * after typing (no `isRefactoring` metadata, so VS Code's `files.refactoring.autoSave` does not
 * apply either); only the user's own `files.autoSave` saves it.
 */
export async function applyGraphEdit(
  ctx: PearlContext,
  uri: vscode.Uri,
  message: GraphEditMessage,
  showRefusal: (text: string) => void = (text) => void showWarning(text),
): Promise<{ readonly select?: string } | undefined> {
  const client = ctx.runningClient();
  if (client === undefined) return undefined;
  const host: GraphEditHost = {
    sendGraphEdit: (params) => client.sendRequest(graphEditRequest, params),
    documentVersion: (target) => vscode.workspace.textDocuments.find((document) => document.uri.toString() === target)?.version,
    applyEdit: async (edit) => vscode.workspace.applyEdit(await client.protocol2CodeConverter.asWorkspaceEdit(edit)),
    showRefusal,
    showError: (text) => void showError(text),
    log: (line) => ctx.outputChannel.appendLine(line),
  };
  return requestGraphEdit(host, client.code2ProtocolConverter.asUri(uri), message);
}
