/**
 * A local stand-in of the Pearl Agent Service (docs/interface.md § Endpoints, § Authentication,
 * § Errors), for the unit tests, the README's demo and the end-to-end suite. It listens on
 * 127.0.0.1 only and implements the three operations:
 *
 * - `POST /v2/Pearl/Text` and `POST /v2/Pearl`: the body is validated by the real language service
 *   (see `standInValidation.ts`); any Error → 400 ValidationProblemDetails whose keys rotate through
 *   the three ASP.NET spellings, one style per 400 answer; else 200 with a new id `prl_<hex>`,
 *   alternately as `text/plain` (`prl_…`) and as a JSON string (`"prl_…"`), starting with text/plain.
 * - `GET /v2/Pearl/{pearlId}/OngoingCalls`: 404 for an id it did not create; else counts that
 *   change every 2 s after creation (see {@link ongoingCallsAt}); `totalOnQueue` only for an inbound
 *   Pearl, absent for an outbound one.
 * - Every operation checks `Authorization: Bearer <token>` first (401 with a problem body).
 *
 * Test controls: {@link StandIn.setFault}, or over HTTP `POST /__standin/fault` with
 * `{"fault":"429","retryAfterSeconds":2}` (for a suite in another process), and
 * `GET /__standin/created` (the created Pearls as JSON). Controls need no token.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { CreateKind, fieldKeyStyles, formatFieldKey, validateCreateRequest } from './standInValidation';

/** What the stand-in does instead of answering normally. */
export type StandInFault = 'none' | '400' | '429' | '500' | 'hang';

/** Options of {@link startStandIn}. */
export interface StandInOptions {
  /** TCP port on 127.0.0.1; 0 (default) takes any free port. */
  port?: number;
  /** The one bearer token accepted; default `demo-account:demo-secret` (NLPearl's `AccountId:SecretKey` form). */
  token?: string;
  /** The clock (milliseconds since the epoch) the ongoing-call counts follow; default `Date.now`. */
  now?: () => number;
  /** Called with one line per request (method, path, status); never given the token. */
  log?: (line: string) => void;
}

/** A Pearl the stand-in created. `body` is the request body exactly as received. */
export interface CreatedPearl {
  readonly id: string;
  readonly path: '/v2/Pearl/Text' | '/v2/Pearl';
  readonly body: string;
}

/** A running stand-in. */
export interface StandIn {
  /** `http://127.0.0.1:<port>`, the base URL to configure. */
  readonly url: string;
  /** The bearer token it accepts. */
  readonly token: string;
  /** Stops listening and drops every open connection (hanging requests included). */
  close(): Promise<void>;
  /**
   * From now on every operation (not the `/__standin/` controls) answers: `'429'` Too Many Requests
   * with `Retry-After: <retryAfterSeconds>` (default 1), `'500'` Internal Server Error, `'hang'`
   * nothing at all until {@link StandIn.close}, `'400'` a ValidationProblemDetails with the given
   * `errors` (keys as given) on every create, whatever the body (the editor refuses to send a
   * file the service would reject, so this is how a test meets a 400); `'none'` restores normal answers.
   */
  setFault(fault: StandInFault, options?: { retryAfterSeconds?: number; errors?: Record<string, string[]> }): void;
  /** The Pearls created so far, oldest first. */
  readonly created: CreatedPearl[];
}

/** Default token of the stand-in. */
export const defaultStandInToken = 'demo-account:demo-secret';

/** Largest request body accepted, in bytes (413 above). */
const maxBodyBytes = 1024 * 1024;

/** Milliseconds between two changes of the ongoing-call counts. */
export const ongoingCallsPeriodMs = 2000;

/**
 * The counts of a Pearl `elapsedMs` after its creation: `step = floor(elapsedMs / 2000)`,
 * `totalOngoingCalls = 3·step mod 7` (0, 3, 6, 2, 5, 1, 4, …) and, for an inbound Pearl,
 * `totalOnQueue = step mod 3`. Both change at every step.
 */
export function ongoingCallsAt(elapsedMs: number, inbound: boolean): { totalOngoingCalls: number; totalOnQueue?: number } {
  const step = Math.floor(Math.max(0, elapsedMs) / ongoingCallsPeriodMs);
  const totalOngoingCalls = (step * 3) % 7;
  return inbound ? { totalOngoingCalls, totalOnQueue: step % 3 } : { totalOngoingCalls };
}

interface PearlRecord {
  readonly createdAt: number;
  readonly inbound: boolean;
}

/** Starts a stand-in on 127.0.0.1; resolves once it listens. */
export async function startStandIn(options: StandInOptions = {}): Promise<StandIn> {
  const token = options.token ?? defaultStandInToken;
  const now = options.now ?? Date.now;
  const log = options.log ?? ((): void => undefined);
  const created: CreatedPearl[] = [];
  const pearls = new Map<string, PearlRecord>();
  let fault: StandInFault = 'none';
  let retryAfterSeconds = 1;
  let faultErrors: Record<string, string[]> = {};
  let successCount = 0;
  let validationCount = 0;

  const setFault = (next: StandInFault, faultOptions?: { retryAfterSeconds?: number; errors?: Record<string, string[]> }): void => {
    fault = next;
    retryAfterSeconds = faultOptions?.retryAfterSeconds ?? 1;
    faultErrors = faultOptions?.errors ?? { pearl: ['The request was rejected (stand-in fault).'] };
  };

  const handle = async (request: http.IncomingMessage, response: http.ServerResponse): Promise<void> => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const path = url.pathname;
    const method = request.method ?? 'GET';

    if (path.startsWith('/__standin/')) return handleControl(method, path, await readBody(request), response);

    const route = matchRoute(path);
    if (!route) return sendProblem(response, 404, 'Not Found', `No operation at ${path}.`);
    if (method !== route.method) {
      response.setHeader('Allow', route.method);
      return sendProblem(response, 405, 'Method Not Allowed', `${path} takes ${route.method}.`);
    }
    // Faults come first, like a gateway in front of the service.
    if (fault === 'hang') return; // no answer: the socket stays open until close()
    if (fault === '429') {
      response.setHeader('Retry-After', String(retryAfterSeconds));
      return sendProblem(response, 429, 'Too Many Requests', 'Rate limit exceeded.');
    }
    if (fault === '500') return sendProblem(response, 500, 'An error occurred while processing your request.');
    if (!authorized(request.headers.authorization, token)) {
      response.setHeader('WWW-Authenticate', request.headers.authorization ? 'Bearer error="invalid_token"' : 'Bearer');
      return sendProblem(response, 401, 'Unauthorized', 'A valid bearer token is required.');
    }

    if (route.operation === 'ongoingCalls') {
      const record = pearls.get(route.pearlId);
      if (!record) return sendProblem(response, 404, 'Not Found', `No Pearl with id ${route.pearlId}.`);
      return sendJson(response, 200, ongoingCallsAt(now() - record.createdAt, record.inbound));
    }

    const contentType = (request.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
    if (!/^(application\/json|text\/json|application\/[^/]+\+json)$/.test(contentType)) {
      await readBody(request);
      return sendProblem(response, 415, 'Unsupported Media Type', 'Send the request as application/json.');
    }
    const body = await readBody(request);
    if (body === undefined) return sendProblem(response, 413, 'Payload Too Large', `The body exceeds ${maxBodyBytes} bytes.`);
    if (fault === '400') {
      return sendValidationProblem(response, faultErrors);
    }
    const errors = validateCreateRequest(route.kind, body);
    if (Object.keys(errors).length > 0) {
      const style = fieldKeyStyles[validationCount++ % fieldKeyStyles.length];
      const keyed: Record<string, string[]> = {};
      for (const [fieldPath, messages] of Object.entries(errors)) (keyed[formatFieldKey(fieldPath, style)] ??= []).push(...messages);
      return sendValidationProblem(response, keyed, `00-${randomBytes(16).toString('hex')}-${randomBytes(8).toString('hex')}-00`);
    }
    const id = `prl_${randomBytes(6).toString('hex')}`;
    created.push({ id, path: route.path, body });
    pearls.set(id, { createdAt: now(), inbound: isInbound(body) });
    if (successCount++ % 2 === 0) {
      response.writeHead(200, { 'Content-Type': 'text/plain; charset=utf-8' }).end(id);
    } else {
      sendJson(response, 200, id);
    }
  };

  const handleControl = (method: string, path: string, body: string | undefined, response: http.ServerResponse): void => {
    if (path === '/__standin/fault' && method === 'POST') {
      let request: { fault?: unknown; retryAfterSeconds?: unknown; errors?: unknown } = {};
      try {
        request = JSON.parse(body ?? '') as typeof request;
      } catch {
        return sendProblem(
          response,
          400,
          'Bad Request',
          'Send {"fault": "none" | "400" | "429" | "500" | "hang", "retryAfterSeconds"?: number, "errors"?: {key: [message]}}.',
        );
      }
      const next = request.fault;
      if (next !== 'none' && next !== '400' && next !== '429' && next !== '500' && next !== 'hang') {
        return sendProblem(response, 400, 'Bad Request', 'fault must be one of "none", "400", "429", "500", "hang".');
      }
      const seconds = typeof request.retryAfterSeconds === 'number' ? request.retryAfterSeconds : undefined;
      const errors = isErrorMap(request.errors) ? request.errors : undefined;
      setFault(next, { retryAfterSeconds: seconds, errors });
      return sendJson(response, 200, { fault, retryAfterSeconds });
    }
    if (path === '/__standin/created' && method === 'GET') return sendJson(response, 200, created);
    return sendProblem(response, 404, 'Not Found', `No control at ${method} ${path}.`);
  };

  const server = http.createServer((request, response) => {
    response.on('finish', () => log(`${request.method} ${request.url} → ${response.statusCode}`));
    handle(request, response).catch((error: unknown) => {
      log(`${request.method} ${request.url} → internal error: ${error instanceof Error ? error.message : String(error)}`);
      if (!response.headersSent) sendProblem(response, 500, 'Stand-in internal error.');
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;

  return {
    url: `http://127.0.0.1:${port}`,
    token,
    created,
    setFault,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

type Route =
  | { operation: 'create'; method: 'POST'; path: '/v2/Pearl/Text' | '/v2/Pearl'; kind: CreateKind }
  | { operation: 'ongoingCalls'; method: 'GET'; pearlId: string };

/** The operation at `path` (matched without regard to case, as ASP.NET routing does). */
function matchRoute(path: string): Route | undefined {
  const lower = path.toLowerCase().replace(/\/+$/, '');
  if (lower === '/v2/pearl/text') return { operation: 'create', method: 'POST', path: '/v2/Pearl/Text', kind: 'text' };
  if (lower === '/v2/pearl') return { operation: 'create', method: 'POST', path: '/v2/Pearl', kind: 'simple' };
  const match = /^\/v2\/pearl\/([^/]+)\/ongoingcalls\/?$/i.exec(path);
  if (!match) return undefined;
  try {
    return { operation: 'ongoingCalls', method: 'GET', pearlId: decodeURIComponent(match[1]) };
  } catch {
    return undefined;
  }
}

/** Whether `value` is a ValidationProblemDetails `errors` map: string keys to arrays of strings. */
function isErrorMap(value: unknown): value is Record<string, string[]> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  return Object.values(value).every((messages) => Array.isArray(messages) && messages.every((m) => typeof m === 'string'));
}

/** Whether `header` is `Bearer <token>`, compared in constant time. */
function authorized(header: string | undefined, token: string): boolean {
  const match = /^Bearer\s+(.+)$/i.exec(header ?? '');
  if (!match) return false;
  const digest = (text: string): Uint8Array => new Uint8Array(createHash('sha256').update(text).digest());
  return timingSafeEqual(digest(match[1].trim()), digest(token));
}

/** Whether a (valid) create request carries an inbound configuration. */
function isInbound(body: string): boolean {
  const value = JSON.parse(body) as { inbound?: unknown };
  return typeof value.inbound === 'object' && value.inbound !== null;
}

/** The whole body as UTF-8; undefined when it exceeds the limit. */
async function readBody(request: http.IncomingMessage): Promise<string | undefined> {
  request.setEncoding('utf8');
  let body = '';
  let size = 0;
  for await (const chunk of request) {
    const text = chunk as string;
    size += Buffer.byteLength(text, 'utf8');
    if (size <= maxBodyBytes) body += text;
  }
  return size > maxBodyBytes ? undefined : body;
}

function sendJson(response: http.ServerResponse, status: number, value: unknown, contentType = 'application/json'): void {
  response.writeHead(status, { 'Content-Type': `${contentType}; charset=utf-8` }).end(JSON.stringify(value));
}

/** The `type` ASP.NET gives a ProblemDetails of each status (the RFC section of the status). */
const problemTypes: Record<number, string> = {
  400: 'https://tools.ietf.org/html/rfc9110#section-15.5.1',
  401: 'https://tools.ietf.org/html/rfc9110#section-15.5.2',
  404: 'https://tools.ietf.org/html/rfc9110#section-15.5.5',
  405: 'https://tools.ietf.org/html/rfc9110#section-15.5.6',
  413: 'https://tools.ietf.org/html/rfc9110#section-15.5.14',
  415: 'https://tools.ietf.org/html/rfc9110#section-15.5.16',
  429: 'https://tools.ietf.org/html/rfc6585#section-4',
  500: 'https://tools.ietf.org/html/rfc9110#section-15.6.1',
};

/** A ProblemDetails body (RFC 9457), as ASP.NET sends for errors. */
/** ASP.NET Core's 400 ValidationProblemDetails: `errors` by field key, with a `traceId` when given. */
function sendValidationProblem(response: http.ServerResponse, errors: Record<string, string[]>, traceId?: string): void {
  const problem = { type: problemTypes[400], title: 'One or more validation errors occurred.', status: 400, errors };
  sendJson(response, 400, traceId === undefined ? problem : { ...problem, traceId }, 'application/problem+json');
}

function sendProblem(response: http.ServerResponse, status: number, title: string, detail?: string): void {
  const problem: Record<string, unknown> = { type: problemTypes[status] ?? 'about:blank', title, status };
  if (detail !== undefined) problem.detail = detail;
  sendJson(response, status, problem, 'application/problem+json');
}
