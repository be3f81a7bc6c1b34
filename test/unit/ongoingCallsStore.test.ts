// The one source of the ongoing-call counts (client/src/ongoingCalls/ongoingCallsStore.ts): the
// status bar, the Pearls view and the pause question show the same number at the same moment, and
// one refresh sends one request.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import type { ApiCallOptions, PearlSummary } from '../../client/src/api/pearlAccountApi';
import type { OngoingCallsResult } from '../../client/src/api/pearlApiClient';
import { OngoingCallsPoller } from '../../client/src/ongoingCalls/ongoingCallsPoller';
import { renderStatus } from '../../client/src/ongoingCalls/ongoingCallsStatus';
import { OngoingCallsStore, showReadingsIn } from '../../client/src/ongoingCalls/ongoingCallsStore';
import { pauseQuestionDetail } from '../../client/src/pearlsView/pauseQuestion';
import { PearlsRefresher } from '../../client/src/pearlsView/pearlsRefresher';
import { readSnapshot } from '../../client/src/pearlsView/pearlsSnapshot';
import { buildRows } from '../../client/src/pearlsView/pearlsTreeModel';

const baseUrl = 'https://api.example.test';
const reception: PearlSummary = { id: 'p1', name: 'Reception', type: 1, status: 1 };

/** Lets pending promise callbacks run (no timer, no sleep). */
async function flush(): Promise<void> {
  for (let i = 0; i < 10; i++) await new Promise<void>((resolve) => setImmediate(resolve));
}

/** A clock that moves only in `advance`, running the timers due on the way. */
class FakeClock {
  time = 1_700_000_000_000;
  private nextId = 1;
  private readonly timers = new Map<number, { at: number; run: () => void }>();
  readonly now = (): number => this.time;
  readonly setTimeout = (run: () => void, ms: number): unknown => {
    this.timers.set(this.nextId, { at: this.time + Math.max(1, ms), run });
    return this.nextId++;
  };
  readonly clearTimeout = (handle: unknown): void => {
    this.timers.delete(handle as number);
  };
  async advance(ms: number): Promise<void> {
    const end = this.time + ms;
    await flush();
    for (;;) {
      let due: [number, { at: number; run: () => void }] | undefined;
      for (const entry of this.timers) if (entry[1].at <= end && (due === undefined || entry[1].at < due[1].at)) due = entry;
      if (due === undefined) break;
      this.timers.delete(due[0]);
      this.time = due[1].at;
      due[1].run();
      await flush();
    }
    this.time = end;
    await flush();
  }
}

test('the status bar, the Pearls view and the pause question show the same count after each refresh, one request each', async () => {
  const clock = new FakeClock();
  // The service's answers to GET /v2/Pearl/p1/OngoingCalls, in order.
  const answers = [3, 7, 9, 11];
  const requests: string[] = [];
  const store = new OngoingCallsStore({
    fetchCounts: async (options) => {
      requests.push(options.pearlId);
      const next = answers.shift();
      return next === undefined ? { ok: false, kind: 'network', message: 'no more answers' } : { ok: true, totalOngoingCalls: next };
    },
    now: clock.now,
  });
  const timers = { now: clock.now, setTimeout: clock.setTimeout, clearTimeout: clock.clearTimeout };

  // The status bar: its poller reads through the store and shows the store's newer readings.
  const statusBar = new OngoingCallsPoller({
    fetchCounts: (pearlId, signal, { token, timeoutMs }) => store.read(pearlId, { baseUrl, token: token ?? '', timeoutMs, signal }),
    getToken: async () => 'token',
    intervalSeconds: () => 60,
    ...timers,
  });
  showReadingsIn(store, statusBar, () => baseUrl);
  // The Pearls view: its counts through the store (a reading younger than a few seconds is reused).
  const view = new PearlsRefresher({
    readSnapshot: (token, signal, timeoutMs) =>
      readSnapshot(
        {
          listPearls: async () => ({ ok: true, pearls: [reception], skipped: 0, omitted: 0, total: 1 }),
          getAccount: async () => ({ ok: true, account: { name: 'Acme', status: 1 } }),
          getOngoingCalls: (options) => store.fresh(options.pearlId, options),
        },
        { baseUrl, token, timeoutMs, signal, now: clock.now },
      ),
    getToken: async () => 'token',
    intervalSeconds: () => 60,
    isActive: () => true,
    counts: { store, baseUrl: () => baseUrl },
    ...timers,
  });
  const pauseOptions: ApiCallOptions = { baseUrl, token: 'token', timeoutMs: 10_000 };

  /** What each of the three shows: the status bar's text, the view's row, the pause question's first line. */
  const shown = async (): Promise<string[]> => {
    const snapshot = view.snapshot;
    assert.ok(snapshot, 'the view has read the account');
    const row = buildRows(snapshot, new Map()).find((candidate) => candidate.label === 'Reception');
    const question: OngoingCallsResult = await store.fresh('p1', pauseOptions);
    return [renderStatus(statusBar.state).text, row?.description ?? '', pauseQuestionDetail(question)?.split('\n')[0] ?? ''];
  };
  const all = (count: number): string[] => [
    `$(call-incoming) ${count} ongoing`,
    `Inbound · Running · ${count} ongoing`,
    `It has ${count} ongoing right now.`,
  ];

  // The status bar reads first; the view, opened just after, and the question show that reading.
  statusBar.watch('p1');
  await clock.advance(0);
  view.start();
  await clock.advance(0);
  assert.deepEqual(await shown(), all(3));
  assert.equal(requests.length, 1);

  // Ten seconds later the user pauses: the question reads again (the reading is old), once, and the
  // view and the status bar show what it read.
  await clock.advance(10_000);
  const question = await store.fresh('p1', pauseOptions);
  assert.equal(requests.length, 2);
  assert.equal(pauseQuestionDetail(question)?.split('\n')[0], 'It has 7 ongoing right now.');
  assert.deepEqual(await shown(), all(7));
  assert.equal(requests.length, 2);

  // Ten seconds later the view is refreshed: one request, and the status bar shows it too.
  await clock.advance(10_000);
  view.refresh();
  await clock.advance(0);
  assert.equal(requests.length, 3);
  assert.deepEqual(await shown(), all(9));
  assert.equal(requests.length, 3);

  // The status bar's next poll counts from that reading: none at its first due time (60 s after
  // its own), the next 60 s after the view's; the view shows what it read.
  await clock.advance(45_000);
  assert.equal(requests.length, 3);
  await clock.advance(15_000);
  assert.equal(requests.length, 4);
  assert.deepEqual(await shown(), all(11));
  assert.equal(requests.length, 4);
  view.dispose();
  statusBar.dispose();
});

test('two readers of the same Pearl at once share one request; a 404 forgets the reading', async () => {
  let now = 1_000;
  const pending: ((result: OngoingCallsResult) => void)[] = [];
  const store = new OngoingCallsStore({
    fetchCounts: () => new Promise<OngoingCallsResult>((resolve) => pending.push(resolve)),
    now: () => now,
  });
  const options: ApiCallOptions = { baseUrl, token: 'token', timeoutMs: 1_000 };
  const first = store.read('p1', options);
  const second = store.fresh('p1', options);
  assert.equal(pending.length, 1);
  pending[0]({ ok: true, totalOngoingCalls: 2, totalOnQueue: 1 });
  assert.deepEqual(await first, { ok: true, totalOngoingCalls: 2, totalOnQueue: 1 });
  assert.deepEqual(await second, { ok: true, totalOngoingCalls: 2, totalOnQueue: 1 });
  assert.deepEqual(store.latest(baseUrl, 'p1'), { totalOngoingCalls: 2, totalOnQueue: 1, at: 1_000 });
  // Another base URL is another service: not the same reading.
  assert.equal(store.latest('https://other.example.test', 'p1'), undefined);

  now += 5_000;
  const third = store.fresh('p1', options);
  assert.equal(pending.length, 2);
  pending[1]({ ok: false, kind: 'http', status: 404, message: 'The service answered 404 Not Found.' });
  assert.equal((await third).ok, false);
  assert.equal(store.latest(baseUrl, 'p1'), undefined);
});

test('a reader that gives up does not abort the request another reader waits for', async () => {
  const signals: AbortSignal[] = [];
  const pending: ((result: OngoingCallsResult) => void)[] = [];
  const store = new OngoingCallsStore({
    fetchCounts: (options) => {
      if (options.signal) signals.push(options.signal);
      return new Promise<OngoingCallsResult>((resolve) => pending.push(resolve));
    },
  });
  const leaving = new AbortController();
  const staying = new AbortController();
  const first = store.read('p1', { baseUrl, token: 'token', timeoutMs: 1_000, signal: leaving.signal });
  const second = store.read('p1', { baseUrl, token: 'token', timeoutMs: 1_000, signal: staying.signal });
  leaving.abort();
  assert.equal(signals[0].aborted, false);
  staying.abort();
  assert.equal(signals[0].aborted, true, 'aborted once every reader gave up');
  pending[0]({ ok: false, kind: 'cancelled', message: 'Cancelled.' });
  assert.equal((await first).ok, false);
  assert.equal((await second).ok, false);
});
