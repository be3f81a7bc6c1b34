// The pure parts of `npm run bench:compare` (bench/compare.ts): the order of the sides in a round,
// the statistics of the per-round ratios, the verdict, the choice of the base commit, the Markdown
// table and where `--write` puts it. No I/O here, so that test/unit/benchCompare.test.ts checks it.
import { median } from './benchStats';

/** The two builds compared: the base commit's and the working tree's. */
export type Side = 'base' | 'head';

/**
 * The order the two sides run in during round `round` (0-based): base first in even rounds, head
 * first in odd ones, so neither side always runs on a machine the other has just warmed or loaded.
 */
export function roundOrder(round: number): [Side, Side] {
  return round % 2 === 0 ? ['base', 'head'] : ['head', 'base'];
}

/**
 * The `fraction` quantile of `values` (0 the minimum, 0.5 the median, 1 the maximum), linear
 * between the two nearest ranks; NaN when empty.
 */
export function quantile(values: readonly number[], fraction: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const at = (sorted.length - 1) * Math.min(1, Math.max(0, fraction));
  const low = Math.floor(at);
  const high = Math.ceil(at);
  return sorted[low] + (sorted[high] - sorted[low]) * (at - low);
}

/** One round of one figure: each side's value (a CPU or round-trip time, ms; lower is better). */
export interface RoundPair {
  base: number;
  head: number;
}

/** What a figure's rounds come to. */
export interface FigureSummary {
  rounds: number;
  /** Median over rounds of each side's value. */
  baseMedian: number;
  headMedian: number;
  /** Median over rounds of head / base of the same round: above 1, the head is slower. */
  ratioMedian: number;
  /** Smallest and largest per-round ratio, and the interquartile range of the ratios. */
  ratioMin: number;
  ratioMax: number;
  ratioQ1: number;
  ratioQ3: number;
}

/**
 * The summary of a figure's rounds: the per-round ratios head / base (a slow moment of the machine
 * weighs on both sides of a round alike, so the ratio cancels most of it) and their median and spread.
 * @throws RangeError when there is no round, or a value is not a positive finite number.
 */
export function summarize(pairs: readonly RoundPair[]): FigureSummary {
  if (pairs.length === 0) throw new RangeError('summarize: no round');
  for (const pair of pairs) {
    if (!(pair.base > 0 && Number.isFinite(pair.base) && pair.head > 0 && Number.isFinite(pair.head))) {
      throw new RangeError(`summarize: a round has a value that is not a positive number (base ${pair.base}, head ${pair.head})`);
    }
  }
  const ratios = pairs.map((pair) => pair.head / pair.base);
  return {
    rounds: pairs.length,
    baseMedian: median(pairs.map((pair) => pair.base)),
    headMedian: median(pairs.map((pair) => pair.head)),
    ratioMedian: median(ratios),
    ratioMin: Math.min(...ratios),
    ratioMax: Math.max(...ratios),
    ratioQ1: quantile(ratios, 0.25),
    ratioQ3: quantile(ratios, 0.75),
  };
}

/** A figure's verdict: `regressed` above the threshold, `faster` below its inverse, else `same`. */
export type Verdict = 'regressed' | 'same' | 'faster';

/**
 * The verdict on a figure: `regressed` when the median of the per-round ratios exceeds
 * `threshold` (e.g. 1.10: the head takes more than 10% longer), `faster` when it is below
 * 1 / `threshold`, else `same`.
 */
export function verdictOf(summary: FigureSummary, threshold: number): Verdict {
  if (summary.ratioMedian > threshold) return 'regressed';
  if (summary.ratioMedian < 1 / threshold) return 'faster';
  return 'same';
}

/** One row of the table: a figure measured, or skipped with the reason. */
export type FigureRow = { figure: string; unit: string; summary: FigureSummary; verdict: Verdict } | { figure: string; skipped: string };

/** What the table's heading says about the run. */
export interface RunInfo {
  /** The command line as typed. */
  command: string;
  base: { commit: string; reason: string };
  head: { commit: string; dirty: boolean };
  form: 'short' | 'full';
  rounds: number;
  threshold: number;
  /** os.loadavg() (1, 5, 15 minutes) at the start and at the end. */
  loadStart: readonly number[];
  loadEnd: readonly number[];
  machine: string;
  date: string;
  minutes: number;
}

function formatValue(value: number, unit: string): string {
  const digits = value >= 100 ? 0 : value >= 10 ? 1 : 2;
  return `${value.toFixed(digits)} ${unit}`;
}

const verdictText: Record<Verdict, string> = { regressed: '**regressed**', same: 'same', faster: 'faster' };

/** The figures of `rows` that regressed, by name. */
export function regressedFigures(rows: readonly FigureRow[]): string[] {
  return rows.filter((row) => 'verdict' in row && row.verdict === 'regressed').map((row) => row.figure);
}

/** The run as Markdown: what was compared and how, the load averages, the table, the verdict line. */
export function toMarkdown(rows: readonly FigureRow[], info: RunInfo): string {
  const load = (values: readonly number[]): string => values.map((value) => value.toFixed(2)).join(' ');
  const lines = [
    `\`${info.command}\`: base \`${info.base.commit}\` (${info.base.reason}) against head \`${info.head.commit}\`${info.head.dirty ? ' with uncommitted changes' : ''}; ` +
      `${info.form} form, ${info.rounds} interleaved rounds, threshold ${info.threshold.toFixed(2)}; ${info.machine}; ${info.date}, ${info.minutes.toFixed(1)} min.`,
    '',
    `Load average (1, 5, 15 min): ${load(info.loadStart)} at the start, ${load(info.loadEnd)} at the end.`,
    '',
    '| figure | base | head | ratio median | spread (min–max; IQR) | verdict |',
    '|---|--:|--:|--:|--:|---|',
  ];
  for (const row of rows) {
    if ('skipped' in row) {
      lines.push(`| ${row.figure} | | | | | skipped: ${row.skipped} |`);
      continue;
    }
    const s = row.summary;
    lines.push(
      `| ${row.figure} | ${formatValue(s.baseMedian, row.unit)} | ${formatValue(s.headMedian, row.unit)} | ${s.ratioMedian.toFixed(2)} | ` +
        `${s.ratioMin.toFixed(2)}–${s.ratioMax.toFixed(2)}; ${s.ratioQ1.toFixed(2)}–${s.ratioQ3.toFixed(2)} | ${verdictText[row.verdict]} |`,
    );
  }
  lines.push('', verdictLine(rows, info.threshold));
  return lines.join('\n');
}

/** The sentence that ends the report: which figures regressed, or that none did. */
export function verdictLine(rows: readonly FigureRow[], threshold: number): string {
  const regressed = regressedFigures(rows);
  return regressed.length > 0
    ? `Regressed (head / base above ${threshold.toFixed(2)}): ${regressed.join('; ')}.`
    : `No figure regressed (head / base at most ${threshold.toFixed(2)}).`;
}

/** The markers `--write` puts the table between. */
export const beginMarker = '<!-- bench-compare:begin -->';
export const endMarker = '<!-- bench-compare:end -->';

/**
 * `document` with what lies between {@link beginMarker} and {@link endMarker} replaced by `block`.
 * @throws Error when the markers are missing or out of order.
 */
export function replaceBetweenMarkers(document: string, block: string): string {
  const begin = document.indexOf(beginMarker);
  const end = document.indexOf(endMarker);
  if (begin < 0 || end < begin) throw new Error(`the file has no ${beginMarker} … ${endMarker} pair to write the table between`);
  return `${document.slice(0, begin + beginMarker.length)}\n${block.trim()}\n${document.slice(end)}`;
}

/** What the repository says about possible bases (full commit hashes; undefined: none). */
export interface BaseCandidates {
  /** The commit the user named on the command line, resolved. */
  explicit?: { name: string; commit: string };
  /** The last release tag reachable from HEAD, resolved. */
  releaseTag?: { name: string; commit: string };
  /** The merge base of HEAD and origin/main, when that remote branch exists. */
  mergeBase?: string;
  /** The commit bench/compare-base.json records. */
  recorded?: string;
  /** HEAD. */
  head: string;
}

/**
 * The base to compare against, and why: the commit named on the command line; else the last release
 * tag; else the merge base with origin/main, unless it is HEAD itself (a clean clone of main, as in
 * CI, where it would compare HEAD with itself); else the commit recorded in bench/compare-base.json.
 * A tag that is HEAD itself is passed over like the merge base.
 * @throws Error when there is no candidate at all.
 */
export function chooseBase(candidates: BaseCandidates): { commit: string; reason: string } {
  if (candidates.explicit)
    return { commit: candidates.explicit.commit, reason: `named on the command line as ${candidates.explicit.name}` };
  if (candidates.releaseTag && candidates.releaseTag.commit !== candidates.head) {
    return { commit: candidates.releaseTag.commit, reason: `the last release tag, ${candidates.releaseTag.name}` };
  }
  if (candidates.mergeBase && candidates.mergeBase !== candidates.head) {
    return { commit: candidates.mergeBase, reason: 'the merge base with origin/main' };
  }
  if (candidates.recorded) return { commit: candidates.recorded, reason: 'recorded in bench/compare-base.json' };
  throw new Error('no base to compare against: name a commit (npm run bench:compare -- <commit>) or record one in bench/compare-base.json');
}
