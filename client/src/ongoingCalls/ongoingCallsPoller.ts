import type { ApiFailureKind, OngoingCallsResult } from '../api/pearlApiClient';

/** Smallest poll interval, in seconds (`pearl.ongoingCalls.pollSeconds` minimum). */
export const minPollSeconds = 5;
/** Poll interval used when the injected one is not a finite number, in seconds (the setting's default). */
export const defaultPollSeconds = 10;
/** Largest poll interval, in seconds (1 hour); longer settings count as this. */
export const maxPollSeconds = 3600;
/**
 * Longest single timer the poller arms, in milliseconds (the largest interval). Node fires a timer
 * of more than 2,147,483,647 ms after 1 ms; a later due time is reached by re-arming.
 */
const maxTimerMs = maxPollSeconds * 1000;
/** Longest wait a `Retry-After` can impose, in milliseconds (15 minutes). */
export const maxRetryAfterMs = 15 * 60 * 1000;
/** Longest backoff between two attempts while failing, in milliseconds (5 minutes); a Retry-After may ask for more, up to {@link maxRetryAfterMs}. */
export const maxBackoffMs = 5 * 60 * 1000;
/** Longest a request may take, in milliseconds; the actual limit is min(interval, this). */
export const maxRequestTimeoutMs = 10 * 1000;
/**
 * Extra time the poller gives a request beyond the timeout it passes to `fetchCounts`, in
 * milliseconds, so the client's own timeout (and its message) normally wins over the watchdog.
 */
export const watchdogGraceMs = 1000;

/** The last counts the service returned for the watched Pearl. */
export interface OngoingCallsCounts {
  /** `totalOngoingCalls` of the response. */
  readonly totalOngoingCalls: number;
  /** `totalOnQueue`; undefined when the service did not report it (docs/rulings.md § Service). */
  readonly totalOnQueue?: number;
  /** When the counts arrived, epoch milliseconds (`now()`). */
  readonly updatedAt: number;
}

/**
 * What the ongoing-calls status shows, as emitted by {@link OngoingCallsPoller}:
 * - `idle`: nothing watched;
 * - `loading`: watching, no answer yet (first read, or after the token changed);
 * - `ok`: the latest counts;
 * - `failing`: the latest attempt failed (`failureKind`, `status`, `message` from the API client);
 *   the next attempt is at `nextAttemptAt` (epoch ms; while the window is unfocused it waits for
 *   focus); `lastOk` holds the counts from before the failures, if any;
 * - `noToken`: no API token is stored; polling waits for a token change;
 * - `unauthorized`: the service refused the token (401/403); polling waits for a token change;
 * - `notFound`: the service has no Pearl with this id (404 or 410, `status`); polling waits for
 *   `refresh()`, `watch()` or a token change.
 */
export type OngoingCallsState =
  | { readonly kind: 'idle' }
  | { readonly kind: 'loading'; readonly pearlId: string }
  | ({ readonly kind: 'ok'; readonly pearlId: string } & OngoingCallsCounts)
  | {
      readonly kind: 'failing';
      readonly pearlId: string;
      readonly message: string;
      readonly failureKind: ApiFailureKind;
      readonly status?: number;
      readonly nextAttemptAt: number;
      readonly lastOk?: OngoingCallsCounts;
    }
  | { readonly kind: 'noToken'; readonly pearlId: string }
  | { readonly kind: 'unauthorized'; readonly pearlId: string; readonly status?: number }
  | { readonly kind: 'notFound'; readonly pearlId: string; readonly status: number };

/** What {@link OngoingCallsPoller} tells `fetchCounts` besides the Pearl id and the abort signal. */
export interface FetchCountsOptions {
  /** The token from `getToken`; undefined when no `getToken` was injected. Never log it. */
  readonly token: string | undefined;
  /** The request's time limit in milliseconds: min(interval, 10 s). */
  readonly timeoutMs: number;
}

/** An opaque timer handle, as returned by the injected `setTimeout`. */
export type TimerHandle = unknown;

/** Everything {@link OngoingCallsPoller} needs from its host; it imports nothing from `vscode`. */
export interface OngoingCallsPollerDeps {
  /**
   * Reads the counts of `pearlId` (GET `{base}/v2/Pearl/{pearlId}/OngoingCalls`,
   * docs/interface.md). Should honour `signal` (aborted on stop, re-target and timeout) and
   * resolve with a failure rather than reject; a rejection counts as a `network` failure.
   */
  fetchCounts(pearlId: string, signal: AbortSignal, options: FetchCountsOptions): Promise<OngoingCallsResult>;
  /** The API token; when it resolves to undefined the poller enters `noToken` without a request. */
  getToken?(): Promise<string | undefined>;
  /** Seconds between polls; values below 5 count as 5, above 3600 as 3600, non-finite values as 10. Read at each scheduling. */
  intervalSeconds(): number;
  /** Whether the window is focused when the poller is created (default true); then use `setFocused`. */
  isFocused?(): boolean;
  /** Current time in epoch milliseconds (default `Date.now`). */
  now?(): number;
  /** Schedules `callback` after `ms` milliseconds (default: the host's `setTimeout`). */
  setTimeout?(callback: () => void, ms: number): TimerHandle;
  /** Cancels a handle from `setTimeout` (default: the host's `clearTimeout`). */
  clearTimeout?(handle: TimerHandle): void;
  /** Called when a state listener throws (the poller carries on). */
  onListenerError?(error: unknown): void;
}

/** A listener's registration; `dispose()` removes it. */
export interface Subscription {
  dispose(): void;
}

interface Attempt {
  readonly controller: AbortController;
  watchdog?: TimerHandle;
}

/**
 * Polls the ongoing-call count of one Pearl and emits {@link OngoingCallsState} changes.
 *
 * Rules:
 * - every `intervalSeconds()` (5 s to 1 hour), only while focused: `setFocused(false)` pauses;
 *   `setFocused(true)` polls at once if the next poll is already due (the last value is older than
 *   the interval), otherwise when it falls due;
 * - never two requests at once: `refresh()` while a request is in flight does nothing;
 * - each request is abandoned (aborted, counted as a `timeout` failure) after min(interval, 10 s)
 *   plus {@link watchdogGraceMs};
 * - after n consecutive failures the next attempt waits interval × 2^n, capped at 5 minutes (never
 *   less than the interval); a success resets n; `retryAfterSeconds` (429, 503), capped at
 *   {@link maxRetryAfterMs} (15 minutes), is a floor that also holds for `refresh()`, `watch()` and
 *   focus;
 * - 401/403 (`unauthorized`, or status 401/403 of any kind), 404/410 (`notFound`: the id names no
 *   Pearl) and a missing token stop polling until `credentialsChanged()`, `refresh()` or `watch()`;
 * - every timer is at most 1 hour, so no delay reaches Node's timer limit (beyond it a timer fires
 *   after 1 ms).
 */
export class OngoingCallsPoller {
  private currentState: OngoingCallsState = { kind: 'idle' };
  private readonly listeners = new Set<(state: OngoingCallsState) => void>();
  private pearlId: string | undefined;
  private focused: boolean;
  private timer?: TimerHandle;
  private inFlight: Attempt | undefined;
  /** Consecutive failures since the last success. */
  private failures = 0;
  /** When the next poll is due, epoch ms. */
  private dueAt = 0;
  /** No request before this time (Retry-After), epoch ms. */
  private notBefore = 0;
  /** Set by `noToken`/`unauthorized`/`notFound`: no polling until credentials change or the user asks. */
  private halted = false;
  private lastOk: OngoingCallsCounts | undefined;
  private disposed = false;

  private readonly now: () => number;
  private readonly setTimer: (callback: () => void, ms: number) => TimerHandle;
  private readonly clearTimer: (handle: TimerHandle) => void;

  /** @param deps the host's I/O, clock and settings; see {@link OngoingCallsPollerDeps}. */
  constructor(private readonly deps: OngoingCallsPollerDeps) {
    this.now = deps.now ?? (() => Date.now());
    this.setTimer = deps.setTimeout ?? ((callback, ms) => setTimeout(callback, ms));
    this.clearTimer = deps.clearTimeout ?? ((handle) => clearTimeout(handle as Parameters<typeof clearTimeout>[0]));
    this.focused = deps.isFocused?.() ?? true;
  }

  /** The current state. */
  get state(): OngoingCallsState {
    return this.currentState;
  }

  /** The watched Pearl id, or undefined when idle. */
  get watchedPearlId(): string | undefined {
    return this.pearlId;
  }

  /** Whether a request is in flight. */
  get isRequestInFlight(): boolean {
    return this.inFlight !== undefined;
  }

  /** Calls `listener` with every new state (not with the current one). */
  onDidChangeState(listener: (state: OngoingCallsState) => void): Subscription {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }

  /**
   * Watches `pearlId` (trimmed; an empty id stops): a new id cancels any request for the previous
   * one, forgets its counts and failures, enters `loading` and polls at once (when focused and no
   * Retry-After holds). The id already watched is a `refresh()`.
   */
  watch(pearlId: string): void {
    if (this.disposed) return;
    const id = pearlId.trim();
    if (id === '') {
      this.stop();
      return;
    }
    if (id === this.pearlId) {
      this.refresh();
      return;
    }
    this.cancelPending();
    this.pearlId = id;
    this.failures = 0;
    this.lastOk = undefined;
    this.halted = false;
    this.dueAt = this.now();
    this.setState({ kind: 'loading', pearlId: id });
    this.schedule();
  }

  /** Stops watching: cancels the timer and any request, and enters `idle`. */
  stop(): void {
    if (this.disposed) return;
    this.cancelPending();
    this.pearlId = undefined;
    this.failures = 0;
    this.lastOk = undefined;
    this.halted = false;
    if (this.currentState.kind !== 'idle') this.setState({ kind: 'idle' });
  }

  /**
   * Polls now, whatever the focus and the backoff: the user asked. Does nothing while a request is
   * in flight or when idle; before a Retry-After deadline it only schedules the poll for then. Also
   * retries after `noToken`/`unauthorized`/`notFound`.
   */
  refresh(): void {
    if (this.disposed || this.pearlId === undefined || this.inFlight !== undefined) return;
    this.resume();
    this.dueAt = this.now();
    if (this.dueAt >= this.notBefore) void this.poll();
    else this.schedule();
  }

  /**
   * The token (or the base URL) changed: cancels a request sent with the old one, resets the
   * backoff, leaves `noToken`/`unauthorized`/`notFound`, and polls as soon as focus and Retry-After allow.
   */
  credentialsChanged(): void {
    if (this.disposed || this.pearlId === undefined) return;
    this.cancelPending();
    this.failures = 0;
    this.resume();
    this.dueAt = this.now();
    this.schedule();
  }

  /**
   * Takes counts of the watched Pearl read elsewhere (the shared store, ongoingCallsStore.ts) at
   * `at` (epoch ms): shows them and counts the interval from `at`, so no poll repeats that reading
   * (a success also ends a backoff). Ignored when `pearlId` is not the one watched, while polling
   * is halted or a request is in flight (its own answer comes), and when not newer than the counts shown.
   */
  accept(pearlId: string, counts: { readonly totalOngoingCalls: number; readonly totalOnQueue?: number }, at: number): void {
    if (this.disposed || pearlId !== this.pearlId || this.halted || this.inFlight !== undefined) return;
    if (this.lastOk !== undefined && this.lastOk.updatedAt >= at) return;
    this.failures = 0;
    const accepted: OngoingCallsCounts =
      counts.totalOnQueue === undefined
        ? { totalOngoingCalls: counts.totalOngoingCalls, updatedAt: at }
        : { totalOngoingCalls: counts.totalOngoingCalls, totalOnQueue: counts.totalOnQueue, updatedAt: at };
    this.lastOk = accepted;
    this.dueAt = at + this.intervalMs();
    this.setState({ kind: 'ok', pearlId, ...accepted });
    this.schedule();
  }

  /** Pauses polling when `focused` is false; when true, polls at once if a poll is due, else schedules it. */
  setFocused(focused: boolean): void {
    if (this.disposed || focused === this.focused) return;
    this.focused = focused;
    if (focused) this.schedule();
    else this.cancelTimer();
  }

  /** Cancels everything and drops the listeners; the poller does nothing afterwards. */
  dispose(): void {
    this.cancelPending();
    this.disposed = true;
    this.pearlId = undefined;
    this.listeners.clear();
  }

  /** Leaves `noToken`/`unauthorized`/`notFound` (back to `loading`) so polling can start again. */
  private resume(): void {
    if (!this.halted || this.pearlId === undefined) return;
    this.halted = false;
    this.setState({ kind: 'loading', pearlId: this.pearlId });
  }

  private intervalMs(): number {
    const seconds = this.deps.intervalSeconds();
    return (Number.isFinite(seconds) ? Math.min(maxPollSeconds, Math.max(minPollSeconds, seconds)) : defaultPollSeconds) * 1000;
  }

  /** interval × 2^failures, capped at 5 minutes, never below the interval. */
  private backoffMs(intervalMs: number): number {
    return Math.max(intervalMs, Math.min(intervalMs * 2 ** this.failures, maxBackoffMs));
  }

  /** Arms the timer for the next poll, unless halted, idle, unfocused or a request is in flight. */
  private schedule(): void {
    this.cancelTimer();
    if (this.disposed || this.pearlId === undefined || this.halted || this.inFlight !== undefined || !this.focused) {
      return;
    }
    const delay = Math.max(this.dueAt, this.notBefore) - this.now();
    if (delay <= 0) {
      void this.poll();
      return;
    }
    // Bounded, then re-checked: a due time beyond one timer is reached by arming another.
    this.timer = this.setTimer(
      () => {
        this.timer = undefined;
        this.schedule();
      },
      Math.min(delay, maxTimerMs),
    );
  }

  /** One attempt: token, request (with watchdog), then `settle`. Never rejects. */
  private async poll(): Promise<void> {
    const pearlId = this.pearlId;
    if (this.disposed || pearlId === undefined || this.inFlight !== undefined) return;
    this.cancelTimer();
    const attempt: Attempt = { controller: new AbortController() };
    this.inFlight = attempt;
    const timeoutMs = Math.min(this.intervalMs(), maxRequestTimeoutMs);
    let result: OngoingCallsResult;
    try {
      let token: string | undefined;
      if (this.deps.getToken !== undefined) {
        token = await this.deps.getToken();
        if (this.inFlight !== attempt) return;
        if (token === undefined) {
          this.inFlight = undefined;
          this.halt({ kind: 'noToken', pearlId });
          return;
        }
      }
      result = await this.withWatchdog(attempt, this.deps.fetchCounts(pearlId, attempt.controller.signal, { token, timeoutMs }), timeoutMs);
    } catch (error) {
      result = { ok: false, kind: 'network', message: describe(error) };
    }
    // Stopped, re-targeted or superseded by a token change meanwhile: the answer is stale.
    if (this.inFlight !== attempt) return;
    this.inFlight = undefined;
    this.settle(pearlId, result);
  }

  /** `request`, or a `timeout` failure (and an abort) if it takes longer than `timeoutMs` + grace. */
  private withWatchdog(attempt: Attempt, request: Promise<OngoingCallsResult>, timeoutMs: number): Promise<OngoingCallsResult> {
    return new Promise<OngoingCallsResult>((resolve) => {
      attempt.watchdog = this.setTimer(() => {
        attempt.watchdog = undefined;
        attempt.controller.abort();
        resolve({ ok: false, kind: 'timeout', message: `No answer within ${timeoutMs / 1000} s.` });
      }, timeoutMs + watchdogGraceMs);
      const done = (result: OngoingCallsResult): void => {
        if (attempt.watchdog !== undefined) this.clearTimer(attempt.watchdog);
        attempt.watchdog = undefined;
        resolve(result);
      };
      request.then(done, (error: unknown) => done({ ok: false, kind: 'network', message: describe(error) }));
    });
  }

  private settle(pearlId: string, result: OngoingCallsResult): void {
    const now = this.now();
    const intervalMs = this.intervalMs();
    if (result.ok) {
      this.failures = 0;
      // docs/rulings.md § Service: totalOnQueue may be absent or null.
      const totalOnQueue = typeof result.totalOnQueue === 'number' ? result.totalOnQueue : undefined;
      const counts: OngoingCallsCounts =
        totalOnQueue === undefined
          ? { totalOngoingCalls: result.totalOngoingCalls, updatedAt: now }
          : { totalOngoingCalls: result.totalOngoingCalls, totalOnQueue, updatedAt: now };
      this.lastOk = counts;
      this.dueAt = now + intervalMs;
      this.setState({ kind: 'ok', pearlId, ...counts });
      this.schedule();
      return;
    }
    if (result.kind === 'unauthorized' || result.status === 401 || result.status === 403) {
      this.halt(result.status === undefined ? { kind: 'unauthorized', pearlId } : { kind: 'unauthorized', pearlId, status: result.status });
      return;
    }
    if (result.status === 404 || result.status === 410) {
      // Asking again will not make the Pearl exist: wait for the user (another id, Refresh, a token).
      this.halt({ kind: 'notFound', pearlId, status: result.status });
      return;
    }
    this.failures++;
    let delay = this.backoffMs(intervalMs);
    const retryAfter = result.retryAfterSeconds;
    if (retryAfter !== undefined && Number.isFinite(retryAfter) && retryAfter > 0) {
      const waitMs = Math.min(retryAfter * 1000, maxRetryAfterMs);
      this.notBefore = Math.max(this.notBefore, now + waitMs);
      delay = Math.max(delay, waitMs);
    }
    this.dueAt = now + delay;
    this.setState({
      kind: 'failing',
      pearlId,
      message: result.message,
      failureKind: result.kind,
      ...(result.status === undefined ? {} : { status: result.status }),
      nextAttemptAt: Math.max(this.dueAt, this.notBefore),
      ...(this.lastOk === undefined ? {} : { lastOk: this.lastOk }),
    });
    this.schedule();
  }

  private halt(state: OngoingCallsState & { kind: 'noToken' | 'unauthorized' | 'notFound' }): void {
    this.halted = true;
    this.lastOk = undefined;
    this.cancelTimer();
    this.setState(state);
  }

  private cancelTimer(): void {
    if (this.timer === undefined) return;
    this.clearTimer(this.timer);
    this.timer = undefined;
  }

  /** Cancels the timer and aborts the request in flight, whose answer will then be ignored. */
  private cancelPending(): void {
    this.cancelTimer();
    const attempt = this.inFlight;
    this.inFlight = undefined;
    if (attempt === undefined) return;
    if (attempt.watchdog !== undefined) this.clearTimer(attempt.watchdog);
    attempt.watchdog = undefined;
    attempt.controller.abort();
  }

  private setState(state: OngoingCallsState): void {
    this.currentState = state;
    for (const listener of [...this.listeners]) {
      try {
        listener(state);
      } catch (error) {
        this.deps.onListenerError?.(error);
      }
    }
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
