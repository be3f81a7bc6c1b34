import * as vscode from 'vscode';
import { type BaseLanguageClient, CodeActionKind, CodeActionRequest } from 'vscode-languageclient';
import { CodeAction as LspCodeAction, type Diagnostic } from 'vscode-languageserver-types';
import type { PearlGraphNode } from '#protocol/pearlRequests';
import type { QuickFixTitle } from '#protocol/graphPreviewMessages';

/**
 * The quick fixes of one graph node's diagnostics, for the designer's side panel: the language
 * server's code actions (`textDocument/codeAction` over the node's range, with the node's
 * diagnostics as the context, kind `quickfix`), kept until the next lookup so that the panel's
 * click applies the very action it showed.
 *
 * The server is asked directly rather than through `vscode.executeCodeActionProvider`, whose
 * answer leaves out the diagnostics each action fixes (needed to list a fix under its problem),
 * and whose context holds the editor's diagnostics, which arrive a moment after the graph's.
 */
export class NodeQuickFixes {
  private last: { readonly key: string; readonly actions: readonly vscode.CodeAction[] } | undefined;

  /**
   * Looks up the quick fixes of `node`'s diagnostics in document `uri`. Each is matched to the
   * node's diagnostic it fixes (same message and start); actions fixing none of them are left out.
   */
  async list(client: BaseLanguageClient, uri: vscode.Uri, node: PearlGraphNode): Promise<QuickFixTitle[]> {
    const found =
      (await client.sendRequest(CodeActionRequest.type, {
        textDocument: { uri: client.code2ProtocolConverter.asUri(uri) },
        range: node.range,
        context: { diagnostics: [...node.diagnostics], only: [CodeActionKind.QuickFix] },
      })) ?? [];
    const actions: vscode.CodeAction[] = [];
    const titles: QuickFixTitle[] = [];
    for (const action of found) {
      if (!LspCodeAction.is(action) || action.diagnostics === undefined) continue;
      const fixedDiagnostics = action.diagnostics;
      const diagnostic = node.diagnostics.findIndex((candidate) => fixedDiagnostics.some((fixed) => isSameDiagnostic(fixed, candidate)));
      if (diagnostic === -1) continue;
      titles.push({ title: action.title, index: actions.length, diagnostic });
      actions.push(await client.protocol2CodeConverter.asCodeAction(action));
    }
    this.last = { key: node.key, actions };
    return titles;
  }

  /** Applies fix `index` of the last list for node `key` (its edit, then its command). False when it is gone. */
  async apply(key: string, index: number): Promise<boolean> {
    const action = this.last?.key === key ? this.last.actions[index] : undefined;
    if (action === undefined) return false;
    if (action.edit && !(await vscode.workspace.applyEdit(action.edit))) return false;
    if (action.command) await vscode.commands.executeCommand(action.command.command, ...((action.command.arguments ?? []) as unknown[]));
    return true;
  }
}

/** Whether `fixed` (from a code action) is the graph's `diagnostic`: same message and start. */
function isSameDiagnostic(fixed: Diagnostic, diagnostic: Diagnostic): boolean {
  return (
    fixed.message === diagnostic.message &&
    fixed.range.start.line === diagnostic.range.start.line &&
    fixed.range.start.character === diagnostic.range.start.character
  );
}
