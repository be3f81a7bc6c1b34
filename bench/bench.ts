/**
 * Benchmark of the Pearl language service (`npm run bench`; `--json` for machine-readable output,
 * `--sizes=1000,5000` to choose the document sizes).
 *
 * For generated text Pearls (bench/pearlGenerator.ts) it times three contenders on the same text in
 * one interleaved run: each round runs every contender once, in a rotating order, and the report
 * gives the median of each contender's times and the medians of the per-round ratios (so a slow
 * moment of the machine weighs on both sides of a ratio alike). No contender gets a forced garbage
 * collection: each pays for the garbage it leaves, as it would in a server.
 * - full diagnostics: `parsePearlDocument` + `doValidation`, what the server does per change;
 * - schema only: `JSON.parse` of the text + the product's precompiled ajv validator of its kind
 *   (server/src/service/generated/schemaValidators.ts), the least any schema check can do: the
 *   target is full diagnostics within 3× of it (issue 32);
 * - the floor: jsonc-parser's bare `parseTree` of the text, which builds a tree and throws it away;
 * - vscode-json-languageservice's `parseJSONDocument` + `doValidation` with our text schema
 *   (schemas/text-pearl.schema.json), what VS Code's JSON support does per change;
 * - full diagnostics of the same text with ten problems (an undeclared variable in ten scripts spread
 *   over the document), what a Pearl being written looks like: each problem is located in the text;
 * - a keystroke: a letter typed into (then deleted from) a late node's script, parsed from the
 *   previous parse (the edit patches it) + `doValidation`, what the server does per keystroke.
 * Each size runs for each shape (`--shapes=text,mix`): `text` is `generateTextPearl` (every node
 * type with its settings), the others `generateShapedPearl`'s graph shapes (`mix`: hubs, back edges,
 * menus, a chain and islands). It also times completion on an already parsed document at 1,000 nodes.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseTree } from 'jsonc-parser';
import * as jsonService from 'vscode-json-languageservice';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { text as validateTextPearl } from '../server/src/service/generated/schemaValidators';
import { getLanguageService, PearlDocument } from '../server/src/service/pearlLanguageService';
import { type BenchShape, benchSizesAndShapes, generateBenchPearl, generateTextPearl } from './pearlGenerator';
import { completionPoints } from './textPoints';

/** One contender's median time and the medians of its per-round ratios, in milliseconds. */
export interface SizeResult {
  nodes: number;
  /** The generated document's shape (a {@link BenchShape}). */
  shape: BenchShape;
  /** Size of the text in bytes (UTF-8). */
  bytes: number;
  /** Interleaved rounds behind each median. */
  rounds: number;
  /** Median of `parsePearlDocument` + `doValidation`. */
  diagnosticsMs: number;
  /** Median of `parsePearlDocument` + `doValidation` of the text with ten problems. */
  withProblemsMs: number;
  /** Median of the bare jsonc-parser `parseTree`. */
  parseTreeMs: number;
  /** Median of `JSON.parse` + the precompiled schema validator (the schema-only limit). */
  schemaOnlyMs: number;
  /** Median of vscode-json-languageservice `parseJSONDocument` + `doValidation`. */
  jsonServiceMs: number;
  /**
   * Median of a keystroke in a late node's script: `parsePearlDocument` given the previous parse
   * (the edit patches it) + `doValidation`, what the server does per keystroke.
   */
  keystrokeMs: number;
  /** Median over rounds of diagnostics time / parseTree time (below 1: faster than the floor). */
  diagnosticsToParseTree: number;
  /** Median over rounds of diagnostics time / schema-only time (the target: at most 3). */
  diagnosticsToSchemaOnly: number;
  /** Whether the precompiled validator accepts the generated document (it should). */
  schemaOnlyValid: boolean;
  /** Median over rounds of vscode-json-languageservice time / diagnostics time (how many times faster we are). */
  jsonServiceToDiagnostics: number;
  /** Median over rounds of vscode-json-languageservice time / time with ten problems. */
  jsonServiceToWithProblems: number;
  /** Diagnostics of the text with ten problems: should be 10 more than {@link diagnosticsByCode} counts. */
  withProblemsCount: number;
  /** Median over rounds of keystroke time / parseTree time. */
  keystrokeToParseTree: number;
  /** Median over rounds of vscode-json-languageservice time / keystroke time. */
  jsonServiceToKeystroke: number;
  /** Diagnostics of the generated document, counted by code: empty for `text` (`mix` has islands nothing leads to). */
  diagnosticsByCode: Record<string, number>;
  /** Problems vscode-json-languageservice reports on the generated document: should be 0. */
  jsonServiceProblems: number;
}

/** Completion on an already parsed document. */
export interface CompletionResult {
  nodes: number;
  /** `doComplete` after a `{` in a late node's script, median in milliseconds. */
  braceMs: number;
  /** `doComplete` inside a late `toNodeId` value, median in milliseconds. */
  toNodeIdMs: number;
  braceItems: number;
  toNodeIdItems: number;
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
  results: SizeResult[];
  completion: CompletionResult;
}

const defaultSizes = [1_000, 5_000, 20_000];
const defaultShapes: readonly BenchShape[] = ['text', 'mix'];

/** Per size: at least this many rounds, at most maxRounds, within budgetMs if possible. */
const minRounds = 5;
const maxRounds = 200;
const budgetMs = 12_000;
const warmupRounds = 3;

const service = getLanguageService();
const textSchemaPath = path.join(__dirname, '..', '..', 'schemas', 'text-pearl.schema.json');
const textSchemaText = fs.readFileSync(textSchemaPath, 'utf8');
// The generated text names its schema by `$schema` (a relative path): every schema request is
// answered with our text schema, so the service validates exactly what we validate against.
const jsonLanguageService = jsonService.getLanguageService({ schemaRequestService: () => Promise.resolve(textSchemaText) });
jsonLanguageService.configure({
  validate: true,
  allowComments: true,
  schemas: [
    {
      uri: 'file:///schemas/text-pearl.schema.json',
      fileMatch: ['*.pearl.json'],
      schema: JSON.parse(textSchemaText) as jsonService.JSONSchema,
    },
  ],
});

function createDocument(text: string): TextDocument {
  return TextDocument.create('file:///bench/generated.pearl.json', 'pearl', 1, text);
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

type Contender = 'diagnostics' | 'withProblems' | 'parseTree' | 'schemaOnly' | 'jsonService' | 'keystroke';

/** The text with an undeclared variable `{bench_undeclared_N}` at the start of ten scripts spread over the document. */
function withTenProblems(text: string): string {
  const scriptKey = '"script": "';
  const starts: number[] = [];
  for (let at = text.indexOf(scriptKey); at >= 0; at = text.indexOf(scriptKey, at + 1)) starts.push(at + scriptKey.length);
  const chosen = Array.from({ length: 10 }, (_, i) => starts[Math.floor(((i + 0.5) * starts.length) / 10)]);
  let result = text;
  chosen.reverse().forEach((offset, i) => {
    result = `${result.slice(0, offset)}{bench_undeclared_${i}} ${result.slice(offset)}`;
  });
  return result;
}

async function benchSize(shape: BenchShape, nodes: number): Promise<SizeResult> {
  const text = generateBenchPearl(shape, nodes);
  const textDocument = createDocument(text);
  const problemsDocument = createDocument(withTenProblems(text));
  const jsonDocument = jsonService.TextDocument.create('file:///bench/generated.pearl.json', 'jsonc', 1, text);
  // The keystroke contender types a letter into a late node's script, then deletes it, and so on.
  const scriptKey = '"script": "';
  const typedAt = text.indexOf(scriptKey, Math.floor(text.length * 0.9)) + scriptKey.length;
  const typedTexts = [text.slice(0, typedAt) + 'x' + text.slice(typedAt), text];
  let keystrokes = 0;
  let previous = service.parsePearlDocument(textDocument);
  const keystroke = (): unknown => {
    keystrokes++;
    const next = TextDocument.create(textDocument.uri, 'pearl', keystrokes + 1, typedTexts[keystrokes % 2 === 1 ? 0 : 1]);
    previous = service.parsePearlDocument(next, previous);
    return service.doValidation(previous);
  };
  const run: Record<Contender, () => unknown> = {
    diagnostics: () => service.doValidation(service.parsePearlDocument(textDocument)),
    withProblems: () => service.doValidation(service.parsePearlDocument(problemsDocument)),
    parseTree: () => parseTree(text, [], { allowTrailingComma: true }),
    schemaOnly: () => validateTextPearl(JSON.parse(text)),
    jsonService: () =>
      jsonLanguageService.doValidation(jsonDocument, jsonLanguageService.parseJSONDocument(jsonDocument), {
        trailingCommas: 'ignore',
        comments: 'ignore',
      }),
    keystroke,
  };
  const diagnosticsByCode: Record<string, number> = {};
  for (const diagnostic of service.doValidation(service.parsePearlDocument(textDocument))) {
    const code = String(diagnostic.code);
    diagnosticsByCode[code] = (diagnosticsByCode[code] ?? 0) + 1;
  }
  const jsonServiceProblems = ((await run.jsonService()) as unknown[]).length;

  const withProblemsCount = (run.withProblems() as unknown[]).length;
  const schemaOnlyValid = run.schemaOnly() === true;
  const contenders: Contender[] = ['diagnostics', 'withProblems', 'parseTree', 'schemaOnly', 'jsonService', 'keystroke'];
  const times: Record<Contender, number[]> = {
    diagnostics: [],
    withProblems: [],
    parseTree: [],
    schemaOnly: [],
    jsonService: [],
    keystroke: [],
  };
  const end = performance.now() + budgetMs;
  for (let round = 0; round < warmupRounds + maxRounds; round++) {
    if (round >= warmupRounds + minRounds && performance.now() > end) break;
    for (let i = 0; i < contenders.length; i++) {
      // Rotate the order so that no contender always runs right after another's garbage.
      const contender = contenders[(round + i) % contenders.length];
      const start = performance.now();
      await run[contender]();
      const elapsed = performance.now() - start;
      if (round >= warmupRounds) times[contender].push(elapsed);
    }
  }
  const ratios = (numerator: Contender, denominator: Contender): number =>
    median(times[numerator].map((time, round) => time / times[denominator][round]));
  return {
    nodes,
    shape,
    bytes: Buffer.byteLength(text, 'utf8'),
    rounds: times.diagnostics.length,
    diagnosticsMs: median(times.diagnostics),
    withProblemsMs: median(times.withProblems),
    parseTreeMs: median(times.parseTree),
    schemaOnlyMs: median(times.schemaOnly),
    jsonServiceMs: median(times.jsonService),
    keystrokeMs: median(times.keystroke),
    diagnosticsToParseTree: ratios('diagnostics', 'parseTree'),
    diagnosticsToSchemaOnly: ratios('diagnostics', 'schemaOnly'),
    schemaOnlyValid,
    jsonServiceToDiagnostics: ratios('jsonService', 'diagnostics'),
    jsonServiceToWithProblems: ratios('jsonService', 'withProblems'),
    withProblemsCount,
    keystrokeToParseTree: ratios('keystroke', 'parseTree'),
    jsonServiceToKeystroke: ratios('jsonService', 'keystroke'),
    diagnosticsByCode,
    jsonServiceProblems,
  };
}

/** Median time of `fn` over repeated runs after a warm-up, in milliseconds. */
function measure(fn: () => unknown): number {
  for (let i = 0; i < 20; i++) fn();
  const times: number[] = [];
  const end = performance.now() + 1_000;
  while (times.length < 7 || (times.length < 500 && performance.now() < end)) {
    const start = performance.now();
    fn();
    times.push(performance.now() - start);
  }
  return median(times);
}

function benchCompletion(nodes: number): CompletionResult {
  const points = completionPoints(generateTextPearl(nodes));
  const document = createDocument(points.text);
  const parsed: PearlDocument = service.parsePearlDocument(document);
  const brace = document.positionAt(points.braceOffset);
  const toNodeId = document.positionAt(points.toNodeIdOffset);
  return {
    nodes,
    braceMs: measure(() => service.doComplete(parsed, brace)),
    toNodeIdMs: measure(() => service.doComplete(parsed, toNodeId)),
    braceItems: service.doComplete(parsed, brace).items.length,
    toNodeIdItems: service.doComplete(parsed, toNodeId).items.length,
  };
}

function formatMs(ms: number): string {
  if (ms >= 100) return ms.toFixed(0);
  if (ms >= 10) return ms.toFixed(1);
  return ms.toPrecision(2);
}

function toMarkdown(report: BenchReport): string {
  const lines = [
    '| shape | nodes | file size (KB) | rounds | full diagnostics (ms) | with 10 problems (ms) | keystroke in a string (ms) | schema only (ms) | bare parseTree (ms) | vscode-json-languageservice (ms) | full / schema only | full / parseTree | keystroke / parseTree | json-languageservice / full | json-languageservice / with 10 problems | json-languageservice / keystroke |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const r of report.results) {
    lines.push(
      `| ${r.shape} | ${r.nodes.toLocaleString('en-US')} | ${(r.bytes / 1024).toFixed(0)} | ${r.rounds} | ${formatMs(r.diagnosticsMs)} | ${formatMs(r.withProblemsMs)} | ${formatMs(r.keystrokeMs)} | ${formatMs(r.schemaOnlyMs)} | ${formatMs(r.parseTreeMs)} | ${formatMs(r.jsonServiceMs)} | ${r.diagnosticsToSchemaOnly.toFixed(2)}× | ${r.diagnosticsToParseTree.toFixed(2)}× | ${r.keystrokeToParseTree.toFixed(2)}× | ${r.jsonServiceToDiagnostics.toFixed(2)}× | ${r.jsonServiceToWithProblems.toFixed(2)}× | ${r.jsonServiceToKeystroke.toFixed(2)}× |`,
    );
  }
  const perThousand = (pick: (r: SizeResult) => number): string =>
    report.results
      .filter((r) => r.shape === report.results[0].shape)
      .map((r) => `${formatMs(pick(r) / (r.nodes / 1000))} at ${r.nodes.toLocaleString('en-US')}`)
      .join(', ');
  lines.push('');
  lines.push(
    `Linear growth (${report.results[0]?.shape ?? ''}), ms per 1,000 nodes: full diagnostics ${perThousand((r) => r.diagnosticsMs)}; keystroke ${perThousand((r) => r.keystrokeMs)}; parseTree ${perThousand((r) => r.parseTreeMs)}.`,
  );
  for (const r of report.results) {
    const generatedCount = Object.values(r.diagnosticsByCode).reduce((sum, count) => sum + count, 0);
    if (r.withProblemsCount !== generatedCount + 10) {
      lines.push(`The ${r.shape} ${r.nodes}-node text with ten problems got ${r.withProblemsCount - generatedCount} more diagnostics.`);
    }
    if (!r.schemaOnlyValid) lines.push(`The schema validator rejects the generated ${r.shape} ${r.nodes}-node document.`);
    const codes = Object.entries(r.diagnosticsByCode);
    if (codes.length || r.jsonServiceProblems) {
      lines.push(
        `Problems on the generated ${r.shape} ${r.nodes}-node document: ours ${codes.map(([code, n]) => `${code} ${n}`).join(', ') || 'none'}; vscode-json-languageservice ${r.jsonServiceProblems}.`,
      );
    }
  }
  const c = report.completion;
  lines.push(
    `Completion at ${c.nodes.toLocaleString('en-US')} nodes on a parsed document: \`{\` ${formatMs(c.braceMs)} ms (${c.braceItems} items), toNodeId ${formatMs(c.toNodeIdMs)} ms (${c.toNodeIdItems} items).`,
  );
  lines.push(
    `Machine: Node ${report.node}, ${report.cpu} (${os.cpus().length} logical CPUs), ${report.platform}, load average ${report.loadAverage.map((load) => load.toFixed(1)).join(' ')}; ${report.date}; bench took ${report.totalSeconds.toFixed(1)} s.`,
  );
  return lines.join('\n');
}

async function main(): Promise<void> {
  const json = process.argv.includes('--json');
  const { sizes, shapes } = benchSizesAndShapes(process.argv, { sizes: defaultSizes, shapes: defaultShapes });
  const started = performance.now();
  const results: SizeResult[] = [];
  for (const shape of shapes) {
    for (const nodes of sizes) {
      if (!json) process.stderr.write(`bench: ${shape} ${nodes} nodes...\n`);
      results.push(await benchSize(shape, nodes));
    }
  }
  const report: BenchReport = {
    node: process.version,
    cpu: os.cpus()[0]?.model.trim() ?? 'unknown CPU',
    platform: `${os.platform()} ${os.arch()}`,
    loadAverage: os.loadavg(),
    date: new Date().toISOString(),
    totalSeconds: 0,
    results,
    completion: benchCompletion(1_000),
  };
  report.totalSeconds = (performance.now() - started) / 1000;
  process.stdout.write(json ? JSON.stringify(report, null, 2) + '\n' : toMarkdown(report) + '\n');
}

if (require.main === module) {
  main().catch((error: unknown) => {
    process.stderr.write(`bench: ${String(error)}\n`);
    process.exitCode = 1;
  });
}
