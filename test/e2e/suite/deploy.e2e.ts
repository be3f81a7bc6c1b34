import * as assert from 'node:assert/strict';
import { describe, it } from 'mocha';
import * as vscode from 'vscode';
import { codeOf, createdCount, exampleUri, openInEditor, waitFor } from './helpers';

// What needs the user (the token box, the modal confirmation) is driven by the UI pass; here, the
// refusals that come before either.
describe('deploy', () => {
  it('a file with Error diagnostics is refused before anything is asked or sent', async () => {
    assert.ok(process.env.PEARL_E2E_STANDIN_URL, 'the harness runs the Pearl service stand-in and gives its URL (PEARL_E2E_STANDIN_URL)');
    const before = await createdCount();
    const uri = exampleUri('broken/graph.pearl.json');
    await openInEditor(uri);
    const outcome = await vscode.commands.executeCommand<{ status: string; reason?: string }>('pearl.deploy', uri);
    assert.deepEqual(outcome, { status: 'refused', reason: 'errors in file' });
    assert.equal(await createdCount(), before, 'the stand-in received a create request');
  });

  it('a file with a value left to fill (a template placeholder) is refused before anything is asked or sent', async () => {
    const before = await createdCount();
    const clean = await vscode.workspace.fs.readFile(exampleUri('clinic-reminders.pearl.json'));
    const content = Buffer.from(clean).toString('utf8').replace('"tc_4f9a21c7e3b8"', '"<your text channel id>"');
    assert.ok(content.includes('<your text channel id>'), 'the example no longer has that textChannelId');
    const document = await vscode.workspace.openTextDocument({ language: 'pearl', content });
    await vscode.window.showTextDocument(document, { preview: false });
    await waitFor('the placeholder to be reported', () =>
      vscode.languages.getDiagnostics(document.uri).some((diagnostic) => codeOf(diagnostic) === 'template-placeholder'),
    );
    const outcome = await vscode.commands.executeCommand<{ status: string; reason?: string }>('pearl.deploy', document.uri);
    assert.deepEqual(outcome, { status: 'refused', reason: 'placeholders in file' });
    assert.equal(await createdCount(), before, 'the stand-in received a create request');
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });
});
