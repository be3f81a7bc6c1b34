/**
 * Benchmark of the graph preview's layout worker after a small edit (`npm run bench:layout-worker`):
 * what `layoutWorker.ts` does for a request that keeps the layout on screen, in node, without the
 * page: `incrementalLayout` of the edited graph against the layered layout of the Pearl, then
 * `diffLayout` into the {@link LayoutDelta} it posts (together the worker's `elapsedMs`), and the
 * structured clone of that delta (`structuredClone`, what `postMessage` does with it on both sides).
 * The graphs are the page's (`layoutInput` of the language service's `getGraph`) for Pearls of the
 * shapes real ones have (`generateShapedPearl`), and three edits of the page benchmark
 * (`graphBench.ts`): a node added after a middle node (`add`), a middle node removed (`delete`:
 * every node after it renumbered), a middle node's name changed (`rename`). Text is measured by a
 * deterministic stand-in for the canvas, so the numbers are the layout's own.
 *
 * Two kinds of figure, medians in ms:
 * - warm: the same edit laid out again and again in one process (the worker after a few edits);
 * - first: the edit as the first incremental layout of a fresh process, after the layered layout of
 *   the Pearl, with (`first+warm-up`) and without (`cold`) the worker's warm-up (three rounds of
 *   the middle node removed and added back, `warmUpSteps`), one child process per sample.
 *
 * `LAYOUT_WORKER_BENCH_BASELINE=<dir>`: another build's `out/` (say main's, copied aside) measured
 * the same way, interleaved with this one (alternating which goes first), and checked to give the
 * same layout and the same delta after `applyLayoutDelta`. `LAYOUT_WORKER_BENCH_SHAPES`, `_SIZES`
 * (default 500), `_EDITS` (default add,delete,rename), `_ROUNDS` (warm samples, default 30), `_COLD` (child processes per figure, default
 * 5; 0 for none) and `_COLD_SHAPES` (default hub) narrow a run. Prints the load average beside the
 * table: the machine must be quiet for the numbers to mean anything. Needs a build (`npm run build`).
 */
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import { serialize } from 'node:v8';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { GraphLayout } from '../client/src/graphPreview/webview/graphLayout';
import type { LayoutDelta } from '../client/src/graphPreview/webview/layoutDelta';
import type { MeasureText } from '../client/src/graphPreview/webview/layoutText';
import { layoutInput } from '../client/src/graphPreview/webview/structure';
import type { PearlGraph } from '#protocol/graphTypes';
import { getLanguageService } from '../server/src/service/pearlLanguageService';
import { median } from './benchStats';
import { edit, generateShapedPearl, middle, type PearlShape, pearlShapes } from './pearlGenerator';

/** The layout functions of one build, loaded from its `out/`. */
interface Build {
  readonly name: string;
  readonly layeredLayout: (graph: PearlGraph, measure: MeasureText) => GraphLayout;
  readonly incrementalLayout: (graph: PearlGraph, previous: GraphLayout, measure: MeasureText) => GraphLayout | undefined;
  /** (A build from before deltas named the graph's entries by index ignores `graph`.) */
  readonly diffLayout: (base: GraphLayout, baseSeq: number, next: GraphLayout, graph: PearlGraph) => LayoutDelta;
  readonly applyLayoutDelta: (base: GraphLayout, delta: LayoutDelta, graph: PearlGraph) => GraphLayout;
  /** The worker's warm-up, when the build has it as a function of its own (else {@link warmUp} does the older one). */
  readonly warmUpSteps?: (graph: PearlGraph, layout: GraphLayout, measure: MeasureText, rounds: number) => (() => void)[];
}

/** The edits measured (`LAYOUT_WORKER_BENCH_EDITS` narrows them). */
const allGestures = ['add', 'delete', 'rename'] as const;
type Gesture = (typeof allGestures)[number];
const gestures: readonly Gesture[] = process.env.LAYOUT_WORKER_BENCH_EDITS
  ? allGestures.filter((gesture) => process.env.LAYOUT_WORKER_BENCH_EDITS?.split(',').includes(gesture))
  : allGestures;

/** The layout functions of the build whose `out/` is `outDir`. */
function loadBuild(name: string, outDir: string): Build {
  const webview = path.join(outDir, 'client/src/graphPreview/webview');
  /* eslint-disable @typescript-eslint/no-require-imports -- a build chosen at run time (this one or a baseline's out/) */
  const incremental = require(path.join(webview, 'incrementalLayout.js')) as Pick<Build, 'incrementalLayout' | 'warmUpSteps'>;
  const layered = require(path.join(webview, 'layeredLayout.js')) as Pick<Build, 'layeredLayout'>;
  // layoutDelta.js since the layout's modules were split; layoutGraph.js in a baseline from before.
  const deltaFile = fs.existsSync(path.join(webview, 'layoutDelta.js')) ? 'layoutDelta.js' : 'layoutGraph.js';
  const graph = require(path.join(webview, deltaFile)) as Pick<Build, 'diffLayout' | 'applyLayoutDelta'>;
  /* eslint-enable @typescript-eslint/no-require-imports -- only the builds' modules are loaded so */
  return { name, ...incremental, ...layered, ...graph };
}

/** A deterministic stand-in for the canvas (the unit tests' own): about the width of the page's sans-serif. */
const measure: MeasureText = (text, style) => text.length * { name: 13, type: 11, label: 11, mark: 10 }[style] * 0.55;

const service = getLanguageService();

/** The graph the worker gets for `text`: the language service's, cut by `layoutInput` as the page posts it. */
function graphOf(text: string, version: number): PearlGraph {
  const doc = service.parsePearlDocument(TextDocument.create('file:///bench/worker.pearl.json', 'pearl', version, text));
  return layoutInput(service.getGraph(doc, service.doValidation(doc)));
}

/** The Pearl's graph and the graph after each edit of it. */
function versionsOf(shape: PearlShape, size: number): { base: PearlGraph; edited: Record<Gesture, PearlGraph> } {
  const text = generateShapedPearl(shape, size);
  const add = edit(text, (list) => {
    list.push({ nodeId: 'bench_added', name: 'Added while benchmarking', script: 'One more question.', transitions: [] });
    middle(list).transitions?.push({ name: 'Customer has one more question', toNodeId: 'bench_added' });
  });
  const remove = edit(text, (list) => {
    const removed = list.splice(list.indexOf(middle(list)) + 3, 1)[0];
    for (const node of list) if (node.transitions) node.transitions = node.transitions.filter((t) => t.toNodeId !== removed.nodeId);
  });
  const rename = edit(text, (list) => (middle(list).name = 'Renamed while benchmarking'));
  return { base: graphOf(text, 1), edited: { add: graphOf(add, 2), delete: graphOf(remove, 2), rename: graphOf(rename, 2) } };
}

/** What answering one edit took: the worker's time (layout and diff), as elapsed and as CPU time of the process, and the clone's, ms. */
interface Timing {
  readonly workerMs: number;
  readonly cpuMs: number;
  readonly cloneMs: number;
}

/** One edit as the worker answers it: its {@link Timing} and the delta. */
function answer(build: Build, graph: PearlGraph, previous: GraphLayout): Timing & { delta: LayoutDelta } {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const next = build.incrementalLayout(graph, previous, measure);
  if (!next) throw new Error(`${build.name}: the edit was not laid out incrementally`);
  const delta = build.diffLayout(previous, 1, next, graph);
  const laidOut = performance.now();
  const { user, system } = process.cpuUsage(cpu);
  structuredClone(delta);
  return { workerMs: laidOut - started, cpuMs: (user + system) / 1000, cloneMs: performance.now() - laidOut, delta };
}

/**
 * The worker's warm-up (`warmUpIncremental` in layoutWorker.ts) of `build`: its `warmUpSteps`, else
 * (a build from before them) the last node removed and added back, three times.
 */
function warmUp(build: Build, graph: PearlGraph, layout: GraphLayout): void {
  if (build.warmUpSteps) {
    for (const step of build.warmUpSteps(graph, layout, measure, 3)) step();
    return;
  }
  const last = graph.nodes[graph.nodes.length - 1];
  const without: PearlGraph = {
    ...graph,
    nodes: graph.nodes.slice(0, -1),
    edges: graph.edges.filter((edge) => edge.source !== last.key && edge.target !== last.key),
  };
  for (let round = 0; round < 3; round++) {
    const removed = build.incrementalLayout(without, layout, measure);
    if (removed) build.incrementalLayout(graph, removed, measure);
  }
}

/** Throws unless `a` and `b` give the same layout and the same delta after `applyLayoutDelta`, as the page receives them. */
function assertSame(a: Build, b: Build, graph: PearlGraph, previous: { a: GraphLayout; b: GraphLayout }, what: string): void {
  const plain = (value: unknown): string => JSON.stringify(value);
  const nextA = a.incrementalLayout(graph, previous.a, measure);
  const nextB = b.incrementalLayout(graph, previous.b, measure);
  if (!nextA || !nextB || plain(nextA) !== plain(nextB)) throw new Error(`${what}: ${a.name} and ${b.name} lay out differently`);
  const appliedA = a.applyLayoutDelta(previous.a, structuredClone(a.diffLayout(previous.a, 1, nextA, graph)), graph);
  const appliedB = b.applyLayoutDelta(previous.b, structuredClone(b.diffLayout(previous.b, 1, nextB, graph)), graph);
  if (plain(appliedA) !== plain(nextA) || plain(appliedB) !== plain(appliedA))
    throw new Error(`${what}: the deltas of ${a.name} and ${b.name} do not apply to the same layout`);
}

/** Figures of one build for one shape and edit. */
interface Figures {
  workerMs: number[];
  cpuMs: number[];
  cloneMs: number[];
  deltaBytes: number;
  /** Entries sent whole, and entries of the base sent as moved (their keys changed). */
  whole: number;
  moved: number;
}

/** Warm figures of each build for every edit of `shape` at `size`, the builds interleaved. */
function measureWarm(builds: readonly Build[], shape: PearlShape, size: number, rounds: number): Map<string, Figures> {
  const { base, edited } = versionsOf(shape, size);
  const layouts = new Map(builds.map((build) => [build, build.layeredLayout(base, measure)] as const));
  if (builds.length === 2)
    for (const gesture of gestures) {
      const [a, b] = builds;
      assertSame(a, b, edited[gesture], { a: layouts.get(a) as GraphLayout, b: layouts.get(b) as GraphLayout }, `${shape} ${gesture}`);
    }
  const figures = new Map<string, Figures>();
  for (const build of builds) {
    warmUp(build, base, layouts.get(build) as GraphLayout);
    for (const gesture of gestures) {
      const { delta } = answer(build, edited[gesture], layouts.get(build) as GraphLayout);
      const entries = [...delta.nodes, ...delta.edges].filter((entry) => typeof entry !== 'number');
      const moved = entries.filter((entry) => 'from' in entry).length;
      figures.set(`${build.name} ${gesture}`, {
        workerMs: [],
        cpuMs: [],
        cloneMs: [],
        deltaBytes: serialize(delta).length,
        whole: entries.length - moved,
        moved,
      });
    }
  }
  for (let round = 0; round < rounds; round++)
    for (const gesture of gestures)
      for (const build of round % 2 ? [...builds].reverse() : builds) {
        const { workerMs, cpuMs, cloneMs } = answer(build, edited[gesture], layouts.get(build) as GraphLayout);
        const entry = figures.get(`${build.name} ${gesture}`) as Figures;
        entry.workerMs.push(workerMs);
        entry.cpuMs.push(cpuMs);
        entry.cloneMs.push(cloneMs);
      }
  return figures;
}

/**
 * In a child process: the first incremental layout of `gesture` after the layered one, with or
 * without the warm-up (then after a pause, as the user's first edit comes well after the worker's
 * warm-up: the engine's background compiling is done); prints its ms and CPU ms.
 */
async function child(outDir: string, shape: PearlShape, size: number, gesture: Gesture, warm: boolean): Promise<void> {
  const build = loadBuild('child', outDir);
  const { base, edited } = versionsOf(shape, size);
  const layout = build.layeredLayout(base, measure);
  if (warm) warmUp(build, base, layout);
  await new Promise((resolve) => setTimeout(resolve, 500));
  const { workerMs, cpuMs } = answer(build, edited[gesture], layout);
  process.stdout.write(JSON.stringify([workerMs, cpuMs]));
}

/** Medians of the first layouts in fresh processes, by build, warm-up and edit; children interleaved across builds. */
function measureFirst(
  builds: readonly { name: string; outDir: string }[],
  shape: PearlShape,
  size: number,
  samples: number,
): Map<string, string> {
  const runs = new Map<string, [number, number][]>();
  for (let sample = 0; sample < samples; sample++)
    for (const warm of [false, true])
      for (const gesture of gestures)
        for (const build of sample % 2 ? [...builds].reverse() : builds) {
          const args = [__filename, '--child', build.outDir, shape, String(size), gesture, warm ? 'warm' : 'cold'];
          const ms = JSON.parse(execFileSync(process.execPath, args, { encoding: 'utf8' })) as [number, number];
          const key = `${build.name} ${warm ? 'first+warm-up' : 'cold'} ${gesture}`;
          runs.set(key, [...(runs.get(key) ?? []), ms]);
        }
  const both = (values: [number, number][]): string =>
    `${format(median(values.map(([ms]) => ms)))} (${format(median(values.map(([, cpu]) => cpu)))})`;
  return new Map([...runs].map(([key, values]) => [key, both(values)]));
}

const format = (ms: number): string => ms.toFixed(1);

/** Runs the benchmark and prints its tables (see the module comment). */
function main(): void {
  const env = process.env;
  const shapes = (env.LAYOUT_WORKER_BENCH_SHAPES ? env.LAYOUT_WORKER_BENCH_SHAPES.split(',') : pearlShapes) as PearlShape[];
  const sizes = env.LAYOUT_WORKER_BENCH_SIZES ? env.LAYOUT_WORKER_BENCH_SIZES.split(',').map(Number) : [500];
  const rounds = Number(env.LAYOUT_WORKER_BENCH_ROUNDS ?? 30);
  const samples = Number(env.LAYOUT_WORKER_BENCH_COLD ?? 5);
  const coldShapes = (env.LAYOUT_WORKER_BENCH_COLD_SHAPES ?? 'hub').split(',') as PearlShape[];
  const outDirs = [{ name: 'this', outDir: path.resolve(__dirname, '..') }];
  if (env.LAYOUT_WORKER_BENCH_BASELINE) outDirs.unshift({ name: 'baseline', outDir: path.resolve(env.LAYOUT_WORKER_BENCH_BASELINE) });
  const builds = outDirs.map(({ name, outDir }) => loadBuild(name, outDir));
  console.log(`load average before: ${os.loadavg().map(format).join(' ')}`);
  console.log("\nWarm: medians over the rounds; worker = incrementalLayout + diffLayout, CPU = the process's CPU time meanwhile.");
  console.log('| shape | nodes | build | edit | worker ms | worker CPU ms | clone ms | delta KiB | entries sent whole | entries moved |');
  console.log('|---|---|---|---|---|---|---|---|---|---|');
  for (const size of sizes)
    for (const shape of shapes) {
      const figures = measureWarm(builds, shape, size, rounds);
      for (const gesture of gestures)
        for (const build of builds) {
          const entry = figures.get(`${build.name} ${gesture}`) as Figures;
          const row = [shape, size, build.name, gesture, ...[entry.workerMs, entry.cpuMs, entry.cloneMs].map((ms) => format(median(ms)))];
          console.log(`| ${[...row, (entry.deltaBytes / 1024).toFixed(1), entry.whole, entry.moved].join(' | ')} |`);
        }
    }
  if (samples > 0) {
    console.log('\nThe first incremental layout of a fresh process: worker ms (CPU ms), medians over the processes.');
    console.log('| shape | nodes | build | first layout of a fresh process | add ms | delete ms | rename ms |');
    console.log('|---|---|---|---|---|---|---|');
    for (const size of sizes)
      for (const shape of coldShapes) {
        const first = measureFirst(outDirs, shape, size, samples);
        for (const kind of ['cold', 'first+warm-up'])
          for (const { name } of outDirs)
            console.log(`| ${[shape, size, name, kind, ...gestures.map((g) => first.get(`${name} ${kind} ${g}`))].join(' | ')} |`);
      }
  }
  console.log(`\nload average after: ${os.loadavg().map(format).join(' ')}`);
}

if (process.argv[2] === '--child') {
  const [outDir, shape, size, gesture, warm] = process.argv.slice(3);
  void child(outDir, shape as PearlShape, Number(size), gesture as Gesture, warm === 'warm');
} else main();
