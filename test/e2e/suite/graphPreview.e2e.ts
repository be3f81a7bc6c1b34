import * as assert from 'node:assert/strict';
import { describe, it } from 'mocha';
import * as vscode from 'vscode';
import { exampleUri, openInEditor, waitFor } from './helpers';

/** The webview tabs open in the window. */
function webviewTabs(): vscode.Tab[] {
  return vscode.window.tabGroups.all.flatMap((group) => group.tabs).filter((tab) => tab.input instanceof vscode.TabInputWebview);
}

// What the webview draws (the example's nodes) is checked by the UI pass, which can see into it.
describe('graph preview', () => {
  it('pearl.openGraphPreview opens a webview for the active *.pearl.json', async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await openInEditor(exampleUri('clinic-reminders.pearl.json'));
    await vscode.commands.executeCommand('pearl.openGraphPreview');
    const tab = await waitFor('a webview tab', () => webviewTabs()[0], {
      describeLast: () => JSON.stringify(vscode.window.tabGroups.all.flatMap((group) => group.tabs.map((t) => t.label))),
    });
    assert.match((tab.input as vscode.TabInputWebview).viewType, /pearl/i);
    // The file's editor stays open next to it.
    const editors = vscode.window.visibleTextEditors.map((editor) => editor.document.uri.path);
    assert.ok(
      editors.some((file) => file.endsWith('/clinic-reminders.pearl.json')),
      `visible editors: ${editors.join(', ')}`,
    );
  });
});
