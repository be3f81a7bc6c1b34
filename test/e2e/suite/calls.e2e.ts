import * as assert from 'node:assert/strict';
import { describe, it } from 'mocha';
import * as vscode from 'vscode';
import { exampleUri, openInEditor, pearlExtension } from './helpers';

// The calls of the Pearls view (docs/user/calls.md). What needs the token (the calls under a Pearl,
// a call's tab, the test call's modal) is not driven here; here, what holds before any token.
describe('Calls', () => {
  it('its commands are registered', async () => {
    await pearlExtension().activate();
    const commands = await vscode.commands.getCommands(true);
    for (const command of [
      'pearl.calls.open',
      'pearl.calls.loadMore',
      'pearl.calls.filter',
      'pearl.calls.clearFilters',
      'pearl.calls.walkWithValues',
      'pearl.calls.placeTestCall',
      'pearl.calls.forgetCustomer',
    ]) {
      assert.ok(commands.includes(command), `${command} is not registered`);
    }
  });

  it("Walk with this call's values without an open call says so and opens nothing", async () => {
    const before = vscode.window.tabGroups.all.flatMap((group) => group.tabs).length;
    const outcome = await vscode.commands.executeCommand<string>('pearl.calls.walkWithValues');
    assert.equal(outcome, 'refused');
    assert.equal(vscode.window.tabGroups.all.flatMap((group) => group.tabs).length, before);
  });
});

// The analytics page (docs/user/analytics.md); the page itself is driven by the UI pass (uiCalls.ts).
describe('Analytics', () => {
  it('Show Analytics on a Pearl file never deployed says it is linked to no Pearl and opens nothing', async () => {
    await pearlExtension().activate();
    const uri = exampleUri('outbound-voice.pearl.json');
    await openInEditor(uri);
    const before = vscode.window.tabGroups.all.flatMap((group) => group.tabs).length;
    const outcome = await vscode.commands.executeCommand<{ status: string; reason?: string }>('pearl.pearls.showAnalytics', uri);
    assert.deepEqual(outcome, { status: 'refused', reason: 'no deployment' });
    assert.equal(vscode.window.tabGroups.all.flatMap((group) => group.tabs).length, before);
  });
});
