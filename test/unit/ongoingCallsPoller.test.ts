import { describe, test } from 'node:test';
import * as assert from 'node:assert/strict';
import type { OngoingCallsResult } from '../../client/src/api/pearlApiClient';
import {
  type FetchCountsOptions,
  maxPollSeconds,
  maxRetryAfterMs,
  OngoingCallsPoller,
  type OngoingCallsPollerDeps,
  type OngoingCallsState,
} from '../../client/src/ongoingCalls/ongoingCallsPoller';

/** Node's timer limit: a longer delay (or one below 1 ms) fires after 1 ms (node:timers `setTimeout`). */
const nodeTimerLimitMs = 2_147_483_647;

/**
 * A deterministic scheduler: time only moves in `advance`, which runs due timers in order. Delays
 * behave as Node's do: above {@link nodeTimerLimitMs}, below 1 or not a number, a timer fires after 1 ms.
 */
class FakeClock {
  time = 1_700_000_000_000;
  private nextId = 1;
  private readonly timers = new Map<number, { at: number; callback: () => void }>();

  readonly now = (): number => this.time;
  readonly setTimeout = (callback: () => void, ms: number): unknown => {
    const id = this.nextId++;
    const delay = ms >= 1 && ms <= nodeTimerLimitMs ? ms : 1;
    this.timers.set(id, { at: this.time + delay, callback });
    return id;
  };
  readonly clearTimeout = (handle: unknown): void => {
    this.timers.delete(handle as number);
  };

  get pendingTimers(): number {
    return this.timers.size;
  }

  /** Moves time forward by `ms`, running each timer due on the way (at its own time) and the promises it settles. */
  async advance(ms: number): Promise<void> {
    const end = this.time + ms;
    await flush();
    for (let fired = 0; ; fired++) {
      // A request storm would otherwise keep this loop busy for hours of simulated milliseconds.
      if (fired > 1000) throw new Error(`more than 1000 timers fired within ${ms} ms`);
      let due: [number, { at: number; callback: () => void }] | undefined;
      for (const entry of this.timers) if (entry[1].at <= end && (due === undefined || entry[1].at < due[1].at)) due = entry;
      if (due === undefined) break;
      this.timers.delete(due[0]);
      this.time = due[1].at;
      due[1].callback();
      await flush();
    }
    this.time = end;
    await flush();
  }
}

/** Lets pending promise callbacks run (no timer, no sleep). */
async function flush(): Promise<void> {
  for (let i = 0; i < 10; i++) await new Promise<void>((resolve) => setImmediate(resolve));
}

interface Call {
  readonly pearlId: string;
  readonly signal: AbortSignal;
  readonly options: FetchCountsOptions;
  readonly at: number;
  resolve(result: OngoingCallsResult): void;
}

/** The service: answers each call with `answer(call)`, or leaves it pending when that returns undefined. */
class FakeService {
  readonly calls: Call[] = [];
  active = 0;
  maxActive = 0;
  answer: (call: Call) => OngoingCallsResult | undefined = () => ({ ok: true, totalOngoingCalls: 3, totalOnQueue: 1 });

  constructor(private readonly clock: FakeClock) {}

  readonly fetchCounts = (pearlId: string, signal: AbortSignal, options: FetchCountsOptions): Promise<OngoingCallsResult> =>
    new Promise((resolve) => {
      this.active++;
      this.maxActive = Math.max(this.maxActive, this.active);
      let settled = false;
      const call: Call = {
        pearlId,
        signal,
        options,
        at: this.clock.now(),
        resolve: (result) => {
          if (settled) return;
          settled = true;
          this.active--;
          resolve(result);
        },
      };
      this.calls.push(call);
      const result = this.answer(call);
      if (result !== undefined) call.resolve(result);
    });
}

interface Setup {
  readonly clock: FakeClock;
  readonly service: FakeService;
  readonly poller: OngoingCallsPoller;
  readonly states: OngoingCallsState[];
  token: string | undefined;
  seconds: number;
}

function setup(overrides: Partial<OngoingCallsPollerDeps> & { seconds?: number; token?: string | null } = {}): Setup {
  const clock = new FakeClock();
  const service = new FakeService(clock);
  const states: OngoingCallsState[] = [];
  const s = {
    clock,
    service,
    states,
    token: overrides.token === null ? undefined : (overrides.token ?? 'account:secret'),
    seconds: overrides.seconds ?? 10,
  } as Setup;
  const poller = new OngoingCallsPoller({
    fetchCounts: service.fetchCounts,
    getToken: async () => s.token,
    intervalSeconds: () => s.seconds,
    now: clock.now,
    setTimeout: clock.setTimeout,
    clearTimeout: clock.clearTimeout,
    ...overrides,
  });
  poller.onDidChangeState((state) => states.push(state));
  (s as { poller: OngoingCallsPoller }).poller = poller;
  return s;
}

const failure = (status: number, extra: Partial<Extract<OngoingCallsResult, { ok: false }>> = {}): OngoingCallsResult => ({
  ok: false,
  kind: 'http',
  status,
  message: `HTTP ${status}`,
  ...extra,
});

/** The poller's state, read through a call so that an assertion on one read does not narrow the next. */
function stateOf(s: Setup): OngoingCallsState {
  return s.poller.state;
}

/** The state, which must be `failing`. */
function failingState(s: Setup): Extract<OngoingCallsState, { kind: 'failing' }> {
  const state = stateOf(s);
  if (state.kind !== 'failing') assert.fail(`expected failing, got ${JSON.stringify(state)}`);
  return state;
}

/** The times (ms after `start`) of every call. */
function callTimes(s: Setup, start: number): number[] {
  return s.service.calls.map((call) => call.at - start);
}

describe('OngoingCallsPoller', () => {
  test('polls at once, then every interval, and reports the counts', async () => {
    const s = setup();
    const start = s.clock.time;
    s.poller.watch('pearl-1');
    assert.deepEqual(s.states[0], { kind: 'loading', pearlId: 'pearl-1' });
    await s.clock.advance(0);
    assert.deepEqual(s.poller.state, { kind: 'ok', pearlId: 'pearl-1', totalOngoingCalls: 3, totalOnQueue: 1, updatedAt: start });
    await s.clock.advance(9_999);
    assert.equal(s.service.calls.length, 1);
    await s.clock.advance(1);
    assert.equal(s.service.calls.length, 2);
    await s.clock.advance(20_000);
    assert.deepEqual(callTimes(s, start), [0, 10_000, 20_000, 30_000]);
    const first = s.service.calls[0];
    assert.equal(first.pearlId, 'pearl-1');
    assert.equal(first.options.token, 'account:secret');
    assert.equal(first.options.timeoutMs, 10_000);
    assert.equal(s.poller.state.kind === 'ok' && s.poller.state.updatedAt, start + 30_000);
    s.poller.dispose();
  });

  test('an absent or null totalOnQueue is left out of the state', async () => {
    const s = setup();
    s.service.answer = () => ({ ok: true, totalOngoingCalls: 0, totalOnQueue: null as unknown as number });
    s.poller.watch('pearl-1');
    await s.clock.advance(0);
    assert.equal(stateOf(s).kind, 'ok');
    assert.equal('totalOnQueue' in s.poller.state, false);
    s.poller.dispose();
  });

  test('never sends two requests at once: refresh and due polls wait for a slow answer', async () => {
    const s = setup();
    s.service.answer = () => undefined; // every answer waits for `resolve`
    const start = s.clock.time;
    s.poller.watch('pearl-1');
    assert.equal(s.poller.isRequestInFlight, true);
    s.poller.refresh();
    s.poller.refresh();
    await s.clock.advance(5_000);
    s.poller.refresh();
    s.poller.setFocused(false);
    s.poller.setFocused(true);
    s.poller.watch('pearl-1'); // the same id is a refresh
    await s.clock.advance(4_000);
    assert.equal(s.service.calls.length, 1);
    assert.equal(s.service.maxActive, 1);
    s.service.calls[0].resolve({ ok: true, totalOngoingCalls: 2 });
    await s.clock.advance(0);
    assert.deepEqual(s.poller.state, { kind: 'ok', pearlId: 'pearl-1', totalOngoingCalls: 2, updatedAt: start + 9_000 });
    // The next poll is an interval after the answer, not after the request.
    await s.clock.advance(9_999);
    assert.equal(s.service.calls.length, 1);
    await s.clock.advance(1);
    assert.equal(s.service.calls.length, 2);
    assert.equal(s.service.maxActive, 1);
    s.poller.dispose();
  });

  test('a request that never answers is aborted after the timeout and counted as a failure', async () => {
    const s = setup();
    s.service.answer = () => undefined;
    const start = s.clock.time;
    s.poller.watch('pearl-1');
    await s.clock.advance(10_999);
    assert.equal(s.service.calls[0].signal.aborted, false);
    assert.equal(stateOf(s).kind, 'loading');
    await s.clock.advance(1);
    assert.equal(s.service.calls[0].signal.aborted, true);
    const state = failingState(s);
    assert.equal(state.failureKind, 'timeout');
    assert.equal(state.nextAttemptAt, start + 11_000 + 20_000);
    // The late answer of the abandoned request changes nothing.
    s.service.calls[0].resolve({ ok: true, totalOngoingCalls: 9 });
    await s.clock.advance(0);
    assert.equal(s.poller.state, state);
    s.poller.dispose();
  });

  test('pauses while unfocused and polls at once on focus when the value is older than the interval', async () => {
    const s = setup({ isFocused: () => false });
    const start = s.clock.time;
    s.poller.watch('pearl-1');
    await s.clock.advance(60_000);
    assert.equal(s.service.calls.length, 0, 'no request while the window is unfocused');
    assert.equal(stateOf(s).kind, 'loading');
    s.poller.setFocused(true);
    await s.clock.advance(0);
    assert.deepEqual(callTimes(s, start), [60_000]);
    // Unfocused for less than the interval: no extra poll on focus, the next one stays on time.
    await s.clock.advance(3_000);
    s.poller.setFocused(false);
    await s.clock.advance(3_000);
    s.poller.setFocused(true);
    await s.clock.advance(0);
    assert.equal(s.service.calls.length, 1);
    await s.clock.advance(4_000);
    assert.deepEqual(callTimes(s, start), [60_000, 70_000]);
    // Unfocused past the due time: nothing while away, one poll at once on return.
    s.poller.setFocused(false);
    await s.clock.advance(45_000);
    assert.equal(s.service.calls.length, 2);
    assert.equal(s.clock.pendingTimers, 0);
    s.poller.setFocused(true);
    await s.clock.advance(0);
    assert.deepEqual(callTimes(s, start), [60_000, 70_000, 115_000]);
    s.poller.dispose();
  });

  test('backs off exponentially on consecutive failures, capped at 5 minutes, and resets after a success', async () => {
    const s = setup();
    const start = s.clock.time;
    let fail = true;
    s.service.answer = () => (fail ? failure(503) : { ok: true, totalOngoingCalls: 1 });
    s.poller.watch('pearl-1');
    await s.clock.advance(0);
    const expectedGaps = [20_000, 40_000, 80_000, 160_000, 300_000, 300_000];
    let t = 0;
    for (const [i, gap] of expectedGaps.entries()) {
      const state = failingState(s);
      assert.equal(state.nextAttemptAt, start + t + gap);
      assert.equal(state.failureKind, 'http');
      assert.equal(state.status, 503);
      await s.clock.advance(gap - 1);
      assert.equal(s.service.calls.length, i + 1, `no retry before ${gap} ms`);
      if (i === expectedGaps.length - 1) fail = false;
      await s.clock.advance(1);
      t += gap;
    }
    assert.equal(stateOf(s).kind, 'ok');
    fail = true;
    await s.clock.advance(10_000);
    assert.equal(failingState(s).nextAttemptAt, s.clock.time + 20_000, 'back to interval × 2 after a success');
    assert.equal(s.service.maxActive, 1);
    s.poller.dispose();
  });

  test('a failure keeps the last counts in lastOk', async () => {
    const s = setup();
    const start = s.clock.time;
    s.poller.watch('pearl-1');
    await s.clock.advance(0);
    s.service.answer = () => failure(500);
    await s.clock.advance(10_000);
    const state = failingState(s);
    assert.deepEqual(state.lastOk, { totalOngoingCalls: 3, totalOnQueue: 1, updatedAt: start });
    s.poller.dispose();
  });

  test('Retry-After on 429: no request before it, not even on refresh or focus', async () => {
    const s = setup();
    const start = s.clock.time;
    s.service.answer = (call) =>
      call.at === start ? failure(429, { kind: 'rateLimited', retryAfterSeconds: 120 }) : { ok: true, totalOngoingCalls: 1 };
    s.poller.watch('pearl-1');
    await s.clock.advance(0);
    const state = failingState(s);
    assert.equal(state.failureKind, 'rateLimited');
    assert.equal(state.nextAttemptAt, start + 120_000);
    await s.clock.advance(30_000);
    s.poller.refresh();
    s.poller.setFocused(false);
    s.poller.setFocused(true);
    s.poller.credentialsChanged();
    await s.clock.advance(89_999);
    assert.equal(s.service.calls.length, 1);
    await s.clock.advance(1);
    assert.deepEqual(callTimes(s, start), [0, 120_000]);
    assert.equal(stateOf(s).kind, 'ok');
    s.poller.dispose();
  });

  test('a Retry-After shorter than the backoff does not shorten it', async () => {
    const s = setup();
    const start = s.clock.time;
    s.service.answer = () => failure(429, { kind: 'rateLimited', retryAfterSeconds: 1 });
    s.poller.watch('pearl-1');
    await s.clock.advance(0);
    assert.equal(failingState(s).nextAttemptAt, start + 20_000);
    s.poller.dispose();
  });

  test('a Retry-After beyond the timer limit (2,147,484 s) waits the longest Retry-After (15 minutes), not 1 ms', async () => {
    const s = setup();
    const start = s.clock.time;
    s.service.answer = (call) =>
      call.at === start ? failure(429, { kind: 'rateLimited', retryAfterSeconds: 2_147_484 }) : { ok: true, totalOngoingCalls: 1 };
    s.poller.watch('pearl-1');
    await s.clock.advance(3_000);
    assert.equal(s.service.calls.length, 1, 'one request in 3 s, not one per millisecond');
    assert.equal(maxRetryAfterMs, 15 * 60 * 1000);
    assert.equal(failingState(s).nextAttemptAt, start + maxRetryAfterMs);
    await s.clock.advance(maxRetryAfterMs - 3_001);
    assert.equal(s.service.calls.length, 1);
    await s.clock.advance(1);
    assert.deepEqual(callTimes(s, start), [0, maxRetryAfterMs]);
    assert.equal(stateOf(s).kind, 'ok');
    s.poller.dispose();
  });

  test('a Retry-After date 25 days ahead: at most one request per 15 minutes over an hour', async () => {
    const s = setup();
    const start = s.clock.time;
    s.service.answer = () => failure(503, { retryAfterSeconds: 25 * 24 * 60 * 60 });
    s.poller.watch('pearl-1');
    await s.clock.advance(60 * 60 * 1000);
    assert.deepEqual(callTimes(s, start), [0, 900_000, 1_800_000, 2_700_000, 3_600_000]);
    assert.equal(s.clock.pendingTimers, 1);
    s.poller.dispose();
  });

  test('a poll interval beyond the timer limit polls every hour, not every millisecond', async () => {
    const s = setup({ seconds: 1e10 });
    const start = s.clock.time;
    s.poller.watch('pearl-1');
    await s.clock.advance(3_000);
    assert.equal(s.service.calls.length, 1);
    assert.equal(maxPollSeconds, 3600);
    await s.clock.advance(2 * 3_600_000 - 3_000);
    assert.deepEqual(callTimes(s, start), [0, 3_600_000, 7_200_000]);
    assert.equal(s.service.calls[0].options.timeoutMs, 10_000);
    s.poller.dispose();
  });

  test('404: the Pearl is not found, polling stops until the user refreshes or watches another id', async () => {
    const s = setup();
    const start = s.clock.time;
    s.service.answer = (call) =>
      call.pearlId === 'gone' ? failure(404, { message: 'The service answered 404 Not Found.' }) : { ok: true, totalOngoingCalls: 2 };
    s.poller.watch('gone');
    await s.clock.advance(0);
    assert.deepEqual(s.poller.state, { kind: 'notFound', pearlId: 'gone', status: 404 });
    await s.clock.advance(60 * 60 * 1000);
    assert.equal(s.service.calls.length, 1, 'no retry for an hour');
    s.poller.setFocused(false);
    s.poller.setFocused(true);
    await s.clock.advance(60_000);
    assert.equal(s.service.calls.length, 1, 'focus does not retry an unknown id');
    s.poller.refresh();
    await s.clock.advance(0);
    assert.equal(s.service.calls.length, 2, 'Refresh now asks again');
    assert.equal(stateOf(s).kind, 'notFound');
    s.poller.watch('pearl-2');
    await s.clock.advance(0);
    assert.deepEqual(callTimes(s, start), [0, 3_660_000, 3_660_000]);
    assert.equal(stateOf(s).kind, 'ok');
    s.poller.dispose();
  });

  test('401 → unauthorized, no more requests until the token changes', async () => {
    const s = setup();
    const start = s.clock.time;
    s.service.answer = (call) =>
      call.options.token === 'account:secret' ? failure(401, { kind: 'unauthorized' }) : { ok: true, totalOngoingCalls: 4 };
    s.poller.watch('pearl-1');
    await s.clock.advance(0);
    assert.deepEqual(s.poller.state, { kind: 'unauthorized', pearlId: 'pearl-1', status: 401 });
    await s.clock.advance(60 * 60 * 1000);
    assert.equal(s.service.calls.length, 1);
    s.poller.setFocused(false);
    s.poller.setFocused(true);
    await s.clock.advance(60_000);
    assert.equal(s.service.calls.length, 1, 'focus does not resume a refused token');
    s.token = 'account:other';
    s.poller.credentialsChanged();
    assert.deepEqual(s.poller.state, { kind: 'loading', pearlId: 'pearl-1' });
    await s.clock.advance(0);
    assert.equal(s.service.calls.length, 2);
    assert.equal(s.service.calls[1].at - start, 60 * 60 * 1000 + 60_000);
    const after = stateOf(s);
    assert.equal(after.kind === 'ok' && after.totalOngoingCalls, 4);
    s.poller.dispose();
  });

  test('403 of any kind is unauthorized; watching again retries', async () => {
    const s = setup();
    s.service.answer = () => failure(403);
    s.poller.watch('pearl-1');
    await s.clock.advance(0);
    assert.deepEqual(s.poller.state, { kind: 'unauthorized', pearlId: 'pearl-1', status: 403 });
    await s.clock.advance(600_000);
    assert.equal(s.service.calls.length, 1);
    s.poller.watch('pearl-2');
    await s.clock.advance(0);
    assert.deepEqual(
      s.service.calls.map((call) => call.pearlId),
      ['pearl-1', 'pearl-2'],
    );
    s.poller.watch('pearl-2');
    await s.clock.advance(0);
    assert.equal(s.service.calls.length, 3, 'watching the same id again is a retry');
    s.poller.dispose();
  });

  test('no token → noToken without a request, until the token changes', async () => {
    const s = setup({ token: null });
    s.poller.watch('pearl-1');
    await s.clock.advance(0);
    assert.deepEqual(s.poller.state, { kind: 'noToken', pearlId: 'pearl-1' });
    await s.clock.advance(600_000);
    assert.equal(s.service.calls.length, 0);
    s.token = 'account:secret';
    s.poller.credentialsChanged();
    await s.clock.advance(0);
    assert.equal(s.service.calls.length, 1);
    assert.equal(s.service.calls[0].options.token, 'account:secret');
    assert.equal(stateOf(s).kind, 'ok');
    s.poller.dispose();
  });

  test('the interval is at least 5 seconds (and 10 when not a number)', async () => {
    const s = setup({ seconds: 1 });
    const start = s.clock.time;
    s.poller.watch('pearl-1');
    await s.clock.advance(14_999);
    assert.deepEqual(callTimes(s, start), [0, 5_000, 10_000]);
    assert.equal(s.service.calls[0].options.timeoutMs, 5_000);
    s.seconds = Number.NaN;
    await s.clock.advance(1);
    await s.clock.advance(10_000);
    assert.deepEqual(callTimes(s, start), [0, 5_000, 10_000, 15_000, 25_000]);
    s.poller.dispose();
  });

  test('stop() aborts the request, ignores its answer and stops polling', async () => {
    const s = setup();
    s.poller.watch('pearl-1');
    await s.clock.advance(0);
    s.service.answer = () => undefined;
    await s.clock.advance(10_000);
    assert.equal(s.service.calls.length, 2);
    s.poller.stop();
    assert.deepEqual(s.poller.state, { kind: 'idle' });
    assert.equal(s.service.calls[1].signal.aborted, true);
    s.service.calls[1].resolve({ ok: true, totalOngoingCalls: 7 });
    await s.clock.advance(600_000);
    assert.deepEqual(s.poller.state, { kind: 'idle' });
    assert.equal(s.service.calls.length, 2);
    assert.equal(s.clock.pendingTimers, 0);
    s.poller.refresh();
    await s.clock.advance(0);
    assert.equal(s.service.calls.length, 2, 'refresh does nothing when idle');
    s.poller.dispose();
  });

  test('watching another id aborts the previous request and ignores its answer', async () => {
    const s = setup();
    s.service.answer = (call) => (call.pearlId === 'pearl-1' ? undefined : { ok: true, totalOngoingCalls: 5 });
    s.poller.watch('pearl-1');
    await s.clock.advance(0);
    assert.equal(s.service.calls.length, 1);
    s.poller.watch('pearl-2');
    assert.equal(s.service.calls[0].signal.aborted, true);
    await s.clock.advance(0);
    s.service.calls[0].resolve({ ok: true, totalOngoingCalls: 1 });
    await s.clock.advance(0);
    assert.equal(s.poller.state.kind === 'ok' && s.poller.state.pearlId, 'pearl-2');
    assert.equal(s.poller.state.kind === 'ok' && s.poller.state.totalOngoingCalls, 5);
    s.poller.dispose();
  });

  test('watching another id while the token is being read sends only the new request', async () => {
    const s = setup();
    s.poller.watch('pearl-1');
    s.poller.watch('pearl-2');
    await s.clock.advance(0);
    assert.deepEqual(
      s.service.calls.map((call) => call.pearlId),
      ['pearl-2'],
    );
    assert.deepEqual(stateOf(s), { kind: 'ok', pearlId: 'pearl-2', totalOngoingCalls: 3, totalOnQueue: 1, updatedAt: s.clock.time });
    s.poller.dispose();
  });

  test('refresh polls at once, bypassing the backoff', async () => {
    const s = setup();
    const start = s.clock.time;
    s.service.answer = () => failure(500);
    s.poller.watch('pearl-1');
    await s.clock.advance(3_000);
    s.poller.refresh();
    await s.clock.advance(0);
    assert.deepEqual(callTimes(s, start), [0, 3_000]);
    assert.equal(failingState(s).nextAttemptAt, start + 3_000 + 40_000);
    s.poller.dispose();
  });

  test('a rejected fetch is a network failure; a throwing listener does not stop the poller', async () => {
    const errors: unknown[] = [];
    const s = setup({ onListenerError: (error) => errors.push(error) });
    s.poller.onDidChangeState(() => {
      throw new Error('listener');
    });
    s.service.answer = () => {
      throw new Error('socket hang up');
    };
    s.poller.watch('pearl-1');
    await s.clock.advance(0);
    const state = failingState(s);
    assert.equal(state.failureKind, 'network');
    assert.equal(state.message, 'socket hang up');
    assert.equal(errors.length, 2);
    s.poller.dispose();
  });
});
