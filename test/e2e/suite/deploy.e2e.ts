import * as assert from 'node:assert/strict';
import { describe, it } from 'mocha';
import * as vscode from 'vscode';
import { createdCount, exampleUri, openInEditor } from './helpers';

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
});
