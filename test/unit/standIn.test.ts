import { after, before, describe, test } from 'node:test';
import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import * as http from 'node:http';
import * as path from 'node:path';
import { createInterface } from 'node:readline';
import { Json, textPearl } from '../helpers/documents';
import { ongoingCallsAt, StandIn, startStandIn } from '../standin/pearlServiceStandIn';
import { formatFieldKey } from '../standin/standInValidation';

let standIn: StandIn;

before(async () => {
  standIn = await startStandIn();
});
after(() => standIn.close());

/** A valid text Pearl body as the deploy sends it (no `$schema`). */
function textBody(pearl: Json = {}): string {
  const value = JSON.parse(textPearl({ pearl })) as Json;
  delete value.$schema;
  return JSON.stringify(value);
}

/** A valid simple (voice) Pearl body. */
const simpleBody = JSON.stringify({
  name: 'Front desk',
  pearl: { openingSentence: 'Hello, this is Maple Ridge.', flowScript: 'Answer questions.', modelType: 1 },
  inbound: { phoneNumberId: 'phone-1', totalAgents: 1 },
});

/** POST `body` to `path` with the stand-in's token unless `headers` say otherwise. */
function post(path: string, body: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${standIn.url}${path}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${standIn.token}`, 'Content-Type': 'application/json', ...headers },
    body,
  });
}

describe('bearer check', () => {
  test('no Authorization header: 401 with a problem body and a Bearer challenge', async () => {
    const response = await fetch(`${standIn.url}/v2/Pearl/Text`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: textBody(),
    });
    assert.equal(response.status, 401);
    assert.equal(response.headers.get('www-authenticate'), 'Bearer');
    assert.match(response.headers.get('content-type') ?? '', /^application\/problem\+json/);
    const problem = (await response.json()) as Json;
    assert.equal(problem.status, 401);
    assert.equal(problem.title, 'Unauthorized');
    assert.equal(problem.detail, 'A valid bearer token is required.');
  });

  test('a wrong token: 401 invalid_token, and the body does not echo it', async () => {
    const response = await post('/v2/Pearl/Text', textBody(), { Authorization: 'Bearer demo-account:guess' });
    assert.equal(response.status, 401);
    assert.equal(response.headers.get('www-authenticate'), 'Bearer error="invalid_token"');
    assert.ok(!(await response.text()).includes('guess'));
  });

  test('the right token passes (ongoing calls of an unknown id: 404, not 401)', async () => {
    const response = await fetch(`${standIn.url}/v2/Pearl/prl_unknown/OngoingCalls`, {
      headers: { Authorization: `Bearer ${standIn.token}` },
    });
    assert.equal(response.status, 404);
    assert.equal(((await response.json()) as Json).detail, 'No Pearl with id prl_unknown.');
  });

  test('the default token has the AccountId:SecretKey form', () => {
    assert.equal(standIn.token, 'demo-account:demo-secret');
  });
});

describe('create', () => {
  test('ids alternate between text/plain and a JSON string', async () => {
    const forms: string[] = [];
    for (let i = 0; i < 2; i++) {
      const response = await post('/v2/Pearl/Text', textBody());
      assert.equal(response.status, 200);
      forms.push(`${(response.headers.get('content-type') ?? '').split(';')[0]} ${await response.text()}`);
    }
    const [a, b] = standIn.created.slice(-2).map((pearl) => pearl.id);
    const expected = [
      [`text/plain ${a}`, `application/json "${b}"`],
      [`application/json "${a}"`, `text/plain ${b}`],
    ];
    assert.ok(
      expected.some((pair) => JSON.stringify(pair) === JSON.stringify(forms)),
      forms.join(' | '),
    );
    assert.match(a, /^prl_[0-9a-f]{12}$/);
  });

  test('400 keys rotate through pearl.x, Pearl.X and $.pearl.x, one style per answer', async () => {
    const value = JSON.parse(textBody({ agentPersonality: 'x'.repeat(36) })) as { pearl: { nodes: Json[] } };
    value.pearl.nodes[1].nodeType = 7;
    const keys: string[][] = [];
    for (let i = 0; i < 4; i++) {
      const response = await post('/v2/Pearl/Text', JSON.stringify(value));
      assert.equal(response.status, 400);
      const problem = (await response.json()) as { title: string; status: number; errors: Record<string, string[]> };
      assert.equal(problem.title, 'One or more validation errors occurred.');
      assert.equal(problem.status, 400);
      keys.push(Object.keys(problem.errors).sort());
    }
    // The rotation is shared by all 400 answers; find where this run started.
    const styles = [
      ['pearl.agentPersonality', 'pearl.nodes[1].nodeType'],
      ['Pearl.AgentPersonality', 'Pearl.Nodes[1].NodeType'],
      ['$.pearl.agentPersonality', '$.pearl.nodes[1].nodeType'],
    ];
    const start = styles.findIndex((style) => JSON.stringify(style) === JSON.stringify(keys[0]));
    assert.ok(start >= 0, JSON.stringify(keys[0]));
    for (let i = 0; i < 4; i++) assert.deepEqual(keys[i], styles[(start + i) % 3], `answer ${i}`);
  });

  test('the path decides the kind: a simple body is accepted by /v2/Pearl and refused by /v2/Pearl/Text', async () => {
    assert.equal((await post('/v2/Pearl', simpleBody)).status, 200);
    assert.equal(standIn.created.at(-1)?.path, '/v2/Pearl');
    const response = await post('/v2/Pearl/Text', simpleBody);
    assert.equal(response.status, 400);
    const keys = Object.keys(((await response.json()) as { errors: Json }).errors).map((key) => key.replace(/^\$\./, '').toLowerCase());
    assert.ok(keys.includes('pearl.openingsentence'), keys.join(', '));
    assert.ok(keys.includes('inbound.phonenumberid'), keys.join(', '));
  });

  test('a text body sent to /v2/Pearl is checked as a simple Pearl', async () => {
    const response = await post('/v2/Pearl', textBody());
    assert.equal(response.status, 400);
    const keys = Object.keys(((await response.json()) as { errors: Json }).errors).map((key) => key.replace(/^\$\./, '').toLowerCase());
    assert.ok(keys.includes('pearl.nodes'), keys.join(', '));
  });

  test('$schema must never be sent; malformed JSON is a 400 on $', async () => {
    const withSchema = await post(
      '/v2/Pearl/Text',
      JSON.stringify({ $schema: '../schemas/text-pearl.schema.json', ...(JSON.parse(textBody()) as Json) }),
    );
    assert.deepEqual(((await withSchema.json()) as Json).errors, { $schema: ['The property $schema is not part of the create request.'] });
    const malformed = await post('/v2/Pearl/Text', '{"name": ');
    assert.equal(malformed.status, 400);
    assert.deepEqual(Object.keys(((await malformed.json()) as { errors: Json }).errors), ['$']);
  });

  test('a body that is not JSON by content type: 415', async () => {
    const response = await post('/v2/Pearl/Text', textBody(), { 'Content-Type': 'text/plain' });
    assert.equal(response.status, 415);
  });

  test('formatFieldKey keeps the root as $ in every style', () => {
    assert.equal(formatFieldKey('$', 'pascal'), '$');
    assert.equal(formatFieldKey('$', 'dollar'), '$');
    assert.equal(formatFieldKey('variables[0].id', 'pascal'), 'Variables[0].Id');
  });
});

describe('ongoing calls', () => {
  test('counts follow the time since creation, changing every 2 s; no queue for an outbound Pearl', () => {
    const steps = [0, 1999, 2000, 4000, 6000].map((elapsed) => ongoingCallsAt(elapsed, true));
    assert.deepEqual(steps, [
      { totalOngoingCalls: 0, totalOnQueue: 0 },
      { totalOngoingCalls: 0, totalOnQueue: 0 },
      { totalOngoingCalls: 3, totalOnQueue: 1 },
      { totalOngoingCalls: 6, totalOnQueue: 2 },
      { totalOngoingCalls: 2, totalOnQueue: 0 },
    ]);
    assert.deepEqual(ongoingCallsAt(2000, false), { totalOngoingCalls: 3 });
  });
});

describe('fault switch over HTTP', () => {
  /** Sets the fault the way the end-to-end suite does, from outside the process. */
  async function setFault(body: Json): Promise<Response> {
    return fetch(`${standIn.url}/__standin/fault`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  }

  test('the faults set over HTTP answer in turn 429 with Retry-After, 500, no answer, then normally again', async (t) => {
    t.after(() => standIn.setFault('none'));
    assert.equal((await setFault({ fault: '429', retryAfterSeconds: 2 })).status, 200);
    const limited = await post('/v2/Pearl/Text', textBody());
    assert.equal(limited.status, 429);
    assert.equal(limited.headers.get('retry-after'), '2');

    assert.equal((await setFault({ fault: '500' })).status, 200);
    assert.equal((await post('/v2/Pearl/Text', textBody())).status, 500);

    assert.equal((await setFault({ fault: 'hang' })).status, 200);
    await assert.rejects(
      fetch(`${standIn.url}/v2/Pearl/prl_x/OngoingCalls`, {
        headers: { Authorization: `Bearer ${standIn.token}` },
        signal: AbortSignal.timeout(300),
      }),
      (error: Error) => error.name === 'TimeoutError',
    );

    assert.equal((await setFault({ fault: 'none' })).status, 200);
    assert.equal((await post('/v2/Pearl/Text', textBody())).status, 200);
  });

  test('an unknown fault is refused and changes nothing', async () => {
    assert.equal((await setFault({ fault: 'explode' })).status, 400);
    assert.equal((await post('/v2/Pearl/Text', textBody())).status, 200);
  });

  test('GET /__standin/created lists the created Pearls', async () => {
    const response = await fetch(`${standIn.url}/__standin/created`);
    const created = (await response.json()) as Array<{ id: string; path: string; body: string }>;
    assert.deepEqual(created, standIn.created);
    assert.ok(created.length > 0);
  });

  test('close() ends a hanging request instead of waiting for it', async () => {
    const other = await startStandIn();
    other.setFault('hang');
    // Sent and on the wire (the request's 'finish'), never answered: then close() must end it.
    const request = http.get(`${other.url}/v2/Pearl/x/OngoingCalls`);
    const ended = new Promise<string>((resolve) => {
      request.once('response', () => resolve('answered'));
      request.once('error', (error) => resolve(error.message));
    });
    await new Promise((resolve) => request.once('finish', resolve));
    await other.close();
    assert.match(await ended, /socket hang up|ECONNRESET/);
  });
});

describe('command line', () => {
  test('prints its address and token, serves, and stops on SIGTERM', async () => {
    const main = path.join(__dirname, '..', 'standin', 'main.js');
    const child = spawn(process.execPath, [main, '--port', '0', '--token', 'cli-account:cli-secret'], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const lines = createInterface({ input: child.stdout });
    const first = await new Promise<string>((resolve) => lines.once('line', resolve));
    const match = /^Pearl service stand-in on (http:\/\/127\.0\.0\.1:\d+) \(token: cli-account:cli-secret\)$/.exec(first);
    assert.ok(match, first);
    const response = await fetch(`${match[1]}/v2/Pearl/p/OngoingCalls`, { headers: { Authorization: 'Bearer cli-account:cli-secret' } });
    assert.equal(response.status, 404);
    child.kill('SIGTERM');
    assert.equal(await exited, 0);
  });
});

describe('400 fault', () => {
  test('every create answers the given errors until the fault is cleared; a valid body then passes', async () => {
    const control = (body: Json): Promise<Response> =>
      fetch(`${standIn.url}/__standin/fault`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
    assert.equal((await control({ fault: '400', errors: { 'Pearl.Nodes[1].Name': ['Name is taken.'] } })).status, 200);
    const rejected = await post('/v2/Pearl/Text', textBody());
    assert.equal(rejected.status, 400);
    assert.deepEqual(((await rejected.json()) as Json).errors, { 'Pearl.Nodes[1].Name': ['Name is taken.'] });
    assert.equal((await control({ fault: 'none' })).status, 200);
    assert.equal((await post('/v2/Pearl/Text', textBody())).status, 200);
  });
});

describe('the operations beyond creation (PUBLIC-DOCS.md)', () => {
  const get = (path: string): Promise<Response> =>
    fetch(`${standIn.url}${path}`, { headers: { Authorization: `Bearer ${standIn.token}` } });
  const put = (path: string, body: string): Promise<Response> =>
    fetch(`${standIn.url}${path}`, {
      method: 'PUT',
      headers: { Authorization: `Bearer ${standIn.token}`, 'Content-Type': 'application/json' },
      body,
    });

  test('GET /v2/Pearl lists id, name, createdAt, type and status', async () => {
    const response = await get('/v2/Pearl');
    assert.equal(response.status, 200);
    const list = (await response.json()) as Json[];
    const seed = list.find((entry) => entry.id === 'prl_seed_2');
    assert.deepEqual(Object.keys(seed ?? {}).sort(), ['createdAt', 'id', 'name', 'status', 'type']);
    assert.equal(seed?.status, 2);
  });

  test('a paused Pearl has no ongoing calls', async () => {
    const counts = (await (await get('/v2/Pearl/prl_seed_2/OngoingCalls')).json()) as Json;
    assert.deepEqual(counts, { totalOngoingCalls: 0 });
  });

  test('PUT Active without isActive: 400 ValidationProblemDetails', async () => {
    const response = await put('/v2/Pearl/prl_seed_1/Active', '{}');
    assert.equal(response.status, 400);
    assert.ok(((await response.json()) as { errors: Json }).errors.isActive);
  });

  test('a method the path does not take: 405 with Allow', async () => {
    const response = await fetch(`${standIn.url}/v1/Account`, { method: 'DELETE' });
    assert.equal(response.status, 405);
    assert.equal(response.headers.get('allow'), 'GET');
  });

  test('POST /__standin/account changes what GET /v1/Account answers', async () => {
    const control = await fetch(`${standIn.url}/__standin/account`, { method: 'POST', body: '{"status":3,"creditBalance":0}' });
    assert.equal(control.status, 200);
    const account = (await (await get('/v1/Account')).json()) as Json;
    assert.equal(account.status, 3);
    assert.equal(account.creditBalance, 0);
    standIn.account.status = 1;
  });

  test('POST /__standin/pearls/{id}/settings changes what GET Settings answers, as a change made in the platform', async () => {
    const created = await post('/v2/Pearl/Text', textBody());
    const id = (await created.text()).replace(/"/g, '');
    const control = (body: string, pearlId = id): Promise<Response> =>
      fetch(`${standIn.url}/__standin/pearls/${pearlId}/settings`, { method: 'POST', body });
    assert.equal((await control('{"name":"Renamed in the platform","variables":null}')).status, 200);
    const settings = (await (await get(`/v2/Pearl/${id}/Settings`)).json()) as Json;
    assert.equal(settings.name, 'Renamed in the platform');
    assert.deepEqual(settings.variables, []);
    assert.equal((await control('[]')).status, 400);
    assert.equal((await control('{}', 'prl_unknown')).status, 404);
  });

  test('PUT /v2/Pearl/{id} of a text Pearl: 400, there is no update for text Pearls', async () => {
    const created = await post('/v2/Pearl/Text', textBody());
    const id = (await created.text()).replace(/"/g, '');
    const response = await put(`/v2/Pearl/${id}`, textBody());
    assert.equal(response.status, 400);
  });
});
