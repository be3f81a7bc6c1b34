/**
 * When the Pearls view reads the account: the status bar's {@link OngoingCallsPoller} does the
 * scheduling, so the view follows the same rules (a bounded interval, only while the window is
 * focused and the view visible, one reading in flight, backoff after failures, Retry-After
 * honoured, a refused or missing token halts until it changes). The poller watches one key, and
 * what it "counts" is the total of ongoing calls across the account; the snapshot itself is kept
 * here. It imports nothing from `vscode`.
 */

import type { ApiFailure } from '../api/pearlApiClient';
import { OngoingCallsPoller, type OngoingCallsState } from '../ongoingCalls/ongoingCallsPoller';
import type { OngoingCallsStore } from '../ongoingCalls/ongoingCallsStore';
import type { PearlCounts, PearlsSnapshot } from './pearlsSnapshot';

/** The key the poller watches: the view reads one account. */
const accountKey = 'account';

/** What the refresher needs from its host. */
export interface PearlsRefresherDeps {
  /** One reading (see `readSnapshot`); `timeoutMs` is the poller's limit for the whole reading. */
  readSnapshot(token: string, signal: AbortSignal, timeoutMs: number): Promise<{ ok: true; snapshot: PearlsSnapshot } | ApiFailure>;
  /** The stored token; undefined halts in `noToken`. */
  getToken(): Promise<string | undefined>;
  /** Seconds between readings (5 to 3600). */
  intervalSeconds(): number;
  /** Whether the window is focused and the view visible at creation. */
  isActive(): boolean;
  /**
   * The shared counts (ongoingCallsStore.ts) and the base URL the view reads: each new reading of a
   * listed Pearl there shows in the view at once (the status bar's, a pause question's).
   */
  counts?: { readonly store: OngoingCallsStore; baseUrl(): string };
  /** Timers, for the tests (default Node's). */
  setTimeout?(callback: () => void, ms: number): unknown;
  clearTimeout?(handle: unknown): void;
  now?(): number;
}

/**
 * The view's reading state: the poller's state (`loading`, `ok`, `failing`, `noToken`,
 * `unauthorized`, `idle`) plus the latest snapshot, which stays shown while a later reading fails.
 */
export class PearlsRefresher {
  private readonly poller: OngoingCallsPoller;
  private pending: PearlsSnapshot | undefined;
  private latest: PearlsSnapshot | undefined;
  private readonly listeners = new Set<() => void>();
  private readonly countsSubscription: { dispose(): void } | undefined;

  /** @param deps the host's reading, token, interval, focus, timers and shared counts. */
  constructor(deps: PearlsRefresherDeps) {
    this.poller = new OngoingCallsPoller({
      fetchCounts: async (_key, signal, { token, timeoutMs }) => {
        const result = await deps.readSnapshot(token ?? '', signal, timeoutMs);
        if (!result.ok) return result;
        this.pending = result.snapshot;
        let total = 0;
        for (const counts of result.snapshot.counts.values()) total += counts.totalOngoingCalls;
        return { ok: true, totalOngoingCalls: Math.min(total, 2_147_483_647) };
      },
      getToken: () => deps.getToken(),
      intervalSeconds: () => deps.intervalSeconds(),
      isFocused: () => deps.isActive(),
      ...(deps.setTimeout === undefined ? {} : { setTimeout: deps.setTimeout }),
      ...(deps.clearTimeout === undefined ? {} : { clearTimeout: deps.clearTimeout }),
      ...(deps.now === undefined ? {} : { now: deps.now }),
    });
    this.poller.onDidChangeState((state) => {
      if (state.kind === 'ok' && this.pending !== undefined) this.latest = this.pending;
      if (state.kind === 'idle' || state.kind === 'noToken' || state.kind === 'unauthorized') this.latest = undefined;
      this.pending = undefined;
      for (const listener of [...this.listeners]) listener();
    });
    const counts = deps.counts;
    this.countsSubscription = counts?.store.onDidChange((change) => {
      if (change.baseUrl === counts.baseUrl()) this.patchCounts(change.pearlId, change.reading);
    });
  }

  /** The poller's state. */
  get state(): OngoingCallsState {
    return this.poller.state;
  }

  /** The latest snapshot read, kept while later readings fail; undefined before the first and after a token problem. */
  get snapshot(): PearlsSnapshot | undefined {
    return this.latest;
  }

  /** Calls `listener` after every change of state or snapshot. */
  onDidChange(listener: () => void): { dispose(): void } {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }

  /** Starts reading (at once when active), or reads now when already started (not while a reading is in flight). */
  start(): void {
    this.poller.watch(accountKey);
  }

  /** Stops reading and forgets the snapshot (Restricted Mode). */
  stop(): void {
    this.poller.stop();
  }

  /** Reads now: the user asked (a Retry-After still holds). */
  refresh(): void {
    this.poller.refresh();
  }

  /** The window's focus or the view's visibility changed: reading only while both hold. */
  setActive(active: boolean): void {
    this.poller.setFocused(active);
  }

  /** The token or the base URL changed: the reading in flight is dropped and a new one starts when allowed. */
  credentialsChanged(): void {
    this.poller.credentialsChanged();
  }

  /** Replaces what the latest snapshot says of one Pearl's status (after Run or Pause), until the next reading. */
  patchStatus(pearlId: string, status: number): void {
    const latest = this.latest;
    if (latest === undefined) return;
    const pearls = latest.pearls.map((pearl) => (pearl.id === pearlId ? { ...pearl, status } : pearl));
    this.latest = { ...latest, pearls };
    for (const listener of [...this.listeners]) listener();
  }

  /**
   * Replaces the counts the latest snapshot shows for one listed running Pearl (a newer reading of the
   * shared counts), until the next reading.
   */
  patchCounts(pearlId: string, counts: PearlCounts): void {
    const latest = this.latest;
    if (latest === undefined || !latest.pearls.some((pearl) => pearl.id === pearlId && pearl.status === 1)) return;
    const patched = new Map(latest.counts);
    patched.set(
      pearlId,
      counts.totalOnQueue === undefined
        ? { totalOngoingCalls: counts.totalOngoingCalls }
        : { totalOngoingCalls: counts.totalOngoingCalls, totalOnQueue: counts.totalOnQueue },
    );
    this.latest = { ...latest, counts: patched, countsMissing: Math.max(0, latest.countsMissing - (latest.counts.has(pearlId) ? 0 : 1)) };
    for (const listener of [...this.listeners]) listener();
  }

  /** Stops everything. */
  dispose(): void {
    this.countsSubscription?.dispose();
    this.poller.dispose();
    this.listeners.clear();
  }
}
