/**
 * Benchmark of the graph preview page (`npm run bench:graph`): the page and bundle the extension
 * ships (`dist/graphPreview.js`, served by `test/e2e/webview/previewPage.ts`) in headless Chromium,
 * with Pearls of the shapes real ones have (`generateShapedPearl`: hub, backEdges, fanOut, chain,
 * mix) at 100, 500 and 1,000 nodes, their graphs and edits made by the real language service.
 * Rounds are interleaved (every size and shape once, then again), one fresh page each; the table
 * gives medians over the rounds, except the longest tasks, which are the largest seen. Columns:
 *
 * - first: ms from the graph posted to the page to the SVG drawn (the next animation frame);
 * - add, delete, rename: ms from the graph of the edited text arriving to its redraw (a node added
 *   after a node in the middle, a node in the middle removed, a node's name changed), one after the
 *   other, the first a second after the first draw (the user looks at the graph first);
 * - script, name: the longest main-thread task (Long Tasks API; 0 when none was over 50 ms) while
 *   20 edits arrive 50 ms apart, each with the cursor, as the host sends them: to a script (the
 *   changed nodes only) and to a node's name (a new structure), with Focus off / on;
 * - designer: ms from a click on the palette's Dialogue (a node selected) to the graph redrawn with
 *   the new node: the page's intent, `doGraphEdit`, the edit applied, `getGraph` with validation,
 *   the update posted and drawn (host and server run in this process, without their IPC);
 * - heap: the page's used JS heap after the first draw and a garbage collection, MiB (CDP
 *   `Runtime.getHeapUsage`).
 *
 * Prints the load average beside the table: the machine must be quiet for the numbers to mean
 * anything. Needs a build (`npm run build`) and /usr/bin/chromium. `GRAPH_BENCH_SIZES`,
 * `GRAPH_BENCH_SHAPES` and `GRAPH_BENCH_ROUNDS` narrow a run; `GRAPH_BENCH_PROFILE=1` prints, for
 * each relayout, typing a name and the designer click, the page's functions with the most self time
 * (Chromium's CPU profiler through CDP) and the worker's layout time; `GRAPH_BENCH_CPU=1` the page's
 * main-thread CPU time per gesture (fair between two builds on a loaded machine); `GRAPH_BENCH_TRACE=1`
 * (or a number of ms) the gesture's main-thread tasks over 50 ms (or that number), each split into the
 * events of a Chromium trace; `GRAPH_BENCH_DEBUG=1` the samples and the designer's split between page and host.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import { type Browser, chromium, type Page } from 'playwright-core';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { graphUpdate } from '../client/src/graphPreview/graphUpdate';
import type { GraphEditMessage, HostMessage } from '#protocol/graphPreviewMessages';
import type { PearlGraph } from '#protocol/graphTypes';
import { getLanguageService } from '../server/src/service/pearlLanguageService';
import { chromiumPath, launchOptions, type PageGlobals, startServer } from '../test/e2e/webview/previewPage';
import { edit, generateShapedPearl, middle, type PearlShape, pearlShapes } from './pearlGenerator';

const sizes = process.env.GRAPH_BENCH_SIZES ? process.env.GRAPH_BENCH_SIZES.split(',').map(Number) : [100, 500, 1_000];
const shapes = (process.env.GRAPH_BENCH_SHAPES ? process.env.GRAPH_BENCH_SHAPES.split(',') : pearlShapes) as PearlShape[];
const rounds = Number(process.env.GRAPH_BENCH_ROUNDS ?? 3);
/** Edits sent while typing, and the time between two, ms. */
const typingEdits = 20;
const typingIntervalMs = 50;
/** The time between the first draw and the first edit, ms: the user looks at the graph. */
const lookingMs = 1_000;

const service = getLanguageService();
const uri = 'file:///bench/shaped.pearl.json';

/** A document as the host holds it: its text, version and the graph the server sends for it. */
interface Version {
  readonly text: string;
  readonly version: number;
  readonly graph: PearlGraph;
}

function versionOf(text: string, version: number): Version {
  const doc = service.parsePearlDocument(TextDocument.create(uri, 'pearl', version, text));
  return { text, version, graph: service.getGraph(doc, service.doValidation(doc)) };
}

/** The versions a session goes through: the Pearl, one node added, one removed, one renamed; and the edits typed. */
function versionsOf(shape: PearlShape, nodes: number): Record<'base' | 'grown' | 'shrunk' | 'renamed' | 'scripted' | 'named', Version> {
  const base = generateShapedPearl(shape, nodes);
  const grown = edit(base, (list) => {
    list.push({ nodeId: 'bench_added', name: 'Added while benchmarking', script: 'One more question.', transitions: [] });
    middle(list).transitions?.push({ name: 'Customer has one more question', toNodeId: 'bench_added' });
  });
  const shrunk = edit(grown, (list) => {
    const removed = list.splice(list.indexOf(middle(list)) + 3, 1)[0];
    for (const node of list) if (node.transitions) node.transitions = node.transitions.filter((t) => t.toNodeId !== removed.nodeId);
  });
  const renamed = edit(shrunk, (list) => (middle(list).name = 'Renamed while benchmarking'));
  const scripted = edit(renamed, (list) => (middle(list).script = `${middle(list).script ?? ''} Thanks`));
  const named = edit(renamed, (list) => (middle(list).name = 'Renamed while benchmarking, typed on'));
  return {
    base: versionOf(base, 1),
    grown: versionOf(grown, 2),
    shrunk: versionOf(shrunk, 3),
    renamed: versionOf(renamed, 4),
    scripted: versionOf(scripted, 5),
    named: versionOf(named, 6),
  };
}

/** `GRAPH_BENCH_PROFILE`: take a CPU profile of the page around each relayout and the designer click and print where the time went. */
const profiling = process.env.GRAPH_BENCH_PROFILE !== undefined;

/** A CPU profile node as CDP's `Profiler.stop` gives it. */
interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

/** The page's functions whose total time (with what they call) the profile prints. */
const stages = [
  'receiveGraph',
  'draw',
  'refresh',
  'renderGraph',
  'onAnswer',
  'decorate',
  'setLayout',
  'graphShown',
  'withGraph',
  'fitTo',
  'update',
];

/**
 * Runs `measure` under the page's CPU profiler when {@link profiling}; prints the functions with the
 * most self time (ms) and the layout worker's time, under `label`.
 */
async function profiled<T>(page: Page, label: string, measure: () => Promise<T>): Promise<T> {
  if (!profiling) return measure();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  const result = await measure();
  const { profile } = (await cdp.send('Profiler.stop')) as unknown as {
    profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };
  };
  await cdp.detach();
  const self = new Map<number, number>();
  profile.samples.forEach((id, index) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0) / 1000));
  const byName = new Map<string, number>();
  for (const node of profile.nodes) {
    const { functionName, url, lineNumber } = node.callFrame;
    if (functionName === '(idle)') continue;
    const name = `${functionName || '(anonymous)'} ${url.split('/').pop() ?? ''}:${lineNumber + 1}`;
    byName.set(name, (byName.get(name) ?? 0) + (self.get(node.id) ?? 0));
  }
  const top = [...byName].sort((a, b) => b[1] - a[1]).slice(0, 14);
  const byId = new Map(profile.nodes.map((node) => [node.id, node] as const));
  const inclusive = (node: ProfileNode): number =>
    (self.get(node.id) ?? 0) + (node.children ?? []).reduce((sum, child) => sum + inclusive(byId.get(child) as ProfileNode), 0);
  const totals = new Map<string, number>();
  const visit = (node: ProfileNode, inside: ReadonlySet<string>): void => {
    const name = node.callFrame.functionName;
    const counted = stages.includes(name) && !inside.has(name) && node.callFrame.url.endsWith('graphPreview.js');
    if (counted) totals.set(name, (totals.get(name) ?? 0) + inclusive(node));
    for (const child of node.children ?? []) visit(byId.get(child) as ProfileNode, counted ? new Set([...inside, name]) : inside);
  };
  visit(profile.nodes[0], new Set());
  top.unshift(...[...totals].map(([name, ms]): [string, number] => [`[total] ${name}`, ms]));
  const worker = await page.locator('#graph').getAttribute('data-layout-ms');
  const lines = top.map(([name, ms]) => `    ${ms.toFixed(1).padStart(7)} ms  ${name}`);
  process.stderr.write(`  ${label}: ${JSON.stringify(result)} ms (worker layout ${worker} ms); page self time:\n${lines.join('\n')}\n`);
  return result;
}

/**
 * `GRAPH_BENCH_CPU`: print, per gesture, the page's main-thread CPU time (Chromium's thread ticks,
 * through CDP `Performance.getMetrics`): on a loaded machine, where wall times mean little, what
 * the page itself spent (scripts, style, layout) compares fairly between two builds.
 */
const cpuTiming = process.env.GRAPH_BENCH_CPU !== undefined;

/** Runs `measure` and, when {@link cpuTiming}, prints the page's main-thread CPU ms it took under `label`. */
async function cpuTimed<T>(page: Page, label: string, measure: () => Promise<T>): Promise<T> {
  if (!cpuTiming) return measure();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable', { timeDomain: 'threadTicks' });
  const read = async (): Promise<Map<string, number>> =>
    new Map((await cdp.send('Performance.getMetrics')).metrics.map((metric) => [metric.name, metric.value] as const));
  const before = await read();
  const result = await measure();
  const after = await read();
  await cdp.detach();
  const delta = (name: string): string => (((after.get(name) ?? 0) - (before.get(name) ?? 0)) * 1000).toFixed(1);
  process.stderr.write(
    `  cpu ${label}: task ${delta('TaskDuration')} ms (script ${delta('ScriptDuration')}, style ${delta('RecalcStyleDuration')}, layout ${delta('LayoutDuration')})\n`,
  );
  return result;
}

/**
 * `GRAPH_BENCH_TRACE`: record a Chromium trace (the Performance panel's categories) around each
 * gesture and print its main-thread tasks over 50 ms (or the ms it gives), when each started, each with the trace events inside it that
 * took the most time (script, style recalculation, layout, paint, garbage collection), self time.
 */
const tracing = process.env.GRAPH_BENCH_TRACE !== undefined;
/** The tasks printed: over 50 ms, or over the number of ms `GRAPH_BENCH_TRACE` gives. */
const traceThresholdMs = Number(process.env.GRAPH_BENCH_TRACE) || 50;

/** A complete ('X') or begin/end event of a Chromium trace. */
interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  tid: number;
  pid: number;
  args?: { name?: string; data?: { functionName?: string; url?: string } };
}

/** Runs `measure` and, when {@link tracing}, prints the long tasks of the page's main thread under `label`. */
async function traced<T>(browser: Browser, page: Page, label: string, measure: () => Promise<T>): Promise<T> {
  if (!tracing) return measure();
  await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8', 'blink'] });
  const result = await measure();
  const { traceEvents } = JSON.parse((await browser.stopTracing()).toString('utf8')) as { traceEvents: TraceEvent[] };
  const main = traceEvents.find((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain');
  const events = traceEvents.filter((event) => event.ph === 'X' && event.tid === main?.tid && event.pid === main?.pid);
  const tasks = events.filter((event) => event.name === 'RunTask' && (event.dur ?? 0) > traceThresholdMs * 1000);
  const lines = tasks.map((task) => {
    const end = task.ts + (task.dur ?? 0);
    const inside = events.filter((event) => event !== task && event.ts >= task.ts && event.ts + (event.dur ?? 0) <= end);
    // Self time: each event's duration less that of the events directly inside it.
    const self = new Map<string, number>();
    for (const event of inside) {
      const eventEnd = event.ts + (event.dur ?? 0);
      const children = inside.filter((other) => other !== event && other.ts >= event.ts && other.ts + (other.dur ?? 0) <= eventEnd);
      const direct = children.filter(
        (child) =>
          !children.some(
            (other) =>
              other !== child &&
              other.ts <= child.ts &&
              other.ts + (other.dur ?? 0) >= child.ts + (child.dur ?? 0) &&
              (other.dur ?? 0) > (child.dur ?? 0),
          ),
      );
      const ms = ((event.dur ?? 0) - direct.reduce((sum, child) => sum + (child.dur ?? 0), 0)) / 1000;
      const key = event.args?.data?.functionName ? `${event.name} ${event.args.data.functionName}` : event.name;
      self.set(key, (self.get(key) ?? 0) + ms);
    }
    const top = [...self].sort((a, b) => b[1] - a[1]).slice(0, 10);
    const at = ((task.ts - (tasks[0]?.ts ?? task.ts)) / 1000).toFixed(0);
    return `    +${at} ms task ${((task.dur ?? 0) / 1000).toFixed(1)} ms: ${top.map(([name, ms]) => `${name} ${ms.toFixed(1)}`).join(', ')}`;
  });
  process.stderr.write(`  trace ${label}: ${tasks.length} tasks over ${traceThresholdMs} ms\n${lines.join('\n')}\n`);
  return result;
}

/**
 * Posts `message` in the page and resolves with the ms until the render count reaches
 * `renderCount` and a frame passed, from just before the post (its structured clone counted). The
 * message is first handed to the page by one `evaluate`, then posted by another: Playwright's task
 * that brings a large argument into the page goes on for 150-270 ms after the function it calls has
 * posted (a 500-node graph), which the page's own message would then wait behind, and which no
 * webview has.
 */
async function timeDraw(page: Page, message: HostMessage, renderCount: number): Promise<number> {
  await page.evaluate((message) => ((globalThis as unknown as { __benchMessage?: HostMessage }).__benchMessage = message), message);
  return page.evaluate(async (renderCount) => {
    const svg = document.getElementById('graph') as unknown as SVGSVGElement;
    const holder = globalThis as unknown as { __benchMessage?: HostMessage };
    const pending = holder.__benchMessage;
    if (pending === undefined) throw new Error('no message handed to the page');
    holder.__benchMessage = undefined;
    const started = performance.now();
    (globalThis as unknown as PageGlobals).postMessage(pending, '*');
    for (;;) {
      await new Promise((resolve) => requestAnimationFrame(resolve));
      if (Number(svg.dataset.renderCount ?? 0) >= renderCount) return performance.now() - started;
      if (performance.now() - started > 120_000) throw new Error('not drawn within 120 s');
    }
  }, renderCount);
}

/**
 * Sends `messages` in turn, `typingIntervalMs` apart, each followed by the cursor in the edited
 * node (as the host does while one types); resolves with the longest task, ms (0: none over 50 ms).
 */
async function timeTyping(page: Page, messages: readonly HostMessage[], cursor: HostMessage): Promise<number> {
  return page.evaluate(
    async ({ messages, cursor, interval }) => {
      const durations: number[] = [];
      const observer = new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) durations.push(entry.duration);
      });
      observer.observe({ type: 'longtask', buffered: false });
      const sleep = (ms: number): Promise<unknown> => new Promise((resolve) => setTimeout(resolve, ms));
      for (const [index, message] of messages.entries()) {
        const post = (globalThis as unknown as PageGlobals).postMessage;
        // Versions as a host's would run on: each message changes the graph the one before made.
        post(
          message.type === 'graphChanges'
            ? { ...message, base: index === 0 ? message.base : 999 + index, version: 1_000 + index }
            : message,
          '*',
        );
        post(cursor, '*');
        await sleep(interval);
      }
      await sleep(500);
      observer.disconnect();
      return durations.length > 0 ? Math.max(...durations) : 0;
    },
    { messages, cursor, interval: typingIntervalMs },
  );
}

/** The messages of typing: `count` edits going back and forth between `a` and `b`, as `graphUpdate` makes them. */
function typing(a: Version, b: Version, count: number): HostMessage[] {
  const there = graphUpdate(a.graph, b.graph);
  const back = graphUpdate(b.graph, a.graph);
  return Array.from({ length: count }, (_, index) => (index % 2 === 0 ? there : back));
}

/** The page's used JS heap after a garbage collection, MiB. */
async function heapMiB(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  await cdp.detach();
  return usedSize / 1024 / 1024;
}

/**
 * Clicks the palette's Dialogue with the middle node selected, answers the page's `graphEdit` as the
 * host and server would, and resolves with the ms from the click to the redrawn graph.
 */
async function timeDesigner(page: Page, shown: Version, renderCount: number): Promise<number> {
  const key = shown.graph.nodes.find((node) => node.name === 'Renamed while benchmarking')?.key;
  await page.evaluate((key) => {
    (globalThis as unknown as PageGlobals).__posted.length = 0;
    document.querySelector(`[data-node-key="${key}"]`)?.dispatchEvent(new MouseEvent('click', { bubbles: true }));
  }, key);
  // The click's time is taken in the page, when the pointer goes down on the button.
  await page.evaluate(() => {
    const globals = globalThis as unknown as PageGlobals & { clickedAt?: number; intentAt?: number };
    const record = (): void => void (globals.clickedAt = performance.now());
    document.addEventListener('pointerdown', record, { capture: true, once: true });
    // When the page posts its intent: the part of the time that is the page's own before the host.
    const push = globals.__posted.push.bind(globals.__posted);
    globals.__posted.push = (...messages) => {
      if (messages.some((message) => message.type === 'graphEdit')) globals.intentAt = performance.now();
      return push(...messages);
    };
  });
  await page.locator('.palette-item[data-node-type="10"]').click();
  await page.waitForFunction(() => (globalThis as unknown as PageGlobals).__posted.some((message) => message.type === 'graphEdit'));
  const { clicked, intent, message } = (await page.evaluate(() => {
    const globals = globalThis as unknown as PageGlobals & { clickedAt?: number; intentAt?: number };
    return {
      clicked: globals.clickedAt ?? 0,
      intent: globals.intentAt ?? globals.clickedAt ?? 0,
      message: globals.__posted.find((posted) => posted.type === 'graphEdit'),
    };
  })) as { clicked: number; intent: number; message: GraphEditMessage };
  // The host and the server, as the extension runs them: the edit planned and applied, the new
  // version parsed, validated and made a graph, the update made and sent. VS Code's postMessage
  // sends JSON, so the transfer counts one serialisation and parse of the messages; Playwright's
  // own transfer of the arguments below (about 0.9 s for a 500-node graph) is the bench's, not
  // the product's, and is left out, as for the other gestures.
  const hostStarted = performance.now();
  // The page shows the text of `shown` under the version typing left it at (timeTyping numbers its updates).
  const doc = service.parsePearlDocument(TextDocument.create(uri, 'pearl', message.version, shown.text));
  const outcome = service.doGraphEdit(doc, message.version, message.edit);
  if (!('result' in outcome)) throw new Error(`the designer's edit was refused: ${outcome.refusal}`);
  const change = outcome.result.edit.documentChanges?.[0];
  if (!change || !('edits' in change)) throw new Error('the designer edit has no text edits');
  const next = versionOf(TextDocument.applyEdits(doc.textDocument, change.edits), message.version + 1);
  const messages: HostMessage[] = [graphUpdate({ ...shown.graph, version: message.version }, next.graph)];
  if (outcome.result.select !== undefined) messages.push({ type: 'select', key: outcome.result.select });
  const sent = JSON.parse(JSON.stringify(messages)) as HostMessage[];
  const hostAndServer = performance.now() - hostStarted;
  await page.evaluate((messages) => void ((globalThis as unknown as { __pending?: unknown }).__pending = messages), sent);
  const afterHost = await page.evaluate(async (renderCount) => {
    const svg = document.getElementById('graph') as unknown as SVGSVGElement;
    const received = performance.now();
    for (const message of (globalThis as unknown as { __pending: HostMessage[] }).__pending)
      (globalThis as unknown as PageGlobals).postMessage(message, '*');
    for (;;) {
      await new Promise((resolve) => requestAnimationFrame(resolve));
      if (Number(svg.dataset.renderCount ?? 0) >= renderCount) return performance.now() - received;
    }
  }, renderCount);
  const times = { page: intent - clicked + afterHost, hostAndServer, total: intent - clicked + hostAndServer + afterHost };
  if (process.env.GRAPH_BENCH_DEBUG) process.stderr.write(`designer: ${JSON.stringify(times)}\n`);
  return times.total;
}

/** What one session measures. */
interface Sample {
  first: number;
  add: number;
  delete: number;
  rename: number;
  scriptOff: number;
  scriptOn: number;
  nameOff: number;
  nameOn: number;
  designer: number;
  heap: number;
}

/** One fresh page through every measure, on `versions`. */
async function session(browser: Browser, origin: string, versions: ReturnType<typeof versionsOf>): Promise<Sample> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  const page = await context.newPage();
  if (process.env.GRAPH_BENCH_DEBUG) page.on('console', (message) => process.stderr.write(`  page: ${message.text()}\n`));
  await page.goto(`${origin}/`);
  await page.waitForFunction(() => (globalThis as unknown as PageGlobals).__posted.some((message) => message.type === 'ready'));
  const { base, grown, shrunk, renamed, scripted, named } = versions;
  const first = await timeDraw(page, { type: 'graph', graph: base.graph }, 1);
  const heap = await heapMiB(page);
  const gesture = <T>(label: string, measure: () => Promise<T>): Promise<T> =>
    cpuTimed(page, label, () => profiled(page, label, () => traced(browser, page, label, measure)));
  // The user looks at the graph before the first edit; the page uses that time (idle) to warm up
  // its incremental layout in the worker, which an edit posted at once would wait behind.
  await page.waitForTimeout(lookingMs);
  const add = await gesture('add', () => timeDraw(page, graphUpdate(base.graph, grown.graph), 2));
  const remove = await gesture('delete', () => timeDraw(page, graphUpdate(grown.graph, shrunk.graph), 3));
  const rename = await gesture('rename', () => timeDraw(page, graphUpdate(shrunk.graph, renamed.graph), 4));
  const edited = renamed.graph.nodes.find((node) => node.name === 'Renamed while benchmarking');
  const cursor: HostMessage = { type: 'cursor', position: edited?.range.start ?? { line: 0, character: 0 } };
  const layoutsBefore = await page.locator('#graph').getAttribute('data-layout-count');
  const scriptOff = await timeTyping(page, typing(renamed, scripted, typingEdits), cursor);
  if ((await page.locator('#graph').getAttribute('data-layout-count')) !== layoutsBefore)
    throw new Error('script edits laid the graph out again');
  const nameOff = await gesture('typing a name', () => timeTyping(page, typing(renamed, named, typingEdits), cursor));
  await page.locator('.toolbar button[data-action="focusMode"]').click();
  const scriptOn = await timeTyping(page, typing(renamed, scripted, typingEdits), cursor);
  const nameOn = await gesture('typing a name, Focus on', () => timeTyping(page, typing(renamed, named, typingEdits), cursor));
  await page.locator('.toolbar button[data-action="focusMode"]').click();
  const renders = Number(await page.locator('#graph').getAttribute('data-render-count'));
  const designer = await gesture('designer', () => timeDesigner(page, renamed, renders + 1));
  await context.close();
  return { first, add, delete: remove, rename, scriptOff, scriptOn, nameOff, nameOn, designer, heap };
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** One row of the table: medians, the longest tasks' maximum. */
function row(shape: PearlShape, nodes: number, samples: readonly Sample[]): string {
  const m = (pick: (sample: Sample) => number): string => String(Math.round(median(samples.map(pick))));
  const max = (pick: (sample: Sample) => number): number => Math.round(Math.max(...samples.map(pick)));
  const cells = [
    shape,
    String(nodes),
    m((s) => s.first),
    m((s) => s.add),
    m((s) => s.delete),
    m((s) => s.rename),
    `${max((s) => s.scriptOff)} / ${max((s) => s.scriptOn)}`,
    `${max((s) => s.nameOff)} / ${max((s) => s.nameOn)}`,
    m((s) => s.designer),
    median(samples.map((s) => s.heap)).toFixed(1),
  ];
  return `| ${cells.join(' | ')} |`;
}

async function main(): Promise<void> {
  if (!fs.existsSync(chromiumPath)) throw new Error(`${chromiumPath} not found: install Debian's chromium`);
  const load = (): string =>
    os
      .loadavg()
      .map((value) => value.toFixed(2))
      .join(' ');
  process.stdout.write(`graph-bench: ${os.cpus().length} cores, load average ${load()} (1, 5, 15 min) at the start\n`);
  const versions = new Map<string, ReturnType<typeof versionsOf>>();
  for (const nodes of sizes) for (const shape of shapes) versions.set(`${shape}/${nodes}`, versionsOf(shape, nodes));
  const samples = new Map<string, Sample[]>();
  const { server, origin } = await startServer();
  let browser: Browser | undefined;
  try {
    browser = await chromium.launch(launchOptions);
    for (let round = 0; round < rounds; round++) {
      for (const nodes of sizes) {
        for (const shape of shapes) {
          const key = `${shape}/${nodes}`;
          const sample = await session(browser, origin, versions.get(key) as ReturnType<typeof versionsOf>);
          samples.set(key, [...(samples.get(key) ?? []), sample]);
          if (process.env.GRAPH_BENCH_DEBUG) process.stderr.write(`${key} round ${round}: ${JSON.stringify(sample)}\n`);
        }
      }
    }
  } finally {
    await browser?.close().catch(() => undefined);
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
  const lines = [
    '| shape | nodes | first draw ms | add ms | delete ms | rename ms | longest task typing a script ms (Focus off / on) | longest task typing a name ms (off / on) | designer click to redrawn ms | page heap MiB |',
    '|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|',
  ];
  for (const nodes of sizes) for (const shape of shapes) lines.push(row(shape, nodes, samples.get(`${shape}/${nodes}`) ?? []));
  process.stdout.write(`${lines.join('\n')}\n\ngraph-bench: ${rounds} rounds, load average ${load()} (1, 5, 15 min) at the end\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`graph-bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
