import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { parse } from 'jsonc-parser';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { getLanguageService } from '../../../server/src/service/pearlLanguageService';
import { positionOf } from '../../helpers/text';
import { runAuthoringChecks } from './authoringChecks';
import { checkDeployInterrupted } from './uiDeployInterrupted';
import { launchBrowser } from './browser';
import { type RunningCodeServer, workbenchUrl } from './codeServer';
import { extensionId } from './paths';
import type { RunFolder } from './runFolder';
import { type CreatedPearl, getCreatedPearls, getOngoingCalls, type RunningStandIn, setStandInFault } from './standIn';
import { checkGraphButtonOnlyForTextPearls, checkGraphPreviewAtScale } from './uiGraphAtScale';
import { checkNewPearl, checkWalkthrough } from './uiNewPearl';
import { checkOutlineLimit } from './uiOutlineLimit';
import { checkBlankPearlWriting } from './uiWriting';
import { checkDesignerBesideEditor, checkDesignerQuickFix, checkGraphDesigner } from './uiGraphDesigner';
import { checkWalk } from './uiWalk';
import {
  type CallsPearl,
  checkAnalytics,
  checkCallOpened,
  checkCallsListedAndFiltered,
  checkRestoredAfterReload,
  checkFiltersCleared,
  checkForgetCustomer,
  checkTestCall,
  checkWalkFromCall,
  deployCallsPearl,
} from './uiCalls';
import { pollUntil, Workbench } from './workbench';
import {
  checkCompareAndUpdate,
  checkLiveSettings,
  checkPauseAndRun,
  checkPearlsListed,
  checkSecondTextDeployPauses,
  type PearlsViewChecks,
} from './uiPearlsView';

/** What the UI pass needs: the server, the run, the stand-in, the suite's report. */
export interface UiPassOptions {
  readonly server: RunningCodeServer;
  readonly run: RunFolder;
  readonly standIn: RunningStandIn;
  /** The `pearl.*` commands the suite found registered (undefined: unknown, check everything). */
  readonly commands?: readonly string[];
}

/** What the UI pass found: failures (each with a screenshot, or the command that is missing). */
export interface UiPassResult {
  readonly failures: string[];
  readonly screenshots: string[];
}

export const brokenExample = 'examples/broken/graph.pearl.json';
export const cleanExample = 'examples/clinic-reminders.pearl.json';
const ongoingCallsItemId = `${extensionId()}.pearl.ongoingCalls`;
const loadCheck = 'the workbench loads with the workspace';

/**
 * The UI pass: what a user sees in the workbench, in a fresh browser profile, with screenshots in
 * `<run>/screenshots`. Each check polls for the state it expects (never a fixed sleep); a check that
 * fails saves `failure-<check>.png` and the pass goes on with the checks that do not depend on it.
 *
 * 1. Problems panel: examples/broken/graph.pearl.json's problems, exactly what the language service
 *    computes (message, line, column, severity, source).
 * 2. Graph preview: "Pearl: Open Graph Preview" on examples/clinic-reminders.pearl.json draws one
 *    box per node (and nested action) with its nodeId and name.
 * 3. Deploy: "Pearl: Set API Token" (password box), "Pearl: Deploy", the confirmation accepted: the
 *    stand-in created a Pearl whose body is the file without `$schema`; the notification names its id.
 * 4. Status bar: the ongoing-calls item shows the stand-in's counts for that Pearl, and follows them.
 * 5. A 400 from the service: its errors become `pearl-deploy` problems in the file.
 * 6. New Pearl: a text Pearl from a template, with 0 problems; the walkthrough (uiNewPearl.ts).
 * 7. Writing a Pearl (see {@link runAuthoringChecks}): inlay hints, a node snippet, `{` + Enter,
 *    toNodeId completion with its details.
 * 8. Graph designer: palette, connect, side panel, delete, undo in the preview (uiGraphDesigner.ts).
 * 9. The Pearls view (uiPearlsView.ts): the stand-in's Pearls with statuses and counts, the account;
 *    pause and run; live settings; Compare with file; Update of a simple Pearl; a second text deploy
 *    that pauses the first.
 * 10. The walk (uiWalk.ts): Send to a server on 127.0.0.1, walk to EndCall, Save as walk, a renamed
 *    transition reported on the walks file's step.
 * 11. Calls and analytics (uiCalls.ts): an outbound Pearl's calls listed and filtered, a call opened,
 *    a walk from its values, the analytics page, a test call followed and opened, Forget a Customer.
 *
 * `PEARL_E2E_GREP` (the harness's `--grep`) runs only the checks whose title matches it (case
 * insensitive), and the workbench's loading.
 */
export async function runUiPass(options: UiPassOptions): Promise<UiPassResult> {
  const { server, run, standIn } = options;
  const failures: string[] = [];
  const screenshots: string[] = [];
  const { context, page } = await launchBrowser(run, 'ui');
  const workbench = new Workbench(page, run.screenshotsDir);
  const shot = async (name: string, locator?: Parameters<Workbench['screenshot']>[1]): Promise<void> => {
    screenshots.push(await workbench.screenshot(name, locator));
  };
  /** Whether `command` is registered; a missing one fails the pass (its checks cannot run). */
  const has = (command: string): boolean => {
    if (options.commands === undefined || options.commands.includes(command)) return true;
    const failure = `UI: ${command} is contributed in package.json but not registered; its checks did not run`;
    if (!failures.includes(failure)) failures.push(failure);
    return false;
  };

  const grep = run.env.PEARL_E2E_GREP ? new RegExp(run.env.PEARL_E2E_GREP, 'i') : undefined;
  /** Runs one check; a failure is recorded with a screenshot. Resolves to whether it passed (false when `grep` leaves it out). */
  const check = async (name: string, body: () => Promise<void>): Promise<boolean> => {
    if (grep !== undefined && name !== loadCheck && !grep.test(name)) {
      console.log(`[ui] - ${name} (not matched by --grep)`);
      return false;
    }
    const started = Date.now();
    try {
      await body();
      console.log(`[ui] ✔ ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
      return true;
    } catch (error) {
      const file = await workbench.screenshot(`failure-${name.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}`).catch(() => 'no screenshot');
      const message = error instanceof Error ? error.message : String(error);
      console.log(`[ui] ✘ ${name}: ${message}\n     screenshot: ${file}`);
      failures.push(`UI: ${name}: ${message} (screenshot: ${file})`);
      return false;
    }
  };

  try {
    const loaded = await check(loadCheck, async () => {
      await page.goto(workbenchUrl(server.url, run.workspace));
      await workbench.waitUntilLoaded();
    });
    if (!loaded) return { failures, screenshots };

    await check('Problems panel shows the diagnostics of a broken example', async () => {
      await workbench.openFile(brokenExample);
      await workbench.showProblems({ maximize: true });
      const expected = expectedProblemLabels(path.join(run.workspace, brokenExample));
      const fileLabel = `${expected.length} problems in file ${path.basename(brokenExample)} of folder ${path.dirname(brokenExample)}`;
      let rows: string[] = [];
      await pollUntil(
        'the Problems panel to list the file and exactly its problems',
        async () => {
          rows = await workbench.problemsRows();
          // The file's own rows: from its label to the next file's (a walks file of this Pearl,
          // checked when the Pearl opens, is listed as a file of its own).
          const start = rows.indexOf(fileLabel);
          if (start < 0) return false;
          const next = rows.findIndex((row, index) => index > start && / problems? in file /.test(row));
          return sameSet(rows.slice(start + 1, next < 0 ? undefined : next), expected);
        },
        { describeLast: () => JSON.stringify({ rows, expected: [fileLabel, ...expected] }, null, 1) },
      );
      await shot('problems-panel');
      await workbench.runCommand('View: Toggle Maximized Panel');
      await workbench.hidePanel();
    });

    if (has('pearl.openGraphPreview')) {
      await check('graph preview draws the nodes of the example', async () => {
        await workbench.openFile(cleanExample);
        await workbench.runCommand('Pearl: Open Graph Preview');
        const expected = expectedGraphNodes(path.join(run.workspace, cleanExample));
        const content = workbench.webviewContent();
        let drawn: { key: string; text: string }[] = [];
        await pollUntil(
          'one box per node, with its nodeId and name',
          async () => {
            drawn = await content
              .locator('[data-node-key]')
              .evaluateAll((elements) =>
                elements.map((element) => {
                  // The box shows the name; the nodeId is in the tooltip, written when the node is pointed at.
                  element.dispatchEvent(new PointerEvent('pointerover', { bubbles: true }));
                  return { key: element.getAttribute('data-node-key') ?? '', text: element.textContent ?? '' };
                }),
              )
              .catch(() => []);
            const byKey = new Map(drawn.map((node) => [node.key, squeeze(node.text)]));
            return (
              drawn.length === expected.length &&
              expected.every(
                (node) => byKey.get(node.key)?.includes(squeeze(node.nodeId)) && byKey.get(node.key)?.includes(squeeze(node.name)),
              )
            );
          },
          { describeLast: () => JSON.stringify({ drawn, expected }, null, 1) },
        );
        await shot('graph-preview');
      });
    }

    let created: CreatedPearl | undefined;
    if (has('pearl.deploy') && has('pearl.setApiToken')) {
      await check('deploy: token, confirmation, a Pearl created on the stand-in', async () => {
        await workbench.runCommand('Pearl: Set API Token');
        const input = await workbench.quickInput();
        assert.equal(await input.getAttribute('type'), 'password', 'the token box does not hide what is typed');
        await input.fill(standIn.token);
        await page.keyboard.press('Enter');
        await workbench.waitForNotification(/token saved/i);

        const before = (await getCreatedPearls(standIn)).length;
        await workbench.openFile(cleanExample);
        await workbench.focusEditor(path.basename(cleanExample));
        await workbench.runCommand('Pearl: Deploy');
        const dialog = await workbench.dialog();
        await shot('deploy-confirmation');
        await dialog.locator('.monaco-button', { hasText: 'Create Pearl' }).click();
        const notification = await workbench.waitForNotification(/Created Pearl/);
        const all = await pollUntil('the stand-in to record the Pearl', async () => {
          const list = await getCreatedPearls(standIn);
          return list.length > before ? list : undefined;
        });
        created = all[all.length - 1];
        assert.ok(notification.includes(created.id), `the notification "${notification}" does not name ${created.id}`);
        assert.equal(created.path, '/v2/Pearl/Text');
        const { $schema, ...withoutSchema } = parse(fs.readFileSync(path.join(run.workspace, cleanExample), 'utf8')) as Record<
          string,
          unknown
        >;
        assert.ok($schema !== undefined, 'the example has no $schema to leave out');
        assert.deepEqual(JSON.parse(created.body), withoutSchema, 'what was sent is not the file without $schema');
        await shot('deploy-created');
      });
    }

    if (has('pearl.watchOngoingCalls') && created) {
      const pearlId = created.id;
      await check('status bar shows the ongoing calls of the deployed Pearl and follows them', async () => {
        // The stand-in's counts change every 2 s; the item polls every 5 s (the minimum). Each text the
        // item shows must be counts the stand-in served meanwhile; two different ones prove it follows.
        const served = new Set<string>();
        const matched: string[] = [];
        let text: string | undefined;
        await pollUntil(
          'the status bar to show two successive counts the stand-in served',
          async () => {
            const counts = await getOngoingCalls(standIn, pearlId);
            served.add(formatCounts(counts.totalOngoingCalls, counts.totalOnQueue ?? undefined));
            text = await workbench.statusBarItemText(ongoingCallsItemId);
            // The item's icon is a codicon element, with no text of its own.
            const shown = text === undefined ? undefined : /\d+ ongoing( · \d+ queued)?/.exec(text)?.[0];
            if (shown !== undefined && served.has(shown) && !matched.includes(shown)) {
              matched.push(shown);
              await shot(`status-bar-${matched.length}`, workbench.statusBar());
              if (matched.length === 1) await shot('status-bar-window');
            }
            return matched.length >= 2;
          },
          {
            timeoutMs: 30_000,
            intervalMs: 100,
            describeLast: () => `item: ${JSON.stringify(text)}, stand-in served: ${[...served].join(' | ')}`,
          },
        );
      });
    }

    if (created) {
      const fault = { fault: '400', errors: { 'pearl.nodes[1].name': ['A node with this name already exists in the account.'] } };
      const supported = await setStandInFault(standIn, fault);
      if (!supported) {
        failures.push('UI: the stand-in has no 400 control: POST /__standin/fault {"fault":"400","errors":{...}} is refused');
      } else {
        await check('a 400 from the service puts its errors on the file', async () => {
          try {
            await workbench.focusEditor(path.basename(cleanExample));
            await workbench.runCommand('Pearl: Deploy');
            const dialog = await workbench.dialog();
            // The file was deployed above and that Pearl runs: a text Pearl is created anew, the first one kept or paused.
            await dialog.locator('.monaco-button', { hasText: 'Create a new Pearl and keep both running' }).click();
            await workbench.waitForNotification(/rejected/i);
            await workbench.showProblems();
            await workbench.filterProblems('already exists in the account');
            const nodeName = 'Greeting with appointment';
            const line = lineOf(path.join(run.workspace, cleanExample), `"name": "${nodeName}"`);
            let rows: string[] = [];
            await pollUntil(
              'a pearl-deploy problem at pearl.nodes[1].name',
              async () => {
                rows = await workbench.problemsRows();
                // The service may spell the key in any case, with or without `$.`.
                return rows.some(
                  (row) =>
                    /pearl\.nodes\[1\]\.name/i.test(row) && row.includes(`at line ${line} `) && row.endsWith('generated by pearl-deploy'),
                );
              },
              { describeLast: () => JSON.stringify(rows, null, 1) },
            );
            await shot('deploy-400-problems');
          } finally {
            await workbench.filterProblems('').catch(() => undefined);
            await setStandInFault(standIn, { fault: 'none' });
          }
        });
      }
    }
    if (has('pearl.pearls.refresh')) await runPearlsViewChecks({ workbench, run, standIn, shot }, check, created);
    if (has('pearl.openGraphPreview')) {
      await check('the graph preview comes back after the window reloads', async () => {
        await page.reload();
        await workbench.waitUntilLoaded();
        const expected = expectedGraphNodes(path.join(run.workspace, cleanExample));
        let count = 0;
        await pollUntil(
          'the restored preview to draw every node again',
          async () => {
            count = await workbench
              .webviewContent()
              .locator('[data-node-key]')
              .count()
              .catch(() => 0);
            return count === expected.length;
          },
          { describeLast: () => `${count} of ${expected.length} nodes drawn` },
        );
        await shot('graph-preview-restored');
      });
    }
    if (has('pearl.newPearl'))
      await check('New Pearl: a text Pearl from a template, filled in by its tab stops, with 0 problems', () =>
        checkNewPearl(workbench, shot),
      );
    if (has('pearl.newPearl') && has('pearl.deploy'))
      await check('Writing: a blank Pearl saved, a snippet, still "Spaces: 2"; placeholders warned and refused', () =>
        checkBlankPearlWriting({ workbench, run, shot }),
      );
    await check('the walkthrough "Get started with Pearl" shows its six steps', () => checkWalkthrough(workbench, shot));
    await runAuthoringChecks(workbench, run, check, (name) => shot(name));
    await check('a 2,000-node Pearl: the language status says its outline shows 5,000 symbols; a small one has no such warning', () =>
      checkOutlineLimit({ workbench, run, shot, smallPearl: cleanExample }),
    );
    if (has('pearl.openGraphPreview')) {
      // Last: they close every editor and leave a 300-node preview open.
      await check('the graph button shows for text Pearls only', () =>
        checkGraphButtonOnlyForTextPearls(workbench, cleanExample, 'examples/inbound-voice.pearl.json'),
      );
      await check('a 300-node graph preview: the workbench stays responsive while typing; focus mode', async () => {
        const roundTrips = await checkGraphPreviewAtScale({ workbench, run, shot });
        console.log(`[ui]   Command Palette round trips while typing: ${roundTrips.join(', ')} ms`);
      });
    }
    if (has('pearl.openGraphPreview')) {
      await check('the graph designer: palette, connect by dragging, rename in the side panel, delete, undo twice', () =>
        checkGraphDesigner({ workbench, run, shot }),
      );
      await check('the graph designer: a quick fix from the side panel, then a settings field', () =>
        checkDesignerQuickFix({ workbench, run, shot }),
      );
      await check(
        'the graph designer beside the editor: a node added after "Step 100" in view and near it, undo, a second preview, the walk panel',
        async () => {
          const { addMs, undoMs } = await checkDesignerBesideEditor({ workbench, run, shot });
          console.log(
            `[ui]   designer on 300 nodes: add ${addMs.join(', ')} ms; undo ${undoMs.join(', ')} ms (load average ${os
              .loadavg()
              .map((load) => load.toFixed(2))
              .join(' ')})`,
          );
        },
      );
    }
    if (has('pearl.walkConversation'))
      await check('walk: send a PreCallAPI request to 127.0.0.1, walk to EndCall, save the walk, break it by renaming a transition', () =>
        checkWalk({ workbench, run, shot }),
      );
    if (has('pearl.calls.open') && has('pearl.pearls.showAnalytics')) await runCallsChecks({ workbench, run, standIn, shot }, check);
  } finally {
    await context.close().catch(() => undefined);
  }
  return { failures, screenshots };
}

/** The Pearls view's checks (uiPearlsView.ts), after the deploy check made `created`. */
async function runPearlsViewChecks(
  checks: PearlsViewChecks,
  check: (name: string, body: () => Promise<void>) => Promise<boolean>,
  created: CreatedPearl | undefined,
): Promise<void> {
  try {
    await runPearlsViewChecksInOrder(checks, check, created);
  } finally {
    // The checks after these expect the Explorer in the side bar (also after a reload).
    await showExplorer(checks.workbench);
  }
}

/** Shows the Explorer in the side bar (clicking its activity while it is shown would hide the side bar). */
async function showExplorer(workbench: Workbench): Promise<void> {
  const page = workbench.page;
  if ((await page.locator('.activitybar .action-item.checked .action-label[aria-label^="Explorer"]').count()) === 0)
    await page.locator('.activitybar .action-item .action-label[aria-label^="Explorer"]').first().click();
  await page.locator('.explorer-folders-view').first().waitFor({ state: 'visible', timeout: 30_000 });
}

async function runPearlsViewChecksInOrder(
  checks: PearlsViewChecks,
  check: (name: string, body: () => Promise<void>) => Promise<boolean>,
  created: CreatedPearl | undefined,
): Promise<void> {
  const listed = await check("Pearls view: the stand-in's Pearls with statuses and counts, the account at the top", () =>
    checkPearlsListed(checks),
  );
  if (!listed) return;
  await check('Pearls view: live settings of a Pearl made in the platform say no flow came back', () =>
    checkLiveSettings(checks, 'prl_seed_1', 'Reception (made in the platform)', true),
  );
  await check('Pearls view: Compare with file shows only the change; Update changes what GET Settings returns', () =>
    checkCompareAndUpdate(checks, 'examples/inbound-voice.pearl.json'),
  );
  if (created === undefined) return;
  const firstId = created.id;
  await check('Pearls view: pause (asked first, with the count) and run change the status', () => checkPauseAndRun(checks, firstId));
  await check('Deploy: a second deploy of a text Pearl pauses the first when asked', () =>
    checkSecondTextDeployPauses(checks, cleanExample, firstId),
  );
  await check('Deploy: an answer broken after the headers says the Pearl may exist and shows it in the Pearls view', () =>
    checkDeployInterrupted(checks, cleanExample),
  );
}

/** The calls and analytics checks (uiCalls.ts), in order: each needs the Pearl the first deploys. */
async function runCallsChecks(
  checks: PearlsViewChecks,
  check: (name: string, body: () => Promise<void>) => Promise<boolean>,
): Promise<void> {
  let pearl: CallsPearl | undefined;
  try {
    await check('Calls: an outbound Pearl deployed for the calls checks', async () => {
      pearl = await deployCallsPearl(checks);
    });
    if (pearl === undefined) return;
    const deployed = pearl;
    let listed: Awaited<ReturnType<typeof checkCallsListedAndFiltered>> | undefined;
    await check("Calls: a Pearl's calls listed in the Pearls view, then filtered by days and search text", async () => {
      listed = await checkCallsListedAndFiltered(checks, deployed);
    });
    let opened: Awaited<ReturnType<typeof checkCallOpened>> | undefined;
    if (listed !== undefined) {
      const calls = listed;
      await check('Calls: a call opened with its transcript, collected values (an undeclared id marked) and tags', async () => {
        opened = await checkCallOpened(checks, deployed, calls);
      });
    }
    if (opened !== undefined) {
      const call = opened;
      await check("Calls: a walk started from the call's values", () => checkWalkFromCall(checks, deployed, call));
    }
    if (listed !== undefined) await check('Calls: Clear Call Filters takes the filter off', () => checkFiltersCleared(checks));
    await check('Analytics: the page draws every chart with its table', () => checkAnalytics(checks, deployed));
    if (opened !== undefined) {
      const callId = opened.call.id;
      await check('Calls and analytics: a call view and the analytics page come back after the window reloads', () =>
        checkRestoredAfterReload(checks, callId),
      );
    }
    await check('Calls: a test call placed, followed to its call and opened', () => checkTestCall(checks, deployed));
    await check('Calls: Forget a Customer asks the number, confirms, and says it is done', () => checkForgetCustomer(checks, deployed));
  } finally {
    await showExplorer(checks.workbench).catch(() => undefined);
  }
}

/**
 * The Problems panel's row labels for `file`'s diagnostics as the language service computes them
 * (`Error: <message> at line L and character C. generated by pearl`).
 */
export function expectedProblemLabels(file: string): string[] {
  const service = getLanguageService();
  const text = fs.readFileSync(file, 'utf8');
  const document = service.parsePearlDocument(TextDocument.create(`file://${file}`, 'pearl', 1, text));
  const severities = ['Error', 'Warning', 'Info', 'Hint'];
  return service.doValidation(document).map((diagnostic) => {
    const { line, character } = diagnostic.range.start;
    return `${severities[(diagnostic.severity ?? 1) - 1]}: ${diagnostic.message} at line ${line + 1} and character ${character + 1}. generated by ${diagnostic.source}`;
  });
}

/** The graph's nodes as the preview keys them (`n:<i>`, `n:<i>/<list>:<j>`), from the file. */
export function expectedGraphNodes(file: string): { key: string; nodeId: string; name: string }[] {
  interface Node {
    nodeId: string;
    name: string;
    handOffAction?: Node[];
    postCallActions?: Node[];
  }
  const value = parse(fs.readFileSync(file, 'utf8')) as { pearl: { nodes: Node[] } };
  const nodes: { key: string; nodeId: string; name: string }[] = [];
  value.pearl.nodes.forEach((node, index) => {
    const key = `n:${index}`;
    nodes.push({ key, nodeId: node.nodeId, name: node.name });
    for (const list of ['handOffAction', 'postCallActions'] as const) {
      (node[list] ?? []).forEach((nested, nestedIndex) =>
        nodes.push({ key: `${key}/${list}:${nestedIndex}`, nodeId: nested.nodeId, name: nested.name }),
      );
    }
  });
  return nodes;
}

/** `3 ongoing · 1 queued`, as the status bar item writes the counts. */
function formatCounts(ongoing: number, queued: number | undefined): string {
  return queued === undefined ? `${ongoing} ongoing` : `${ongoing} ongoing · ${queued} queued`;
}

/** The 1-based line of the first occurrence of `needle` in `file`. */
function lineOf(file: string, needle: string): number {
  return positionOf(fs.readFileSync(file, 'utf8'), needle).line + 1;
}

/** `text` without whitespace (the preview wraps long names over several lines). */
export function squeeze(text: string): string {
  return text.replace(/\s+/g, '');
}

export function sameSet(actual: readonly string[], expected: readonly string[]): boolean {
  return actual.length === expected.length && [...actual].sort().every((item, index) => item === [...expected].sort()[index]);
}
