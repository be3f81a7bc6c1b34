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
 * - The operations of NLPearl's public reference (docs/public-reference.md, see
 *   `standInPearls.ts`): `GET /v2/Pearl` (the seeded Pearls and the created ones), `GET
 *   /v2/Pearl/{id}/Settings`, `PUT /v2/Pearl/{id}` (a simple Pearl only; validated like a create;
 *   200 `true` as text/plain), `PUT /v2/Pearl/{id}/Active` (`{"isActive": bool}` → the new status as
 *   JSON) and `GET /v1/Account`. A Pearl that is not Running has no ongoing calls.
 * - `POST /v2/Pearl/{pearlId}/Analytics` (`standInAnalytics.ts`): made-up figures of the range whose totals
 *   agree; a range over 90 days is a 400.
 * - The calls operations (`standInCalls.ts`): GET /v2/Pearl/{id} (figures), POST /v2/Pearl/{id}/Calls,
 *   GET /v2/Call/{id}, PUT /v2/Pearl/{id}/ResetMemory, POST /v1/Outbound/{id}/Call and GET
 *   /v1/Outbound/CallRequest/{id}, from generated, deterministic calls.
 * - Every operation checks `Authorization: Bearer <token>` first (401 with a problem body).
 *
 * Test controls: {@link StandIn.setFault}, or over HTTP `POST /__standin/fault` with
 * `{"fault":"429","retryAfterSeconds":2}` (for a suite in another process), and
 * `GET /__standin/created` (the created Pearls as JSON), `GET /__standin/pearls` (every Pearl with its
 * status and request), `POST /__standin/account` (`{"status": 3}`: fields of the account to
 * change) and `POST /__standin/pearls/{id}/settings` (request fields to replace, as a change made in
 * the platform's interface). Controls need no token.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  defaultAccount,
  isInboundPearl,
  listEntry,
  nextStatus,
  readIsActive,
  seedPearls,
  settingsOf,
  type StandInAccount,
  type StandInPearl,
} from './standInPearls';
import { callsRoute, type CallsRoute, StandInCalls } from './standInCalls';
import { CreateKind, fieldKeyStyles, formatFieldKey, validateCreateRequest } from './standInValidation';
import { readAnalyticsRange, standInAnalytics } from './standInAnalytics';

/** What the stand-in does instead of answering normally. */
export type StandInFault = 'none' | '400' | '429' | '500' | 'hang' | 'resetAfterHeaders' | 'oversizedHeaders';

/** Every {@link StandInFault}, for the HTTP control. */
export const standInFaults: readonly StandInFault[] = ['none', '400', '429', '500', 'hang', 'resetAfterHeaders', 'oversizedHeaders'];

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
  /** Whether to start with the four seeded Pearls of `standInPearls.ts` (default true). */
  seed?: boolean;
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
   * file the service would reject, so this is how a test meets a 400); `'resetAfterHeaders'` and
   * `'oversizedHeaders'` do the create or the update, then break its 200 answer: the connection
   * is closed after the headers and two bytes of the body, or the headers carry 64 KiB (more than
   * an HTTP client reads); `'none'` restores normal answers.
   */
  setFault(fault: StandInFault, options?: { retryAfterSeconds?: number; errors?: Record<string, string[]> }): void;
  /** The Pearls created so far, oldest first. */
  readonly created: CreatedPearl[];
  /** Every Pearl (seeded and created), by id: status and request as they are now. */
  readonly pearls: ReadonlyMap<string, StandInPearl>;
  /** The account GET /v1/Account answers; change its fields to change the answer. */
  readonly account: StandInAccount;
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

/**
 * The stand-in's state and request handling: the Pearls, the account, the fault and the counters
 * that rotate the answers' forms. {@link startStandIn} serves it over HTTP.
 */
class StandInService {
  readonly created: CreatedPearl[] = [];
  readonly pearls = new Map<string, StandInPearl>();
  readonly account = defaultAccount();
  /** The calls operations (standInCalls.ts). */
  readonly calls = new StandInCalls();
  private fault: StandInFault = 'none';
  private retryAfterSeconds = 1;
  private faultErrors: Record<string, string[]> = {};
  private successCount = 0;
  private validationCount = 0;

  constructor(
    readonly token: string,
    private readonly now: () => number,
    seed: boolean,
  ) {
    if (seed) for (const pearl of seedPearls(now())) this.pearls.set(pearl.id, pearl);
  }

  /** See {@link StandIn.setFault}. */
  setFault(next: StandInFault, faultOptions?: { retryAfterSeconds?: number; errors?: Record<string, string[]> }): void {
    this.fault = next;
    this.retryAfterSeconds = faultOptions?.retryAfterSeconds ?? 1;
    this.faultErrors = faultOptions?.errors ?? { pearl: ['The request was rejected (stand-in fault).'] };
  }

  /** Answers one request: a control, a fault, a refused token, or the operation. */
  async handle(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const path = url.pathname;
    const method = request.method ?? 'GET';

    if (path.startsWith('/__standin/')) return this.handleControl(method, path, await readBody(request), response);

    const route = callsRoute(path, method) ?? matchRoute(path, method);
    if (!route) return sendProblem(response, 404, 'Not Found', `No operation at ${path}.`);
    if (route.operation === 'wrongMethod') {
      response.setHeader('Allow', route.allow);
      return sendProblem(response, 405, 'Method Not Allowed', `${path} takes ${route.allow}.`);
    }
    // Faults come first, like a gateway in front of the service.
    if (this.fault === 'hang') return; // no answer: the socket stays open until close()
    if (this.fault === '429') {
      response.setHeader('Retry-After', String(this.retryAfterSeconds));
      return sendProblem(response, 429, 'Too Many Requests', 'Rate limit exceeded.');
    }
    if (this.fault === '500') return sendProblem(response, 500, 'An error occurred while processing your request.');
    if (!authorized(request.headers.authorization, this.token)) {
      response.setHeader('WWW-Authenticate', request.headers.authorization ? 'Bearer error="invalid_token"' : 'Bearer');
      return sendProblem(response, 401, 'Unauthorized', 'A valid bearer token is required.');
    }
    if (route.operation === 'list') return sendJson(response, 200, [...this.pearls.values()].map(listEntry));
    if (route.operation === 'account') return sendJson(response, 200, this.account);
    if (route.operation === 'calls') {
      const ongoing = (pearl: StandInPearl) => ongoingCallsAt(this.now() - pearl.createdAt, isInboundPearl(pearl));
      return this.calls.handle(request, response, route, { pearls: this.pearls, now: this.now(), ongoing });
    }
    if (route.operation === 'create') return this.create(request, response, route);
    const pearl = this.pearls.get(route.pearlId);
    if (!pearl) return sendProblem(response, 404, 'Not Found', `No Pearl with id ${route.pearlId}.`);
    if (route.operation === 'analytics') return this.analytics(request, response, pearl);
    return this.handlePearl(request, response, route.operation, pearl);
  }

  /** The operations on one Pearl: its ongoing calls, settings, run/pause and update. */
  private async handlePearl(
    request: http.IncomingMessage,
    response: http.ServerResponse,
    operation: 'ongoingCalls' | 'settings' | 'active' | 'update',
    pearl: StandInPearl,
  ): Promise<void> {
    if (operation === 'ongoingCalls') {
      const counts = ongoingCallsAt(this.now() - pearl.createdAt, isInboundPearl(pearl));
      if (pearl.status === 1) return sendJson(response, 200, counts);
      // A Pearl that is not running has no calls.
      return sendJson(
        response,
        200,
        counts.totalOnQueue === undefined ? { totalOngoingCalls: 0 } : { totalOngoingCalls: 0, totalOnQueue: 0 },
      );
    }
    if (operation === 'settings') return sendJson(response, 200, settingsOf(pearl));
    const body = await this.readJsonBody(request, response);
    if (body === undefined) return;
    if (operation === 'active') {
      const isActive = readIsActive(body);
      if (isActive === undefined) return sendValidationProblem(response, { isActive: ['The isActive field is required (true or false).'] });
      pearl.status = nextStatus(pearl.status, isActive);
      return sendJson(response, 200, pearl.status);
    }
    return this.update(response, pearl, body);
  }

  /** POST /v2/Pearl/{id}/Analytics: made-up figures of the range (standInAnalytics.ts); 400 for a range over 90 days. */
  private async analytics(request: http.IncomingMessage, response: http.ServerResponse, pearl: StandInPearl): Promise<void> {
    const body = await this.readJsonBody(request, response);
    if (body === undefined) return;
    const range = readAnalyticsRange(body);
    if ('errors' in range) return sendValidationProblem(response, range.errors);
    return sendJson(response, 200, standInAnalytics(pearl, range.from, range.to));
  }

  /** The body of a JSON request, or undefined once a 415 or 413 has been sent. */
  private async readJsonBody(request: http.IncomingMessage, response: http.ServerResponse): Promise<string | undefined> {
    const contentType = (request.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
    if (!/^(application\/json|text\/json|application\/[^/]+\+json)$/.test(contentType)) {
      await readBody(request);
      sendProblem(response, 415, 'Unsupported Media Type', 'Send the request as application/json.');
      return undefined;
    }
    const body = await readBody(request);
    if (body === undefined) sendProblem(response, 413, 'Payload Too Large', `The body exceeds ${maxBodyBytes} bytes.`);
    return body;
  }

  /** A 400 with the validation errors of a create or update request of `kind`; false when it is valid. */
  private rejectInvalid(response: http.ServerResponse, kind: CreateKind, body: string): boolean {
    if (this.fault === '400') {
      sendValidationProblem(response, this.faultErrors);
      return true;
    }
    const errors = validateCreateRequest(kind, body);
    if (Object.keys(errors).length === 0) return false;
    const style = fieldKeyStyles[this.validationCount++ % fieldKeyStyles.length];
    const keyed: Record<string, string[]> = {};
    for (const [fieldPath, messages] of Object.entries(errors)) (keyed[formatFieldKey(fieldPath, style)] ??= []).push(...messages);
    sendValidationProblem(response, keyed, `00-${randomBytes(16).toString('hex')}-${randomBytes(8).toString('hex')}-00`);
    return true;
  }

  /** POST /v2/Pearl/Text and POST /v2/Pearl: a new, running Pearl; its id as text/plain or a JSON string in turn. */
  private async create(
    request: http.IncomingMessage,
    response: http.ServerResponse,
    route: Extract<Route, { operation: 'create' }>,
  ): Promise<void> {
    const body = await this.readJsonBody(request, response);
    if (body === undefined || this.rejectInvalid(response, route.kind, body)) return;
    const id = `prl_${randomBytes(6).toString('hex')}`;
    this.created.push({ id, path: route.path, body });
    const parsed = JSON.parse(body) as Record<string, unknown>;
    this.pearls.set(id, { id, kind: route.kind, createdAt: this.now(), status: 1, request: parsed, platformMade: false });
    if (this.breakAnswer(response, id)) return;
    if (this.successCount++ % 2 === 0) {
      response.writeHead(200, { 'Content-Type': 'text/plain; charset=utf-8' }).end(id);
    } else {
      sendJson(response, 200, id);
    }
  }

  /**
   * Under the faults `resetAfterHeaders` and `oversizedHeaders`, breaks the 200 answer whose body
   * would be `text` (the work is done) and returns true; else false.
   */
  private breakAnswer(response: http.ServerResponse, text: string): boolean {
    if (this.fault === 'resetAfterHeaders') {
      response.writeHead(200, { 'Content-Type': 'text/plain; charset=utf-8', 'Content-Length': String(Buffer.byteLength(text) + 16) });
      response.write(text.slice(0, 2), () => response.socket?.destroy());
      return true;
    }
    if (this.fault === 'oversizedHeaders') {
      response.writeHead(200, { 'Content-Type': 'text/plain; charset=utf-8', 'X-Stand-In-Padding': 'x'.repeat(64 * 1024) }).end(text);
      return true;
    }
    return false;
  }

  /** PUT /v2/Pearl/{id}: a simple Pearl's request replaced; a text Pearl has no update (400). */
  private update(response: http.ServerResponse, pearl: StandInPearl, body: string): void {
    if (pearl.kind === 'text') {
      return sendValidationProblem(response, { pearl: ['A text Pearl cannot be updated through this operation.'] });
    }
    if (this.rejectInvalid(response, 'simple', body)) return;
    pearl.request = JSON.parse(body) as Record<string, unknown>;
    if (this.breakAnswer(response, 'true')) return;
    response.writeHead(200, { 'Content-Type': 'text/plain; charset=utf-8' }).end('true');
  }

  /** The test controls under `/__standin/` (no token needed). */
  private handleControl(method: string, path: string, body: string | undefined, response: http.ServerResponse): void {
    if (path === '/__standin/fault' && method === 'POST') {
      let request: { fault?: unknown; retryAfterSeconds?: unknown; errors?: unknown } = {};
      try {
        request = JSON.parse(body ?? '') as typeof request;
      } catch {
        return sendProblem(
          response,
          400,
          'Bad Request',
          `Send {"fault": ${standInFaults.map((fault) => `"${fault}"`).join(' | ')}, "retryAfterSeconds"?: number, "errors"?: {key: [message]}}.`,
        );
      }
      const next = standInFaults.find((fault) => fault === request.fault);
      if (next === undefined) {
        return sendProblem(response, 400, 'Bad Request', `fault must be one of ${standInFaults.map((fault) => `"${fault}"`).join(', ')}.`);
      }
      const seconds = typeof request.retryAfterSeconds === 'number' ? request.retryAfterSeconds : undefined;
      const errors = isErrorMap(request.errors) ? request.errors : undefined;
      this.setFault(next, { retryAfterSeconds: seconds, errors });
      return sendJson(response, 200, { fault: this.fault, retryAfterSeconds: this.retryAfterSeconds });
    }
    if (path === '/__standin/created' && method === 'GET') return sendJson(response, 200, this.created);
    if (path === '/__standin/pearls' && method === 'GET') return sendJson(response, 200, [...this.pearls.values()]);
    const settingsControl = /^\/__standin\/pearls\/([^/]+)\/settings$/.exec(path);
    if (settingsControl && method === 'POST') return this.changeSettings(decodeURIComponent(settingsControl[1]), body, response);
    if (path === '/__standin/account' && method === 'POST') {
      const changes = parseObject(body);
      if (changes === undefined) return sendProblem(response, 400, 'Bad Request', 'Send a JSON object of account fields to change.');
      Object.assign(this.account, pickAccountFields(changes));
      return sendJson(response, 200, this.account);
    }
    return sendProblem(response, 404, 'Not Found', `No control at ${method} ${path}.`);
  }

  /**
   * `POST /__standin/pearls/{id}/settings`: a change made on the service, not through this API (in
   * the platform's interface): each field of the JSON object replaces that field of the Pearl's
   * request (`name`, `pearl`, `variables`, `inbound`, `outbound`); null removes it. Answers the new
   * settings.
   */
  private changeSettings(pearlId: string, body: string | undefined, response: http.ServerResponse): void {
    const pearl = this.pearls.get(pearlId);
    if (!pearl) return sendProblem(response, 404, 'Not Found', `No Pearl with id ${pearlId}.`);
    const changes = parseObject(body);
    if (changes === undefined) return sendProblem(response, 400, 'Bad Request', 'Send a JSON object of request fields to replace.');
    const request = { ...pearl.request };
    for (const [field, value] of Object.entries(changes)) {
      if (value === null) delete request[field];
      else request[field] = value;
    }
    pearl.request = request;
    return sendJson(response, 200, settingsOf(pearl));
  }
}

/** Starts a stand-in on 127.0.0.1; resolves once it listens. */
export async function startStandIn(options: StandInOptions = {}): Promise<StandIn> {
  const log = options.log ?? ((): void => undefined);
  const service = new StandInService(options.token ?? defaultStandInToken, options.now ?? Date.now, options.seed !== false);
  const server = http.createServer((request, response) => {
    response.on('finish', () => log(`${request.method} ${request.url} → ${response.statusCode}`));
    service.handle(request, response).catch((error: unknown) => {
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
    token: service.token,
    created: service.created,
    pearls: service.pearls,
    account: service.account,
    setFault: (fault, faultOptions) => service.setFault(fault, faultOptions),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

type Route =
  | { operation: 'create'; path: '/v2/Pearl/Text' | '/v2/Pearl'; kind: CreateKind }
  | { operation: 'list' }
  | { operation: 'account' }
  | { operation: 'ongoingCalls' | 'settings' | 'active' | 'update' | 'analytics'; pearlId: string }
  | { operation: 'wrongMethod'; allow: string }
  | CallsRoute;

/** The operation at `method` `path` (the path matched without regard to case, as ASP.NET routing does). */
function matchRoute(path: string, method: string): Route | undefined {
  const lower = path.toLowerCase().replace(/\/+$/, '');
  const byMethod = (routes: Record<string, Route>): Route =>
    routes[method] ?? { operation: 'wrongMethod', allow: Object.keys(routes).join(', ') };
  if (lower === '/v2/pearl/text') return byMethod({ POST: { operation: 'create', path: '/v2/Pearl/Text', kind: 'text' } });
  if (lower === '/v2/pearl')
    return byMethod({ GET: { operation: 'list' }, POST: { operation: 'create', path: '/v2/Pearl', kind: 'simple' } });
  if (lower === '/v1/account') return byMethod({ GET: { operation: 'account' } });
  const match = /^\/v2\/pearl\/([^/]+)(?:\/(ongoingcalls|settings|active|analytics))?$/i.exec(path.replace(/\/+$/, ''));
  if (!match) return undefined;
  let pearlId: string;
  try {
    pearlId = decodeURIComponent(match[1]);
  } catch {
    return undefined;
  }
  const sub = match[2]?.toLowerCase();
  if (sub === 'ongoingcalls') return byMethod({ GET: { operation: 'ongoingCalls', pearlId } });
  if (sub === 'settings') return byMethod({ GET: { operation: 'settings', pearlId } });
  if (sub === 'active') return byMethod({ PUT: { operation: 'active', pearlId } });
  if (sub === 'analytics') return byMethod({ POST: { operation: 'analytics', pearlId } });
  return byMethod({ PUT: { operation: 'update', pearlId } });
}

/** `text` as a JSON object, or undefined. */
function parseObject(text: string | undefined): Record<string, unknown> | undefined {
  try {
    const value = JSON.parse(text ?? '') as unknown;
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** The account fields of `changes` with the right types (a test control; others are ignored). */
function pickAccountFields(changes: Record<string, unknown>): Partial<StandInAccount> {
  const picked: Partial<StandInAccount> = {};
  if (typeof changes.name === 'string' || changes.name === null) picked.name = changes.name;
  for (const field of ['totalAgents', 'creditBalance', 'status', 'remainingMinutes'] as const) {
    const value = changes[field];
    if (typeof value === 'number') picked[field] = value;
  }
  return picked;
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
