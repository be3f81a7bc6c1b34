/**
 * The designer as it is used beside the editor (chromium, the page and fake webview API of
 * `previewPage.ts`): at the size of a preview in the second column of the UI pass's 1400×900
 * window (540×780, and 540×480 with VS Code's bottom panel open), the graph keeps most of the page
 * with the node panel or the walk panel open; a node added from the palette lands in view, selected,
 * near the node it was added after (also in a 300-node Pearl); after an undo the highlighted node is
 * the one the panel shows. The edits are the language service's, applied as the editor does.
 *
 * Needs `node scripts/bundle.mjs` first. Skipped when /usr/bin/chromium is absent.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { HostMessage } from '#protocol/graphPreviewMessages';
import type { GraphEdit, PearlGraph } from '#protocol/pearlRequests';
import { getLanguageService } from '../../../server/src/service/pearlLanguageService';
import { designerStartText, generateTextPearl } from '../../helpers/fixtures';
import {
  answerSettingFields as answerHostSettingFields,
  chromiumPath,
  type HostText,
  type PageGlobals,
  usePreviewPages,
} from './previewPage';

const service = getLanguageService();
const uri = 'file:///work/beside.pearl.json';
const clinic = fs.readFileSync(path.join(__dirname, '../../../../examples/clinic-reminders.pearl.json'), 'utf8');

/** A preview in the second editor column of a 1400×900 window (activity bar and Explorer open). */
const beside = { width: 540, height: 780 };
/** The same with VS Code's bottom panel (Problems, Terminal) open. */
const besideWithBottomPanel = { width: 540, height: 480 };

function graphOf(text: string, version: number): PearlGraph {
  const doc = service.parsePearlDocument(TextDocument.create(uri, 'pearl', version, text));
  return service.getGraph(doc, service.doValidation(doc));
}

/** The text after the language service's edit for `edit`, and the key it selects. */
function afterEdit(text: string, version: number, edit: GraphEdit): { text: string; select: string | undefined } {
  const document = TextDocument.create(uri, 'pearl', version, text);
  const outcome = service.doGraphEdit(service.parsePearlDocument(document), version, edit);
  assert.ok('result' in outcome, `${JSON.stringify(edit)} refused`);
  const change = outcome.result.edit.documentChanges?.[0];
  assert.ok(change && 'edits' in change);
  return { text: TextDocument.applyEdits(document, change.edits), select: outcome.result.select };
}

/** What the page shows of the graph area, the selection and the panel. */
interface Seen {
  /** The graph's drawing area on the page (the SVG's box), px. */
  readonly graph: { top: number; left: number; width: number; height: number };
  /** The keys of the nodes drawn as selected. */
  readonly selected: string[];
  /** The nodeId the side panel shows ('' when its form is hidden). */
  readonly panelNodeId: string;
}

describe('the designer beside the editor (chromium)', { skip: fs.existsSync(chromiumPath) ? false : `${chromiumPath} not found` }, () => {
  const pages = usePreviewPages();

  async function post(page: Page, message: HostMessage): Promise<void> {
    await page.evaluate((data) => (globalThis as unknown as PageGlobals).postMessage(data, '*'), message);
  }

  /** A page of `size` showing `graph`, drawn once; the page's errors are collected. */
  async function open(graph: PearlGraph, size: { width: number; height: number }): Promise<{ page: Page; pageErrors: string[] }> {
    const context = await pages.browser.newContext({ viewport: size, deviceScaleFactor: 1 });
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.goto(`${pages.origin}/`);
    await page.waitForFunction(() => (globalThis as unknown as PageGlobals).__posted.some((message) => message.type === 'ready'));
    await post(page, { type: 'graph', graph });
    await page.locator('#graph[data-render-count="1"]').waitFor({ state: 'attached' });
    return { page, pageErrors };
  }

  /** The text the host holds for each page (what its settings fields answers are made from). */
  const hostText = new WeakMap<Page, HostText>();

  /** Answers the page's requests for a node's settings fields as the host does, from the text it holds. */
  async function answerSettingFields(page: Page, text: string, version: number): Promise<void> {
    hostText.set(page, { text, version });
    await answerHostSettingFields(page, () => hostText.get(page), uri);
  }

  /** Two animation frames: what a resize observer or a style change does is done. */
  async function settle(page: Page): Promise<void> {
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  }

  async function seen(page: Page): Promise<Seen> {
    return page.evaluate(() => {
      const box = document.getElementById('graph')!.getBoundingClientRect();
      const form = document.querySelector<HTMLInputElement>('#node-panel input[name="nodeId"]');
      const shown = form !== null && form.offsetParent !== null;
      return {
        graph: { top: box.top, left: box.left, width: box.width, height: box.height },
        selected: Array.from(document.querySelectorAll<SVGGElement>('g.node.selected')).map((element) => element.dataset.nodeKey ?? ''),
        panelNodeId: shown ? form.value : '',
      };
    });
  }

  /** Whether node `key`'s box is wholly inside the graph's drawing area. */
  async function inView(page: Page, key: string): Promise<boolean> {
    return page.evaluate((nodeKey) => {
      const area = document.getElementById('graph')!.getBoundingClientRect();
      const box = document.querySelector(`[data-node-key="${nodeKey}"] > .node-box`)?.getBoundingClientRect();
      return box !== undefined && box.left >= area.left && box.top >= area.top && box.right <= area.right && box.bottom <= area.bottom;
    }, key);
  }

  /**
   * The palette's entry of `nodeType` (Dialogue) clicked with a node selected (or dropped onto node
   * `onto`): the edit the page sent, applied and drawn; returns the new text and key.
   */
  async function addNode(page: Page, text: string, version: number, onto?: string, nodeType = 10): Promise<{ text: string; key: string }> {
    await page.evaluate(() => (globalThis as unknown as PageGlobals).__posted.splice(0));
    const item = page.locator(`.palette-item[data-node-type="${nodeType}"]`);
    if (onto === undefined) await item.click();
    else {
      const from = await item.boundingBox();
      const to = await page.locator(`[data-node-key="${onto}"] > .node-box`).boundingBox();
      assert.ok(from && to);
      await page.mouse.move(from.x + 20, from.y + 10);
      await page.mouse.down();
      await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 8 });
      await page.mouse.up();
    }
    const sent = await page.evaluate(() => (globalThis as unknown as PageGlobals).__posted.splice(0));
    const edit = sent.find((message) => message.type === 'graphEdit');
    assert.ok(edit?.type === 'graphEdit', 'the click sends an edit');
    const next = afterEdit(text, version, edit.edit);
    assert.ok(next.select !== undefined);
    hostText.set(page, { text: next.text, version: version + 1 });
    // As the host does: the select first (its redraw is asked without waiting), then the new graph.
    await post(page, { type: 'select', key: next.select });
    await post(page, { type: 'graph', graph: graphOf(next.text, version + 1) });
    await page.locator(`#graph[data-version="${version + 1}"]`).waitFor({ state: 'attached' });
    await page.locator(`[data-node-key="${next.select}"].selected`).waitFor({ state: 'attached' });
    await settle(page);
    return { text: next.text, key: next.select };
  }

  async function shot(page: Page, name: string): Promise<void> {
    const folder = process.env.DESIGNER_SHOTS;
    if (folder === undefined) return;
    fs.mkdirSync(folder, { recursive: true });
    await page.screenshot({ path: path.join(folder, `${name}.png`) });
  }

  it('beside the editor, the node panel leaves the graph most of the page, and collapses to a bar', async () => {
    const graph = graphOf(clinic, 1);
    const { page, pageErrors } = await open(graph, beside);
    const api = graph.nodes.find((node) => node.nodeId === 'submit_reschedule_request');
    assert.ok(api);
    // The API node: the panel with the most fields (script, settings, headers, body).
    await page.locator(`[data-node-key="${api.key}"]`).click();
    await page.locator('#node-panel input[name="name"]').waitFor();
    await settle(page);
    let view = await seen(page);
    assert.ok(view.graph.height >= 0.6 * beside.height, `the graph is ${Math.round(view.graph.height)} px high of ${beside.height}`);
    assert.equal(view.panelNodeId, 'submit_reschedule_request');
    await shot(page, 'beside-panel-open');
    // Collapsed: the panel is a bar with the node's title; the graph takes what it gave.
    const toggle = page.locator('#node-panel button.panel-toggle');
    assert.equal(await toggle.getAttribute('aria-expanded'), 'true');
    await toggle.click();
    assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
    await settle(page);
    view = await seen(page);
    assert.ok(view.graph.height >= 0.8 * beside.height, `collapsed, the graph is ${Math.round(view.graph.height)} px high`);
    assert.match((await page.locator('#node-panel .panel-title').textContent()) ?? '', /^API: /);
    // Kept across a reload of the page (the webview state), then opened again.
    await page.reload();
    await page.waitForFunction(() => (globalThis as unknown as PageGlobals).__posted.some((message) => message.type === 'ready'));
    assert.equal(await page.locator('#node-panel button.panel-toggle').getAttribute('aria-expanded'), 'false');
    await page.locator('#node-panel button.panel-toggle').click();
    assert.equal(await page.locator('#node-panel button.panel-toggle').getAttribute('aria-expanded'), 'true');
    assert.deepEqual(pageErrors, []);
  });

  it('beside the editor, a pressed toolbar button stays readable under the mouse and no button label wraps', async () => {
    const { page, pageErrors } = await open(graphOf(clinic, 1), beside);
    const focus = page.locator('.toolbar button[data-action="focusMode"]');
    await focus.click();
    assert.equal(await focus.getAttribute('aria-pressed'), 'true');
    await focus.hover();
    await settle(page);
    const colours = await focus.evaluate((button) => {
      const style = getComputedStyle(button);
      return { background: style.backgroundColor, color: style.color };
    });
    // The primary hover background (the theme has none: the fallback #1177bb) with the primary
    // foreground, not the secondary hover grey with white text.
    assert.deepEqual(colours, { background: 'rgb(17, 119, 187)', color: 'rgb(255, 255, 255)' });
    // The page writes the coverage count on its button; the narrow toolbar scrolls sideways instead.
    await page.evaluate(() => {
      const coverage = document.querySelector<HTMLButtonElement>('.toolbar button[data-action="coverage"]');
      if (coverage) coverage.textContent = 'Coverage 12/27';
    });
    await settle(page);
    // Each shown button on one line and wide enough for its label (no text running into the next).
    const buttons = await page
      .locator('.toolbar button')
      .evaluateAll((all) =>
        all
          .filter((button) => (button as HTMLElement).offsetParent !== null)
          .map((button) => ({ height: button.getBoundingClientRect().height, fits: button.scrollWidth <= button.clientWidth })),
      );
    assert.ok(buttons.length > 5 && buttons.every((button) => button.height <= 26 && button.fits), JSON.stringify(buttons));
    assert.deepEqual(pageErrors, []);
    await page.context().close();
  });

  it('with the walk panel open and the bottom panel of VS Code open, the graph keeps half the page', async () => {
    const graph = graphOf(clinic, 1);
    const { page, pageErrors } = await open(graph, besideWithBottomPanel);
    await page.locator('button[data-action="walk"]').click();
    await page.locator('#walk-panel').waitFor();
    // A long walk: many steps, each a few lines (the panel scrolls rather than growing).
    await page.evaluate(() => {
      const filler = document.createElement('div');
      filler.style.height = '2000px';
      document.getElementById('walk-panel')!.appendChild(filler);
    });
    await settle(page);
    const view = await seen(page);
    assert.ok(
      view.graph.height >= 0.5 * besideWithBottomPanel.height,
      `the graph is ${Math.round(view.graph.height)} px high of ${besideWithBottomPanel.height}`,
    );
    assert.ok(await page.locator('#walk-panel').isVisible());
    assert.deepEqual(pageErrors, []);
  });

  it('a node added from the palette lands in view, selected, shown in the panel; after an undo the panel shows the highlighted node', async () => {
    // The UI pass's Pearl (Open -> End), zoomed in (not fitted) and panned so that Open sits low in
    // the view: its new node lands in the band the side panel takes when it opens for it.
    const text = designerStartText;
    const graph = graphOf(text, 1);
    const { page, pageErrors } = await open(graph, beside);
    await answerSettingFields(page, text, 1);
    // At about the scale of the text in the editor.
    const scale = (): Promise<number> => page.evaluate(() => (document.querySelector('#graph > g.viewport') as SVGGElement).getCTM()!.a);
    for (let i = 0; i < 10 && (await scale()) > 1.2; i++) await page.locator('button[data-action="zoomOut"]').click();
    for (let i = 0; i < 10 && (await scale()) < 0.8; i++) await page.locator('button[data-action="zoomIn"]').click();
    const inside = graph.nodes.find((node) => node.nodeId === 'open')?.key;
    assert.ok(inside);
    const place = await page.evaluate((key) => {
      const area = document.getElementById('graph')!.getBoundingClientRect();
      const box = document.querySelector(`[data-node-key="${key}"] > .node-box`)!.getBoundingClientRect();
      const scale = (document.querySelector('#graph > g.viewport') as SVGGElement).getCTM()!.a;
      // Empty background to drag from: the graph's own element under the point.
      let empty: { x: number; y: number } | undefined;
      for (let y = area.top + 10; y < area.bottom && !empty; y += 10)
        for (let x = area.left + 10; x < area.right && !empty; x += 10)
          if (document.elementFromPoint(x, y)?.id === 'graph') empty = { x, y };
      // The new node's bottom about 110 graph px below its source's (two row gaps, a label, its height).
      return { empty, dx: area.left + area.width / 2 - (box.left + box.width / 2), dy: area.bottom - 40 - 110 * scale - box.bottom };
    }, inside);
    assert.ok(place.empty, 'the view has empty background');
    await page.mouse.move(place.empty.x, place.empty.y);
    await page.mouse.down();
    await page.mouse.move(place.empty.x + place.dx, place.empty.y + place.dy, { steps: 6 });
    await page.mouse.up();
    assert.ok(await inView(page, inside), 'the source node is in view');
    assert.deepEqual((await seen(page)).selected, []);
    // Nothing selected yet (the panel shows its hint): an API node dropped onto that node; the new
    // node, selected, opens the panel (its settings fields arrive a moment later), which takes room from the graph.
    const added = await addNode(page, text, 1, inside, 40);
    // The settings fields the host sends for the new node are in the panel.
    await page.locator('#node-panel [data-path]').first().waitFor({ state: 'attached' });
    await settle(page);
    const addedNode = graphOf(added.text, 2).nodes.find((node) => node.key === added.key);
    assert.ok(addedNode);
    assert.ok(await inView(page, added.key), 'the new node is inside the graph area');
    let view = await seen(page);
    assert.deepEqual(view.selected, [added.key]);
    assert.equal(view.panelNodeId, addedNode.nodeId);
    await shot(page, 'beside-added-in-view');

    // Ctrl+Z in the page: the host runs the editor's undo; the editor puts its cursor back on the
    // node the node was added after (where it was), the cursor comes first, then the graph.
    await page.keyboard.press('Control+z');
    const history = await page.evaluate(() => (globalThis as unknown as PageGlobals).__posted.splice(0));
    assert.deepEqual(
      history.filter((message) => message.type === 'history'),
      [{ type: 'history', command: 'undo' }],
    );
    const source = graph.nodes.find((node) => node.key === inside);
    assert.ok(source?.nodeId);
    await post(page, { type: 'cursor', position: source.selectionRange.start });
    await post(page, { type: 'graph', graph: graphOf(text, 3) });
    await page.locator('#graph[data-version="3"]').waitFor({ state: 'attached' });
    await settle(page);
    view = await seen(page);
    assert.equal(view.panelNodeId, source.nodeId, 'the panel shows the node the editor is on');
    assert.deepEqual(view.selected, [source.key], 'and it is the node highlighted');
    assert.equal(await page.locator('g.node.cursor').getAttribute('data-node-key'), source.key);
    // A node inserted above the selected one: the selection stays on the same node (its key changed).
    const withFirstStep = text.replace(
      '"nodes": [',
      '"nodes": [\n      { "nodeId": "first", "name": "First", "nodeType": 10, "transitions": [{ "name": "On", "toNodeId": "open" }] },',
    );
    const withoutFirstStep = graphOf(withFirstStep, 4);
    assert.notEqual(withoutFirstStep.nodes.find((node) => node.nodeId === source.nodeId)?.key, source.key);
    await post(page, { type: 'graph', graph: withoutFirstStep });
    await page.locator('#graph[data-version="4"]').waitFor({ state: 'attached' });
    view = await seen(page);
    assert.equal(view.panelNodeId, source.nodeId);
    assert.deepEqual(view.selected, [withoutFirstStep.nodes.find((node) => node.nodeId === source.nodeId)?.key]);
    assert.deepEqual(pageErrors, []);
  });

  it('the host naming the new node before its graph arrives: the node that key names on screen is not selected meanwhile', async () => {
    // A node added before End (keys are indexes): "n:1" is End on screen, the new node in the edited text.
    const text = designerStartText;
    const graph = graphOf(text, 1);
    const { page, pageErrors } = await open(graph, beside);
    const openNode = graph.nodes.find((node) => node.nodeId === 'open');
    assert.ok(openNode);
    await page.locator(`[data-node-key="${openNode.key}"]`).click();
    await page.evaluate(() => (globalThis as unknown as PageGlobals).__posted.splice(0));
    await page.locator('.palette-item[data-node-type="10"]').click();
    const edited = text.replace(
      '{ "nodeId": "end"',
      '{ "nodeId": "ask", "name": "Ask", "nodeType": 10, "transitions": [{ "name": "Bye", "toNodeId": "end" }] },\n      { "nodeId": "end"',
    );
    const next = graphOf(edited, 2);
    assert.equal(next.nodes.find((node) => node.nodeId === 'ask')?.key, 'n:1');
    await post(page, { type: 'select', key: 'n:1' });
    await settle(page);
    let view = await seen(page);
    assert.deepEqual(view.selected, [openNode.key], 'the selection waits for the edited graph');
    assert.equal(view.panelNodeId, 'open');
    await post(page, { type: 'graph', graph: next });
    await page.locator('[data-node-key="n:1"].selected').waitFor({ state: 'attached' });
    view = await seen(page);
    assert.deepEqual(view.selected, ['n:1']);
    assert.equal(view.panelNodeId, 'ask');
    assert.deepEqual(pageErrors, []);
  });

  it('in a 300-node Pearl, a node added after "Step 100" is drawn near it, in view', async () => {
    const text = generateTextPearl(300);
    const graph = graphOf(text, 1);
    const { page, pageErrors } = await open(graph, beside);
    const step = graph.nodes.find((node) => node.name?.startsWith('Step 100:'));
    assert.ok(step?.name);
    await page.locator('#search').fill(step.name);
    await page.locator(`[data-node-key="${step.key}"].selected`).waitFor({ state: 'attached' });
    await page.locator('#search').press('Escape');
    const added = await addNode(page, text, 1);
    const distance = await page.evaluate(
      ([from, to]) => {
        const a = document.querySelector(`[data-node-key="${from}"] > .node-box`)!.getBoundingClientRect();
        const b = document.querySelector(`[data-node-key="${to}"] > .node-box`)!.getBoundingClientRect();
        const scale = (document.querySelector('#graph > g.viewport') as SVGGElement).getCTM()!.a;
        // In the graph's own units: centre to centre.
        return Math.hypot(a.x + a.width / 2 - (b.x + b.width / 2), a.y + a.height / 2 - (b.y + b.height / 2)) / scale;
      },
      [step.key, added.key],
    );
    assert.ok(distance < 700, `the new node is ${Math.round(distance)} px from Step 100`);
    assert.ok(await inView(page, added.key), 'the new node is inside the graph area');
    assert.deepEqual((await seen(page)).selected, [added.key]);
    await shot(page, 'beside-300-added-near');
    // Ctrl+Z: the editor's cursor stays where it was (line 1, in no node: the edit was applied
    // without moving it); the node selected before the add is selected again, in the panel too.
    await page.keyboard.press('Control+z');
    await post(page, { type: 'cursor', position: { line: 0, character: 0 } });
    await post(page, { type: 'graph', graph: graphOf(text, 3) });
    await page.locator('#graph[data-version="3"]').waitFor({ state: 'attached' });
    const undone = await seen(page);
    assert.deepEqual(undone.selected, [step.key]);
    assert.equal(undone.panelNodeId, step.nodeId);
    assert.deepEqual(pageErrors, []);
  });
});
