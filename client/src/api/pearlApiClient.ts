/**
 * The HTTP client of the Pearl Agent Service (docs/interface.md § Endpoints, § Authentication,
 * § Errors; docs/rulings.md § Service). It imports nothing from `vscode`: the deploy command, the status
 * bar poller and the node tests all call it. It uses Node's global `fetch` and `AbortController`.
 *
 * Every outcome is data, never an exception: a call resolves to `{ ok: true, ... }` or to a failure
 * with a {@link ApiFailureKind}. No message ever contains the bearer token: every text that comes
 * from the service is passed through {@link maskToken} before it is put in a message. No answer is
 * read past {@link maxResponseBytes}.
 */

import { maskToken } from './maskToken';
import { readBoundedBody } from '../readBoundedBody';
import { cutText, showInvisible } from '../userText';

/**
 * Why a call failed:
 * - `unauthorized`: 401 or 403, the service refused the token (§ Authentication); or the token
 *   cannot be a bearer token (empty, spaces, non-ASCII) and nothing was sent.
 * - `validation`: 400 with a ValidationProblemDetails body (§ Errors).
 * - `rateLimited`: 429; `retryAfterSeconds` when the service said how long to wait.
 * - `http`: any other non-200 status (§ Errors: "not shown"), with `status` and a short excerpt.
 * - `network`: the connection failed: before the request was sent (DNS, refused connection, TLS;
 *   or not sent because the base URL is refused by {@link checkBaseUrl}), or after it may have
 *   reached the service (a reset, a closed connection, an answer whose headers are too large):
 *   then `mayHaveArrived` is true.
 * - `timeout`: no complete answer within `timeoutMs`.
 * - `cancelled`: the caller's `signal` aborted the call.
 * - `invalidResponse`: a 200 whose body is not what the interface says (empty id, HTML page,
 *   malformed JSON, an id that {@link isPlausiblePearlId} refuses, a count that is no int32 >= 0), or
 *   an answer of any status larger than {@link maxResponseBytes}.
 */
export type ApiFailureKind =
  'unauthorized' | 'validation' | 'rateLimited' | 'http' | 'network' | 'timeout' | 'cancelled' | 'invalidResponse';

/**
 * The body of a 400 answer (docs/interface.md § Errors). `errors` maps a field path in ASP.NET
 * style (`pearl.nodes[2].name`, any letter case, maybe with a leading `$.`; docs/rulings.md § Service)
 * to its messages. Every field is optional: a body that is not JSON yields no problem at all.
 */
export interface ValidationProblemDetails {
  type?: string;
  title?: string;
  status?: number;
  detail?: string;
  instance?: string;
  errors?: Record<string, string[]>;
}

/**
 * Largest answer body read, in bytes (1 MiB; the interface's answers are a few hundred bytes). A
 * list may ask for more ({@link send}'s `maxBytes`: GET /v2/Pearl reads up to 16 MiB).
 */
export const maxResponseBytes = 1024 * 1024;

/** Longest Pearl id accepted, in UTF-16 units. The interface does not show the id's format. */
export const maxPearlIdLength = 256;

/**
 * Whether `id` can be a Pearl id: 1 to {@link maxPearlIdLength} characters, none of them white
 * space, a control character, an invisible formatting character (bidi controls such as U+202E,
 * zero-width spaces, U+FEFF), a line or paragraph separator, or half of a surrogate pair. The id
 * goes into URLs, records, the status bar and messages, where such characters would hide or
 * reorder text. The interface shows no format, so nothing else is required.
 */
export function isPlausiblePearlId(id: string): boolean {
  return id.length > 0 && id.length <= maxPearlIdLength && !invisibleOrSpace.test(id);
}

/** White space, control, format (bidi, zero-width), separator and lone surrogate characters. */
const invisibleOrSpace = /[\s\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/u;

/**
 * The outcome of {@link createPearl}: the id of the new, live Pearl (trimmed, never empty), or why
 * there is none. `problem` is set for `validation`; `retryAfterSeconds` when the answer carried a
 * `Retry-After` header (429, 503). `message` is one sentence for the user, without the token.
 */
export type CreatePearlResult =
  | { ok: true; pearlId: string }
  | {
      ok: false;
      kind: ApiFailureKind;
      status?: number;
      message: string;
      problem?: ValidationProblemDetails;
      retryAfterSeconds?: number;
      mayHaveArrived?: boolean;
    };

/**
 * Creates a Pearl: `POST {baseUrl}{path}` with `body` (docs/interface.md § POST /v2/Pearl/Text,
 * § POST /v2/Pearl). The Pearl is created already published; this interface has no update, so every
 * successful call creates another Pearl (docs/rulings.md § Service).
 *
 * - `baseUrl` must pass {@link checkBaseUrl}, otherwise nothing is sent (`network` failure).
 * - `token` is sent as `Authorization: Bearer <token>` (§ Authentication) and appears nowhere else.
 * - `body` is the strict JSON of the create request, sent as `application/json`.
 * - `timeoutMs` (milliseconds) bounds the whole exchange, body included; then `timeout`. Values
 *   past Node's timer limit (about 24.8 days) count as that limit.
 * - An answer body larger than {@link maxResponseBytes} is not read further (`invalidResponse`).
 * - `signal` aborts the call; then `cancelled`. A timeout or a cancellation after the request left
 *   does not tell whether the service created the Pearl.
 *
 * The 200 answer is the id as `text/plain` (`abc123`) or as a JSON string (`"abc123"`); both give
 * the same trimmed id, which must pass {@link isPlausiblePearlId}. Never rejects.
 */
export async function createPearl(options: {
  baseUrl: string;
  token: string;
  path: '/v2/Pearl/Text' | '/v2/Pearl';
  body: string;
  timeoutMs: number;
  signal?: AbortSignal;
}): Promise<CreatePearlResult> {
  const answer = await send({
    baseUrl: options.baseUrl,
    token: options.token,
    method: 'POST',
    path: options.path,
    body: options.body,
    accept: 'text/plain, application/json, text/json',
    timeoutMs: options.timeoutMs,
    signal: options.signal,
  });
  if (!answer.ok) return answer;
  const { response, text } = answer;
  if (response.ok) return readPearlId(response, text, options.token);
  const problem = readProblem(text, options.token);
  const failure = describeFailure(response, text, problem, options.token);
  return failure.kind === 'validation' && problem ? { ...failure, problem } : failure;
}

/**
 * The outcome of {@link getOngoingCalls}. `totalOnQueue` is undefined when the service sent it
 * absent or null, as for a Pearl without inbound configuration (docs/rulings.md § Service).
 */
export type OngoingCallsResult =
  | { ok: true; totalOngoingCalls: number; totalOnQueue?: number }
  | { ok: false; kind: ApiFailureKind; status?: number; message: string; retryAfterSeconds?: number };

/**
 * Reads the conversations in progress of a Pearl: `GET {baseUrl}/v2/Pearl/{pearlId}/OngoingCalls`
 * (docs/interface.md § GET /v2/Pearl/{pearlId}/OngoingCalls), `pearlId` URL-encoded. Same
 * `baseUrl`, `token`, `timeoutMs`, `signal` and size rules as {@link createPearl}; an unknown id is
 * an `http` failure with its status (the stand-in answers 404). Both counts must be int32 values
 * >= 0 (the interface says "integer"; .NET's is 32-bit), else `invalidResponse`. Never rejects.
 */
export async function getOngoingCalls(options: {
  baseUrl: string;
  token: string;
  pearlId: string;
  timeoutMs: number;
  signal?: AbortSignal;
}): Promise<OngoingCallsResult> {
  const answer = await send({
    baseUrl: options.baseUrl,
    token: options.token,
    method: 'GET',
    path: `/v2/Pearl/${encodeURIComponent(options.pearlId)}/OngoingCalls`,
    accept: 'application/json',
    timeoutMs: options.timeoutMs,
    signal: options.signal,
  });
  if (!answer.ok) return answer;
  const { response, text } = answer;
  if (!response.ok) return describeFailure(response, text, readProblem(text, options.token), options.token);
  const value = parseJson(text);
  if (!isRecord(value)) return invalid(response.status, `The ongoing-calls answer is not a JSON object: ${excerpt(text, options.token)}`);
  const ongoing = value.totalOngoingCalls;
  const queue = value.totalOnQueue;
  if (!isCount(ongoing))
    return invalid(response.status, 'The ongoing-calls answer has no totalOngoingCalls that is a whole number from 0 to 2147483647.');
  if (queue === undefined || queue === null) return { ok: true, totalOngoingCalls: ongoing };
  if (!isCount(queue))
    return invalid(response.status, 'The ongoing-calls answer has a totalOnQueue that is not a whole number from 0 to 2147483647.');
  return { ok: true, totalOngoingCalls: ongoing, totalOnQueue: queue };
}

/**
 * Checks the `pearl.api.baseUrl` setting before any token is sent (docs/rulings.md § Service): `https`
 * only, `http` only for loopback hosts (`127.0.0.0/8`, `localhost`, `[::1]`), for a local stand-in.
 * Also refused: a URL with a user name or password, a query or a fragment (the operation paths are
 * appended to it). On success `url` is the parsed URL, its path without a trailing slash.
 */
export function checkBaseUrl(baseUrl: string): { ok: true; url: URL } | { ok: false; message: string } {
  let url: URL;
  try {
    url = new URL(baseUrl.trim());
  } catch {
    return { ok: false, message: `"${baseUrl}" is not a URL (expected e.g. https://api.nlpearl.ai).` };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return { ok: false, message: `${url.protocol.replace(/:$/, '')} is not allowed: the base URL must use https.` };
  }
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    return {
      ok: false,
      message: `${url.origin} is refused: http is allowed only for a loopback host (127.0.0.1, localhost, [::1]); use https.`,
    };
  }
  if (url.username !== '' || url.password !== '') {
    return { ok: false, message: 'A base URL must not carry a user name or password.' };
  }
  if (url.search !== '' || url.hash !== '') {
    return { ok: false, message: 'A base URL must not have a query (?) or a fragment (#).' };
  }
  url.pathname = url.pathname.replace(/\/+$/, '');
  return { ok: true, url };
}

function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  if (host === 'localhost' || host === '[::1]') return true;
  // The URL parser has already normalised IPv4 forms (127.1, 0x7f.0.0.1) to dotted decimal.
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/**
 * A failed call: why ({@link ApiFailureKind}), the HTTP status when there was one, one sentence
 * without the token. `mayHaveArrived` (a `network` failure only) is true when the connection broke
 * after the request may have reached the service: a create may have created the Pearl.
 */
export type ApiFailure = {
  ok: false;
  kind: ApiFailureKind;
  status?: number;
  message: string;
  retryAfterSeconds?: number;
  mayHaveArrived?: boolean;
};
type Failure = ApiFailure;

/**
 * One HTTP exchange: the whole answer within `timeoutMs` (at most `maxBytes`, by default
 * {@link maxResponseBytes}; a larger answer is an `invalidResponse` whose message names the request
 * and the bound), or the failure that prevented it. `baseUrl` must pass {@link checkBaseUrl}; the token goes only into the
 * `Authorization` header; redirects are not followed. Never rejects.
 */
export async function send(request: {
  baseUrl: string;
  token: string;
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  body?: string;
  accept: string;
  timeoutMs: number;
  signal?: AbortSignal;
  maxBytes?: number;
}): Promise<{ ok: true; response: Response; text: string } | Failure> {
  const maxBytes = request.maxBytes ?? maxResponseBytes;
  const checked = checkBaseUrl(request.baseUrl);
  if (!checked.ok) return { ok: false, kind: 'network', message: `Not sent: ${checked.message}` };
  const url = `${checked.url.href.replace(/\/+$/, '')}${request.path}`;
  const origin = checked.url.origin;
  if (!/^[\x21-\x7e]+$/.test(request.token)) {
    // fetch would reject the header with a message quoting it; say what is wrong instead.
    return {
      ok: false,
      kind: 'unauthorized',
      message: 'Not sent: the API token is empty or has characters a bearer token cannot have (spaces, non-ASCII).',
    };
  }
  if (request.signal?.aborted) return cancelled();

  // One controller for both causes (AbortSignal.any is not in every Node the editor may run).
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(
    () => {
      timedOut = true;
      controller.abort();
    },
    Math.min(Math.max(0, request.timeoutMs), maxTimerMs),
  );
  const onCallerAbort = (): void => controller.abort();
  request.signal?.addEventListener('abort', onCallerAbort, { once: true });
  let answered = false;
  try {
    const headers: Record<string, string> = { Authorization: `Bearer ${request.token}`, Accept: request.accept };
    if (request.body !== undefined) headers['Content-Type'] = 'application/json';
    const response = await fetch(url, {
      method: request.method,
      headers,
      body: request.body,
      signal: controller.signal,
      redirect: 'manual', // a redirect must not carry the token to another place
    });
    answered = true;
    const text = await readBody(response, controller, maxBytes);
    if (text === undefined) {
      return invalid(
        response.status,
        `The service answered ${statusLineOf(response)} to ${request.method} ${request.path.split('?')[0]} with more than ${formatBound(maxBytes)}, the most read; the answer was not read.`,
      );
    }
    return { ok: true, response, text };
  } catch (error) {
    if (timedOut) return { ok: false, kind: 'timeout', message: `No answer from ${origin} within ${formatDuration(request.timeoutMs)}.` };
    if (request.signal?.aborted) return cancelled();
    const cause = networkCause(error, request.token);
    // Only a failure to connect proves the request never left; anything later may follow its arrival.
    if (answered || !failedToConnect(error)) {
      return {
        ok: false,
        kind: 'network',
        message: `The connection to ${origin} broke after the request was sent: ${cause}.`,
        mayHaveArrived: true,
      };
    }
    return { ok: false, kind: 'network', message: `Could not reach ${origin}: ${cause}.`, mayHaveArrived: false };
  } finally {
    clearTimeout(timer);
    request.signal?.removeEventListener('abort', onCallerAbort);
  }
}

/** Node fires a timer of more than this many milliseconds after 1 ms. */
const maxTimerMs = 2_147_483_647;

/** `1 MiB`, `16 MiB`, or a byte count when not a whole number of MiB. */
function formatBound(bytes: number): string {
  return bytes % (1024 * 1024) === 0 ? `${bytes / (1024 * 1024)} MiB` : `${bytes} bytes`;
}

/**
 * The body as text (UTF-8, as `Response.text()`), or undefined when it is larger than
 * `maxBytes`: by its Content-Length, unread, or once that many bytes have arrived.
 * Then the exchange is aborted, which closes the connection.
 */
async function readBody(response: Response, controller: AbortController, maxBytes: number): Promise<string | undefined> {
  return readBoundedBody(response, maxBytes, controller);
}

/** `404 Not Found`, or `404` when the answer has no reason phrase. */
function statusLineOf(response: Response): string {
  return `${response.status}${response.statusText ? ` ${response.statusText}` : ''}`;
}

function cancelled(): Failure {
  return { ok: false, kind: 'cancelled', message: 'The request was cancelled.' };
}

/** An `invalidResponse` failure with `status` and `message`. */
export function invalid(status: number, message: string): Failure {
  return { ok: false, kind: 'invalidResponse', status, message };
}

/** A 2xx answer of a create (the interface says 200): the id, as text/plain or as a JSON string. */
function readPearlId(response: Response, text: string, token: string): CreatePearlResult {
  const contentType = (response.headers.get('content-type') ?? '').toLowerCase();
  // A captive portal or a proxy may answer 200 with a page: that is no id.
  if (contentType.includes('html'))
    return invalid(response.status, `The service answered with a web page instead of a Pearl id: ${excerpt(text, token)}`);
  let id: unknown = text;
  const trimmed = text.trim();
  if (contentType.includes('json') || trimmed.startsWith('"')) {
    id = parseJson(trimmed);
    if (typeof id !== 'string')
      return invalid(response.status, `The service answered with JSON that is not a Pearl id: ${excerpt(text, token)}`);
  }
  const pearlId = (id as string).trim();
  if (pearlId === '') return invalid(response.status, `The service answered ${response.status} without a Pearl id.`);
  if (!isPlausiblePearlId(pearlId)) {
    return invalid(response.status, `The service answered with something that is not a Pearl id: ${excerpt(pearlId, token)}`);
  }
  return { ok: true, pearlId };
}

/**
 * The failure for a non-200 answer, by status (docs/interface.md § Errors). The message quotes
 * the problem's title and detail when the body is one, else a one-line excerpt of the body.
 */
export function describeFailure(response: Response, text: string, problem: ValidationProblemDetails | undefined, token: string): Failure {
  const status = response.status;
  const statusLine = statusLineOf(response);
  // ASP.NET titles a plain problem with the reason phrase: do not say "404 Not Found: Not Found".
  const untitled =
    problem && problem.title?.trim().toLowerCase() === response.statusText.toLowerCase() ? { ...problem, title: undefined } : problem;
  const said = (untitled && problemMessage(untitled)) || excerpt(text, token);
  const retryAfterSeconds = parseRetryAfter(response.headers.get('retry-after'), Date.now());
  const withRetry = retryAfterSeconds === undefined ? {} : { retryAfterSeconds };
  if (status === 400) {
    return { ok: false, kind: 'validation', status, message: said === '' ? 'The service rejected the request (400).' : said };
  }
  if (status === 401 || status === 403) {
    return { ok: false, kind: 'unauthorized', status, message: `The service refused the token (${statusLine}).` };
  }
  if (status === 429) {
    const wait = retryAfterSeconds === undefined ? '' : ` Try again ${describeWait(retryAfterSeconds)}.`;
    return { ok: false, kind: 'rateLimited', status, message: `The service is limiting the request rate (429).${wait}`, ...withRetry };
  }
  if (status >= 300 && status < 400) {
    return {
      ok: false,
      kind: 'http',
      status,
      message: `The service redirected the request (${status}); redirects are not followed: check the base URL.`,
    };
  }
  return { ok: false, kind: 'http', status, message: `The service answered ${statusLine}${said === '' ? '.' : `: ${said}`}`, ...withRetry };
}

/** ValidationProblemDetails from a body, keeping only well-typed fields (the token masked); undefined when not JSON. */
export function readProblem(text: string, token: string): ValidationProblemDetails | undefined {
  const value = parseJson(text);
  if (!isRecord(value)) return undefined;
  const problem: ValidationProblemDetails = {};
  for (const field of ['type', 'title', 'detail', 'instance'] as const) {
    const fieldValue = value[field];
    if (typeof fieldValue === 'string') problem[field] = showInvisible(maskToken(fieldValue, token));
  }
  if (typeof value.status === 'number') problem.status = value.status;
  if (isRecord(value.errors)) {
    const errors: Record<string, string[]> = {};
    for (const [key, messages] of Object.entries(value.errors)) {
      const list = Array.isArray(messages) ? messages : [messages];
      errors[maskToken(key, token)] = list
        .filter((message): message is string => typeof message === 'string')
        .map((message) => showInvisible(maskToken(message, token)));
    }
    problem.errors = errors;
  }
  return problem;
}

/** "title: detail" of a problem (`''` when it has neither), on one line. */
function problemMessage(problem: ValidationProblemDetails): string {
  const title = problem.title?.trim() ?? '';
  const detail = problem.detail?.trim() ?? '';
  if (title === '' || detail === '') return (title + detail).replace(/\s+/g, ' ');
  return `${title}${/[.!?:]$/.test(title) ? ' ' : ': '}${detail}`.replace(/\s+/g, ' ');
}

/**
 * Seconds to wait from a `Retry-After` header: delay-seconds or an HTTP date (RFC 9110 § 10.2.3),
 * rounded up, never negative; undefined when absent or unreadable.
 */
export function parseRetryAfter(header: string | null, now: number): number | undefined {
  if (header === null) return undefined;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value);
  const date = Date.parse(value);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, Math.ceil((date - now) / 1000));
}

/**
 * When to try again, for a message: `now` (a Retry-After of 0), `in 7 s`, `in 3 min`, `in 2 h`, or `tomorrow or later` from a
 * day on (a Retry-After of 10^20 seconds reads no better as a number). `seconds` is whole seconds
 * as {@link parseRetryAfter} gives them; minutes and hours are rounded up.
 */
export function describeWait(seconds: number): string {
  if (!(seconds < 86_400)) return 'tomorrow or later';
  if (seconds < 1) return 'now';
  if (seconds < 120) return `in ${seconds} s`;
  if (seconds < 7_200) return `in ${Math.ceil(seconds / 60)} min`;
  return `in ${Math.ceil(seconds / 3_600)} h`;
}

/**
 * Error codes of a failure to open the connection (name lookup, TCP connect, TLS handshake):
 * nothing of the request was sent. Every other failure may come after the request arrived.
 */
const connectCodes = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EADDRNOTAVAIL',
  'UND_ERR_CONNECT_TIMEOUT',
  'CERT_HAS_EXPIRED',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);

/** Whether a fetch failure is a failure to connect ({@link connectCodes}). */
function failedToConnect(error: unknown): boolean {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  const code = isRecord(cause) && typeof cause.code === 'string' ? cause.code : undefined;
  return code !== undefined && connectCodes.has(code);
}

/** What a fetch failure says, e.g. `connection refused (ECONNREFUSED)`. */
function networkCause(error: unknown, token: string): string {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  const code = isRecord(cause) && typeof cause.code === 'string' ? cause.code : undefined;
  const known: Record<string, string> = {
    ECONNREFUSED: 'connection refused',
    ECONNRESET: 'connection reset',
    ENOTFOUND: 'host not found',
    EAI_AGAIN: 'host name lookup failed',
    ETIMEDOUT: 'connection timed out',
    EHOSTUNREACH: 'host unreachable',
    UND_ERR_SOCKET: 'the connection was closed',
    UND_ERR_HEADERS_OVERFLOW: "the answer's headers are larger than the client reads",
  };
  if (code !== undefined && known[code] !== undefined) return `${known[code]} (${code})`;
  const message = cause instanceof Error ? cause.message : String(cause);
  return maskToken(code === undefined ? message : `${message} (${code})`, token);
}

/**
 * At most 200 characters of `text` on one line, the token masked, invisible characters shown as
 * `\uXXXX` ({@link showInvisible}). Only the first 4,096 characters are looked at.
 */
export function excerpt(text: string, token: string): string {
  return cutText(showInvisible(maskToken(text.slice(0, 4096), token).replace(/\s+/g, ' ').trim()), 200);
}

function formatDuration(milliseconds: number): string {
  return milliseconds % 1000 === 0 ? `${milliseconds / 1000} s` : `${milliseconds} ms`;
}

/** `text` parsed as JSON, or undefined when it is not JSON. */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Whether `value` is a JSON object (not null, not an array). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A count of the interface: an int32 value >= 0. */
export function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 2_147_483_647;
}
