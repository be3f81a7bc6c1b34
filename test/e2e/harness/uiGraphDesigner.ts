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

// bench/pearlGenerator.ts is in the bench project, built beside this one (see test/helpers/fixtures.ts).
const { generateTextPearl } = require('../../../bench/pearlGenerator') as { generateTextPearl(nodeCount: number): string };

/** What the webview shows of the selection: the selected nodes, the panel's nodeId, whether the new node is in the graph area. */
async function selectionSeen(content: FrameLocator): Promise<{ selected: string[]; panelNodeId: string; graphHeight: number }> {
  return content.locator('body').evaluate(() => {
    const form = document.querySelector<HTMLInputElement>('#node-panel input[name="nodeId"]');
    return {
      selected: Array.from(document.querySelectorAll<SVGGElement>('g.node.selected')).map((element) => element.dataset.nodeKey ?? ''),
      panelNodeId: form !== null && form.offsetParent !== null ? form.value : '',
      graphHeight: document.getElementById('graph')!.getBoundingClientRect().height,
    };
  });
}

/** Whether node `key` is drawn wholly inside the graph area of the preview. */
async function nodeInView(content: FrameLocator, key: string): Promise<boolean> {
  return content.locator('body').evaluate((_body, nodeKey) => {
    const area = document.getElementById('graph')!.getBoundingClientRect();
    const box = document.querySelector(`[data-node-key="${nodeKey}"] > .node-box`)?.getBoundingClientRect();
    return box !== undefined && box.left >= area.left && box.top >= area.top && box.right <= area.right && box.bottom <= area.bottom;
  }, key);
}

/** Rounds of add-then-undo timed by {@link checkDesignerBesideEditor}. */
const timedRounds = 3;

/**
 * The designer beside the editor at the UI pass's window size (1400×900, the Explorer open): on a
 * 300-node text Pearl, "Step 100" found with the search and a Dialogue added after it from the
 * palette: the new node is drawn near "Step 100", inside the graph area, selected and shown in the
 * side panel; Ctrl+Z in the preview removes it, and the panel shows the highlighted node. The add
 * and the undo are timed ({@link timedRounds} rounds: ms from the click or key to the preview
 * drawing the new graph). Then a second Pearl's preview opens in the first one's column (two
 * editor columns, not three), and with the bottom panel open the walk panel leaves the graph at
 * least half the preview's height. Screenshots of each. Resolves to the timings.
 */
export async function checkDesignerBesideEditor(context: GraphDesignerContext): Promise<{ addMs: number[]; undoMs: number[] }> {
  const { shot, workbench, run } = context;
  const text = generateTextPearl(300);
  const { page, content, waitForNodes } = await openDesigner(context, 'designer/steps.pearl.json', text, 300);
  const version = async (): Promise<string> => (await content.locator('#graph').getAttribute('data-version')) ?? '';
  const nodes = (JSON.parse(text) as { pearl: { nodes: { name?: string; nodeId: string }[] } }).pearl.nodes;
  const stepIndex = nodes.findIndex((node) => node.name?.startsWith('Step 100:'));
  const stepKey = `n:${stepIndex}`;
  const stepNodeId = nodes[stepIndex]?.nodeId;
  assert.notEqual(stepKey, 'n:-1', 'the generated Pearl has no "Step 100"');
  const addMs: number[] = [];
  const undoMs: number[] = [];
  for (let round = 0; round < timedRounds; round++) {
    await content.locator('#search').fill('Step 100:');
    await content.locator(`g[data-node-key="${stepKey}"].selected`).waitFor({ state: 'attached', timeout: 20_000 });
    await content.locator('#search').press('Escape');
    let before = await version();
    let started = Date.now();
    await content.locator('.palette-item[data-node-type="10"]').click();
    await pollUntil(
      'the preview to draw the added node',
      async () => (await version()) !== before && (await content.locator('g[data-node-key]').count()) === 301,
      {
        timeoutMs: 30_000,
        intervalMs: 20,
      },
    );
    addMs.push(Date.now() - started);
    console.log(`[ui]   designer on 300 nodes, round ${round + 1}: add ${addMs[round]} ms`);
    const added = 'n:300';
    await content.locator(`g[data-node-key="${added}"].selected`).waitFor({ state: 'attached', timeout: 20_000 });
    assert.ok(await nodeInView(content, added), 'the new node is not inside the graph area');
    const distance = await content.locator('body').evaluate(
      (_body, [from, to]) => {
        const a = document.querySelector(`[data-node-key="${from}"] > .node-box`)!.getBoundingClientRect();
        const b = document.querySelector(`[data-node-key="${to}"] > .node-box`)!.getBoundingClientRect();
        const scale = (document.querySelector('#graph > g.viewport') as SVGGElement).getCTM()!.a;
        return Math.hypot(a.x + a.width / 2 - (b.x + b.width / 2), a.y + a.height / 2 - (b.y + b.height / 2)) / scale;
      },
      [stepKey, added],
    );
    assert.ok(distance < 700, `the new node is drawn ${Math.round(distance)} px from "Step 100"`);
    const seen = await selectionSeen(content);
    assert.deepEqual(seen.selected, [added]);
    assert.equal(seen.panelNodeId, 'dialogue');
    if (round === 0) await shot('graph-designer-beside-added');

    // Ctrl+Z in the preview (the focus on the new node): the node is gone; the panel shows the highlighted node.
    before = await version();
    started = Date.now();
    await page.keyboard.press('Control+Z');
    await pollUntil(
      'the preview to draw the undone graph',
      async () => (await version()) !== before && (await content.locator('g[data-node-key]').count()) === 300,
      {
        timeoutMs: 30_000,
        intervalMs: 20,
      },
    );
    undoMs.push(Date.now() - started);
    console.log(`[ui]   designer on 300 nodes, round ${round + 1}: undo ${undoMs[round]} ms`);
    await waitForNodes(300);
    let undone = await selectionSeen(content);
    await pollUntil(
      'the panel to show the highlighted node after the undo',
      async () => {
        undone = await selectionSeen(content);
        return undone.selected.length === 1 && undone.panelNodeId !== '';
      },
      { timeoutMs: 10_000, describeLast: () => JSON.stringify(undone) },
    );
    // The node selected before the add (the editor's cursor is in no node): Step 100, highlighted and in the panel.
    assert.deepEqual(undone.selected, [stepKey], JSON.stringify(undone));
    assert.equal(undone.panelNodeId, stepNodeId);
    if (round === 0) await shot('graph-designer-beside-undone');
  }

  // A second Pearl opened where the focus is (the preview's column), then its preview: two columns, not three.
  const second = 'designer/second.pearl.json';
  fs.writeFileSync(path.join(run.workspace, second), designerStartText);
  await workbench.openFile(second);
  await workbench.runCommand('Pearl: Open Graph Preview');
  await pollUntil(
    'the second preview to open',
    async () => (await page.locator('.tab', { hasText: 'Graph: second.pearl.json' }).count()) === 1,
    {
      timeoutMs: 30_000,
    },
  );
  const groups = await page.locator('.part.editor .editor-group-container').count();
  assert.equal(groups, 2, `the second preview opened in a new column (${groups} columns)`);
  await shot('graph-designer-beside-second-preview');

  // The bottom panel open, the walk panel open: the graph keeps at least half the preview.
  await workbench.showProblems();
  const walkContent = workbench.webviewContent();
  await walkContent.locator('button[data-action="walk"]').click();
  await walkContent.locator('#walk-panel').waitFor({ state: 'visible', timeout: 20_000 });
  const heights = await walkContent.locator('body').evaluate(() => ({
    graph: document.getElementById('graph')!.getBoundingClientRect().height,
    page: window.innerHeight,
  }));
  await shot('graph-designer-beside-walk-bottom-panel');
  assert.ok(heights.graph >= heights.page / 2, `the graph is ${Math.round(heights.graph)} px high of ${heights.page}`);
  await walkContent.locator('button[data-action="walk"]').click();
  await workbench.hidePanel();
  return { addMs, undoMs };
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
