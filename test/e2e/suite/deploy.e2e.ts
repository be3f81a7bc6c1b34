import * as assert from 'node:assert/strict';
import { before, describe, it } from 'mocha';
import * as vscode from 'vscode';
import { createdCount, exampleUri, openInEditor, requireFeature } from './helpers';

// What needs the user (the token box, the modal confirmation) is driven by the UI pass; here, the
// refusals that come before either.
describe('deploy', () => {
  before(async function () {
    await requireFeature(this, 'deploy', ['pearl.deploy']);
  });

  it('a file with Error diagnostics is refused before anything is asked or sent', async function () {
    if (!process.env.PEARL_E2E_STANDIN_URL) this.skip();
    const before = await createdCount();
    const uri = exampleUri('broken/graph.pearl.json');
    await openInEditor(uri);
    const outcome = await vscode.commands.executeCommand<{ status: string; reason?: string }>('pearl.deploy', uri);
    assert.deepEqual(outcome, { status: 'refused', reason: 'errors in file' });
    assert.equal(await createdCount(), before, 'the stand-in received a create request');
  });
});
