import { after, before, describe, test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  getAccount,
  getPearl,
  getPearlSettings,
  listPearls,
  maxListedPearls,
  maxListResponseBytes,
  setPearlActive,
  updatePearl,
} from '../../client/src/api/pearlAccountApi';
import { createPearl, maxResponseBytes } from '../../client/src/api/pearlApiClient';
import { checkPrevious } from '../../client/src/deploy/deployPlan';
import type { DeploymentRecord } from '../../client/src/deploy/deploymentStore';
import { type StandIn, startStandIn } from '../standin/pearlServiceStandIn';

let standIn: StandIn;
let options: { baseUrl: string; token: string; timeoutMs: number };

before(async () => {
  standIn = await startStandIn();
  options = { baseUrl: standIn.url, token: standIn.token, timeoutMs: 5000 };
});
after(() => standIn.close());

const simpleRequest = (flowScript: string): string =>
  JSON.stringify({
    name: 'Front desk',
    pearl: { openingSentence: 'Hello, this is Maple Ridge.', flowScript, modelType: 1 },
    inbound: { phoneNumberId: 'phone-1', totalAgents: 1 },
  });

async function createSimple(flowScript = 'Answer questions.'): Promise<string> {
  const result = await createPearl({ ...options, path: '/v2/Pearl', body: simpleRequest(flowScript) });
  assert.ok(result.ok, JSON.stringify(result));
  return result.pearlId;
}

describe('listPearls (GET /v2/Pearl)', () => {
  test('the seeded Pearls with name, type and status, and a created one as Running', async () => {
    const id = await createSimple();
    const result = await listPearls(options);
    assert.ok(result.ok);
    const byId = new Map(result.pearls.map((pearl) => [pearl.id, pearl]));
    assert.deepEqual(
      ['prl_seed_1', 'prl_seed_2', 'prl_seed_3', 'prl_seed_4'].map((seed) => byId.get(seed)?.status),
      [1, 2, 3, 10],
    );
    assert.equal(byId.get('prl_seed_2')?.type, 2);
    assert.equal(byId.get(id)?.name, 'Front desk');
    assert.equal(byId.get(id)?.type, 1);
    assert.equal(byId.get(id)?.status, 1);
    assert.match(byId.get(id)?.createdAt ?? '', /^\d{4}-\d\d-\d\dT/);
  });

  test('entries without a usable id are skipped; `created` is read when `createdAt` is absent; past the cap, omitted', async () => {
    const entries = [
      { id: 'a', name: null, created: '2025-01-02T00:00:00Z', type: 1, status: 2 },
      { id: '', name: 'no id' },
      { id: 'b\u202e', name: 'bidi in id' },
      'not an object',
      ...Array.from({ length: maxListedPearls }, (_, i) => ({ id: `x${i}`, status: 1 })),
    ];
    await withServer(200, 'application/json', JSON.stringify(entries), async (baseUrl) => {
      const result = await listPearls({ ...options, baseUrl });
      assert.ok(result.ok);
      assert.deepEqual(result.pearls[0], { id: 'a', createdAt: '2025-01-02T00:00:00Z', type: 1, status: 2 });
      assert.equal(result.skipped, 3);
      assert.equal(result.omitted, 4);
      assert.equal(result.total, maxListedPearls + 4);
    });
  });

  test('a web page instead of JSON: invalidResponse, not a list', async () => {
    await withServer(200, 'text/html', '<html>Sign in</html>', async (baseUrl) => {
      const result = await listPearls({ ...options, baseUrl });
      assert.equal(result.ok, false);
      assert.equal(!result.ok && result.kind, 'invalidResponse');
    });
  });

  test('a wrong token: unauthorized, and the message does not contain it', async () => {
    const result = await listPearls({ ...options, token: 'acct:wrong-secret-123' });
    assert.equal(result.ok, false);
    assert.equal(!result.ok && result.kind, 'unauthorized');
    assert.doesNotMatch(!result.ok ? result.message : '', /wrong-secret/);
  });

  test('an http base URL that is not loopback: nothing sent', async () => {
    const result = await listPearls({ ...options, baseUrl: 'http://example.com' });
    assert.equal(result.ok, false);
    assert.equal(!result.ok && result.kind, 'network');
    assert.match(!result.ok ? result.message : '', /^Not sent/);
  });

  test('no answer in time: timeout', async () => {
    standIn.setFault('hang');
    try {
      const result = await listPearls({ ...options, timeoutMs: 200 });
      assert.equal(!result.ok && result.kind, 'timeout');
    } finally {
      standIn.setFault('none');
    }
  });

  test('429 with Retry-After: rateLimited with the seconds', async () => {
    standIn.setFault('429', { retryAfterSeconds: 7 });
    try {
      const result = await listPearls(options);
      assert.equal(!result.ok && result.kind, 'rateLimited');
      assert.equal(!result.ok && result.retryAfterSeconds, 7);
    } finally {
      standIn.setFault('none');
    }
  });
});

describe('an account with many Pearls (issue 30)', () => {
  const entries = (count: number, nameLength = 8): Array<Record<string, unknown>> =>
    Array.from({ length: count }, (_, i) => ({ id: `p${i + 1}`, name: `${'n'.repeat(nameLength)} ${i + 1}`, type: 2, status: 2 }));
  const record = (pearlId: string): DeploymentRecord => ({
    uri: 'file:///w/a.pearl.json',
    pearlId,
    time: 'T',
    contentHash: 'h',
    baseUrl: 'b',
    kind: 'simple',
  });

  test('600 Pearls are all read, and Deploy finds the one deployed as the 550th', async () => {
    await withRoutes({ '/v2/Pearl': JSON.stringify(entries(600)) }, async (baseUrl) => {
      const list = await listPearls({ ...options, baseUrl });
      assert.ok(list.ok);
      assert.equal(list.pearls.length, 600);
      assert.equal(list.omitted, 0);
      const previous = await checkPrevious(record('p550'), { ...options, baseUrl });
      assert.equal(previous.state, 'exists');
      assert.equal(previous.name, 'nnnnnnnn 550');
    });
  });

  test('a list over 1 MiB is read whole', async () => {
    const text = JSON.stringify(entries(3000, 400));
    assert.ok(text.length > maxResponseBytes);
    await withRoutes({ '/v2/Pearl': text }, async (baseUrl) => {
      const list = await listPearls({ ...options, baseUrl });
      assert.ok(list.ok, list.ok ? '' : list.message);
      assert.equal(list.pearls.length, 3000);
    });
  });

  test('a list over 16 MiB is refused, and the message names the request and the bound', async () => {
    const text = JSON.stringify(entries(1100, 16_000));
    assert.ok(text.length > maxListResponseBytes);
    await withRoutes({ '/v2/Pearl': text }, async (baseUrl) => {
      const list = await listPearls({ ...options, baseUrl });
      assert.equal(list.ok, false);
      assert.equal(
        list.ok ? '' : list.message,
        'The service answered 200 OK to GET /v2/Pearl with more than 16 MiB, the most read; the answer was not read.',
      );
    });
  });

  test('a cut list: Deploy never says the Pearl is gone from it, it reads the one Pearl (GET /v2/Pearl/{id})', async () => {
    const list = JSON.stringify(entries(maxListedPearls + 50));
    const last = `p${maxListedPearls + 50}`;
    const one = JSON.stringify({ id: last, name: 'The last one', type: 1, status: 2, totalAgents: 1 });
    await withRoutes({ '/v2/Pearl': list, [`/v2/Pearl/${last}`]: one }, async (baseUrl) => {
      const read = await listPearls({ ...options, baseUrl });
      assert.ok(read.ok);
      assert.deepEqual([read.pearls.length, read.omitted, read.total], [maxListedPearls, 50, maxListedPearls + 50]);
      const previous = await checkPrevious(record(last), { ...options, baseUrl });
      assert.deepEqual([previous.state, previous.name], ['exists', 'The last one']);
      const gone = await checkPrevious(record('p999999'), { ...options, baseUrl });
      assert.deepEqual([gone.state, gone.note], ['gone', 'The service answered 404 Not Found for it (GET /v2/Pearl/p999999).']);
    });
    await withRoutes({ '/v2/Pearl': list, [`/v2/Pearl/${last}`]: 500 }, async (baseUrl) => {
      const previous = await checkPrevious(record(last), { ...options, baseUrl });
      assert.equal(previous.state, 'unknown');
      assert.match(
        previous.note ?? '',
        new RegExp(
          `^The account's list of Pearls is cut \\(the first 10,000 of 10,050 were read\\) and does not show it, and reading it alone \\(GET /v2/Pearl/${last}\\) failed: The service answered 500`,
        ),
      );
    });
  });

  test('a list that cannot be read: Deploy reads the one Pearl', async () => {
    await withRoutes({ '/v2/Pearl': 500, '/v2/Pearl/p1': JSON.stringify({ id: 'p1', name: 'One', status: 2 }) }, async (baseUrl) => {
      const previous = await checkPrevious(record('p1'), { ...options, baseUrl });
      assert.deepEqual([previous.state, previous.name], ['exists', 'One']);
    });
  });

  test('getPearl reads id, name, type and status; an unknown id is a 404', async () => {
    await withRoutes(
      { '/v2/Pearl/a%20b': JSON.stringify({ id: 'ab', name: 'A', type: 1, status: 1, budgetConsumed: 3 }) },
      async (baseUrl) => {
        assert.deepEqual(await getPearl({ ...options, baseUrl, pearlId: 'a b' }), {
          ok: true,
          pearl: { id: 'ab', name: 'A', type: 1, status: 1 },
        });
        const missing = await getPearl({ ...options, baseUrl, pearlId: 'zz' });
        assert.equal(!missing.ok && missing.status, 404);
      },
    );
  });
});

describe('getAccount (GET /v1/Account)', () => {
  test('name, agents, credits, status and minutes', async () => {
    const result = await getAccount(options);
    assert.deepEqual(result, {
      ok: true,
      account: { name: 'Stand-in account', totalAgents: 4, creditBalance: 125.5, status: 1, remainingMinutes: 830 },
    });
  });

  test('fields of the wrong type are left out', async () => {
    await withServer(200, 'application/json', '{"name":null,"totalAgents":-1,"creditBalance":"12","status":3}', async (baseUrl) => {
      assert.deepEqual(await getAccount({ ...options, baseUrl }), { ok: true, account: { status: 3 } });
    });
  });
});

describe('getPearlSettings (GET /v2/Pearl/{id}/Settings)', () => {
  test('a created Pearl: the request with its type', async () => {
    const id = await createSimple('Take messages.');
    const result = await getPearlSettings({ ...options, pearlId: id });
    assert.ok(result.ok);
    assert.deepEqual(result.settings, { ...JSON.parse(simpleRequest('Take messages.')), type: 1, variables: [] });
  });

  test('a Pearl made in the platform: empty pearl and variables', async () => {
    const result = await getPearlSettings({ ...options, pearlId: 'prl_seed_1' });
    assert.ok(result.ok);
    assert.deepEqual(result.settings.pearl, {});
    assert.deepEqual(result.settings.variables, []);
  });

  test('an unknown id: http 404', async () => {
    const result = await getPearlSettings({ ...options, pearlId: 'prl_nothing' });
    assert.equal(!result.ok && result.kind, 'http');
    assert.equal(!result.ok && result.status, 404);
  });
});

describe('setPearlActive (PUT /v2/Pearl/{id}/Active)', () => {
  test('pause then run: the status the service answers', async () => {
    const id = await createSimple();
    assert.deepEqual(await setPearlActive({ ...options, pearlId: id, active: false }), { ok: true, status: 2 });
    assert.equal(standIn.pearls.get(id)?.status, 2);
    assert.deepEqual(await setPearlActive({ ...options, pearlId: id, active: true }), { ok: true, status: 1 });
  });

  test('a suspended Pearl stays suspended', async () => {
    assert.deepEqual(await setPearlActive({ ...options, pearlId: 'prl_seed_3', active: true }), { ok: true, status: 3 });
  });

  test('a status as text/plain is read too', async () => {
    await withServer(200, 'text/plain', ' 2 ', async (baseUrl) => {
      assert.deepEqual(await setPearlActive({ ...options, baseUrl, pearlId: 'p', active: false }), { ok: true, status: 2 });
    });
  });
});

describe('updatePearl (PUT /v2/Pearl/{id})', () => {
  test('a simple Pearl: true, and GET Settings returns the new request', async () => {
    const id = await createSimple('Old script.');
    assert.deepEqual(await updatePearl({ ...options, pearlId: id, body: simpleRequest('New script.') }), { ok: true });
    const settings = await getPearlSettings({ ...options, pearlId: id });
    assert.ok(settings.ok);
    assert.equal((settings.settings.pearl as { flowScript: string }).flowScript, 'New script.');
  });

  test('an invalid request: validation with the problem keys', async () => {
    const id = await createSimple();
    const body = JSON.stringify({ name: 'Both', pearl: { flowScript: 'x' }, inbound: {}, outbound: {} });
    const result = await updatePearl({ ...options, pearlId: id, body });
    assert.equal(!result.ok && result.kind, 'validation');
    assert.ok(!result.ok && result.problem?.errors !== undefined && Object.keys(result.problem.errors).length > 0);
  });

  test('an answer of false: http failure, nothing updated', async () => {
    await withServer(200, 'text/plain', 'false', async (baseUrl) => {
      const result = await updatePearl({ ...options, baseUrl, pearlId: 'p', body: '{}' });
      assert.equal(!result.ok && result.kind, 'http');
      assert.match(!result.ok ? result.message : '', /did not update/);
    });
  });
});

/** Runs `body` against a server that answers every request with `status`, `contentType`, `text`. */
async function withServer(status: number, contentType: string, text: string, body: (baseUrl: string) => Promise<void>): Promise<void> {
  const server = http.createServer((_request, response) => response.writeHead(status, { 'Content-Type': contentType }).end(text));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    await body(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  } finally {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

/**
 * Runs `body` against a server that answers GET `path` with the JSON text given for it, or with
 * that status when a number is given; any other path: 404.
 */
async function withRoutes(routes: Record<string, string | number>, body: (baseUrl: string) => Promise<void>): Promise<void> {
  const server = http.createServer((request, response) => {
    const answer = routes[request.url ?? ''];
    if (typeof answer === 'string') response.writeHead(200, { 'Content-Type': 'application/json' }).end(answer);
    else response.writeHead(answer ?? 404, { 'Content-Type': 'text/plain' }).end(answer === undefined ? 'Not Found' : 'Failed');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    await body(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  } finally {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
