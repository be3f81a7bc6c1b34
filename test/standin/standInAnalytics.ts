/**
 * The stand-in's `POST /v2/Pearl/{pearlId}/Analytics` (docs/user/analytics.md § The service's
 * answer): figures made up deterministically from the Pearl's id and the days of the range, with
 * totals that agree with each other, as the service's would:
 *
 * - every call of every day is drawn once (status, sentiment, hour, duration, cost, tag, events), so
 *   `callsStatusOverview` is the sum of `callsStatusTimeLine`, each status count adds up to
 *   `totalCalls`, the sentiments add up to `totalCalls`, the weekday × hour cells add up to
 *   `totalCalls`, and the tag counts add up to the calls that got a tag;
 * - one time line entry per UTC day that the range touches, `date` at midnight UTC;
 * - `callsPickupRateTimeLine` is empty for an inbound Pearl (the reference gives it for outbound ones).
 *
 * Everything is made by the one function {@link standInAnalytics}, so that it can later be computed
 * from the stand-in's generated calls instead.
 */

import { isInboundPearl, type StandInPearl } from './standInPearls';

/** The longest range answered, in days; longer is a 400, as the service's bound. */
export const standInMaxAnalyticsDays = 90;

const dayMs = 86_400_000;

/** The tags used when the Pearl's request has no `pearl.indicatorTags`. */
const defaultTags = [
  { id: 'bookd1', name: 'Booked', color: 4 },
  { id: 'callbk', name: 'Call back', color: 3 },
  { id: 'angry1', name: 'Upset customer', color: 2 },
  { id: 'spam01', name: 'Spam', color: 1 },
];

/** Status fields of the overview a call can end in (each call counts in exactly one), with weights. */
const outcomes: readonly [string, number][] = [
  ['successful', 30],
  ['completed', 22],
  ['unsuccessful', 14],
  ['needFollowUp', 6],
  ['needRetry', 7],
  ['voiceMailLeft', 8],
  ['unreachable', 6],
  ['wrongNumber', 3],
  ['wrongCountryCode', 1],
  ['error', 3],
];

/** Outcomes where nobody answered (they lower the pickup rate). */
const notPickedUp = new Set(['needRetry', 'voiceMailLeft', 'unreachable', 'wrongNumber', 'wrongCountryCode', 'error']);

/** A 32-bit seeded generator (mulberry32): numbers in [0, 1). */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** A 32-bit hash (FNV-1a) of `text`. */
function hash(text: string): number {
  let value = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) value = Math.imul(value ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return value;
}

function pick(random: () => number, weighted: readonly [string, number][]): string {
  const total = weighted.reduce((sum, [, weight]) => sum + weight, 0);
  let at = random() * total;
  for (const [name, weight] of weighted) {
    at -= weight;
    if (at < 0) return name;
  }
  return weighted[weighted.length - 1][0];
}

/** The Pearl's indicator tags (`pearl.indicatorTags` of its request), else {@link defaultTags}. */
function tagsOf(pearl: StandInPearl): { id: string; name: string; color: number }[] {
  const flow = pearl.request.pearl;
  const tags = typeof flow === 'object' && flow !== null ? (flow as { indicatorTags?: unknown }).indicatorTags : undefined;
  if (!Array.isArray(tags) || tags.length === 0) return defaultTags;
  return tags
    .filter((tag): tag is Record<string, unknown> => typeof tag === 'object' && tag !== null)
    .map((tag, index) => ({
      id: typeof tag.id === 'string' ? tag.id : `tag${index + 1}`,
      name: typeof tag.name === 'string' ? tag.name : '',
      color: typeof tag.color === 'number' ? tag.color : 1,
    }));
}

/**
 * The analytics answer of `pearl` for `from`–`to` (milliseconds since the epoch, `from` < `to`, at
 * most 90 days apart: the caller checks). Deterministic: the same Pearl and days give the same answer.
 */
export function standInAnalytics(pearl: StandInPearl, from: number, to: number): Record<string, unknown> {
  const inbound = isInboundPearl(pearl);
  const tags = tagsOf(pearl);
  const statusKeys = ['totalCalls', 'totalLeads', ...outcomes.map(([name]) => name)];
  const zeroStatus = (): Record<string, number> => Object.fromEntries(statusKeys.map((key) => [key, 0]));
  const overview = zeroStatus();
  const sentiment = { negative: 0, slightlyNegative: 0, neutral: 0, slightlyPositive: 0, positive: 0 };
  const sentimentKeys = Object.keys(sentiment) as (keyof typeof sentiment)[];
  const events = { takeMessageCount: 0, smsSentCount: 0, callTransferredCount: 0, calendarBookedCount: 0, emailSentCount: 0 };
  const cells = new Map<string, number>();
  const tagCounts = tags.map(() => 0);
  const statusTimeLine: Record<string, unknown>[] = [];
  const averageTimeLine: Record<string, unknown>[] = [];
  const costTimeLine: Record<string, unknown>[] = [];
  const pickupTimeLine: Record<string, unknown>[] = [];
  const successTimeLine: Record<string, unknown>[] = [];
  for (let day = Math.floor(from / dayMs) * dayMs; day < to; day += dayMs) {
    const random = seeded(hash(`${pearl.id}|${day}`));
    const weekday = new Date(day).getUTCDay();
    const calls = Math.floor((weekday === 0 || weekday === 6 ? 4 : 14) + random() * 24);
    const status = zeroStatus();
    let seconds = 0;
    let price = 0;
    let pickedUp = 0;
    for (let call = 0; call < calls; call++) {
      const outcome = pick(random, outcomes);
      status[outcome]++;
      if (!notPickedUp.has(outcome)) pickedUp++;
      const hour = Math.min(23, Math.max(0, Math.round(8 + random() * 10 + (random() - 0.5) * 6)));
      cells.set(`${weekday}|${hour}`, (cells.get(`${weekday}|${hour}`) ?? 0) + 1);
      sentiment[sentimentKeys[Math.min(4, Math.floor(random() * random() * 5 + random() * 2.5))]]++;
      const duration = notPickedUp.has(outcome) ? Math.round(random() * 30) : Math.round(45 + random() * 400);
      seconds += duration;
      price += Math.round(duration * 0.15) / 100;
      if (random() < 0.6) tagCounts[Math.floor(random() * tags.length)]++;
      if (random() < 0.1) events.smsSentCount++;
      if (random() < 0.08) events.callTransferredCount++;
      if (random() < 0.05) events.emailSentCount++;
      if (outcome === 'successful' && random() < 0.5) events.calendarBookedCount++;
      if (random() < 0.04) events.takeMessageCount++;
    }
    status.totalCalls = calls;
    status.totalLeads = inbound ? 0 : calls;
    for (const key of statusKeys) overview[key] += status[key];
    const date = new Date(day).toISOString();
    statusTimeLine.push({ date, ...status });
    averageTimeLine.push({ date, averageCallDuration: calls === 0 ? 0 : Math.round((seconds / calls) * 10) / 10 });
    costTimeLine.push({
      date,
      totalPrice: Math.round(price * 100) / 100,
      averageCostPerCall: calls === 0 ? 0 : Math.round((price / calls) * 1000) / 1000,
    });
    if (!inbound) pickupTimeLine.push({ date, pickupRatePercentage: calls === 0 ? 0 : Math.round((pickedUp / calls) * 1000) / 10 });
    successTimeLine.push({ date, successRatePercentage: calls === 0 ? 0 : Math.round((status.successful / calls) * 1000) / 10 });
  }
  return {
    callsStatusOverview: overview,
    callsSentimentOverview: sentiment,
    callsStatusTimeLine: statusTimeLine,
    callsAverageTimeLine: averageTimeLine,
    callsCostTimeLine: costTimeLine,
    callsPickupRateTimeLine: pickupTimeLine,
    callsSuccessRateTimeLine: successTimeLine,
    callLabelCount: tags.map((tag, index) => ({ id: tag.id, name: tag.name, color: String(tag.color), count: tagCounts[index] })),
    callEventsCounts: events,
    callsByHourDayOfWeeks: [...cells].map(([key, count]) => {
      const [dayOfWeek, hourOfDay] = key.split('|').map(Number);
      return { hourOfDay, dayOfWeek, count };
    }),
  };
}

/**
 * The range of an analytics request body `{"from": date-time, "to": date-time}` in milliseconds, or
 * the messages of a 400 (ValidationProblemDetails `errors`) when a date is missing or not a date,
 * `from` is not before `to`, or they are more than {@link standInMaxAnalyticsDays} days apart.
 */
export function readAnalyticsRange(body: string): { from: number; to: number } | { errors: Record<string, string[]> } {
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return { errors: { request: ['The request body is not JSON.'] } };
  }
  const record = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  const time = (name: string): number => (typeof record[name] === 'string' ? Date.parse(record[name]) : Number.NaN);
  const [from, to] = [time('from'), time('to')];
  const errors: Record<string, string[]> = {};
  if (Number.isNaN(from)) errors.from = ['The from field is required (a date-time).'];
  if (Number.isNaN(to)) errors.to = ['The to field is required (a date-time).'];
  if (Object.keys(errors).length > 0) return { errors };
  if (from >= to) return { errors: { from: ['from must be before to.'] } };
  if (to - from > standInMaxAnalyticsDays * dayMs) return { errors: { to: [`The range cannot exceed ${standInMaxAnalyticsDays} days.`] } };
  return { from, to };
}
