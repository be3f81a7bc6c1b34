import * as vscode from 'vscode';

/**
 * The document a command run without a resource acts on (deploy, graph preview): the active text
 * editor's, whatever its language (the caller says when it is not a Pearl). When no text editor is
 * active (a walkthrough step on the Welcome page, a webview or another non-text editor has the
 * focus), the one `pearl` document shown in a visible editor, else the one `pearl` document open in
 * a tab. Undefined when there is none, or more than one to choose from.
 */
export function activePearlDocument(): vscode.TextDocument | undefined {
  const active = vscode.window.activeTextEditor?.document;
  if (active !== undefined) return active;
  const visible = new Set(
    vscode.window.visibleTextEditors.map((editor) => editor.document).filter((document) => document.languageId === 'pearl'),
  );
  if (visible.size > 0) return visible.size === 1 ? [...visible][0] : undefined;
  const tabbed = new Set(
    vscode.window.tabGroups.all
      .flatMap((group) => group.tabs)
      .map((tab) => (tab.input instanceof vscode.TabInputText ? tab.input.uri.toString() : undefined)),
  );
  const open = vscode.workspace.textDocuments.filter((document) => document.languageId === 'pearl' && tabbed.has(document.uri.toString()));
  return open.length === 1 ? open[0] : undefined;
}
