/**
 * A regression guard (`npm run bench:compare [-- <base>] [--short] [--threshold <x>] [--rounds <n>]
 * [--write <file>] [--self-test]`): the key figures of this working tree (head) against those of a
 * base commit, measured A/B interleaved on the same machine, and a non-zero exit when one is slower
 * than the threshold allows. docs/dev/benchmark-figures.md says what each figure measures.
 *
 * The base: the commit given; else the last release tag; else the merge base with origin/main when
 * it is not HEAD; else the commit recorded in bench/compare-base.json (a clean clone of main, as in
 * CI). It is checked out with `git worktree` under the temporary folder (kept there for the next
 * run), with this tree's node_modules linked in when package-lock.json is the same (else `npm ci`),
 * and built with `npm run build`. Head is this tree's build (the npm script builds it first).
 *
 * Every round runs each figure on both builds, each in a new process, base first in even rounds
 * and head first in odd ones; the verdict is on the median over rounds of head / base of the same
 * round (compareStats.ts). Exit status: 0 no figure regressed, 1 a figure regressed (or, with
 * `--self-test`, one was not flagged), 2 the run could not be made (bad usage, no base, a failed
 * build, the head failing a figure).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { cpuReporter, timeProcess, writeFiles } from './cliBench';
import {
  type BaseCandidates,
  chooseBase,
  type FigureRow,
  type RoundPair,
  regressedFigures,
  replaceBetweenMarkers,
  roundOrder,
  type Side,
  summarize,
  toMarkdown,
  verdictLine,
  verdictOf,
} from './compareStats';
import { compareShape } from './compareWorker';
import { writeWalksWorkspace } from './lspBench';
import { generateShapedPearl } from './pearlGenerator';
import { completionPoints } from './textPoints';
import { walksInputSize, writeWalksInput } from './walksGenerator';
import { chromiumPath } from '../test/e2e/harness/prerequisites';

const repositoryRoot = path.resolve(__dirname, '..', '..');
const workerScript = path.join(__dirname, 'compareWorker.js');

/** The sizes of a form: the full one for a quiet machine, the short one for CI. */
interface Form {
  name: 'short' | 'full';
  rounds: number;
  threshold: number;
  /** Nodes of the Pearls whose full diagnostics are timed, and iterations per sample. */
  diagnostics: { nodes: number; iterations: number }[];
  lsp: { nodes: number; requests: number; edits: number };
  /** Folder entries of the workspace the typing pauses are timed in (bench/lspBench.ts `writeWalksWorkspace`), and the keystrokes. */
  pauses: { entries: number; edits: number };
  /** Small Pearls (4 nodes each, bench/cliBench.ts) linted in one command. */
  lintFiles: number;
  walks: { count: number; nodes: number };
  /** Nodes of the Pearl whose graph the preview page draws first (needs Chromium). */
  graphNodes: number;
}

const forms: Record<'short' | 'full', Form> = {
  full: {
    name: 'full',
    rounds: 7,
    threshold: 1.1,
    // About half a second of CPU per sample or more, so that a major garbage collection more or less in one sample counts little.
    diagnostics: [
      { nodes: 1_000, iterations: 60 },
      { nodes: 5_000, iterations: 12 },
    ],
    lsp: { nodes: 1_000, requests: 80, edits: 12 },
    pauses: { entries: 20_000, edits: 8 },
    lintFiles: 1_000,
    walks: walksInputSize,
    graphNodes: 500,
  },
  // CI machines are noisy and a short run has few rounds: 1.25 still flags a doubling at once.
  short: {
    name: 'short',
    rounds: 7,
    threshold: 1.25,
    diagnostics: [
      { nodes: 500, iterations: 100 },
      { nodes: 2_000, iterations: 25 },
    ],
    lsp: { nodes: 500, requests: 40, edits: 6 },
    pauses: { entries: 5_000, edits: 4 },
    lintFiles: 200,
    walks: { count: 30, nodes: 200 },
    graphNodes: 200,
  },
};

/** Runs git in the repository; its trimmed output, or undefined when it fails. */
function git(args: readonly string[], cwd = repositoryRoot): string | undefined {
  try {
    return execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return undefined;
  }
}

function resolveCommit(name: string): string | undefined {
  return git(['rev-parse', '--verify', '--quiet', `${name}^{commit}`]);
}

/** The candidates for the base, read from git and bench/compare-base.json. */
function baseCandidates(explicit: string | undefined): BaseCandidates {
  const head = resolveCommit('HEAD');
  if (!head) throw new Error('not a git checkout: bench:compare compares against a commit');
  const candidates: BaseCandidates = { head };
  if (explicit !== undefined) {
    const commit = resolveCommit(explicit);
    if (!commit) throw new Error(`${explicit} is not a commit of this repository`);
    candidates.explicit = { name: explicit, commit };
  }
  const tag = git(['describe', '--tags', '--abbrev=0', '--match', 'v[0-9]*', 'HEAD']);
  if (tag) candidates.releaseTag = { name: tag, commit: resolveCommit(tag) ?? '' };
  if (resolveCommit('origin/main')) candidates.mergeBase = git(['merge-base', 'HEAD', 'origin/main']);
  const recordedFile = path.join(repositoryRoot, 'bench', 'compare-base.json');
  if (fs.existsSync(recordedFile)) {
    const recorded = (JSON.parse(fs.readFileSync(recordedFile, 'utf8')) as { commit?: string }).commit;
    if (recorded) {
      const commit = resolveCommit(recorded);
      if (!commit) throw new Error(`bench/compare-base.json records ${recorded}, which this clone does not have (a shallow clone?)`);
      candidates.recorded = commit;
    }
  }
  return candidates;
}

function run(command: string, args: readonly string[], cwd: string): void {
  const result = spawnSync(command, args, { cwd, stdio: ['ignore', 'inherit', 'inherit'] });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed in ${cwd} (${String(result.status ?? result.signal)})`);
}

/**
 * The base commit checked out and built in a worktree under the temporary folder, reused when an
 * earlier run built it; the worktree's root.
 */
function buildBase(commit: string): string {
  const commonDir = path.resolve(repositoryRoot, git(['rev-parse', '--git-common-dir']) ?? '.git');
  const cache = path.join(os.tmpdir(), `pearl-bench-compare-${createHash('sha256').update(commonDir).digest('hex').slice(0, 10)}`);
  const tree = path.join(cache, commit);
  const marker = path.join(tree, '.bench-compare-built');
  if (fs.existsSync(marker)) {
    process.stderr.write(`bench:compare: base build reused from ${tree}\n`);
    return tree;
  }
  fs.mkdirSync(cache, { recursive: true });
  if (fs.existsSync(tree)) fs.rmSync(tree, { recursive: true, force: true });
  git(['worktree', 'prune']);
  run('git', ['worktree', 'add', '--detach', '--force', tree, commit], repositoryRoot);
  const headLock = fs.readFileSync(path.join(repositoryRoot, 'package-lock.json'), 'utf8');
  const baseLock = fs.readFileSync(path.join(tree, 'package-lock.json'), 'utf8');
  if (headLock === baseLock && fs.existsSync(path.join(repositoryRoot, 'node_modules'))) {
    fs.symlinkSync(fs.realpathSync(path.join(repositoryRoot, 'node_modules')), path.join(tree, 'node_modules'), 'dir');
  } else {
    process.stderr.write('bench:compare: the base has another package-lock.json: npm ci in its worktree\n');
    const offline = spawnSync('npm', ['ci', '--offline', '--no-audit', '--no-fund'], {
      cwd: tree,
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    if (offline.status !== 0) run('npm', ['ci', '--no-audit', '--no-fund'], tree);
  }
  run('npm', ['run', 'build', '--silent'], tree);
  fs.writeFileSync(marker, `${commit}\n`);
  return tree;
}

/** A measurement of one side: the figures it gives, by name, in ms. */
type Measure = (root: string, side: Side) => Record<string, number>;

/** Runs the worker for a task on `root`; its JSON. */
function worker(task: string, root: string, args: readonly string[]): Record<string, number> {
  const result = spawnSync(process.execPath, [workerScript, task, '--root', root, ...args], { encoding: 'utf8', timeout: 600_000 });
  if (result.status !== 0)
    throw new Error(result.stderr.trim().split('\n')[0] || `the worker ended with ${String(result.status ?? result.signal)}`);
  return JSON.parse(result.stdout.trim().split('\n').pop() ?? '{}') as Record<string, number>;
}

/**
 * A group of figures: `measure` runs one side (a process of its own per side and round); `pair`
 * measures both sides at once (the request round trips) and gives each side's figures.
 */
interface Task {
  figures: { key: string; name: string; unit: string }[];
  measure?: Measure;
  pair?: () => Record<Side, Record<string, number>>;
}

function tasks(
  form: Form,
  inputs: { lintFolder: string; walksFolder: string; workspaceFolder: string; preload: string; baseRoot: string; headRoot: string },
  headRepeat: number,
): Task[] {
  const repeat = (side: Side): number => (side === 'head' ? headRepeat : 1);
  const n = (value: number): string => value.toLocaleString('en-US');
  const list: Task[] = form.diagnostics.map(({ nodes, iterations }) => ({
    figures: [{ key: 'cpuMs', name: `full diagnostics, ${n(nodes)} nodes (service CPU per run)`, unit: 'ms' }],
    measure: (root, side) =>
      worker('diagnostics', root, ['--nodes', String(nodes), '--iterations', String(iterations), '--repeat', String(repeat(side))]),
  }));
  const { nodes, requests, edits } = form.lsp;
  let pairRounds = 0;
  list.push({
    figures: [{ key: 'keystrokeCpuMs', name: `LSP keystroke, ${n(nodes)} nodes (server CPU)`, unit: 'ms' }],
    measure: (root, side) =>
      worker('keystrokes', root, ['--nodes', String(nodes), '--edits', String(edits), '--repeat', String(repeat(side))]),
  });
  list.push({
    figures: [
      {
        key: 'pauseCpuMs',
        name: `LSP keystroke and pause, ${n(nodes)} nodes in a workspace of ${n(form.pauses.entries)} entries (server CPU)`,
        unit: 'ms',
      },
    ],
    measure: (root, side) =>
      worker('pauses', root, [
        '--workspace',
        inputs.workspaceFolder,
        '--edits',
        String(form.pauses.edits),
        '--repeat',
        String(repeat(side)),
        '--nodes',
        String(nodes),
      ]),
  });
  list.push({
    figures: [
      { key: 'hoverMs', name: `LSP hover, ${n(nodes)} nodes (round trip)`, unit: 'ms' },
      { key: 'completionMs', name: `LSP completion of a toNodeId, ${n(nodes)} nodes (round trip)`, unit: 'ms' },
    ],
    pair: () => {
      const both = worker('requests', inputs.baseRoot, [
        '--head-root',
        inputs.headRoot,
        '--nodes',
        String(nodes),
        '--requests',
        String(requests),
        '--repeat',
        String(headRepeat),
        // Which build's server starts first, alternately (compareWorker.ts `requests`).
        ...(pairRounds++ % 2 === 1 ? ['--head-first'] : []),
      ]);
      return {
        base: { hoverMs: both.baseHoverMs, completionMs: both.baseCompletionMs },
        head: { hoverMs: both.headHoverMs, completionMs: both.headCompletionMs },
      };
    },
  });
  const lint =
    (args: (root: string) => string[], cwd?: string): Measure =>
    (root, side) => {
      let cpuMs = 0;
      for (let r = 0; r < repeat(side); r++) cpuMs += timeProcess(args(root), inputs.preload, cwd).cpuMs;
      return { cpuMs };
    };
  list.push({
    figures: [{ key: 'cpuMs', name: `pearl-lint, ${n(form.lintFiles)} small files (process CPU)`, unit: 'ms' }],
    measure: lint((root) => [path.join(root, 'dist', 'pearl-lint.js'), inputs.lintFolder]),
  });
  list.push({
    figures: [{ key: 'cpuMs', name: `pearl-lint --coverage, ${n(form.walks.count)} walks (process CPU)`, unit: 'ms' }],
    // From the walks' folder: a walks file's Pearl must be inside pearl-lint's working folder.
    measure: lint((root) => [path.join(root, 'dist', 'pearl-lint.js'), '--coverage', '.'], inputs.walksFolder),
  });
  if (hasChromium())
    list.push({
      figures: [{ key: 'firstDrawMs', name: `graph first draw, ${n(form.graphNodes)} nodes (page, wall)`, unit: 'ms' }],
      measure: (root, side) => worker('graph', root, ['--nodes', String(form.graphNodes), '--repeat', String(repeat(side))]),
    });
  return list;
}

/** Whether the graph's figure can run: the Chromium the page tests use (`CHROMIUM`, else Debian's). */
function hasChromium(): boolean {
  return fs.existsSync(chromiumPath());
}

/** The inputs shared by both sides, written once: the small Pearls, a Pearl and its walks file. */
function writeInputs(form: Form, folder: string): { lintFolder: string; walksFolder: string; workspaceFolder: string; preload: string } {
  const lintFolder = path.join(folder, 'pearls');
  writeFiles(lintFolder, form.lintFiles, 4);
  const walksFolder = path.join(folder, 'walks');
  writeWalksInput(walksFolder, form.walks.nodes, form.walks.count);
  const workspaceFolder = path.join(folder, 'workspace');
  writeWalksWorkspace(workspaceFolder, completionPoints(generateShapedPearl(compareShape, form.lsp.nodes)).text, form.pauses.entries);
  const preload = path.join(folder, 'cpuReporter.js');
  fs.writeFileSync(preload, cpuReporter);
  return { lintFolder, walksFolder, workspaceFolder, preload };
}

const usage = `Usage: npm run bench:compare -- [<base commit>] [--short] [--threshold <ratio>] [--rounds <n>] [--write <file>] [--self-test]`;

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      short: { type: 'boolean' },
      threshold: { type: 'string' },
      rounds: { type: 'string' },
      write: { type: 'string' },
      'self-test': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    process.stdout.write(`${usage}\n`);
    return 0;
  }
  const selfTest = values['self-test'] === true;
  const form = forms[values.short || selfTest ? 'short' : 'full'];
  const threshold = values.threshold !== undefined ? Number(values.threshold) : form.threshold;
  const rounds = values.rounds !== undefined ? Number(values.rounds) : form.rounds;
  if (!(threshold >= 1) || !Number.isInteger(rounds) || rounds < 1 || positionals.length > 1) {
    process.stderr.write(`bench:compare: --threshold takes a ratio of at least 1 and --rounds a whole number of at least 1\n${usage}\n`);
    return 2;
  }
  for (const file of ['server.js', 'service.js', 'pearl-lint.js']) {
    if (!fs.existsSync(path.join(repositoryRoot, 'dist', file))) throw new Error(`dist/${file} is missing: run npm run build first`);
  }
  const started = performance.now();
  const loadStart = os.loadavg();
  const head = resolveCommit('HEAD') ?? 'unknown';
  const dirty = (git(['status', '--porcelain', '--untracked-files=no']) ?? '') !== '';
  // The self-test compares this build with itself doing twice the work: every figure must be flagged.
  const base = selfTest
    ? { commit: head, reason: 'the self-test: this build, the head doing each operation twice' }
    : chooseBase(baseCandidates(positionals[0]));
  const baseRoot = selfTest ? repositoryRoot : buildBase(base.commit);
  const inputsFolder = fs.mkdtempSync(path.join(os.tmpdir(), 'pearl-bench-compare-inputs-'));
  const rows: FigureRow[] = [];
  let headFailed = false;
  try {
    const list = tasks(form, { ...writeInputs(form, inputsFolder), baseRoot, headRoot: repositoryRoot }, selfTest ? 2 : 1);
    const pairs = new Map<Task, Record<string, RoundPair>[]>(list.map((task) => [task, []]));
    const failed = new Map<Task, string>();
    /** A failure as one short line of the table: folders named by role, whitespace collapsed, at most 300 characters. */
    const shorten = (message: string): string => {
      const named = [
        [baseRoot, '<base>'],
        [repositoryRoot, '<head>'],
        [inputsFolder, '<inputs>'],
      ].reduce((text, [folder, name]) => text.split(folder).join(name), message);
      const line = named.replace(/\s+/g, ' ').trim();
      return line.length > 300 ? `${line.slice(0, 299)}…` : line;
    };
    for (let round = 0; round < rounds; round++) {
      process.stderr.write(`bench:compare: round ${round + 1} of ${rounds} (load average ${os.loadavg()[0].toFixed(2)})\n`);
      for (const task of list) {
        if (failed.has(task)) continue;
        const sample: Partial<Record<Side, Record<string, number>>> = {};
        let failure: { side: Side; message: string } | undefined;
        if (task.pair) {
          // Both sides in one run (requests alternating inside it); a failure is not told apart.
          try {
            Object.assign(sample, task.pair());
          } catch (error) {
            failed.set(task, `the run of both builds failed: ${shorten(error instanceof Error ? error.message : String(error))}`);
            continue;
          }
        }
        for (const side of task.measure ? roundOrder(round) : []) {
          try {
            sample[side] = task.measure?.(side === 'base' ? baseRoot : repositoryRoot, side);
          } catch (error) {
            failure = { side, message: error instanceof Error ? error.message : String(error) };
            break;
          }
        }
        if (failure) {
          failed.set(
            task,
            `${failure.side === 'base' ? `the base (${base.commit.slice(0, 7)})` : 'the head'} failed: ${shorten(failure.message)}`,
          );
          if (failure.side === 'head') headFailed = true;
          continue;
        }
        pairs
          .get(task)
          ?.push(
            Object.fromEntries(task.figures.map(({ key }) => [key, { base: sample.base?.[key] ?? NaN, head: sample.head?.[key] ?? NaN }])),
          );
      }
    }
    for (const task of list) {
      for (const figure of task.figures) {
        const reason = failed.get(task);
        if (reason) {
          rows.push({ figure: figure.name, skipped: reason.replace(/\|/g, '\\|') });
          continue;
        }
        const summary = summarize((pairs.get(task) ?? []).map((pair) => pair[figure.key]));
        rows.push({ figure: figure.name, unit: figure.unit, summary, verdict: verdictOf(summary, threshold) });
      }
    }
    if (!hasChromium()) rows.push({ figure: 'graph first draw', skipped: `no Chromium at ${chromiumPath()}` });
  } finally {
    fs.rmSync(inputsFolder, { recursive: true, force: true });
  }
  const command = `npm run bench:compare${process.argv.length > 2 ? ` -- ${process.argv.slice(2).join(' ')}` : ''}`;
  const markdown = toMarkdown(rows, {
    command,
    base: { commit: base.commit.slice(0, 7), reason: base.reason },
    head: { commit: head.slice(0, 7), dirty },
    form: form.name,
    rounds,
    threshold,
    loadStart,
    loadEnd: os.loadavg(),
    machine: `Node ${process.version}, ${os.cpus()[0]?.model.trim() ?? 'unknown CPU'} (${os.cpus().length} logical CPUs)`,
    date: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
    minutes: (performance.now() - started) / 60_000,
  });
  process.stdout.write(`${markdown}\n`);
  if (values.write) {
    const file = path.resolve(values.write);
    fs.writeFileSync(file, replaceBetweenMarkers(fs.readFileSync(file, 'utf8'), markdown));
    process.stderr.write(`bench:compare: the table is written in ${file}\n`);
  }
  if (headFailed) {
    process.stderr.write('bench:compare: the head failed a figure (see the table)\n');
    return 2;
  }
  const regressed = regressedFigures(rows);
  if (selfTest) {
    const measured = rows.filter((row) => 'verdict' in row).length;
    const passed = measured > 0 && regressed.length === measured;
    process.stderr.write(
      passed
        ? `bench:compare self-test passed: all ${measured} figures of a head doing twice the work were flagged at ${threshold.toFixed(2)}.\n`
        : `bench:compare self-test FAILED: ${measured - regressed.length} of ${measured} figures of a head doing twice the work were not flagged.\n`,
    );
    return passed ? 0 : 1;
  }
  if (regressed.length > 0) process.stderr.write(`bench:compare: ${verdictLine(rows, threshold)}\n`);
  return regressed.length > 0 ? 1 : 0;
}

if (require.main === module) {
  main().then(
    (status) => (process.exitCode = status),
    (error: unknown) => {
      process.stderr.write(`bench:compare: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exitCode = 2;
    },
  );
}
