/**
 * A Pearl's analytics over a date range: `POST /v2/Pearl/{pearlId}/Analytics` with `{ from, to }`
 * (docs/user/analytics.md § The service's answer). Same rules as the other calls of the client
 * (pearlApiClient.ts): nothing from `vscode`, every outcome is data, the answer bounded in time and
 * size by {@link send}, the token only in the `Authorization` header, every text from the service
 * masked before it reaches a message.
 *
 * The answer is read defensively ({@link readAnalytics}): a list or an object that is missing, null
 * or of another type becomes `undefined` (the page draws that chart empty, with a message), an entry
 * that is not usable is left out and counted, a number that is not finite is left out. Nothing in
 * the answer can make the reader throw.
 */

import { type ApiFailure, describeFailure, excerpt, invalid, isRecord, parseJson, readProblem, send } from './pearlApiClient';

/** The longest range the service accepts, in days (docs/user/analytics.md § The service's answer). */
export const maxAnalyticsDays = 90;

/** One day, in milliseconds. */
export const dayMs = 86_400_000;

/** The status counts of `callsStatusOverview` and of each `callsStatusTimeLine` entry; absent fields are 0. */
export interface StatusCounts {
  readonly totalCalls: number;
  readonly totalLeads: number;
  readonly needRetry: number;
  readonly wrongCountryCode: number;
  readonly needFollowUp: number;
  readonly voiceMailLeft: number;
  readonly successful: number;
  readonly unsuccessful: number;
  readonly wrongNumber: number;
  readonly completed: number;
  readonly unreachable: number;
  readonly error: number;
}

/** The fields of {@link StatusCounts}, in the reference's order. */
export const statusFields: readonly (keyof StatusCounts)[] = [
  'totalCalls',
  'totalLeads',
  'needRetry',
  'wrongCountryCode',
  'needFollowUp',
  'voiceMailLeft',
  'successful',
  'unsuccessful',
  'wrongNumber',
  'completed',
  'unreachable',
  'error',
];

/** `callsSentimentOverview`: calls per overall sentiment, negative to positive; absent fields are 0. */
export interface SentimentCounts {
  readonly negative: number;
  readonly slightlyNegative: number;
  readonly neutral: number;
  readonly slightlyPositive: number;
  readonly positive: number;
}

/** The fields of {@link SentimentCounts}, negative to positive. */
export const sentimentFields: readonly (keyof SentimentCounts)[] = [
  'negative',
  'slightlyNegative',
  'neutral',
  'slightlyPositive',
  'positive',
];

/** `callEventsCounts`: what the agent did during the range's calls; absent fields are 0. */
export interface EventCounts {
  readonly takeMessageCount: number;
  readonly smsSentCount: number;
  readonly callTransferredCount: number;
  readonly calendarBookedCount: number;
  readonly emailSentCount: number;
}

/** The fields of {@link EventCounts}. */
export const eventFields: readonly (keyof EventCounts)[] = [
  'smsSentCount',
  'callTransferredCount',
  'emailSentCount',
  'calendarBookedCount',
  'takeMessageCount',
];

/**
 * One entry of a time line: `date` as sent (a date-time string), `time` its instant in milliseconds
 * since the epoch, and the entry's numbers (null when the service sent none, or one that is not finite).
 */
export interface TimePoint<Fields extends string> {
  readonly date: string;
  readonly time: number;
  readonly values: Readonly<Record<Fields, number | null>>;
}

/** One indicator tag of `callLabelCount`: `color` as sent (a string; see analytics/tagColors.ts). */
export interface LabelCount {
  readonly id: string;
  readonly name: string;
  readonly color: string;
  readonly count: number;
}

/** One cell of `callsByHourDayOfWeeks`: hour 0–23, day of week 0 Sunday – 6 Saturday (.NET's DayOfWeek). */
export interface HourDayCount {
  readonly hourOfDay: number;
  readonly dayOfWeek: number;
  readonly count: number;
}

/**
 * The analytics of one Pearl over a range, as read by {@link readAnalytics}. A part the answer did not
 * carry (absent, null, of another type) is undefined; `dropped` counts the entries left out of the
 * lists because they were not usable (no date, a count that is no number, a cell outside the week).
 * Time lines are sorted by time.
 */
export interface PearlAnalytics {
  readonly statusOverview?: StatusCounts;
  readonly sentimentOverview?: SentimentCounts;
  readonly statusTimeLine?: readonly TimePoint<keyof StatusCounts>[];
  readonly averageTimeLine?: readonly TimePoint<'averageCallDuration'>[];
  readonly costTimeLine?: readonly TimePoint<'totalPrice' | 'averageCostPerCall'>[];
  readonly pickupRateTimeLine?: readonly TimePoint<'pickupRatePercentage'>[];
  readonly successRateTimeLine?: readonly TimePoint<'successRatePercentage'>[];
  readonly labelCounts?: readonly LabelCount[];
  readonly eventCounts?: EventCounts;
  readonly hourDayCounts?: readonly HourDayCount[];
  readonly dropped: number;
}

/** The outcome of {@link getPearlAnalytics}. */
export type PearlAnalyticsResult = { ok: true; analytics: PearlAnalytics } | ApiFailure;

/** Most entries read from one list of the answer; the rest are counted in `dropped`. */
export const maxListEntries = 2_000;

/**
 * Checks a range before it is sent: `from` before `to`, both valid instants, at most
 * {@link maxAnalyticsDays} days apart. Returns a sentence for the user when it is refused.
 */
export function checkAnalyticsRange(from: Date, to: Date): { ok: true } | { ok: false; message: string } {
  if (Number.isNaN(from.getTime()) || Number.isNaN(to.getTime())) return { ok: false, message: 'The range has a date that is not valid.' };
  if (from.getTime() >= to.getTime()) return { ok: false, message: 'The range must start before it ends.' };
  if (to.getTime() - from.getTime() > maxAnalyticsDays * dayMs) {
    return { ok: false, message: `The range is longer than ${maxAnalyticsDays} days, the most the service gives analytics for.` };
  }
  return { ok: true };
}

/**
 * A Pearl's analytics: `POST {baseUrl}/v2/Pearl/{pearlId}/Analytics` with `{"from": ISO, "to": ISO}`,
 * `pearlId` URL-encoded. A range refused by {@link checkAnalyticsRange} is not sent (a `validation`
 * failure with that message). 401/403, 404, 429 and 5xx are failures as for the other calls; a 200
 * that is not a JSON object is `invalidResponse`; any object is read with {@link readAnalytics}.
 * Never rejects.
 */
export async function getPearlAnalytics(options: {
  baseUrl: string;
  token: string;
  pearlId: string;
  from: Date;
  to: Date;
  timeoutMs: number;
  signal?: AbortSignal;
}): Promise<PearlAnalyticsResult> {
  const range = checkAnalyticsRange(options.from, options.to);
  if (!range.ok) return { ok: false, kind: 'validation', message: `Not sent: ${range.message}` };
  const answer = await send({
    baseUrl: options.baseUrl,
    token: options.token,
    method: 'POST',
    path: `/v2/Pearl/${encodeURIComponent(options.pearlId)}/Analytics`,
    body: JSON.stringify({ from: options.from.toISOString(), to: options.to.toISOString() }),
    accept: 'application/json',
    timeoutMs: options.timeoutMs,
    signal: options.signal,
  });
  if (!answer.ok) return answer;
  const { response, text } = answer;
  if (!response.ok) return describeFailure(response, text, readProblem(text, options.token), options.token);
  const value = parseJson(text);
  if (!isRecord(value)) return invalid(response.status, `The analytics answer is not a JSON object: ${excerpt(text, options.token)}`);
  return { ok: true, analytics: readAnalytics(value) };
}

/** Reads the analytics answer `value` (any JSON); see {@link PearlAnalytics}. Never throws. */
export function readAnalytics(value: unknown): PearlAnalytics {
  const answer = isRecord(value) ? value : {};
  const counter = { dropped: 0 };
  const statusOverview = readCounts(field(answer, 'callsStatusOverview'), statusFields);
  const sentimentOverview = readCounts(field(answer, 'callsSentimentOverview'), sentimentFields);
  const eventCounts = readCounts(field(answer, 'callEventsCounts'), eventFields);
  return {
    ...(statusOverview ? { statusOverview } : {}),
    ...(sentimentOverview ? { sentimentOverview } : {}),
    ...optional('statusTimeLine', readTimeLine(field(answer, 'callsStatusTimeLine'), statusFields, counter)),
    ...optional('averageTimeLine', readTimeLine(field(answer, 'callsAverageTimeLine'), ['averageCallDuration'] as const, counter)),
    ...optional('costTimeLine', readTimeLine(field(answer, 'callsCostTimeLine'), ['totalPrice', 'averageCostPerCall'] as const, counter)),
    ...optional('pickupRateTimeLine', readTimeLine(field(answer, 'callsPickupRateTimeLine'), ['pickupRatePercentage'] as const, counter)),
    ...optional(
      'successRateTimeLine',
      readTimeLine(field(answer, 'callsSuccessRateTimeLine'), ['successRatePercentage'] as const, counter),
    ),
    ...optional('labelCounts', readLabels(field(answer, 'callLabelCount'), counter)),
    ...(eventCounts ? { eventCounts } : {}),
    ...optional('hourDayCounts', readHourDay(field(answer, 'callsByHourDayOfWeeks'), counter)),
    dropped: counter.dropped,
  };
}

function optional<K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } {
  return (value === undefined ? {} : { [key]: value }) as { [P in K]?: V };
}

/** `record[name]`, else the PascalCase spelling (`CallsStatusOverview`) some .NET answers use. */
function field(record: Record<string, unknown>, name: string): unknown {
  const value = record[name];
  return value !== undefined ? value : record[name.charAt(0).toUpperCase() + name.slice(1)];
}

/** A finite number, or undefined. */
function finite(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/** An object of counts: each field a finite number >= 0, else 0; undefined when `value` is no object. */
function readCounts<Key extends string>(value: unknown, fields: readonly Key[]): Record<Key, number> | undefined {
  if (!isRecord(value)) return undefined;
  const counts = {} as Record<Key, number>;
  for (const name of fields) counts[name] = Math.max(0, finite(field(value, name)) ?? 0);
  return counts;
}

/** A time line: the entries with a date that parses, sorted; undefined when `value` is no array. */
function readTimeLine<Key extends string>(
  value: unknown,
  fields: readonly Key[],
  counter: { dropped: number },
): TimePoint<Key>[] | undefined {
  if (!Array.isArray(value)) return undefined;
  counter.dropped += Math.max(0, value.length - maxListEntries);
  const points: TimePoint<Key>[] = [];
  for (const entry of value.slice(0, maxListEntries)) {
    const date = isRecord(entry) ? field(entry, 'date') : undefined;
    const time = typeof date === 'string' ? Date.parse(date) : Number.NaN;
    if (!isRecord(entry) || typeof date !== 'string' || Number.isNaN(time)) {
      counter.dropped++;
      continue;
    }
    const values = {} as Record<Key, number | null>;
    for (const name of fields) values[name] = finite(field(entry, name)) ?? null;
    points.push({ date, time, values });
  }
  return points.sort((a, b) => a.time - b.time);
}

/** `callLabelCount`: entries with a name (else the id) and a count >= 0. */
function readLabels(value: unknown, counter: { dropped: number }): LabelCount[] | undefined {
  if (!Array.isArray(value)) return undefined;
  counter.dropped += Math.max(0, value.length - maxListEntries);
  const labels: LabelCount[] = [];
  for (const entry of value.slice(0, maxListEntries)) {
    const count = isRecord(entry) ? finite(field(entry, 'count')) : undefined;
    if (!isRecord(entry) || count === undefined || count < 0) {
      counter.dropped++;
      continue;
    }
    const text = (name: string): string => {
      const item = field(entry, name);
      return typeof item === 'string' ? item : typeof item === 'number' && Number.isFinite(item) ? String(item) : '';
    };
    labels.push({ id: text('id'), name: text('name'), color: text('color'), count });
  }
  return labels;
}

/** `callsByHourDayOfWeeks`: cells inside the week (hour 0–23, day 0–6) with a count >= 0. */
function readHourDay(value: unknown, counter: { dropped: number }): HourDayCount[] | undefined {
  if (!Array.isArray(value)) return undefined;
  counter.dropped += Math.max(0, value.length - maxListEntries);
  const cells: HourDayCount[] = [];
  for (const entry of value.slice(0, maxListEntries)) {
    const hourOfDay = isRecord(entry) ? finite(field(entry, 'hourOfDay')) : undefined;
    const dayOfWeek = isRecord(entry) ? finite(field(entry, 'dayOfWeek')) : undefined;
    const count = isRecord(entry) ? finite(field(entry, 'count')) : undefined;
    const inWeek =
      hourOfDay !== undefined &&
      dayOfWeek !== undefined &&
      Number.isInteger(hourOfDay) &&
      Number.isInteger(dayOfWeek) &&
      hourOfDay >= 0 &&
      hourOfDay <= 23 &&
      dayOfWeek >= 0 &&
      dayOfWeek <= 6;
    if (!inWeek || count === undefined || count < 0) {
      counter.dropped++;
      continue;
    }
    cells.push({ hourOfDay, dayOfWeek, count });
  }
  return cells;
}
