/**
 * The graph preview's webview in a real browser: the page from `getGraphPreviewHtml` (with its
 * Content-Security-Policy), the bundled `dist/graphPreview.js` and `.css`, served on 127.0.0.1 and
 * driven with Debian's chromium through playwright-core. The graphs come from the real language
 * service (`getGraph` over `examples/clinic-reminders.pearl.json`). A fake `acquireVsCodeApi`,
 * injected as a nonce'd inline script, records what the page posts into `window.__posted` and keeps
 * the webview state in sessionStorage (so it survives a reload, as VS Code's does across hide/show).
 *
 * Needs `node scripts/bundle.mjs` first. Skipped when /usr/bin/chromium is absent.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { type Browser, chromium, type Page } from 'playwright-core';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { createNonce, getGraphPreviewHtml } from '../../../client/src/graphPreview/graphPreviewHtml';
import type { HostMessage, WebviewMessage } from '../../../client/src/graphPreview/messages';
import type { PearlGraph, PearlGraphNode } from '../../../server/src/protocol';
import { getLanguageService } from '../../../server/src/service/pearlLanguageService';

const chromiumPath = '/usr/bin/chromium';
const repoRoot = path.resolve(__dirname, '../../../..');
const distDir = path.join(repoRoot, 'dist');
const clinicPath = path.join(repoRoot, 'examples/clinic-reminders.pearl.json');
const screenshotPath = path.join(repoRoot, 'docs/graph-preview.png');
const viewportSize = { width: 1200, height: 800 };

/** VS Code's default dark theme ("Dark Modern"), the variables the page reads. */
const darkTheme: Readonly<Record<string, string>> = {
  '--vscode-font-family': 'system-ui, "Ubuntu", "Droid Sans", sans-serif',
  '--vscode-font-size': '13px',
  '--vscode-editor-background': '#1f1f1f',
  '--vscode-editor-foreground': '#cccccc',
  '--vscode-descriptionForeground': '#9d9d9d',
  '--vscode-focusBorder': '#0078d4',
  '--vscode-charts-foreground': '#cccccc',
  '--vscode-charts-red': '#f14c4c',
  '--vscode-charts-blue': '#3794ff',
  '--vscode-charts-yellow': '#cca700',
  '--vscode-charts-orange': '#d18616',
  '--vscode-charts-green': '#89d185',
  '--vscode-charts-purple': '#b180d7',
  '--vscode-terminal-ansiCyan': '#11a8cd',
  '--vscode-editorError-foreground': '#f85149',
  '--vscode-editorWarning-foreground': '#cca700',
  '--vscode-editorWidget-background': '#202020',
  '--vscode-editorWidget-foreground': '#cccccc',
  '--vscode-editorWidget-border': '#313131',
  '--vscode-button-secondaryBackground': '#313131',
  '--vscode-button-secondaryForeground': '#cccccc',
  '--vscode-button-secondaryHoverBackground': '#3c3c3c',
  '--vscode-button-border': '#ffffff12',
};

/** The fake webview API and theme, run before the page's script. */
function preludeScript(): string {
  return `(() => {
  const root = document.documentElement;
  for (const [name, value] of Object.entries(${JSON.stringify(darkTheme)})) root.style.setProperty(name, value);
  root.classList.add('vscode-dark');
  window.__posted = [];
  window.__cspViolations = [];
  document.addEventListener('securitypolicyviolation', (event) => {
    window.__cspViolations.push(event.violatedDirective + ' ' + event.blockedURI);
  });
  window.acquireVsCodeApi = () => ({
    postMessage: (message) => { window.__posted.push(JSON.parse(JSON.stringify(message))); },
    getState: () => JSON.parse(sessionStorage.getItem('webviewState') || 'null') ?? undefined,
    setState: (state) => { sessionStorage.setItem('webviewState', JSON.stringify(state)); },
  });
})();`;
}

/** What the test reads from the page's globals (inside `page.evaluate`). */
interface PageGlobals {
  __posted: WebviewMessage[];
  __cspViolations: string[];
  postMessage(message: HostMessage, targetOrigin: string): void;
  sessionStorage: { getItem(key: string): string | null };
}

/** Serves the preview page and the two bundles; `cspSource` is the server's origin. */
function startServer(): Promise<{ server: http.Server; origin: string }> {
  const files: Record<string, string> = {
    '/dist/graphPreview.js': 'text/javascript; charset=utf-8',
    '/dist/graphPreview.css': 'text/css; charset=utf-8',
  };
  let origin = '';
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', origin);
    if (url.pathname === '/') {
      const nonce = createNonce();
      const html = getGraphPreviewHtml({
        cspSource: origin,
        nonce,
        scriptUri: `${origin}/dist/graphPreview.js`,
        styleUri: `${origin}/dist/graphPreview.css`,
      }).replace('</head>', `<script nonce="${nonce}">${preludeScript()}</script>\n</head>`);
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      response.end(html);
      return;
    }
    const type = files[url.pathname];
    if (type === undefined) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': type });
    response.end(fs.readFileSync(path.join(distDir, path.basename(url.pathname))));
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      resolve({ server, origin });
    });
  });
}

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

describe('graph preview webview (chromium)', { skip: fs.existsSync(chromiumPath) ? false : `${chromiumPath} not found: install Debian's chromium to run the webview tests` }, () => {
  let browser: Browser | undefined;
  let server: http.Server | undefined;
  let origin = '';

  before(async () => {
    for (const file of ['graphPreview.js', 'graphPreview.css']) {
      assert.ok(fs.existsSync(path.join(distDir, file)), `dist/${file} is missing: run \`node scripts/bundle.mjs\` first`);
    }
    ({ server, origin } = await startServer());
    browser = await chromium.launch({
      executablePath: chromiumPath,
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
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
      if (!url.startsWith(`${origin}/`) && !url.startsWith('data:')) opened.foreignRequests.push(url);
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

  async function posted(page: Page): Promise<WebviewMessage[]> {
    return page.evaluate(() => (globalThis as unknown as PageGlobals).__posted);
  }

  /** Polls the posted messages until one matches; fails after 10 s. */
  async function waitForPosted(page: Page, match: (message: WebviewMessage) => boolean): Promise<WebviewMessage> {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const all = await posted(page);
      const found = all.find(match);
      if (found) return found;
      if (Date.now() > deadline) assert.fail(`no matching message posted; got ${JSON.stringify(all)}`);
      await page.waitForTimeout(20);
    }
  }

  async function transformOf(page: Page): Promise<string | null> {
    return page.locator('#graph > g.viewport').getAttribute('transform');
  }

  function nodeLocator(page: Page, key: string) {
    return page.locator(`[data-node-key="${key}"]`);
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
    const drawnNodes = await page.locator('[data-node-key]').evaluateAll((elements) => elements.map((element) => element.getAttribute('data-node-key')));
    assert.deepEqual([...drawnNodes].sort(), graph.nodes.map((node) => node.key).sort());
    const drawnEdges = await page
      .locator('[data-edge-key]')
      .evaluateAll((elements) => elements.map((element) => [element.getAttribute('data-edge-key'), element.getAttribute('data-source'), element.getAttribute('data-target')]));
    assert.deepEqual(
      [...drawnEdges].sort(),
      graph.edges.map((edge) => [edge.key, edge.source, edge.target]).sort(),
    );

    // Node names and types are shown; transition names label the edges.
    const greeting = nodeById(graph, 'opening_known_patient');
    assert.equal(await nodeLocator(page, greeting.key).locator('.node-type').textContent(), 'OpeningSentence');
    assert.equal((await nodeLocator(page, greeting.key).locator('.node-name tspan').allTextContents()).join(' '), 'Greeting with appointment');
    assert.equal(await page.locator('[data-label-for]').count(), graph.edges.length);

    // PreCallAPI Success and Failure transitions are told apart (class, dash, ✓ / ✗ label).
    const success = graph.edges.find((edge) => edge.apiResult === 1)!;
    const failure = graph.edges.find((edge) => edge.apiResult === 2)!;
    assert.match((await page.locator(`[data-edge-key="${success.key}"]`).getAttribute('class')) ?? '', /\bedge-success\b/);
    assert.match((await page.locator(`[data-edge-key="${failure.key}"]`).getAttribute('class')) ?? '', /\bedge-failure\b/);
    assert.match((await page.locator(`[data-label-for="${success.key}"]`).textContent()) ?? '', /^✓ Appointment found/);
    assert.match((await page.locator(`[data-label-for="${failure.key}"]`).textContent()) ?? '', /^✗ Appointment lookup/);

    // Nested actions sit inside their parent's group box; leaf nodes and labels never overlap.
    const boxes = new Map<string, Box>();
    for (const node of graph.nodes) {
      const box = await nodeLocator(page, node.key).locator('.node-box').boundingBox();
      assert.ok(box, `node ${node.key} has no box`);
      boxes.set(node.key, box);
    }
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
      for (const b of leaves.slice(index + 1)) assert.ok(!overlap(a.box, b.box), `nodes ${a.key} and ${b.key} overlap`);
    }
    for (const edge of graph.edges) {
      const label = await page.locator(`[data-label-for="${edge.key}"] .edge-label-box`).boundingBox();
      assert.ok(label, `edge ${edge.key} has no label box`);
      for (const leaf of leaves) assert.ok(!overlap(label, leaf.box), `the label of ${edge.key} covers node ${leaf.key}`);
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

    const withError = nodeById(graph, 'opening_known_patient');
    const errors = withError.diagnostics.filter((diagnostic) => diagnostic.severity === 1);
    assert.equal(errors.length, 1, JSON.stringify(withError.diagnostics));
    assert.equal(errors[0].code, 'unknown-target');
    const errorNode = nodeLocator(opened.page, withError.key);
    assert.match((await errorNode.getAttribute('class')) ?? '', /\bhas-errors\b/);
    assert.equal(await errorNode.getAttribute('data-errors'), '1');
    assert.equal(await errorNode.locator('.count-errors .count-text').textContent(), '1');
    assert.ok(((await errorNode.locator(':scope > title').textContent()) ?? '').includes(errors[0].message), 'the tooltip lists the message');

    const loop = nodeById(graph, 'chat_loop');
    assert.equal(loop.cannotReachEnd, true);
    assert.match((await nodeLocator(opened.page, loop.key).getAttribute('class')) ?? '', /\bcannot-reach-end\b/);
    assert.equal(await nodeLocator(opened.page, loop.key).locator('.mark-cannot-reach-end').count(), 1);

    const orphan = nodeById(graph, 'orphan');
    assert.equal(orphan.noIncoming, true);
    assert.match((await nodeLocator(opened.page, orphan.key).getAttribute('class')) ?? '', /\bno-incoming\b/);
    assert.equal(await nodeLocator(opened.page, orphan.key).locator('.mark-no-incoming').count(), 1);

    // The marks go exactly where the graph says.
    const flagged = (predicate: (node: PearlGraphNode) => boolean) => graph.nodes.filter(predicate).map((node) => node.key).sort();
    const drawn = async (selector: string) =>
      (await opened.page.locator(selector).evaluateAll((elements) => elements.map((element) => element.getAttribute('data-node-key')))).sort();
    assert.deepEqual(await drawn('.node.has-errors'), flagged((node) => node.diagnostics.some((diagnostic) => diagnostic.severity === 1)));
    assert.deepEqual(await drawn('.node.cannot-reach-end'), flagged((node) => node.cannotReachEnd));
    assert.deepEqual(await drawn('.node.no-incoming'), flagged((node) => node.noIncoming));
    // The legend explains each mark.
    for (const mark of ['.mark-entry', '.has-errors-box', '.mark-cannot-reach-end', '.mark-no-incoming', '.edge-success', '.edge-failure']) {
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

    // An edit: a new version of the graph, drawn again, same transform.
    await showGraph(page, graphOf(clinicText.replace('Goodbye', 'Goodbye and thanks'), 2), 2);
    assert.equal(await page.locator('#graph').getAttribute('data-version'), '2');
    assert.equal(await transformOf(page), zoomed);
    // The drag did not count as a click on a node.
    assert.equal((await posted(page)).filter((message) => message.type === 'reveal').length, 0);

    // Hidden and shown again: the page reloads and restores the transform from the webview state.
    await page.reload();
    await waitForPosted(page, (message) => message.type === 'ready');
    await showGraph(page, graph, 1);
    assert.equal(await transformOf(page), zoomed);

    await page.locator('button[data-action="fit"]').click();
    assert.equal(await transformOf(page), fitted);
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

  it('shows a message for a simple Pearl', async () => {
    const opened = await openPage();
    const simple = graphOf(fs.readFileSync(path.join(repoRoot, 'examples/inbound-voice.pearl.json'), 'utf8'));
    assert.equal(simple.kind, 'simple');
    await post(opened.page, { type: 'graph', graph: simple });
    await opened.page.locator('#message:not([hidden])').waitFor();
    assert.match((await opened.page.locator('#message').textContent()) ?? '', /simple Pearl/);
    assert.equal(await opened.page.locator('[data-node-key]').count(), 0);
    await assertClean(opened);
  });
});

interface Box {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

function overlap(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

function inside(inner: Box, outer: Box): boolean {
  return inner.x >= outer.x && inner.y >= outer.y && inner.x + inner.width <= outer.x + outer.width && inner.y + inner.height <= outer.y + outer.height;
}
