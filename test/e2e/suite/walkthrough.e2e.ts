import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'mocha';
import * as vscode from 'vscode';
import { exampleUri, extensionId, openInEditor, pearlExtension, waitFor } from './helpers';

interface WalkthroughStep {
  id: string;
  title: string;
  description: string;
  media: { markdown?: string; image?: string };
}

describe('getting-started walkthrough', () => {
  it('six steps, each with a button running a registered command and media shipped in the extension', async () => {
    const extension = pearlExtension();
    await extension.activate();
    const walkthroughs = (extension.packageJSON as { contributes: { walkthroughs: { steps: WalkthroughStep[] }[] } }).contributes
      .walkthroughs;
    const steps = walkthroughs[0].steps;
    assert.deepEqual(
      steps.map((step) => step.title),
      ['Create a Pearl', 'See the problems', 'Open the graph', 'Set your API token', 'Deploy', 'Watch the calls'],
    );
    const registered = new Set(await vscode.commands.getCommands(true));
    for (const step of steps) {
      // A walkthrough shows a link alone on its line as a button.
      const buttons = [...step.description.matchAll(/^\[[^\]]+\]\(command:([\w.]+)\)$/gm)].map((match) => match[1]);
      assert.equal(buttons.length, 1, `${step.title}: one button`);
      assert.ok(registered.has(buttons[0]), `${step.title}: ${buttons[0]} is not a registered command`);
      const media = step.media.markdown ?? step.media.image;
      assert.ok(
        media !== undefined && fs.existsSync(path.join(extension.extensionPath, media)),
        `${step.title}: ${media} is not in the installed extension`,
      );
    }
  });

  it('a step button with the Welcome page (a non-text editor) focused deploys the Pearl shown beside it (was: no Pearl document)', async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const uri = exampleUri('broken/graph.pearl.json');
    await openInEditor(uri);
    await vscode.commands.executeCommand('workbench.action.openWalkthrough', `${extensionId}#gettingStarted`, true);
    await waitFor('the Welcome page to take the focus from the text editor', () => vscode.window.activeTextEditor === undefined);
    const outcome = await vscode.commands.executeCommand<{ status: string; reason?: string }>('pearl.deploy');
    assert.deepEqual(outcome, { status: 'refused', reason: 'errors in file' }, 'the deploy did not find the Pearl shown in the editor');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });
});
