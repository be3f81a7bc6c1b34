/**
 * The designer's edits, host side, without VS Code: the webview's `graphEdit` message, and the
 * round trip it starts (ask the language server for the edit with `pearl/graphEdit`, check the
 * document did not move on, apply the edit, tell the user why when it is refused). The VS Code
 * bindings are in `graphEditClient.ts`; this part is tested in node with a fake host.
 */
import { LSPErrorCodes } from 'vscode-languageserver-protocol';
import type { WorkspaceEdit } from 'vscode-languageserver-types';
import { isGraphEdit } from './graphEditKinds';
import type { GraphEdit, GraphEditParams, GraphEditResult } from './pearlRequests';

/** Webview → host: a designer gesture, as an edit of the graph drawn from document `version`. */
export interface GraphEditMessage {
  readonly type: 'graphEdit';
  /** {@link PearlGraph.version} of the graph the gesture was made on. */
  readonly version: number;
  readonly edit: GraphEdit;
}

/**
 * Type guard for a `graphEdit` message from the webview: its envelope and its edit's shape, the
 * check the server runs on `pearl/graphEdit` too (`describeGraphEditShapeProblem`, derived from
 * each kind's declaration in graphEditKinds.ts).
 */
export function isGraphEditMessage(value: unknown): value is GraphEditMessage {
  if (typeof value !== 'object' || value === null) return false;
  const message = value as Record<string, unknown>;
  return message.type === 'graphEdit' && Number.isInteger(message.version) && isGraphEdit(message.edit);
}

/** What a graph edit needs from the editor: injected, so the round trip is testable without VS Code. */
export interface GraphEditHost {
  /** Sends `pearl/graphEdit`; rejects with the server's ResponseError (code and message) when refused. */
  sendGraphEdit(params: GraphEditParams): Promise<GraphEditResult | null>;
  /** The version of the open document `uri` now, or undefined when it is not open. */
  documentVersion(uri: string): number | undefined;
  /** Applies the edit as one undo step; false when the editor refused it. */
  applyEdit(edit: WorkspaceEdit): Promise<boolean>;
  /**
   * Tells the user why the edit was not made: the server's sentence as sent (it quotes names from
   * the file), which the host shows as plain text (the extension: `notify.ts`).
   */
  showRefusal(text: string): void;
  /** Tells the user that something failed unexpectedly (the host shows it as plain text). */
  showError(text: string): void;
  /** Writes a line to the "Pearl" output channel. */
  log(line: string): void;
}

const movedOn = 'The file changed while the edit was being prepared. Try again on the updated graph.';

/**
 * Performs one designer gesture on document `uri`: sends `pearl/graphEdit` for `message.version`,
 * then applies the returned edit with one `applyEdit` (one undo step) if the document is still at
 * that version. Resolves, once applied, to what to select ({@link GraphEditResult.select}, when
 * the edit created something), or to undefined when nothing was applied: a refusal
 * (`RequestFailed`) is shown as the server's sentence, anything else as an error and in the log.
 * Never rejects.
 */
export async function requestGraphEdit(
  host: GraphEditHost,
  uri: string,
  message: GraphEditMessage,
): Promise<{ readonly select?: string } | undefined> {
  let result: GraphEditResult | null;
  try {
    result = await host.sendGraphEdit({ textDocument: { uri }, version: message.version, edit: message.edit });
  } catch (error) {
    const { code, message: text } = (error ?? {}) as { code?: unknown; message?: unknown };
    if (code === LSPErrorCodes.RequestFailed && typeof text === 'string') {
      host.showRefusal(text);
    } else {
      const detail = error instanceof Error ? error.message : String(error);
      host.log(`Graph edit (${message.edit.kind}) failed for ${uri}: ${detail}`);
      host.showError(`The graph could not be changed: ${detail}`);
    }
    return undefined;
  }
  if (result === null) {
    host.showRefusal('The file is not open in the editor, so its graph cannot be changed.');
    return undefined;
  }
  if (host.documentVersion(uri) !== message.version) {
    host.showRefusal(movedOn);
    return undefined;
  }
  let applied: boolean;
  try {
    applied = await host.applyEdit(result.edit);
  } catch (error) {
    applied = false;
    host.log(`Graph edit (${message.edit.kind}) could not be applied to ${uri}: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (!applied) {
    host.showRefusal(movedOn);
    return undefined;
  }
  return result.select === undefined ? {} : { select: result.select };
}
