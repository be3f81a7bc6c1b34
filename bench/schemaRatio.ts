/**
 * The schema-only ratio with each side in a process of its own (`npm run bench:schema-ratio`;
 * `--sizes=1000,5000`, `--shapes=text,mix`, `--rounds=5`, `--semi-space=MB`): a cross-check of
 * `npm run bench`'s `full / schema only` column. `--semi-space=N` starts both sides' processes with
 * `--max-semi-space-size=N` (the young generation's half, in MB): 8 is what the language server
 * runs with; a large one (64) leaves the garbage collector little to do on either side, which
 * shows how much of the ratio is the collector's.
 *
 * `npm run bench` runs six contenders in one process, in a rotating order: the garbage collector
 * runs when the young generation fills, whoever filled it, so at 5,000 nodes and more the schema-only
 * contender's median swings (a scavenge that lands in its `JSON.parse` copies the half-built value)
 * and with it the ratio. Here each round starts one process that runs only the full diagnostics and
 * one that runs only the schema-only limit (`JSON.parse` + the product's precompiled validator), in
 * a rotating order; each process warms up, then times back-to-back runs for about a second, paying
 * for exactly the garbage it makes. The report gives each side's median time per run over the
 * rounds and the median of the per-round ratios. No forced garbage collection on either side.
 */
import { spawnSync } from 'node:child_process';
import * as os from 'node:os';
import { performance } from 'node:perf_hooks';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { text as validateTextPearl } from '../server/src/service/generated/schemaValidators';
import { getLanguageService } from '../server/src/service/pearlLanguageService';
import { median } from './benchStats';
import { type BenchShape, benchSizesAndShapes, generateBenchPearl } from './pearlGenerator';

type Side = 'full' | 'schema';

/** One shape and size: each side's median time per run (ms) and the median of the per-round ratios. */
interface RatioResult {
  readonly shape: BenchShape;
  readonly nodes: number;
  readonly fullMs: number;
  readonly schemaMs: number;
  readonly ratio: number;
  readonly ratios: readonly number[];
}

/** In a child process: times `side` on the generated Pearl and prints its mean time per run, in ms. */
function runSide(side: Side, shape: BenchShape, nodes: number): void {
  const text = generateBenchPearl(shape, nodes);
  const service = getLanguageService();
  const document = TextDocument.create('file:///bench/generated.pearl.json', 'pearl', 1, text);
  const run =
    side === 'full' ? () => service.doValidation(service.parsePearlDocument(document)) : () => validateTextPearl(JSON.parse(text));
  for (let i = 0; i < 20; i++) run();
  let runs = 0;
  const start = performance.now();
  // At least ten runs, and about a second of them.
  while (runs < 10 || performance.now() - start < 1_000) {
    run();
    runs++;
  }
  process.stdout.write(`${(performance.now() - start) / runs}\n`);
}

/** Starts a process running `side` alone, with `nodeOptions` for Node, and gives its time per run. */
function timeSide(side: Side, shape: BenchShape, nodes: number, nodeOptions: readonly string[]): number {
  const child = spawnSync(process.execPath, [...nodeOptions, __filename, '--child', side, shape, String(nodes)], { encoding: 'utf8' });
  const ms = Number(child.stdout.trim());
  if (child.status !== 0 || !Number.isFinite(ms)) {
    throw new Error(`the process timing the ${side === 'full' ? 'full diagnostics' : 'schema-only limit'} failed: ${child.stderr}`);
  }
  return ms;
}

function measure(shape: BenchShape, nodes: number, rounds: number, nodeOptions: readonly string[]): RatioResult {
  const full: number[] = [];
  const schema: number[] = [];
  for (let round = 0; round < rounds; round++) {
    // Alternate which side starts a round: neither always runs on a machine the other just warmed.
    if (round % 2 === 0) {
      full.push(timeSide('full', shape, nodes, nodeOptions));
      schema.push(timeSide('schema', shape, nodes, nodeOptions));
    } else {
      schema.push(timeSide('schema', shape, nodes, nodeOptions));
      full.push(timeSide('full', shape, nodes, nodeOptions));
    }
  }
  const ratios = full.map((ms, round) => ms / schema[round]);
  return { shape, nodes, fullMs: median(full), schemaMs: median(schema), ratio: median(ratios), ratios };
}

function main(): void {
  if (process.argv[2] === '--child') {
    runSide(process.argv[3] as Side, process.argv[4] as BenchShape, Number(process.argv[5]));
    return;
  }
  const { sizes, shapes } = benchSizesAndShapes(process.argv, { sizes: [1_000, 5_000, 20_000], shapes: ['text', 'mix'] });
  const roundsArgument = process.argv.find((argument) => argument.startsWith('--rounds='));
  const rounds = roundsArgument ? Number(roundsArgument.slice('--rounds='.length)) : 5;
  if (!Number.isInteger(rounds) || rounds < 1) throw new Error('--rounds takes a whole number of rounds, 1 or more.');
  const semiSpaceArgument = process.argv.find((argument) => argument.startsWith('--semi-space='));
  const semiSpace = semiSpaceArgument ? Number(semiSpaceArgument.slice('--semi-space='.length)) : undefined;
  if (semiSpace !== undefined && (!Number.isInteger(semiSpace) || semiSpace < 1)) {
    throw new Error('--semi-space takes a size in MB, a whole number from 1.');
  }
  const nodeOptions = semiSpace === undefined ? [] : [`--max-semi-space-size=${semiSpace}`];
  const loadBefore = os.loadavg();
  const lines = [
    '| shape | nodes | full diagnostics (ms per run) | schema only (ms per run) | full / schema only | per round |',
    '|---|---:|---:|---:|---:|---|',
  ];
  for (const shape of shapes) {
    for (const nodes of sizes) {
      process.stderr.write(`bench:schema-ratio: ${shape} ${nodes} nodes...\n`);
      const r = measure(shape, nodes, rounds, nodeOptions);
      lines.push(
        `| ${r.shape} | ${r.nodes.toLocaleString('en-US')} | ${r.fullMs.toFixed(2)} | ${r.schemaMs.toFixed(2)} | ${r.ratio.toFixed(2)}× | ${r.ratios.map((ratio) => ratio.toFixed(2)).join(', ')} |`,
      );
    }
  }
  const load = (values: readonly number[]): string => values.map((value) => value.toFixed(1)).join(' ');
  lines.push('');
  lines.push(
    `${rounds} rounds, each side in a process of its own per round${semiSpace === undefined ? '' : `, both started with --max-semi-space-size=${semiSpace}`}. Machine: Node ${process.version}, ${os.cpus()[0]?.model.trim() ?? 'unknown CPU'} (${os.cpus().length} logical CPUs), load average ${load(loadBefore)} before and ${load(os.loadavg())} after; ${new Date().toISOString()}.`,
  );
  process.stdout.write(lines.join('\n') + '\n');
}

try {
  main();
} catch (error: unknown) {
  process.stderr.write(`bench:schema-ratio: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
}
