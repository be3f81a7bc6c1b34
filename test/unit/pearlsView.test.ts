import { describe, test } from 'node:test';
import * as assert from 'node:assert/strict';
import type { ApiCallOptions, PearlSummary } from '../../client/src/api/pearlAccountApi';
import type { ApiFailure } from '../../client/src/api/pearlApiClient';
import { deployChoices, type PreviousPearl } from '../../client/src/deploy/deployPlan';
import type { DeploymentRecord } from '../../client/src/deploy/deploymentStore';
import {
  fileNameStem,
  formatForCompare,
  formatLiveDocument,
  hasFlow,
  toRequestValue,
} from '../../client/src/pearlsView/liveSettingsFormat';
import { PearlsRefresher } from '../../client/src/pearlsView/pearlsRefresher';
import { type PearlsSnapshot, readSnapshot, type SnapshotApi } from '../../client/src/pearlsView/pearlsSnapshot';
import { accountRow, buildRows, pearlRow, sameRows } from '../../client/src/pearlsView/pearlsTreeModel';
import { maxLabelLength, plainLabel } from '../../client/src/userText';

const pearls: PearlSummary[] = [
  { id: 'p1', name: 'Reception', type: 1, status: 1 },
  { id: 'p2', name: 'Campaign', type: 2, status: 2 },
  { id: 'p3', name: 'Old', type: 2, status: 3 },
  { id: 'p4', name: 'Billing', type: 1, status: 10 },
];

function snapshot(overrides: Partial<PearlsSnapshot> = {}): PearlsSnapshot {
  return {
    pearls,
    skipped: 0,
    omitted: 0,
    account: { name: 'Acme', creditBalance: 12.5, remainingMinutes: 30, status: 1, totalAgents: 2 },
    counts: new Map([['p1', { totalOngoingCalls: 3, totalOnQueue: 1 }]]),
    countsMissing: 0,
    readAt: 0,
    ...overrides,
  };
}

describe('tree model', () => {
  test('the account first, then the Pearls by name, with direction, status by name and live counts for running ones', () => {
    const rows = buildRows(snapshot(), new Map([['p2', 'examples/campaign.pearl.json']]));
    assert.deepEqual(
      rows.map((row) => [row.label, row.description]),
      [
        ['Acme', 'FullAccess · 12.50 credits · 30 min left'],
        ['Billing', 'Inbound · TemporaryMaintenance'],
        ['Campaign', 'Outbound · Paused'],
        ['Old', 'Outbound · Suspended'],
        ['Reception', 'Inbound · Running · 3 ongoing · 1 queued'],
      ],
    );
    assert.equal(rows[2].contextValue, 'pearl.paused.linked');
    assert.match(rows[2].tooltip ?? '', /Deployed from examples\/campaign\.pearl\.json/);
    assert.equal(rows[4].contextValue, 'pearl.running');
    assert.equal(rows[3].warning, true);
  });

  test('NoCredits, SuspendedAccount and DebtReached are warnings; LimitedAccess is not', () => {
    for (const [status, warning] of [
      [2, false],
      [3, true],
      [4, true],
      [5, true],
    ] as const) {
      const row = accountRow({ name: 'Acme', status }, undefined);
      assert.equal(row.warning, warning, `status ${status}`);
      assert.equal(row.icon, warning ? 'warning' : 'account');
    }
    assert.match(accountRow({ status: 5 }, undefined).description ?? '', /^DebtReached/);
  });

  test('an account that could not be read says so, as a warning', () => {
    const row = accountRow(undefined, 'The service answered 500.');
    assert.deepEqual([row.label, row.description, row.tooltip, row.warning], ['Account', 'not read', 'The service answered 500.', true]);
  });

  test('a running Pearl whose counts were not read says so; an unknown status is named by its number', () => {
    assert.equal(
      pearlRow({ id: 'x', name: 'X', type: 1, status: 1 }, undefined, undefined).description,
      'Inbound · Running · calls not read',
    );
    assert.equal(pearlRow({ id: 'x', status: 7 }, undefined, undefined).description, 'direction unknown · status 7');
    assert.equal(pearlRow({ id: 'x' }, undefined, undefined).label, '(no name)');
  });

  test('text from the service stays plain: one line, invisible characters shown, cut at the limit, markdown untouched', () => {
    const row = pearlRow({ id: 'x', name: 'Front *desk*\n[link](command:pearl.signOut)\u202e', status: 2 }, undefined, undefined);
    assert.equal(row.label, 'Front *desk* [link]\u200b(command:pearl.signOut)\\u202E');
    assert.equal(row.command, undefined);
    assert.equal(pearlRow({ id: 'x', name: 'a'.repeat(500) }, undefined, undefined).label.length, maxLabelLength);
  });

  test('a label from the service draws no link: `](` is split by a zero-width space, ends trimmed', () => {
    assert.equal(plainLabel('  Front [desk](command:pearl.signOut)\n'), 'Front [desk]\u200b(command:pearl.signOut)');
  });

  test('no Pearls: a message row; entries without an id are counted', () => {
    const rows = buildRows(snapshot({ pearls: [], skipped: 1 }), new Map());
    assert.deepEqual(
      rows.slice(1).map((row) => row.label),
      ['No Pearls in this account yet.', '1 entry of the list without a usable id not shown.'],
    );
  });

  test('a cut list says so: how many are shown of how many, and the bound', () => {
    const rows = buildRows(snapshot({ skipped: 2, omitted: 10_046 }), new Map());
    assert.deepEqual(
      rows.slice(5).map((row) => [row.label, row.warning]),
      [
        ['The list is cut: 4 Pearls are shown of the 10,052 entries the service listed (at most 10,000 are read).', true],
        ['2 entries of the list without a usable id not shown.', false],
      ],
    );
  });

  test('an id the service lists twice is shown once, as first listed, and said once; row ids stay unique', () => {
    const twice = [...pearls, { id: 'p1', name: 'Reception again', type: 1, status: 2 }, { id: 'p1', name: 'And again' }];
    const rows = buildRows(snapshot({ pearls: twice }), new Map());
    const ids = rows.map((row) => row.id);
    assert.equal(new Set(ids).size, ids.length, ids.join(' '));
    assert.deepEqual(
      rows.filter((row) => row.pearl?.id === 'p1').map((row) => row.label),
      ['Reception'],
    );
    assert.deepEqual(
      rows.filter((row) => row.kind === 'message').map((row) => row.label),
      ['The service listed the Pearl id p1 more than once: it is shown once, as first listed.'],
    );
    const many = buildRows(snapshot({ pearls: [...pearls, ...pearls] }), new Map());
    assert.deepEqual(
      many.filter((row) => row.kind === 'message').map((row) => row.label),
      ['The service listed 4 Pearl ids more than once: each is shown once, as first listed.'],
    );
  });
});

describe('redrawing the view', () => {
  const links = new Map([['p2', 'examples/campaign.pearl.json']]);

  test('a new reading with the same account, Pearls and counts draws the same rows (the view is not redrawn)', () => {
    // A later reading: new objects, the same facts.
    const later = snapshot({ pearls: pearls.map((pearl) => ({ ...pearl })), readAt: 5_000 });
    assert.equal(sameRows(buildRows(snapshot(), links), buildRows(later, links)), true);
  });

  test('a changed count, status, name, account figure, link or Pearl list draws new rows', () => {
    const before = buildRows(snapshot(), links);
    const changed: [string, PearlsSnapshot, ReadonlyMap<string, string>][] = [
      ['count', snapshot({ counts: new Map([['p1', { totalOngoingCalls: 4, totalOnQueue: 1 }]]) }), links],
      ['status', snapshot({ pearls: pearls.map((pearl) => (pearl.id === 'p2' ? { ...pearl, status: 1 } : pearl)) }), links],
      ['name', snapshot({ pearls: pearls.map((pearl) => (pearl.id === 'p3' ? { ...pearl, name: 'Older' } : pearl)) }), links],
      ['credits', snapshot({ account: { name: 'Acme', creditBalance: 11, remainingMinutes: 30, status: 1, totalAgents: 2 } }), links],
      ['link', snapshot(), new Map()],
      ['list', snapshot({ pearls: pearls.slice(1) }), links],
    ];
    for (const [what, next, nextLinks] of changed) {
      assert.equal(sameRows(before, buildRows(next, nextLinks)), false, what);
    }
  });
});

/** A fake API: records the order of calls; the list and account answers are given. */
function fakeApi(list: () => Awaited<ReturnType<SnapshotApi['listPearls']>>, account = true): SnapshotApi & { calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    listPearls: async () => {
      calls.push('list');
      return list();
    },
    getAccount: async () => {
      calls.push('account');
      return account
        ? { ok: true, account: { name: 'Acme', status: 3 } }
        : { ok: false, kind: 'http', status: 500, message: 'The service answered 500.' };
    },
    getOngoingCalls: async (options: ApiCallOptions & { pearlId: string }) => {
      calls.push(`counts ${options.pearlId}`);
      return { ok: true, totalOngoingCalls: 2 };
    },
  };
}

describe('snapshot', () => {
  const options = { baseUrl: 'https://api.example', token: 't', timeoutMs: 1000 };

  test('list, account, then the counts of running Pearls only, one request at a time', async () => {
    const api = fakeApi(() => ({ ok: true, pearls, skipped: 0, omitted: 0, total: pearls.length }));
    const result = await readSnapshot(api, options);
    assert.ok(result.ok);
    assert.deepEqual(api.calls, ['list', 'account', 'counts p1']);
    assert.deepEqual([...result.snapshot.counts], [['p1', { totalOngoingCalls: 2 }]]);
    assert.equal(result.snapshot.account?.status, 3);
  });

  test("the list's failure is the reading's failure, with its Retry-After", async () => {
    const failure: ApiFailure = { ok: false, kind: 'rateLimited', status: 429, message: 'slow down', retryAfterSeconds: 9 };
    const api = fakeApi(() => failure);
    assert.deepEqual(await readSnapshot(api, options), failure);
    assert.deepEqual(api.calls, ['list']);
  });

  test("the account's failure is kept beside the list", async () => {
    const result = await readSnapshot(
      fakeApi(() => ({ ok: true, pearls: [], skipped: 0, omitted: 0, total: 0 }), false),
      options,
    );
    assert.ok(result.ok);
    assert.equal(result.snapshot.accountError, 'The service answered 500.');
  });

  test('no count is asked for after the deadline', async () => {
    let time = 0;
    const api = fakeApi(() => {
      time += 2000;
      return { ok: true, pearls, skipped: 0, omitted: 0, total: pearls.length };
    });
    const result = await readSnapshot(api, { ...options, now: () => time });
    assert.ok(result.ok);
    assert.deepEqual(api.calls, ['list', 'account']);
    assert.equal(result.snapshot.countsMissing, 1);
  });
});

describe('refresher (the status bar poller rules)', () => {
  function setup(active: boolean, answer: () => Promise<{ ok: true; snapshot: PearlsSnapshot } | ApiFailure>) {
    let time = 1_000_000;
    const timers = new Map<number, { at: number; run: () => void }>();
    let next = 1;
    let reads = 0;
    const refresher = new PearlsRefresher({
      readSnapshot: () => {
        reads++;
        return answer();
      },
      getToken: async () => 'token',
      intervalSeconds: () => 30,
      isActive: () => active,
      now: () => time,
      setTimeout: (run, ms) => {
        timers.set(next, { at: time + ms, run });
        return next++;
      },
      clearTimeout: (handle) => timers.delete(handle as number),
    });
    const advance = async (ms: number): Promise<void> => {
      const end = time + ms;
      for (;;) {
        await flush();
        const due = [...timers].filter(([, timer]) => timer.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
        if (due === undefined) break;
        timers.delete(due[0]);
        time = due[1].at;
        due[1].run();
      }
      time = end;
      await flush();
    };
    return { refresher, advance, reads: () => reads };
  }

  test('reads at once when active, then every interval; keeps the snapshot', async () => {
    const { refresher, advance, reads } = setup(true, async () => ({ ok: true, snapshot: snapshot() }));
    refresher.start();
    await advance(0);
    assert.equal(reads(), 1);
    assert.equal(refresher.snapshot?.pearls.length, 4);
    await advance(30_000);
    assert.equal(reads(), 2);
    refresher.dispose();
  });

  test('no reading while the view is hidden or the window unfocused; one at once when it shows again', async () => {
    const { refresher, advance, reads } = setup(false, async () => ({ ok: true, snapshot: snapshot() }));
    refresher.start();
    await advance(120_000);
    assert.equal(reads(), 0);
    refresher.setActive(true);
    await advance(0);
    assert.equal(reads(), 1);
    refresher.dispose();
  });

  test('Retry-After holds even for a refresh the user asks for; the last snapshot stays shown', async () => {
    let fail = false;
    const { refresher, advance, reads } = setup(true, async () =>
      fail ? { ok: false, kind: 'rateLimited', status: 429, message: 'slow', retryAfterSeconds: 120 } : { ok: true, snapshot: snapshot() },
    );
    refresher.start();
    await advance(0);
    fail = true;
    refresher.refresh();
    await advance(0);
    assert.equal(reads(), 2);
    assert.equal(refresher.state.kind, 'failing');
    assert.ok(refresher.snapshot !== undefined);
    fail = false;
    refresher.refresh();
    await advance(60_000);
    assert.equal(reads(), 2, 'read before the Retry-After ran out');
    await advance(60_000);
    assert.equal(reads(), 3);
    refresher.dispose();
  });

  test('one reading in flight: a refresh meanwhile sends nothing', async () => {
    let release: (() => void) | undefined;
    const { refresher, advance, reads } = setup(
      true,
      () =>
        new Promise((resolve) => {
          release = () => resolve({ ok: true, snapshot: snapshot() });
        }),
    );
    refresher.start();
    await advance(0);
    refresher.refresh();
    refresher.refresh();
    await advance(0);
    assert.equal(reads(), 1);
    release?.();
    await advance(0);
    refresher.dispose();
  });

  test('Run or Pause patches the status shown until the next reading', async () => {
    const { refresher, advance } = setup(true, async () => ({ ok: true, snapshot: snapshot() }));
    refresher.start();
    await advance(0);
    refresher.patchStatus('p1', 2);
    assert.equal(refresher.snapshot?.pearls.find((pearl) => pearl.id === 'p1')?.status, 2);
    refresher.dispose();
  });
});

describe('live settings as a document, and Compare with file', () => {
  const live = {
    name: 'Front desk',
    type: 1,
    pearl: { flowScript: 'Answer.', openingSentence: 'Hello', memory: null },
    variables: [],
    inbound: { totalAgents: 1, phoneNumberId: 'ph', callWebhookUrl: null },
  };

  test('the request value: no type, no null-valued properties', () => {
    assert.deepEqual(toRequestValue(live), {
      name: 'Front desk',
      pearl: { flowScript: 'Answer.', openingSentence: 'Hello' },
      variables: [],
      inbound: { totalAgents: 1, phoneNumberId: 'ph' },
    });
  });

  test('the document: a comment naming the Pearl, then the value with the schema of its kind', () => {
    const text = formatLiveDocument(
      live,
      { name: 'Front desk', pearlId: 'p1', baseUrl: 'https://api', readAt: 'T', hasFlow: true },
      undefined,
    );
    const [comment, ...json] = text.split('\n');
    assert.equal(comment, '// Live settings of the Pearl "Front desk" (id p1), read from https://api at T. Read-only.');
    assert.equal(JSON.parse(json.join('\n')).$schema, 'simple-pearl.schema.json');
  });

  test('no flow: said plainly in the document', () => {
    const settings = { name: 'R', type: 1, pearl: {}, variables: [] };
    assert.equal(hasFlow(settings), false);
    const text = formatLiveDocument(settings, { name: 'R\n// x', pearlId: 'p', baseUrl: 'b', readAt: 'T', hasFlow: false }, undefined);
    assert.match(text, /^\/\/ The service returned no flow for this Pearl/m);
    assert.equal(text.split('\n')[0], '// Live settings of the Pearl "R // x" (id p), read from b at T. Read-only.');
  });

  test("both sides formatted alike: the live keys in the file's order, so only real differences show", () => {
    const file = {
      name: 'Front desk',
      pearl: { openingSentence: 'Hello', flowScript: 'Answer more.' },
      variables: [],
      inbound: { phoneNumberId: 'ph', totalAgents: 1 },
    };
    const sides = formatForCompare(live, file);
    const liveLines = sides.live.split('\n');
    const fileLines = sides.file.split('\n');
    assert.equal(liveLines.length, fileLines.length);
    const different = liveLines.filter((line, index) => line !== fileLines[index]);
    assert.deepEqual(different, ['    "flowScript": "Answer."']);
  });

  test('without a flow, the channel tells the kind: phoneNumberId simple, textChannelId text', () => {
    const header = { name: 'R', pearlId: 'p', baseUrl: 'b', readAt: 'T', hasFlow: false };
    const schemaOf = (settings: Record<string, unknown>): unknown =>
      JSON.parse(formatLiveDocument(settings, header, undefined).replace(/^\/\/.*\n/gm, '')).$schema;
    assert.equal(schemaOf({ pearl: {}, inbound: { phoneNumberId: 'x' } }), 'simple-pearl.schema.json');
    assert.equal(schemaOf({ pearl: {}, outbound: { textChannelId: 'x' } }), 'text-pearl.schema.json');
    assert.equal(schemaOf({ pearl: {} }), undefined);
  });

  test('a file name from a Pearl name', () => {
    assert.equal(fileNameStem('Front desk / Main line!'), 'front-desk-main-line');
    assert.equal(fileNameStem('***'), 'pearl');
  });
});

describe('deploy choices', () => {
  const record: DeploymentRecord = {
    uri: 'file:///a.pearl.json',
    pearlId: 'p1',
    time: 'T',
    contentHash: 'h',
    baseUrl: 'b',
    name: 'Desk',
    kind: 'simple',
  };
  const previous = (state: PreviousPearl['state'], status?: number): PreviousPearl => ({ record, state, name: 'Desk', status });

  test('no previous deployment, or one that is gone or unchecked: create only', () => {
    for (const prior of [undefined, previous('gone'), previous('unknown')]) {
      assert.deepEqual(deployChoices('simple', prior), [{ action: 'create', button: 'Create Pearl' }]);
    }
  });

  test('a simple Pearl: update it in place, or create a new one', () => {
    assert.deepEqual(
      deployChoices('simple', previous('exists', 1)).map((choice) => choice.button),
      ['Update "Desk" (p1)', 'Create a new Pearl'],
    );
  });

  test('a text Pearl that runs: create and pause the previous one, or keep both', () => {
    assert.deepEqual(
      deployChoices('text', previous('exists', 1)).map((choice) => [choice.action, choice.button]),
      [
        ['createAndPause', 'Create a new Pearl and pause "Desk" (p1)'],
        ['createKeepBoth', 'Create a new Pearl and keep both running'],
      ],
    );
    assert.deepEqual(deployChoices('text', previous('exists', 2)), [{ action: 'create', button: 'Create a new Pearl' }]);
  });
});

async function flush(): Promise<void> {
  for (let i = 0; i < 10; i++) await new Promise<void>((resolve) => setImmediate(resolve));
}
