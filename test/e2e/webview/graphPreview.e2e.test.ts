/**
 * The graph preview's webview in a real browser: the page from `getGraphPreviewHtml` (with its
 * Content-Security-Policy), the bundled `dist/graphPreview.js` and `.css`, served on 127.0.0.1 and
 * driven with Debian's chromium through playwright-core. The graphs come from the real language
 * service (`getGraph` over `examples/clinic-reminders.pearl.json` and generated Pearls). The page
 * and its fake webview API come from `previewPage.ts`.
 *
 * Needs `node scripts/bundle.mjs` first. Skipped when /usr/bin/chromium is absent.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as http from 'node:http';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { type Browser, chromium, type Page } from 'playwright-core';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { graphUpdate } from '../../../client/src/graphPreview/graphUpdate';
import type { HostMessage, WebviewMessage } from '#protocol/graphPreviewMessages';
import type { PearlGraph, PearlGraphNode } from '#protocol/pearlRequests';
import { getLanguageService } from '../../../server/src/service/pearlLanguageService';
import { type Rect, rectsOverlap } from '../../../client/src/graphPreview/webview/graphLayout';
import { chromiumPath, distDir, launchOptions, type PageGlobals, startServer } from './previewPage';
import { generateTextPearl } from '../../helpers/fixtures';
import { waitFor } from '../../helpers/wait';

// bench/pearlGenerator.ts is in the bench project, built beside this one (see test/helpers/fixtures.ts).
const { generateShapedPearl } = require('../../../bench/pearlGenerator') as {
  generateShapedPearl(shape: 'hub' | 'backEdges' | 'fanOut' | 'chain' | 'mix', nodeCount: number, seed?: number): string;
};

const repoRoot = path.resolve(__dirname, '../../../..');
const clinicPath = path.join(repoRoot, 'examples/clinic-reminders.pearl.json');
const screenshotPath = path.join(repoRoot, 'docs/graph-preview.png');
const viewportSize = { width: 1200, height: 800 };

const service = getLanguageService();

/** The graph the server would send for `text`, built by the real language service. */
function graphOf(text: string, version = 1): PearlGraph {
  const doc = service.parsePearlDocument(TextDocument.create('file:///work/clinic.pearl.json', 'pearl', version, text));
  return service.getGraph(doc, service.doValidation(doc));
}

/** `text` with `search` replaced once; fails if `search` is not there (the example changed). */
function replaceOnce(text: string, search: string, replacement: string): string {
  assert.ok(text.includes(search), `the clinic example no longer contains ${JSON.stringify(search)}`);
  return text.replace(search, replacement);
}

function nodeById(graph: PearlGraph, nodeId: string): PearlGraphNode {
  const node = graph.nodes.find((candidate) => candidate.nodeId === nodeId);
  assert.ok(node, `no node ${nodeId} in the graph`);
  return node;
}

const clinicText = fs.readFileSync(clinicPath, 'utf8');

/**
 * The clinic example broken three ways: an unknown toNodeId on opening_known_patient (an error),
 * a reachable chat_loop that only loops (cannot reach EndCall) and an orphan node (no incoming).
 */
function brokenClinicText(): string {
  let text = replaceOnce(clinicText, '"toNodeId": "send_confirmation_sms"', '"toNodeId": "no_such_node"');
  text = replaceOnce(
    text,
    '"name": "Patient has another question",\n            "toNodeId": "answer_question"',
    '"name": "Patient has another question",\n            "toNodeId": "chat_loop"',
  );
  return replaceOnce(
    text,
    '"nodes": [',
    `"nodes": [
      { "nodeId": "orphan", "name": "Orphan", "nodeType": 10, "script": "Hi", "transitions": [{ "name": "Done", "toNodeId": "end_conversation" }] },
      { "nodeId": "chat_loop", "name": "Chat forever", "nodeType": 10, "script": "Hi", "transitions": [{ "name": "Again", "toNodeId": "chat_loop" }] },`,
  );
}

const chromiumMissing = fs.existsSync(chromiumPath)
  ? false
  : `${chromiumPath} not found: install Debian's chromium to run the webview tests`;

describe('graph preview webview (chromium)', { skip: chromiumMissing }, () => {
  let browser: Browser | undefined;
  let server: http.Server | undefined;
  let origin = '';

  before(async () => {
    for (const file of ['graphPreview.js', 'graphPreview.css']) {
      assert.ok(fs.existsSync(path.join(distDir, file)), `dist/${file} is missing: run \`node scripts/bundle.mjs\` first`);
    }
    ({ server, origin } = await startServer());
    browser = await chromium.launch(launchOptions);
  });

  after(async () => {
    await browser?.close().catch(() => undefined);
    if (server) await new Promise<void>((resolve) => server!.close(() => resolve()));
  });

  /** What a page did besides drawing: dialogs, script errors, requests to other origins. */
  interface Opened {
    readonly page: Page;
    readonly dialogs: string[];
    readonly pageErrors: string[];
    readonly foreignRequests: string[];
  }

  async function openPage(): Promise<Opened> {
    assert.ok(browser, 'the browser did not start');
    const context = await browser.newContext({ viewport: viewportSize, deviceScaleFactor: 1 });
    const page = await context.newPage();
    const opened: Opened = { page, dialogs: [], pageErrors: [], foreignRequests: [] };
    page.on('dialog', (dialog) => {
      opened.dialogs.push(dialog.message());
      void dialog.dismiss().catch(() => undefined);
    });
    page.on('pageerror', (error) => opened.pageErrors.push(error.message));
    page.on('request', (request) => {
      const url = request.url();
      if (!url.startsWith(`${origin}/`) && !url.startsWith(`blob:${origin}/`) && !url.startsWith('data:')) opened.foreignRequests.push(url);
    });
    await page.goto(`${origin}/`);
    await waitForPosted(page, (message) => message.type === 'ready');
    return opened;
  }

  /** Asserts the page ran cleanly: no dialog, no script error, no CSP violation, nothing remote. */
  async function assertClean(opened: Opened): Promise<void> {
    const violations = await opened.page.evaluate(() => (globalThis as unknown as PageGlobals).__cspViolations);
    assert.deepEqual(violations, [], 'Content-Security-Policy violations');
    assert.deepEqual(opened.pageErrors, [], 'errors thrown in the page');
    assert.deepEqual(opened.dialogs, [], 'dialogs opened by the page');
    assert.deepEqual(opened.foreignRequests, [], 'requests outside the page origin');
  }

  async function post(page: Page, message: HostMessage): Promise<void> {
    await page.evaluate((data) => (globalThis as unknown as PageGlobals).postMessage(data, '*'), message);
  }

  /** Posts `graph` and waits until the page has drawn it (render number `renderCount`). */
  async function showGraph(page: Page, graph: PearlGraph, renderCount: number): Promise<void> {
    await post(page, { type: 'graph', graph });
    await page.locator(`#graph[data-render-count="${renderCount}"]`).waitFor({ state: 'attached' });
  }

  /** With PREVIEW_SHOTS set (a folder), a screenshot of the page there, named `name`.png, to look at. */
  async function shot(page: Page, name: string): Promise<void> {
    const folder = process.env.PREVIEW_SHOTS;
    if (folder === undefined) return;
    fs.mkdirSync(folder, { recursive: true });
    await page.screenshot({ path: path.join(folder, `${name}.png`) });
  }

  async function posted(page: Page): Promise<WebviewMessage[]> {
    return page.evaluate(() => (globalThis as unknown as PageGlobals).__posted);
  }

  /** Polls the posted messages until one matches; fails after 10 s. */
  async function waitForPosted(page: Page, match: (message: WebviewMessage) => boolean): Promise<WebviewMessage> {
    let all: WebviewMessage[] = [];
    const probe = async (): Promise<WebviewMessage | undefined> => (all = await posted(page)).find(match);
    return waitFor('a matching message posted', probe, { timeoutMs: 10_000, intervalMs: 20, describeLast: () => JSON.stringify(all) });
  }

  async function transformOf(page: Page): Promise<string | null> {
    return page.locator('#graph > g.viewport').getAttribute('transform');
  }

  function nodeLocator(page: Page, key: string) {
    return page.locator(`[data-node-key="${key}"]`);
  }

  /** The node whose box centre is nearest the centre of the svg, and its box on screen. */
  async function centreNode(page: Page): Promise<{ key: string; box: Rect }> {
    const svgBox = await page.locator('#graph').boundingBox();
    assert.ok(svgBox);
    const boxes = await page.locator('g[data-node-key] > .node-box').evaluateAll((elements) =>
      elements.map((element) => {
        const rect = element.getBoundingClientRect();
        return {
          key: element.parentElement?.getAttribute('data-node-key') ?? '',
          box: { x: rect.x, y: rect.y, width: rect.width, height: rect.height },
        };
      }),
    );
    const cx = svgBox.x + svgBox.width / 2;
    const cy = svgBox.y + svgBox.height / 2;
    const distance = (box: Rect) => Math.hypot(box.x + box.width / 2 - cx, box.y + box.height / 2 - cy);
    return boxes.reduce((best, candidate) => (distance(candidate.box) < distance(best.box) ? candidate : best));
  }

  /** Asserts the whole drawing is in the view and the transform is the one the Fit button gives. */
  async function assertFitted(page: Page): Promise<void> {
    const svgBox = await page.locator('#graph').boundingBox();
    assert.ok(svgBox);
    const bounds = await page.locator('g.viewport').boundingBox();
    assert.ok(bounds);
    assert.ok(
      bounds.x >= svgBox.x - 1 && bounds.y >= svgBox.y - 1,
      `the drawing starts outside the view: ${JSON.stringify({ bounds, svgBox })}`,
    );
    assert.ok(
      bounds.x + bounds.width <= svgBox.x + svgBox.width + 1 && bounds.y + bounds.height <= svgBox.y + svgBox.height + 1,
      `the drawing ends outside the view: ${JSON.stringify({ bounds, svgBox })}`,
    );
    const shown = await transformOf(page);
    await page.locator('button[data-action="fit"]').click();
    assert.equal(await transformOf(page), shown, 'the view is not what Fit shows');
  }

  /** Each drawn node's box on screen, by key. */
  async function screenBoxes(page: Page): Promise<Map<string, Rect>> {
    const boxes = await page.locator('g[data-node-key] > .node-box').evaluateAll((elements) =>
      elements.map((element) => {
        const rect = element.getBoundingClientRect();
        return [
          element.parentElement?.getAttribute('data-node-key') ?? '',
          { x: rect.x, y: rect.y, width: rect.width, height: rect.height },
        ] as const;
      }),
    );
    return new Map(boxes);
  }

  /**
   * Asserts the view's transform is still `view` and every node of `before` is drawn where it was
   * on screen, within 1 px: the incremental layout keeps their coordinates exactly, and the drawing
   * rounds them to 0.1 px and the transform to 0.01 px, well under a pixel at the zoom used.
   * `added` are the keys of the nodes that must be drawn besides.
   */
  async function assertKept(page: Page, before: ReadonlyMap<string, Rect>, view: string | null, added: readonly string[]): Promise<void> {
    assert.equal(await transformOf(page), view, 'the view moved');
    const after = await screenBoxes(page);
    for (const [key, box] of before) {
      const now = after.get(key);
      assert.ok(now, `${key} is no longer drawn`);
      const moved = Math.max(
        Math.abs(now.x - box.x),
        Math.abs(now.y - box.y),
        Math.abs(now.width - box.width),
        Math.abs(now.height - box.height),
      );
      assert.ok(moved <= 1, `${key} moved by ${moved.toFixed(1)} px: ${JSON.stringify({ box, now })}`);
    }
    for (const key of added) assert.ok(after.has(key), `${key} is not drawn`);
  }

  /** Asserts the transition `key` starts on its source's box and ends on its target's (2 px of slack for the stroke). */
  async function assertAttached(page: Page, graph: PearlGraph, key: string, boxes: ReadonlyMap<string, Rect>): Promise<void> {
    const edge = page.locator(`[data-edge-key="${key}"]`);
    const { source, target } = graph.edges.find((candidate) => candidate.key === key)!;
    const [start, end] = await edge.locator('path').evaluate((path: SVGPathElement) => {
      const matrix = path.getScreenCTM()!;
      const onScreen = (point: DOMPoint) => ({
        x: matrix.a * point.x + matrix.c * point.y + matrix.e,
        y: matrix.b * point.x + matrix.d * point.y + matrix.f,
      });
      return [onScreen(path.getPointAtLength(0)), onScreen(path.getPointAtLength(path.getTotalLength()))];
    });
    const near = (point: { x: number; y: number }, box: Rect | undefined) =>
      box !== undefined &&
      point.x >= box.x - 2 &&
      point.x <= box.x + box.width + 2 &&
      point.y >= box.y - 2 &&
      point.y <= box.y + box.height + 2;
    assert.ok(near(start, boxes.get(source)), `${key} does not start on ${source}: ${JSON.stringify({ start, box: boxes.get(source) })}`);
    // A stub ends on its tag, which names the target.
    const tag = page.locator(`[data-tag-for="${key}"]`);
    const endBox = (await tag.count()) > 0 ? ((await tag.boundingBox()) ?? undefined) : boxes.get(target);
    const targetNode = graph.nodes.find((node) => node.key === target)!;
    if ((await tag.count()) > 0) {
      await tag.dispatchEvent('pointerover');
      assert.ok((await tag.locator('title').textContent())?.endsWith(`→ ${targetNode.name || targetNode.nodeId}`));
    }
    assert.ok(near(end, endBox), `${key} does not end on ${target}: ${JSON.stringify({ end, box: endBox })}`);
  }

  it('draws every node and transition of the clinic example, groups the nested actions, and reads well', async () => {
    const opened = await openPage();
    const { page } = opened;
    const graph = graphOf(clinicText);
    assert.equal(graph.nodes.length, 17);
    assert.equal(graph.edges.length, 27);
    await showGraph(page, graph, 1);

    assert.equal(await page.locator('[data-node-key]').count(), graph.nodes.length);
    assert.equal(await page.locator('[data-edge-key]').count(), graph.edges.length);
    const drawnNodes = await page
      .locator('[data-node-key]')
      .evaluateAll((elements) => elements.map((element) => element.getAttribute('data-node-key')));
    assert.deepEqual([...drawnNodes].sort(), graph.nodes.map((node) => node.key).sort());
    const drawnEdges = await page
      .locator('[data-edge-key]')
      .evaluateAll((elements) => elements.map((element) => element.getAttribute('data-edge-key')));
    assert.deepEqual([...drawnEdges].sort(), graph.edges.map((edge) => edge.key).sort());

    // Node names and types are shown; transition names label the edges.
    const greeting = nodeById(graph, 'opening_known_patient');
    assert.equal(await nodeLocator(page, greeting.key).locator('.node-type').textContent(), 'OpeningSentence');
    assert.equal(
      (await nodeLocator(page, greeting.key).locator('.node-name tspan').allTextContents()).join(' '),
      'Greeting with appointment',
    );
    assert.equal(await page.locator('[data-label-for]').count(), graph.edges.length);

    // PreCallAPI Success and Failure transitions are told apart (class, dash, ✓ / ✗ label).
    const success = graph.edges.find((edge) => edge.apiResult === 1)!;
    const failure = graph.edges.find((edge) => edge.apiResult === 2)!;
    assert.match((await page.locator(`[data-edge-key="${success.key}"]`).getAttribute('class')) ?? '', /\bedge-success\b/);
    assert.match((await page.locator(`[data-edge-key="${failure.key}"]`).getAttribute('class')) ?? '', /\bedge-failure\b/);
    assert.match((await page.locator(`[data-label-for="${success.key}"]`).textContent()) ?? '', /^✓ Appointment found/);
    assert.match((await page.locator(`[data-label-for="${failure.key}"]`).textContent()) ?? '', /^✗ Appointment lookup/);

    // Nested actions sit inside their parent's group box; leaf nodes and labels never overlap.
    const boxes = new Map<string, Rect>();
    for (const node of graph.nodes) {
      const box = await nodeLocator(page, node.key).locator('.node-box').boundingBox();
      assert.ok(box, `node ${node.key} has no box`);
      boxes.set(node.key, box);
    }
    // Each transition runs from its source's box to its target's, or to a tag naming the target.
    for (const edge of graph.edges) await assertAttached(page, graph, edge.key, boxes);
    const parents = new Set(graph.nodes.flatMap((node) => (node.parent ? [node.parent.key] : [])));
    assert.deepEqual([...parents].sort(), [nodeById(graph, 'front_desk_handoff').key, nodeById(graph, 'after_conversation').key].sort());
    for (const key of parents) {
      assert.match((await nodeLocator(page, key).getAttribute('class')) ?? '', /\bgroup\b/);
    }
    for (const node of graph.nodes) {
      if (node.parent) assert.ok(inside(boxes.get(node.key)!, boxes.get(node.parent.key)!), `${node.key} is not inside its parent's group`);
    }
    const leaves = graph.nodes.filter((node) => !parents.has(node.key)).map((node) => ({ key: node.key, box: boxes.get(node.key)! }));
    for (const [index, a] of leaves.entries()) {
      for (const b of leaves.slice(index + 1)) assert.ok(!rectsOverlap(a.box, b.box), `nodes ${a.key} and ${b.key} overlap`);
    }
    for (const edge of graph.edges) {
      const label = await page.locator(`[data-label-for="${edge.key}"] .edge-label-box`).boundingBox();
      assert.ok(label, `edge ${edge.key} has no label box`);
      for (const leaf of leaves) assert.ok(!rectsOverlap(label, leaf.box), `the label of ${edge.key} covers node ${leaf.key}`);
    }

    // The picture for the README.
    fs.mkdirSync(path.dirname(screenshotPath), { recursive: true });
    await page.screenshot({ path: screenshotPath });
    await assertClean(opened);
  });

  it('marks the entry node, and only it', async () => {
    const opened = await openPage();
    const graph = graphOf(clinicText);
    await showGraph(opened.page, graph, 1);
    const entry = nodeById(graph, 'lookup_appointment');
    assert.equal(entry.isEntry, true);
    assert.equal(await opened.page.locator('.node.entry').count(), 1);
    assert.match((await nodeLocator(opened.page, entry.key).getAttribute('class')) ?? '', /\bentry\b/);
    assert.equal(await nodeLocator(opened.page, entry.key).locator('.mark-entry').textContent(), 'start');
    await assertClean(opened);
  });

  it('posts reveal with the key of a clicked node', async () => {
    const opened = await openPage();
    const graph = graphOf(clinicText);
    await showGraph(opened.page, graph, 1);
    for (const nodeId of ['answer_question', 'handoff_sms_patient']) {
      const node = nodeById(graph, nodeId);
      await nodeLocator(opened.page, node.key).locator('.node-box').click();
      const reveal = await waitForPosted(opened.page, (message) => message.type === 'reveal' && message.key === node.key);
      assert.deepEqual(reveal, { type: 'reveal', key: node.key });
    }
    await assertClean(opened);
  });

  it('marks errors (count, tooltip), nodes that cannot reach EndCall and nodes without incoming transitions', async () => {
    const opened = await openPage();
    const graph = graphOf(brokenClinicText());
    await showGraph(opened.page, graph, 1);
    await shot(opened.page, 'problems-marked');

    const withError = nodeById(graph, 'opening_known_patient');
    const errors = withError.diagnostics.filter((diagnostic) => diagnostic.severity === 1);
    assert.equal(errors.length, 1, JSON.stringify(withError.diagnostics));
    assert.equal(errors[0].code, 'unknown-target');
    const errorNode = nodeLocator(opened.page, withError.key);
    assert.match((await errorNode.getAttribute('class')) ?? '', /\bhas-errors\b/);
    assert.equal(await errorNode.getAttribute('data-errors'), '1');
    assert.equal(await errorNode.locator('.count-badge.count-errors').count(), 1);
    assert.equal(await errorNode.locator('.count-text').textContent(), '1');
    // The tooltip is written when the node is pointed at.
    await errorNode.dispatchEvent('pointerover');
    assert.ok(
      ((await errorNode.locator(':scope > title').textContent()) ?? '').includes(errors[0].message),
      'the tooltip lists the message',
    );

    const loop = nodeById(graph, 'chat_loop');
    assert.equal(loop.cannotReachEnd, true);
    assert.match((await nodeLocator(opened.page, loop.key).getAttribute('class')) ?? '', /\bcannot-reach-end\b/);
    assert.equal(await nodeLocator(opened.page, loop.key).locator('.mark-cannot-reach-end').count(), 1);

    const orphan = nodeById(graph, 'orphan');
    assert.equal(orphan.noIncoming, true);
    assert.match((await nodeLocator(opened.page, orphan.key).getAttribute('class')) ?? '', /\bno-incoming\b/);
    assert.equal(await nodeLocator(opened.page, orphan.key).locator('.mark-no-incoming').count(), 1);

    // The marks go exactly where the graph says.
    const flagged = (predicate: (node: PearlGraphNode) => boolean) =>
      graph.nodes
        .filter(predicate)
        .map((node) => node.key)
        .sort();
    const drawn = async (selector: string) =>
      (
        await opened.page.locator(selector).evaluateAll((elements) => elements.map((element) => element.getAttribute('data-node-key')))
      ).sort();
    assert.deepEqual(
      await drawn('.node.has-errors'),
      flagged((node) => node.diagnostics.some((diagnostic) => diagnostic.severity === 1)),
    );
    assert.deepEqual(
      await drawn('.node.cannot-reach-end'),
      flagged((node) => node.cannotReachEnd),
    );
    assert.deepEqual(
      await drawn('.node.no-incoming'),
      flagged((node) => node.noIncoming),
    );
    // The legend explains each mark.
    for (const mark of [
      '.mark-entry',
      '.has-errors-box',
      '.mark-cannot-reach-end',
      '.mark-no-incoming',
      '.edge-success',
      '.edge-failure',
    ]) {
      assert.equal(await opened.page.locator(`.legend ${mark}`).count(), 1, `legend entry ${mark}`);
    }
    await assertClean(opened);
  });

  it('shows a hostile node name as text and runs none of it', async () => {
    const opened = await openPage();
    const hostile = '<img src=x onerror=alert(1)>';
    const text = replaceOnce(
      replaceOnce(clinicText, '"name": "Generic greeting"', `"name": ${JSON.stringify(hostile)}`),
      '"name": "Patient has a general question"',
      `"name": ${JSON.stringify(`${hostile} <script>alert(2)</script>`)}`,
    );
    const graph = graphOf(text);
    const node = nodeById(graph, 'opening_generic');
    assert.equal(node.name, hostile);
    await showGraph(opened.page, graph, 1);

    const nameLines = await nodeLocator(opened.page, node.key).locator('.node-name tspan').allTextContents();
    assert.equal(nameLines.join(' '), hostile);
    await nodeLocator(opened.page, node.key).dispatchEvent('pointerover');
    assert.ok(((await nodeLocator(opened.page, node.key).locator(':scope > title').textContent()) ?? '').includes(hostile));
    assert.equal(await nodeLocator(opened.page, node.key).getAttribute('aria-label'), `OpeningSentence ${hostile}`);
    assert.equal(await opened.page.locator('img').count(), 0);
    assert.equal(await opened.page.locator('script').count(), 2, 'only the prelude and the bundle');

    await post(opened.page, { type: 'message', text: `<b>bold</b>${hostile}` });
    await opened.page.locator('#message:not([hidden])').waitFor();
    assert.equal(await opened.page.locator('#message').textContent(), `<b>bold</b>${hostile}`);
    assert.equal(await opened.page.locator('#message b, img').count(), 0);
    await assertClean(opened);
  });

  it('highlights the innermost node holding the cursor', async () => {
    const opened = await openPage();
    const graph = graphOf(clinicText);
    await showGraph(opened.page, graph, 1);
    const nested = nodeById(graph, 'handoff_sms_patient');
    const parent = nodeById(graph, 'front_desk_handoff');

    await post(opened.page, { type: 'cursor', position: { line: nested.range.start.line + 1, character: 4 } });
    await opened.page.locator(`.node.cursor[data-node-key="${nested.key}"]`).waitFor();
    assert.equal(await opened.page.locator('.node.cursor').count(), 1);

    await post(opened.page, { type: 'cursor', position: parent.selectionRange.start });
    await opened.page.locator(`.node.cursor[data-node-key="${parent.key}"]`).waitFor();
    assert.equal(await opened.page.locator('.node.cursor').count(), 1);

    await post(opened.page, { type: 'cursor', position: { line: 0, character: 0 } });
    await opened.page.locator('.node.cursor').waitFor({ state: 'detached' });
    await assertClean(opened);
  });

  it('keeps zoom and position across updates and reloads', async () => {
    const opened = await openPage();
    const { page } = opened;
    const graph = graphOf(clinicText);
    await showGraph(page, graph, 1);
    const fitted = await transformOf(page);
    assert.match(fitted ?? '', /^translate\(.+\) scale\(.+\)$/);

    await page.locator('button[data-action="zoomIn"]').click();
    await page.locator('button[data-action="zoomIn"]').click();
    const box = await page.locator('#graph').boundingBox();
    assert.ok(box);
    await page.mouse.move(box.x + 600, box.y + 400);
    await page.mouse.down();
    await page.mouse.move(box.x + 500, box.y + 300, { steps: 5 });
    await page.mouse.up();
    const zoomed = await transformOf(page);
    assert.notEqual(zoomed, fitted);

    // A structural edit (a node renamed): laid out and drawn again; the node in the middle of the
    // view stays where it was on screen.
    const anchorBefore = await centreNode(page);
    await showGraph(page, graphOf(clinicText.replace('"name": "Goodbye"', '"name": "Goodbye and thanks"'), 2), 2);
    assert.equal(await page.locator('#graph').getAttribute('data-version'), '2');
    const anchorAfter = await nodeLocator(page, anchorBefore.key).locator('.node-box').boundingBox();
    assert.ok(anchorAfter);
    assert.ok(
      Math.abs(anchorAfter.x - anchorBefore.box.x) < 1 && Math.abs(anchorAfter.y - anchorBefore.box.y) < 1,
      `${anchorBefore.key} moved on screen`,
    );
    const afterEdit = await transformOf(page);
    // The drag did not count as a click on a node.
    assert.equal((await posted(page)).filter((message) => message.type === 'reveal').length, 0);

    // Hidden and shown again: the page reloads and restores the transform from the webview state.
    await page.reload();
    await waitForPosted(page, (message) => message.type === 'ready');
    await showGraph(page, graph, 1);
    assert.equal(await transformOf(page), afterEdit);

    // Fit again (the legend, collapsed since the first zoom, no longer needs room).
    await page.locator('button[data-action="fit"]').click();
    assert.notEqual(await transformOf(page), afterEdit);
    await assertFitted(page);
    await assertClean(opened);
  });

  it('exports a standalone SVG with the theme colours resolved', async () => {
    const opened = await openPage();
    const graph = graphOf(clinicText);
    await showGraph(opened.page, graph, 1);
    await opened.page.locator('button[data-action="exportSvg"]').click();
    const message = await waitForPosted(opened.page, (candidate) => candidate.type === 'exportSvg');
    assert.equal(message.type, 'exportSvg');
    const svg = message.type === 'exportSvg' ? message.svg : '';
    assert.match(svg, /^<\?xml version="1.0" encoding="UTF-8"\?>\n<svg [^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    assert.match(svg, /viewBox="0 0 \d+ \d+"/);
    assert.equal(svg.match(/data-node-key=/g)?.length, graph.nodes.length);
    assert.equal(svg.match(/data-edge-key=/g)?.length, graph.edges.length);
    assert.ok(!svg.includes('var('), 'colours are resolved');
    assert.ok(svg.includes('Greeting with appointment'));
    await assertClean(opened);
  });

  it('draws no text when zoomed out too far to read it, and exports it all the same', async () => {
    const opened = await openPage();
    const { page } = opened;
    await showGraph(page, graphOf(clinicText), 1);
    const name = page.locator('.node-name').first();
    const label = page.locator('.edge-label').first();
    assert.equal(await name.isVisible(), true);
    assert.equal(await label.isVisible(), true);
    // Below a scale of 0.3 a 13 px name is under 4 px high: boxes and lines only.
    for (let index = 0; index < 8; index++) await page.locator('button[data-action="zoomOut"]').click();
    assert.equal(await name.isVisible(), false);
    assert.equal(await label.isVisible(), false);
    assert.equal(await page.locator('.node-box').first().isVisible(), true);
    await page.locator('button[data-action="exportSvg"]').click();
    const message = await waitForPosted(page, (candidate) => candidate.type === 'exportSvg');
    const svg = message.type === 'exportSvg' ? message.svg : '';
    assert.ok(svg.includes('Greeting with appointment'));
    assert.ok(!svg.includes('display="none"'), 'the export hides text');
    await page.locator('button[data-action="fit"]').click();
    assert.equal(await name.isVisible(), true);
    await assertClean(opened);
  });

  it('says a simple Pearl has no graph, offers the outline, and remembers the document', async () => {
    const opened = await openPage();
    const simple = graphOf(fs.readFileSync(path.join(repoRoot, 'examples/inbound-voice.pearl.json'), 'utf8'));
    assert.equal(simple.kind, 'simple');
    await post(opened.page, { type: 'document', uri: simple.uri });
    await post(opened.page, { type: 'graph', graph: simple });
    await opened.page.locator('#message:not([hidden])').waitFor();
    assert.match(
      (await opened.page.locator('#message p').textContent()) ?? '',
      /^This is a simple Pearl \(POST \/v2\/Pearl\): .* so it has no graph\./,
    );
    assert.equal(await opened.page.locator('[data-node-key]').count(), 0);
    await opened.page.getByRole('button', { name: 'Open Outline' }).click();
    await waitForPosted(opened.page, (message) => message.type === 'openOutline');
    // The webview state names the document, so VS Code restores this preview after a reload.
    const saved = await opened.page.evaluate(() => (globalThis as unknown as PageGlobals).sessionStorage.getItem('webviewState'));
    assert.equal((JSON.parse(saved ?? '{}') as { uri?: string }).uri, simple.uri);
    await assertClean(opened);
  });

  it('does not lay the graph out again for a script edit, and still shows its new diagnostics', async () => {
    const opened = await openPage();
    const { page } = opened;
    await showGraph(page, graphOf(clinicText), 1);
    assert.equal(await page.locator('#graph').getAttribute('data-layout-count'), '1');
    const boxesBefore = await page
      .locator('g[data-node-key] > .node-box')
      .evaluateAll((elements) => elements.map((element) => element.getBoundingClientRect().toJSON() as unknown));

    // A script now names an undeclared variable: an edit that is not structural, with a new diagnostic.
    const edited = graphOf(
      replaceOnce(clinicText, 'Sure! Could you give me your full name', 'Sure {no_such_variable}! Could you give me your full name'),
      2,
    );
    const node = edited.nodes.find((candidate) =>
      candidate.diagnostics.some((diagnostic) => diagnostic.message.includes('no_such_variable')),
    );
    assert.ok(node, 'the edit gives a node a diagnostic');
    await post(page, { type: 'graph', graph: edited });
    await page.locator('#graph[data-version="2"]').waitFor({ state: 'attached' });
    assert.equal(await page.locator('#graph').getAttribute('data-layout-count'), '1', 'the layout ran again');
    assert.equal(await page.locator('#graph').getAttribute('data-render-count'), '1');
    assert.equal(await nodeLocator(page, node.key).locator('.count-badge').count(), 1, 'the new diagnostic is counted on the node');
    await nodeLocator(page, node.key).dispatchEvent('pointerover');
    assert.ok(((await nodeLocator(page, node.key).locator(':scope > title').textContent()) ?? '').includes('no_such_variable'));
    const boxesAfter = await page
      .locator('g[data-node-key] > .node-box')
      .evaluateAll((elements) => elements.map((element) => element.getBoundingClientRect().toJSON() as unknown));
    assert.deepEqual(boxesAfter, boxesBefore, 'nodes moved');

    // As the host sends it (only the changed nodes): the diagnostic goes away, still no layout.
    const fixed = graphOf(clinicText, 3);
    const update = graphUpdate(edited, fixed);
    assert.equal(update.type, 'graphChanges');
    assert.ok(
      update.type === 'graphChanges' && update.nodes.filter((item) => typeof item !== 'number').length < 3,
      'more nodes sent than changed',
    );
    await post(page, update);
    await page.locator('#graph[data-version="3"]').waitFor({ state: 'attached' });
    assert.equal(await nodeLocator(page, node.key).locator('.count-badge').count(), 0, 'the fixed diagnostic is still counted');
    assert.equal(await page.locator('#graph').getAttribute('data-layout-count'), '1', 'the layout ran again');

    // A structural edit (a transition retargeted) is laid out again.
    await showGraph(page, graphOf(brokenClinicText(), 4), 2);
    assert.equal(await page.locator('#graph').getAttribute('data-layout-count'), '2');
    await assertClean(opened);
  });

  it('lays out in a worker, keeps the page responsive, and cancels a layout a newer graph overtakes', async () => {
    const opened = await openPage();
    const { page } = opened;
    // A 1,000-node hub: the longest layout the page runs (a few hundred ms in the worker).
    const big = graphOf(generateShapedPearl('hub', 1_000), 1);
    const clinic = graphOf(clinicText, 2);
    await page.evaluate(() => {
      const globals = globalThis as unknown as { __longTasks: number[] };
      globals.__longTasks = [];
      new PerformanceObserver((list) => globals.__longTasks.push(...list.getEntries().map((entry) => entry.duration))).observe({
        type: 'longtask',
      });
    });
    await post(page, { type: 'graph', graph: big });
    // While the worker lays out, the page answers: a task queued after the graph runs before the
    // layout lands (a layout on the page's thread would have drawn first). The bounds below only
    // catch a stall; bench:graph measures the page's longest task.
    const started = Date.now();
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
    assert.ok(Date.now() - started < 10_000, 'the page did not answer within 10 s');
    assert.equal(await page.locator('#graph').getAttribute('data-render-count'), null, 'the layout finished too early for this test');
    const longTasks = await page.evaluate(() => (globalThis as unknown as { __longTasks: number[] }).__longTasks);
    assert.ok(
      longTasks.every((duration) => duration < 2_000),
      `long tasks on the page while the worker lays out: ${JSON.stringify(longTasks)}`,
    );

    await showGraph(page, clinic, 1);
    assert.equal(await page.locator('#graph').getAttribute('data-version'), '2');
    assert.equal(await page.locator('#graph').getAttribute('data-layouts-cancelled'), '1');
    assert.equal(await page.locator('[data-node-key]').count(), clinic.nodes.length);
    // The cancelled layout never lands.
    await page.waitForTimeout(1_000);
    assert.equal(await page.locator('#graph').getAttribute('data-render-count'), '1');
    await assertClean(opened);
  });

  it('keeps every node where it was when a node or a transition is added, and the view on what was in view', async () => {
    // The clinic example and a generated 100-node Pearl.
    for (const [text, sourceId] of [
      [clinicText, 'opening_known_patient'],
      [generateTextPearl(100), 'opening_known_customer'],
    ] as const) {
      const opened = await openPage();
      const { page } = opened;
      const graph = graphOf(text, 1);
      await showGraph(page, graph, 1);
      const source = nodeById(graph, sourceId);
      const endCall = graph.nodes.find((node) => node.nodeType === 100)!;
      // The user looks at the source node, zoomed in (so the view is not fitted).
      await page.locator('#search').fill(source.name!);
      await page.locator('#search').press('Enter');
      await page.locator('button[data-action="zoomIn"]').click();
      const view = await transformOf(page);
      const before = await screenBoxes(page);

      // One node added, reached from the source: the incremental layout draws it.
      const value = JSON.parse(text) as { pearl: { nodes: Array<{ nodeId: string; transitions?: object[] }> } };
      value.pearl.nodes.push({
        nodeId: 'one_more_question',
        name: 'One more question',
        nodeType: 10,
        script: 'What else?',
        transitions: [{ name: 'Done', toNodeId: endCall.nodeId }],
      } as never);
      value.pearl.nodes
        .find((node) => node.nodeId === sourceId)!
        .transitions!.push({ name: 'Customer has one more question', toNodeId: 'one_more_question' });
      const grown = graphOf(JSON.stringify(value, null, 2), 2);
      await showGraph(page, grown, 2);
      assert.equal(await page.locator('#graph').getAttribute('data-layout-engine'), 'incremental');
      const added = nodeById(grown, 'one_more_question');
      await assertKept(page, before, view, [added.key]);
      const after = await screenBoxes(page);
      for (const [key, box] of after)
        if (key !== added.key) assert.ok(!rectsOverlap(box, after.get(added.key)!), `the new node covers ${key}`);
      for (const edge of grown.edges.filter((candidate) => candidate.source === added.key || candidate.target === added.key))
        await assertAttached(page, grown, edge.key, after);

      // One transition added between two nodes that were there: nothing moves.
      const target = nodeById(graph, graph.nodes.find((node) => node.nodeType === 10 && node.key !== source.key)!.nodeId!);
      value.pearl.nodes
        .find((node) => node.nodeId === sourceId)!
        .transitions!.push({ name: 'Customer skips ahead', toNodeId: target.nodeId });
      const linked = graphOf(JSON.stringify(value, null, 2), 3);
      await showGraph(page, linked, 3);
      assert.equal(await page.locator('#graph').getAttribute('data-layout-engine'), 'incremental');
      await assertKept(page, after, view, []);
      const skip = linked.edges.find((edge) => edge.name === 'Customer skips ahead')!;
      await assertAttached(page, linked, skip.key, after);
      await assertClean(opened);
    }
  });

  it('finds nodes by name, nodeId or type, centres and highlights the match', async () => {
    const opened = await openPage();
    const { page } = opened;
    const graph = graphOf(clinicText);
    await showGraph(page, graph, 1);
    const search = page.getByRole('searchbox', { name: 'Find a node by name, nodeId or type' });

    const byId = nodeById(graph, 'answer_question');
    await search.fill('answer_question');
    assert.equal(await page.locator('#search-status').textContent(), '1 of 1');
    assert.match((await nodeLocator(page, byId.key).getAttribute('class')) ?? '', /\bmatch-current\b/);
    const svgBox = await page.locator('#graph').boundingBox();
    const box = await nodeLocator(page, byId.key).locator('.node-box').boundingBox();
    assert.ok(svgBox && box);
    assert.ok(
      Math.abs(box.x + box.width / 2 - (svgBox.x + svgBox.width / 2)) < 2 &&
        Math.abs(box.y + box.height / 2 - (svgBox.y + svgBox.height / 2)) < 2,
      'the match is not centred',
    );

    // By type: every Dialogue node; Enter moves to the next one.
    const endCalls = graph.nodes.filter((node) => node.typeName === 'Dialogue');
    assert.ok(endCalls.length >= 2);
    await search.fill('dialogue');
    assert.equal(await page.locator('#search-status').textContent(), `1 of ${endCalls.length}`);
    assert.equal(await page.locator('.node.match').count(), endCalls.length);
    await search.press('Enter');
    assert.equal(await page.locator('#search-status').textContent(), `2 of ${endCalls.length}`);
    assert.match((await nodeLocator(page, endCalls[1].key).getAttribute('class')) ?? '', /\bmatch-current\b/);

    await search.fill('no node is called this');
    assert.equal(await page.locator('#search-status').textContent(), 'No match');
    assert.equal(await page.locator('.node.match').count(), 0);
    await assertClean(opened);
  });

  it('focus mode dims all but the selected node and its neighbours; Tab and Enter work from the keyboard', async () => {
    const opened = await openPage();
    const { page } = opened;
    const graph = graphOf(clinicText);
    await showGraph(page, graph, 1);
    const selected = nodeById(graph, 'answer_question');
    await page.getByRole('button', { name: 'Focus' }).click();
    assert.equal(await page.getByRole('button', { name: 'Focus' }).getAttribute('aria-pressed'), 'true');
    await nodeLocator(page, selected.key).locator('.node-box').click();

    const neighbours = new Set([selected.key]);
    for (const edge of graph.edges) {
      if (edge.source === selected.key) neighbours.add(edge.target);
      if (edge.target === selected.key) neighbours.add(edge.source);
    }
    assert.ok(neighbours.size >= 3);
    for (const node of graph.nodes) {
      if (node.parent) continue;
      const opacity = await nodeLocator(page, node.key).evaluate((element) => getComputedStyle(element).opacity);
      assert.equal(opacity, neighbours.has(node.key) ? '1' : '0.15', `opacity of ${node.nodeId}`);
    }
    for (const edge of graph.edges) {
      const dimmed = !(edge.source === selected.key || edge.target === selected.key);
      assert.equal(
        await page.locator(`[data-edge-key="${edge.key}"]`).evaluate((element) => getComputedStyle(element).opacity),
        dimmed ? '0.15' : '1',
      );
    }

    // Tab moves the keyboard focus (and the focus mode) to another node; Enter reveals it.
    await page.keyboard.press('Tab');
    const focusedKey = await page.evaluate(() => document.activeElement?.getAttribute('data-node-key') ?? null);
    assert.ok(focusedKey !== null && focusedKey !== selected.key, 'Tab did not move to another node');
    assert.match((await nodeLocator(page, focusedKey).getAttribute('class')) ?? '', /\bfocused\b/);
    assert.ok((await nodeLocator(page, focusedKey).getAttribute('aria-label'))?.length);
    await page.keyboard.press('Enter');
    await waitForPosted(page, (message) => message.type === 'reveal' && message.key === focusedKey);

    await page.getByRole('button', { name: 'Focus' }).click();
    assert.equal(await page.locator('.dimmed').count(), 0);
    await assertClean(opened);
  });

  it('starts with the legend collapsed and remembers it as the user leaves it', async () => {
    const opened = await openPage();
    const { page } = opened;
    await showGraph(page, graphOf(clinicText), 1);
    const legend = page.locator('#legend');
    const isOpen = () => legend.evaluate((element) => (element as HTMLDetailsElement).open);
    assert.equal(await isOpen(), false, 'collapsed the first time');
    // Opened by the user, it stays open while the graph is used, and after a reload.
    await page.locator('#legend summary').click();
    await page.locator('button[data-action="zoomIn"]').click();
    assert.equal(await isOpen(), true);
    await page.reload();
    await waitForPosted(page, (message) => message.type === 'ready');
    await showGraph(page, graphOf(clinicText), 1);
    assert.equal(await isOpen(), true, 'still open after a reload');
    // Closed again, it stays closed (once the page has seen it close: the toggle event comes a task later).
    await page.locator('#legend summary').click();
    await waitFor('the closed legend to be remembered', async () =>
      page.evaluate(() => JSON.parse(sessionStorage.getItem('webviewState') ?? '{}').legendOpen === false),
    );
    await page.reload();
    await waitForPosted(page, (message) => message.type === 'ready');
    assert.equal(await isOpen(), false, 'still collapsed after a reload');
    await assertClean(opened);
  });

  it('keeps the graph fitted when the panel is resized, the palette and panel beside it (wide) or above and below it (narrow), and the toolbar off the graph', async () => {
    const opened = await openPage();
    const { page } = opened;
    await showGraph(page, graphOf(clinicText), 1);
    await page.locator('button[data-action="fit"]').click();
    await assertFitted(page);
    for (const size of [
      { width: 700, height: 500 },
      { width: 1300, height: 900 },
    ]) {
      await page.setViewportSize(size);
      // Wide, the graph sits between the palette and the side panel: its right edge is the panel's left
      // edge. Narrow (760 px or less), it keeps the full width, between the palette above and the panel below.
      await page.waitForFunction(({ width }) => {
        const graph = document.getElementById('graph')!.getBoundingClientRect();
        const palette = document.getElementById('palette')!.getBoundingClientRect();
        const panel = document.getElementById('node-panel')!.getBoundingClientRect();
        return width <= 760
          ? graph.left === 0 && graph.right === width && palette.bottom === graph.top && panel.top === graph.bottom
          : panel.right === width && graph.right === panel.left && graph.left === palette.right;
      }, size);
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      await assertFitted(page);
      const toolbar = await page.locator('.toolbar').boundingBox();
      const svgBox = await page.locator('#graph').boundingBox();
      assert.ok(toolbar && svgBox && toolbar.y + toolbar.height <= svgBox.y + 0.5, 'the toolbar overlaps the graph');
    }
    await assertClean(opened);
  });

  it('shows an overview for a graph larger than the view', async () => {
    const opened = await openPage();
    const { page } = opened;
    await showGraph(page, graphOf(clinicText), 1);
    await page.locator('button[data-action="fit"]').click();
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    assert.equal(await page.locator('#minimap').isHidden(), true, 'no overview while the whole graph is in view');
    for (let index = 0; index < 4; index++) await page.locator('button[data-action="zoomIn"]').click();
    await page.locator('#minimap').waitFor({ state: 'visible' });
    const before = await transformOf(page);
    const minimap = await page.locator('#minimap').boundingBox();
    assert.ok(minimap);
    await page.mouse.click(minimap.x + 5, minimap.y + 5);
    assert.notEqual(await transformOf(page), before, 'a click in the overview moves the view');
    await assertClean(opened);
  });

  it('draws a hub-shaped Pearl of 500 nodes without stalling, EndCall at the bottom and the transitions into it as tags naming it', async (t) => {
    const opened = await openPage();
    const { page } = opened;
    const graph = graphOf(generateShapedPearl('hub', 500));
    const end = graph.nodes.find((node) => node.nodeType === 100);
    assert.ok(end && graph.edges.filter((edge) => edge.target === end.key).length > 400, 'EndCall is a hub');
    const elapsed = await page.evaluate(async (graph) => {
      const svg = document.getElementById('graph') as unknown as SVGSVGElement;
      const started = performance.now();
      (globalThis as unknown as PageGlobals).postMessage({ type: 'graph', graph }, '*');
      for (;;) {
        await new Promise((resolve) => requestAnimationFrame(resolve));
        if (Number(svg.dataset.renderCount ?? 0) >= 1) return performance.now() - started;
      }
    }, graph);
    t.diagnostic(`500-node hub: first drawn in ${Math.round(elapsed)} ms`);
    // A guard against a regression to the per-layer layout (6-12 s here), at the bound the graph's
    // issue set (2 s, four times what bench:graph measures on a quiet machine), not a timing:
    // bench:graph measures the time.
    assert.ok(elapsed <= 2_000, `a 500-node hub-shaped Pearl took ${Math.round(elapsed)} ms to draw`);
    // Every transition is drawn; those into EndCall mostly as tags naming it, one click from it.
    assert.equal(await page.locator('[data-edge-key]').count(), graph.edges.length);
    const intoEnd = new Set(graph.edges.filter((edge) => edge.target === end.key).map((edge) => edge.key));
    const tagged = (
      await page.locator('[data-tag-for]').evaluateAll((elements) => elements.map((element) => element.getAttribute('data-tag-for') ?? ''))
    ).filter((key) => intoEnd.has(key));
    assert.ok(tagged.length > 400);
    const tag = page.locator(`[data-tag-for="${tagged[0]}"]`);
    assert.equal(await tag.locator('.edge-tag-text').textContent(), '↓ End the conversation');
    await tag.dispatchEvent('click');
    await waitFor('the tag to select EndCall', async () =>
      ((await nodeLocator(page, end.key).getAttribute('class')) ?? '').includes('selected'),
    );
    await waitForPosted(page, (message) => message.type === 'reveal' && message.key === end.key);
    await assertClean(opened);
  });

  it('Focus on a node of a 300-node hub-shaped Pearl frames it with readable text, in view, its neighbours around it', async () => {
    const opened = await openPage();
    const { page } = opened;
    const graph = graphOf(generateShapedPearl('hub', 300));
    await showGraph(page, graph, 1);
    const end = graph.nodes.find((node) => node.nodeType === 100);
    const dialogues = graph.nodes.filter(
      (node) => node.nodeType === 10 && graph.edges.some((edge) => edge.source === node.key && edge.target === end?.key),
    );
    const focused = dialogues[Math.floor(dialogues.length / 2)];
    assert.ok(end && focused, 'a Dialogue with a transition into EndCall');
    // Fitted, the 300 nodes' names are too small to read: the page does not draw them.
    assert.match((await page.locator('g.viewport').getAttribute('class')) ?? '', /\bfar\b/);
    await shot(page, 'hub-300-fitted');
    await nodeLocator(page, focused.key).dispatchEvent('click');
    await page.getByRole('button', { name: 'Focus' }).click();
    const seen = await page.evaluate((key) => {
      const area = document.getElementById('graph')?.getBoundingClientRect();
      const node = document.querySelector(`[data-node-key="${key}"]`);
      const box = node?.querySelector('.node-box')?.getBoundingClientRect();
      const name = node?.querySelector('.node-name tspan')?.getBoundingClientRect();
      const inside =
        area !== undefined &&
        box !== undefined &&
        box.left >= area.left &&
        box.top >= area.top &&
        box.right <= area.right &&
        box.bottom <= area.bottom;
      const far = document.querySelector('g.viewport')?.classList.contains('far') ?? true;
      return { inside, far, nameHeight: name?.height ?? 0 };
    }, focused.key);
    await shot(page, 'hub-300-focus');
    assert.equal(seen.inside, true, 'the focused node is in view');
    assert.equal(seen.far, false, 'the names are drawn');
    // A 13 px name at a readable scale (0.6 or more) is about 8 px high on screen, or more.
    assert.ok(seen.nameHeight >= 7.5, `the focused node's name is ${seen.nameHeight} px high`);
    await assertClean(opened);
  });

  it('Focus on, a search match in a 300-node hub is selected and framed above the side panel that opens for it', async () => {
    const opened = await openPage();
    const { page } = opened;
    // A preview beside the editor, as in the UI pass: narrow, so the side panel sits under the graph.
    await page.setViewportSize({ width: 520, height: 820 });
    const graph = graphOf(generateShapedPearl('hub', 300));
    await showGraph(page, graph, 1);
    const dialogues = graph.nodes.filter((node) => node.nodeType === 10);
    await page.getByRole('button', { name: 'Focus' }).click();
    // Nothing selected: the side panel holds a hint. The match is selected, the panel shows its
    // fields (taller), and the match is framed in what is left of the graph area.
    const other = dialogues[dialogues.length - 3];
    await page.getByRole('searchbox', { name: 'Find a node by name, nodeId or type' }).fill(other.nodeId ?? '');
    await page.locator(`g.match-current.selected[data-node-key="${other.key}"]`).waitFor({ timeout: 10_000 });
    const [box, area] = await Promise.all([
      nodeLocator(page, other.key).locator('.node-box').boundingBox(),
      page.locator('#graph').boundingBox(),
    ]);
    assert.ok(
      box &&
        area &&
        box.y >= area.y &&
        box.y + box.height <= area.y + area.height &&
        box.x >= area.x &&
        box.x + box.width <= area.x + area.width,
      `the match (${JSON.stringify(box)}) is inside the graph area (${JSON.stringify(area)})`,
    );
    await assertClean(opened);
  });

  it('zoomed in on a 300-node hub-shaped Pearl, draws the text and lines near the view only, and brings them back when the view moves', async () => {
    const opened = await openPage();
    const { page } = opened;
    const graph = graphOf(generateShapedPearl('hub', 300));
    await showGraph(page, graph, 1);
    const dialogues = graph.nodes.filter((node) => node.nodeType === 10);
    const [first, last] = [dialogues[1], dialogues[dialogues.length - 2]];
    await nodeLocator(page, last.key).dispatchEvent('click');
    await page.getByRole('button', { name: 'Focus' }).click();
    const shown = (key: string) =>
      page.evaluate((key) => {
        const node = document.querySelector(`[data-node-key="${key}"]`);
        const name = node?.querySelector('.node-name');
        const box = node?.querySelector('.node-box');
        return {
          name: name ? getComputedStyle(name).display !== 'none' : false,
          box: box ? getComputedStyle(box).display !== 'none' : false,
          focusable: node?.getAttribute('tabindex') === '0',
        };
      }, key);
    // Framed at a readable scale on a node near the end: the first Dialogue is far above, nothing
    // of it drawn, its (empty) group still there to take the keyboard focus.
    await waitFor('the far node to lose its name', async () => !(await shown(first.key)).name);
    assert.deepEqual(await shown(first.key), { name: false, box: false, focusable: true });
    assert.deepEqual(await shown(last.key), { name: true, box: true, focusable: true });
    const counts = await page.evaluate(() => {
      const drawn = (selector: string) =>
        Array.from(document.querySelectorAll(selector)).filter((element) => getComputedStyle(element).display !== 'none').length;
      return {
        names: drawn('.node-name'),
        allNames: document.querySelectorAll('.node-name').length,
        lines: drawn('.edge'),
        allLines: document.querySelectorAll('.edge').length,
      };
    });
    assert.ok(counts.names > 0 && counts.names < counts.allNames / 2, `${counts.names} of ${counts.allNames} names drawn`);
    assert.ok(counts.lines > 0 && counts.lines < counts.allLines / 2, `${counts.lines} of ${counts.allLines} transitions drawn`);
    // The keyboard reaches the far node (as Tab does): it takes the focus, is framed, and is drawn again.
    await nodeLocator(page, first.key).focus();
    await waitFor('the node focused to be drawn', async () => (await shown(first.key)).name);
    assert.deepEqual(await shown(first.key), { name: true, box: true, focusable: true });
    assert.equal(await page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.nodeKey), first.key);
    assert.equal((await shown(last.key)).name, false);
    // Export SVG draws every name, wherever the view is.
    const lastLine = await nodeLocator(page, last.key).locator('.node-name tspan').first().textContent();
    assert.ok(lastLine, 'the name of the node now out of view is in the page');
    await page.locator('button[data-action="exportSvg"]').click();
    const message = await waitForPosted(page, (candidate) => candidate.type === 'exportSvg');
    const svg = message.type === 'exportSvg' ? message.svg : '';
    assert.ok(!svg.includes('display="none"'), 'the export hides text');
    assert.ok(svg.includes(`>${lastLine}</tspan>`), `the export has "${lastLine}", the name of a node out of view`);
    await assertClean(opened);
  });

  it('draws a node with a hostile 30,000-character name without stalling, cut to three lines', async (t) => {
    const opened = await openPage();
    const { page } = opened;
    // A small Pearl, so that the time is the name's, not the layout of many nodes.
    const small = (name: string) => `{
  "name": "Tiny",
  "pearl": {
    "nodes": [
      { "nodeId": "opening_generic", "name": ${JSON.stringify(name)}, "nodeType": 2, "script": "Hello!", "transitions": [{ "name": "Done", "toNodeId": "end" }] },
      { "nodeId": "end", "name": "Goodbye", "nodeType": 100, "script": "Bye." }
    ]
  }
}`;
    const named = (name: string, version: number) => graphOf(small(name), version);
    await showGraph(page, named('Generic greeting', 1), 1);
    for (const [index, name] of [
      'x'.repeat(30_000),
      Array.from({ length: 6_000 }, (_, word) => `w${word % 10}rd`)
        .join(' ')
        .padEnd(30_000, 's'),
      '\u200b'.repeat(30_000),
    ].entries()) {
      const graph = named(name, index + 2);
      const node = nodeById(graph, 'opening_generic');
      const elapsed = await page.evaluate(
        async ({ graph, renderCount }) => {
          const svg = document.getElementById('graph') as unknown as SVGSVGElement;
          const started = performance.now();
          (globalThis as unknown as PageGlobals).postMessage({ type: 'graph', graph }, '*');
          while (Number(svg.dataset.renderCount) < renderCount) await new Promise((resolve) => setTimeout(resolve, 1));
          return performance.now() - started;
        },
        { graph, renderCount: index + 2 },
      );
      t.diagnostic(
        `${name.length}-character name (${index === 0 ? 'one word' : index === 1 ? 'words' : 'zero-width spaces'}): drawn in ${Math.round(elapsed)} ms`,
      );
      // A guard against a stall (measuring the name character by character), not a timing, which a loaded machine would fail.
      assert.ok(elapsed <= 3_000, `a ${name.length}-character name took ${Math.round(elapsed)} ms to draw`);
      const lines = await nodeLocator(page, node.key).locator('.node-name tspan').allTextContents();
      assert.ok(lines.length >= 1 && lines.length <= 3, `${lines.length} lines`);
      assert.ok(lines[lines.length - 1].endsWith('…'), 'the cut name ends with …');
      const box = await nodeLocator(page, node.key).locator('.node-box').boundingBox();
      assert.ok(box && box.width < 400, 'the node stays narrow');
    }
    await assertClean(opened);
  });
});

function inside(inner: Rect, outer: Rect): boolean {
  return (
    inner.x >= outer.x &&
    inner.y >= outer.y &&
    inner.x + inner.width <= outer.x + outer.width &&
    inner.y + inner.height <= outer.y + outer.height
  );
}
