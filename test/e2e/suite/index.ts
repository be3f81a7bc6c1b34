import * as fs from 'node:fs';
import * as path from 'node:path';
import Mocha from 'mocha';
import { writeReport } from './report';

/**
 * The extension-host test runner: VS Code (through `@vscode/test-electron`) or the harness (through
 * the workbench URL's `payload`) loads this file as `extensionTestsPath` and awaits `run()`; a
 * rejection means failure. Runs every `*.e2e.js` file next to this one with mocha (`PEARL_E2E_GREP`
 * selects tests by title), except `restrictedMode.e2e.js`, which runs alone when `PEARL_E2E_RESTRICTED=1`.
 * The files are not named `*.test.js`, so `npm test` (node --test, no VS Code) does not pick them up.
 */
export function run(): Promise<void> {
  const mocha = new Mocha({ ui: 'bdd', color: false, reporter: 'spec', timeout: 60_000, slow: 5_000 });
  // activation first: it checks that nothing activated the extension before a *.pearl.json opened.
  // The harness's Restricted Mode pass (PEARL_E2E_RESTRICTED=1) runs restrictedMode.e2e.js alone.
  const restricted = process.env.PEARL_E2E_RESTRICTED === '1';
  const files = fs
    .readdirSync(__dirname)
    .filter((name) => name.endsWith('.e2e.js') && (name === 'restrictedMode.e2e.js') === restricted)
    .sort((a, b) => Number(b === 'activation.e2e.js') - Number(a === 'activation.e2e.js') || a.localeCompare(b));
  for (const file of files) mocha.addFile(path.join(__dirname, file));
  const grep = process.env.PEARL_E2E_GREP;
  if (grep) mocha.grep(grep);
  return new Promise((resolve, reject) => {
    try {
      mocha.run((failures) => {
        writeReport({ failures });
        if (failures > 0) reject(new Error(`${failures} end-to-end test(s) failed.`));
        else resolve();
      });
    } catch (error) {
      reject(error);
    }
  });
}
