import { describe, test } from 'node:test';
import * as assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { sha256Hex } from '../../client/src/contentHash';
import { webUnavailableReason } from '../../client/src/host/webReasons';

const root = path.resolve(__dirname, '../../..');

describe('sha256Hex (Web Crypto, on both extension hosts)', () => {
  test('gives the value node:crypto gave the deployment records kept so far', async () => {
    for (const text of ['', '{"name":"Support"}', 'é ✓ 𝄞 "quoted"\n', 'x'.repeat(100_000)]) {
      assert.equal(await sha256Hex(text), createHash('sha256').update(text, 'utf8').digest('hex'));
    }
  });
});

describe('what VS Code for the Web turns off', () => {
  test('each feature says it is off on the web, why, and where it works', () => {
    assert.match(webUnavailableReason('deploy'), /^Deploy is off in VS Code for the Web: .*other sites\. Use VS Code on the desktop/);
    assert.match(webUnavailableReason('pearlsView'), /^The Pearls view is off in VS Code for the Web/);
    assert.match(webUnavailableReason('ongoingCalls'), /^The ongoing-calls count is off in VS Code for the Web/);
  });

  test('every command of deploy, the status bar and the Pearls view has a web stand-in that says why', () => {
    const source = fs.readFileSync(path.join(root, 'client/src/host/webUnavailable.ts'), 'utf8');
    const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
      contributes: { commands: { command: string }[] };
    };
    const serviceCommands = manifest.contributes.commands
      .map(({ command }) => command.replace(/^pearl\./, ''))
      .filter((command) => /^(deploy|setApiToken|signOut|watchOngoingCalls|ongoingCallsMenu|pearls\.|revealInPearlsView)/.test(command));
    assert.ok(serviceCommands.length >= 13);
    for (const command of serviceCommands) assert.ok(source.includes(`'${command}'`), `pearl.${command} has no web stand-in`);
  });
});
