import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Locator } from 'playwright-core';
import type { RunFolder } from './runFolder';
import { getCreatedPearls, type RunningStandIn } from './standIn';
import { pollUntil, type Workbench } from './workbench';

/** A Pearl as the stand-in holds it (`GET /__standin/pearls`). */
interface StandInPearl {
  readonly id: string;
  readonly kind: 'text' | 'simple';
  readonly status: number;
  readonly request: Record<string, unknown> & { name?: string };
}

/** What the UI checks of the Pearls view need. */
export interface PearlsViewChecks {
  readonly workbench: Workbench;
  readonly run: RunFolder;
  readonly standIn: RunningStandIn;
  readonly shot: (name: string, locator?: Locator) => Promise<void>;
}

/** One row of the view as drawn: label and description. */
interface DrawnRow {
  readonly label: string;
  readonly description: string;
}

const statusNames: Record<number, string> = { 1: 'Running', 2: 'Paused', 3: 'Suspended', 10: 'TemporaryMaintenance' };

/** Every Pearl of the stand-in, with status and request. */
export async function standInPearls(standIn: RunningStandIn): Promise<StandInPearl[]> {
  const response = await fetch(`${standIn.url}/__standin/pearls`);
  if (!response.ok) throw new Error(`GET /__standin/pearls: HTTP ${response.status}`);
  return (await response.json()) as StandInPearl[];
}

/** The Pearls view's pane. */
function pane(workbench: Workbench): Locator {
  return workbench.page.locator('[id="workbench.view.extension.pearl-explorer"]');
}

/** Shows the Pearls view (its activity bar item) and waits for its first rows. */
export async function openPearlsView(workbench: Workbench): Promise<void> {
  if (!(await pane(workbench).isVisible())) {
    await workbench.page.locator('.activitybar .action-item .action-label[aria-label^="Pearl"]').first().click();
  }
  await pane(workbench).locator('.monaco-list-row').first().waitFor({ timeout: 30_000 });
}

/** The rows the view draws now. */
async function drawnRows(workbench: Workbench): Promise<DrawnRow[]> {
  return pane(workbench)
    .locator('.monaco-list-row')
    .evaluateAll((rows) =>
      rows.map((row) => ({
        label: row.querySelector('.label-name')?.textContent ?? '',
        description: row.querySelector('.label-description')?.textContent ?? '',
      })),
    );
}

/** The row of the Pearl named `name`. */
function rowOf(workbench: Workbench, name: string): Locator {
  return pane(workbench)
    .locator('.monaco-list-row', { has: workbench.page.locator('.label-name', { hasText: name }) })
    .first();
}

/** Polls until the view draws `name` with a description matching `pattern`. */
async function waitForRow(workbench: Workbench, name: string, pattern: RegExp): Promise<DrawnRow> {
  let rows: DrawnRow[] = [];
  return pollUntil(
    `the Pearls view to show ${name} as ${pattern}`,
    async () => {
      rows = await drawnRows(workbench);
      return rows.find((row) => row.label === name && pattern.test(row.description));
    },
    { describeLast: () => JSON.stringify(rows, null, 1) },
  );
}

/**
 * The view lists every Pearl of the stand-in with its direction and status by name, the running
 * ones with live counts, and the account at the top; then a NoCredits account shows as a warning.
 */
export async function checkPearlsListed({ workbench, standIn, shot }: PearlsViewChecks): Promise<void> {
  await openPearlsView(workbench);
  const pearls = await standInPearls(standIn);
  let rows: DrawnRow[] = [];
  await pollUntil(
    'every Pearl of the stand-in with its status, counts for the running ones, the account first',
    async () => {
      rows = await drawnRows(workbench);
      return (
        rows[0]?.description.startsWith('FullAccess') === true &&
        pearls.every((pearl) =>
          rows.some(
            (row) =>
              row.label === pearl.request.name &&
              row.description.includes(statusNames[pearl.status]) &&
              (pearl.status !== 1 || /· \d+ ongoing/.test(row.description)),
          ),
        )
      );
    },
    { describeLast: () => JSON.stringify({ rows, pearls: pearls.map((pearl) => [pearl.request.name, pearl.status]) }, null, 1) },
  );
  await shot('pearls-view', pane(workbench));
  await shot('pearls-view-window');

  await setAccount(standIn, { status: 3, creditBalance: 0 });
  try {
    await workbench.runCommand('Pearl: Refresh Pearls');
    await pollUntil('the account row to say NoCredits', async () => (await drawnRows(workbench))[0]?.description.startsWith('NoCredits'));
    await shot('pearls-view-no-credits', pane(workbench));
  } finally {
    await setAccount(standIn, { status: 1, creditBalance: 125.5 });
    await workbench.runCommand('Pearl: Refresh Pearls');
  }
}

async function setAccount(standIn: RunningStandIn, fields: Record<string, unknown>): Promise<void> {
  const response = await fetch(`${standIn.url}/__standin/account`, { method: 'POST', body: JSON.stringify(fields) });
  if (!response.ok) throw new Error(`POST /__standin/account: HTTP ${response.status}`);
}

/**
 * Pause from the row's inline button (the question names the ongoing calls when there are any),
 * then Run from the Command Palette: the stand-in's status and the row follow.
 */
export async function checkPauseAndRun({ workbench, standIn, shot }: PearlsViewChecks, pearlId: string): Promise<void> {
  await openPearlsView(workbench);
  const name = (await standInPearls(standIn)).find((pearl) => pearl.id === pearlId)?.request.name ?? '';
  await waitForRow(workbench, name, /Running/);
  const row = rowOf(workbench, name);
  await row.hover();
  await row.locator('.action-label[aria-label^="Pause Pearl"]').click();
  const dialogOrDone = await pollUntil('the pause question or the paused Pearl', async () => {
    if (await workbench.page.locator('.monaco-dialog-box').isVisible()) return 'dialog';
    return (await standInPearls(standIn)).find((pearl) => pearl.id === pearlId)?.status === 2 ? 'done' : undefined;
  });
  if (dialogOrDone === 'dialog') {
    const dialog = await workbench.dialog();
    assert.match((await dialog.textContent()) ?? '', /It has \d+ ongoing/);
    await shot('pearls-pause-question');
    await dialog.locator('.monaco-button', { hasText: /^Pause$/ }).click();
  }
  await pollUntil(
    'the stand-in to hold the Pearl paused',
    async () => (await standInPearls(standIn)).find((pearl) => pearl.id === pearlId)?.status === 2,
  );
  await waitForRow(workbench, name, /Paused/);
  await shot('pearls-paused', pane(workbench));

  await workbench.runCommand('Pearl: Run Pearl');
  const input = await workbench.quickInput();
  await input.fill(pearlId);
  await workbench.page.locator('.quick-input-list .monaco-list-row.focused', { hasText: name }).waitFor({ timeout: 30_000 });
  await workbench.page.keyboard.press('Enter');
  await pollUntil(
    'the stand-in to hold the Pearl running',
    async () => (await standInPearls(standIn)).find((pearl) => pearl.id === pearlId)?.status === 1,
  );
  await waitForRow(workbench, name, /Running/);
  await shot('pearls-running-again', pane(workbench));
}

/** Opens a Pearl's live settings from the palette: a read-only `*.pearl.json` editor; says when no flow came back. */
export async function checkLiveSettings(
  { workbench, shot }: PearlsViewChecks,
  pearlId: string,
  name: string,
  noFlow: boolean,
): Promise<void> {
  await workbench.runCommand('Pearl: Open Live Settings');
  const input = await workbench.quickInput();
  await input.fill(pearlId);
  await workbench.page.locator('.quick-input-list .monaco-list-row.focused', { hasText: name }).waitFor({ timeout: 30_000 });
  await workbench.page.keyboard.press('Enter');
  await workbench.page.locator('.tabs-container .tab.active[data-resource-name$=".pearl.json"]').waitFor({ timeout: 30_000 });
  if (noFlow) await workbench.waitForNotification(/returned no flow/);
  // The language server has the document: the status bar names the language.
  await pollUntil('the live document to be a Pearl document', async () => {
    const text = await workbench.page
      .locator('#status\\.editor\\.mode')
      .textContent()
      .catch(() => '');
    return text?.includes('Pearl');
  });
  await shot(noFlow ? 'pearls-live-settings-no-flow' : 'pearls-live-settings');
}

/**
 * Deploys `file` (a simple Pearl) as a new Pearl; changes its openingSentence on disk; Compare
 * with file shows exactly that change; Deploy then offers Update, which changes what GET Settings
 * returns. Resolves to the Pearl's id.
 */
export async function checkCompareAndUpdate({ workbench, run, standIn, shot }: PearlsViewChecks, file: string): Promise<void> {
  await workbench.openFile(file);
  await workbench.focusEditor(path.basename(file));
  const before = (await getCreatedPearls(standIn)).length;
  await workbench.runCommand('Pearl: Deploy');
  await (await workbench.dialog()).locator('.monaco-button', { hasText: /^Create Pearl$/ }).click();
  await workbench.waitForNotification(/Created Pearl/);
  const created = await pollUntil('the stand-in to record the simple Pearl', async () => {
    const list = await getCreatedPearls(standIn);
    return list.length > before ? list[list.length - 1] : undefined;
  });

  const onDisk = path.join(run.workspace, file);
  const text = fs.readFileSync(onDisk, 'utf8');
  const marker = ' (changed by the UI pass)';
  const changed = text.replace(/("openingSentence": "[^"]*)"/, `$1${marker}"`);
  assert.notEqual(changed, text, 'the file has no openingSentence to change');
  fs.writeFileSync(onDisk, changed);

  await workbench.runCommand('Pearl: Compare Live Settings with File');
  const input = await workbench.quickInput();
  await input.fill(created.id);
  await workbench.page.locator('.quick-input-list .monaco-list-row.focused').waitFor({ timeout: 30_000 });
  await workbench.page.keyboard.press('Enter');
  const diff = workbench.page.locator('.monaco-diff-editor').first();
  let seen = { modifiedText: '', originalText: '', insertLines: 0, deleteLines: 0 };
  // Unchanged regions are folded (diffEditor.hideUnchangedRegions.enabled in the run's settings), so
  // every difference is drawn: exactly one changed region on each side, the marker only on the file's.
  // Pearl files wrap long lines (the extension's configurationDefaults), so one changed line may be
  // drawn as several rows: adjacent rows count as one region.
  await pollUntil(
    'a diff whose only difference is the openingSentence change',
    async () => {
      seen = await diff.evaluate((element) => {
        /** The number of runs of adjacent rows among `rows` (each run is one changed line, wrapped or not). */
        const regions = (rows: NodeListOf<Element>): number => {
          const boxes = Array.from(rows, (row) => row.getBoundingClientRect())
            .filter((box) => box.height > 0)
            .sort((a, b) => a.top - b.top);
          let count = 0;
          let bottom = -Infinity;
          for (const box of boxes) {
            if (box.top > bottom + 1) count += 1;
            bottom = Math.max(bottom, box.bottom);
          }
          return count;
        };
        return {
          modifiedText: Array.from(element.querySelectorAll('.editor.modified .view-line'))
            .map((line) => line.textContent ?? '')
            .join('\n'),
          originalText: Array.from(element.querySelectorAll('.editor.original .view-line'))
            .map((line) => line.textContent ?? '')
            .join('\n'),
          insertLines: regions(element.querySelectorAll('.editor.modified .line-insert')),
          deleteLines: regions(element.querySelectorAll('.editor.original .line-delete')),
        };
      });
      // A wrapped line's rows are joined by the line breaks above: compare with every run of spaces as one.
      const flat = (text: string): string => text.replace(/[\s\u00a0]+/g, ' ');
      const marked = flat(seen.modifiedText).includes(marker.trim());
      return seen.insertLines === 1 && seen.deleteLines === 1 && marked && !flat(seen.originalText).includes(marker.trim());
    },
    {
      describeLast: () =>
        JSON.stringify({ ...seen, modifiedText: seen.modifiedText.slice(0, 400), originalText: seen.originalText.slice(0, 400) }),
    },
  );
  await shot('pearls-compare-with-file');

  await workbench.openFile(file);
  await workbench.focusEditor(path.basename(file));
  await workbench.runCommand('Pearl: Deploy');
  const dialog = await workbench.dialog();
  await shot('pearls-deploy-update-question');
  await dialog.locator('.monaco-button', { hasText: /^Update / }).click();
  // Before the PUT, Deploy reads the live settings (unchanged here: no second question) under a
  // progress notification; the service's answer is what counts, then the message that says so.
  let live = '';
  await pollUntil(
    'GET Settings to return the file’s openingSentence',
    async () => {
      const settings = (await (
        await fetch(`${standIn.url}/v2/Pearl/${encodeURIComponent(created.id)}/Settings`, {
          headers: { Authorization: `Bearer ${standIn.token}` },
        })
      ).json()) as { pearl: { openingSentence: string } };
      live = settings.pearl.openingSentence;
      return live.endsWith(marker);
    },
    { describeLast: () => `GET Settings still returns: ${live}` },
  );
  // The toast, or (when the toasts were hidden meanwhile) the entry in the notification center.
  await workbench.runCommand('Notifications: Show Notifications');
  await pollUntil('the notification "Updated Pearl …"', async () => {
    const texts = await workbench.page
      .locator('.notification-list-item-message')
      .evaluateAll((items) => items.map((item) => item.textContent ?? ''));
    return texts.some((text) => /Updated Pearl/.test(text));
  });
  await workbench.runCommand('Notifications: Hide Notifications');
  assert.equal((await getCreatedPearls(standIn)).length, before + 1, 'the update created another Pearl');
}

/** A second deploy of a text Pearl, "Create a new Pearl and pause …": the first is paused, the new one runs. */
export async function checkSecondTextDeployPauses(
  { workbench, standIn, shot }: PearlsViewChecks,
  file: string,
  firstId: string,
): Promise<void> {
  await workbench.openFile(file);
  await workbench.focusEditor(path.basename(file));
  const before = (await getCreatedPearls(standIn)).length;
  await workbench.runCommand('Pearl: Deploy');
  const dialog = await workbench.dialog();
  assert.match((await dialog.textContent()) ?? '', /cannot be updated in place/);
  await shot('pearls-deploy-text-again-question');
  await dialog.locator('.monaco-button', { hasText: /^Create a new Pearl and pause / }).click();
  await workbench.waitForNotification(/Created Pearl/);
  const created = await pollUntil('the stand-in to record the new text Pearl', async () => {
    const list = await getCreatedPearls(standIn);
    return list.length > before ? list[list.length - 1] : undefined;
  });
  await pollUntil('the first Pearl paused, the new one running', async () => {
    const pearls = await standInPearls(standIn);
    return pearls.find((pearl) => pearl.id === firstId)?.status === 2 && pearls.find((pearl) => pearl.id === created.id)?.status === 1;
  });
  await openPearlsView(workbench);
  await workbench.runCommand('Pearl: Refresh Pearls');
  await pollUntil('the view to show one of the two paused and one running', async () => {
    const name = (await standInPearls(standIn)).find((pearl) => pearl.id === firstId)?.request.name;
    const rows = (await drawnRows(workbench)).filter((row) => row.label === name);
    return rows.some((row) => row.description.includes('Paused')) && rows.some((row) => row.description.includes('Running'));
  });
  await shot('pearls-after-second-text-deploy', pane(workbench));
}
