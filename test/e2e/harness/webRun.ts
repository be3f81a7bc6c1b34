import * as fs from 'node:fs';
import * as path from 'node:path';
import { launchBrowser, relayExtensionHostConsole } from './browser';
import { startCodeServer, workbenchUrl } from './codeServer';
import type { CodeServerInstall } from './codeServerInstall';
import { extensionId } from './paths';
import type { ProcessGroups } from './processGroups';
import { type RunFolder, writeUserSettings } from './runFolder';
import { brokenExample, cleanExample, expectedGraphNodes, expectedProblemLabels, sameSet, squeeze } from './uiPass';
import { pollUntil, Workbench } from './workbench';

/** What the web pass found: its failures (empty when it passed) and its screenshots. */
export interface WebPassResult {
  readonly failures: string[];
  readonly screenshots: string[];
}

/**
 * The web extension pass: the extension as VS Code for the Web (vscode.dev, github.dev) runs it, in
 * the browser's web worker extension host, its language server a web worker. A third code-server on
 * the same workspace and installed .vsix, whose user settings put the extension in the web worker
 * host (`remote.extensionKind`: `["web"]`): the workbench then loads package.json's `browser`
 * entry (dist/browserClient.js) and never the Node one. Checks, as a user sees them: Deploy says it
 * is off in VS Code for the Web (the proof that the web entry runs: the Node entry deploys), the
 * Problems panel lists the broken example's diagnostics, completion offers the node ids in a
 * `toNodeId`, and the graph preview draws the clean example's nodes. Its user data, logs and
 * browser profile are kept apart, under `web/` of the run folder; screenshots are `web-*.png`.
 */
export async function runWebExtensionPass(
  groups: ProcessGroups,
  install: CodeServerInstall,
  run: RunFolder,
  settings: Record<string, unknown>,
): Promise<WebPassResult> {
  const sub = (name: string): string => {
    const folder = path.join(run.dir, 'web', name);
    fs.mkdirSync(folder, { recursive: true });
    return folder;
  };
  const web: RunFolder = { ...run, userDataDir: sub('user-data'), logsDir: sub('logs'), browserDir: sub('browser') };
  writeUserSettings(web, { ...settings, 'remote.extensionKind': { [extensionId()]: ['web'] } });
  const server = await startCodeServer(groups, install, web);
  console.log(`[e2e] code-server (web extension host): ${server.url}`);

  const failures: string[] = [];
  const screenshots: string[] = [];
  const { context, page } = await launchBrowser(web, 'web');
  const log = fs.createWriteStream(path.join(web.logsDir, 'browser-console.log'));
  const flush = relayExtensionHostConsole(page, (line) => log.write(`${line}\n`));
  const workbench = new Workbench(page, run.screenshotsDir);
  const check = async (name: string, body: () => Promise<void>): Promise<boolean> => {
    const started = Date.now();
    try {
      await body();
      console.log(`[web] ✔ ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
      return true;
    } catch (error) {
      const file = await workbench
        .screenshot(`web-failure-${name.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}`)
        .catch(() => 'no screenshot');
      const message = error instanceof Error ? error.message : String(error);
      console.log(`[web] ✘ ${name}: ${message}\n     screenshot: ${file}`);
      failures.push(`web: ${name}: ${message} (screenshot: ${file})`);
      return false;
    }
  };
  try {
    const loaded = await check('the workbench loads with the workspace', async () => {
      await page.goto(workbenchUrl(server.url, web.workspace), { timeout: 90_000 });
      await workbench.waitUntilLoaded();
    });
    const onWeb =
      loaded &&
      (await check('the extension runs in the web worker host: Deploy says it is off in VS Code for the Web', async () => {
        await workbench.openFile(cleanExample);
        await workbench.runCommand('Pearl: Deploy');
        await workbench.waitForNotification(/^Deploy is off in VS Code for the Web: .*Use VS Code on the desktop/, 60_000);
        screenshots.push(await workbench.screenshot('web-deploy-off'));
        await page.keyboard.press('Escape');
      }));
    if (!onWeb) return { failures, screenshots };

    await check('Problems panel shows the diagnostics of a broken example', async () => {
      await workbench.openFile(brokenExample);
      await workbench.showProblems();
      const expected = expectedProblemLabels(path.join(web.workspace, brokenExample));
      let rows: string[] = [];
      await pollUntil(
        'the Problems panel to list exactly the problems of the file',
        async () => {
          rows = (await workbench.problemsRows()).filter((row) => !row.includes(' problems in file '));
          return sameSet(rows, expected);
        },
        { describeLast: () => JSON.stringify({ rows, expected }, null, 1) },
      );
      screenshots.push(await workbench.screenshot('web-problems'));
      await workbench.hidePanel();
    });

    await check('completion offers the node ids in a toNodeId', async () => {
      await workbench.openFile(cleanExample);
      await workbench.focusEditor(path.basename(cleanExample));
      const text = fs.readFileSync(path.join(web.workspace, cleanExample), 'utf8');
      const lines = text.split('\n');
      const line = lines.findIndex((candidate) => candidate.includes('"toNodeId": "'));
      const column = lines[line].indexOf('"toNodeId": "') + '"toNodeId": "'.length + 1;
      await page.keyboard.press('Control+G');
      await (await workbench.quickInput()).fill(`:${line + 1}:${column}`);
      await page.keyboard.press('Enter');
      await page.locator('.quick-input-widget').waitFor({ state: 'hidden' });
      const nodeIds = expectedGraphNodes(path.join(web.workspace, cleanExample)).map((node) => node.nodeId);
      let labels: string[] = [];
      await pollUntil(
        'the suggest widget to list the node ids of the file',
        async () => {
          const widget = page.locator('.suggest-widget.visible');
          if (!(await widget.isVisible())) await page.keyboard.press('Control+Space');
          labels = await page
            .locator('.suggest-widget.visible .monaco-list-row .label-name')
            .evaluateAll((elements) => elements.map((element) => element.textContent ?? ''));
          return labels.length > 0 && labels.every((label) => nodeIds.includes(label.replace(/^"|"$/g, '')));
        },
        { describeLast: () => JSON.stringify({ labels, nodeIds }) },
      );
      screenshots.push(await workbench.screenshot('web-completion'));
      await page.keyboard.press('Escape');
    });

    await check('graph preview draws the nodes of the example', async () => {
      await workbench.runCommand('Pearl: Open Graph Preview');
      const expected = expectedGraphNodes(path.join(web.workspace, cleanExample));
      let drawn: { key: string; text: string }[] = [];
      await pollUntil(
        'one box per node, with its nodeId and name',
        async () => {
          drawn = await workbench
            .webviewContent()
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
      screenshots.push(await workbench.screenshot('web-graph-preview'));
    });
  } finally {
    await flush();
    log.end();
    await context.close().catch(() => undefined);
  }
  return { failures, screenshots };
}
