import * as assert from 'node:assert/strict';
import { describe, it } from 'mocha';
import * as vscode from 'vscode';
import { exampleUri, openInEditor, pearlExtension, waitFor } from './helpers';

// What needs the token (listing, run/pause, live settings, compare, update) is driven by the UI pass
// (uiPearlsView.ts), where the token box is answered; here, what holds before any token.
describe('Pearls view', () => {
  it('its commands are registered', async () => {
    await pearlExtension().activate();
    const commands = await vscode.commands.getCommands(true);
    for (const command of [
      'pearl.pearls.refresh',
      'pearl.pearls.run',
      'pearl.pearls.pause',
      'pearl.pearls.openLiveSettings',
      'pearl.pearls.compareWithFile',
      'pearl.pearls.import',
      'pearl.pearls.openDeployedFile',
      'pearl.revealInPearlsView',
      'pearl.pearlsView.focus',
    ]) {
      assert.ok(commands.includes(command), `${command} is not registered`);
    }
  });

  it('a pearl-live document (live settings, compare sides) has the pearl language, and the language server checks it', async () => {
    const uri = vscode.Uri.from({ scheme: 'pearl-live', path: '/live/prl_e2e/front-desk.pearl.json' });
    const document = await vscode.workspace.openTextDocument(uri);
    assert.equal(document.languageId, 'pearl');
    await vscode.window.showTextDocument(document);
    const diagnostics = await waitFor('the language server to publish diagnostics for the pearl-live document', () => {
      const list = vscode.languages.getDiagnostics(uri);
      return list.length > 0 ? list : undefined;
    });
    assert.ok(
      diagnostics.every((diagnostic) => diagnostic.source === 'pearl'),
      diagnostics.map((diagnostic) => diagnostic.source).join(', '),
    );
  });

  it('Reveal in Pearls View on a file never deployed says it is linked to no Pearl', async () => {
    const uri = exampleUri('outbound-voice.pearl.json');
    await openInEditor(uri);
    const outcome = await vscode.commands.executeCommand<{ status: string; reason?: string }>('pearl.revealInPearlsView', uri);
    assert.deepEqual(outcome, { status: 'refused', reason: 'no deployment' });
  });
});
