/**
 * The operations of NLPearl's public reference beyond creation (docs/public-reference.md):
 * the account's Pearls, a Pearl's live settings, run or pause, the in-place update of a simple Pearl
 * and the account. Same rules as {@link createPearl}: nothing from `vscode`, every outcome is data,
 * every answer bounded in time and size by {@link send}, the token only in the `Authorization`
 * header, and every text from the service masked ({@link maskToken}) before it reaches a message.
 */

import {
  type ApiFailure,
  describeFailure,
  excerpt,
  invalid,
  isCount,
  isPlausiblePearlId,
  isRecord,
  parseJson,
  readProblem,
  send,
  type ValidationProblemDetails,
} from './pearlApiClient';

/** What every call of this module needs: where, with which token, how long, and a way to cancel. */
export interface ApiCallOptions {
  /** `pearl.api.baseUrl`; refused by `checkBaseUrl` → a `network` failure, nothing sent. */
  readonly baseUrl: string;
  /** The bearer token; sent only as `Authorization: Bearer <token>`. */
  readonly token: string;
  /** Milliseconds for the whole exchange, body included; then a `timeout` failure. */
  readonly timeoutMs: number;
  /** Aborts the call; then a `cancelled` failure. */
  readonly signal?: AbortSignal;
}

/** Pearl `status` values (docs/public-reference.md § GET /v2/Pearl): 1 Running, 2 Paused, 3 Suspended, 10 TemporaryMaintenance. */
export const pearlStatusNames: Readonly<Record<number, string>> = { 1: 'Running', 2: 'Paused', 3: 'Suspended', 10: 'TemporaryMaintenance' };

/** Pearl `type` values (docs/public-reference.md § GET /v2/Pearl): 1 Inbound, 2 Outbound. */
export const pearlTypeNames: Readonly<Record<number, string>> = { 1: 'Inbound', 2: 'Outbound' };

/**
 * Account `status` values (docs/public-reference.md § GET /v1/Account): 1 FullAccess, 2 LimitedAccess,
 * 3 NoCredits, 4 SuspendedAccount, 5 DebtReached.
 */
export const accountStatusNames: Readonly<Record<number, string>> = {
  1: 'FullAccess',
  2: 'LimitedAccess',
  3: 'NoCredits',
  4: 'SuspendedAccount',
  5: 'DebtReached',
};

/** One entry of GET /v2/Pearl. Fields the service sent null, absent or of another type are undefined. */
export interface PearlSummary {
  /** The Pearl's id; always passes {@link isPlausiblePearlId} (entries without one are left out). */
  readonly id: string;
  readonly name?: string;
  /** `createdAt`, else `created` (some answers carry only that), as sent: a date-time string. */
  readonly createdAt?: string;
  /** 1 Inbound, 2 Outbound ({@link pearlTypeNames}); any other integer is kept as sent. */
  readonly type?: number;
  /** 1 Running, 2 Paused, 3 Suspended, 10 TemporaryMaintenance ({@link pearlStatusNames}); others kept. */
  readonly status?: number;
}

/** GET /v1/Account. Fields the service sent null, absent or of another type are undefined. */
export interface AccountInfo {
  readonly name?: string;
  readonly totalAgents?: number;
  readonly creditBalance?: number;
  /** 1 to 5, see {@link accountStatusNames}. */
  readonly status?: number;
  readonly remainingMinutes?: number;
}

/**
 * Most entries of GET /v2/Pearl read (10,000; docs/rulings.md § Service: lists are read whole, with a
 * bound on the total). The reference's list is one JSON array, without pages; entries past the
 * bound are counted in `omitted`, and the list is then said to be cut.
 */
export const maxListedPearls = 10_000;

/**
 * Largest answer of GET /v2/Pearl read, in bytes (16 MiB: 10,000 entries of up to about 1.6 kB
 * each). A larger answer is not read at all: an `invalidResponse` naming the request and the bound.
 */
export const maxListResponseBytes = 16 * 1024 * 1024;

/**
 * The outcome of {@link listPearls}. `skipped`: entries without a usable id; `omitted`: entries past
 * {@link maxListedPearls} (the list is cut when it is above 0); `total`: entries in the answer.
 */
export type ListPearlsResult = { ok: true; pearls: PearlSummary[]; skipped: number; omitted: number; total: number } | ApiFailure;

/** The outcome of {@link getPearl}: the Pearl's id, name, type and status. */
export type PearlResult = { ok: true; pearl: PearlSummary } | ApiFailure;

/** The outcome of {@link getAccount}. */
export type AccountResult = { ok: true; account: AccountInfo } | ApiFailure;

/** The outcome of {@link getPearlSettings}: the JSON object as the service sent it. */
export type PearlSettingsResult = { ok: true; settings: Record<string, unknown> } | ApiFailure;

/** The outcome of {@link setPearlActive}: the Pearl's status after the change. */
export type SetActiveResult = { ok: true; status: number } | ApiFailure;

/** The outcome of {@link updatePearl}; `problem` on a 400, as for creation. */
export type UpdatePearlResult = { ok: true } | (ApiFailure & { problem?: ValidationProblemDetails });

/**
 * The account's Pearls: `GET {baseUrl}/v2/Pearl` (docs/public-reference.md § GET /v2/Pearl). 200 must be a
 * JSON array of at most {@link maxListResponseBytes}; each object entry with a plausible id is kept
 * (at most {@link maxListedPearls}). Never rejects.
 */
export async function listPearls(options: ApiCallOptions): Promise<ListPearlsResult> {
  const answer = await exchange(options, 'GET', '/v2/Pearl', undefined, false, maxListResponseBytes);
  if (!answer.ok) return answer;
  const value = parseJson(answer.text);
  if (!Array.isArray(value))
    return invalid(answer.status, `The list of Pearls is not a JSON array: ${excerpt(answer.text, options.token)}`);
  const pearls: PearlSummary[] = [];
  let skipped = 0;
  for (const entry of value.slice(0, maxListedPearls)) {
    const pearl = readPearlSummary(entry);
    if (pearl === undefined) skipped++;
    else pearls.push(pearl);
  }
  return { ok: true, pearls, skipped, omitted: Math.max(0, value.length - maxListedPearls), total: value.length };
}

/**
 * One Pearl: `GET {baseUrl}/v2/Pearl/{pearlId}` (NLPearl's public reference, "one Pearl's figures";
 * its id, name, type and status as in docs/public-reference.md § GET /v2/Pearl),
 * `pearlId` URL-encoded; its id, name, created time, type and status are read (the figures are not).
 * 200 must be a JSON object with a plausible id; 404: an `http` failure with its status. Never rejects.
 */
export async function getPearl(options: ApiCallOptions & { pearlId: string }): Promise<PearlResult> {
  const answer = await exchange(options, 'GET', `/v2/Pearl/${encodeURIComponent(options.pearlId)}`);
  if (!answer.ok) return answer;
  const pearl = readPearlSummary(parseJson(answer.text));
  if (pearl === undefined) return invalid(answer.status, `The answer is not a Pearl with an id: ${excerpt(answer.text, options.token)}`);
  return { ok: true, pearl };
}

/** One entry of the list, or undefined when it is not an object with a plausible id. */
function readPearlSummary(entry: unknown): PearlSummary | undefined {
  if (!isRecord(entry) || typeof entry.id !== 'string' || !isPlausiblePearlId(entry.id.trim())) return undefined;
  const createdAt = typeof entry.createdAt === 'string' ? entry.createdAt : typeof entry.created === 'string' ? entry.created : undefined;
  return {
    id: entry.id.trim(),
    ...(typeof entry.name === 'string' ? { name: entry.name } : {}),
    ...(createdAt === undefined ? {} : { createdAt }),
    ...(isInt32(entry.type) ? { type: entry.type } : {}),
    ...(isInt32(entry.status) ? { status: entry.status } : {}),
  };
}

/** The account: `GET {baseUrl}/v1/Account` (docs/public-reference.md § GET /v1/Account). Never rejects. */
export async function getAccount(options: ApiCallOptions): Promise<AccountResult> {
  const answer = await exchange(options, 'GET', '/v1/Account');
  if (!answer.ok) return answer;
  const value = parseJson(answer.text);
  if (!isRecord(value)) return invalid(answer.status, `The account answer is not a JSON object: ${excerpt(answer.text, options.token)}`);
  const number = (field: string): number | undefined => {
    const fieldValue = value[field];
    return typeof fieldValue === 'number' && Number.isFinite(fieldValue) ? fieldValue : undefined;
  };
  const account: AccountInfo = {
    ...(typeof value.name === 'string' ? { name: value.name } : {}),
    ...(isCount(value.totalAgents) ? { totalAgents: value.totalAgents } : {}),
    ...(number('creditBalance') === undefined ? {} : { creditBalance: number('creditBalance') }),
    ...(isInt32(value.status) ? { status: value.status } : {}),
    ...(number('remainingMinutes') === undefined ? {} : { remainingMinutes: number('remainingMinutes') }),
  };
  return { ok: true, account };
}

/**
 * What is live: `GET {baseUrl}/v2/Pearl/{pearlId}/Settings` (docs/public-reference.md § GET
 * /v2/Pearl/{pearlId}/Settings), `pearlId` URL-encoded. 200 must be a JSON object; it is returned
 * as sent (`pearl` and `variables` may be empty for a Pearl made in the platform's interface).
 * 404: an `http` failure with its status. Never rejects.
 */
export async function getPearlSettings(options: ApiCallOptions & { pearlId: string }): Promise<PearlSettingsResult> {
  const answer = await exchange(options, 'GET', `/v2/Pearl/${encodeURIComponent(options.pearlId)}/Settings`);
  if (!answer.ok) return answer;
  const value = parseJson(answer.text);
  if (!isRecord(value)) return invalid(answer.status, `The settings answer is not a JSON object: ${excerpt(answer.text, options.token)}`);
  return { ok: true, settings: value };
}

/**
 * Runs (`active` true) or pauses a Pearl: `PUT {baseUrl}/v2/Pearl/{pearlId}/Active` with
 * `{"isActive": active}` (docs/public-reference.md § PUT /v2/Pearl/{pearlId}/Active). 200 is the status after
 * the change, an integer as JSON or `text/plain`. Never rejects.
 */
export async function setPearlActive(options: ApiCallOptions & { pearlId: string; active: boolean }): Promise<SetActiveResult> {
  const path = `/v2/Pearl/${encodeURIComponent(options.pearlId)}/Active`;
  const answer = await exchange(options, 'PUT', path, JSON.stringify({ isActive: options.active }));
  if (!answer.ok) return answer;
  const status = parseJson(answer.text.trim());
  if (!isInt32(status)) return invalid(answer.status, `The answer is not a Pearl status: ${excerpt(answer.text, options.token)}`);
  return { ok: true, status };
}

/**
 * Updates a simple Pearl in place: `PUT {baseUrl}/v2/Pearl/{pearlId}` with `body`, the simple create
 * request's strict JSON (docs/public-reference.md § PUT /v2/Pearl/{pearlId}). 200 is a boolean (JSON or
 * `text/plain`): `false` is an `http` failure with status 200 (nothing was updated). 400 carries a
 * ValidationProblemDetails in `problem`, as for creation. There is no update for a text Pearl.
 * Never rejects.
 */
export async function updatePearl(options: ApiCallOptions & { pearlId: string; body: string }): Promise<UpdatePearlResult> {
  const answer = await exchange(options, 'PUT', `/v2/Pearl/${encodeURIComponent(options.pearlId)}`, options.body, true);
  if (!answer.ok) return answer;
  const value = parseJson(answer.text.trim().toLowerCase());
  if (value === true) return { ok: true };
  if (value === false)
    return { ok: false, kind: 'http', status: answer.status, message: 'The service answered false: it did not update the Pearl.' };
  return invalid(answer.status, `The answer to the update is not true or false: ${excerpt(answer.text, options.token)}`);
}

/**
 * One exchange with the service (JSON or text accepted; an HTML page in a 2xx answer is refused); a
 * non-2xx answer becomes its failure (with the ValidationProblemDetails when `withProblem` and the
 * answer is a 400). `maxBytes` overrides the answer's size bound. Shared by the account's and the
 * calls' operations (pearlCallsApi.ts).
 */
export async function exchange(
  options: ApiCallOptions,
  method: 'GET' | 'PUT' | 'POST',
  path: string,
  body?: string,
  withProblem = false,
  maxBytes?: number,
): Promise<{ ok: true; status: number; text: string } | (ApiFailure & { problem?: ValidationProblemDetails })> {
  const answer = await send({
    maxBytes,
    baseUrl: options.baseUrl,
    token: options.token,
    method,
    path,
    body,
    accept: 'application/json, text/plain, text/json',
    timeoutMs: options.timeoutMs,
    signal: options.signal,
  });
  if (!answer.ok) return answer;
  const { response, text } = answer;
  if (response.ok) {
    if ((response.headers.get('content-type') ?? '').toLowerCase().includes('html')) {
      return invalid(response.status, `The service answered with a web page: ${excerpt(text, options.token)}`);
    }
    return { ok: true, status: response.status, text };
  }
  const problem = readProblem(text, options.token);
  const failure = describeFailure(response, text, problem, options.token);
  return withProblem && failure.kind === 'validation' && problem ? { ...failure, problem } : failure;
}

/** A signed 32-bit integer (the reference's `integer`). */
function isInt32(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= -2_147_483_648 && value <= 2_147_483_647;
}
