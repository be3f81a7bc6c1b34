/**
 * What one keystroke in a string costs the language service, in one process (`npm run
 * bench:keystroke`; `--nodes=1000,5000`, `--edits=N`, `--idle=0,250`, `--json`).
 *
 * For each size it opens a generated text Pearl (bench/pearlGenerator.ts) in the server's editor
 * document (server/src/editorTextDocument.ts, which tells the parse what changed, as the language
 * server's document cache does), checks it once, builds its syntax tree (as a hover or a completion
 * does), types 100 letters back to back to warm the code,
 * then types `edits` letters one at a time into the script of a node at about 90% of the file, each
 * an incremental change, then parse from the previous parse (the string-edit patch) and every rule.
 * With an idle time, the bench sleeps that long between keystrokes, as a user typing does: the
 * same work then runs slower, with caches and branch predictors cold again after the machine did
 * other work (docs/dev/performance.md § Typing over LSP). The report gives, per size and idle time,
 * the medians of the patch's and of the rules' time per keystroke (wall clock: the process does
 * nothing else) and the rule families that took longest on average. Rule families are timed by
 * wrapping each module's check in this process only. No forced garbage collection.
 */
import * as os from 'node:os';
import { performance } from 'node:perf_hooks';
import { editorTextDocuments } from '../server/src/editorTextDocument';
import { getLanguageService } from '../server/src/service/pearlLanguageService';
import { ruleModules } from '../server/src/service/rules/diagnosticCodes';
import type { RuleModule } from '../server/src/service/rules/ruleModule';
import { median } from './benchStats';
import { generateTextPearl } from './pearlGenerator';

/** One size and idle time: medians per keystroke in milliseconds, and the costliest rule families. */
export interface KeystrokeReport {
  readonly nodes: number;
  readonly idleMs: number;
  readonly edits: number;
  readonly patchMs: number;
  readonly rulesMs: number;
  /** Mean time per keystroke of each rule family that ran, costliest first (at most five). */
  readonly families: readonly { readonly name: string; readonly ms: number }[];
}

/** Time spent in each module's check since the last reset, by module name. */
const familyTimes = new Map<string, number>();

/** Wraps each rule module's check to add its time to {@link familyTimes} (this process only). */
function timeRuleFamilies(): void {
  for (const module of ruleModules as readonly RuleModule[]) {
    const check = module.check as (...args: unknown[]) => void;
    (module as { check: unknown }).check = (...args: unknown[]): void => {
      const start = performance.now();
      try {
        check(...args);
      } finally {
        familyTimes.set(module.name, (familyTimes.get(module.name) ?? 0) + performance.now() - start);
      }
    };
  }
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

async function measure(nodes: number, edits: number, idleMs: number): Promise<KeystrokeReport> {
  const service = getLanguageService();
  const text = generateTextPearl(nodes);
  const scriptKey = '"script": "';
  let offset = text.indexOf(scriptKey, Math.floor(text.length * 0.9)) + scriptKey.length;
  if (offset < scriptKey.length) throw new Error('no script in the last tenth of the generated text');
  const document = editorTextDocuments.create('file:///bench/keystroke.pearl.json', 'pearl', 1, text);
  let parse = service.parsePearlDocument(document);
  service.doValidation(parse);
  // The syntax tree, as after a hover or a completion (the patch then moves its nodes too).
  if (!parse.root) throw new Error('the generated text has no syntax tree');
  let version = 1;
  const keystroke = (): { patch: number; rules: number } => {
    version++;
    const position = document.positionAt(offset);
    editorTextDocuments.update(
      document,
      [{ range: { start: position, end: position }, text: 'abcdefghijklmnopqrstuvwxyz'[version % 26] }],
      version,
    );
    offset++;
    const start = performance.now();
    parse = service.parsePearlDocument(document, parse);
    const parsed = performance.now();
    service.doValidation(parse);
    return { patch: parsed - start, rules: performance.now() - parsed };
  };
  for (let i = 0; i < 100; i++) keystroke();
  familyTimes.clear();
  const patch: number[] = [];
  const rules: number[] = [];
  for (let i = 0; i < edits; i++) {
    if (idleMs > 0) await sleep(idleMs);
    const times = keystroke();
    patch.push(times.patch);
    rules.push(times.rules);
  }
  const families = [...familyTimes]
    .map(([name, ms]) => ({ name, ms: ms / edits }))
    .sort((a, b) => b.ms - a.ms)
    .slice(0, 5);
  return { nodes, idleMs, edits, patchMs: median(patch), rulesMs: median(rules), families };
}

async function main(): Promise<void> {
  const option = (name: string): string | undefined =>
    process.argv.find((argument) => argument.startsWith(`--${name}=`))?.slice(name.length + 3);
  const list = (name: string, fallback: string): number[] => (option(name) ?? fallback).split(',').map(Number);
  const sizes = list('nodes', '1000,5000');
  const idleTimes = list('idle', '0,250');
  const edits = Number(option('edits') ?? 40);
  if ([...sizes, ...idleTimes, edits].some((value) => !Number.isInteger(value) || value < 0) || edits < 1) {
    throw new Error('--nodes, --idle and --edits take whole numbers (--edits at least 1).');
  }
  timeRuleFamilies();
  const loadBefore = os.loadavg();
  const reports: KeystrokeReport[] = [];
  for (const nodes of sizes) for (const idleMs of idleTimes) reports.push(await measure(nodes, edits, idleMs));
  if (process.argv.includes('--json')) {
    process.stdout.write(JSON.stringify(reports, null, 2) + '\n');
    return;
  }
  const lines = [
    '| nodes | idle between keystrokes | patch (ms, median) | rules (ms, median) | costliest rule families (ms per keystroke, mean) |',
    '|---:|---:|---:|---:|---|',
  ];
  for (const report of reports) {
    const families = report.families.map((family) => `${family.name} ${family.ms.toFixed(2)}`).join('; ');
    lines.push(
      `| ${report.nodes.toLocaleString('en-US')} | ${report.idleMs} ms | ${report.patchMs.toFixed(2)} | ${report.rulesMs.toFixed(2)} | ${families} |`,
    );
  }
  const load = (values: readonly number[]): string => values.map((value) => value.toFixed(1)).join(' ');
  lines.push('');
  lines.push(
    `${edits} keystrokes per row after 100 back to back. Machine: Node ${process.version}, ${os.cpus()[0]?.model.trim() ?? 'unknown CPU'} (${os.cpus().length} logical CPUs), load average ${load(loadBefore)} before and ${load(os.loadavg())} after; ${new Date().toISOString()}.`,
  );
  process.stdout.write(lines.join('\n') + '\n');
}

main().catch((error: unknown) => {
  process.stderr.write(`bench:keystroke: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
