/**
 * The calls operations of NLPearl's public reference (docs/user/calls.md § Operations): one Pearl's
 * figures, its calls in a date range, one call, forgetting a customer, and placing an outbound test
 * call and following its request. Same rules as `pearlAccountApi.ts`: nothing from `vscode`, every
 * outcome is data (never an exception), every answer bounded in time and size by {@link send}, the
 * token only in the `Authorization` header, every service text masked before it is put in a message.
 *
 * Answers are read defensively: a field of the wrong type is dropped and named in `problems` (one
 * plain sentence each, at most {@link maxProblems}); only an answer that cannot be used at all (not
 * an object, no id) is an `invalidResponse` failure. Lists are bounded (see the `max…` constants)
 * and a cut is counted.
 */

import { cutText } from '../userText';
import { type ApiCallOptions, exchange } from './pearlAccountApi';
import {
  type ApiFailure,
  excerpt,
  invalid,
  isCount,
  isPlausiblePearlId,
  isRecord,
  parseJson,
  type ValidationProblemDetails,
} from './pearlApiClient';

/** Most problems one answer reports (the rest are counted in the last one). */
export const maxProblems = 20;

/** Most calls one page of POST /v2/Pearl/{id}/Calls may ask for (`limit`). */
export const maxCallsPageSize = 100;

/** Most transcript turns read from one call; the rest are counted in `transcriptOmitted`. */
export const maxTranscriptTurns = 5000;

/** Most collected values read from one call; the rest are counted in `collectedOmitted`. */
export const maxCollectedInfo = 500;

/** Most tags read from one call or one list entry; the rest are dropped and said in `problems`. */
export const maxCallTags = 50;

/** Longest string field kept (a phone number, a name, a date), in UTF-16 units; longer ones are cut with `…`. */
export const maxFieldLength = 1000;

/** Longest turn content, summary or collected string value kept, in UTF-16 units (the view shows less). */
export const maxContentLength = 200_000;

/** GET /v2/Pearl/{pearlId}: one Pearl's figures. Absent or ill-typed fields are undefined. */
export interface PearlFigures {
  readonly id: string;
  readonly name?: string;
  /** 1 Inbound, 2 Outbound. */
  readonly type?: number;
  /** 1 Running, 2 Paused, 3 Suspended, 10 TemporaryMaintenance. */
  readonly status?: number;
  readonly phoneNumber?: string;
  readonly totalAgents?: number;
  readonly created?: string;
  readonly budgetConsumed?: number;
  readonly totalTodayCalls?: number;
  readonly totalOngoingCalls?: number;
  /** Inbound only; null or absent otherwise. */
  readonly totalOnQueue?: number;
  readonly totalLeads?: number;
  readonly totalLeadsCompleted?: number;
  readonly totalLeadsSuccess?: number;
  /** Outbound only; null or absent otherwise. */
  readonly budgetTotal?: number;
}

/** The body of POST /v2/Pearl/{pearlId}/Calls. Dates are ISO date-time strings. */
export interface CallsQuery {
  readonly fromDate: string;
  readonly toDate: string;
  /** Calls skipped (0 for the first page). */
  readonly skip: number;
  /** Page size, 1 to {@link maxCallsPageSize}. */
  readonly limit: number;
  readonly sortProp?: string | null;
  readonly isAscending?: boolean;
  /** Indicator tag values; null or absent: every call. */
  readonly tags?: readonly string[] | null;
  /** Conversation status values (plus 1 New, 30 WrongCountryCode, 40 OnCall); null or absent: every call. */
  readonly statuses?: readonly number[] | null;
  readonly searchInput?: string | null;
}

/** One entry of the calls list. Absent or ill-typed fields are undefined; `tags` is always a list. */
export interface CallSummary {
  /** Passes {@link isPlausiblePearlId} (entries without one are skipped). */
  readonly id: string;
  readonly startTime?: string;
  readonly conversationStatus?: number;
  readonly status?: number;
  readonly from?: string;
  readonly to?: string;
  /** Seconds. */
  readonly duration?: number;
  readonly tags: readonly string[];
}

/** One transcript turn. `startTime` and `endTime` are numbers as sent (the reference gives no unit). */
export interface TranscriptTurn {
  /** The raw role (see `callNames.ts`: 1 agent, else customer, assumed). */
  readonly role?: number;
  readonly content: string;
  readonly startTime?: number;
  readonly endTime?: number;
}

/** One collected value: a variable id of the Pearl, its name and its value (any JSON). */
export interface CollectedValue {
  readonly id: string;
  readonly name?: string;
  readonly value: unknown;
}

/** GET /v2/Call/{callId}. Absent or ill-typed fields are undefined; lists are always lists. */
export interface CallDetail {
  readonly id: string;
  readonly pearlId?: string;
  readonly relatedId?: string;
  readonly startTime?: string;
  readonly conversationStatus?: number;
  readonly status?: number;
  readonly from?: string;
  readonly to?: string;
  readonly name?: string;
  /** Seconds. */
  readonly duration?: number;
  /** As sent; the call view opens it only when it is an https URL. */
  readonly recording?: string;
  readonly transcript: readonly TranscriptTurn[];
  /** Turns past {@link maxTranscriptTurns}, not read. */
  readonly transcriptOmitted: number;
  readonly summary?: string;
  readonly collectedInfo: readonly CollectedValue[];
  readonly collectedOmitted: number;
  readonly tags: readonly string[];
  readonly isCallTransferred?: boolean;
  readonly overallSentiment?: number;
}

/** POST /v1/Outbound/{outboundId}/Call's answer. */
export interface CallRequestCreated {
  /** The call request's id (for {@link getCallRequest}). */
  readonly id: string;
  readonly from?: string;
  readonly to?: string;
  readonly queuePosition?: number;
}

/** GET /v1/Outbound/CallRequest/{requestId}. */
export interface CallRequestState {
  readonly id: string;
  /** 1 InCallQueue, 2 OnCall, 10 Completed, 20 BlackListed, 100 Error. */
  readonly status?: number;
  readonly outboundId?: string;
  readonly created?: string;
  readonly errors: readonly string[];
  /** The call, once there is one. */
  readonly callId?: string;
}

/** What the reader found wrong in an answer it could still use: plain sentences. */
type WithProblems = { readonly problems: readonly string[] };

/** The outcome of {@link getPearlFigures}. */
export type PearlFiguresResult = ({ ok: true; figures: PearlFigures } & WithProblems) | ApiFailure;
/** The outcome of {@link listCalls}: `count` all matches; `skipped` entries without a usable id. */
export type ListCallsResult = ({ ok: true; count: number; calls: CallSummary[]; skipped: number } & WithProblems) | ApiFailure;
/** The outcome of {@link getCall}. */
export type CallResult = ({ ok: true; call: CallDetail } & WithProblems) | ApiFailure;
/** The outcome of {@link resetMemory}; `problem` on a 400. */
export type ResetMemoryResult = { ok: true } | (ApiFailure & { problem?: ValidationProblemDetails });
/** The outcome of {@link makeCall}; `problem` on a 400. */
export type MakeCallResult =
  ({ ok: true; request: CallRequestCreated } & WithProblems) | (ApiFailure & { problem?: ValidationProblemDetails });
/** The outcome of {@link getCallRequest}. */
export type CallRequestResult = ({ ok: true; request: CallRequestState } & WithProblems) | ApiFailure;

/**
 * One Pearl's figures: `GET {baseUrl}/v2/Pearl/{pearlId}` (§ GET /v2/Pearl/{pearlId}). 200 must be
 * a JSON object; `id` falls back to `pearlId` when absent. Never rejects.
 */
export async function getPearlFigures(options: ApiCallOptions & { pearlId: string }): Promise<PearlFiguresResult> {
  const answer = await exchange(options, 'GET', `/v2/Pearl/${encodeURIComponent(options.pearlId)}`);
  if (!answer.ok) return answer;
  const value = parseJson(answer.text);
  if (!isRecord(value)) return invalid(answer.status, `The Pearl's figures are not a JSON object: ${excerpt(answer.text, options.token)}`);
  const reader = new Reader('The Pearl figures');
  const id = reader.id(value, 'id') ?? options.pearlId;
  const counts = [
    'totalAgents',
    'totalTodayCalls',
    'totalOngoingCalls',
    'totalOnQueue',
    'totalLeads',
    'totalLeadsCompleted',
    'totalLeadsSuccess',
  ];
  const figures: Record<string, unknown> = { id };
  for (const field of ['name', 'phoneNumber', 'created']) figures[field] = reader.text(value, field);
  for (const field of ['type', 'status']) figures[field] = reader.int(value, field);
  for (const field of counts) figures[field] = reader.count(value, field);
  for (const field of ['budgetConsumed', 'budgetTotal']) figures[field] = reader.number(value, field);
  return { ok: true, figures: dropUndefined(figures) as unknown as PearlFigures, problems: reader.problems };
}

/**
 * One page of a Pearl's calls: `POST {baseUrl}/v2/Pearl/{pearlId}/Calls` with `query` (§ POST
 * /v2/Pearl/{pearlId}/Calls). `limit` is clamped to 1..{@link maxCallsPageSize}, `skip` to >= 0;
 * at most `limit` entries are read. 200 must be `{ count, results }`; an entry without a usable id
 * is skipped and counted. Never rejects.
 */
export async function listCalls(options: ApiCallOptions & { pearlId: string; query: CallsQuery }): Promise<ListCallsResult> {
  const query = options.query;
  const limit = Math.min(maxCallsPageSize, Math.max(1, Math.floor(query.limit)));
  const body = {
    fromDate: query.fromDate,
    toDate: query.toDate,
    skip: Math.max(0, Math.floor(query.skip)),
    limit,
    sortProp: query.sortProp ?? null,
    isAscending: query.isAscending ?? false,
    tags: query.tags === undefined || query.tags === null || query.tags.length === 0 ? null : [...query.tags],
    statuses: query.statuses === undefined || query.statuses === null || query.statuses.length === 0 ? null : [...query.statuses],
    searchInput:
      query.searchInput === undefined || query.searchInput === null || query.searchInput.trim() === '' ? null : query.searchInput,
  };
  const path = `/v2/Pearl/${encodeURIComponent(options.pearlId)}/Calls`;
  const answer = await exchange(options, 'POST', path, JSON.stringify(body));
  if (!answer.ok) return answer;
  const value = parseJson(answer.text);
  if (!isRecord(value)) return invalid(answer.status, `The list of calls is not a JSON object: ${excerpt(answer.text, options.token)}`);
  if (!Array.isArray(value.results)) return invalid(answer.status, 'The list of calls has no "results" list.');
  const reader = new Reader('The list of calls');
  const calls: CallSummary[] = [];
  let skipped = 0;
  for (const [index, entry] of value.results.slice(0, limit).entries()) {
    const entryReader = reader.child(`Call ${index + 1 + body.skip} of the list`);
    const call = isRecord(entry) ? readSummary(entry, entryReader) : undefined;
    if (call === undefined) skipped++;
    else calls.push(call);
  }
  if (value.results.length > limit)
    reader.note(`The service sent ${value.results.length} calls for a page of ${limit}; the rest were not read.`);
  let count = reader.count(value, 'count');
  if (count === undefined) count = body.skip + value.results.length;
  return { ok: true, count, calls, skipped, problems: reader.problems };
}

/** A call list entry, or undefined without a usable id. */
function readSummary(entry: Record<string, unknown>, reader: Reader): CallSummary | undefined {
  const id = reader.id(entry, 'id');
  if (id === undefined) return undefined;
  return dropUndefined({
    id,
    startTime: reader.text(entry, 'startTime'),
    conversationStatus: reader.int(entry, 'conversationStatus'),
    status: reader.int(entry, 'status'),
    from: reader.text(entry, 'from'),
    to: reader.text(entry, 'to'),
    duration: reader.number(entry, 'duration'),
    tags: reader.tags(entry),
  }) as unknown as CallSummary;
}

/**
 * One call: `GET {baseUrl}/v2/Call/{callId}` (§ GET /v2/Call/{callId}). 200 must be a JSON object;
 * `id` falls back to `callId`. Lists are bounded ({@link maxTranscriptTurns},
 * {@link maxCollectedInfo}, {@link maxCallTags}); texts at {@link maxContentLength}. Never rejects.
 */
export async function getCall(options: ApiCallOptions & { callId: string }): Promise<CallResult> {
  const answer = await exchange(options, 'GET', `/v2/Call/${encodeURIComponent(options.callId)}`);
  if (!answer.ok) return answer;
  const value = parseJson(answer.text);
  if (!isRecord(value)) return invalid(answer.status, `The call is not a JSON object: ${excerpt(answer.text, options.token)}`);
  return { ok: true, ...readCallDetail(value, options.callId) };
}

/**
 * A {@link CallDetail} from a parsed GET /v2/Call answer (also what a `callWebhookUrl` receives),
 * with what was wrong in it. `fallbackId` is used when `id` is absent. Never throws.
 */
export function readCallDetail(value: Record<string, unknown>, fallbackId: string): { call: CallDetail; problems: readonly string[] } {
  const reader = new Reader('The call');
  const transcript: TranscriptTurn[] = [];
  let transcriptOmitted = 0;
  if (Array.isArray(value.transcript)) {
    const turns = value.transcript;
    transcriptOmitted = Math.max(0, turns.length - maxTranscriptTurns);
    let bad = 0;
    for (const turn of turns.slice(0, maxTranscriptTurns)) {
      if (!isRecord(turn)) {
        bad++;
        continue;
      }
      const content = typeof turn.content === 'string' ? cutText(turn.content, maxContentLength) : turn.content == null ? '' : undefined;
      if (content === undefined) bad++;
      transcript.push(
        dropUndefined({
          role: isInt32(turn.role) ? turn.role : undefined,
          content: content ?? '',
          startTime: finite(turn.startTime),
          endTime: finite(turn.endTime),
        }) as unknown as TranscriptTurn,
      );
    }
    if (bad > 0)
      reader.note(`${bad} transcript ${bad === 1 ? 'turn is' : 'turns are'} not an object with text content; shown empty or left out.`);
  } else if (value.transcript !== undefined && value.transcript !== null) {
    reader.note('The call\'s "transcript" is not a list; no transcript is shown.');
  }
  const collectedInfo: CollectedValue[] = [];
  let collectedOmitted = 0;
  if (Array.isArray(value.collectedInfo)) {
    collectedOmitted = Math.max(0, value.collectedInfo.length - maxCollectedInfo);
    let bad = 0;
    for (const item of value.collectedInfo.slice(0, maxCollectedInfo)) {
      if (!isRecord(item) || typeof item.id !== 'string' || item.id.trim() === '') {
        bad++;
        continue;
      }
      collectedInfo.push(
        dropUndefined({
          id: cutText(item.id, maxFieldLength),
          name: typeof item.name === 'string' ? cutText(item.name, maxFieldLength) : undefined,
          value: boundValue(item.value),
        }) as unknown as CollectedValue,
      );
    }
    if (bad > 0) reader.note(`${bad} collected ${bad === 1 ? 'value has' : 'values have'} no variable id; left out.`);
  } else if (value.collectedInfo !== undefined && value.collectedInfo !== null) {
    reader.note('The call\'s "collectedInfo" is not a list; no collected values are shown.');
  }
  const call = dropUndefined({
    id: reader.id(value, 'id') ?? fallbackId,
    pearlId: reader.text(value, 'pearlId'),
    relatedId: reader.text(value, 'relatedId'),
    startTime: reader.text(value, 'startTime'),
    conversationStatus: reader.int(value, 'conversationStatus'),
    status: reader.int(value, 'status'),
    from: reader.text(value, 'from'),
    to: reader.text(value, 'to'),
    name: reader.text(value, 'name'),
    duration: reader.number(value, 'duration'),
    recording: reader.text(value, 'recording'),
    transcript,
    transcriptOmitted,
    summary: typeof value.summary === 'string' ? cutText(value.summary, maxContentLength) : reader.text(value, 'summary'),
    collectedInfo,
    collectedOmitted,
    tags: reader.tags(value),
    isCallTransferred: reader.boolean(value, 'isCallTransferred'),
    overallSentiment: reader.int(value, 'overallSentiment'),
  }) as unknown as CallDetail;
  return { call, problems: reader.problems };
}

/**
 * Forgets one customer: `PUT {baseUrl}/v2/Pearl/{pearlId}/ResetMemory` with `{ phoneNumber }`
 * (§ PUT /v2/Pearl/{pearlId}/ResetMemory; the field name is assumed). 200 `true` (JSON or
 * text/plain) is success; `false` an `http` failure with status 200. Never rejects.
 */
export async function resetMemory(options: ApiCallOptions & { pearlId: string; phoneNumber: string }): Promise<ResetMemoryResult> {
  const path = `/v2/Pearl/${encodeURIComponent(options.pearlId)}/ResetMemory`;
  const answer = await exchange(options, 'PUT', path, JSON.stringify({ phoneNumber: options.phoneNumber }), true);
  if (!answer.ok) return answer;
  const value = parseJson(answer.text.trim().toLowerCase());
  if (value === true) return { ok: true };
  if (value === false)
    return { ok: false, kind: 'http', status: answer.status, message: 'The service answered false: it did not forget the customer.' };
  return invalid(answer.status, `The answer is not true or false: ${excerpt(answer.text, options.token)}`);
}

/**
 * Places one outbound call: `POST {baseUrl}/v1/Outbound/{outboundId}/Call` with `{ to, callData }`
 * (§ POST /v1/Outbound/{outboundId}/Call; the product passes the outbound Pearl's id as
 * `outboundId`, assumed). The call rings a real phone and uses credit: the caller asks first. 200
 * must carry the request's `id`. Never rejects.
 */
export async function makeCall(
  options: ApiCallOptions & { outboundId: string; to: string; callData: Readonly<Record<string, string>> | null },
): Promise<MakeCallResult> {
  const path = `/v1/Outbound/${encodeURIComponent(options.outboundId)}/Call`;
  const answer = await exchange(options, 'POST', path, JSON.stringify({ to: options.to, callData: options.callData }), true);
  if (!answer.ok) return answer;
  const value = parseJson(answer.text);
  if (!isRecord(value))
    return invalid(answer.status, `The answer to the call is not a JSON object: ${excerpt(answer.text, options.token)}`);
  const reader = new Reader('The call request');
  const id = reader.id(value, 'id');
  if (id === undefined)
    return invalid(answer.status, 'The answer to the call has no request id: the call may have been placed; look in the Pearls view.');
  const request = dropUndefined({
    id,
    from: reader.text(value, 'from'),
    to: reader.text(value, 'to'),
    queuePosition: reader.count(value, 'queuePosition'),
  }) as unknown as CallRequestCreated;
  return { ok: true, request, problems: reader.problems };
}

/**
 * Where a call request stands: `GET {baseUrl}/v1/Outbound/CallRequest/{requestId}` (§ POST
 * /v1/Outbound/{outboundId}/Call). Never rejects.
 */
export async function getCallRequest(options: ApiCallOptions & { requestId: string }): Promise<CallRequestResult> {
  const answer = await exchange(options, 'GET', `/v1/Outbound/CallRequest/${encodeURIComponent(options.requestId)}`);
  if (!answer.ok) return answer;
  const value = parseJson(answer.text);
  if (!isRecord(value)) return invalid(answer.status, `The call request is not a JSON object: ${excerpt(answer.text, options.token)}`);
  const reader = new Reader('The call request');
  const errors: string[] = [];
  if (Array.isArray(value.errors)) {
    for (const error of value.errors.slice(0, maxProblems)) if (typeof error === 'string') errors.push(cutText(error, maxFieldLength));
  }
  const request = dropUndefined({
    id: reader.id(value, 'id') ?? options.requestId,
    status: reader.int(value, 'status'),
    outboundId: reader.text(value, 'outboundId'),
    created: reader.text(value, 'created'),
    errors,
    callId: value.callId === null || value.callId === undefined ? undefined : reader.id(value, 'callId'),
  }) as unknown as CallRequestState;
  return { ok: true, request, problems: reader.problems };
}

/**
 * Reads typed fields of an answer; a field present with another type is dropped and noted
 * ("The call's "duration" is not a number; it is not shown."). Null and absent fields are simply
 * undefined (the reference allows null for most of them).
 */
class Reader {
  private readonly found: string[];
  private dropped = 0;

  constructor(
    private readonly what: string,
    shared?: string[],
  ) {
    this.found = shared ?? [];
  }

  /** The problems noted so far (this reader and its children). */
  get problems(): readonly string[] {
    return this.dropped === 0 ? this.found : [...this.found, `${this.dropped} more problems in the answer.`];
  }

  /** A reader for a part of the answer, sharing the problems. */
  child(what: string): Reader {
    return new Reader(what, this.found);
  }

  note(problem: string): void {
    if (this.found.length < maxProblems) this.found.push(problem);
    else this.dropped++;
  }

  private wrong(field: string, expected: string): undefined {
    this.note(`${this.what}: "${field}" is not ${expected}; it is not shown.`);
    return undefined;
  }

  text(value: Record<string, unknown>, field: string): string | undefined {
    const fieldValue = value[field];
    if (fieldValue === undefined || fieldValue === null) return undefined;
    if (typeof fieldValue === 'string') return cutText(fieldValue, maxFieldLength);
    if (typeof fieldValue === 'number' && Number.isFinite(fieldValue)) return String(fieldValue);
    return this.wrong(field, 'text');
  }

  id(value: Record<string, unknown>, field: string): string | undefined {
    const fieldValue = value[field];
    if (fieldValue === undefined || fieldValue === null) return undefined;
    const text = typeof fieldValue === 'number' && Number.isSafeInteger(fieldValue) ? String(fieldValue) : fieldValue;
    if (typeof text === 'string' && isPlausiblePearlId(text.trim())) return text.trim();
    return this.wrong(field, 'a usable id (1 to 256 visible characters)');
  }

  int(value: Record<string, unknown>, field: string): number | undefined {
    const fieldValue = value[field];
    if (fieldValue === undefined || fieldValue === null) return undefined;
    return isInt32(fieldValue) ? fieldValue : this.wrong(field, 'a whole number');
  }

  count(value: Record<string, unknown>, field: string): number | undefined {
    const fieldValue = value[field];
    if (fieldValue === undefined || fieldValue === null) return undefined;
    return isCount(fieldValue) ? fieldValue : this.wrong(field, 'a whole number from 0 to 2147483647');
  }

  number(value: Record<string, unknown>, field: string): number | undefined {
    const fieldValue = value[field];
    if (fieldValue === undefined || fieldValue === null) return undefined;
    return finite(fieldValue) ?? this.wrong(field, 'a number');
  }

  boolean(value: Record<string, unknown>, field: string): boolean | undefined {
    const fieldValue = value[field];
    if (fieldValue === undefined || fieldValue === null) return undefined;
    return typeof fieldValue === 'boolean' ? fieldValue : this.wrong(field, 'true or false');
  }

  /** `tags`: the string entries, at most {@link maxCallTags}; anything else noted. */
  tags(value: Record<string, unknown>): string[] {
    const tags = value.tags;
    if (tags === undefined || tags === null) return [];
    if (!Array.isArray(tags)) return this.wrong('tags', 'a list') ?? [];
    const kept = tags.filter((tag): tag is string => typeof tag === 'string').map((tag) => cutText(tag, maxFieldLength));
    if (kept.length < tags.length) this.note(`${this.what}: ${tags.length - kept.length} tags are not text; they are not shown.`);
    if (kept.length > maxCallTags)
      this.note(`${this.what}: ${kept.length - maxCallTags} tags past the first ${maxCallTags} are not shown.`);
    return kept.slice(0, maxCallTags);
  }
}

/** A collected value bounded: long strings cut, deep or wide JSON replaced by its cut JSON text. */
function boundValue(value: unknown): unknown {
  if (typeof value === 'string') return cutText(value, maxContentLength);
  if (value === null || typeof value !== 'object') return value;
  const text = JSON.stringify(value);
  return text.length <= maxFieldLength * 10 ? value : cutText(text, maxFieldLength * 10);
}

function finite(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

function isInt32(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= -2_147_483_648 && value <= 2_147_483_647;
}

function dropUndefined(record: Record<string, unknown>): Record<string, unknown> {
  for (const key of Object.keys(record)) if (record[key] === undefined) delete record[key];
  return record;
}
