import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { getCreatedPearls, setStandInFault } from './standIn';
import { type PearlsViewChecks, standInPearls } from './uiPearlsView';
import { pollUntil } from './workbench';

/**
 * Issue 19, item 12: the stand-in creates the Pearl, then resets the connection after the 200
 * headers. The notification must say the Pearl may exist (never "could not reach"), and its
 * "Look in the Pearls View" button must show the Pearls view with the Pearl the broken answer made.
 */
export async function checkDeployInterrupted({ workbench, standIn, shot }: PearlsViewChecks, file: string): Promise<void> {
  assert.ok(await setStandInFault(standIn, { fault: 'resetAfterHeaders' }), 'the stand-in refuses the resetAfterHeaders fault');
  try {
    await workbench.openFile(file);
    await workbench.focusEditor(path.basename(file));
    const before = (await getCreatedPearls(standIn)).length;
    await workbench.runCommand('Pearl: Deploy');
    const dialog = await workbench.dialog();
    await dialog
      .locator('.monaco-button', { hasText: /^(Create Pearl|Create a new Pearl|Create a new Pearl and keep both running)$/ })
      .first()
      .click();
    const text = await workbench.waitForNotification(/may have been created anyway/);
    assert.doesNotMatch(text, /could not reach/i);
    const created = await pollUntil('the stand-in to record the Pearl', async () => {
      const list = await getCreatedPearls(standIn);
      return list.length > before ? list[list.length - 1] : undefined;
    });
    const toast = workbench.page.locator('.notifications-toasts .notification-toast', { hasText: 'may have been created anyway' }).first();
    await shot('deploy-interrupted', toast);
    await toast.locator('.monaco-button', { hasText: 'Look in the Pearls View' }).click();
    const name = (await standInPearls(standIn)).find((pearl) => pearl.id === created.id)?.request.name ?? '';
    const pane = workbench.page.locator('[id="workbench.view.extension.pearl-explorer"]');
    const expected = (await standInPearls(standIn)).filter((pearl) => pearl.request.name === name).length;
    let shown = 0;
    await pollUntil(
      'the Pearls view to list every Pearl of that name, the new one included',
      async () => {
        const labels = await pane.locator('.monaco-list-row .label-name').allTextContents();
        shown = labels.filter((label) => label === name).length;
        return shown === expected;
      },
      { describeLast: () => `${shown} rows named ${JSON.stringify(name)}, ${expected} Pearls of that name on the stand-in` },
    );
    await shot('deploy-interrupted-pearls-view', pane);
  } finally {
    await setStandInFault(standIn, { fault: 'none' });
  }
}
