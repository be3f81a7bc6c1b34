import * as assert from 'node:assert/strict';
import { describe, it } from 'mocha';
import * as vscode from 'vscode';
import { codeOf, createdCount, exampleUri, openInEditor, pearlExtension, waitFor } from './helpers';

// Run only by the harness's Restricted Mode pass (PEARL_E2E_RESTRICTED=1): workspace trust on, the
// workspace not trusted (index.ts selects this file alone then, and leaves it out otherwise).
describe('Restricted Mode (an untrusted workspace)', () => {
  it('the workspace is not trusted', () => {
    assert.equal(vscode.workspace.isTrusted, false);
  });

  it('language features work: the extension activates and publishes diagnostics', async () => {
    const uri = exampleUri('broken/graph.pearl.json');
    await openInEditor(uri);
    await waitFor('the extension to activate', () => pearlExtension().isActive);
    const diagnostics = await waitFor('diagnostics of broken/graph.pearl.json', () => {
      const list = vscode.languages.getDiagnostics(uri);
      return list.length > 0 ? list : undefined;
    });
    assert.ok(
      diagnostics.some((diagnostic) => codeOf(diagnostic)?.startsWith('graph-')),
      diagnostics.map(codeOf).join(', '),
    );
  });

  it('deploy is refused before anything is asked or sent', async () => {
    const uri = exampleUri('clinic-reminders.pearl.json');
    await openInEditor(uri);
    const before = process.env.PEARL_E2E_STANDIN_URL ? await createdCount() : 0;
    const outcome = await vscode.commands.executeCommand<{ status: string; reason?: string }>('pearl.deploy', uri);
    assert.deepEqual(outcome, { status: 'refused', reason: 'workspace not trusted' });
    if (process.env.PEARL_E2E_STANDIN_URL) assert.equal(await createdCount(), before, 'the stand-in received a create request');
  });

  it('the Pearls view commands are refused before anything is asked or sent', async () => {
    for (const command of [
      'pearl.pearls.run',
      'pearl.pearls.pause',
      'pearl.pearls.openLiveSettings',
      'pearl.pearls.compareWithFile',
      'pearl.pearls.import',
      'pearl.pearls.showAnalytics',
      'pearl.calls.placeTestCall',
      'pearl.calls.forgetCustomer',
      'pearl.calls.open',
    ]) {
      const outcome = await vscode.commands.executeCommand<{ status: string; reason?: string }>(command, 'prl_seed_1');
      assert.deepEqual(outcome, { status: 'refused', reason: 'workspace not trusted' }, command);
    }
  });
});
