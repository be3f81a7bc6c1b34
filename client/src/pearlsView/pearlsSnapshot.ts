/**
 * One reading of the account for the Pearls view: GET /v2/Pearl, GET /v1/Account, then GET
 * /v2/Pearl/{id}/OngoingCalls of each running Pearl (docs/public-reference.md). One request at
 * a time, all within one deadline. It imports nothing from `vscode`; the API calls are injected so
 * the tests can count them.
 */

import type { AccountInfo, AccountResult, ApiCallOptions, ListPearlsResult, PearlSummary } from '../api/pearlAccountApi';
import type { ApiFailure, OngoingCallsResult } from '../api/pearlApiClient';

/** The live counts of a running Pearl, as GET OngoingCalls gave them. */
export interface PearlCounts {
  readonly totalOngoingCalls: number;
  /** Undefined when the service did not report a queue (a Pearl without inbound configuration). */
  readonly totalOnQueue?: number;
}

/** What the Pearls view shows, read at `readAt` (epoch ms). */
export interface PearlsSnapshot {
  readonly pearls: readonly PearlSummary[];
  /** Entries of the list without a usable id, left out. */
  readonly skipped: number;
  /** Entries past the list's cap, left out. */
  readonly omitted: number;
  /** The account, or why it could not be read (`accountError`, one sentence without the token). */
  readonly account?: AccountInfo;
  readonly accountError?: string;
  /** Counts of the running Pearls that were read, by id. */
  readonly counts: ReadonlyMap<string, PearlCounts>;
  /** Running Pearls whose counts were not read (a failure, the deadline, or past {@link maxCountedPearls}). */
  readonly countsMissing: number;
  readonly readAt: number;
}

/** Most running Pearls whose counts one reading asks for. */
export const maxCountedPearls = 20;

/** The API calls a reading makes; in the extension, those of `pearlAccountApi.ts` and `pearlApiClient.ts`. */
export interface SnapshotApi {
  listPearls(options: ApiCallOptions): Promise<ListPearlsResult>;
  getAccount(options: ApiCallOptions): Promise<AccountResult>;
  getOngoingCalls(options: ApiCallOptions & { pearlId: string }): Promise<OngoingCallsResult>;
}

/**
 * Reads the snapshot. The list decides: its failure is the reading's failure (with its kind, status
 * and Retry-After, for the poller). The account's failure is kept in `accountError`; a count's
 * failure only counts in `countsMissing`. Each request gets the time left until `timeoutMs` after
 * the start; none is sent after that. Never rejects.
 */
export async function readSnapshot(
  api: SnapshotApi,
  options: { baseUrl: string; token: string; timeoutMs: number; signal?: AbortSignal; now?: () => number },
): Promise<{ ok: true; snapshot: PearlsSnapshot } | ApiFailure> {
  const now = options.now ?? Date.now;
  const deadline = now() + options.timeoutMs;
  const call = (): ApiCallOptions => ({
    baseUrl: options.baseUrl,
    token: options.token,
    timeoutMs: Math.max(1, deadline - now()),
    signal: options.signal,
  });
  const list = await api.listPearls(call());
  if (!list.ok) return list;
  const account = await api.getAccount(call());
  const counts = new Map<string, PearlCounts>();
  const running = list.pearls.filter((pearl) => pearl.status === 1);
  for (const pearl of running.slice(0, maxCountedPearls)) {
    if (now() >= deadline || options.signal?.aborted) break;
    const result = await api.getOngoingCalls({ ...call(), pearlId: pearl.id });
    if (result.ok) {
      counts.set(
        pearl.id,
        result.totalOnQueue === undefined
          ? { totalOngoingCalls: result.totalOngoingCalls }
          : { totalOngoingCalls: result.totalOngoingCalls, totalOnQueue: result.totalOnQueue },
      );
    }
  }
  return {
    ok: true,
    snapshot: {
      pearls: list.pearls,
      skipped: list.skipped,
      omitted: list.omitted,
      ...(account.ok ? { account: account.account } : { accountError: account.message }),
      counts,
      countsMissing: running.length - counts.size,
      readAt: now(),
    },
  };
}
