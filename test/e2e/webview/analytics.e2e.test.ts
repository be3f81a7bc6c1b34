/**
 * The analytics page (issue 33, Analytics) in Chromium, with the page, CSP and fake webview API of
 * `analyticsPage.ts`: the test plays the host and posts a dashboard prepared from the stand-in's 90
 * days of a Pearl (with a deployment), then checks what a user sees: every chart drawn (pixels that
 * are not the background) with its table's cells, the deployments listed, exports posted to the
 * host, the error message, a redraw on a theme change, hostile tag names and titles shown as text;
 * and reports the first draw's time and the longest task.
 *
 * Needs `node scripts/bundle.mjs` first. Skipped when /usr/bin/chromium is absent.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import type * as http from 'node:http';
import * as os from 'node:os';
import { after, before, describe, it } from 'node:test';
import { type Browser, chromium, type Page } from 'playwright-core';
import { type Dashboard, lastDays, prepareDashboard } from '../../../client/src/analytics/analyticsData';
import { readAnalytics } from '../../../client/src/api/pearlAnalyticsApi';
import { standInAnalytics } from '../../standin/standInAnalytics';
import type { StandInPearl } from '../../standin/standInPearls';
import { type AnalyticsPageGlobals, chromiumPath, dashboardMessage, launchOptions, startAnalyticsServer } from './analyticsPage';

const now = new Date('2026-11-30T12:00:00Z');
const pearl: StandInPearl = {
  id: 'prl_page',
  kind: 'simple',
  createdAt: 0,
  status: 1,
  platformMade: false,
  request: {
    name: 'Winter campaign',
    outbound: { totalAgents: 1 },
    pearl: {
      indicatorTags: [
        { id: 'aaaaaa', name: 'Booked', color: 4 },
        { id: 'bbbbbb', name: '<script>window.__pwned = 1</script>', color: 2 },
        { id: 'cccccc', name: '**bold** [open](command:pearl.deploy)', color: 5 },
        { id: 'dddddd', name: 'abc\u202Efed', color: 7 },
      ],
    },
  },
};

/** The dashboard of the stand-in's last `days` days of {@link pearl}, with one deployment 10 days before `now`. */
function dashboardOf(days: number, title = '"Winter campaign" (prl_page)'): Dashboard {
  const { from, to } = lastDays(days, now);
  const analytics = readAnalytics(JSON.parse(JSON.stringify(standInAnalytics(pearl, from.getTime(), to.getTime()))));
  const deployments = [
    {
      pearlId: pearl.id,
      time: new Date(now.getTime() - 10 * 86_400_000).toISOString(),
      uri: 'file:///w/winter.pearl.json',
      action: 'updated' as const,
    },
  ];
  return prepareDashboard(analytics, { title, pearlId: pearl.id, pearlType: 2, from, to, deployments });
}

describe('analytics page (chromium)', { skip: fs.existsSync(chromiumPath) ? false : `${chromiumPath} not found` }, () => {
  let browser: Browser;
  let server: http.Server;
  let origin: string;

  before(async () => {
    ({ server, origin } = await startAnalyticsServer());
    browser = await chromium.launch(launchOptions);
  });
  after(async () => {
    await browser?.close();
    server?.close();
  });

  /** A fresh page, once it has said `ready`. */
  async function openPage(): Promise<Page> {
    const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
    await page.goto(`${origin}/`);
    await page.waitForFunction(() => (window as unknown as AnalyticsPageGlobals).__posted.some((message) => message.type === 'ready'));
    return page;
  }

  /** Posts `dashboard` and resolves once it is drawn (`data-drawn` reaches `count`); the ms it took. */
  async function draw(page: Page, dashboard: Dashboard, count = 1): Promise<number> {
    return page.evaluate(
      async ({ message, count }) => {
        // The long tasks of the draw only, not those of loading the page.
        (window as unknown as AnalyticsPageGlobals).__longTasks.length = 0;
        const start = performance.now();
        window.postMessage(message, '*');
        await new Promise<void>((resolve) => {
          const check = (): void => (document.body.dataset.drawn === String(count) ? resolve() : void requestAnimationFrame(check));
          check();
        });
        return performance.now() - start;
      },
      { message: dashboardMessage(dashboard), count },
    );
  }

  /** Per chart section: the number of canvas pixels that differ from the page's background. */
  function drawnPixels(page: Page): Promise<Record<string, number>> {
    return page.evaluate(() => {
      const counts: Record<string, number> = {};
      for (const section of Array.from(document.querySelectorAll<HTMLElement>('section[data-chart]'))) {
        const canvas = section.querySelector('canvas');
        if (!canvas) continue;
        const context = canvas.getContext('2d');
        const data = context?.getImageData(0, 0, canvas.width, canvas.height).data ?? new Uint8ClampedArray();
        const [r, g, b] = [data[0], data[1], data[2]];
        let other = 0;
        for (let i = 0; i < data.length; i += 4)
          if (Math.abs(data[i] - r) + Math.abs(data[i + 1] - g) + Math.abs(data[i + 2] - b) > 30) other++;
        counts[section.dataset.chart ?? ''] = other;
      }
      return counts;
    });
  }

  it('draws every chart of 90 days, with its numbers in a table; reports the first draw and the longest task', async (t) => {
    const page = await openPage();
    const dashboard = dashboardOf(90);
    const ms = await draw(page, dashboard);
    const longTasks = await page.evaluate(() => (window as unknown as AnalyticsPageGlobals).__longTasks);
    t.diagnostic(
      `first draw of 90 days: ${ms.toFixed(0)} ms; longest task ${Math.max(0, ...longTasks).toFixed(0)} ms (${longTasks.length} over 50 ms); load average ${os
        .loadavg()
        .map((load) => load.toFixed(2))
        .join(' ')}`,
    );

    assert.equal(await page.locator('h1').textContent(), 'Analytics of "Winter campaign" (prl_page)');
    assert.equal(await page.locator('#range').textContent(), '2026-09-01 to 2026-11-30 (90 days, UTC)');
    const pixels = await drawnPixels(page);
    assert.deepEqual(
      Object.keys(pixels),
      dashboard.charts.map((model) => model.id),
      'a canvas per chart',
    );
    for (const [id, count] of Object.entries(pixels)) assert.ok(count > 200, `${id}: ${count} pixels are not the background`);

    for (const model of dashboard.charts) {
      const table = page.locator(`section[data-chart="${model.id}"] table`);
      assert.equal(await table.locator('caption').textContent(), model.table.caption);
      assert.deepEqual(await table.locator('thead th').allTextContents(), model.table.columns);
      const cells = await table
        .locator('tbody tr')
        .evaluateAll((rows) => rows.map((row) => Array.from(row.children).map((cell) => cell.textContent)));
      assert.deepEqual(
        cells,
        model.table.rows.map((row) => row.map((cell) => (typeof cell === 'number' ? String(Math.round(cell * 100) / 100) : cell))),
        model.id,
      );
    }
    const marks = await page.locator('section[data-chart="successRate"] .marks li').allTextContents();
    assert.deepEqual(marks, ['2026-11-20 12:00 UTC: updated from winter.pearl.json']);
    assert.deepEqual(await page.evaluate(() => (window as unknown as AnalyticsPageGlobals).__cspViolations), []);
    await page.close();
  });

  it('Show as table: every header of the weekday-and-hour table stays on one line (00:00, Wednesday)', async () => {
    const page = await openPage();
    await page.setViewportSize({ width: 1000, height: 900 });
    await draw(page, dashboardOf(30));
    const section = page.locator('section[data-chart="weekdayHour"]');
    await section.locator('button', { hasText: 'Show as table' }).click();
    const broken = await section.locator('table th').evaluateAll((cells) =>
      cells.flatMap((cell) => {
        const range = document.createRange();
        range.selectNodeContents(cell);
        // One line: every box of the text has the same top.
        const tops = new Set(Array.from(range.getClientRects(), (rect) => Math.round(rect.top)));
        return tops.size > 1 ? [cell.textContent ?? ''] : [];
      }),
    );
    assert.deepEqual(broken, [], 'headers drawn over several lines');
    await page.close();
  });

  it('hostile tag names and titles are text; Show as table, Save PNG and Save CSV; errors; theme changes redraw', async () => {
    const page = await openPage();
    const dashboard = dashboardOf(30, '<img src=x onerror="window.__pwned = 2">');
    await draw(page, { ...dashboard, notes: ['<b>note</b>'] });
    const tagCells = await page.locator('section[data-chart="tags"] tbody th').allTextContents();
    assert.deepEqual(tagCells, ['Booked', '<script>window.__pwned = 1</script>', '**bold** [open](command:pearl.deploy)', 'abc\\u202Efed']);
    assert.equal(await page.locator('h1').textContent(), 'Analytics of <img src=x onerror="window.__pwned = 2">');
    assert.equal(await page.locator('#notes li').textContent(), '<b>note</b>');
    assert.equal(await page.evaluate(() => document.querySelectorAll('img, b, main script').length), 0);
    assert.equal(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned), undefined);

    const toggle = page.locator('section[data-chart="tags"] button[aria-controls="chart-tags-table"]');
    assert.equal(await toggle.textContent(), 'Show as table');
    const tableWidth = (): Promise<number> =>
      page.locator('section[data-chart="tags"] table').evaluate((table) => table.getBoundingClientRect().width);
    assert.ok((await tableWidth()) <= 1, 'drawn only for screen readers until asked for');
    await toggle.click();
    assert.equal(await toggle.getAttribute('aria-expanded'), 'true');
    assert.equal(await toggle.textContent(), 'Hide table');
    assert.ok((await tableWidth()) > 100, 'shown');

    await page.locator('section[data-chart="tags"] button', { hasText: 'Save CSV' }).click();
    await page.locator('section[data-chart="weekdayHour"] button', { hasText: 'Save PNG' }).click();
    const posted = await page.evaluate(() => (window as unknown as AnalyticsPageGlobals).__posted.slice(1));
    assert.deepEqual(posted[0], { type: 'exportCsv', chartId: 'tags' });
    assert.ok(
      posted[1].type === 'exportPng' && posted[1].chartId === 'weekdayHour' && posted[1].dataUrl.startsWith('data:image/png;base64,'),
    );

    await page.evaluate(() => {
      const root = document.documentElement;
      root.style.setProperty('--vscode-editor-background', '#ffffff');
      root.style.setProperty('--vscode-charts-foreground', '#202020');
      document.body.classList.replace('vscode-dark', 'vscode-light');
    });
    await page.waitForFunction(() => document.body.dataset.drawn === '2');
    const corner = await page.evaluate(() => [
      ...(document.querySelector('canvas')?.getContext('2d')?.getImageData(1, 1, 1, 1).data ?? []),
    ]);
    assert.deepEqual(corner.slice(0, 3), [255, 255, 255], 'drawn again on the light background');

    await page.evaluate((message) => window.postMessage(message, '*'), {
      type: 'error',
      title: 'x',
      rangeText: 'y',
      message: 'The service refused the API token. <a href="command:x">Set</a>',
    } as const);
    const error = page.locator('#error[role="alert"]');
    await error.waitFor({ state: 'visible' });
    assert.equal(await error.textContent(), 'The service refused the API token. <a href="command:x">Set</a>');
    assert.equal(await page.locator('#error a').count(), 0);
    assert.equal(await page.locator('section[data-chart]').count(), 0, "the other range's charts are gone");
    assert.equal(await page.locator('#range').textContent(), 'y');
    await page.close();
  });

  it('keeps the Pearl and the range the host names for a reload, and nothing that is not one', async () => {
    const page = await openPage();
    const saved = (): Promise<unknown> => page.evaluate(() => JSON.parse(sessionStorage.getItem('webviewState') ?? 'null') as unknown);
    const state = {
      pearl: { id: 'pearl-7', name: 'Clinic <b>', type: 2 },
      from: '2026-11-06T00:00:00.000Z',
      to: '2026-12-06T00:00:00.000Z',
    };
    await page.evaluate((message) => window.postMessage(message, '*'), { type: 'remember', state } as const);
    await page.waitForFunction(() => sessionStorage.getItem('webviewState') !== null);
    assert.deepEqual(await saved(), state);
    await page.evaluate((message) => window.postMessage(message, '*'), {
      type: 'remember',
      state: { pearl: { id: 7 }, from: 'never', to: '' },
    });
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    assert.deepEqual(await saved(), state, 'an invalid state is not kept');
    await page.close();
  });
});
