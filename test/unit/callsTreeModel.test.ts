import { after, before, describe, test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { getPearlFigures, listCalls, type CallSummary } from '../../client/src/api/pearlCallsApi';
import { CallsLoader, type CallsLoaderDeps } from '../../client/src/calls/callsLoader';
import {
  callRow,
  callsPageSize,
  checkPhoneNumber,
  withDirection,
  callsRows,
  customRange,
  defaultFilter,
  describeFilter,
  figuresLines,
  formatDuration,
  maxCallsShown,
  type TagInfo,
} from '../../client/src/calls/callsTreeModel';
import { CallRequestFollower, type FollowState, maxConsecutiveFailures } from '../../client/src/calls/callRequestFollower';
import { type StandIn, startStandIn } from '../standin/pearlServiceStandIn';

const now = Date.UTC(2026, 11, 6, 15, 0, 0);
const tags = new Map<string, TagInfo>([['Refund', { name: 'Asked for a refund', color: 2 }]]);
const call: CallSummary = {
  id: 'c1',
  startTime: '2026-12-06T10:05:00Z',
  conversationStatus: 100,
  status: 4,
  from: '+15550100',
  to: '+15551234567',
  duration: 125,
  tags: ['Refund', 'Unknwn'],
};

describe('call rows', () => {
  test('a call row: local start time, duration, from → to, the status by name, tags by the file’s names (else the value)', () => {
    const row = callRow('prl_1', call, tags);
    assert.equal(row.id, 'call:prl_1:c1');
    assert.match(row.label, /^2026-12-06 \d\d:05$/);
    assert.equal(row.description, '2 min 05 s · +15550100 → +15551234567 · Success · Asked for a refund, Unknwn');
    assert.deepEqual(row.command, { command: 'pearl.calls.open', arguments: ['prl_1', 'c1'] });
  });

  test('service text in a row is plain: no line breaks, invisible characters shown, icons not drawn', () => {
    const row = callRow('p', { ...call, from: '$(alert)\u202e+1\n555', conversationStatus: 999 }, undefined);
    assert.match(row.description ?? '', /\$\u200b\(alert\)\\u202E\+1 555 → /);
    assert.match(row.description ?? '', /value 999/);
  });

  test('the total first, "Load more" while the service has more, the cut said at the bound', () => {
    const calls = Array.from({ length: 30 }, (_, i) => ({ ...call, id: `c${i}` }));
    const rows = callsRows('p', { calls, count: 130, loading: false, skipped: 0, problems: [] }, undefined);
    assert.equal(rows[0].label, '130 calls, newest first');
    assert.equal(rows[0].description, '30 shown');
    assert.equal(rows.at(-1)?.kind, 'callsMore');
    assert.equal(rows.at(-1)?.description, '100 more');
    const full = Array.from({ length: maxCallsShown }, (_, i) => ({ ...call, id: `c${i}` }));
    const cut = callsRows('p', { calls: full, count: 2000, loading: false, skipped: 0, problems: [] }, undefined);
    assert.equal(cut.length, maxCallsShown + 2);
    assert.equal(cut.at(-1)?.label, `1500 more calls not listed (at most ${maxCallsShown}): narrow the filters to see them.`);
    assert.equal(new Set(cut.map((row) => row.id)).size, cut.length);
  });

  test('an error row can be clicked to try again; problems are one row with the sentences in its tooltip', () => {
    const rows = callsRows(
      'p',
      {
        calls: [],
        count: undefined,
        loading: false,
        error: 'The service answered 500.',
        skipped: 2,
        problems: ['The call: "x" is not text.'],
      },
      undefined,
    );
    assert.equal(rows[0].label, 'Could not read calls: The service answered 500.');
    assert.deepEqual(rows[0].command, { command: 'pearl.calls.loadMore', arguments: ['p'] });
    assert.equal(rows[1].tooltip, '2 entries without a usable id left out.\nThe call: "x" is not text.');
  });

  test('the filter reads as one line; the default filter says nothing', () => {
    assert.equal(describeFilter(defaultFilter(now)), undefined);
    const filter = { ...defaultFilter(now), statuses: [100, 40], tags: ['Refund'], search: 'dana' };
    assert.equal(
      describeFilter(filter, tags),
      'Calls filtered: last 7 days · status Success, OnCall · tag Asked for a refund · search "dana"',
    );
    const range = customRange('2026-12-01', '2026-12-03');
    assert.ok(!('error' in range));
    assert.equal(describeFilter({ ...defaultFilter(now), ...range }), 'Calls filtered: 2026-12-01 to 2026-12-03');
    assert.deepEqual(customRange('2026-12-05', '2026-12-01'), { error: 'The last day is before the first day.' });
    assert.deepEqual(customRange('2026-02-30', '2026-03-01'), { error: '"2026-02-30" is not a date written YYYY-MM-DD.' });
  });

  test('figures: today, ongoing, queue for an inbound Pearl; budget and leads for an outbound one', () => {
    assert.deepEqual(figuresLines({ id: 'a', type: 1, totalTodayCalls: 4, totalOngoingCalls: 1, totalOnQueue: 0, totalLeads: 0 }), [
      'Calls today: 4',
      'Ongoing: 1',
      'In queue: 0',
    ]);
    assert.deepEqual(
      figuresLines({
        id: 'b',
        type: 2,
        totalTodayCalls: 2,
        budgetConsumed: 12.5,
        budgetTotal: 500,
        totalLeads: 40,
        totalLeadsCompleted: 25,
        totalLeadsSuccess: 11,
      }),
      ['Calls today: 2', 'Budget: 12.50 of 500 used', 'Leads: 40 (25 completed, 11 successful)'],
    );
    assert.equal(formatDuration(3725), '1 h 02 min');
  });

  test('a test call number: digits with an optional +, spaces, dashes and brackets', () => {
    for (const number of ['+15551234567', '555 123 4567', '+44 (20) 7946-0018']) assert.equal(checkPhoneNumber(number), undefined, number);
    for (const number of ['', '12', 'call me', '+1555\u202e123', '[x](command:y)', '1'.repeat(30)])
      assert.ok(checkPhoneNumber(number), number);
  });
});

describe('CallsLoader against the stand-in', () => {
  let standIn: StandIn;
  let deps: CallsLoaderDeps;
  before(async () => {
    standIn = await startStandIn({ now: () => now });
    deps = {
      listCalls,
      getPearlFigures,
      credentials: () => Promise.resolve({ baseUrl: standIn.url, token: standIn.token }),
      now: () => now,
      timeoutMs: 5000,
    };
  });
  after(() => standIn.close());

  const settled = (loader: CallsLoader, pearlId: string): Promise<void> =>
    new Promise((resolve) => {
      const check = (): void => {
        const state = loader.stateOf(pearlId);
        if (state !== undefined && !state.loading) {
          subscription.dispose();
          resolve();
        }
      };
      const subscription = loader.onDidChange(check);
      check();
    });

  test('expanding reads the figures and the first page; Load more appends the next page; one request at a time', async () => {
    const loader = new CallsLoader(deps);
    let inFlight = 0;
    let most = 0;
    const counting: CallsLoaderDeps = {
      ...deps,
      listCalls: async (options) => {
        most = Math.max(most, ++inFlight);
        try {
          return await listCalls(options);
        } finally {
          inFlight--;
        }
      },
    };
    const counted = new CallsLoader(counting);
    counted.expand('prl_seed_1');
    counted.expand('prl_seed_2');
    await settled(counted, 'prl_seed_1');
    await settled(counted, 'prl_seed_2');
    assert.equal(most, 1);
    counted.dispose();

    loader.expand('prl_seed_1');
    await settled(loader, 'prl_seed_1');
    const first = loader.stateOf('prl_seed_1');
    assert.ok(first?.count !== undefined && first.count > 0);
    assert.equal(first.calls.length, Math.min(callsPageSize, first.count));
    assert.equal(typeof loader.figuresOf('prl_seed_1')?.totalTodayCalls, 'number');
    if (first.count > callsPageSize) {
      loader.loadMore('prl_seed_1');
      await settled(loader, 'prl_seed_1');
      assert.equal(loader.stateOf('prl_seed_1')?.calls.length, Math.min(2 * callsPageSize, first.count));
    }
    loader.dispose();
  });

  test('a filter reads the expanded Pearls again with it: only calls of the chosen status', async () => {
    const loader = new CallsLoader(deps);
    loader.expand('prl_seed_1');
    await settled(loader, 'prl_seed_1');
    loader.setFilter({ ...defaultFilter(now), statuses: [150, 500] });
    await settled(loader, 'prl_seed_1');
    const state = loader.stateOf('prl_seed_1');
    assert.ok(state);
    assert.ok(state.calls.every((listed) => listed.conversationStatus === 150 || listed.conversationStatus === 500));
    assert.equal(state.calls.length, Math.min(state.count ?? 0, callsPageSize));
    loader.dispose();
  });

  test('no token: the state says so, and nothing is sent', async () => {
    const loader = new CallsLoader({ ...deps, credentials: () => Promise.resolve({ message: 'Set your API token to read calls.' }) });
    loader.expand('prl_seed_1');
    await settled(loader, 'prl_seed_1');
    assert.equal(loader.stateOf('prl_seed_1')?.error, 'Set your API token to read calls.');
    assert.equal(loader.sent, 0);
    loader.dispose();
  });
});

describe('CallRequestFollower', () => {
  /** Timers run by hand: no real waiting. */
  function manualTimers(): {
    deps: Pick<Parameters<typeof makeFollower>[1], 'setTimeout' | 'clearTimeout' | 'now'>;
    fire(): number | undefined;
  } {
    let pending: { callback: () => void; ms: number } | undefined;
    let clock = 0;
    return {
      deps: {
        setTimeout: (callback, ms) => (pending = { callback, ms }),
        clearTimeout: () => (pending = undefined),
        now: () => clock,
      },
      fire: () => {
        const next = pending;
        pending = undefined;
        if (next === undefined) return undefined;
        clock += next.ms;
        next.callback();
        return next.ms;
      },
    };
  }
  const makeFollower = (
    requestId: string,
    deps: ConstructorParameters<typeof CallRequestFollower>[1],
    onState: (state: FollowState) => void,
  ) => new CallRequestFollower(requestId, deps, onState);

  const flush = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

  test('queued → on call → completed with the call id; Retry-After honoured', async () => {
    const answers = [
      { ok: false as const, kind: 'rateLimited' as const, message: '429', retryAfterSeconds: 9 },
      { ok: true as const, request: { id: 'r', status: 1, errors: [] }, problems: [] },
      { ok: true as const, request: { id: 'r', status: 2, errors: [] }, problems: [] },
      { ok: true as const, request: { id: 'r', status: 10, errors: [], callId: 'call-9' }, problems: [] },
    ];
    const timers = manualTimers();
    const states: string[] = [];
    const follower = makeFollower('r', { ...timers.deps, getCallRequest: () => Promise.resolve(answers.shift() ?? answers[0]) }, (state) =>
      states.push(`${state.kind}:${state.text}${state.kind === 'done' ? `:${state.callId}` : ''}`),
    );
    follower.start();
    await flush();
    const waits: (number | undefined)[] = [];
    while (!follower.done && waits.length < 10) {
      waits.push(timers.fire());
      await flush();
    }
    assert.equal(waits[0], 9000);
    assert.deepEqual(states, ['queued:queued', 'queued:queued', 'onCall:on call', 'done:completed: click to open the call:call-9']);
  });

  test(`gives up after ${maxConsecutiveFailures} failures in a row, and at once on a refused token`, async () => {
    const timers = manualTimers();
    const states: FollowState[] = [];
    const follower = makeFollower(
      'r',
      {
        ...timers.deps,
        getCallRequest: () => Promise.resolve({ ok: false, kind: 'http', status: 500, message: 'The service answered 500.' }),
      },
      (state) => states.push(state),
    );
    follower.start();
    await flush();
    let fired = 0;
    while (!follower.done && fired < 20) {
      timers.fire();
      fired++;
      await flush();
    }
    assert.equal(fired, maxConsecutiveFailures - 1);
    assert.equal(states.at(-1)?.text, 'could not read the request: The service answered 500.');
    const refused = makeFollower(
      'r',
      { ...timers.deps, getCallRequest: () => Promise.resolve({ ok: false, kind: 'unauthorized', message: 'no' }) },
      (state) => states.push(state),
    );
    refused.start();
    await flush();
    assert.ok(refused.done);
    assert.equal(states.at(-1)?.text, 'the service refused the API token');
  });
});

describe('calls commands in the manifest', () => {
  const root = path.resolve(__dirname, '../../..');
  const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    contributes: { commands: { command: string }[]; menus: Record<string, { command: string; when?: string }[]> };
  };
  const callsCommands = manifest.contributes.commands.map(({ command }) => command).filter((command) => command.startsWith('pearl.calls.'));

  test('every calls command has a web stand-in that says why it is off', () => {
    const source = fs.readFileSync(path.join(root, 'client/src/host/webUnavailable.ts'), 'utf8');
    assert.ok(callsCommands.length >= 7);
    for (const command of callsCommands)
      assert.ok(source.includes(`'${command.replace(/^pearl\./, '')}'`), `${command} has no web stand-in`);
  });

  test("the test call is offered on outbound Pearls' rows only, and the view's own menus still match them", () => {
    const menus = manifest.contributes.menus['view/item/context'];
    const when = (command: string): RegExp[] =>
      menus
        .filter((entry) => entry.command === command)
        .map((entry) => {
          const match = /viewItem =~ \/(.+)\/$/.exec(entry.when ?? '');
          assert.ok(match, entry.when);
          return new RegExp(match[1]);
        });
    const outbound = withDirection('pearl.running.linked', 2);
    const inbound = withDirection('pearl.running.linked', 1);
    assert.equal(outbound, 'pearl.running.outbound.linked');
    assert.ok(when('pearl.calls.placeTestCall').every((pattern) => pattern.test(outbound)));
    assert.ok(when('pearl.calls.placeTestCall').every((pattern) => !pattern.test(inbound)));
    for (const command of [
      'pearl.pearls.pause',
      'pearl.pearls.openDeployedFile',
      'pearl.pearls.openLiveSettings',
      'pearl.calls.forgetCustomer',
    ]) {
      assert.ok(
        when(command).every((pattern) => pattern.test(outbound)),
        command,
      );
    }
  });

  test('in the command palette, the commands that send the token need a trusted workspace off the web', () => {
    for (const entry of manifest.contributes.menus.commandPalette.filter((item) => callsCommands.includes(item.command))) {
      if (entry.when === 'false' || entry.command === 'pearl.calls.walkWithValues') continue;
      assert.match(entry.when ?? '', /isWorkspaceTrusted && !pearl\.webHost/, entry.command);
    }
  });
});
