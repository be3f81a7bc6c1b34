import { describe, test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { renderRestrictedStatus } from '../../client/src/ongoingCalls/ongoingCallsStatus';
import {
  isFeatureEnabled,
  manageWorkspaceTrustCommand,
  manageWorkspaceTrustLabel,
  restrictedModeReason,
} from '../../client/src/trust/restrictedMode';

interface MenuEntry {
  command: string;
  when?: string;
}

interface Manifest {
  activationEvents: string[];
  capabilities?: { untrustedWorkspaces?: { supported?: unknown; description?: string } };
  contributes: { menus: Record<string, MenuEntry[]>; commands: { command: string; enablement?: string }[] };
}

function repoRoot(): string {
  for (let dir = __dirname; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json')) && fs.existsSync(path.join(dir, 'client'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no repository root above ${__dirname}`);
  }
}

const manifest = JSON.parse(fs.readFileSync(path.join(repoRoot(), 'package.json'), 'utf8')) as Manifest;

describe('Restricted Mode', () => {
  test('the manifest declares limited support in untrusted workspaces, and says what is off', () => {
    const untrusted = manifest.capabilities?.untrustedWorkspaces;
    assert.equal(untrusted?.supported, 'limited');
    assert.equal(
      untrusted?.description,
      'In Restricted Mode, every language feature and the graph preview work; Deploy, the Pearls view and the ongoing-calls status bar are turned off, since they send your API token to the service.',
    );
  });

  test('language features stay on: activation and the graph preview do not depend on trust', () => {
    // The call view and the analytics page restore after a reload only in a trusted workspace (their
    // serializers close them otherwise); activating for them is harmless.
    assert.deepEqual(manifest.activationEvents, [
      'onLanguage:pearl',
      'onWebviewPanel:pearl.graphPreview',
      'onWebviewPanel:pearl.callView',
      'onWebviewPanel:pearl.analytics',
    ]);
    const all = Object.values(manifest.contributes.menus).flat();
    for (const entry of all.filter((item) => item.command === 'pearl.openGraphPreview'))
      assert.doesNotMatch(entry.when ?? '', /isWorkspaceTrusted/);
    // The only enablement is the server's (serverGate.ts), which runs in Restricted Mode too.
    for (const command of manifest.contributes.commands)
      assert.ok([undefined, 'pearl.serverRunning'].includes(command.enablement), `${command.command} stays invocable, to say why`);
  });

  test('the Deploy button of the editor title shows only in a trusted workspace, not on the web; the palette entry stays, to say why', () => {
    const title = manifest.contributes.menus['editor/title'].find((item) => item.command === 'pearl.deploy');
    assert.equal(title?.when, 'resourceLangId == pearl && isWorkspaceTrusted && !pearl.webHost');
    const palette = manifest.contributes.menus.commandPalette.find((item) => item.command === 'pearl.deploy');
    assert.equal(palette?.when, 'editorLangId == pearl');
  });

  test('deploy and the status bar are enabled only in a trusted workspace', () => {
    assert.equal(isFeatureEnabled('deploy', true), true);
    assert.equal(isFeatureEnabled('deploy', false), false);
    assert.equal(isFeatureEnabled('ongoingCalls', true), true);
    assert.equal(isFeatureEnabled('ongoingCalls', false), false);
  });

  test('the reasons say what is off and why, in plain words', () => {
    assert.equal(
      restrictedModeReason('deploy'),
      'Deploy is turned off in Restricted Mode: it sends this file and your API token to the service. Trust this workspace to use it.',
    );
    assert.equal(
      restrictedModeReason('ongoingCalls'),
      'The ongoing-calls count is turned off in Restricted Mode: reading it sends your API token to the service. Trust this workspace to use it.',
    );
    assert.equal(manageWorkspaceTrustCommand, 'workbench.trust.manage');
    assert.equal(manageWorkspaceTrustLabel, 'Manage Workspace Trust');
  });

  test('the status item says the count is off, names the Pearl, and opens the trust editor on click', () => {
    const status = renderRestrictedStatus('pearl-1', { pearlName: 'Front *desk*', baseUrl: 'https://api.nlpearl.ai' });
    assert.equal(status.visible, true);
    assert.equal(status.text, '$(workspace-untrusted) Pearl calls: off');
    assert.equal(status.command, manageWorkspaceTrustCommand);
    assert.equal(status.backgroundColorId, undefined);
    assert.match(status.tooltip, /`pearl-1` Front \\\*desk\\\*/);
    assert.ok(status.tooltip.includes(restrictedModeReason('ongoingCalls')), status.tooltip);
    assert.ok(status.tooltip.endsWith('Click to manage workspace trust.'), status.tooltip);
  });
});
