// The analytics of a Pearl (issue 33, Analytics): the API function against the stand-in on
// 127.0.0.1, the defensive reading of the answer, and the preparation of what the page draws (series,
// tables, CSV, the deployments' marks, the 90-day bound, the tag colours).
import { after, before, describe, test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { minimatch } from 'minimatch';
import {
  checkAnalyticsRange,
  dayMs,
  getPearlAnalytics,
  maxAnalyticsDays,
  type PearlAnalytics,
  readAnalytics,
} from '../../client/src/api/pearlAnalyticsApi';
import {
  type ChartModel,
  customRange,
  type Dashboard,
  type DeploymentInput,
  exportFileName,
  failureText,
  lastDays,
  placeMarks,
  prepareDashboard,
  toCsv,
} from '../../client/src/analytics/analyticsData';
import { getAnalyticsCsp, getAnalyticsHtml } from '../../client/src/analytics/analyticsHtml';
import { isAnalyticsPageMessage, pngBytes } from '../../client/src/analytics/analyticsMessages';
import { SingleFlight } from '../../client/src/analytics/singleFlight';
import { tagColorOf, tagColors } from '../../client/src/analytics/tagColors';
import { labelColorNames } from '../../server/src/service/interface/enumNames';
import { repositoryRoot } from '../helpers/lspClient';
import { type StandIn, startStandIn } from '../standin/pearlServiceStandIn';
import { standInAnalytics } from '../standin/standInAnalytics';
import type { StandInPearl } from '../standin/standInPearls';

const now = new Date('2026-11-30T12:00:00Z');
const outbound: StandInPearl = {
  id: 'prl_out',
  kind: 'simple',
  createdAt: 0,
  status: 1,
  platformMade: false,
  request: { name: 'Winter campaign', outbound: { totalAgents: 1 } },
};
const inbound: StandInPearl = { ...outbound, id: 'prl_in', request: { name: 'Reception', inbound: { totalAgents: 1 } } };

/** The stand-in's answer for `pearl` over `days` days before `now`, read as the client reads it. */
function answerOf(pearl: StandInPearl, days: number): PearlAnalytics {
  const range = lastDays(days, now);
  return readAnalytics(JSON.parse(JSON.stringify(standInAnalytics(pearl, range.from.getTime(), range.to.getTime()))));
}

function dashboardOf(analytics: PearlAnalytics, deployments: DeploymentInput[] = [], pearlType = 2, pearlId = 'prl_out'): Dashboard {
  const { from, to } = lastDays(30, now);
  return prepareDashboard(analytics, { title: '"Winter campaign" (prl_out)', pearlId, pearlType, from, to, deployments });
}

function chart(dashboard: Dashboard, id: string): ChartModel {
  const found = dashboard.charts.find((candidate) => candidate.id === id);
  assert.ok(found, `no chart ${id}`);
  return found;
}

/** The table's row whose first cell is `label`, without it. */
function row(model: ChartModel, label: string): (string | number)[] {
  const found = model.table.rows.find((cells) => cells[0] === label);
  assert.ok(found, `no row ${label} in ${model.id}`);
  return found.slice(1);
}

const sum = (values: readonly (string | number | null)[]): number =>
  values.reduce<number>((total, value) => total + (typeof value === 'number' ? value : 0), 0);

describe('the stand-in analytics (test/standin/standInAnalytics.ts)', () => {
  test('its totals agree: overview = sum of the time line, statuses, sentiments and weekday × hour cells add up to the calls', () => {
    const answer = answerOf(outbound, 90);
    const overview = answer.statusOverview;
    assert.ok(overview && answer.statusTimeLine && answer.sentimentOverview && answer.hourDayCounts && answer.labelCounts);
    assert.equal(answer.statusTimeLine.length, 91, 'one entry per UTC day the range touches');
    for (const field of Object.keys(overview) as (keyof typeof overview)[]) {
      assert.equal(sum(answer.statusTimeLine.map((point) => point.values[field])), overview[field], field);
    }
    const { totalCalls, totalLeads, ...statuses } = overview;
    assert.ok(totalCalls > 500);
    assert.equal(totalLeads, totalCalls, 'an outbound Pearl calls a lead each time');
    assert.equal(sum(Object.values(statuses)), totalCalls);
    assert.equal(sum(Object.values(answer.sentimentOverview)), totalCalls);
    assert.equal(sum(answer.hourDayCounts.map((cell) => cell.count)), totalCalls);
    assert.ok(sum(answer.labelCounts.map((label) => label.count)) <= totalCalls);
    assert.deepEqual(answerOf(outbound, 90), answer, 'deterministic');
  });

  test('an inbound Pearl has no pickup rate', () => {
    assert.deepEqual(answerOf(inbound, 7).pickupRateTimeLine, []);
    assert.equal(answerOf(outbound, 7).pickupRateTimeLine?.length, 8);
  });
});

describe('getPearlAnalytics (POST /v2/Pearl/{id}/Analytics) against the stand-in', () => {
  let standIn: StandIn;
  let options: { baseUrl: string; token: string; timeoutMs: number };
  before(async () => {
    standIn = await startStandIn();
    options = { baseUrl: standIn.url, token: standIn.token, timeoutMs: 5000 };
  });
  after(() => standIn.close());

  test('90 days of a seeded outbound Pearl: every part of the answer is read', async () => {
    const { from, to } = lastDays(maxAnalyticsDays, new Date());
    const result = await getPearlAnalytics({ ...options, pearlId: 'prl_seed_2', from, to });
    assert.ok(result.ok, JSON.stringify(result));
    const { analytics } = result;
    assert.equal(analytics.dropped, 0);
    assert.equal(analytics.statusTimeLine?.length, 91);
    assert.equal(analytics.successRateTimeLine?.length, 91);
    assert.equal(analytics.pickupRateTimeLine?.length, 91);
    assert.deepEqual(
      analytics.labelCounts?.map((label) => [label.name, label.color]),
      [
        ['Booked', '4'],
        ['Call back', '3'],
        ['Upset customer', '2'],
        ['Spam', '1'],
      ],
    );
    assert.ok((analytics.statusOverview?.totalCalls ?? 0) > 0);
    assert.ok(analytics.eventCounts && analytics.hourDayCounts && analytics.sentimentOverview);
  });

  test('a range over 90 days is not sent; the stand-in refuses one with a 400 too', async () => {
    const from = new Date(Date.now() - (maxAnalyticsDays + 1) * dayMs);
    const result = await getPearlAnalytics({ ...options, pearlId: 'prl_seed_2', from, to: new Date() });
    assert.ok(!result.ok);
    assert.equal(result.kind, 'validation');
    assert.equal(result.status, undefined, 'nothing was sent');
    assert.match(failureText(result), /longer than 90 days/);
    const response = await fetch(`${standIn.url}/v2/Pearl/prl_seed_2/Analytics`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${standIn.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ from: from.toISOString(), to: new Date().toISOString() }),
    });
    assert.equal(response.status, 400);
    assert.match(await response.text(), /90 days/);
  });

  test('401, 404, 429 and 500 become failures the page explains', async () => {
    const { from, to } = lastDays(30, new Date());
    const call = (pearlId: string, token = standIn.token) => getPearlAnalytics({ ...options, token, pearlId, from, to });
    const refused = await call('prl_seed_2', 'wrong:token');
    assert.ok(!refused.ok && refused.kind === 'unauthorized');
    assert.match(failureText(refused), /refused the API token/);
    const unknown = await call('prl_nope');
    assert.ok(!unknown.ok && unknown.status === 404);
    assert.match(failureText(unknown), /knows no Pearl with this id/);
    standIn.setFault('429', { retryAfterSeconds: 7 });
    const limited = await call('prl_seed_2');
    assert.ok(!limited.ok && limited.kind === 'rateLimited');
    assert.equal(failureText(limited), 'The service is receiving too many requests (429). Reload in 7 s.');
    standIn.setFault('500');
    const failed = await call('prl_seed_2');
    standIn.setFault('none');
    assert.ok(!failed.ok);
    assert.equal(failureText(failed), 'The service failed to answer (HTTP 500). Reload later.');
  });

  test('one request in flight per panel: a new range aborts the read still waiting, whose answer is dropped', async () => {
    const flight = new SingleFlight();
    const signals: AbortSignal[] = [];
    const read = (days: number) =>
      flight.run((signal) => {
        signals.push(signal);
        return getPearlAnalytics({ ...options, pearlId: 'prl_seed_2', ...lastDays(days, new Date()), signal });
      });
    const first = read(90);
    assert.ok(flight.busy);
    const second = await read(7);
    assert.equal(await first, undefined, 'the first read is superseded');
    assert.ok(signals[0].aborted, 'and its request aborted');
    assert.ok(second?.value.ok);
    assert.equal(second.value.analytics.statusTimeLine?.length, 8);
    assert.ok(!flight.busy);
  });
});

describe('readAnalytics: the answer read defensively', () => {
  test('missing or mistyped parts are undefined, unusable entries are counted, nothing throws', () => {
    for (const value of [null, 'text', 42, [], {}]) assert.deepEqual(readAnalytics(value), { dropped: 0 });
    const analytics = readAnalytics({
      callsStatusOverview: { totalCalls: 5, successful: '3', error: -2 },
      callsSentimentOverview: null,
      callsStatusTimeLine: [
        { date: 'not a date', totalCalls: 1 },
        null,
        { date: '2026-11-02T00:00:00Z', totalCalls: 2 },
        { date: '2026-11-01T00:00:00Z', totalCalls: Infinity },
      ],
      callLabelCount: [
        { name: 'A', color: 4, count: 2 },
        { name: 'B', count: 'many' },
      ],
      callsByHourDayOfWeeks: [
        { hourOfDay: 24, dayOfWeek: 0, count: 1 },
        { hourOfDay: 3, dayOfWeek: 7, count: 1 },
        { hourOfDay: 3, dayOfWeek: 1, count: 4 },
      ],
      callEventsCounts: 'none',
    });
    assert.equal(analytics.statusOverview?.totalCalls, 5);
    assert.equal(analytics.statusOverview?.successful, 0, 'a string is not a count');
    assert.equal(analytics.statusOverview?.error, 0, 'a negative count is 0');
    assert.equal(analytics.sentimentOverview, undefined);
    assert.equal(analytics.eventCounts, undefined);
    assert.deepEqual(
      analytics.statusTimeLine?.map((point) => [point.date, point.values.totalCalls]),
      [
        ['2026-11-01T00:00:00Z', null],
        ['2026-11-02T00:00:00Z', 2],
      ],
      'sorted by date; a number that is not finite is no value',
    );
    assert.deepEqual(analytics.labelCounts, [{ id: '', name: 'A', color: '4', count: 2 }]);
    assert.deepEqual(analytics.hourDayCounts, [{ hourOfDay: 3, dayOfWeek: 1, count: 4 }]);
    assert.equal(analytics.dropped, 2 + 1 + 2);
  });

  test('an answer without lists gives empty charts, each with a message', () => {
    const dashboard = dashboardOf(readAnalytics({}));
    assert.deepEqual(
      dashboard.charts.map((model) => [model.id, model.empty, model.message]),
      [
        ['statusOverview', true, 'The service sent no callsStatusOverview: nothing to draw.'],
        ['sentiment', true, 'The service sent no callsSentimentOverview: nothing to draw.'],
        ['callsPerDay', true, 'The service sent no callsStatusTimeLine: nothing to draw.'],
        ['successRate', true, 'The service sent no callsSuccessRateTimeLine: nothing to draw.'],
        ['pickupRate', true, 'The service sent no callsPickupRateTimeLine: nothing to draw.'],
        ['averageDuration', true, 'The service sent no callsAverageTimeLine: nothing to draw.'],
        ['cost', true, 'The service sent no callsCostTimeLine: nothing to draw.'],
        ['weekdayHour', true, 'The service sent no callsByHourDayOfWeeks: nothing to draw.'],
        ['tags', true, 'The service sent no callLabelCount: nothing to draw.'],
        ['events', true, 'The service sent no callEventsCounts: nothing to draw.'],
      ],
    );
  });
});

describe('prepareDashboard: series and tables', () => {
  const analytics = answerOf(outbound, 30);

  test("the status overview, sentiment, events and heat map tables carry the answer's numbers", () => {
    const dashboard = dashboardOf(analytics);
    const overview = analytics.statusOverview;
    assert.ok(overview);
    const status = chart(dashboard, 'statusOverview');
    assert.deepEqual(row(status, 'All calls'), [overview.totalCalls]);
    assert.deepEqual(row(status, 'Successful'), [overview.successful]);
    assert.deepEqual(row(status, 'Voicemail left'), [overview.voiceMailLeft]);
    assert.equal(status.table.caption, `Calls by status: ${overview.totalCalls} calls, ${overview.totalLeads} leads`);
    assert.deepEqual(row(chart(dashboard, 'sentiment'), 'Slightly positive'), [analytics.sentimentOverview?.slightlyPositive]);
    assert.deepEqual(row(chart(dashboard, 'events'), 'SMS sent'), [analytics.eventCounts?.smsSentCount]);
    assert.deepEqual(row(chart(dashboard, 'events'), 'Bookings'), [analytics.eventCounts?.calendarBookedCount]);
    const heatmap = chart(dashboard, 'weekdayHour');
    assert.equal(heatmap.table.columns.length, 25);
    assert.equal(heatmap.table.columns[10], '09:00');
    assert.equal(heatmap.table.rows.map((cells) => cells[0]).join(' '), 'Sunday Monday Tuesday Wednesday Thursday Friday Saturday');
    assert.equal(sum(heatmap.table.rows.flatMap((cells) => cells.slice(1))), overview.totalCalls);
    assert.ok(heatmap.kind === 'heatmap' && heatmap.cells.length === 168);
  });

  test('time lines: one label per day, a column per series, values as sent', () => {
    const dashboard = dashboardOf(analytics);
    const success = chart(dashboard, 'successRate');
    assert.ok(success.kind === 'line');
    assert.equal(success.labels.length, 31);
    assert.match(success.labels[0], /^\d{4}-\d\d-\d\d$/);
    assert.deepEqual(success.table.columns, ['Date', 'Success rate (%)', 'Deployments']);
    assert.deepEqual(row(success, success.labels[3]), [analytics.successRateTimeLine?.[3].values.successRatePercentage, '']);
    const cost = chart(dashboard, 'cost');
    assert.ok(cost.kind === 'line');
    assert.deepEqual(
      cost.series.map((series) => [series.label, series.axis ?? 'left']),
      [
        ['Total cost', 'left'],
        ['Average cost per call', 'right'],
      ],
    );
  });

  test('the pickup rate is drawn for an outbound Pearl, not for an inbound one', () => {
    assert.ok(dashboardOf(analytics).charts.some((model) => model.id === 'pickupRate'));
    assert.ok(!dashboardOf(answerOf(inbound, 30), [], 1).charts.some((model) => model.id === 'pickupRate'));
  });

  test("tags are drawn in the Pearl's colours; their names stay text as written", () => {
    const hostile = readAnalytics({
      callLabelCount: [
        { id: 'aaaaaa', name: '<script>alert(1)</script>', color: '2', count: 3 },
        { id: 'bbbbbb', name: '=HYPERLINK("http://x")', color: 'Teal', count: 1 },
        { id: 'cccccc', name: '', color: 'mauve', count: 0 },
        { id: 'dddddd', name: 'abc\u202Efed\nnext line', color: 'Lime', count: 2 },
        { id: 'eeeeee', name: 'x'.repeat(5000), color: 9, count: 1 },
      ],
    });
    const tags = chart(dashboardOf(hostile), 'tags');
    assert.ok(tags.kind === 'bar');
    const long = `${'x'.repeat(199)}…`;
    assert.deepEqual(tags.labels, ['<script>alert(1)</script>', '=HYPERLINK("http://x")', '(tag cccccc)', 'abc\\u202Efed next line', long]);
    assert.deepEqual(tags.colors, ['#e5484d', '#12a594', '#8b8b8b', '#7cb518', '#6e56cf']);
    assert.deepEqual(tags.table.rows, [
      ['<script>alert(1)</script>', 'red', 3],
      ['=HYPERLINK("http://x")', 'teal', 1],
      ['(tag cccccc)', 'unknown colour', 0],
      ['abc\\u202Efed next line', 'lime', 2],
      [long, 'gradient2', 1],
    ]);
    assert.equal(
      toCsv({ ...tags.table, rows: tags.table.rows.slice(0, 4) }),
      'Tag,Colour,Calls\r\n<script>alert(1)</script>,red,3\r\n"\'=HYPERLINK(""http://x"")",teal,1\r\n(tag cccccc),unknown colour,0\r\nabc\\u202Efed next line,lime,2\r\n',
    );
  });
});

describe('deployment marks on the time lines', () => {
  const day = (n: number): number => Date.parse('2026-11-01T00:00:00Z') + n * dayMs;
  const record = (time: string, pearlId = 'prl_out', action?: DeploymentInput['action']): DeploymentInput => ({
    pearlId,
    time,
    uri: 'file:///work/Winter%20campaign.pearl.json',
    ...(action ? { action } : {}),
  });

  test('a deployment lands in its day at the fraction of the day past; outside the line, it is left out', () => {
    const times = [day(0), day(1), day(2)];
    const marks = placeMarks(times, [
      record('2026-11-02T06:00:00Z', 'prl_out', 'updated'),
      record('2026-10-31T23:00:00Z'),
      record('2026-11-03T23:59:00Z'),
      record('2026-11-04T00:00:00Z'),
      record('garbage'),
    ]);
    assert.deepEqual(
      marks.map((mark) => [mark.position, mark.label]),
      [
        [1.25, '2026-11-02 06:00 UTC: updated from Winter campaign.pearl.json'],
        [2 + (23 * 60 + 59) / 1440, '2026-11-03 23:59 UTC: created from Winter campaign.pearl.json'],
      ],
    );
    assert.deepEqual(placeMarks([], [record('2026-11-02T06:00:00Z')]), []);
    assert.deepEqual(
      placeMarks([day(5)], [record('2026-11-06T12:00:00Z')]).map((mark) => mark.position),
      [0.5],
      'a single entry lasts a day',
    );
  });

  test("only this Pearl's created and updated deployments are marked, on every time line and in its table", () => {
    const analytics = answerOf(outbound, 30);
    const firstDay = Date.parse(analytics.successRateTimeLine?.[0].date ?? '');
    const inRange = new Date(firstDay + 4 * dayMs + dayMs / 2).toISOString();
    const dashboard = dashboardOf(analytics, [
      record(inRange, 'prl_out', 'updated'),
      record(inRange, 'prl_other'),
      record(inRange, 'prl_out', 'imported'),
      record('2020-01-01T00:00:00Z'),
    ]);
    for (const model of dashboard.charts) {
      if (model.kind !== 'line') continue;
      assert.deepEqual(
        model.marks.map((mark) => mark.position),
        [4.5],
        model.id,
      );
      assert.match(String(model.table.rows[4].at(-1)), /UTC: updated from Winter campaign\.pearl\.json$/);
    }
    assert.deepEqual(dashboard.notes, ['1 other deployment of this Pearl is outside the range.']);
  });
});

describe('the range', () => {
  test('at most 90 days: the last 90 days pass, 90 days and a minute do not', () => {
    const { from, to } = lastDays(90, now);
    assert.deepEqual(checkAnalyticsRange(from, to), { ok: true });
    assert.deepEqual(checkAnalyticsRange(new Date(from.getTime() - 60_000), to), {
      ok: false,
      message: 'The range is longer than 90 days, the most the service gives analytics for.',
    });
    assert.equal(checkAnalyticsRange(to, from).ok, false);
  });

  test('a custom range runs from the start of the first day to the end of the last, both UTC', () => {
    const range = customRange('2026-01-01', '2026-03-31');
    assert.ok(range.ok);
    assert.equal(range.from.toISOString(), '2026-01-01T00:00:00.000Z');
    assert.equal(range.to.toISOString(), '2026-04-01T00:00:00.000Z');
    assert.deepEqual(customRange('2026-01-01', '2026-04-01'), {
      ok: false,
      message: 'That range has 91 days; the service gives analytics for at most 90 days.',
    });
    assert.deepEqual(customRange('2026-02-30', '2026-03-01'), { ok: false, message: '"2026-02-30" is not a date written YYYY-MM-DD.' });
    assert.deepEqual(customRange('2026-03-02', '2026-03-01'), { ok: false, message: 'The last day is before the first day.' });
    assert.equal(exportFileName('prl/../x', 'tags', range.from, range.to, 'csv'), 'prl_x-tags-2026-01-01-2026-04-01.csv');
  });
});

describe('tag colours and page messages', () => {
  test("the colour table has the interface's colour names (server/src/service/interface/enumNames.ts)", () => {
    for (const color of tagColors) {
      const names = (labelColorNames[color.value] ?? '').toLowerCase();
      assert.ok(names.includes(color.name), `${color.value}: ${names} has ${color.name}`);
    }
    assert.deepEqual(tagColorOf('8'), tagColorOf('gradient1'));
    assert.deepEqual(tagColorOf(' #ABC '), { css: '#abc', name: '#abc' });
    assert.deepEqual(tagColorOf('red; background:url(x)'), { css: '#8b8b8b', name: 'unknown colour' });
  });

  test("the page's Content-Security-Policy: nothing remote, no 'unsafe-inline', no eval", () => {
    const csp = getAnalyticsCsp('https://webview.example', 'abc123');
    assert.equal(
      csp,
      "default-src 'none'; img-src https://webview.example data:; style-src https://webview.example 'nonce-abc123'; script-src 'nonce-abc123'; font-src https://webview.example; media-src 'none'; frame-src 'none'",
    );
    const html = getAnalyticsHtml({
      cspSource: 'https://webview.example',
      nonce: 'abc123',
      scriptUri: 'https://webview.example/a.js',
      styleUri: 'https://webview.example/a.css',
    });
    assert.equal(html.match(/<script\b/g)?.length, 1);
    assert.match(html, /<script nonce="abc123" src="https:\/\/webview\.example\/a\.js"><\/script>/);
    assert.doesNotMatch(html, /style="/);
  });

  test('the host accepts only well-formed page messages and PNG bytes', () => {
    assert.ok(isAnalyticsPageMessage({ type: 'exportCsv', chartId: 'tags' }));
    assert.ok(!isAnalyticsPageMessage({ type: 'exportPng', chartId: 'tags', dataUrl: 'data:text/html;base64,AAAA' }));
    assert.ok(!isAnalyticsPageMessage({ type: 'writeFile', path: '/etc/passwd' }));
    const png = 'data:image/png;base64,' + Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2]).toString('base64');
    assert.equal(pngBytes(png)?.length, 10);
    assert.equal(pngBytes('data:image/png;base64,' + Buffer.from('<svg>').toString('base64')), undefined);
  });

  test("the .vsix carries the page's script and stylesheet (.vscodeignore's allowlist)", () => {
    const allowed = fs
      .readFileSync(path.join(repositoryRoot, '.vscodeignore'), 'utf8')
      .split('\n')
      .filter((line) => line.startsWith('!'))
      .map((line) => line.slice(1).trim());
    for (const file of ['dist/analytics.js', 'dist/analytics.css']) {
      assert.ok(
        allowed.some((pattern) => minimatch(file, pattern)),
        `${file} is not packaged`,
      );
    }
  });

  test('the bundled chart library ships its licence in dist/THIRD-PARTY-NOTICES', () => {
    const notices = fs.readFileSync(path.join(repositoryRoot, 'dist', 'THIRD-PARTY-NOTICES'), 'utf8');
    for (const name of ['chart.js', 'chartjs-chart-matrix', '@kurkle/color'])
      assert.match(notices, new RegExp(`^Package: ${name.replace('.', '\\.')}@\\S+ \\(MIT\\)$`, 'm'));
  });
});
