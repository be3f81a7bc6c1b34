/**
 * Benchmark of the analytics page (`npm run bench:analytics`): the page and bundle the extension
 * ships (`dist/analytics.js`, served by `test/e2e/webview/analyticsPage.ts`) in headless Chromium,
 * drawing the stand-in's analytics of an outbound Pearl over 7, 30 and 90 days (every chart, with a
 * deployment marked). One fresh page per round; prints per range the median over the rounds of:
 *
 * - first: ms from the dashboard posted to the page to every chart drawn (`data-drawn`);
 * - longest: the longest main-thread task of that draw (Long Tasks API; 0 when none was over 50 ms),
 *   the largest seen over the rounds, and how many tasks were over 50 ms;
 * - steps: the page's own `performance.measure`s (the sections, then each chart), medians.
 *
 * Prints the load average: the machine must be quiet for the numbers to mean anything. Needs a build
 * (`npm run build`) and /usr/bin/chromium. `ANALYTICS_BENCH_ROUNDS` sets the rounds (default 5).
 */
import * as os from 'node:os';
import { chromium } from 'playwright-core';
import { lastDays, prepareDashboard } from '../client/src/analytics/analyticsData';
import { readAnalytics } from '../client/src/api/pearlAnalyticsApi';
import { type AnalyticsPageGlobals, dashboardMessage, launchOptions, startAnalyticsServer } from '../test/e2e/webview/analyticsPage';
import { standInAnalytics } from '../test/standin/standInAnalytics';
import type { StandInPearl } from '../test/standin/standInPearls';

const rounds = Number(process.env.ANALYTICS_BENCH_ROUNDS ?? 5);
const now = new Date('2026-11-30T12:00:00Z');
const pearl: StandInPearl = { id: 'prl_bench', kind: 'simple', createdAt: 0, status: 1, platformMade: false, request: { outbound: {} } };

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? 0 : sorted[Math.floor(sorted.length / 2)];
}

async function main(): Promise<void> {
  const { server, origin } = await startAnalyticsServer();
  const browser = await chromium.launch(launchOptions);
  try {
    process.stdout.write(
      `load average before: ${os
        .loadavg()
        .map((load) => load.toFixed(2))
        .join(' ')}\n`,
    );
    for (const days of [7, 30, 90]) {
      const { from, to } = lastDays(days, now);
      const analytics = readAnalytics(JSON.parse(JSON.stringify(standInAnalytics(pearl, from.getTime(), to.getTime()))));
      const deployments = [
        { pearlId: pearl.id, time: new Date(now.getTime() - 5 * 86_400_000).toISOString(), uri: 'file:///b.pearl.json' },
      ];
      const dashboard = prepareDashboard(analytics, { title: 'Bench', pearlId: pearl.id, pearlType: 2, from, to, deployments });
      const firsts: number[] = [];
      const longest: number[] = [];
      const over: number[] = [];
      const steps = new Map<string, number[]>();
      for (let round = 0; round < rounds; round++) {
        const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
        await page.goto(`${origin}/`);
        await page.waitForFunction(() => (window as unknown as AnalyticsPageGlobals).__posted.length > 0);
        const result = await page.evaluate(async (message) => {
          const globals = window as unknown as AnalyticsPageGlobals;
          globals.__longTasks.length = 0;
          performance.clearMeasures();
          const start = performance.now();
          window.postMessage(message, '*');
          await new Promise<void>((resolve) => {
            const check = (): void => (document.body.dataset.drawn === '1' ? resolve() : void requestAnimationFrame(check));
            check();
          });
          const first = performance.now() - start;
          // Long tasks are reported after they end: one more frame.
          await new Promise((resolve) => requestAnimationFrame(resolve));
          const measures = performance.getEntriesByType('measure').map((entry) => [entry.name, entry.duration] as const);
          return { first, long: [...globals.__longTasks], measures };
        }, dashboardMessage(dashboard));
        firsts.push(result.first);
        longest.push(Math.max(0, ...result.long));
        over.push(result.long.length);
        for (const [name, duration] of result.measures) steps.set(name, [...(steps.get(name) ?? []), duration]);
        await page.close();
      }
      const stepText = [...steps].map(([name, values]) => `${name.replace('analytics: ', '')} ${median(values).toFixed(0)}`).join(', ');
      process.stdout.write(
        `${days} days: first ${median(firsts).toFixed(0)} ms (min ${Math.min(...firsts).toFixed(0)}, max ${Math.max(...firsts).toFixed(0)}); ` +
          `longest task ${Math.max(...longest).toFixed(0)} ms, median ${median(longest).toFixed(0)}; tasks over 50 ms per draw: median ${median(over)}\n  steps (ms): ${stepText}\n`,
      );
    }
    process.stdout.write(
      `load average after: ${os
        .loadavg()
        .map((load) => load.toFixed(2))
        .join(' ')}\n`,
    );
  } finally {
    await browser.close();
    server.close();
  }
}

void main();
