/**
 * The call rows under a Pearl of the Pearls view (docs/user/calls.md § The Pearls view), without
 * `vscode`: the filter and how it reads, one row per call (start time, duration, from → to,
 * conversation status by name, tags by the Pearl's tag names), the "Load more" row, the cut and
 * error rows, and the Pearl's figures for its tooltip. Every text from the service goes through
 * {@link plainLabel} (one line, invisible characters shown, bounded): rows are plain strings.
 */

import type { CallSummary, PearlFigures } from '../api/pearlCallsApi';
import { plainLabel } from '../userText';
import { callFilterStatusNames, conversationStatusName, nameOf } from './callNames';

/** Calls read per page (POST Calls `limit`). */
export const callsPageSize = 25;

/** Most calls listed under one Pearl; past it, a row says how many are not shown. */
export const maxCallsShown = 500;

/** Days the default filter covers, ending now. */
export const defaultRangeDays = 7;

/** Most days a date range may span (the analytics' bound; a longer list is rarely useful). */
export const maxRangeDays = 366;

const dayMs = 86_400_000;

/** What the view's calls are filtered by. Dates are epoch milliseconds. */
export interface CallsFilter {
  readonly fromMs: number;
  readonly toMs: number;
  /** Undefined: the default range (the last {@link defaultRangeDays} days, ending at each reading). */
  readonly rangeLabel?: string;
  /** Conversation status values (plus 1 New, 30 WrongCountryCode, 40 OnCall); empty: any. */
  readonly statuses: readonly number[];
  /** Indicator tag values; empty: any. */
  readonly tags: readonly string[];
  /** Text search; empty: none. */
  readonly search: string;
}

/** The default filter at `now`: the last {@link defaultRangeDays} days, nothing else. */
export function defaultFilter(now: number): CallsFilter {
  return { fromMs: now - defaultRangeDays * dayMs, toMs: now, statuses: [], tags: [], search: '' };
}

/** Whether `filter` is the default one (any reading time). */
export function isDefaultFilter(filter: CallsFilter): boolean {
  return filter.rangeLabel === undefined && filter.statuses.length === 0 && filter.tags.length === 0 && filter.search === '';
}

/** A tag of a Pearl as its file declares it (`pearl.indicatorTags`): value (id) → name and colour. */
export interface TagInfo {
  readonly name: string;
  /** 1 purple … 9 gradient2 (docs/interface.md § CallLabel); undefined when not given. */
  readonly color?: number;
  readonly description?: string;
}

/** The name of tag `value`: the file's name for it, else the value as sent. */
export function tagLabel(value: string, tags: ReadonlyMap<string, TagInfo> | undefined): string {
  return plainLabel(tags?.get(value)?.name ?? value);
}

/**
 * The active filter in one line, for the view's message: `Calls: 1 Dec – 6 Dec · status Success,
 * Error · tags Booked · search "dana"`; undefined for the default filter.
 */
export function describeFilter(filter: CallsFilter, tags?: ReadonlyMap<string, TagInfo>): string | undefined {
  if (isDefaultFilter(filter)) return undefined;
  const parts = [filter.rangeLabel ?? `last ${defaultRangeDays} days`];
  if (filter.statuses.length > 0) parts.push(`status ${filter.statuses.map((status) => nameOf(callFilterStatusNames, status)).join(', ')}`);
  if (filter.tags.length > 0)
    parts.push(`${filter.tags.length === 1 ? 'tag' : 'tags'} ${filter.tags.map((tag) => tagLabel(tag, tags)).join(', ')}`);
  if (filter.search !== '') parts.push(`search "${plainLabel(filter.search)}"`);
  return `Calls filtered: ${parts.join(' · ')}`;
}

/** A row under a Pearl. `pearlId` is its parent's Pearl. */
export interface CallsRow {
  readonly kind: 'call' | 'callsMore' | 'callsMessage';
  /** Unique in the view: `call:<pearlId>:<callId>`, `callsMore:<pearlId>`, `callsMessage:<pearlId>:<n>`. */
  readonly id: string;
  readonly pearlId: string;
  readonly label: string;
  readonly description?: string;
  /** Plain text, one fact a line. */
  readonly tooltip?: string;
  /** A codicon id. */
  readonly icon: string;
  readonly warning?: boolean;
  readonly call?: CallSummary;
  /** `when`-clause value: `call`, `callsMore`, `callsMessage`. */
  readonly contextValue: string;
  /** One of this extension's commands, with arguments of this extension's own making. */
  readonly command?: { readonly command: string; readonly arguments: readonly unknown[] };
}

/** What the view knows of one Pearl's calls. */
export interface PearlCallsState {
  /** The calls read so far, in the service's order (newest first). */
  readonly calls: readonly CallSummary[];
  /** The service's `count` of every match; undefined before the first page. */
  readonly count?: number;
  readonly loading: boolean;
  /** Why the last reading failed, one sentence without the token. */
  readonly error?: string;
  /** Entries of the answers without a usable id, left out. */
  readonly skipped: number;
  /** What was wrong in the answers, plain sentences. */
  readonly problems: readonly string[];
}

/** The command a call row runs, and the one the "Load more" row runs. */
export const openCallCommand = 'pearl.calls.open';
/** See {@link openCallCommand}. */
export const loadMoreCallsCommand = 'pearl.calls.loadMore';

/** `2026-12-06 14:05` in the local time zone; the text as sent (plain) when it is not a date. */
export function formatLocalTime(iso: string | undefined): string {
  if (iso === undefined) return 'time not reported';
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return plainLabel(iso);
  const date = new Date(time);
  const pad = (value: number): string => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** `0 s`, `45 s`, `3 min 05 s`, `1 h 02 min`; `duration not reported`. Seconds are rounded. */
export function formatDuration(seconds: number | undefined): string {
  if (seconds === undefined || !Number.isFinite(seconds) || seconds < 0) return 'duration not reported';
  const total = Math.round(seconds);
  if (total < 60) return `${total} s`;
  if (total < 3600) return `${Math.floor(total / 60)} min ${String(total % 60).padStart(2, '0')} s`;
  return `${Math.floor(total / 3600)} h ${String(Math.floor((total % 3600) / 60)).padStart(2, '0')} min`;
}

/** The row of one call: label the start time, description duration, from → to, status and tags. */
export function callRow(pearlId: string, call: CallSummary, tags: ReadonlyMap<string, TagInfo> | undefined): CallsRow {
  const status = conversationStatusName(call.conversationStatus);
  const route = `${plainLabel(call.from ?? '?')} → ${plainLabel(call.to ?? '?')}`;
  const tagText = call.tags.map((tag) => tagLabel(tag, tags)).join(', ');
  const duration = formatDuration(call.duration);
  const start = formatLocalTime(call.startTime);
  return {
    kind: 'call',
    id: `call:${pearlId}:${call.id}`,
    pearlId,
    label: start,
    description: [duration, route, status, tagText === '' ? undefined : tagText].filter((part) => part !== undefined).join(' · '),
    tooltip: [
      `Call ${plainLabel(call.id)}`,
      `Started: ${start}`,
      `Duration: ${duration}`,
      `From ${route}`,
      `Conversation status: ${status}`,
      tagText === '' ? 'No tags' : `Tags: ${tagText}`,
    ].join('\n'),
    icon: callIcon(call.conversationStatus),
    warning: call.conversationStatus === 500,
    call,
    contextValue: 'call',
    command: { command: openCallCommand, arguments: [pearlId, call.id] },
  };
}

function callIcon(status: number | undefined): string {
  if (status === 100 || status === 130) return 'pass';
  if (status === 110) return 'circle-slash';
  if (status === 500) return 'error';
  if (status === 150 || status === 300) return 'debug-disconnect';
  if (status === 70) return 'mail';
  return 'call-outgoing';
}

/**
 * The rows under a Pearl: the total (`N calls` with the filter's words), the calls read, then
 * "Load more" while the service has more and fewer than {@link maxCallsShown} are shown, or a row
 * saying the cut; a reading row, an error row, a problems row. Never more than
 * {@link maxCallsShown} + 4 rows.
 */
export function callsRows(pearlId: string, state: PearlCallsState | undefined, tags: ReadonlyMap<string, TagInfo> | undefined): CallsRow[] {
  const message = (n: number, label: string, icon: string, extra: Partial<CallsRow> = {}): CallsRow => ({
    kind: 'callsMessage',
    id: `callsMessage:${pearlId}:${n}`,
    pearlId,
    label,
    icon,
    contextValue: 'callsMessage',
    ...extra,
  });
  if (state === undefined || (state.count === undefined && state.loading)) return [message(0, 'Reading calls…', 'loading~spin')];
  const rows: CallsRow[] = [];
  if (state.count !== undefined) {
    const shown = Math.min(state.calls.length, maxCallsShown);
    rows.push(
      message(
        1,
        state.count === 0 ? 'No calls match.' : `${state.count} ${state.count === 1 ? 'call' : 'calls'}, newest first`,
        'history',
        {
          description: state.count > shown ? `${shown} shown` : undefined,
        },
      ),
    );
  }
  for (const call of state.calls.slice(0, maxCallsShown)) rows.push(callRow(pearlId, call, tags));
  const shown = Math.min(state.calls.length, maxCallsShown);
  const more = state.count !== undefined && state.count > shown;
  if (state.error !== undefined) {
    rows.push(
      message(2, `Could not read calls: ${plainLabel(state.error)}`, 'warning', {
        warning: true,
        tooltip: 'Click to try again.',
        command: { command: loadMoreCallsCommand, arguments: [pearlId] },
      }),
    );
  } else if (state.loading) {
    rows.push(message(3, 'Reading more calls…', 'loading~spin'));
  } else if (more && state.calls.length >= maxCallsShown) {
    rows.push(
      message(4, `${(state.count ?? 0) - shown} more calls not listed (at most ${maxCallsShown}): narrow the filters to see them.`, 'info'),
    );
  } else if (more) {
    rows.push({
      kind: 'callsMore',
      id: `callsMore:${pearlId}`,
      pearlId,
      label: 'Load more',
      description: `${(state.count ?? 0) - shown} more`,
      icon: 'ellipsis',
      contextValue: 'callsMore',
      command: { command: loadMoreCallsCommand, arguments: [pearlId] },
    });
  }
  const left = state.skipped + state.problems.length;
  if (left > 0) {
    const lines = [
      state.skipped > 0 ? `${state.skipped} ${state.skipped === 1 ? 'entry' : 'entries'} without a usable id left out.` : undefined,
      ...state.problems.map((problem) => plainLabel(problem)),
    ].filter((line): line is string => line !== undefined);
    rows.push(message(5, 'Some of the answer could not be read', 'warning', { tooltip: lines.join('\n'), warning: true }));
  }
  return rows;
}

/**
 * The lines GET /v2/Pearl/{id}'s figures add to a Pearl row's tooltip: today's and ongoing calls,
 * the queue (inbound), the budget and leads (outbound), where the service reported them.
 */
export function figuresLines(figures: PearlFigures): string[] {
  const lines: (string | undefined)[] = [
    figures.totalTodayCalls === undefined ? undefined : `Calls today: ${figures.totalTodayCalls}`,
    figures.totalOngoingCalls === undefined ? undefined : `Ongoing: ${figures.totalOngoingCalls}`,
    figures.totalOnQueue === undefined ? undefined : `In queue: ${figures.totalOnQueue}`,
    figures.budgetTotal === undefined
      ? undefined
      : `Budget: ${formatNumber(figures.budgetConsumed ?? 0)} of ${formatNumber(figures.budgetTotal)} used`,
    figures.totalLeads === undefined || figures.type === 1
      ? undefined
      : `Leads: ${figures.totalLeads} (${figures.totalLeadsCompleted ?? 0} completed, ${figures.totalLeadsSuccess ?? 0} successful)`,
    figures.phoneNumber === undefined ? undefined : `Phone number: ${plainLabel(figures.phoneNumber)}`,
  ];
  return lines.filter((line): line is string => line !== undefined);
}

/** `N today` for a Pearl row's description, when the figures carry it. */
export function figuresDescription(figures: PearlFigures | undefined): string | undefined {
  return figures?.totalTodayCalls === undefined ? undefined : `${figures.totalTodayCalls} today`;
}

function formatNumber(value: number): string {
  return Number.isInteger(value) ? String(value) : value.toFixed(2);
}

/** Start of the local day of `time` (epoch ms). */
export function startOfLocalDay(time: number): number {
  const date = new Date(time);
  date.setHours(0, 0, 0, 0);
  return date.getTime();
}

/**
 * A date range from the quick pick: `today`, the last 7, 30 or 90 days (ending at `now`); undefined
 * for an unknown choice.
 */
export function presetRange(choice: 'today' | '7' | '30' | '90', now: number): { fromMs: number; toMs: number; rangeLabel?: string } {
  if (choice === 'today') return { fromMs: startOfLocalDay(now), toMs: now, rangeLabel: 'today' };
  if (choice === '7') return { fromMs: now - 7 * dayMs, toMs: now };
  return { fromMs: now - Number(choice) * dayMs, toMs: now, rangeLabel: `last ${choice} days` };
}

/**
 * A custom range from two `YYYY-MM-DD` dates (local days, both included), or why not: not a date,
 * the end before the start, more than {@link maxRangeDays} days.
 */
export function customRange(from: string, to: string): { fromMs: number; toMs: number; rangeLabel: string } | { error: string } {
  const parse = (text: string): number | undefined => {
    const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text.trim());
    if (!match) return undefined;
    const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
    return date.getMonth() === Number(match[2]) - 1 && date.getDate() === Number(match[3]) ? date.getTime() : undefined;
  };
  const fromMs = parse(from);
  const toDay = parse(to);
  if (fromMs === undefined) return { error: `"${plainLabel(from)}" is not a date written YYYY-MM-DD.` };
  if (toDay === undefined) return { error: `"${plainLabel(to)}" is not a date written YYYY-MM-DD.` };
  if (toDay < fromMs) return { error: 'The last day is before the first day.' };
  const toMs = new Date(new Date(toDay).setDate(new Date(toDay).getDate() + 1)).getTime() - 1;
  if (toMs - fromMs > maxRangeDays * dayMs) return { error: `A range may span at most ${maxRangeDays} days.` };
  return { fromMs, toMs, rangeLabel: `${from.trim()} to ${to.trim()}` };
}

/** Whether `text` is a usable search: at most 200 characters. */
export function checkSearch(text: string): string | undefined {
  return text.length > 200 ? 'At most 200 characters.' : undefined;
}

/** A phone number as typed: `+`, digits, spaces, `-`, `(`, `)`; 3 to 25 characters, at least 3 digits. */
export function checkPhoneNumber(value: string): string | undefined {
  const text = value.trim();
  if (!/^\+?[0-9][0-9 ()-]{1,23}[0-9)]$/.test(text) || (text.match(/\d/g) ?? []).length < 3) {
    return 'Write a phone number: digits, with an optional leading + (e.g. +15551234567).';
  }
  return undefined;
}

/**
 * A Pearl row's `contextValue` with `.outbound` after its state for an outbound Pearl (`type` 2):
 * `pearl.running.linked` → `pearl.running.outbound.linked`, so the test call's menu can match
 * `/^pearl\.[a-z]+\.outbound/` while the Pearls view's own patterns (`/^pearl\.running/`,
 * `/\.linked$/`) still match.
 */
export function withDirection(contextValue: string, type: number | undefined): string {
  return type === 2 ? contextValue.replace(/^(pearl\.[a-z]+)/, '$1.outbound') : contextValue;
}
