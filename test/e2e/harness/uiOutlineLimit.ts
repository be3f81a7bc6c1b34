/**
 * The UI pass's check of `pearl.maxItemsComputed`: a generated 2,000-node Pearl (some 6,800 outline
 * symbols, past the default 5,000) opened; the language status in the status bar warns that its
 * outline was cut, and its hover says how far, with a Configure link; a small Pearl opened after it
 * has no such warning. The large file is closed and removed at the end.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { RunFolder } from './runFolder';
import { pollUntil, type Workbench } from './workbench';

// bench/pearlGenerator.ts is in the bench project, built beside this one (see test/helpers/fixtures.ts).
const { generateShapedPearl } = require('../../../bench/pearlGenerator') as {
  generateShapedPearl(shape: 'mix', nodeCount: number): string;
};

/** What the check needs from the UI pass: its workbench and run, and how it records a screenshot. */
export interface OutlineLimitContext {
  readonly workbench: Workbench;
  readonly run: RunFolder;
  readonly shot: (name: string) => Promise<void>;
  /** A small Pearl of the workspace, relative to its root. */
  readonly smallPearl: string;
}

/** The check's body (run inside the UI pass's `check`); throws on failure. */
export async function checkOutlineLimit({ workbench, run, shot, smallPearl }: OutlineLimitContext): Promise<void> {
  const page = workbench.page;
  const relative = 'generated/outline-2000.pearl.json';
  const file = path.join(run.workspace, relative);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, generateShapedPearl('mix', 2_000));

  await workbench.runCommand('View: Close All Editors');
  await workbench.openFile(relative);
  // The language status entry beside the language mode; its hover lists the items of the file's language.
  const entry = page.locator('#workbench\\.parts\\.statusbar [id="status.languageStatus"]');
  const detail = page.locator('.monaco-hover .hover-language-status', { hasText: 'Outline' });
  await pollUntil(
    'the language status to say the outline was cut',
    async () => {
      if (!(await entry.isVisible().catch(() => false))) return false;
      if (!(await detail.isVisible().catch(() => false))) await entry.click().catch(() => undefined);
      const text = (await detail.textContent().catch(() => '')) ?? '';
      return /only 5,000 symbols shown, for performance/.test(text) && /Configure/.test(text) ? text : false;
    },
    { timeoutMs: 60_000, intervalMs: 500 },
  );
  await shot('outline-limit-language-status');
  await page.keyboard.press('Escape');

  // A small Pearl's outline is whole: no warning while it is the active file.
  await workbench.openFile(smallPearl);
  await pollUntil(
    'the language status without the outline warning',
    async () => {
      // No language status item at all for the file: the entry is not shown.
      if (!(await entry.isVisible().catch(() => false))) return true;
      await entry.click().catch(() => undefined);
      const hover = page.locator('.monaco-hover .hover-language-status').first();
      if (!(await hover.isVisible().catch(() => false))) return false;
      const shown = (await detail.count()) > 0;
      await page.keyboard.press('Escape');
      return !shown;
    },
    { timeoutMs: 30_000, intervalMs: 500 },
  );
  await workbench.runCommand('View: Close All Editors');
  // Its 200 or so warnings leave the Problems view with it (the server clears a closed file's).
  fs.rmSync(file);
}
