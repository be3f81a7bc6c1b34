/**
 * Benchmark of the `pearl-lint` command (`npm run bench:cli`; `--files=N`, `--nodes=N`,
 * `--rounds=N`, `--baseline=<another pearl-lint.js>`, `--json`).
 *
 * It writes N small generated text Pearls (bench/pearlGenerator.ts, `--nodes` nodes each, spread
 * over ten folders) into a temporary folder, then times whole processes, wall clock, as a user or
 * a CI job runs them: `pearl-lint <folder>` (files per second, start-up included), `pearl-lint
 * <one file>`, and `node -e 0`, the floor of any Node command. Every round runs each contender
 * once, in a rotating order; the report gives medians and the median of the per-round ratios of
 * the one-file lint to `node -e 0` (a slow moment of the machine weighs on both sides alike), and
 * `schema loop` (bench/schemaLoop.ts, its own process over the same folder): reading, `JSON.parse`
 * and the product's precompiled schema validator on each file, the floor of any checker; the
 * median per-round ratio of the folder lint's CPU time to it is the target (at most 2×). No
 * contender is helped by a forced garbage collection or a warm process: each run is a new process.
 * Each process also reports its CPU time (user + system, all threads, from `process.resourceUsage()`
 * at exit, through a `--require`d file every contender loads): on a machine busy with other work,
 * where wall times mostly measure waiting for a core, CPU times still compare the work done.
 * `--baseline` adds the same two lint runs of another build to every round (e.g. main's
 * dist/pearl-lint.js copied aside), for a before/after comparison in one interleaved run.
 * Walks: bench:compare's walks input (bench/walksGenerator.ts `writeWalksInput`: a 500-node Pearl
 * of long back edges, 100 walks) checked with and without `--coverage`, from its folder; the median
 * per-round ratio of their CPU times is what the coverage report adds (target: at most 20%).
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import { median } from './benchStats';
import { generateTextPearl } from './pearlGenerator';
import { walksInputSize, writeWalksInput } from './walksGenerator';

/** Medians of one `pearl-lint` build, times in milliseconds. */
export interface LintBuildResult {
  /** The bundle run (`dist/pearl-lint.js` or the `--baseline` path). */
  bundle: string;
  /** Whether the bundle is a production build (minified, no source map). */
  production: boolean;
  /** Median wall time of `pearl-lint <folder>` over all the files. */
  folderMs: number;
  /** Median over rounds of files / folder time in seconds. */
  filesPerSecond: number;
  /** Median wall time of `pearl-lint <one file>`. */
  singleMs: number;
  /** Median over rounds of the one-file time / the `node -e 0` time of the same round. */
  singleToNode: number;
  /** Median CPU time of `pearl-lint <folder>` (every thread). */
  folderCpuMs: number;
  /** Median CPU time of `pearl-lint <one file>`. */
  singleCpuMs: number;
  /** Median over rounds of the one-file CPU time / the `node -e 0` CPU time of the same round. */
  singleCpuToNode: number;
  /** Median over rounds of the folder lint's CPU time / the schema loop's CPU time of the same round. */
  folderCpuToSchema: number;
  /** The same with wall times. */
  folderToSchema: number;
}

/** The whole run. */
export interface CliBenchReport {
  files: number;
  /** Nodes of each generated Pearl. */
  nodes: number;
  /** Mean file size in bytes. */
  meanBytes: number;
  rounds: number;
  /** Median wall time of `node -e 0`. */
  nodeMs: number;
  /** Median CPU time of `node -e 0`. */
  nodeCpuMs: number;
  /** Median wall time of the schema loop (bench/schemaLoop.ts) over the folder. */
  schemaMs: number;
  /** Median CPU time of the schema loop. */
  schemaCpuMs: number;
  /** The walks run (`pearl-lint .` in the walks input's folder): its median CPU time without and with `--coverage`. */
  walks: { walks: number; nodes: number; cpuMs: number; coverageCpuMs: number; coverageCpuRatio: number };
  current: LintBuildResult;
  baseline: LintBuildResult | undefined;
  node: string;
  cpu: string;
  cpus: number;
  /** os.loadavg() (1, 5, 15 minutes) before and after the rounds: other work skews the medians. */
  loadAverageBefore: number[];
  loadAverageAfter: number[];
  date: string;
}

const warmupRounds = 2;
const repositoryRoot = path.resolve(__dirname, '..', '..');

/** Preloaded into every process: writes its CPU time in microseconds to file descriptor 3 at exit (a worker thread's exit writes too; the main thread's comes last). */
export const cpuReporter = `process.on('exit', () => { const u = process.resourceUsage(); require('fs').writeSync(3, ' ' + (u.userCPUTime + u.systemCPUTime)); });`;

/**
 * Runs `node args` to its end, {@link cpuReporter} preloaded from the file `preload`; its wall and
 * CPU times in milliseconds. Runs in `cwd` (default: this process's working folder).
 * @throws Error when it exits with a status other than 0 (its standard error in the message).
 */
export function timeProcess(args: readonly string[], preload: string, cwd?: string): { wallMs: number; cpuMs: number } {
  const start = performance.now();
  const result = spawnSync(process.execPath, ['--require', preload, ...args], {
    cwd,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe', 'pipe'],
  });
  const wallMs = performance.now() - start;
  if (result.status !== 0) {
    throw new Error(`node ${args.join(' ')} exited with ${String(result.status ?? result.signal)}: ${result.stderr}`);
  }
  const reported = String(result.output[3] ?? '')
    .trim()
    .split(' ');
  return { wallMs, cpuMs: Number(reported[reported.length - 1]) / 1000 };
}

/** Writes `count` generated Pearls of `nodes` nodes into ten folders under `root`; their total size in bytes. */
export function writeFiles(root: string, count: number, nodes: number): number {
  let bytes = 0;
  for (let i = 0; i < count; i++) {
    const folder = path.join(root, `folder-${i % 10}`);
    fs.mkdirSync(folder, { recursive: true });
    const text = generateTextPearl(nodes, i + 1);
    fs.writeFileSync(path.join(folder, `pearl-${String(i).padStart(5, '0')}.pearl.json`), text);
    bytes += Buffer.byteLength(text);
  }
  return bytes;
}

function isProduction(bundle: string): boolean {
  return !fs.readFileSync(bundle, 'utf8').includes('sourceMappingURL');
}

function formatMs(ms: number): string {
  return ms >= 100 ? ms.toFixed(0) : ms.toFixed(1);
}

function toMarkdown(report: CliBenchReport): string {
  const size = `${(report.meanBytes / 1024).toFixed(1)} KB`;
  const rows = (build: LintBuildResult, label: string): string[] => [
    `| ${label}\`pearl-lint <folder>\`, ${report.files.toLocaleString('en-US')} files of ${size} | ${formatMs(build.folderMs)} ms | ${Math.round(build.filesPerSecond).toLocaleString('en-US')} files/s; ${build.folderToSchema.toFixed(2)}× schema loop | ${formatMs(build.folderCpuMs)} ms | **${build.folderCpuToSchema.toFixed(2)}×** schema loop | CPU <= 2× schema loop |`,
    `| ${label}\`pearl-lint <one file>\` (${size}) | ${formatMs(build.singleMs)} ms | **${build.singleToNode.toFixed(2)}×** \`node -e 0\` | ${formatMs(build.singleCpuMs)} ms | ${build.singleCpuToNode.toFixed(2)}× \`node -e 0\` | <= 1.3× |`,
  ];
  const lines = [
    '| run | median wall time | median rate / wall ratio | median CPU time | CPU ratio | target |',
    '|---|---:|---:|---:|---:|---|',
    ...rows(report.current, ''),
    ...(report.baseline ? rows(report.baseline, 'baseline ') : []),
    `| schema loop (read, \`JSON.parse\`, precompiled schema validator), ${report.files.toLocaleString('en-US')} files | ${formatMs(report.schemaMs)} ms | | ${formatMs(report.schemaCpuMs)} ms | 1× | |`,
    `| \`node -e 0\` | ${formatMs(report.nodeMs)} ms | 1× | ${formatMs(report.nodeCpuMs)} ms | 1× | |`,
    `| \`pearl-lint .\`, ${report.walks.walks} walks of a ${report.walks.nodes}-node Pearl | | | ${formatMs(report.walks.cpuMs)} ms | 1× | |`,
    `| \`pearl-lint --coverage .\`, the same | | | ${formatMs(report.walks.coverageCpuMs)} ms | **${report.walks.coverageCpuRatio.toFixed(2)}×** the walks run | <= 1.2× |`,
    '',
    `${report.rounds} interleaved rounds (each a new process per run), ${report.current.production ? 'production' : 'development (unminified)'} bundles` +
      `${report.baseline ? `; baseline ${report.baseline.bundle}` : ''}. Machine: Node ${report.node}, ${report.cpu} (${report.cpus} logical CPUs), ` +
      `load average ${report.loadAverageBefore.map((load) => load.toFixed(1)).join(' ')} before and ${report.loadAverageAfter.map((load) => load.toFixed(1)).join(' ')} after; ${report.date}.`,
  ];
  return lines.join('\n');
}

function main(): void {
  const option = (name: string): string | undefined =>
    process.argv.find((argument) => argument.startsWith(`--${name}=`))?.slice(name.length + 3);
  const files = Number(option('files') ?? 1_000);
  const nodes = Number(option('nodes') ?? 4);
  const rounds = Number(option('rounds') ?? 15);
  const baselineBundle = option('baseline');
  const currentBundle = path.join(repositoryRoot, 'dist', 'pearl-lint.js');

  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'pearl-cli-bench-'));
  try {
    const bytes = writeFiles(path.join(root, 'pearls'), files, nodes);
    const folder = path.join(root, 'pearls');
    const single = path.join(folder, 'folder-0', 'pearl-00000.pearl.json');
    const walksFolder = path.join(root, 'walks');
    writeWalksInput(walksFolder, walksInputSize.nodes, walksInputSize.count);
    const allContenders = ['node', 'schema', 'folder', 'single', 'walks', 'walksCoverage', 'baselineFolder', 'baselineSingle'] as const;
    type Contender = (typeof allContenders)[number];
    const commands: Partial<Record<Contender, string[]>> = {
      node: ['-e', '0'],
      schema: [path.join(__dirname, 'schemaLoop.js'), folder],
      folder: [currentBundle, folder],
      single: [currentBundle, single],
      walks: [currentBundle, '.'],
      walksCoverage: [currentBundle, '--coverage', '.'],
      ...(baselineBundle ? { baselineFolder: [baselineBundle, folder], baselineSingle: [baselineBundle, single] } : {}),
    };
    // The walks runs from the walks' folder: a walks file's Pearl must be inside the working folder.
    const cwd: Partial<Record<Contender, string>> = { walks: walksFolder, walksCoverage: walksFolder };
    const contenders = Object.keys(commands) as Contender[];
    const none = (): Record<Contender, number[]> =>
      Object.fromEntries(allContenders.map((contender) => [contender, []])) as unknown as Record<Contender, number[]>;
    const times = none();
    const cpuTimes = none();
    const preload = path.join(root, 'cpuReporter.js');
    fs.writeFileSync(preload, cpuReporter);
    const loadAverageBefore = os.loadavg();
    for (let round = 0; round < warmupRounds + rounds; round++) {
      for (let i = 0; i < contenders.length; i++) {
        // Rotate the order so that no contender always runs right after another.
        const contender = contenders[(round + i) % contenders.length];
        const { wallMs, cpuMs } = timeProcess(commands[contender] ?? [], preload, cwd[contender]);
        if (round >= warmupRounds) {
          times[contender].push(wallMs);
          cpuTimes[contender].push(cpuMs);
        }
      }
      if (!process.argv.includes('--json')) process.stderr.write(`bench:cli: round ${round + 1} of ${warmupRounds + rounds}\r`);
    }
    const result = (bundle: string, folder: Contender, single: Contender): LintBuildResult => ({
      bundle,
      production: isProduction(bundle),
      folderMs: median(times[folder]),
      filesPerSecond: median(times[folder].map((ms) => files / (ms / 1000))),
      singleMs: median(times[single]),
      singleToNode: median(times[single].map((ms, round) => ms / times.node[round])),
      folderCpuMs: median(cpuTimes[folder]),
      singleCpuMs: median(cpuTimes[single]),
      singleCpuToNode: median(cpuTimes[single].map((ms, round) => ms / cpuTimes.node[round])),
      folderCpuToSchema: median(cpuTimes[folder].map((ms, round) => ms / cpuTimes.schema[round])),
      folderToSchema: median(times[folder].map((ms, round) => ms / times.schema[round])),
    });
    const report: CliBenchReport = {
      files,
      nodes,
      meanBytes: bytes / files,
      rounds,
      nodeMs: median(times.node),
      nodeCpuMs: median(cpuTimes.node),
      schemaMs: median(times.schema),
      schemaCpuMs: median(cpuTimes.schema),
      walks: {
        walks: walksInputSize.count,
        nodes: walksInputSize.nodes,
        cpuMs: median(cpuTimes.walks),
        coverageCpuMs: median(cpuTimes.walksCoverage),
        coverageCpuRatio: median(cpuTimes.walksCoverage.map((ms, round) => ms / cpuTimes.walks[round])),
      },
      current: result(currentBundle, 'folder', 'single'),
      baseline: baselineBundle ? result(baselineBundle, 'baselineFolder', 'baselineSingle') : undefined,
      node: process.version,
      cpu: os.cpus()[0]?.model.trim() ?? 'unknown CPU',
      cpus: os.cpus().length,
      loadAverageBefore,
      loadAverageAfter: os.loadavg(),
      date: new Date().toISOString(),
    };
    if (process.argv.includes('--json')) process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
    else process.stdout.write(`\n${toMarkdown(report)}\n`);
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
}

if (require.main === module) {
  try {
    main();
  } catch (error) {
    process.stderr.write(`bench:cli: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  }
}
