/**
 * Benchmark of the graph preview page (`npm run bench:graph`): the page and bundle the extension
 * ships (`dist/graphPreview.js`, served by `test/e2e/webview/previewPage.ts`) in headless Chromium,
 * with generated text Pearls (`pearlGenerator.ts`) of 100, 500 and 1,000 nodes whose graphs come
 * from the real language service. Prints one line per size:
 *
 *     graph-bench: nodes=N firstDrawMs=X relayoutMs=Y typingLongestTaskMs=Z
 *
 * - firstDrawMs: from the page receiving the graph (the `message` event's `postMessage`) to the SVG
 *   drawn (the next animation frame after it), median of {@link rounds} fresh pages;
 * - relayoutMs: one node added (a change of structure: the incremental layout keeps the drawing and
 *   fits the node in) to its redraw, median;
 * - typingLongestTaskMs: the longest main-thread task of the page (Long Tasks API, a
 *   PerformanceObserver of `longtask` entries) while 50 script edits arrive 50 ms apart (as the
 *   host sends them: the changed nodes), the largest over the rounds; 0 when no task was long (the
 *   API reports only tasks over 50 ms).
 *
 * Needs a build (`npm run build`) and /usr/bin/chromium.
 */
import * as fs from 'node:fs';
import { type Browser, chromium, type Page } from 'playwright-core';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { graphUpdate } from '../client/src/graphPreview/graphUpdate';
import type { HostMessage } from '../protocol/graphPreviewMessages';
import type { PearlGraph } from '../protocol/pearlRequests';
import { getLanguageService } from '../server/src/service/pearlLanguageService';
import { chromiumPath, launchOptions, type PageGlobals, startServer } from '../test/e2e/webview/previewPage';
import { generateTextPearl } from './pearlGenerator';

const sizes = process.env.GRAPH_BENCH_SIZES ? process.env.GRAPH_BENCH_SIZES.split(',').map(Number) : [100, 500, 1_000];
/** Fresh pages per size; medians over them. */
const rounds = 3;
/** Script edits sent while typing, and the time between two. */
const typingEdits = 50;
const typingIntervalMs = 50;
/** Pause between the relayout and the typing, ms. */
const settleMs = 1_000;

const service = getLanguageService();

/** The graph the server sends for `text`. */
function graphOf(text: string, version: number): PearlGraph {
  const doc = service.parsePearlDocument(TextDocument.create('file:///bench/generated.pearl.json', 'pearl', version, text));
  return service.getGraph(doc, service.doValidation(doc));
}

interface GeneratedPearl {
  pearl: { nodes: Array<Record<string, unknown>> };
}

/** `text` with one more Dialogue node, reached from the first opening and leading to EndCall. */
function withAddedNode(text: string): string {
  const value = JSON.parse(text) as GeneratedPearl;
  const nodes = value.pearl.nodes;
  nodes.push({
    nodeId: 'bench_added',
    name: 'Added while benchmarking',
    nodeType: 10,
    script: 'One more question, please.',
    transitions: [{ name: 'Done', toNodeId: 'end_conversation' }],
  });
  const opening = nodes.find((node) => node.nodeId === 'opening_known_customer');
  if (!opening || !Array.isArray(opening.transitions))
    throw new Error('the generated Pearl has no opening_known_customer with transitions');
  opening.transitions.push({ name: 'Customer has one more question', toNodeId: 'bench_added' });
  return JSON.stringify(value, null, 2);
}

/** `text` with a word added to the script of the middle Dialogue node: an edit that is not structural. */
function withScriptEdit(text: string): string {
  const value = JSON.parse(text) as GeneratedPearl;
  const dialogues = value.pearl.nodes.filter((node) => node.nodeType === 10 && typeof node.script === 'string');
  const node = dialogues[Math.floor(dialogues.length / 2)];
  if (!node) throw new Error('the generated Pearl has no Dialogue node with a script');
  node.script = `${String(node.script)} Thanks`;
  return JSON.stringify(value, null, 2);
}

/** Posts `graph` in the page and resolves with the ms until the render count reaches `renderCount` and a frame passed. */
async function timeDraw(page: Page, graph: PearlGraph, renderCount: number): Promise<number> {
  return page.evaluate(
    async ({ graph, renderCount }) => {
      const svg = document.getElementById('graph') as unknown as SVGSVGElement;
      const started = performance.now();
      (globalThis as unknown as PageGlobals).postMessage({ type: 'graph', graph }, '*');
      for (;;) {
        await new Promise((resolve) => requestAnimationFrame(resolve));
        if (Number(svg.dataset.renderCount ?? 0) >= renderCount) return performance.now() - started;
        if (performance.now() - started > 120_000) throw new Error('not drawn within 120 s');
      }
    },
    { graph, renderCount },
  );
}

/**
 * Sends 50 script edits 50 ms apart, as the host does (`graphUpdate`: the changed nodes only,
 * alternating between two real versions of the document); resolves with the longest task, ms.
 */
async function timeTyping(page: Page, toEdited: HostMessage, toOriginal: HostMessage): Promise<number> {
  return page.evaluate(
    async ({ toEdited, toOriginal, edits, interval }) => {
      const durations: number[] = [];
      const observer = new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) durations.push(entry.duration);
      });
      observer.observe({ type: 'longtask', buffered: false });
      const handled: number[] = [];
      let start = 0;
      window.addEventListener('message', () => (start = performance.now()), { capture: true });
      window.addEventListener('message', () => handled.push(performance.now() - start));
      const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
      for (let index = 0; index < edits; index++) {
        const message = index % 2 === 0 ? toEdited : toOriginal;
        (globalThis as unknown as PageGlobals).postMessage(
          message.type === 'nodes' ? { ...message, version: 1_000 + index } : message,
          '*',
        );
        await sleep(interval);
      }
      await sleep(300);
      observer.disconnect();
      if ((globalThis as unknown as { __debug?: boolean }).__debug)
        console.log(`handled ${JSON.stringify(handled.map(Math.round))} long ${JSON.stringify(durations.map(Math.round))}`);
      return durations.length > 0 ? Math.max(...durations) : 0;
    },
    { toEdited, toOriginal, edits: typingEdits, interval: typingIntervalMs },
  );
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

async function main(): Promise<void> {
  if (!fs.existsSync(chromiumPath)) throw new Error(`${chromiumPath} not found: install Debian's chromium`);
  const { server, origin } = await startServer();
  let browser: Browser | undefined;
  try {
    browser = await chromium.launch(launchOptions);
    for (const nodes of sizes) {
      const text = generateTextPearl(nodes);
      const graph = graphOf(text, 1);
      const grownText = withAddedNode(text);
      const grown = graphOf(grownText, 2);
      const edited = graphOf(withScriptEdit(grownText), 3);
      const firstDraws: number[] = [];
      const relayouts: number[] = [];
      const longestTasks: number[] = [];
      for (let round = 0; round < rounds; round++) {
        const context = await browser.newContext({ viewport: { width: 1200, height: 800 } });
        const page = await context.newPage();
        if (process.env.GRAPH_BENCH_DEBUG) page.on('console', (message) => process.stderr.write(`${message.text()}\n`));
        await page.goto(`${origin}/`);
        if (process.env.GRAPH_BENCH_DEBUG) await page.evaluate(() => ((globalThis as unknown as { __debug?: boolean }).__debug = true));
        await page.waitForFunction(() => (globalThis as unknown as PageGlobals).__posted.some((message) => message.type === 'ready'));
        firstDraws.push(await timeDraw(page, graph, 1));
        if (process.env.GRAPH_BENCH_DEBUG) process.stderr.write(`first ${firstDraws.at(-1)}\n`);
        relayouts.push(await timeDraw(page, grown, 2));
        // Let the relayout's first paint finish: the typing measure is about the edits.
        await page.waitForTimeout(settleMs);
        longestTasks.push(await timeTyping(page, graphUpdate(grown, edited), graphUpdate(edited, grown)));
        const layouts = await page.locator('#graph').getAttribute('data-layout-count');
        if (layouts !== '2') throw new Error(`script edits laid the graph out again (${layouts} layouts)`);
        await context.close();
      }
      const ms = (value: number) => Math.round(value);
      process.stdout.write(
        `graph-bench: nodes=${nodes} firstDrawMs=${ms(median(firstDraws))} relayoutMs=${ms(median(relayouts))} typingLongestTaskMs=${ms(Math.max(...longestTasks))}\n`,
      );
    }
  } finally {
    await browser?.close().catch(() => undefined);
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`graph-bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
