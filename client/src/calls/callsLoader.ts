/**
 * Reads the calls of the Pearls expanded in the Pearls view (docs/user/calls.md § The Pearls view),
 * without `vscode`: one request in flight for the whole view (the others wait in a queue, one job
 * per Pearl), pages of {@link callsPageSize} newest first, at most {@link maxCallsShown} calls per
 * Pearl, a Pearl's figures (GET /v2/Pearl/{id}) read before its first page. Changing the filter
 * aborts the reading in flight and reads the expanded Pearls again. Failures are kept in the state
 * as a sentence; nothing here throws.
 */

import type { ApiCallOptions } from '../api/pearlAccountApi';
import type { CallsQuery, ListCallsResult, PearlFigures, PearlFiguresResult } from '../api/pearlCallsApi';
import { type CallsFilter, callsPageSize, defaultFilter, defaultRangeDays, maxCallsShown, type PearlCallsState } from './callsTreeModel';

/** What the loader needs: the two API calls, the credentials, the clock. */
export interface CallsLoaderDeps {
  listCalls(options: ApiCallOptions & { pearlId: string; query: CallsQuery }): Promise<ListCallsResult>;
  getPearlFigures(options: ApiCallOptions & { pearlId: string }): Promise<PearlFiguresResult>;
  /** The base URL and token, or undefined (then the state says `message`). */
  credentials(): Promise<{ baseUrl: string; token: string } | { message: string }>;
  now(): number;
  /** Milliseconds per request. */
  readonly timeoutMs: number;
}

/** Most problems kept per Pearl. */
const maxKeptProblems = 20;

interface Job {
  readonly pearlId: string;
  readonly first: boolean;
}

/** See the module comment. */
export class CallsLoader {
  private currentFilter: CallsFilter;
  private readonly states = new Map<string, PearlCallsState>();
  private readonly figures = new Map<string, PearlFigures>();
  private readonly queue: Job[] = [];
  private inFlight: { job: Job; controller: AbortController } | undefined;
  private readonly listeners = new Set<(pearlId: string | undefined) => void>();
  private disposed = false;
  /** Requests sent so far (for tests and the output channel). */
  sent = 0;

  constructor(private readonly deps: CallsLoaderDeps) {
    this.currentFilter = defaultFilter(deps.now());
  }

  /** The active filter. */
  get filter(): CallsFilter {
    return this.currentFilter;
  }

  /** Calls `listener` with the Pearl whose rows changed (undefined: every Pearl, or the filter). */
  onDidChange(listener: (pearlId: string | undefined) => void): { dispose(): void } {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }

  /** What is known of `pearlId`'s calls; undefined before it was expanded. */
  stateOf(pearlId: string): PearlCallsState | undefined {
    return this.states.get(pearlId);
  }

  /** The figures last read for `pearlId`. */
  figuresOf(pearlId: string): PearlFigures | undefined {
    return this.figures.get(pearlId);
  }

  /** Whether a request is in flight. */
  get busy(): boolean {
    return this.inFlight !== undefined;
  }

  /** The Pearl row was expanded: its figures and first page are read unless already there or on the way. */
  expand(pearlId: string): void {
    if (this.states.has(pearlId)) return;
    this.states.set(pearlId, { calls: [], loading: true, skipped: 0, problems: [] });
    this.enqueue({ pearlId, first: true });
  }

  /**
   * The next page of `pearlId` ("Load more", or again after a failure). Nothing when a reading of it
   * is on its way, when every match is shown, or at {@link maxCallsShown}.
   */
  loadMore(pearlId: string): void {
    const state = this.states.get(pearlId);
    if (state === undefined) return this.expand(pearlId);
    if (state.loading) return;
    const first = state.count === undefined;
    if (!first && (state.calls.length >= (state.count ?? 0) || state.calls.length >= maxCallsShown)) return;
    this.states.set(pearlId, { ...state, loading: true, error: undefined });
    this.enqueue({ pearlId, first });
    this.fire(pearlId);
  }

  /** A new filter: the reading in flight is aborted and every expanded Pearl is read again from its first page. */
  setFilter(filter: CallsFilter): void {
    this.currentFilter = filter;
    this.reloadAll();
  }

  /** Reads every expanded Pearl again (the view's Refresh). */
  reloadAll(): void {
    const expanded = [...this.states.keys()];
    this.queue.length = 0;
    this.inFlight?.controller.abort();
    this.inFlight = undefined;
    this.states.clear();
    for (const pearlId of expanded) this.expand(pearlId);
    this.fire(undefined);
  }

  /** Forgets `pearlId` (its row collapsed for good, or it left the list). */
  forget(pearlId: string): void {
    this.states.delete(pearlId);
    const index = this.queue.findIndex((job) => job.pearlId === pearlId);
    if (index >= 0) this.queue.splice(index, 1);
    if (this.inFlight?.job.pearlId === pearlId) {
      this.inFlight.controller.abort();
      this.inFlight = undefined;
      void this.pump();
    }
  }

  /** Stops: the reading in flight is aborted, nothing more is sent. */
  dispose(): void {
    this.disposed = true;
    this.queue.length = 0;
    this.inFlight?.controller.abort();
    this.inFlight = undefined;
    this.listeners.clear();
  }

  private enqueue(job: Job): void {
    if (!this.queue.some((queued) => queued.pearlId === job.pearlId)) this.queue.push(job);
    void this.pump();
  }

  private async pump(): Promise<void> {
    if (this.inFlight !== undefined || this.disposed) return;
    const job = this.queue.shift();
    if (job === undefined) return;
    const controller = new AbortController();
    const flight = { job, controller };
    this.inFlight = flight;
    try {
      await this.run(job, controller.signal);
    } finally {
      if (this.inFlight === flight) this.inFlight = undefined;
      void this.pump();
    }
  }

  /** One job: (figures, then) one page; the state updated unless aborted. */
  private async run(job: Job, signal: AbortSignal): Promise<void> {
    const credentials = await this.deps.credentials();
    if (signal.aborted) return;
    const state = this.states.get(job.pearlId);
    if (state === undefined) return;
    if (!('token' in credentials)) {
      this.states.set(job.pearlId, { ...state, loading: false, error: credentials.message });
      return this.fire(job.pearlId);
    }
    const options = { ...credentials, timeoutMs: this.deps.timeoutMs, signal, pearlId: job.pearlId };
    const problems = [...state.problems];
    if (job.first) {
      this.sent++;
      const figures = await this.deps.getPearlFigures(options);
      if (signal.aborted) return;
      if (figures.ok) {
        this.figures.set(job.pearlId, figures.figures);
        problems.push(...figures.problems);
      }
    }
    const filter = this.currentFilter;
    const now = this.deps.now();
    const fromMs = filter.rangeLabel === undefined ? now - defaultRangeDays * 86_400_000 : filter.fromMs;
    const toMs = filter.rangeLabel === undefined ? now : filter.toMs;
    const skip = job.first ? 0 : state.calls.length;
    this.sent++;
    const result = await this.deps.listCalls({
      ...options,
      query: {
        fromDate: new Date(fromMs).toISOString(),
        toDate: new Date(toMs).toISOString(),
        skip,
        limit: Math.min(callsPageSize, maxCallsShown - skip),
        sortProp: null,
        isAscending: false,
        tags: filter.tags.length === 0 ? null : filter.tags,
        statuses: filter.statuses.length === 0 ? null : filter.statuses,
        searchInput: filter.search === '' ? null : filter.search,
      },
    });
    if (signal.aborted || this.states.get(job.pearlId) !== state) return;
    if (!result.ok) {
      this.states.set(job.pearlId, { ...state, loading: false, error: result.message });
      return this.fire(job.pearlId);
    }
    // A call already listed (the list moved between pages as new calls came in) is not listed twice.
    const seen = new Set(state.calls.map((call) => call.id));
    const added = result.calls.filter((call) => !seen.has(call.id) && (seen.add(call.id), true));
    problems.push(...result.problems);
    this.states.set(job.pearlId, {
      calls: [...(job.first ? [] : state.calls), ...added].slice(0, maxCallsShown),
      count: result.count,
      loading: false,
      skipped: state.skipped + result.skipped,
      problems: problems.slice(0, maxKeptProblems),
    });
    this.fire(job.pearlId);
  }

  private fire(pearlId: string | undefined): void {
    for (const listener of [...this.listeners]) listener(pearlId);
  }
}
