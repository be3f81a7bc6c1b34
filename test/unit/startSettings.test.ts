import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { userSettings } from '../e2e/harness/runFolder';

test('npm start shows the Pearl walkthrough first to a first-time user; the tests keep walkthroughs closed', () => {
  const firstTime = userSettings({ 'pearl.api.baseUrl': 'http://127.0.0.1:1' }, 'first-time user');
  assert.equal(firstTime['workbench.startupEditor'], 'welcomePage');
  assert.equal(firstTime['workbench.welcomePage.walkthroughs.openOnInstall'], true);
  assert.equal(firstTime['pearl.api.baseUrl'], 'http://127.0.0.1:1');
  const tests = userSettings({});
  assert.equal(tests['workbench.startupEditor'], 'none');
  assert.equal(tests['workbench.welcomePage.walkthroughs.openOnInstall'], false);
  // scripts/start.mjs writes the settings for a first-time user.
  const start = fs.readFileSync(path.resolve(__dirname, '../../../scripts/start.mjs'), 'utf8');
  assert.match(start, /writeUserSettings\([^;]*'first-time user'\);/);
  // Its URL opens an example Pearl (the extension starts and opens its walkthrough) and skips VS
  // Code's own Welcome page, whose "Setup VS Code Web" walkthrough would come first.
  assert.match(start, /\['openFile', remoteUri\(server\.url, firstFile\)\]/);
  assert.match(start, /\['skipWelcome', 'true'\]/);
  assert.match(start, /workbenchUrl\(server\.url, run\.workspace, payload\)/);
});
