/**
 * The UI pass's checks of the graph designer: on a small text Pearl with a comment, from the
 * preview only, add a Dialogue node from the palette after the OpeningSentence, connect it to
 * EndCall by dragging its handle, rename it in the side panel, delete a transition, and undo twice
 * with Ctrl+Z in the preview ({@link checkGraphDesigner}); on a Pearl whose SMS node lacks its
 * smsSettings, apply the quick fix from the side panel (the server's code action, through the
 * extension host) and fill the new settings field ({@link checkDesignerQuickFix}). After each step
 * the saved file's text is exactly the expected text (the language service's edit for a gesture),
 * so the preview sent that edit and the editor applied it whole; screenshots of the designer.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { FrameLocator } from 'playwright-core';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { GraphEdit } from '#protocol/pearlRequests';
import { getLanguageService } from '../../../server/src/service/pearlLanguageService';
import { designerStartText } from '../../helpers/fixtures';
import type { RunFolder } from './runFolder';
import { pollUntil, type Workbench } from './workbench';

/** What the check needs from the UI pass (as {@link GraphAtScaleContext}). */
export interface GraphDesignerContext {
  readonly workbench: Workbench;
  readonly run: RunFolder;
  readonly shot: (name: string) => Promise<void>;
}

const relative = 'designer/support.pearl.json';

/** `text` after `edit`, as the language service computes it (the expected file after a gesture). */
function afterEdit(text: string, edit: GraphEdit): string {
  const service = getLanguageService();
  const document = TextDocument.create('file:///designer.pearl.json', 'pearl', 1, text);
  const outcome = service.doGraphEdit(service.parsePearlDocument(document), 1, edit);
  assert.ok('result' in outcome, `the service refused ${JSON.stringify(edit)}: ${'refusal' in outcome ? outcome.refusal : ''}`);
  const changes = outcome.result.edit.documentChanges ?? [];
  const edits = changes.flatMap((change) => ('edits' in change ? change.edits : []));
  return TextDocument.applyEdits(document, edits);
}

/** The designer of `relativePath` (written with `text`) opened from a closed workbench, and its helpers. */
async function openDesigner({ workbench, run }: GraphDesignerContext, relativePath: string, text: string, nodes: number) {
  const page = workbench.page;
  const file = path.join(run.workspace, relativePath);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
  await workbench.runCommand('View: Close All Editors');
  await workbench.openFile(relativePath);
  await workbench.runCommand('Pearl: Open Graph Preview');
  const content = workbench.webviewContent();
  await pollUntil(
    `the designer to draw the ${nodes} nodes`,
    async () =>
      (await content
        .locator('g[data-node-key]')
        .count()
        .catch(() => 0)) === nodes,
    { timeoutMs: 60_000 },
  );

  /** Saves the document and waits until the file on disk is `expected`. */
  const expectText = async (step: string, expected: string): Promise<void> => {
    let saved = '';
    await pollUntil(
      `the file after "${step}"`,
      async () => {
        await workbench.focusEditor(path.basename(relativePath));
        await page.keyboard.press('Control+S');
        saved = fs.readFileSync(file, 'utf8');
        return saved === expected;
      },
      { timeoutMs: 20_000, intervalMs: 500, describeLast: () => `the file is:\n${saved}\nexpected:\n${expected}` },
    );
  };
  const waitForNodes = async (count: number): Promise<void> => {
    await pollUntil(
      `the preview to draw ${count} nodes`,
      async () =>
        (await content
          .locator('g[data-node-key]')
          .count()
          .catch(() => 0)) === count,
      { timeoutMs: 30_000 },
    );
  };
  return { page, content, expectText, waitForNodes };
}

/** The check's body (run inside the UI pass's `check`); throws on failure. */
export async function checkGraphDesigner(context: GraphDesignerContext): Promise<void> {
  const { shot } = context;
  const { page, content, expectText, waitForNodes } = await openDesigner(context, relative, designerStartText, 2);

  // 1. The OpeningSentence selected, Dialogue from the palette: a node and a transition to it.
  await content.locator('g[data-node-key="n:0"] > .node-box').click();
  await content.locator('.palette-item[data-node-type="10"]').click();
  const step1 = afterEdit(designerStartText, { kind: 'addNode', nodeType: 10, from: 'n:0' });
  await expectText('add a Dialogue node from the palette', step1);
  await waitForNodes(3);
  await content.locator('g[data-node-key="n:2"].selected').waitFor({ timeout: 10_000 });
  await shot('graph-designer-1-added');

  // 2. Connect the new node to EndCall: drag its handle onto End, name the transition.
  const handle = await boxOf(content, '.connect-handle[data-handle-for="n:2"]');
  const end = await boxOf(content, 'g[data-node-key="n:1"] > .node-box');
  await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
  await page.mouse.down();
  await page.mouse.move(end.x + end.width / 2, end.y + end.height / 2, { steps: 10 });
  await page.mouse.up();
  const nameInput = content.locator('.transition-form input[name="transitionName"]');
  await nameInput.waitFor({ timeout: 10_000 });
  await shot('graph-designer-2-connect');
  await nameInput.fill('Done');
  await nameInput.press('Enter');
  const step2 = afterEdit(step1, { kind: 'addTransition', source: 'n:2', target: 'n:1', name: 'Done' });
  await expectText('connect the Dialogue node to EndCall', step2);

  // 3. Rename it in the side panel.
  await content.locator('g[data-node-key="n:2"] > .node-box').click();
  const nameField = content.locator('#node-panel input[name="name"]');
  await nameField.waitFor({ timeout: 10_000 });
  await nameField.fill('Small talk');
  await nameField.press('Enter');
  const step3 = afterEdit(step2, { kind: 'setNodeProperty', node: 'n:2', property: 'name', value: 'Small talk' });
  await expectText('rename the node in the side panel', step3);
  await content.locator('g[data-node-key="n:2"] > .node-box').click();
  await content.locator('#node-panel input[name="name"]').waitFor();
  await shot('graph-designer-3-renamed');

  // 4. Delete the transition "Bye" (Open → End): select its label, press Delete.
  const byeKey = await content
    .locator('[data-label-for]')
    .evaluateAll((elements) =>
      elements.find((element) => element.querySelector('.edge-label-text')?.textContent === 'Bye')?.getAttribute('data-label-for'),
    );
  assert.ok(byeKey, 'the transition "Bye" is not drawn');
  await content.locator(`[data-label-for="${byeKey}"]`).click();
  await page.keyboard.press('Delete');
  const step4 = afterEdit(step3, { kind: 'deleteTransition', transition: byeKey });
  await expectText('delete the transition "Bye"', step4);

  // 5. Ctrl+Z twice in the preview: the deletion, then the rename, undone.
  for (const [index, expected] of [step3, step2].entries()) {
    await content.locator('#graph').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('Control+Z');
    await expectText(`undo ${index + 1}`, expected);
  }
  await content.locator('#graph').click({ position: { x: 5, y: 5 } });
  await waitForNodes(3);
  await content.locator('g[data-node-key="n:2"] > .node-box').click();
  await shot('graph-designer-5-undone');
}

const fixableRelative = 'designer/reminder.pearl.json';
const fixableText = `{
  // The SMS node lacks its smsSettings: the side panel offers the quick fix.
  "name": "Reminder",
  "pearl": {
    "nodes": [
      { "nodeId": "open", "name": "Open", "nodeType": 2, "script": "Hello!", "transitions": [{ "name": "Confirmed", "toNodeId": "text" }] },
      { "nodeId": "text", "name": "Text the time", "nodeType": 50, "transitions": [{ "name": "Sent", "toNodeId": "end" }] },
      { "nodeId": "end", "name": "End", "nodeType": 100 }
    ]
  }
}
`;

/**
 * The side panel's quick fix through the real extension host: select the SMS node, click
 * "Add smsSettings" (listed from `vscode.executeCodeActionProvider`, applied by the host), then
 * type the message in the new settings field. Throws on failure.
 */
export async function checkDesignerQuickFix(context: GraphDesignerContext): Promise<void> {
  const { shot } = context;
  const { content, expectText } = await openDesigner(context, fixableRelative, fixableText, 3);
  await content.locator('g[data-node-key="n:1"] > .node-box').click();
  const fix = content.locator('#node-panel .quick-fix', { hasText: 'Add smsSettings' });
  await fix.waitFor({ timeout: 20_000 });
  await shot('graph-designer-6-quick-fix');
  await fix.click();
  const fixed = fixableText.replace(
    `"nodeType": 50, "transitions": [{ "name": "Sent", "toNodeId": "end" }] }`,
    `"nodeType": 50, "transitions": [{ "name": "Sent", "toNodeId": "end" }], "smsSettings": { "body": "" } }`,
  );
  await expectText('apply "Add smsSettings" from the side panel', fixed);

  // The new settings object's field, in the panel once the graph of the fixed text is drawn.
  const body = content.locator(`#node-panel [data-path='["smsSettings","body"]']`);
  await pollUntil(
    'the side panel to show the SMS body from the file',
    async () => (await body.inputValue().catch(() => undefined)) === '',
    { timeoutMs: 20_000 },
  );
  await pollUntil(
    'the problem to leave the side panel',
    async () => (await content.locator('#node-panel .quick-fix', { hasText: 'Add smsSettings' }).count()) === 0,
    { timeoutMs: 20_000 },
  );
  await body.fill('See you at 10.');
  await body.press('Enter');
  await expectText(
    'type the SMS body in the side panel',
    afterEdit(fixed, { kind: 'setNodeSetting', node: 'n:1', path: ['smsSettings', 'body'], value: 'See you at 10.' }),
  );
  await content.locator('g[data-node-key="n:1"] > .node-box').click();
  await shot('graph-designer-7-settings');
}

async function boxOf(content: FrameLocator, selector: string): Promise<{ x: number; y: number; width: number; height: number }> {
  const box = await content.locator(selector).first().boundingBox();
  assert.ok(box, `${selector} is not on screen`);
  return box;
}
