/**
 * The stand-in's calls (docs/user/calls.md § Operations): what GET /v2/Pearl/{id} (figures), POST
 * /v2/Pearl/{id}/Calls, GET /v2/Call/{id}, PUT /v2/Pearl/{id}/ResetMemory, POST
 * /v1/Outbound/{id}/Call and GET /v1/Outbound/CallRequest/{id} answer.
 *
 * Calls are generated, never stored: the calls of a Pearl on a UTC day depend only on the Pearl's
 * id, its declared variables and tags, and the day (a seeded generator), so every reading, the
 * analytics route and the tests see the same calls. Each day has 1 to 7 calls between 08:00 and
 * 20:00 UTC, only those already started by `now`. Among them: several languages (English,
 * Spanish, Hebrew, Arabic, the last two right-to-left), transfers, failures (Busy, Failed,
 * NoAnswer with no transcript), every variable type in `collectedInfo` plus an id the Pearl does not
 * declare (`platformScore`), and one value that does not fit its type (call 2 of a day). Call 0
 * of every third day ({@link longCallIdFor}) has {@link longTranscriptTurns} turns.
 *
 * For the analytics route: {@link standInCallsFor} gives the calls of a date range (the list's
 * fields plus the sentiment and transfer), {@link standInCallFigures} their per-day counts.
 */
import * as http from 'node:http';
import type { StandInPearl } from './standInPearls';

/** Turns of the long call. */
export const longTranscriptTurns = 2000;

const dayMs = 86_400_000;

/** A generated call: the GET /v2/Call fields; `transcript` only when asked for in full. */
export interface StandInCall {
  id: string;
  pearlId: string;
  relatedId: string | null;
  startTime: string;
  /** Epoch ms of `startTime`. */
  startMs: number;
  conversationStatus: number;
  status: number;
  from: string;
  to: string;
  name: string | null;
  duration: number;
  recording: string | null;
  transcript: { role: number; content: string; startTime: number; endTime: number }[];
  summary: string;
  collectedInfo: { id: string; name: string; value: unknown }[];
  tags: string[];
  isCallTransferred: boolean;
  overallSentiment: number;
  /** The language of the call's texts (`en`, `es`, `he`, `ar`). */
  language: string;
}

/** Counts of the calls of one UTC day (`date` `YYYY-MM-DD`). */
export interface StandInDayFigures {
  date: string;
  total: number;
  /** conversationStatus → count. */
  byConversationStatus: Record<number, number>;
  /** overallSentiment (1..5) → count. */
  bySentiment: Record<number, number>;
  /** tag value → count. */
  byTag: Record<string, number>;
  transferred: number;
  /** Sum of durations, seconds. */
  totalDuration: number;
}

/** A route of this module, for pearlServiceStandIn.ts's router. */
export type CallsRoute =
  | { operation: 'calls'; kind: 'figures' | 'list' | 'resetMemory'; pearlId: string }
  | { operation: 'calls'; kind: 'call'; callId: string }
  | { operation: 'calls'; kind: 'makeCall'; pearlId: string }
  | { operation: 'calls'; kind: 'callRequest'; requestId: string }
  | { operation: 'wrongMethod'; allow: string };

/**
 * The calls operation at `method` `path`, or undefined (then the other routes are tried; in
 * particular `PUT /v2/Pearl/{id}` is the update, not this module's).
 */
export function callsRoute(path: string, method: string): CallsRoute | undefined {
  const trimmed = path.replace(/\/+$/, '');
  const by = (allowed: string, route: CallsRoute): CallsRoute =>
    method === allowed ? route : { operation: 'wrongMethod', allow: allowed };
  let match = /^\/v2\/pearl\/([^/]+)\/(calls|resetmemory)$/i.exec(trimmed);
  if (match) {
    const pearlId = decode(match[1]);
    if (pearlId === undefined) return undefined;
    return match[2].toLowerCase() === 'calls'
      ? by('POST', { operation: 'calls', kind: 'list', pearlId })
      : by('PUT', { operation: 'calls', kind: 'resetMemory', pearlId });
  }
  match = /^\/v2\/pearl\/([^/]+)$/i.exec(trimmed);
  if (match && method === 'GET' && match[1].toLowerCase() !== 'text') {
    const pearlId = decode(match[1]);
    return pearlId === undefined ? undefined : { operation: 'calls', kind: 'figures', pearlId };
  }
  match = /^\/v2\/call\/([^/]+)$/i.exec(trimmed);
  if (match) {
    const callId = decode(match[1]);
    return callId === undefined ? undefined : by('GET', { operation: 'calls', kind: 'call', callId });
  }
  match = /^\/v1\/outbound\/callrequest\/([^/]+)$/i.exec(trimmed);
  if (match) {
    const requestId = decode(match[1]);
    return requestId === undefined ? undefined : by('GET', { operation: 'calls', kind: 'callRequest', requestId });
  }
  match = /^\/v1\/outbound\/([^/]+)\/call$/i.exec(trimmed);
  if (match) {
    const pearlId = decode(match[1]);
    return pearlId === undefined ? undefined : by('POST', { operation: 'calls', kind: 'makeCall', pearlId });
  }
  return undefined;
}

/** What {@link StandInCalls.handle} needs from the service. */
export interface CallsContext {
  readonly pearls: ReadonlyMap<string, StandInPearl>;
  readonly now: number;
  /** The Pearl's ongoing-call counts now (as GET OngoingCalls answers). */
  ongoing(pearl: StandInPearl): { totalOngoingCalls: number; totalOnQueue?: number };
}

/** A make-call request: its answers advance one status per poll. */
interface CallRequest {
  readonly id: string;
  readonly pearlId: string;
  readonly to: string;
  readonly created: string;
  polls: number;
}

/** The calls operations' state: the make-call requests and the numbers forgotten. */
export class StandInCalls {
  /** Make-call requests by id. */
  readonly requests = new Map<string, CallRequest>();
  /** `pearlId phoneNumber` of every ResetMemory, oldest first. */
  readonly forgotten: string[] = [];
  private requestCount = 0;

  /** Answers one calls operation (the token is already checked). */
  async handle(request: http.IncomingMessage, response: http.ServerResponse, route: CallsRoute, context: CallsContext): Promise<void> {
    if (route.operation !== 'calls') return;
    if (route.kind === 'call') {
      const call = callById(route.callId, context);
      return call === undefined
        ? problem(response, 404, 'Not Found', `No call with id ${route.callId}.`)
        : json(response, 200, publicCall(call));
    }
    if (route.kind === 'callRequest') {
      const callRequest = this.requests.get(route.requestId);
      if (callRequest === undefined) return problem(response, 404, 'Not Found', `No call request with id ${route.requestId}.`);
      return json(response, 200, this.advance(callRequest, context));
    }
    const pearl = context.pearls.get(route.pearlId);
    if (pearl === undefined) return problem(response, 404, 'Not Found', `No Pearl with id ${route.pearlId}.`);
    if (route.kind === 'figures') return json(response, 200, figuresOf(pearl, context));
    const body = await readJson(request);
    if (body === undefined) return validation(response, { body: ['The body must be a JSON object sent as application/json.'] });
    if (route.kind === 'list') return listAnswer(response, pearl, body, context.now);
    if (route.kind === 'resetMemory') {
      const phoneNumber = body.phoneNumber;
      if (typeof phoneNumber !== 'string' || phoneNumber.trim() === '')
        return validation(response, { phoneNumber: ['The phoneNumber field is required.'] });
      this.forgotten.push(`${pearl.id} ${phoneNumber}`);
      response.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8' }).end('true');
      return;
    }
    // makeCall
    if (isInbound(pearl)) return validation(response, { outboundId: ['This is not an outbound Pearl.'] });
    const to = body.to;
    if (typeof to !== 'string' || !/^\+?[0-9 ()-]{3,20}$/.test(to.trim()))
      return validation(response, { to: ['The to field must be a phone number.'] });
    if (body.callData !== undefined && body.callData !== null && (typeof body.callData !== 'object' || Array.isArray(body.callData)))
      return validation(response, { callData: ['callData must be an object of variable id to value.'] });
    const id = `req_${++this.requestCount}`;
    this.requests.set(id, { id, pearlId: pearl.id, to: to.trim(), created: new Date(context.now).toISOString(), polls: 0 });
    return json(response, 200, { id, from: '+15550100', to: to.trim(), queuePosition: 1 });
  }

  /**
   * The request's state at this poll: 1st InCallQueue, 2nd OnCall, then Completed with the id of
   * the Pearl's latest generated call; a number ending in `0000` is BlackListed at once.
   */
  private advance(callRequest: CallRequest, context: CallsContext): Record<string, unknown> {
    callRequest.polls++;
    const base = { id: callRequest.id, outboundId: callRequest.pearlId, created: callRequest.created, errors: null, callId: null };
    if (callRequest.to.endsWith('0000')) return { ...base, status: 20, errors: ['The number is on the blacklist.'] };
    if (callRequest.polls === 1) return { ...base, status: 1 };
    if (callRequest.polls === 2) return { ...base, status: 2 };
    const pearl = context.pearls.get(callRequest.pearlId);
    const latest = pearl === undefined ? undefined : standInCallsFor(pearl, context.now - 7 * dayMs, context.now, context.now).at(-1);
    return { ...base, status: 10, callId: latest?.id ?? null };
  }
}

/**
 * The generated calls of `pearl` that started from `fromMs` to `toMs` (epoch ms, inclusive) and
 * by `nowMs`, oldest first, without transcripts (the list's fields, sentiment, transfer, summary and
 * collected values are there). For the analytics route: the same calls POST Calls lists.
 */
export function standInCallsFor(pearl: StandInPearl, fromMs: number, toMs: number, nowMs: number): StandInCall[] {
  const calls: StandInCall[] = [];
  const end = Math.min(toMs, nowMs);
  if (!(fromMs <= end)) return calls;
  // At most 400 days: the analytics' 90-day range and the list's filters stay well inside.
  const firstDay = Math.max(Math.floor(fromMs / dayMs), Math.floor(end / dayMs) - 400);
  for (let day = firstDay; day <= Math.floor(end / dayMs); day++) {
    const count = callsOnDay(pearl.id, day);
    for (let n = 0; n < count; n++) {
      const call = generateCall(pearl, day, n, false);
      if (call.startMs >= fromMs && call.startMs <= end) calls.push(call);
    }
  }
  return calls.sort((a, b) => a.startMs - b.startMs);
}

/** Per-day counts of {@link standInCallsFor}'s calls (UTC days, only days with calls). */
export function standInCallFigures(pearl: StandInPearl, fromMs: number, toMs: number, nowMs: number): StandInDayFigures[] {
  const days = new Map<string, StandInDayFigures>();
  for (const call of standInCallsFor(pearl, fromMs, toMs, nowMs)) {
    const date = call.startTime.slice(0, 10);
    let figures = days.get(date);
    if (figures === undefined) {
      figures = { date, total: 0, byConversationStatus: {}, bySentiment: {}, byTag: {}, transferred: 0, totalDuration: 0 };
      days.set(date, figures);
    }
    figures.total++;
    figures.byConversationStatus[call.conversationStatus] = (figures.byConversationStatus[call.conversationStatus] ?? 0) + 1;
    figures.bySentiment[call.overallSentiment] = (figures.bySentiment[call.overallSentiment] ?? 0) + 1;
    for (const tag of call.tags) figures.byTag[tag] = (figures.byTag[tag] ?? 0) + 1;
    if (call.isCallTransferred) figures.transferred++;
    figures.totalDuration += call.duration;
  }
  return [...days.values()];
}

/**
 * The id of the latest long call ({@link longTranscriptTurns} turns) before today (UTC): call 0 of
 * every third day, so one of the last three days, inside the view's default 7 days.
 */
export function longCallIdFor(pearlId: string, nowMs: number): string {
  let day = Math.floor(nowMs / dayMs) - 1;
  while (!isLongDay(day)) day--;
  return callId(day, 0, pearlId);
}

/** The call `id` of `context`'s Pearls, in full (with its transcript), if it exists and has started. */
export function callById(id: string, context: { pearls: ReadonlyMap<string, StandInPearl>; now: number }): StandInCall | undefined {
  const match = /^call-(\d{1,7})-(\d{1,2})-(.+)$/.exec(id);
  if (!match) return undefined;
  const pearl = context.pearls.get(match[3]);
  const day = Number(match[1]);
  const n = Number(match[2]);
  if (pearl === undefined || n >= callsOnDay(pearl.id, day)) return undefined;
  const call = generateCall(pearl, day, n, true);
  return call.startMs <= context.now ? call : undefined;
}

function callId(day: number, n: number, pearlId: string): string {
  return `call-${day}-${n}-${pearlId}`;
}

/** Calls on a day: 1 to 7. */
function callsOnDay(pearlId: string, day: number): number {
  return 1 + Math.floor(random(`${pearlId}|${day}|count`)() * 7);
}

/** A deterministic generator (mulberry32) seeded by a string's FNV-1a hash. */
function random(seed: string): () => number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < seed.length; i++) hash = Math.imul(hash ^ seed.charCodeAt(i), 0x01000193);
  let state = hash >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const phrases: Record<string, { agent: string[]; customer: string[]; summary: string; name: string }> = {
  en: {
    agent: [
      'Hello, this is the front desk. How can I help?',
      'Could you tell me your name, please?',
      'Thank you. I have noted that.',
      'Is there anything else?',
    ],
    customer: ['Hi, I would like to book a visit.', 'It is Dana Levi.', 'Next Tuesday morning works for me.', 'No, that is all, thanks.'],
    summary: 'The customer booked a visit for next Tuesday morning.',
    name: 'Dana Levi',
  },
  es: {
    agent: [
      'Hola, le atiende la recepción. ¿En qué puedo ayudarle?',
      '¿Me dice su nombre, por favor?',
      'Gracias, lo he anotado.',
      '¿Algo más?',
    ],
    customer: ['Hola, quería pedir una cita.', 'Soy Lucía Gómez.', 'El martes por la mañana me va bien.', 'No, eso es todo, gracias.'],
    summary: 'La clienta pidió una cita para el martes por la mañana.',
    name: 'Lucía Gómez',
  },
  he: {
    agent: ['שלום, כאן הקבלה. איך אפשר לעזור?', 'מה השם שלך, בבקשה?', 'תודה, רשמתי.', 'יש עוד משהו?'],
    customer: ['שלום, אני רוצה לקבוע תור.', 'קוראים לי נועה כהן.', 'יום שלישי בבוקר מתאים לי.', 'לא, זה הכול, תודה.'],
    summary: 'הלקוחה קבעה תור ליום שלישי בבוקר.',
    name: 'נועה כהן',
  },
  ar: {
    agent: ['مرحبا، معك الاستقبال. كيف يمكنني مساعدتك؟', 'ما اسمك من فضلك؟', 'شكرا، لقد سجلت ذلك.', 'هل هناك شيء آخر؟'],
    customer: ['مرحبا، أريد حجز موعد.', 'اسمي ليلى حداد.', 'صباح يوم الثلاثاء يناسبني.', 'لا، هذا كل شيء، شكرا.'],
    summary: 'حجزت العميلة موعدا صباح يوم الثلاثاء.',
    name: 'ليلى حداد',
  },
};
const languages = ['en', 'es', 'he', 'ar'];

/** The default variables of a Pearl that declares none (made in the platform): every type, and a list. */
const defaultVariables: { id: string; name: string; type: number; isList?: boolean }[] = [
  { id: 'customerName', name: 'Customer name', type: 1 },
  { id: 'partySize', name: 'Party size', type: 2 },
  { id: 'amount', name: 'Amount', type: 3 },
  { id: 'agreed', name: 'Agreed', type: 4 },
  { id: 'visitDate', name: 'Visit date', type: 5 },
  { id: 'visitTime', name: 'Visit time', type: 6 },
  { id: 'callbackAt', name: 'Call back at', type: 7 },
  { id: 'interests', name: 'Interests', type: 1, isList: true },
];

/** The declared variables of `pearl` (id, name, type), else {@link defaultVariables}. */
function variablesOf(pearl: StandInPearl): { id: string; name: string; type: number; isList?: boolean }[] {
  const declared = Array.isArray(pearl.request.variables) ? (pearl.request.variables as unknown[]) : [];
  const read = declared.flatMap((variable) => {
    if (typeof variable !== 'object' || variable === null) return [];
    const { id, name, type, isList } = variable as Record<string, unknown>;
    if (typeof id !== 'string') return [];
    return [{ id, name: typeof name === 'string' ? name : id, type: typeof type === 'number' ? type : 1, isList: isList === true }];
  });
  return read.length > 0 ? read : defaultVariables;
}

/** The indicator tag ids of `pearl`, else three default ones. */
function tagsOf(pearl: StandInPearl): string[] {
  const flow = pearl.request.pearl;
  const tags = typeof flow === 'object' && flow !== null ? (flow as Record<string, unknown>).indicatorTags : undefined;
  const ids = Array.isArray(tags)
    ? tags.flatMap((tag) =>
        typeof tag === 'object' && tag !== null && typeof (tag as { id?: unknown }).id === 'string' ? [(tag as { id: string }).id] : [],
      )
    : [];
  return ids.length > 0 ? ids : ['Booked', 'Follow', 'Refund'];
}

function isInbound(pearl: StandInPearl): boolean {
  return typeof pearl.request.inbound === 'object' && pearl.request.inbound !== null;
}

/**
 * Sample String values by a word of the variable's id or name (the first that matches), so that a
 * call's collected values read like a conversation's: a name for a name, a source for a source.
 */
const sampleStrings: readonly { readonly words: RegExp; readonly values: readonly string[] }[] = [
  { words: /name/i, values: [] },
  { words: /vehicle|car|model/i, values: ['2022 Corolla hybrid', 'Used RAV4, under 40k miles', 'Model Y'] },
  { words: /source|channel/i, values: ['Website form', 'Facebook ad', 'Walk-in referral'] },
  { words: /time\s*frame|timeframe|when/i, values: ['Within a month', 'This week', 'Just browsing'] },
  { words: /reason|purpose|topic/i, values: ['Annual check-up', 'Billing question', 'Follow-up visit'] },
  { words: /email/i, values: ['dana@example.com', 'lucia@example.org'] },
  { words: /address|city/i, values: ['12 Harbour Road', 'Springfield'] },
  { words: /phone|number/i, values: ['+15550123456'] },
];

/** A String value for `variable`: the caller's name for a name, else a sample by its words. */
function stringValue(variable: { id: string; name: string }, next: () => number, language: string): string {
  const sample = sampleStrings.find(({ words }) => words.test(variable.id) || words.test(variable.name));
  if (sample === undefined) return `Sample ${variable.name.toLowerCase()} ${1 + Math.floor(next() * 9)}`;
  if (sample.values.length === 0) return phrases[language].name;
  return sample.values[Math.floor(next() * sample.values.length)];
}

/** A value for `variable` of its type (1 String … 7 DateTime) drawn from `next`. */
function valueOf(variable: { id: string; name: string; type: number }, next: () => number, language: string): unknown {
  const type = variable.type;
  if (type === 1 || type < 1 || type > 7) return stringValue(variable, next, language);
  switch (type) {
    case 2:
      return 1 + Math.floor(next() * 8);
    case 3:
      return Math.round(next() * 50_000) / 100;
    case 4:
      return next() < 0.5;
    case 5:
      return `2026-12-${String(1 + Math.floor(next() * 28)).padStart(2, '0')}`;
    case 6:
      return `${String(8 + Math.floor(next() * 10)).padStart(2, '0')}:30:00`;
    default:
      return `2026-12-${String(1 + Math.floor(next() * 28)).padStart(2, '0')}T10:00:00Z`;
  }
}

/** Call `n` of `day` of `pearl`; with `full`, its transcript too. */
function generateCall(pearl: StandInPearl, day: number, n: number, full: boolean): StandInCall {
  const next = random(`${pearl.id}|${day}|${n}`);
  const startMs = day * dayMs + 8 * 3_600_000 + Math.floor(next() * 12 * 3_600_000);
  const language = languages[Math.floor(next() * languages.length)];
  const failure = next();
  const long = n === 0 && isLongDay(day);
  const failed = !long && failure < 0.15;
  const inbound = isInbound(pearl);
  const customer = `+1555${String(Math.floor(next() * 1e7)).padStart(7, '0')}`;
  const line = '+15550100';
  const sentiment = 1 + Math.floor(next() * 5);
  const transferred = !failed && next() < 0.18;
  const allTags = tagsOf(pearl);
  const tags = failed ? [] : allTags.filter(() => next() < 0.4);
  const status = failed ? [5, 6, 7][Math.floor(failure * 20) % 3] : 4;
  const conversationStatus = failed ? (status === 6 ? 500 : 150) : [100, 110, 130, 70][Math.floor(next() * 4)];
  const turns = failed ? 0 : long ? longTranscriptTurns : 4 + Math.floor(next() * 8);
  const duration = failed ? 0 : long ? longTranscriptTurns * 4 : turns * 6 + Math.floor(next() * 30);
  const words = phrases[language];
  const collectedInfo = failed
    ? []
    : [
        ...variablesOf(pearl).map((variable, index) => ({
          id: variable.id,
          name: variable.name,
          // Call 2 of a day: the first Long variable's value does not fit its type.
          value:
            n === 1 && variable.type === 2 && index === variablesOf(pearl).findIndex((v) => v.type === 2)
              ? 'about forty'
              : variable.isList
                ? [valueOf(variable, next, language), valueOf(variable, next, language)]
                : valueOf(variable, next, language),
        })),
        { id: 'platformScore', name: 'Platform score', value: Math.floor(next() * 100) },
      ];
  const call: StandInCall = {
    id: callId(day, n, pearl.id),
    pearlId: pearl.id,
    relatedId: null,
    startTime: new Date(startMs).toISOString(),
    startMs,
    conversationStatus,
    status,
    from: inbound ? customer : line,
    to: inbound ? line : customer,
    name: failed ? null : words.name,
    duration,
    recording: failed ? null : `https://recordings.example.invalid/${encodeURIComponent(pearl.id)}/${day}-${n}.mp3`,
    transcript: [],
    summary: failed ? '' : transferred ? `${words.summary} (transferred)` : words.summary,
    collectedInfo,
    tags,
    isCallTransferred: transferred,
    overallSentiment: sentiment,
    language,
  };
  if (full) call.transcript = transcriptOf(pearl.id, day, n, turns, language);
  return call;
}

/** Whether call 0 of `day` is long: every third day (epoch day divisible by 3). */
function isLongDay(day: number): boolean {
  return day % 3 === 0;
}

function transcriptOf(pearlId: string, day: number, n: number, turns: number, language: string): StandInCall['transcript'] {
  const next = random(`${pearlId}|${day}|${n}|transcript`);
  const words = phrases[language];
  const transcript: StandInCall['transcript'] = [];
  let time = 0;
  for (let i = 0; i < turns; i++) {
    const agent = i % 2 === 0;
    const list = agent ? words.agent : words.customer;
    const content = list[Math.floor(i / 2) % list.length];
    const length = 1.5 + next() * 4;
    transcript.push({
      role: agent ? 1 : 2,
      content,
      startTime: Math.round(time * 10) / 10,
      endTime: Math.round((time + length) * 10) / 10,
    });
    time += length + 0.4;
  }
  return transcript;
}

/** The GET /v2/Call answer of `call` (without the stand-in's own fields). */
function publicCall(call: StandInCall): Record<string, unknown> {
  const answer: Record<string, unknown> = { ...call };
  delete answer.startMs;
  delete answer.language;
  return answer;
}

/** GET /v2/Pearl/{id}: the figures, today's calls from the generated ones. */
function figuresOf(pearl: StandInPearl, context: CallsContext): Record<string, unknown> {
  const todayStart = Math.floor(context.now / dayMs) * dayMs;
  const today = standInCallsFor(pearl, todayStart, context.now, context.now);
  const inbound = isInbound(pearl);
  const ongoing = context.ongoing(pearl);
  const settings = (inbound ? pearl.request.inbound : pearl.request.outbound) as Record<string, unknown> | undefined;
  const name = typeof pearl.request.name === 'string' ? pearl.request.name : null;
  return {
    id: pearl.id,
    name,
    type: inbound ? 1 : 2,
    status: pearl.status,
    phoneNumber: '+15550100',
    totalAgents: typeof settings?.totalAgents === 'number' ? settings.totalAgents : 1,
    created: new Date(pearl.createdAt).toISOString(),
    budgetConsumed: inbound ? 0 : today.length * 3,
    totalTodayCalls: today.length,
    totalOngoingCalls: ongoing.totalOngoingCalls,
    totalOnQueue: inbound ? (ongoing.totalOnQueue ?? 0) : null,
    totalLeads: inbound ? 0 : 40,
    totalLeadsCompleted: inbound ? 0 : 25,
    totalLeadsSuccess: inbound ? 0 : 11,
    budgetTotal: inbound ? null : typeof settings?.budgetTotal === 'number' ? settings.budgetTotal : 500,
  };
}

/** POST /v2/Pearl/{id}/Calls: the filtered, sorted, paged list; 400 without both dates. */
function listAnswer(response: http.ServerResponse, pearl: StandInPearl, body: Record<string, unknown>, now: number): void {
  const from = typeof body.fromDate === 'string' ? Date.parse(body.fromDate) : NaN;
  const to = typeof body.toDate === 'string' ? Date.parse(body.toDate) : NaN;
  const errors: Record<string, string[]> = {};
  if (Number.isNaN(from)) errors.fromDate = ['The fromDate field is required (a date-time).'];
  if (Number.isNaN(to)) errors.toDate = ['The toDate field is required (a date-time).'];
  if (Object.keys(errors).length > 0) return validation(response, errors);
  const skip = Number.isInteger(body.skip) ? Math.max(0, body.skip as number) : 0;
  const limit = Number.isInteger(body.limit) ? Math.max(0, body.limit as number) : 10;
  const statuses = Array.isArray(body.statuses) && body.statuses.length > 0 ? new Set(body.statuses) : undefined;
  const tags = Array.isArray(body.tags) && body.tags.length > 0 ? new Set(body.tags) : undefined;
  const search = typeof body.searchInput === 'string' && body.searchInput.trim() !== '' ? body.searchInput.trim().toLowerCase() : undefined;
  let calls = standInCallsFor(pearl, from, to, now).filter(
    (call) =>
      (statuses === undefined || statuses.has(call.conversationStatus)) &&
      (tags === undefined || call.tags.some((tag) => tags.has(tag))) &&
      (search === undefined || [call.from, call.to, call.name ?? '', call.summary].some((text) => text.toLowerCase().includes(search))),
  );
  if (body.isAscending !== true) calls = calls.reverse();
  const results = calls.slice(skip, skip + limit).map((call) => ({
    id: call.id,
    startTime: call.startTime,
    conversationStatus: call.conversationStatus,
    status: call.status,
    from: call.from,
    to: call.to,
    duration: call.duration,
    tags: call.tags,
  }));
  json(response, 200, { count: calls.length, results });
}

function decode(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}

/** A JSON object body (at most 1 MiB), or undefined. */
async function readJson(request: http.IncomingMessage): Promise<Record<string, unknown> | undefined> {
  const type = (request.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  request.setEncoding('utf8');
  let body = '';
  for await (const chunk of request) if (body.length <= 1024 * 1024) body += chunk as string;
  if (!/json/.test(type) || body.length > 1024 * 1024) return undefined;
  try {
    const value = JSON.parse(body) as unknown;
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

function json(response: http.ServerResponse, status: number, value: unknown): void {
  response.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' }).end(JSON.stringify(value));
}

function problem(response: http.ServerResponse, status: number, title: string, detail: string): void {
  response.writeHead(status, { 'Content-Type': 'application/problem+json; charset=utf-8' }).end(JSON.stringify({ title, status, detail }));
}

function validation(response: http.ServerResponse, errors: Record<string, string[]>): void {
  response
    .writeHead(400, { 'Content-Type': 'application/problem+json; charset=utf-8' })
    .end(JSON.stringify({ title: 'One or more validation errors occurred.', status: 400, errors }));
}
