import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { offerWalkthroughOnce, walkthroughOfferedKey, type WalkthroughHost } from '../../client/src/firstRunWalkthrough';
import { repositoryRoot } from '../helpers/paths';

/** A host recording the commands run, with an in-memory profile memento. */
function fakeHost(openOnInstall: boolean, failing = false) {
  const state = new Map<string, unknown>();
  const commands: unknown[][] = [];
  const host: WalkthroughHost = {
    extensionId: 'pearl-tools.pearl-language-tools',
    openOnInstall,
    globalState: {
      get: (key) => state.get(key),
      update: async (key, value) => void state.set(key, value),
    },
    executeCommand: async (command, ...args) => {
      commands.push([command, ...args]);
      if (failing) throw new Error("command 'workbench.action.openWalkthrough' not found");
    },
  };
  return { host, commands, state };
}

describe('the walkthrough on the first activation', () => {
  it('opens "Get started with Pearl" the first time, and never again in that profile', async () => {
    const { host, commands } = fakeHost(true);
    assert.equal(await offerWalkthroughOnce(host), true);
    assert.deepEqual(commands, [['workbench.action.openWalkthrough', 'pearl-tools.pearl-language-tools#gettingStarted', false]]);
    assert.equal(await offerWalkthroughOnce(host), false);
    assert.equal(commands.length, 1);
  });

  it('opens nothing when walkthroughs.openOnInstall is off', async () => {
    const { host, commands, state } = fakeHost(false);
    assert.equal(await offerWalkthroughOnce(host), false);
    assert.deepEqual(commands, []);
    assert.equal(state.has(walkthroughOfferedKey), false);
  });

  it('does not repeat the offer after the command failed, and does not throw', async () => {
    const { host, commands } = fakeHost(true, true);
    assert.equal(await offerWalkthroughOnce(host), false);
    assert.equal(await offerWalkthroughOnce(host), false);
    assert.equal(commands.length, 1);
  });

  it('names a walkthrough package.json contributes', async () => {
    const manifest = JSON.parse(readFileSync(join(repositoryRoot, 'package.json'), 'utf8')) as {
      contributes: { walkthroughs: { id: string }[] };
    };
    assert.ok(manifest.contributes.walkthroughs.some((walkthrough) => walkthrough.id === 'gettingStarted'));
  });
});
