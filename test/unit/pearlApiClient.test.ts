import { after, before, describe, test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  checkBaseUrl,
  createPearl,
  getOngoingCalls,
  isPlausiblePearlId,
  maxResponseBytes,
  describeWait,
} from '../../client/src/api/pearlApiClient';
import { listPearls } from '../../client/src/api/pearlAccountApi';
import { describeFailure } from '../../client/src/deploy/deployMessages';
import type { DeployPayload } from '#protocol/pearlRequests';
import { Json, parse, service, textPearl, valueRange } from '../helpers/documents';
import { waitFor } from '../helpers/wait';
import { StandIn, startStandIn } from '../standin/pearlServiceStandIn';

/** What the deploy command sends for `content`: the real payload (strict JSON, `$schema` removed). */
function payloadOf(content: string): DeployPayload {
  const doc = parse(content);
  return service.getDeployPayload(doc, service.doValidation(doc));
}

/** A valid outbound text Pearl (same graph as {@link textPearl}). */
function outboundTextPearl(): string {
  const value = JSON.parse(textPearl()) as Json;
  delete value.inbound;
  value.outbound = { textChannelId: 'channel-1', totalAgents: 1 };
  return JSON.stringify(value, null, 2);
}

let standIn: StandIn;
let clock = Date.UTC(2025, 0, 1);

before(async () => {
  standIn = await startStandIn({ now: () => clock });
});
after(() => standIn.close());

/** createPearl against the stand-in with its token, the payload of `content`. */
function create(content: string, overrides: Partial<Parameters<typeof createPearl>[0]> = {}): ReturnType<typeof createPearl> {
  const payload = payloadOf(content);
  return createPearl({ baseUrl: standIn.url, token: standIn.token, path: payload.path, body: payload.body, timeoutMs: 5000, ...overrides });
}

describe('createPearl against the stand-in', () => {
  test('two creates: the text/plain id and the JSON-quoted id come back in the same bare form', async () => {
    const content = textPearl();
    assert.deepEqual(payloadOf(content).errors, [], 'the test document must be valid');
    const first = await create(content);
    const second = await create(content);
    assert.ok(first.ok && second.ok, JSON.stringify({ first, second }));
    // The stand-in answers one create as text/plain and the next as a JSON string (standIn.test.ts).
    for (const result of [first, second]) assert.match(result.pearlId, /^prl_[0-9a-f]{12}$/);
    assert.notEqual(first.pearlId, second.pearlId);
    const recorded = standIn.created.slice(-2);
    assert.deepEqual(
      recorded.map((pearl) => pearl.id),
      [first.pearlId, second.pearlId],
    );
    assert.equal(recorded[0].path, '/v2/Pearl/Text');
    assert.equal(recorded[0].body, payloadOf(content).body);
    assert.ok(!recorded[0].body.includes('$schema'), 'the body sent has no $schema');
  });

  test('400: each key, in each of the three spellings, lands on the offending value', async () => {
    const personality = 'x'.repeat(40);
    const content = textPearl({ pearl: { agentPersonality: personality } });
    const doc = parse(content);
    const expected = valueRange(content, `"agentPersonality": "${personality}"`);
    const keys: string[] = [];
    // Three requests: the stand-in varies the key style from one 400 to the next.
    for (let i = 0; i < 3; i++) {
      const result = await create(content);
      assert.ok(!result.ok);
      assert.equal(result.kind, 'validation');
      assert.equal(result.status, 400);
      assert.equal(result.message, 'One or more validation errors occurred.');
      assert.equal(result.problem?.title, 'One or more validation errors occurred.');
      const entries = Object.entries(result.problem?.errors ?? {});
      assert.equal(entries.length, 1, JSON.stringify(result.problem));
      const [key, messages] = entries[0];
      assert.match(key, /^(\$\.)?pearl\.agentpersonality$/i);
      assert.deepEqual(messages, ['agentPersonality is 40 characters; the limit is 35.']);
      const location = service.locateFieldPath(doc, key);
      assert.equal(location.found, true, key);
      assert.deepEqual(location.range, expected, key);
      keys.push(key);
    }
    assert.deepEqual(new Set(keys), new Set(['pearl.agentPersonality', 'Pearl.AgentPersonality', '$.pearl.agentPersonality']));
  });

  test('400 with an index in the key: the node of that index is marked', async () => {
    const value = JSON.parse(textPearl()) as { pearl: { nodes: Json[] } };
    value.pearl.nodes[1].nodeType = 7;
    const content = JSON.stringify(value, null, 2);
    const result = await create(content);
    assert.ok(!result.ok && result.kind === 'validation');
    const keys = Object.keys(result.problem?.errors ?? {});
    assert.equal(keys.length, 1);
    assert.match(keys[0], /^(\$\.)?pearl\.nodes\[1\]\.nodetype$/i);
    assert.deepEqual(service.locateFieldPath(parse(content), keys[0]).range, valueRange(content, '"nodeType": 7'));
  });

  test('401 with a wrong token: unauthorized, and the token is in no message', async () => {
    const token = 'demo-account:not-the-secret';
    const result = await create(textPearl(), { token });
    assert.deepEqual(result, {
      ok: false,
      kind: 'unauthorized',
      status: 401,
      message: 'The service refused the token (401 Unauthorized).',
    });
    assert.ok(!result.message.includes('not-the-secret'));
  });

  test('429 with Retry-After in seconds: rateLimited with the seconds and when to try again, nothing created', async (t) => {
    standIn.setFault('429', { retryAfterSeconds: 7 });
    t.after(() => standIn.setFault('none'));
    const count = standIn.created.length;
    const result = await create(textPearl());
    assert.deepEqual(result, {
      ok: false,
      kind: 'rateLimited',
      status: 429,
      retryAfterSeconds: 7,
      message: 'The service is limiting the request rate (429). Try again in 7 s.',
    });
    assert.equal(standIn.created.length, count, 'nothing created');
  });

  test('a Retry-After of 10^20 seconds reads "tomorrow or later", not the number', async (t) => {
    standIn.setFault('429', { retryAfterSeconds: 1e20 });
    t.after(() => standIn.setFault('none'));
    const result = await create(textPearl());
    assert.equal(result.ok ? '' : result.message, 'The service is limiting the request rate (429). Try again tomorrow or later.');
  });

  test('describeWait says now, then names seconds, minutes and hours, rounding up', () => {
    assert.deepEqual([0, 119, 120, 121, 7_199, 7_200, 86_399, 86_400, Infinity].map(describeWait), [
      'now',
      'in 119 s',
      'in 2 min',
      'in 3 min',
      'in 120 min',
      'in 2 h',
      'in 24 h',
      'tomorrow or later',
      'tomorrow or later',
    ]);
  });

  test('500: an http failure with the status and what the body says', async (t) => {
    standIn.setFault('500');
    t.after(() => standIn.setFault('none'));
    const result = await create(textPearl());
    assert.deepEqual(result, {
      ok: false,
      kind: 'http',
      status: 500,
      message: 'The service answered 500 Internal Server Error: An error occurred while processing your request.',
    });
  });

  test(
    'timeout: a service that never answers is abandoned at timeoutMs, not before, and its connection dropped',
    { timeout: 60_000 },
    async (t) => {
      let arrived: () => void = () => undefined;
      const arrival = new Promise<void>((resolve) => (arrived = resolve));
      let dropped: () => void = () => undefined;
      const drop = new Promise<void>((resolve) => (dropped = resolve));
      const server = await listen((request) => {
        request.resume();
        request.socket.once('close', () => dropped());
        arrived(); // and never answers
      });
      t.after(() => server.close());
      // The client's timer on a fake clock: the request and the server run for real, time moves only when told.
      // setTimeout only (setImmediate stays real); the object form, which @types/node 20.9 does not declare yet.
      t.mock.timers.enable({ apis: ['setTimeout'] } as unknown as Parameters<typeof t.mock.timers.enable>[0]);
      let settled = false;
      const pending = createPearl({ baseUrl: server.url, token: 't', path: '/v2/Pearl', body: '{}', timeoutMs: 300 }).finally(
        () => (settled = true),
      );
      await arrival;
      t.mock.timers.tick(299);
      await new Promise((resolve) => setImmediate(resolve));
      assert.equal(settled, false, 'still waiting 1 ms before timeoutMs');
      t.mock.timers.tick(1);
      assert.deepEqual(await pending, { ok: false, kind: 'timeout', message: `No answer from ${server.url} within 300 ms.` });
      t.mock.timers.reset();
      await drop;
    },
  );

  test('cancellation: the caller aborts while the request is in flight, or before it leaves', async (t) => {
    standIn.setFault('hang');
    t.after(() => standIn.setFault('none'));
    const controller = new AbortController();
    const pending = create(textPearl(), { timeoutMs: 10_000, signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    assert.deepEqual(await pending, { ok: false, kind: 'cancelled', message: 'The request was cancelled.' });

    standIn.setFault('none');
    const count = standIn.created.length;
    const result = await create(textPearl(), { signal: AbortSignal.abort() });
    assert.equal(result.ok ? 'ok' : result.kind, 'cancelled');
    assert.equal(standIn.created.length, count, 'an aborted signal sends nothing');
  });

  test('nobody listening on the port: a network failure naming the URL and ECONNREFUSED', async () => {
    const closed = await listen((_request, response) => response.end());
    await closed.close();
    const result = await createPearl({ baseUrl: closed.url, token: 't', path: '/v2/Pearl', body: '{}', timeoutMs: 2000 });
    assert.deepEqual(result, {
      ok: false,
      kind: 'network',
      message: `Could not reach ${closed.url}: connection refused (ECONNREFUSED).`,
      mayHaveArrived: false,
    });
    assert.deepEqual(describeFailure(result as Extract<typeof result, { ok: false }>, 30, false), {
      message: `Deploy failed: Could not reach ${closed.url}: connection refused (ECONNREFUSED).`,
      mayExist: false,
    });
  });

  for (const fault of ['resetAfterHeaders', 'oversizedHeaders'] as const) {
    test(`${fault}: the Pearl was created but its answer broke; the user is told it may exist, never "could not reach"`, async (t) => {
      standIn.setFault(fault);
      t.after(() => standIn.setFault('none'));
      const count = standIn.created.length;
      const result = await create(textPearl());
      assert.equal(standIn.created.length, count + 1, 'the stand-in created the Pearl before breaking its answer');
      assert.ok(!result.ok);
      assert.equal(result.kind, 'network');
      assert.equal(result.mayHaveArrived, true);
      const cause =
        fault === 'resetAfterHeaders'
          ? 'the connection was closed (UND_ERR_SOCKET)'
          : "the answer's headers are larger than the client reads (UND_ERR_HEADERS_OVERFLOW)";
      assert.equal(result.message, `The connection to ${standIn.url} broke after the request was sent: ${cause}.`);
      const told = describeFailure(result, 30, false);
      assert.equal(told.mayExist, true, 'the notification offers to look in the Pearls view');
      assert.doesNotMatch(told.message, /could not reach/i);
      assert.match(told.message, /The Pearl may have been created anyway: look for it in the Pearls view before deploying again\.$/);
      // What the Pearls view reads (GET /v2/Pearl) lists it.
      const listed = await listPearls({ baseUrl: standIn.url, token: standIn.token, timeoutMs: 5000 });
      assert.ok(listed.ok && listed.pearls.some((pearl) => pearl.id === standIn.created[count].id));
    });
  }

  test('a token that cannot be a bearer token is not sent, and not quoted', async () => {
    const count = standIn.created.length;
    const result = await create(textPearl(), { token: 'demo-account:sécret with space' });
    assert.deepEqual(result, {
      ok: false,
      kind: 'unauthorized',
      message: 'Not sent: the API token is empty or has characters a bearer token cannot have (spaces, non-ASCII).',
    });
    assert.equal(standIn.created.length, count);
  });

  test('a refused base URL sends nothing', async () => {
    const result = await createPearl({ baseUrl: 'http://example.com', token: 't', path: '/v2/Pearl', body: '{}', timeoutMs: 2000 });
    assert.ok(!result.ok);
    assert.equal(result.kind, 'network');
    assert.match(result.message, /^Not sent: http:\/\/example\.com is refused/);
  });
});

describe('getOngoingCalls against the stand-in', () => {
  test('an inbound Pearl: both counts, changing every 2 s of the stand-in clock', async () => {
    const created = await create(textPearl());
    assert.ok(created.ok);
    const read = (): ReturnType<typeof getOngoingCalls> =>
      getOngoingCalls({ baseUrl: standIn.url, token: standIn.token, pearlId: created.pearlId, timeoutMs: 5000 });
    assert.deepEqual(await read(), { ok: true, totalOngoingCalls: 0, totalOnQueue: 0 });
    clock += 1999;
    assert.deepEqual(await read(), { ok: true, totalOngoingCalls: 0, totalOnQueue: 0 }, 'unchanged within 2 s');
    clock += 1;
    assert.deepEqual(await read(), { ok: true, totalOngoingCalls: 3, totalOnQueue: 1 });
    clock += 2000;
    assert.deepEqual(await read(), { ok: true, totalOngoingCalls: 6, totalOnQueue: 2 });
  });

  test('an outbound Pearl: totalOnQueue is absent', async () => {
    const created = await create(outboundTextPearl());
    assert.ok(created.ok, JSON.stringify(created));
    clock += 2000;
    const result = await getOngoingCalls({ baseUrl: standIn.url, token: standIn.token, pearlId: created.pearlId, timeoutMs: 5000 });
    assert.deepEqual(result, { ok: true, totalOngoingCalls: 3 });
    assert.ok(!('totalOnQueue' in result));
  });

  test('an unknown id, URL-encoded as one path segment: 404 with what the service says', async () => {
    const result = await getOngoingCalls({ baseUrl: standIn.url, token: standIn.token, pearlId: 'no such/id?', timeoutMs: 5000 });
    assert.deepEqual(result, {
      ok: false,
      kind: 'http',
      status: 404,
      message: 'The service answered 404 Not Found: No Pearl with id no such/id?.',
    });
  });

  test('a wrong token: unauthorized', async () => {
    const result = await getOngoingCalls({ baseUrl: standIn.url, token: 'wrong', pearlId: 'prl_0', timeoutMs: 5000 });
    assert.equal(result.ok ? 'ok' : result.kind, 'unauthorized');
  });
});

/** A throwaway HTTP server on 127.0.0.1 for answers the stand-in never gives. */
async function listen(handler: http.RequestListener): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

describe('answers the stand-in does not give', () => {
  /** Serves `status`, `headers`, `body` to every request; records the request headers. */
  async function serve(status: number, headers: Record<string, string>, body: string) {
    const seen: http.IncomingHttpHeaders[] = [];
    const server = await listen((request, response) => {
      seen.push(request.headers);
      request.resume();
      response.writeHead(status, headers).end(body);
    });
    return { ...server, seen };
  }

  test('the request carries the bearer token and the JSON content type', async (t) => {
    const server = await serve(200, { 'Content-Type': 'application/json' }, '  "prl_abc" \n');
    t.after(() => server.close());
    const result = await createPearl({
      baseUrl: `${server.url}/`,
      token: 'acc:secret',
      path: '/v2/Pearl/Text',
      body: '{}',
      timeoutMs: 2000,
    });
    assert.deepEqual(result, { ok: true, pearlId: 'prl_abc' });
    assert.equal(server.seen[0].authorization, 'Bearer acc:secret');
    assert.equal(server.seen[0]['content-type'], 'application/json');
  });

  test('text/plain id with surrounding white space is trimmed', async (t) => {
    const server = await serve(200, { 'Content-Type': 'text/plain' }, '\n prl_xyz \n');
    t.after(() => server.close());
    const result = await createPearl({ baseUrl: server.url, token: 't', path: '/v2/Pearl', body: '{}', timeoutMs: 2000 });
    assert.deepEqual(result, { ok: true, pearlId: 'prl_xyz' });
  });

  for (const [name, headers, body, message] of [
    ['an empty id', { 'Content-Type': 'text/plain' }, '  ', 'The service answered 200 without a Pearl id.'],
    ['an empty JSON string', { 'Content-Type': 'application/json' }, '""', 'The service answered 200 without a Pearl id.'],
    [
      'a JSON object',
      { 'Content-Type': 'application/json' },
      '{"id":"x"}',
      'The service answered with JSON that is not a Pearl id: {"id":"x"}',
    ],
    [
      'a web page',
      { 'Content-Type': 'text/html' },
      '<html><body>Sign in to the Wi-Fi</body></html>',
      'The service answered with a web page instead of a Pearl id: <html><body>Sign in to the Wi-Fi</body></html>',
    ],
  ] as const) {
    test(`200 with ${name} is an invalid response`, async (t) => {
      const server = await serve(200, headers, body);
      t.after(() => server.close());
      const result = await createPearl({ baseUrl: server.url, token: 't', path: '/v2/Pearl', body: '{}', timeoutMs: 2000 });
      assert.deepEqual(result, { ok: false, kind: 'invalidResponse', status: 200, message });
    });
  }

  test('403 is unauthorized too', async (t) => {
    const server = await serve(403, {}, '');
    t.after(() => server.close());
    const result = await createPearl({ baseUrl: server.url, token: 't', path: '/v2/Pearl', body: '{}', timeoutMs: 2000 });
    assert.deepEqual(result, { ok: false, kind: 'unauthorized', status: 403, message: 'The service refused the token (403 Forbidden).' });
  });

  test('429 with Retry-After as an HTTP date', async (t) => {
    const date = new Date(Date.now() + 90_000).toUTCString();
    const server = await serve(429, { 'Retry-After': date }, '');
    t.after(() => server.close());
    const result = await createPearl({ baseUrl: server.url, token: 't', path: '/v2/Pearl', body: '{}', timeoutMs: 2000 });
    assert.ok(!result.ok && result.kind === 'rateLimited');
    // An HTTP date has whole seconds: 89 to 90 s from now.
    assert.ok(
      result.retryAfterSeconds !== undefined && result.retryAfterSeconds >= 88 && result.retryAfterSeconds <= 90,
      String(result.retryAfterSeconds),
    );
  });

  test('400 whose body is not JSON: validation without problem details', async (t) => {
    const server = await serve(400, { 'Content-Type': 'text/plain' }, 'Bad request');
    t.after(() => server.close());
    const result = await createPearl({ baseUrl: server.url, token: 't', path: '/v2/Pearl', body: '{}', timeoutMs: 2000 });
    assert.deepEqual(result, { ok: false, kind: 'validation', status: 400, message: 'Bad request' });
  });

  test('a body that echoes the token is masked in the message', async (t) => {
    const server = await serve(502, { 'Content-Type': 'text/plain' }, 'upstream rejected Authorization: Bearer acc:s3cret-value');
    t.after(() => server.close());
    const result = await createPearl({ baseUrl: server.url, token: 'acc:s3cret-value', path: '/v2/Pearl', body: '{}', timeoutMs: 2000 });
    assert.deepEqual(result, {
      ok: false,
      kind: 'http',
      status: 502,
      message: 'The service answered 502 Bad Gateway: upstream rejected Authorization: Bearer ***',
    });
  });

  test('a redirect is not followed, so the token goes nowhere else', async (t) => {
    const server = await serve(307, { Location: 'https://elsewhere.example/' }, '');
    t.after(() => server.close());
    const result = await createPearl({ baseUrl: server.url, token: 't', path: '/v2/Pearl', body: '{}', timeoutMs: 2000 });
    assert.equal(result.ok ? 'ok' : `${result.kind} ${result.status}`, 'http 307');
  });

  test('ongoing calls: a null totalOnQueue is undefined; a count that is no integer is an invalid response', async (t) => {
    const nullQueue = await serve(200, { 'Content-Type': 'application/json' }, '{"totalOngoingCalls":2,"totalOnQueue":null}');
    t.after(() => nullQueue.close());
    assert.deepEqual(await getOngoingCalls({ baseUrl: nullQueue.url, token: 't', pearlId: 'p', timeoutMs: 2000 }), {
      ok: true,
      totalOngoingCalls: 2,
    });
    const text = await serve(200, { 'Content-Type': 'application/json' }, '{"totalOngoingCalls":"2"}');
    t.after(() => text.close());
    const result = await getOngoingCalls({ baseUrl: text.url, token: 't', pearlId: 'p', timeoutMs: 2000 });
    assert.equal(result.ok ? 'ok' : result.kind, 'invalidResponse');
  });
});

describe('hostile answers', () => {
  test('a body that never ends is read only up to 1 MiB, then the connection is dropped', async (t) => {
    let written = 0;
    let closed = false;
    const server = await listen((request, response) => {
      request.resume();
      response.writeHead(500, { 'Content-Type': 'text/plain' });
      const chunk = Buffer.alloc(64 * 1024, 'x');
      const pump = (): void => {
        while (!closed && written < 64 * 1024 * 1024) {
          written += chunk.length;
          if (!response.write(chunk)) return void response.once('drain', pump);
        }
        response.end();
      };
      response.on('close', () => (closed = true));
      pump();
    });
    t.after(() => server.close());
    // kind invalidResponse, not timeout: the answer was refused as soon as it passed the bound.
    const result = await createPearl({ baseUrl: server.url, token: 't', path: '/v2/Pearl', body: '{}', timeoutMs: 10_000 });
    assert.equal(maxResponseBytes, 1024 * 1024);
    assert.deepEqual(result, {
      ok: false,
      kind: 'invalidResponse',
      status: 500,
      message:
        'The service answered 500 Internal Server Error to POST /v2/Pearl with more than 1 MiB, the most read; the answer was not read.',
    });
    await waitFor('the connection to be closed', () => closed, { timeoutMs: 2_000, intervalMs: 20 });
    assert.ok(written < 16 * 1024 * 1024, `${written} bytes written`);
  });

  test('a 200 that declares 2 MiB is refused without reading it', async (t) => {
    const body = JSON.stringify({ totalOngoingCalls: 1, padding: 'x'.repeat(2 * 1024 * 1024) });
    const server = await listen((request, response) => {
      request.resume();
      response.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) }).end(body);
    });
    t.after(() => server.close());
    const result = await getOngoingCalls({ baseUrl: server.url, token: 't', pearlId: 'p', timeoutMs: 5000 });
    assert.deepEqual(result, {
      ok: false,
      kind: 'invalidResponse',
      status: 200,
      message: 'The service answered 200 OK to GET /v2/Pearl/p/OngoingCalls with more than 1 MiB, the most read; the answer was not read.',
    });
  });

  /** The message of a 502 whose plain-text body is `body`, for the token `token`. */
  async function echoed(body: string, token: string): Promise<string> {
    const server = await listen((request, response) => {
      request.resume();
      response.writeHead(502, { 'Content-Type': 'text/plain' }).end(body);
    });
    try {
      const result = await createPearl({ baseUrl: server.url, token, path: '/v2/Pearl', body: '{}', timeoutMs: 2000 });
      assert.ok(!result.ok);
      return result.message;
    } finally {
      await server.close();
    }
  }

  const token = 'acct-42:s3"cr\\et/va+lue%XyZ';
  const secret = token.slice(token.indexOf(':') + 1);
  const prefix = 'The service answered 502 Bad Gateway: ';
  for (const [name, body, expected] of [
    ['JSON-escaped', `{"auth":${JSON.stringify(token)}}`, '{"auth":"***"}'],
    [
      'JSON-escaped with \\/ and \\u escapes',
      `{"auth":"acct-42:${secret
        .replace(/\//g, '\\/')
        .replace(/"/g, '\\u0022')
        .replace(/\\(?![u/])/g, '\\\\')}"}`,
      '{"auth":"***"}',
    ],
    ['URL-encoded', `GET /hook?auth=${encodeURIComponent(token)}&x=1`, 'GET /hook?auth=***&x=1'],
    [
      'URL-encoded in lower case',
      `GET /hook?auth=${encodeURIComponent(token).replace(/%[0-9A-F]{2}/g, (escape) => escape.toLowerCase())}`,
      'GET /hook?auth=***',
    ],
    ['in part (11 characters of the secret)', `key ends with ${secret.slice(6, 17)}.`, 'key ends with ***.'],
    ['in part, URL-encoded', `key=${encodeURIComponent(secret.slice(2, 12))};`, 'key=***;'],
  ] as const) {
    test(`the token echoed ${name} is masked`, async () => {
      const message = await echoed(body, token);
      assert.equal(message, prefix + expected);
    });
  }

  test('a run of fewer than 8 characters of the secret is not masked (the rule: 8 or more)', async () => {
    assert.equal(
      await echoed(`id ${secret.slice(0, 7)} and ${secret.slice(10, 17)}`, token),
      `${prefix}id ${secret.slice(0, 7)} and ${secret.slice(10, 17)}`,
    );
  });

  test('the excerpt shows control and bidi characters as escapes', async () => {
    assert.equal(await echoed('abc\u202Edef\u0007g', 'acct:secret-key'), `${prefix}abc\\u202Edef\\u0007g`);
  });

  test('problem details show bidi and zero-width characters as escapes; line breaks stay', async (t) => {
    const problem = { title: 'Invalid\u202E txt.exe', errors: { 'pearl.name': ['Bad\u200B name\nsee docs'] } };
    const server = await listen((request, response) => {
      request.resume();
      response.writeHead(400, { 'Content-Type': 'application/problem+json' }).end(JSON.stringify(problem));
    });
    t.after(() => server.close());
    const result = await createPearl({ baseUrl: server.url, token: 't', path: '/v2/Pearl', body: '{}', timeoutMs: 2000 });
    assert.ok(!result.ok && result.kind === 'validation');
    assert.equal(result.message, 'Invalid\\u202E txt.exe');
    assert.deepEqual(result.problem?.errors, { 'pearl.name': ['Bad\\u200B name\nsee docs'] });
  });

  for (const [name, id] of [
    ['a bidi override', 'prl_\u202Eabc'],
    ['a zero-width space', 'prl_\u200Babc'],
    ['a control character', 'prl_\u0000abc'],
    ['a lone surrogate', 'prl_\uD800abc'],
    ['257 characters', `prl_${'a'.repeat(253)}`],
  ] as const) {
    test(`200 with ${name} in the id is not a Pearl id`, async (t) => {
      const server = await listen((request, response) => {
        request.resume();
        response.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(id));
      });
      t.after(() => server.close());
      const result = await createPearl({ baseUrl: server.url, token: 't', path: '/v2/Pearl', body: '{}', timeoutMs: 2000 });
      assert.equal(result.ok ? 'ok' : result.kind, 'invalidResponse');
      assert.ok(
        !result.ok && result.message.startsWith('The service answered with something that is not a Pearl id: '),
        JSON.stringify(result),
      );
      assert.ok(!result.ok && !/[\u0000\u200B\u202E\uD800]/.test(result.message), 'the message carries no invisible character');
    });
  }

  test('isPlausiblePearlId: 1 to 256 visible characters', () => {
    for (const id of ['prl_0123456789ab', 'a', 'x'.repeat(256), 'PEARL-id.42', 'pearl-é']) assert.equal(isPlausiblePearlId(id), true, id);
    for (const id of ['', ' ', 'a b', 'x'.repeat(257), 'a\tb', 'a\u2066b', 'a\u200Fb', 'a\uFEFFb', 'a\u2028b', 'a\uDC00'])
      assert.equal(isPlausiblePearlId(id), false, JSON.stringify(id));
  });

  for (const [body, expected] of [
    ['{"totalOngoingCalls":-1}', 'invalidResponse'],
    ['{"totalOngoingCalls":2147483648}', 'invalidResponse'],
    ['{"totalOngoingCalls":1e300}', 'invalidResponse'],
    ['{"totalOngoingCalls":1,"totalOnQueue":-3}', 'invalidResponse'],
    ['{"totalOngoingCalls":1,"totalOnQueue":4294967296}', 'invalidResponse'],
    ['{"totalOngoingCalls":2147483647,"totalOnQueue":0}', 'ok'],
  ] as const) {
    test(`ongoing calls ${body}: ${expected} (counts are int32 values >= 0)`, async (t) => {
      const server = await listen((request, response) => {
        request.resume();
        response.writeHead(200, { 'Content-Type': 'application/json' }).end(body);
      });
      t.after(() => server.close());
      const result = await getOngoingCalls({ baseUrl: server.url, token: 't', pearlId: 'p', timeoutMs: 2000 });
      assert.equal(result.ok ? 'ok' : result.kind, expected, JSON.stringify(result));
    });
  }
});

describe('checkBaseUrl', () => {
  for (const [url, normalized] of [
    ['https://api.nlpearl.ai', 'https://api.nlpearl.ai/'],
    ['https://api.nlpearl.ai/', 'https://api.nlpearl.ai/'],
    ['https://gateway.example/pearl/', 'https://gateway.example/pearl'],
    ['http://127.0.0.1:18090', 'http://127.0.0.1:18090/'],
    ['http://127.4.5.6', 'http://127.4.5.6/'],
    ['http://localhost:8080', 'http://localhost:8080/'],
    ['http://[::1]:8080', 'http://[::1]:8080/'],
  ] as const) {
    test(`accepts ${url}`, () => {
      const result = checkBaseUrl(url);
      assert.ok(result.ok, JSON.stringify(result));
      assert.equal(result.url.href, normalized);
    });
  }
  for (const [url, message] of [
    [
      'http://example.com',
      'http://example.com is refused: http is allowed only for a loopback host (127.0.0.1, localhost, [::1]); use https.',
    ],
    ['http://128.0.0.1', 'http://128.0.0.1 is refused: http is allowed only for a loopback host (127.0.0.1, localhost, [::1]); use https.'],
    [
      'http://localhost.example.com',
      'http://localhost.example.com is refused: http is allowed only for a loopback host (127.0.0.1, localhost, [::1]); use https.',
    ],
    ['ftp://api.nlpearl.ai', 'ftp is not allowed: the base URL must use https.'],
    ['not a url', '"not a url" is not a URL (expected e.g. https://api.nlpearl.ai).'],
    ['', '"" is not a URL (expected e.g. https://api.nlpearl.ai).'],
    ['https://user:pass@api.nlpearl.ai', 'A base URL must not carry a user name or password.'],
    ['https://api.nlpearl.ai/?x=1', 'A base URL must not have a query (?) or a fragment (#).'],
  ] as const) {
    test(`refuses ${JSON.stringify(url)}`, () => {
      assert.deepEqual(checkBaseUrl(url), { ok: false, message });
    });
  }
});
