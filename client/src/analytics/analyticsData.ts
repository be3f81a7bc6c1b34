/**
 * From a Pearl's analytics answer (api/pearlAnalyticsApi.ts) to what the analytics page draws: one
 * {@link ChartModel} per chart, each with its numbers as a {@link ChartTable} (the page's table for
 * screen readers, and the CSV export), and the deployments of the Pearl recorded on this machine placed on the
 * time lines. Nothing here imports `vscode` or touches the DOM: the host prepares, the page draws,
 * the unit tests check the preparation.
 *
 * Every text that comes from the service or a file (tag names, dates, file names) goes through
 * {@link shownText} (one line, invisible and bidi characters shown as `\uXXXX`, bounded); the page
 * puts it in the DOM with `textContent` and Chart.js draws it on a canvas.
 */

import {
  dayMs,
  eventFields,
  type EventCounts,
  maxAnalyticsDays,
  type PearlAnalytics,
  sentimentFields,
  type SentimentCounts,
  type StatusCounts,
  type TimePoint,
} from '../api/pearlAnalyticsApi';
import { pageText } from '../userText';
import { tagColorOf } from './tagColors';

/**
 * A colour of the chart: a theme colour (the page reads `--vscode-charts-<name>` at draw time, so
 * light, dark and high-contrast themes each get theirs) or a CSS hex colour (a tag's own colour).
 */
export type ChartColor = 'green' | 'red' | 'yellow' | 'orange' | 'blue' | 'purple' | 'foreground' | 'lines' | `#${string}`;

/** A chart's numbers as a table: a caption, the column headers and the rows, every cell text or a number. */
export interface ChartTable {
  readonly caption: string;
  readonly columns: readonly string[];
  readonly rows: readonly (readonly (string | number)[])[];
}

/** One series of a bar or line chart: its name, a value per label (null: no value) and colour. */
export interface ChartSeries {
  readonly label: string;
  readonly values: readonly (number | null)[];
  readonly color: ChartColor;
  /** `right`: drawn against a second axis on the right (another unit). */
  readonly axis?: 'left' | 'right';
}

/**
 * A deployment of the Pearl on a time line: `position` is the fractional index on the line's labels
 * (2.5: half-way through the third entry's period), `label` says when and from which file.
 */
export interface DeploymentMark {
  readonly time: string;
  readonly position: number;
  readonly label: string;
}

/** What every chart has: an id (for exports), a title, a message when it is empty or partial, and its table. */
interface ChartBase {
  readonly id: string;
  readonly title: string;
  /** Why the chart is empty, or what is missing from it; shown above the chart. */
  readonly message?: string;
  /** True when there is nothing to draw (the message says why). */
  readonly empty: boolean;
  readonly table: ChartTable;
}

/** A chart of the page. */
export type ChartModel = ChartBase &
  (
    | {
        readonly kind: 'doughnut';
        readonly labels: readonly string[];
        readonly values: readonly number[];
        readonly colors: readonly ChartColor[];
      }
    | {
        readonly kind: 'bar';
        readonly labels: readonly string[];
        readonly values: readonly number[];
        readonly colors: readonly ChartColor[];
        /** The axis of the values, e.g. `Calls`. */
        readonly valueLabel: string;
      }
    | {
        readonly kind: 'line';
        readonly labels: readonly string[];
        readonly series: readonly ChartSeries[];
        readonly marks: readonly DeploymentMark[];
        /** The unit of the left axis (and of the right one, when a series uses it). */
        readonly unit: string;
        readonly rightUnit?: string;
        /** A percentage: the axis runs from 0 to 100. */
        readonly percent?: boolean;
      }
    | {
        readonly kind: 'heatmap';
        /** One cell per hour (0–23) and day of week (0 Sunday – 6 Saturday), every cell present. */
        readonly cells: readonly { readonly hour: number; readonly day: number; readonly count: number }[];
        readonly max: number;
      }
  );

/** The whole page: the Pearl, the range and the charts. */
export interface Dashboard {
  /** How the page names the Pearl: `"Name" (id)`. */
  readonly title: string;
  /** The range in words, e.g. `2026-11-06 to 2026-12-06 (30 days, UTC)`. */
  readonly rangeText: string;
  readonly charts: readonly ChartModel[];
  /** Sentences about the answer as a whole (entries left out, deployments outside the range). */
  readonly notes: readonly string[];
}

/** A deployment record, as the deployment store keeps it (deploy/deploymentStore.ts). */
export interface DeploymentInput {
  readonly pearlId: string;
  /** ISO 8601. */
  readonly time: string;
  readonly uri: string;
  readonly action?: 'created' | 'updated' | 'imported';
}

/** What {@link prepareDashboard} needs besides the answer. */
export interface DashboardInput {
  readonly title: string;
  readonly pearlId: string;
  /** The Pearl's `type`: 1 Inbound, 2 Outbound; the pickup rate is drawn for outbound Pearls only. */
  readonly pearlType?: number;
  readonly from: Date;
  readonly to: Date;
  /** Every deployment record; those of other Pearls and imports are left out. */
  readonly deployments: readonly DeploymentInput[];
}

/** Names of the status overview's bars (the reference's fields), in the order drawn, with their colours. */
const statusBars: readonly { field: keyof StatusCounts; label: string; color: ChartColor }[] = [
  { field: 'successful', label: 'Successful', color: 'green' },
  { field: 'completed', label: 'Completed', color: 'blue' },
  { field: 'unsuccessful', label: 'Not successful', color: 'red' },
  { field: 'needFollowUp', label: 'Need follow-up', color: 'purple' },
  { field: 'needRetry', label: 'Need retry', color: 'orange' },
  { field: 'voiceMailLeft', label: 'Voicemail left', color: 'yellow' },
  { field: 'unreachable', label: 'Unreachable', color: 'foreground' },
  { field: 'wrongNumber', label: 'Wrong number', color: 'foreground' },
  { field: 'wrongCountryCode', label: 'Wrong country code', color: 'foreground' },
  { field: 'error', label: 'Error', color: 'red' },
];

const sentimentNames: Readonly<Record<keyof SentimentCounts, string>> = {
  negative: 'Negative',
  slightlyNegative: 'Slightly negative',
  neutral: 'Neutral',
  slightlyPositive: 'Slightly positive',
  positive: 'Positive',
};
const sentimentColors: readonly ChartColor[] = ['red', 'orange', 'foreground', 'blue', 'green'];

const eventNames: Readonly<Record<keyof EventCounts, string>> = {
  smsSentCount: 'SMS sent',
  callTransferredCount: 'Calls transferred',
  emailSentCount: 'Emails sent',
  calendarBookedCount: 'Bookings',
  takeMessageCount: 'Messages taken',
};
const eventColors: readonly ChartColor[] = ['blue', 'purple', 'yellow', 'green', 'orange'];

/** Day names of the heat map, 0 Sunday to 6 Saturday (.NET's DayOfWeek, which the service uses). */
export const weekdayNames: readonly string[] = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** The page's charts, in order, from the answer; see {@link ChartModel}. Never throws. */
export function prepareDashboard(analytics: PearlAnalytics, input: DashboardInput): Dashboard {
  const notes: string[] = [];
  if (analytics.dropped > 0) {
    notes.push(`${analytics.dropped} ${analytics.dropped === 1 ? 'entry' : 'entries'} of the answer could not be read and are left out.`);
  }
  const deployments = input.deployments.filter((record) => record.pearlId === input.pearlId && record.action !== 'imported');
  const charts: ChartModel[] = [
    statusOverviewChart(analytics.statusOverview),
    sentimentChart(analytics.sentimentOverview),
    callsPerDayChart(analytics.statusTimeLine, deployments),
    lineChart(
      'successRate',
      'Success rate',
      analytics.successRateTimeLine,
      [{ field: 'successRatePercentage', label: 'Success rate (%)', color: 'green' }],
      deployments,
      { unit: '%', percent: true, missing: 'callsSuccessRateTimeLine' },
    ),
  ];
  if (input.pearlType !== 1) {
    charts.push(
      lineChart(
        'pickupRate',
        'Pickup rate',
        analytics.pickupRateTimeLine,
        [{ field: 'pickupRatePercentage', label: 'Pickup rate (%)', color: 'blue' }],
        deployments,
        { unit: '%', percent: true, missing: 'callsPickupRateTimeLine' },
      ),
    );
  }
  charts.push(
    lineChart(
      'averageDuration',
      'Average call duration',
      analytics.averageTimeLine,
      [{ field: 'averageCallDuration', label: 'Average duration (seconds)', color: 'purple' }],
      deployments,
      { unit: 'seconds', missing: 'callsAverageTimeLine' },
    ),
    lineChart(
      'cost',
      'Cost',
      analytics.costTimeLine,
      [
        { field: 'totalPrice', label: 'Total cost', color: 'orange' },
        { field: 'averageCostPerCall', label: 'Average cost per call', color: 'yellow', axis: 'right' },
      ],
      deployments,
      { unit: 'total', rightUnit: 'per call', missing: 'callsCostTimeLine' },
    ),
    heatmapChart(analytics.hourDayCounts),
    tagsChart(analytics.labelCounts),
    eventsChart(analytics.eventCounts),
  );
  const lineLabels = charts.find((chart) => chart.kind === 'line' && !chart.empty);
  if (lineLabels?.kind === 'line') {
    const outside = deployments.length - lineLabels.marks.length;
    if (outside > 0 && lineLabels.marks.length > 0) {
      notes.push(`${outside} other deployment${outside === 1 ? '' : 's'} of this Pearl ${outside === 1 ? 'is' : 'are'} outside the range.`);
    }
  }
  return { title: input.title, rangeText: rangeText(input.from, input.to), charts, notes };
}

/** `2026-11-06 to 2026-12-06 (30 days, UTC)`; the day count rounded up. */
export function rangeText(from: Date, to: Date): string {
  const days = Math.max(1, Math.ceil((to.getTime() - from.getTime()) / dayMs - 1e-9));
  return `${dayOf(from)} to ${dayOf(to)} (${days} day${days === 1 ? '' : 's'}, UTC)`;
}

function dayOf(date: Date): string {
  return Number.isNaN(date.getTime()) ? 'an unknown day' : date.toISOString().slice(0, 10);
}

/** The message of a chart whose part of the answer is missing. */
function missingMessage(field: string): string {
  return `The service sent no ${field}: nothing to draw.`;
}

function statusOverviewChart(overview: StatusCounts | undefined): ChartModel {
  const title = 'Calls by status';
  const columns = ['Status', 'Calls'];
  if (overview === undefined) {
    return emptyBar('statusOverview', title, missingMessage('callsStatusOverview'), columns);
  }
  const rows: (string | number)[][] = [
    ['All calls', overview.totalCalls],
    ['Leads', overview.totalLeads],
    ...statusBars.map((bar) => [bar.label, overview[bar.field]]),
  ];
  return {
    id: 'statusOverview',
    title,
    kind: 'bar',
    labels: statusBars.map((bar) => bar.label),
    values: statusBars.map((bar) => overview[bar.field]),
    colors: statusBars.map((bar) => bar.color),
    valueLabel: 'Calls',
    empty: overview.totalCalls === 0 && statusBars.every((bar) => overview[bar.field] === 0),
    ...(overview.totalCalls === 0 ? { message: 'No calls in this range.' } : {}),
    table: { caption: `${title}: ${overview.totalCalls} calls, ${overview.totalLeads} leads`, columns, rows },
  };
}

function emptyBar(id: string, title: string, message: string, columns: string[]): ChartModel {
  return {
    id,
    title,
    kind: 'bar',
    labels: [],
    values: [],
    colors: [],
    valueLabel: '',
    empty: true,
    message,
    table: { caption: title, columns, rows: [] },
  };
}

function sentimentChart(sentiment: SentimentCounts | undefined): ChartModel {
  const title = 'Sentiment';
  const columns = ['Sentiment', 'Calls'];
  if (sentiment === undefined) {
    return {
      id: 'sentiment',
      title,
      kind: 'doughnut',
      labels: [],
      values: [],
      colors: [],
      empty: true,
      message: missingMessage('callsSentimentOverview'),
      table: { caption: title, columns, rows: [] },
    };
  }
  const labels = sentimentFields.map((name) => sentimentNames[name]);
  const values = sentimentFields.map((name) => sentiment[name]);
  const empty = values.every((value) => value === 0);
  return {
    id: 'sentiment',
    title,
    kind: 'doughnut',
    labels,
    values,
    colors: sentimentColors,
    empty,
    ...(empty ? { message: 'No call of this range has a sentiment.' } : {}),
    table: { caption: `${title} of the calls`, columns, rows: labels.map((label, index) => [label, values[index]]) },
  };
}

/** Longest text from the service or a file shown on the page, in UTF-16 units (the rest is cut with `…`). */
export const maxShownLength = 200;

/**
 * `text` from the service or a file as the page shows it: {@link pageText} (on one line, control,
 * bidi and zero-width characters written `\uXXXX`), cut at {@link maxShownLength} with `…`.
 */
export function shownText(text: string): string {
  return pageText(text, maxShownLength);
}

/** The label of a time line entry: its day (`2026-11-06`) when the date is ISO, else the date as sent. */
export function dateLabel(date: string): string {
  const day = /^\d{4}-\d{2}-\d{2}/.exec(date.trim());
  return day ? day[0] : shownText(date);
}

function callsPerDayChart(
  timeLine: readonly TimePoint<keyof StatusCounts>[] | undefined,
  deployments: readonly DeploymentInput[],
): ChartModel {
  return lineChart(
    'callsPerDay',
    'Calls over time',
    timeLine,
    [
      { field: 'totalCalls', label: 'All calls', color: 'foreground' },
      { field: 'successful', label: 'Successful', color: 'green' },
      { field: 'unsuccessful', label: 'Not successful', color: 'red' },
    ],
    deployments,
    { unit: 'calls', missing: 'callsStatusTimeLine' },
  );
}

/** A time line chart of `fields`, with the deployments marked and a table row per entry. */
function lineChart<Field extends string>(
  id: string,
  title: string,
  timeLine: readonly TimePoint<Field>[] | undefined,
  fields: readonly { field: Field; label: string; color: ChartColor; axis?: 'left' | 'right' }[],
  deployments: readonly DeploymentInput[],
  options: { unit: string; rightUnit?: string; percent?: boolean; missing: string },
): ChartModel {
  const points = timeLine ?? [];
  const labels = points.map((point) => dateLabel(point.date));
  const marks = placeMarks(
    points.map((point) => point.time),
    deployments,
  );
  const series = fields.map(({ field, label, color, axis }) => ({
    label,
    color,
    values: points.map((point) => point.values[field]),
    ...(axis ? { axis } : {}),
  }));
  const markedDays = new Map<number, string[]>();
  for (const mark of marks) {
    const index = Math.floor(mark.position);
    markedDays.set(index, [...(markedDays.get(index) ?? []), mark.label]);
  }
  const rows = labels.map((label, index) => [
    label,
    ...series.map((line) => line.values[index] ?? ''),
    (markedDays.get(index) ?? []).join('; '),
  ]);
  const empty = points.length === 0 || series.every((line) => line.values.every((value) => value === null));
  const message = timeLine === undefined ? missingMessage(options.missing) : empty ? 'No values in this range.' : undefined;
  return {
    id,
    title,
    kind: 'line',
    labels,
    series,
    marks,
    unit: options.unit,
    ...(options.rightUnit ? { rightUnit: options.rightUnit } : {}),
    ...(options.percent ? { percent: true } : {}),
    empty,
    ...(message ? { message } : {}),
    table: { caption: `${title} by day`, columns: ['Date', ...series.map((line) => line.label), 'Deployments'], rows },
  };
}

/**
 * Places deployments on a time line whose entries start at `times` (milliseconds, ascending): entry
 * `i` covers `[times[i], times[i + 1])`, the last one as long as the time between the last two
 * entries (one day for a single entry). A deployment inside entry `i` gets `i` plus the fraction of the
 * entry already past; one before the first entry or after the last one is left out. Records whose
 * time does not parse are left out. Sorted by time.
 */
export function placeMarks(times: readonly number[], deployments: readonly DeploymentInput[]): DeploymentMark[] {
  if (times.length === 0) return [];
  const lastStep = times.length > 1 ? times[times.length - 1] - times[times.length - 2] : dayMs;
  const end = times[times.length - 1] + (lastStep > 0 ? lastStep : dayMs);
  const marks: DeploymentMark[] = [];
  for (const record of deployments) {
    const time = Date.parse(record.time);
    if (Number.isNaN(time) || time < times[0] || time >= end) continue;
    let index = 0;
    while (index + 1 < times.length && times[index + 1] <= time) index++;
    const next = index + 1 < times.length ? times[index + 1] : end;
    const fraction = next > times[index] ? (time - times[index]) / (next - times[index]) : 0;
    marks.push({ time: record.time, position: index + fraction, label: deploymentLabel(record, time) });
  }
  return marks.sort((a, b) => a.position - b.position);
}

/** `2026-11-20 14:05 UTC: updated from support.pearl.json`. */
function deploymentLabel(record: DeploymentInput, time: number): string {
  const when = new Date(time).toISOString().replace('T', ' ').slice(0, 16);
  const file = shownText(fileNameOf(record.uri));
  return `${when} UTC: ${record.action === 'updated' ? 'updated' : 'created'} from ${file}`;
}

/** The last path segment of a URI string, decoded when it can be. */
function fileNameOf(uri: string): string {
  const last =
    uri
      .split(/[/\\]/)
      .filter((part) => part !== '')
      .pop() ?? uri;
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}

function heatmapChart(cells: readonly { hourOfDay: number; dayOfWeek: number; count: number }[] | undefined): ChartModel {
  const title = 'Calls by weekday and hour';
  const columns = ['Day', ...Array.from({ length: 24 }, (_, hour) => `${String(hour).padStart(2, '0')}:00`)];
  const counts = Array.from({ length: 7 }, () => new Array<number>(24).fill(0));
  for (const cell of cells ?? []) counts[cell.dayOfWeek][cell.hourOfDay] += cell.count;
  const all = counts.flatMap((row, day) => row.map((count, hour) => ({ hour, day, count })));
  const max = Math.max(0, ...all.map((cell) => cell.count));
  const empty = max === 0;
  const message = cells === undefined ? missingMessage('callsByHourDayOfWeeks') : empty ? 'No calls in this range.' : undefined;
  return {
    id: 'weekdayHour',
    title,
    kind: 'heatmap',
    cells: all,
    max,
    empty,
    ...(message ? { message } : {}),
    table: {
      caption: `${title} (calls per hour of each weekday)`,
      columns,
      rows: counts.map((row, day) => [weekdayNames[day], ...row]),
    },
  };
}

function tagsChart(labels: readonly { id: string; name: string; color: string; count: number }[] | undefined): ChartModel {
  const title = 'Indicator tags';
  const columns = ['Tag', 'Colour', 'Calls'];
  if (labels === undefined) return emptyBar('tags', title, missingMessage('callLabelCount'), columns);
  const names = labels.map((label) => shownText(label.name.trim() === '' ? `(tag ${label.id || 'without a name'})` : label.name));
  const colors = labels.map((label) => tagColorOf(label.color));
  const empty = labels.length === 0;
  return {
    id: 'tags',
    title,
    kind: 'bar',
    labels: names,
    values: labels.map((label) => label.count),
    colors: colors.map((color) => color.css as ChartColor),
    valueLabel: 'Calls',
    empty,
    ...(empty ? { message: 'This Pearl has no indicator tag, or none was counted.' } : {}),
    table: {
      caption: `${title}: calls per tag`,
      columns,
      rows: labels.map((label, index) => [names[index], colors[index].name, label.count]),
    },
  };
}

function eventsChart(events: EventCounts | undefined): ChartModel {
  const title = 'Events';
  const columns = ['Event', 'Count'];
  if (events === undefined) return emptyBar('events', title, missingMessage('callEventsCounts'), columns);
  const labels = eventFields.map((name) => eventNames[name]);
  const values = eventFields.map((name) => events[name]);
  return {
    id: 'events',
    title,
    kind: 'bar',
    labels,
    values,
    colors: eventColors,
    valueLabel: 'Count',
    empty: false,
    table: { caption: `${title} during the calls`, columns, rows: labels.map((label, index) => [label, values[index]]) },
  };
}

/**
 * A table as CSV (RFC 4180): the header row, then the rows; a field with a comma, a quote or a line
 * break is quoted. A text cell that a spreadsheet would take for a formula (starting with `=`, `+`, `-`,
 * `@`, a tab or a carriage return) gets a leading `'`: a tag named `=HYPERLINK(...)` stays text. Lines
 * end with CRLF.
 */
export function toCsv(table: ChartTable): string {
  const cell = (value: string | number): string => {
    let text = typeof value === 'number' ? String(value) : value;
    if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
    return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  return [table.columns, ...table.rows].map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n';
}

/** A file name for a chart's export: `<pearl id>-<chart id>-<from>-<to>.<extension>`, safe characters only. */
export function exportFileName(pearlId: string, chartId: string, from: Date, to: Date, extension: 'csv' | 'png'): string {
  const safe = (text: string): string => text.replace(/[^A-Za-z0-9_-]+/g, '_').slice(0, 64);
  return `${safe(pearlId)}-${safe(chartId)}-${dayOf(from)}-${dayOf(to)}.${extension}`;
}

/**
 * The range of the last `days` days before `now`: from `now - days` to `now`. `days` from 1 to
 * {@link maxAnalyticsDays}.
 */
export function lastDays(days: number, now: Date): { from: Date; to: Date } {
  return { from: new Date(now.getTime() - days * dayMs), to: new Date(now.getTime()) };
}

/**
 * A custom range from two days written `YYYY-MM-DD` (UTC): from the start of `fromDay` to the end of
 * `toDay` (the start of the next day), both included. A sentence for the user when a day is not a
 * real date, the range is reversed or longer than {@link maxAnalyticsDays} days.
 */
export function customRange(fromDay: string, toDay: string): { ok: true; from: Date; to: Date } | { ok: false; message: string } {
  const from = parseDay(fromDay);
  if (from === undefined) return { ok: false, message: `"${fromDay.trim()}" is not a date written YYYY-MM-DD.` };
  const to = parseDay(toDay);
  if (to === undefined) return { ok: false, message: `"${toDay.trim()}" is not a date written YYYY-MM-DD.` };
  if (to.getTime() < from.getTime()) return { ok: false, message: 'The last day is before the first day.' };
  const end = new Date(to.getTime() + dayMs);
  const days = Math.round((end.getTime() - from.getTime()) / dayMs);
  if (days > maxAnalyticsDays) {
    return { ok: false, message: `That range has ${days} days; the service gives analytics for at most ${maxAnalyticsDays} days.` };
  }
  return { ok: true, from, to: end };
}

/** The start (UTC) of a day written `YYYY-MM-DD`, or undefined when it is no real date. */
export function parseDay(text: string): Date | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text.trim());
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? date : undefined;
}

/**
 * What the page says when the request failed: 401/403 the token, 404 the Pearl, 429 when to try
 * again, 5xx the service, a range refused before sending, and the client's message otherwise.
 */
export function failureText(result: { kind: string; status?: number; message: string; retryAfterSeconds?: number }): string {
  if (result.kind === 'unauthorized') return 'The service refused the API token. Set another one with "Pearl: Set API Token", then Reload.';
  if (result.kind === 'validation' && result.status === undefined) return result.message;
  if (result.status === 404) return 'The service knows no Pearl with this id: it may have been deleted, or belong to another account.';
  if (result.kind === 'rateLimited') {
    const wait = result.retryAfterSeconds === undefined ? 'in a moment' : `in ${result.retryAfterSeconds} s`;
    return `The service is receiving too many requests (429). Reload ${wait}.`;
  }
  if (result.status !== undefined && result.status >= 500) return `The service failed to answer (HTTP ${result.status}). Reload later.`;
  if (result.kind === 'validation') return `The service refused the range: ${result.message}`;
  return result.message;
}
