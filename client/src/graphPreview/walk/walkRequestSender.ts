/**
 * Sends the request of an API or PreCallAPI node for real, for the walk panel's **Send** (issue 18,
 * docs/user/walks.md § Walk a conversation): the extension host sends it, never the page, after the user confirmed its method
 * and URL (`walkHost.ts`). Only `http:` and `https:` URLs; the answer is read up to
 * {@link maxWalkResponseBytes} and within {@link walkRequestTimeoutMs}; redirects are not followed
 * (the request goes where the user confirmed, and a 3xx is the response). Imports nothing from
 * `vscode`: the unit tests call it against a server on 127.0.0.1. Uses Node's global `fetch`.
 */
import type { WalkRequest, WalkResponse } from '#protocol/walkTypes';
import { readBoundedBody } from '../../readBoundedBody';

/** Largest response body read, in bytes (1 MiB). */
export const maxWalkResponseBytes = 1024 * 1024;

/** Longest wait for the whole response, in milliseconds (10 s). */
export const walkRequestTimeoutMs = 10_000;

/** The methods an API node can have (`GET` … `PATCH`, docs/interface.md § NodeAPISettings). */
const methods = new Set(['GET', 'POST', 'PUT', 'DELETE', 'PATCH']);

/** Bounds of one send (the defaults are the product's; the tests make them small). */
export interface WalkSendOptions {
  readonly timeoutMs?: number;
  readonly maxBytes?: number;
}

/**
 * The outcome of {@link sendWalkRequest}: the response (status and body: the parsed JSON, the text
 * when it is not JSON, absent when empty) with an optional `note` for the user, or a sentence
 * saying why there is none. Never an exception.
 */
export type WalkSendOutcome =
  { readonly ok: true; readonly response: WalkResponse; readonly note?: string } | { readonly ok: false; readonly message: string };

/**
 * Why `request` cannot be sent, as a sentence for the user, or undefined when it can: a method
 * that is not one of the five, a URL that does not parse or is not `http:`/`https:`, or values
 * still unknown in the URL, headers or body (their `{id}` would be sent as is).
 */
export function refusalOf(request: WalkRequest): string | undefined {
  if (!methods.has(request.method)) return `The method ${request.method} cannot be sent: it is not GET, POST, PUT, DELETE or PATCH.`;
  if (request.unknown.length > 0) {
    const ids = request.unknown.map((id) => `{${id}}`).join(', ');
    return `The request still has unknown values (${ids}): set them in the variables table first, or enter the response by hand.`;
  }
  let url: URL;
  try {
    url = new URL(request.url.text);
  } catch {
    return `The URL ${request.url.text} is not a valid absolute URL.`;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return `Only http and https requests are sent, not ${url.protocol.slice(0, -1)}.`;
  return undefined;
}

/**
 * Sends `request` (method, URL, headers, the JSON body when it has one, with
 * `Content-Type: application/json` unless its headers set one) and reads the answer within the
 * bounds of `options`. Refuses, without sending, what {@link refusalOf} refuses.
 */
export async function sendWalkRequest(request: WalkRequest, options: WalkSendOptions = {}): Promise<WalkSendOutcome> {
  const refusal = refusalOf(request);
  if (refusal !== undefined) return { ok: false, message: refusal };
  const timeoutMs = options.timeoutMs ?? walkRequestTimeoutMs;
  const maxBytes = options.maxBytes ?? maxWalkResponseBytes;
  const headers: Record<string, string> = { ...request.headers };
  const hasBody = request.body !== undefined && request.method !== 'GET' && request.method !== 'DELETE';
  if (hasBody && !Object.keys(headers).some((name) => name.toLowerCase() === 'content-type')) headers['Content-Type'] = 'application/json';
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  try {
    const response = await fetch(request.url.text, {
      method: request.method,
      headers,
      body: hasBody ? JSON.stringify(request.body) : undefined,
      signal: controller.signal,
      redirect: 'manual',
    });
    const text = await readBoundedBody(response, maxBytes, controller);
    if (text === undefined)
      return { ok: false, message: `The response (${response.status}) is larger than ${formatBytes(maxBytes)}: it was not read.` };
    return withBody(response.status, text);
  } catch (error) {
    if (timedOut) return { ok: false, message: `No complete response within ${timeoutMs / 1000} seconds.` };
    return { ok: false, message: `The request failed: ${causeOf(error)}.` };
  } finally {
    clearTimeout(timer);
  }
}

/** The response of status `status` whose body is `text`: parsed JSON, or the text itself with a note. */
function withBody(status: number, text: string): WalkSendOutcome {
  if (text.trim() === '') return { ok: true, response: { status } };
  try {
    return { ok: true, response: { status, body: JSON.parse(text) as unknown } };
  } catch {
    return { ok: true, response: { status, body: text }, note: 'The response body is not JSON: its text is kept as the body.' };
  }
}

function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0 ? `${bytes / (1024 * 1024)} MiB` : `${bytes} bytes`;
}

/** The network error's own cause (`connect ECONNREFUSED 127.0.0.1:9`), else its message. */
function causeOf(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  return cause instanceof Error ? cause.message : String(cause);
}
