// The pure parts of `npm run bench:compare` (bench/compareStats.ts): the order of the sides, the
// statistics of the per-round ratios, the verdict (a doubling is always caught, noise never is), the
// choice of the base commit, the table and where --write puts it. The bench project is built beside
// the tests (out/bench/) but is not one of their TypeScript references, so it is loaded at run time.
import { describe, test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as path from 'node:path';

type Side = 'base' | 'head';
interface RoundPair {
  base: number;
  head: number;
}
interface FigureSummary {
  rounds: number;
  baseMedian: number;
  headMedian: number;
  ratioMedian: number;
  ratioMin: number;
  ratioMax: number;
  ratioQ1: number;
  ratioQ3: number;
}
type Verdict = 'regressed' | 'same' | 'faster';
type FigureRow = { figure: string; unit: string; summary: FigureSummary; verdict: Verdict } | { figure: string; skipped: string };
interface BaseCandidates {
  explicit?: { name: string; commit: string };
  releaseTag?: { name: string; commit: string };
  mergeBase?: string;
  recorded?: string;
  head: string;
}
/** What bench/compareStats.ts exports (checked against it by these tests). */
interface CompareStats {
  roundOrder(round: number): [Side, Side];
  quantile(values: readonly number[], fraction: number): number;
  summarize(pairs: readonly RoundPair[]): FigureSummary;
  verdictOf(summary: FigureSummary, threshold: number): Verdict;
  regressedFigures(rows: readonly FigureRow[]): string[];
  verdictLine(rows: readonly FigureRow[], threshold: number): string;
  toMarkdown(rows: readonly FigureRow[], info: Record<string, unknown>): string;
  replaceBetweenMarkers(document: string, block: string): string;
  chooseBase(candidates: BaseCandidates): { commit: string; reason: string };
  beginMarker: string;
  endMarker: string;
}

const stats = require(path.join(__dirname, '..', '..', 'bench', 'compareStats.js')) as CompareStats;

/** Deterministic noise in [-1, 1] (xorshift32). */
function noise(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return ((state >>> 0) / 0x1_0000_0000) * 2 - 1;
  };
}

/** `rounds` rounds of a figure of about 100 ms, each side off by up to ±`spread` (0.2: 20%) on its own, the head doing `factor` times the work. */
function rounds(count: number, factor: number, spread: number, seed: number): RoundPair[] {
  const next = noise(seed);
  return Array.from({ length: count }, () => ({ base: 100 * (1 + spread * next()), head: factor * 100 * (1 + spread * next()) }));
}

describe('bench:compare', () => {
  test('the sides alternate: base first in the first round, head first in the second, and so on', () => {
    assert.deepEqual(
      [0, 1, 2, 3].map((round) => stats.roundOrder(round)),
      [
        ['base', 'head'],
        ['head', 'base'],
        ['base', 'head'],
        ['head', 'base'],
      ],
    );
  });

  test('the summary is the median of the per-round ratios, with their range and interquartile range', () => {
    const summary = stats.summarize([
      { base: 10, head: 11 },
      { base: 20, head: 20 },
      { base: 10, head: 30 },
      { base: 40, head: 36 },
      { base: 10, head: 12 },
    ]);
    // Ratios 1.1, 1, 3, 0.9, 1.2: the outlying round (3) does not move the median.
    assert.equal(summary.rounds, 5);
    assert.equal(summary.ratioMedian, 1.1);
    assert.equal(summary.ratioMin, 0.9);
    assert.equal(summary.ratioMax, 3);
    assert.equal(summary.ratioQ1, 1);
    assert.equal(summary.ratioQ3, 1.2);
    assert.equal(summary.baseMedian, 10);
    assert.equal(summary.headMedian, 20);
    assert.equal(stats.quantile([4, 1, 3, 2], 0.5), 2.5);
    assert.ok(Number.isNaN(stats.quantile([], 0.5)));
  });

  test('a round without a positive value is refused, not averaged in', () => {
    assert.throws(() => stats.summarize([]), /no round/);
    assert.throws(() => stats.summarize([{ base: 0, head: 3 }]), /not a positive number/);
    assert.throws(() => stats.summarize([{ base: 3, head: NaN }]), /not a positive number/);
  });

  test('a head doing twice the work is flagged by the short form (7 rounds, 1.25) whatever the noise of ±20% per side', () => {
    // Every per-round ratio is at least 2 × 0.8 / 1.2 = 1.33, so the median is too.
    for (let seed = 1; seed <= 200; seed++) {
      const summary = stats.summarize(rounds(7, 2, 0.2, seed));
      assert.equal(stats.verdictOf(summary, 1.25), 'regressed', `seed ${seed}: median ratio ${summary.ratioMedian}`);
      assert.equal(stats.verdictOf(summary, 1.1), 'regressed');
    }
  });

  test('the same build with ±10% noise per side is never flagged by the short form', () => {
    // Every per-round ratio is between 0.9 / 1.1 = 0.82 and 1.1 / 0.9 = 1.22.
    for (let seed = 1; seed <= 200; seed++) {
      const summary = stats.summarize(rounds(7, 1, 0.1, seed));
      assert.notEqual(stats.verdictOf(summary, 1.25), 'regressed', `seed ${seed}: median ratio ${summary.ratioMedian}`);
    }
  });

  test('the verdict: above the threshold regressed, below its inverse faster, else the same', () => {
    const at = (ratio: number): Verdict => stats.verdictOf(stats.summarize([{ base: 100, head: 100 * ratio }]), 1.1);
    assert.equal(at(1.12), 'regressed');
    assert.equal(at(1.1), 'same');
    assert.equal(at(0.95), 'same');
    assert.equal(at(0.9), 'faster');
  });

  test('the report names the regressed figures, shows the load averages and the skipped figures with their reason', () => {
    const rows: FigureRow[] = [
      { figure: 'full diagnostics, 1,000 nodes', unit: 'ms', summary: stats.summarize([{ base: 10, head: 20 }]), verdict: 'regressed' },
      { figure: 'LSP hover, 1,000 nodes', unit: 'ms', summary: stats.summarize([{ base: 5, head: 5 }]), verdict: 'same' },
      { figure: 'graph first draw', skipped: 'no chromium' },
    ];
    assert.deepEqual(stats.regressedFigures(rows), ['full diagnostics, 1,000 nodes']);
    assert.equal(stats.verdictLine(rows, 1.1), 'Regressed (head / base above 1.10): full diagnostics, 1,000 nodes.');
    assert.equal(stats.verdictLine(rows.slice(1), 1.1), 'No figure regressed (head / base at most 1.10).');
    const markdown = stats.toMarkdown(rows, {
      command: 'npm run bench:compare -- --short',
      base: { commit: 'ae3e6bb', reason: 'recorded in bench/compare-base.json' },
      head: { commit: '1234567', dirty: true },
      form: 'short',
      rounds: 5,
      threshold: 1.25,
      loadStart: [1.5, 1, 0.5],
      loadEnd: [2, 1.25, 0.75],
      machine: 'Node v20',
      date: '2026-11-27T06:00:00Z',
      minutes: 2,
    });
    assert.match(markdown, /base `ae3e6bb` \(recorded in bench\/compare-base.json\) against head `1234567` with uncommitted changes/);
    assert.match(markdown, /Load average \(1, 5, 15 min\): 1\.50 1\.00 0\.50 at the start, 2\.00 1\.25 0\.75 at the end\./);
    assert.match(
      markdown,
      /\| full diagnostics, 1,000 nodes \| 10\.0 ms \| 20\.0 ms \| 2\.00 \| 2\.00–2\.00; 2\.00–2\.00 \| \*\*regressed\*\* \|/,
    );
    assert.match(markdown, /\| graph first draw \| \| \| \| \| skipped: no chromium \|/);
  });

  test('--write replaces what lies between the markers and keeps the rest of the file', () => {
    const document = `# Figures\n\nIntro.\n\n${stats.beginMarker}\nold table\n${stats.endMarker}\n\nHistory.\n`;
    assert.equal(
      stats.replaceBetweenMarkers(document, '| new |\n'),
      `# Figures\n\nIntro.\n\n${stats.beginMarker}\n| new |\n${stats.endMarker}\n\nHistory.\n`,
    );
    assert.throws(
      () => stats.replaceBetweenMarkers('# no markers\n', 'x'),
      /no <!-- bench-compare:begin --> … <!-- bench-compare:end --> pair/,
    );
  });

  test('the base: the named commit, else the last release tag, else the merge base with origin/main, else the recorded commit', () => {
    const head = 'h'.repeat(40);
    const all: BaseCandidates = {
      explicit: { name: '1982e0c', commit: 'e'.repeat(40) },
      releaseTag: { name: 'v0.2.0', commit: 't'.repeat(40) },
      mergeBase: 'm'.repeat(40),
      recorded: 'r'.repeat(40),
      head,
    };
    assert.deepEqual(stats.chooseBase(all), { commit: 'e'.repeat(40), reason: 'named on the command line as 1982e0c' });
    assert.deepEqual(stats.chooseBase({ ...all, explicit: undefined }), { commit: 't'.repeat(40), reason: 'the last release tag, v0.2.0' });
    assert.equal(stats.chooseBase({ ...all, explicit: undefined, releaseTag: undefined }).commit, 'm'.repeat(40));
    // A clean clone of main (CI): origin/main is HEAD, so its merge base would compare HEAD with itself.
    assert.deepEqual(stats.chooseBase({ mergeBase: head, recorded: 'r'.repeat(40), head }), {
      commit: 'r'.repeat(40),
      reason: 'recorded in bench/compare-base.json',
    });
    // A release tag on HEAD itself is passed over the same way.
    assert.equal(stats.chooseBase({ releaseTag: { name: 'v1.0.0', commit: head }, recorded: 'r'.repeat(40), head }).commit, 'r'.repeat(40));
    assert.throws(() => stats.chooseBase({ head }), /no base to compare against/);
  });
});
