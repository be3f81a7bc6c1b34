import * as vscode from 'vscode';
import type { PearlGraphNode } from '../../../server/src/protocol';
import type { QuickFixTitle } from './messages';

/**
 * The quick fixes of one graph node's diagnostics, for the designer's side panel: the code actions
 * the editor offers (`vscode.executeCodeActionProvider`, the language server's quick fixes among
 * them) over the node's range, kept until the next lookup so that the panel's click applies the
 * very action it showed.
 */
export class NodeQuickFixes {
  private last: { readonly key: string; readonly actions: readonly vscode.CodeAction[] } | undefined;

  /**
   * Looks up the quick fixes of `node`'s diagnostics in document `uri`. Each is matched to the
   * node's diagnostic it fixes (same message and start); actions fixing none of them are left out.
   */
  async list(uri: vscode.Uri, node: PearlGraphNode): Promise<QuickFixTitle[]> {
    const range = new vscode.Range(node.range.start.line, node.range.start.character, node.range.end.line, node.range.end.character);
    const found = (await vscode.commands.executeCommand<(vscode.CodeAction | vscode.Command)[] | undefined>(
      'vscode.executeCodeActionProvider',
      uri,
      range,
      vscode.CodeActionKind.QuickFix.value,
    )) ?? [];
    const actions: vscode.CodeAction[] = [];
    const titles: QuickFixTitle[] = [];
    for (const action of found) {
      if (!('diagnostics' in action) || action.diagnostics === undefined) continue;
      for (const fixed of action.diagnostics) {
        const diagnostic = node.diagnostics.findIndex(
          (candidate) => candidate.message === fixed.message && candidate.range.start.line === fixed.range.start.line && candidate.range.start.character === fixed.range.start.character,
        );
        if (diagnostic === -1) continue;
        titles.push({ title: action.title, index: actions.length, diagnostic });
        actions.push(action);
        break;
      }
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
