/**
 * Benchmark of the Pearl language service (`npm run bench`; `--json` for machine-readable output).
 *
 * For generated text Pearls of 100, 1,000 and 5,000 nodes it measures, as medians over repeated
 * runs after a warm-up: jsonc-parser's bare `parseTree` (the floor), the full diagnostics the
 * server computes on each change (`parsePearlDocument` + `doValidation`), and completion on an
 * already parsed document after a `{` typed in a late node's script and inside a `toNodeId` value
 * (plus parse + complete, for a host that does not cache the parsed document).
 */
import * as os from 'node:os';
import { performance } from 'node:perf_hooks';
import * as v8 from 'node:v8';
import * as vm from 'node:vm';
import { parseTree } from 'jsonc-parser';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { getLanguageService, PearlDocument } from '../server/src/service/pearlLanguageService';
import { generateTextPearl } from './pearlGenerator';

/** Medians of one document size, in milliseconds. */
export interface BenchResult {
  nodes: number;
  /** Size of the text in bytes (UTF-8). */
  bytes: number;
  parseTreeMs: number;
  /** `parsePearlDocument` + `doValidation`. */
  diagnosticsMs: number;
  /** diagnosticsMs / parseTreeMs. */
  ratioToFloor: number;
  /** `doComplete` after a `{` in a late node's script, document already parsed. */
  completionBraceMs: number;
  /** `doComplete` inside a late `toNodeId` value, document already parsed. */
  completionToNodeIdMs: number;
  /** `parsePearlDocument` + `doComplete` after the `{`. */
  parseAndCompletionBraceMs: number;
  /** `parsePearlDocument` + `doComplete` inside the `toNodeId` value. */
  parseAndCompletionToNodeIdMs: number;
  /** Items returned by each completion: 0 means the completion found nothing to offer. */
  completionBraceItems: number;
  completionToNodeIdItems: number;
  /** Diagnostics of the generated (unmodified) document, counted by code: should be empty. */
  diagnosticsByCode: Record<string, number>;
  /** Errors a rule threw, caught and logged by the service facade ("pearl: internal error"). */
  internalErrors: number;
  /** Number of timed runs behind each median. */
  samples: Record<string, number>;
}

/** The whole benchmark run. */
export interface BenchReport {
  node: string;
  cpu: string;
  platform: string;
  /** os.loadavg() (1, 5, 15 minutes) at the end: other work on the machine skews the medians. */
  loadAverage: number[];
  date: string;
  totalSeconds: number;
  results: BenchResult[];
}

const sizes = [100, 1_000, 5_000];
/** Per measurement: at least this many timed runs, at most maxSamples, within budgetMs if possible. */
const minSamples = 7;
const maxSamples = 300;
const budgetMs = 2_000;
const warmupMs = 300;

const service = getLanguageService();

// A full collection between timed runs, outside the timing, so one run's garbage is not charged to
// the next: the well-known way to reach `gc` without `node --expose-gc`.
v8.setFlagsFromString('--expose-gc');
const collectGarbage = vm.runInNewContext('gc') as () => void;
/** Runs slower than this get a full collection before the next run (smaller ones would time a cold heap). */
const gcAboveMs = 20;

/** Median wall time of `fn` in milliseconds, after a warm-up, within a time budget. */
function measure(fn: () => unknown): { ms: number; samples: number } {
  const warmupEnd = performance.now() + warmupMs;
  let warmups = 0;
  do {
    fn();
    warmups++;
  } while (performance.now() < warmupEnd && warmups < 50);
  const times: number[] = [];
  collectGarbage();
  const end = performance.now() + budgetMs;
  while (times.length < minSamples || (times.length < maxSamples && performance.now() < end)) {
    const start = performance.now();
    fn();
    const elapsed = performance.now() - start;
    times.push(elapsed);
    if (elapsed > gcAboveMs) collectGarbage();
  }
  times.sort((a, b) => a - b);
  const mid = times.length >> 1;
  const ms = times.length % 2 ? times[mid] : (times[mid - 1] + times[mid]) / 2;
  return { ms, samples: times.length };
}

/** Counts the "pearl: internal error" lines the facade writes to stderr while `fn` runs. */
function countInternalErrors<T>(fn: () => T): { value: T; internalErrors: number; firstError?: string } {
  const original = process.stderr.write;
  let internalErrors = 0;
  let firstError: string | undefined;
  process.stderr.write = ((chunk: string | Uint8Array, ...rest: unknown[]): boolean => {
    const text = typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString();
    if (text.startsWith('pearl: internal error')) {
      internalErrors++;
      firstError ??= text.split('\n').slice(0, 3).join('\n');
      return true;
    }
    return (original as (...args: unknown[]) => boolean).call(process.stderr, chunk, ...rest);
  }) as typeof process.stderr.write;
  try {
    return { value: fn(), internalErrors, firstError };
  } finally {
    process.stderr.write = original;
  }
}

function createDocument(text: string): TextDocument {
  return TextDocument.create('file:///bench/generated.pearl.json', 'pearl', 1, text);
}

/**
 * Where the benchmark completes: the text with a `{` typed after a word in the script of a
 * Dialogue node at about 90% of the flow (cursor just after it), and the offset just after the
 * opening quote of a `toNodeId` value of that node.
 */
function completionPoints(text: string): { text: string; braceOffset: number; toNodeIdOffset: number } {
  const request = JSON.parse(text) as { pearl: { nodes: Array<{ nodeId: string; nodeType: number }> } };
  const nodes = request.pearl.nodes;
  let late = Math.floor(nodes.length * 0.9);
  while (late > 0 && nodes[late].nodeType !== 10) late--;
  const nodeStart = text.indexOf(`"nodeId": "${nodes[late].nodeId}"`);
  const scriptStart = text.indexOf('"script": "', nodeStart) + '"script": "'.length;
  const wordEnd = text.indexOf(' ', scriptStart + 40);
  // "word {| next": the user has just typed ` {` after a word.
  const withBrace = text.slice(0, wordEnd) + ' {' + text.slice(wordEnd);
  const toNodeIdOffset = withBrace.indexOf('"toNodeId": "', wordEnd) + '"toNodeId": "'.length;
  if (nodeStart < 0 || scriptStart < nodeStart || toNodeIdOffset < wordEnd) {
    throw new Error('bench: could not find the completion points in the generated text');
  }
  return { text: withBrace, braceOffset: wordEnd + 2, toNodeIdOffset };
}

function benchSize(nodes: number): BenchResult {
  const text = generateTextPearl(nodes);
  const textDocument = createDocument(text);
  const samples: Record<string, number> = {};
  const run = (name: string, fn: () => unknown): number => {
    const { ms, samples: count } = measure(fn);
    samples[name] = count;
    return ms;
  };

  const checked = countInternalErrors(() => service.doValidation(service.parsePearlDocument(textDocument)));
  if (checked.firstError) process.stderr.write(`bench: a rule threw on the ${nodes}-node document:\n${checked.firstError}\n`);
  const diagnosticsByCode: Record<string, number> = {};
  for (const diagnostic of checked.value) {
    const code = String(diagnostic.code);
    diagnosticsByCode[code] = (diagnosticsByCode[code] ?? 0) + 1;
  }

  const parseTreeMs = run('parseTree', () => parseTree(text, [], { allowTrailingComma: true }));
  const timed = countInternalErrors(() => {
    const diagnosticsMs = run('diagnostics', () => service.doValidation(service.parsePearlDocument(textDocument)));

    const points = completionPoints(text);
    const completionDocument = createDocument(points.text);
    const parsed: PearlDocument = service.parsePearlDocument(completionDocument);
    const bracePosition = completionDocument.positionAt(points.braceOffset);
    const toNodeIdPosition = completionDocument.positionAt(points.toNodeIdOffset);
    return {
      diagnosticsMs,
      completionBraceMs: run('completionBrace', () => service.doComplete(parsed, bracePosition)),
      completionToNodeIdMs: run('completionToNodeId', () => service.doComplete(parsed, toNodeIdPosition)),
      parseAndCompletionBraceMs: run('parseAndCompletionBrace', () =>
        service.doComplete(service.parsePearlDocument(completionDocument), bracePosition)),
      parseAndCompletionToNodeIdMs: run('parseAndCompletionToNodeId', () =>
        service.doComplete(service.parsePearlDocument(completionDocument), toNodeIdPosition)),
      completionBraceItems: service.doComplete(parsed, bracePosition).items.length,
      completionToNodeIdItems: service.doComplete(parsed, toNodeIdPosition).items.length,
    };
  });
  if (timed.firstError && !checked.firstError) process.stderr.write(`bench: a rule or completion threw while timing ${nodes} nodes:\n${timed.firstError}\n`);

  return {
    nodes,
    bytes: Buffer.byteLength(text, 'utf8'),
    parseTreeMs,
    ...timed.value,
    ratioToFloor: timed.value.diagnosticsMs / parseTreeMs,
    diagnosticsByCode,
    internalErrors: checked.internalErrors + timed.internalErrors,
    samples,
  };
}

function formatMs(ms: number): string {
  if (ms >= 100) return ms.toFixed(0);
  if (ms >= 10) return ms.toFixed(1);
  return ms.toPrecision(2);
}

function toMarkdown(report: BenchReport): string {
  const lines = [
    '| nodes | file size (KB) | parseTree (ms) | full diagnostics (ms) | ratio to floor | completion `{` (ms) | completion toNodeId (ms) |',
    '|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const r of report.results) {
    lines.push(
      `| ${r.nodes.toLocaleString('en-US')} | ${(r.bytes / 1024).toFixed(0)} | ${formatMs(r.parseTreeMs)} | ${formatMs(r.diagnosticsMs)} | ${r.ratioToFloor.toFixed(1)}× | ${formatMs(r.completionBraceMs)} (parse+complete ${formatMs(r.parseAndCompletionBraceMs)}) | ${formatMs(r.completionToNodeIdMs)} (parse+complete ${formatMs(r.parseAndCompletionToNodeIdMs)}) |`,
    );
  }
  const perThousand = (pick: (r: BenchResult) => number): string =>
    report.results.map((r) => `${formatMs(pick(r) / (r.nodes / 1000))} at ${r.nodes.toLocaleString('en-US')}`).join(', ');
  lines.push('');
  lines.push(`Linear growth, ms per 1,000 nodes: full diagnostics ${perThousand((r) => r.diagnosticsMs)}; parseTree ${perThousand((r) => r.parseTreeMs)}.`);
  lines.push(`Completion items returned (\`{\` / toNodeId): ${report.results.map((r) => `${r.completionBraceItems}/${r.completionToNodeIdItems} at ${r.nodes.toLocaleString('en-US')}`).join(', ')}.`);
  const first = report.results[0];
  const codes = Object.entries(first.diagnosticsByCode).sort((a, b) => b[1] - a[1]);
  lines.push(
    `Diagnostics on the generated ${first.nodes}-node document: ${codes.length ? codes.map(([code, n]) => `${code} ${n}`).join(', ') : 'none'}.`,
  );
  for (const r of report.results.slice(1)) {
    const total = Object.values(r.diagnosticsByCode).reduce((a, b) => a + b, 0);
    if (total) lines.push(`Diagnostics on the generated ${r.nodes}-node document: ${Object.entries(r.diagnosticsByCode).map(([code, n]) => `${code} ${n}`).join(', ')}.`);
  }
  const internal = report.results.filter((r) => r.internalErrors > 0);
  if (internal.length) {
    lines.push(`Internal errors (a rule or completion threw; see stderr): ${internal.map((r) => `${r.internalErrors} at ${r.nodes}`).join(', ')}.`);
  }
  lines.push(`Machine: Node ${report.node}, ${report.cpu} (${os.cpus().length} logical CPUs), ${report.platform}, load average ${report.loadAverage.map((load) => load.toFixed(1)).join(' ')}; ${report.date}; bench took ${report.totalSeconds.toFixed(1)} s.`);
  return lines.join('\n');
}

function main(): void {
  const json = process.argv.includes('--json');
  const started = performance.now();
  const results: BenchResult[] = [];
  for (const nodes of sizes) {
    if (!json) process.stderr.write(`bench: ${nodes} nodes...\n`);
    results.push(benchSize(nodes));
  }
  const report: BenchReport = {
    node: process.version,
    cpu: os.cpus()[0]?.model.trim() ?? 'unknown CPU',
    platform: `${os.platform()} ${os.arch()}`,
    loadAverage: os.loadavg(),
    date: new Date().toISOString(),
    totalSeconds: (performance.now() - started) / 1000,
    results,
  };
  process.stdout.write(json ? JSON.stringify(report, null, 2) + '\n' : toMarkdown(report) + '\n');
}

if (require.main === module) main();
