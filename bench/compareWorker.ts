/**
 * One measurement of one round of `npm run bench:compare` (bench/compare.ts), in a process of its
 * own so that neither build runs in a heap or JIT state the other left: measures a build (the files
 * under `--root`, its `dist/`) with this working tree's inputs and prints one line of JSON on
 * standard output.
 *
 * - `diagnostics --root R --nodes N --iterations K [--repeat k]`: `parsePearlDocument` +
 *   `doValidation` of the `mix` shaped Pearl of N nodes (bench/pearlGenerator.ts: hub targets, long
 *   back edges, fan-outs, chains, islands) from R's `dist/service.js`, K times after a warm-up (5 runs and 0.5 s of
 *   CPU at least); prints `{ "cpuMs": <process CPU time per iteration> }` (user + system, every thread, so the
 *   garbage collector's work counts; no forced collection).
 * - `keystrokes --root R --nodes N --edits E [--repeat k]`: starts R's `dist/server.js` over Node IPC as VS Code does (with the
 *   completion capabilities VS Code announces), opens the same Pearl with a `{` just typed in a late script, types 6 unmeasured keystrokes in
 *   that script then E measured ones (bench/lspBench.ts); prints `{ "keystrokeCpuMs" }`, the median
 *   server CPU time (every thread) per keystroke.
 * - `pauses --root R --workspace F --edits E [--repeat k]`: R's server with the workspace folder F
 *   (bench/lspBench.ts `writeWalksWorkspace`), its `flow.pearl.json` open; 2 unmeasured then E
 *   measured keystrokes in a late script, each followed by a pause longer than the walks files'
 *   re-check delay; prints `{ "pauseCpuMs" }`, the median server CPU time from a keystroke to idle
 *   after its pause.
 * - `requests --root BASE --head-root HEAD --nodes N --requests H [--repeat k] [--head-first]`: both builds'
 *   servers at once, the same Pearl open in each, H hovers and H completions on a late `toNodeId`
 *   value sent to one then the other (the first alternating), timed as round trips (a completion
 *   whose list leaves details to `completionItem/resolve` includes resolving its first item, as
 *   VS Code does for the item it focuses); prints the
 *   medians `{ "baseHoverMs", "headHoverMs", "baseCompletionMs", "headCompletionMs" }`. Round trips
 *   are wall times: pairing each request with the other build's keeps a busy moment of the machine
 *   on both sides. `--repeat` applies to the head only here.
 *
 * - `graph --root R --nodes N [--repeat k]`: the graph preview page as R ships it (R's
 *   `dist/graphPreview.js`, served by R's own page harness, `out/test/e2e/webview/previewPage.js`) in
 *   headless Chromium; the graph of the same Pearl computed by R's language service and posted as
 *   the host does; prints `{ "firstDrawMs" }`, the wall time from the post to the SVG drawn (the
 *   page's render count, then a frame), in a fresh page, the mean of 3 pages: what a user waits for
 *   when a preview opens.
 *
 * `--repeat k` does each measured operation k times per sample (the self-test's head doing twice
 * the work).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { launchOptions } from '../test/e2e/webview/previewPage';
import { LspClient } from '../test/helpers/lspClient';
import { median } from './benchStats';
import { completeAsVsCode, typeKeystrokes, typeWithPausesInWorkspace, vsCodeCompletion, vsCodeTransport, waitForIdle } from './lspBench';
import { generateShapedPearl } from './pearlGenerator';
import { completionPoints } from './textPoints';

/** The part of a build's `dist/service.js` the worker uses (the same in every build since the library bundle exists). */
interface ServiceLibrary {
  getLanguageService(): { parsePearlDocument(document: unknown): unknown; doValidation(parsed: unknown): unknown };
  TextDocument: { create(uri: string, languageId: string, version: number, text: string): unknown };
}

/** The shape every figure of bench:compare uses: all the hard cases of bench/pearlGenerator.ts in one Pearl. */
export const compareShape = 'mix';

function diagnostics(root: string, nodes: number, iterations: number, repeat: number): { cpuMs: number } {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the build measured is chosen at run time
  const library = require(path.join(root, 'dist', 'service.js')) as ServiceLibrary;
  const service = library.getLanguageService();
  const document = library.TextDocument.create('file:///bench/compare.pearl.json', 'pearl', 1, generateShapedPearl(compareShape, nodes));
  const once = (): unknown => service.doValidation(service.parsePearlDocument(document));
  // Warm up until the code is compiled: at least 5 runs and half a second of CPU, the same for both builds.
  const warmupStart = process.cpuUsage();
  for (let i = 0; i < 5 || cpuMsSince(warmupStart) < 500; i++) once();
  const before = process.cpuUsage();
  for (let i = 0; i < iterations; i++) for (let r = 0; r < repeat; r++) once();
  return { cpuMs: cpuMsSince(before) / iterations };
}

/** What the worker uses of a build's page harness (the same since the page tests exist). */
interface PageHarness {
  startServer(): Promise<{ server: { close(): void }; origin: string }>;
}

/** What the worker uses of a build's language service (tsc output). */
interface GraphService {
  getLanguageService(): {
    parsePearlDocument(document: unknown): unknown;
    doValidation(parsed: unknown): unknown;
    getGraph(parsed: unknown, diagnostics: unknown): unknown;
  };
}

/** Fresh pages drawn per sample of the graph's figure: their mean is the sample (a page's wall time swings). */
const graphDrawsPerSample = 3;

async function graphFirstDraw(root: string, nodes: number, repeat: number): Promise<{ firstDrawMs: number }> {
  /* eslint-disable @typescript-eslint/no-require-imports -- the build measured is chosen at run time */
  const harness = require(path.join(root, 'out', 'test', 'e2e', 'webview', 'previewPage.js')) as PageHarness;
  const library = require(path.join(root, 'out', 'server', 'src', 'service', 'pearlLanguageService.js')) as GraphService;
  /* eslint-enable @typescript-eslint/no-require-imports -- the two requires above only */
  const service = library.getLanguageService();
  const text = generateShapedPearl(compareShape, nodes);
  const parsed = service.parsePearlDocument(TextDocument.create('file:///bench/compare.pearl.json', 'pearl', 1, text));
  const message = { type: 'graph', graph: service.getGraph(parsed, service.doValidation(parsed)) };
  const { server, origin } = await harness.startServer();
  const browser = await chromium.launch(launchOptions);
  try {
    let total = 0;
    for (let r = 0; r < repeat * graphDrawsPerSample; r++) {
      const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
      await page.goto(`${origin}/`);
      await page.waitForFunction(() =>
        (globalThis as unknown as { __posted: { type: string }[] }).__posted.some((posted) => posted.type === 'ready'),
      );
      // Handed over first, posted by a second evaluate: Playwright's transfer of a large argument
      // would otherwise run on in the page after the post (bench/graphBench.ts, timeDraw).
      await page.evaluate((handed) => ((globalThis as unknown as { __benchMessage?: unknown }).__benchMessage = handed), message);
      total += await page.evaluate(async () => {
        const svg = document.getElementById('graph') as unknown as SVGSVGElement;
        const holder = globalThis as unknown as { __benchMessage?: unknown; postMessage(posted: unknown, target: string): void };
        // The page's clock (this file's `performance` import is Node's, which the page does not have).
        const clock = window.performance;
        const started = clock.now();
        holder.postMessage(holder.__benchMessage, '*');
        for (;;) {
          await new Promise((resolve) => requestAnimationFrame(resolve));
          if (Number(svg.dataset.renderCount ?? 0) >= 1) return clock.now() - started;
          if (clock.now() - started > 120_000) throw new Error('the graph was not drawn within 120 s');
        }
      });
      await page.close();
    }
    return { firstDrawMs: total / graphDrawsPerSample };
  } finally {
    await browser.close();
    server.close();
  }
}

/** This process's CPU time (user + system, every thread) since `start`, in milliseconds. */
function cpuMsSince(start: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

/** The LSP position of `offset` in `text`. */
function positionAt(text: string, offset: number): { line: number; character: number } {
  const before = text.slice(0, offset);
  const line = before.split('\n').length - 1;
  return { line, character: offset - (before.lastIndexOf('\n') + 1) };
}

/** Keystrokes typed before those measured: the first incremental parses run while the server's code is compiled. */
const warmupKeystrokes = 6;

const uri = 'file:///bench/compare.pearl.json';

/** Runs `body` with R's server started, the `mix` Pearl of `nodes` nodes (a `{` just typed in a late script) open and its diagnostics received. */
/**
 * The Node options the build at `root` starts its server with (its protocol/serverLaunch.ts, built),
 * so that each build's server runs as its own editor client starts it; none for a build before
 * that file.
 */
function serverExecArgvOf(root: string): readonly string[] {
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- another build's module, found at run time
    return (require(path.join(root, 'out', 'protocol', 'serverLaunch.js')) as { serverExecArgv?: readonly string[] }).serverExecArgv ?? [];
  } catch {
    return [];
  }
}

async function withOpenPearl<T>(
  root: string,
  nodes: number,
  body: (client: LspClient, points: ReturnType<typeof completionPoints>) => Promise<T>,
): Promise<T> {
  const points = completionPoints(generateShapedPearl(compareShape, nodes));
  const client = LspClient.start(vsCodeTransport, path.join(root, 'dist', 'server.js'), serverExecArgvOf(root));
  try {
    await client.initialize({ textDocument: vsCodeCompletion });
    await client.open(uri, points.text, 1);
    await client.waitForDiagnostics(uri, (params) => params.version === 1, 60_000);
    return await body(client, points);
  } finally {
    await client.dispose();
  }
}

/**
 * Server CPU per keystroke followed by a pause and VS Code's requests then
 * (bench/lspBench.ts `typeWithPausesInWorkspace`) in `workspace`'s `flow.pearl.json`, the
 * workspace folder given to R's server (bench/lspBench.ts `writeWalksWorkspace`: folder entries
 * and walks files, three of them of this Pearl).
 */
async function pauses(root: string, workspace: string, edits: number, repeat: number): Promise<{ pauseCpuMs: number }> {
  const pearlFile = path.join(workspace, 'flow.pearl.json');
  const text = fs.readFileSync(pearlFile, 'utf8');
  const pearlUri = pathToFileURL(pearlFile).href;
  const client = LspClient.start(vsCodeTransport, path.join(root, 'dist', 'server.js'), serverExecArgvOf(root));
  try {
    const times = await typeWithPausesInWorkspace(client, workspace, pearlUri, text, edits, repeat);
    return { pauseCpuMs: median(times.cpu) };
  } finally {
    await client.dispose();
  }
}

async function keystrokes(root: string, nodes: number, edits: number, repeat: number): Promise<{ keystrokeCpuMs: number }> {
  return withOpenPearl(root, nodes, async (client, points) => {
    const times = await typeKeystrokes(client, uri, points.text, edits, repeat, warmupKeystrokes);
    return { keystrokeCpuMs: median(times.cpu) };
  });
}

/**
 * Hover and completion round trips on both builds' servers at once, requests alternating between
 * them (base then head, then head then base, …) so that a busy moment of the machine falls on both.
 */
async function requests(
  baseRoot: string,
  headRoot: string,
  nodes: number,
  count: number,
  headRepeat: number,
  headFirst: boolean,
): Promise<Record<'baseHoverMs' | 'headHoverMs' | 'baseCompletionMs' | 'headCompletionMs', number>> {
  // The server started first is a little faster or slower for the whole run (where the system puts
  // it): the caller alternates which build's server starts first from one round to the next.
  const [firstRoot, secondRoot] = headFirst ? [headRoot, baseRoot] : [baseRoot, headRoot];
  return withOpenPearl(firstRoot, nodes, (first, points) =>
    withOpenPearl(secondRoot, nodes, async (second) => {
      const [base, head] = headFirst ? [second, first] : [first, second];
      const position = positionAt(points.text, points.toNodeIdOffset);
      const hover = (client: LspClient) => (): Promise<unknown> =>
        client.request('textDocument/hover', { textDocument: { uri }, position }, 60_000);
      const complete = (client: LspClient) => (): Promise<unknown> => completeAsVsCode(client, uri, position);
      const roundTrip = async (request: () => Promise<unknown>, repeat: number): Promise<number> => {
        const start = performance.now();
        for (let r = 0; r < repeat; r++) await request();
        return performance.now() - start;
      };
      for (let i = 0; i < 10; i++) for (const client of [base, head]) await Promise.all([hover(client)(), complete(client)()]);
      // Both servers idle before the first measured request: neither still finishing its warm-up.
      for (const client of [base, head]) if (client.pid !== undefined) await waitForIdle(client.pid);
      const times = {
        baseHoverMs: [] as number[],
        headHoverMs: [] as number[],
        baseCompletionMs: [] as number[],
        headCompletionMs: [] as number[],
      };
      for (let i = 0; i < count; i++) {
        const sides = i % 2 === 0 ? (['base', 'head'] as const) : (['head', 'base'] as const);
        for (const side of sides)
          times[`${side}HoverMs`].push(await roundTrip(hover(side === 'base' ? base : head), side === 'head' ? headRepeat : 1));
        for (const side of sides)
          times[`${side}CompletionMs`].push(await roundTrip(complete(side === 'base' ? base : head), side === 'head' ? headRepeat : 1));
      }
      return {
        baseHoverMs: median(times.baseHoverMs),
        headHoverMs: median(times.headHoverMs),
        baseCompletionMs: median(times.baseCompletionMs),
        headCompletionMs: median(times.headCompletionMs),
      };
    }),
  );
}

async function main(): Promise<void> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      root: { type: 'string' },
      'head-root': { type: 'string' },
      nodes: { type: 'string' },
      iterations: { type: 'string', default: '10' },
      requests: { type: 'string', default: '20' },
      edits: { type: 'string', default: '10' },
      repeat: { type: 'string', default: '1' },
      workspace: { type: 'string' },
      'head-first': { type: 'boolean' },
    },
  });
  const root = values.root === undefined ? undefined : path.resolve(values.root);
  const nodes = Number(values.nodes);
  if (!root || !(nodes >= 8))
    throw new Error('usage: compareWorker.js diagnostics|keystrokes|pauses|requests|graph --root <build> --nodes <n> …');
  const repeat = Number(values.repeat);
  const headRoot = values['head-root'] === undefined ? root : path.resolve(values['head-root']);
  const result =
    positionals[0] === 'diagnostics'
      ? diagnostics(root, nodes, Number(values.iterations), repeat)
      : positionals[0] === 'keystrokes'
        ? await keystrokes(root, nodes, Number(values.edits), repeat)
        : positionals[0] === 'pauses' && values.workspace !== undefined
          ? await pauses(root, path.resolve(values.workspace), Number(values.edits), repeat)
          : positionals[0] === 'requests'
            ? await requests(root, headRoot, nodes, Number(values.requests), repeat, values['head-first'] === true)
            : positionals[0] === 'graph'
              ? await graphFirstDraw(root, nodes, repeat)
              : undefined;
  if (!result) throw new Error(`unknown task ${positionals[0] ?? '(none)'}`);
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

if (require.main === module) {
  main().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  });
}
