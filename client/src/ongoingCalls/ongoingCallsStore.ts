/**
 * The one source of the ongoing-call counts (GET /v2/Pearl/{pearlId}/OngoingCalls,
 * docs/interface.md): the status bar's poller, the Pearls view and the pause questions (the
 * Pearls view's Pause, the deploy's "create and pause") all read through it, so at any moment they
 * show the same reading. It keeps the latest reading of each Pearl with its time, sends at most one
 * request per Pearl at a time (a second reader joins the request in flight) and tells every
 * listener of each new reading. It imports nothing from `vscode`.
 */

import type { ApiCallOptions } from '../api/pearlAccountApi';
import type { OngoingCallsResult } from '../api/pearlApiClient';
import type { OngoingCallsPoller } from './ongoingCallsPoller';

/** How old a reading may be for a question to use it without reading again, ms ("right now" for the user). */
export const freshForMs = 3_000;
/** Readings kept at most (the oldest is forgotten first). */
export const maxReadings = 1_000;

/** One reading of a Pearl's counts. */
export interface OngoingCallsReading {
  /** `totalOngoingCalls` of the answer. */
  readonly totalOngoingCalls: number;
  /** `totalOnQueue`; undefined when the service did not report it (docs/rulings.md § Service). */
  readonly totalOnQueue?: number;
  /** When the answer arrived, epoch ms (the store's `now()`). */
  readonly at: number;
}

/** A new reading, as listeners receive it. */
export interface OngoingCallsChange {
  /** The base URL it was read from (`pearl.api.baseUrl`). */
  readonly baseUrl: string;
  readonly pearlId: string;
  readonly reading: OngoingCallsReading;
}

/** What the store needs from its host. */
export interface OngoingCallsStoreDeps {
  /** Sends GET OngoingCalls (in the extension, `getOngoingCalls` of pearlApiClient.ts); resolves with a failure rather than rejects. */
  fetchCounts(options: ApiCallOptions & { readonly pearlId: string }): Promise<OngoingCallsResult>;
  /** Current time in epoch ms (default `Date.now`). */
  now?(): number;
  /** Called when a listener throws (the others are still told). */
  onListenerError?(error: unknown): void;
}

/** A request in flight, shared by every reader of the same Pearl. */
interface SharedRequest {
  readonly promise: Promise<OngoingCallsResult>;
  readonly controller: AbortController;
  /** Readers still waiting; the request is aborted when the last one gives up (its signal aborts). */
  waiting: number;
}

/** The shared latest ongoing-call counts per Pearl; see the module comment. */
export class OngoingCallsStore {
  private readonly readings = new Map<string, OngoingCallsChange>();
  private readonly inFlight = new Map<string, SharedRequest>();
  private readonly listeners = new Set<(change: OngoingCallsChange) => void>();
  private readonly now: () => number;

  /** @param deps the request and the clock. */
  constructor(private readonly deps: OngoingCallsStoreDeps) {
    this.now = deps.now ?? (() => Date.now());
  }

  /** The latest reading of `pearlId` at `baseUrl`, or undefined when none was made (or it was forgotten). */
  latest(baseUrl: string, pearlId: string): OngoingCallsReading | undefined {
    return this.readings.get(keyOf(baseUrl, pearlId))?.reading;
  }

  /** Calls `listener` with every new reading. */
  onDidChange(listener: (change: OngoingCallsChange) => void): { dispose(): void } {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }

  /**
   * Reads the counts now: joins the request in flight for the same Pearl, else sends one. A success
   * becomes the latest reading and is told to every listener; a 404 or 410 forgets the reading.
   * The request is aborted only when every reader's `signal` has aborted. Never rejects.
   */
  read(pearlId: string, options: ApiCallOptions): Promise<OngoingCallsResult> {
    const key = keyOf(options.baseUrl, pearlId);
    let shared = this.inFlight.get(key);
    if (shared === undefined) shared = this.send(key, pearlId, options);
    const joined = shared;
    if (options.signal?.aborted === true) {
      // A reader that has already given up does not keep the request alive.
      if (joined.waiting <= 0) joined.controller.abort();
      return joined.promise;
    }
    joined.waiting++;
    options.signal?.addEventListener(
      'abort',
      () => {
        joined.waiting--;
        if (joined.waiting <= 0) joined.controller.abort();
      },
      { once: true },
    );
    return shared.promise;
  }

  /**
   * The latest reading when it is younger than `maxAgeMs` (as a success), else {@link read}: what
   * a question to the user shows, so it says what the view and the status bar then show.
   */
  async fresh(pearlId: string, options: ApiCallOptions, maxAgeMs = freshForMs): Promise<OngoingCallsResult> {
    const latest = this.latest(options.baseUrl, pearlId);
    if (latest !== undefined && this.now() - latest.at < maxAgeMs) return toResult(latest);
    return this.read(pearlId, options);
  }

  /** Forgets every reading (the token changed: they may be of another account). Requests in flight still answer their readers. */
  clear(): void {
    this.readings.clear();
  }

  private send(key: string, pearlId: string, options: ApiCallOptions): SharedRequest {
    const controller = new AbortController();
    const request = this.deps
      .fetchCounts({ baseUrl: options.baseUrl, token: options.token, timeoutMs: options.timeoutMs, pearlId, signal: controller.signal })
      .catch((error: unknown): OngoingCallsResult => ({
        ok: false,
        kind: 'network',
        message: error instanceof Error ? error.message : String(error),
      }))
      .then((result) => {
        this.inFlight.delete(key);
        if (result.ok) this.record(key, options.baseUrl, pearlId, result);
        else if (result.status === 404 || result.status === 410) this.readings.delete(key);
        return result;
      });
    const shared: SharedRequest = { promise: request, controller, waiting: 0 };
    this.inFlight.set(key, shared);
    return shared;
  }

  private record(key: string, baseUrl: string, pearlId: string, result: OngoingCallsResult & { ok: true }): void {
    // docs/rulings.md § Service: totalOnQueue may be absent or null.
    const at = this.now();
    const reading: OngoingCallsReading =
      typeof result.totalOnQueue === 'number'
        ? { totalOngoingCalls: result.totalOngoingCalls, totalOnQueue: result.totalOnQueue, at }
        : { totalOngoingCalls: result.totalOngoingCalls, at };
    const change: OngoingCallsChange = { baseUrl, pearlId, reading };
    this.readings.delete(key);
    if (this.readings.size >= maxReadings) {
      const oldest = this.readings.keys().next();
      if (oldest.done !== true) this.readings.delete(oldest.value);
    }
    this.readings.set(key, change);
    for (const listener of [...this.listeners]) {
      try {
        listener(change);
      } catch (error) {
        this.deps.onListenerError?.(error);
      }
    }
  }
}

/** A reading as the success the API client would have answered. */
function toResult(reading: OngoingCallsReading): OngoingCallsResult {
  return reading.totalOnQueue === undefined
    ? { ok: true, totalOngoingCalls: reading.totalOngoingCalls }
    : { ok: true, totalOngoingCalls: reading.totalOngoingCalls, totalOnQueue: reading.totalOnQueue };
}

function keyOf(baseUrl: string, pearlId: string): string {
  return `${baseUrl}\n${pearlId}`;
}

/**
 * Shows in `poller` (the status bar's) every reading of `store` for the Pearl it watches at
 * `baseUrl()` (`OngoingCallsPoller.accept`): a reading made by the Pearls view or a pause question
 * is the status bar's too, and its next poll counts from it. `dispose()` stops.
 */
export function showReadingsIn(
  store: OngoingCallsStore,
  poller: Pick<OngoingCallsPoller, 'accept'>,
  baseUrl: () => string,
): { dispose(): void } {
  return store.onDidChange((change) => {
    if (change.baseUrl === baseUrl()) poller.accept(change.pearlId, change.reading, change.reading.at);
  });
}
