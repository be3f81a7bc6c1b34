// The walk panel's host side (issue 18): the request sender of "Send" (bounds, refused schemes and
// methods, timeout, redirects not followed) against a server on 127.0.0.1, and the check of the
// page's walk messages. The text "Save as walk" writes is the service's (walksFileEdit.test.ts).
import { after, before, describe, test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sendWalkRequest } from '../../client/src/graphPreview/walk/walkRequestSender';
import { isWebviewMessage } from '#protocol/graphPreviewMessages';
import type { WalkRequest } from '#protocol/walkTypes';

/** What the test server received. */
interface Received {
  readonly method: string;
  readonly url: string;
  readonly headers: http.IncomingHttpHeaders;
  readonly body: string;
}

describe('walk request sender', () => {
  let server: http.Server;
  let origin = '';
  const received: Received[] = [];
  const hanging = new Set<http.ServerResponse>();

  before(async () => {
    server = http.createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      request.on('end', () => {
        received.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers, body });
        route(request.url ?? '', response);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  after(async () => {
    for (const response of hanging) response.destroy();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  function route(url: string, response: http.ServerResponse): void {
    if (url.startsWith('/bookings')) {
      response.writeHead(201, { 'content-type': 'application/json' }).end('{"bookingId":"B-17","size":4}');
    } else if (url === '/text') {
      response.writeHead(500, { 'content-type': 'text/plain' }).end('Internal <b>error</b>');
    } else if (url === '/empty') {
      response.writeHead(204).end();
    } else if (url === '/large-declared') {
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': String(2048) }).end('x'.repeat(2048));
    } else if (url === '/large-streamed') {
      response.writeHead(200, { 'content-type': 'application/json' });
      for (let index = 0; index < 8; index++) response.write('y'.repeat(512));
      response.end();
    } else if (url === '/redirect') {
      response.writeHead(302, { location: '/bookings/redirected' }).end();
    } else if (url === '/hang') {
      hanging.add(response);
    } else {
      response.writeHead(404).end();
    }
  }

  function request(url: string, extra: Partial<WalkRequest> = {}): WalkRequest {
    return { method: 'GET', url: { text: url, unknown: [] }, headers: {}, unknown: [], ...extra };
  }

  test('sends the method, URL, headers and JSON body, and returns the status with the parsed JSON body', async () => {
    received.length = 0;
    const outcome = await sendWalkRequest(
      request(`${origin}/bookings?size=4`, { method: 'POST', headers: { 'X-Api-Key': 'k-1' }, body: { name: 'Ana', size: 4 } }),
    );
    assert.deepEqual(outcome, { ok: true, response: { status: 201, body: { bookingId: 'B-17', size: 4 } } });
    assert.equal(received.length, 1);
    assert.equal(received[0].method, 'POST');
    assert.equal(received[0].url, '/bookings?size=4');
    assert.equal(received[0].headers['x-api-key'], 'k-1');
    assert.equal(received[0].headers['content-type'], 'application/json');
    assert.deepEqual(JSON.parse(received[0].body), { name: 'Ana', size: 4 });
  });

  test('a body that is not JSON is kept as text, with a note; an empty one is absent', async () => {
    assert.deepEqual(await sendWalkRequest(request(`${origin}/text`)), {
      ok: true,
      response: { status: 500, body: 'Internal <b>error</b>' },
      note: 'The response body is not JSON: its text is kept as the body.',
    });
    assert.deepEqual(await sendWalkRequest(request(`${origin}/empty`)), { ok: true, response: { status: 204 } });
  });

  test('a response larger than the bound is not read, by its Content-Length or as it streams', async () => {
    assert.deepEqual(await sendWalkRequest(request(`${origin}/large-declared`), { maxBytes: 1024 }), {
      ok: false,
      message: 'The response (200) is larger than 1024 bytes: it was not read.',
    });
    assert.deepEqual(await sendWalkRequest(request(`${origin}/large-streamed`), { maxBytes: 1024 }), {
      ok: false,
      message: 'The response (200) is larger than 1024 bytes: it was not read.',
    });
  });

  test('a server that never answers is given up after the timeout', async () => {
    assert.deepEqual(await sendWalkRequest(request(`${origin}/hang`), { timeoutMs: 300 }), {
      ok: false,
      message: 'No complete response within 0.3 seconds.',
    });
  });

  test('a redirect is the response: the request goes only where the user confirmed', async () => {
    received.length = 0;
    const outcome = await sendWalkRequest(request(`${origin}/redirect`));
    assert.deepEqual(outcome, { ok: true, response: { status: 302 } });
    assert.deepEqual(
      received.map((entry) => entry.url),
      ['/redirect'],
    );
  });

  test('refuses, without sending, other schemes, other methods, URLs that do not parse and unknown values', async () => {
    received.length = 0;
    const cases: [WalkRequest, string][] = [
      [request('file:///etc/passwd'), 'Only http and https requests are sent, not file.'],
      [request('ftp://127.0.0.1/x'), 'Only http and https requests are sent, not ftp.'],
      [request('javascript:alert(1)'), 'Only http and https requests are sent, not javascript.'],
      [request('/relative/path'), 'The URL /relative/path is not a valid absolute URL.'],
      [request(`${origin}/bookings`, { method: 'TRACE' }), 'The method TRACE cannot be sent: it is not GET, POST, PUT, DELETE or PATCH.'],
      [
        request(`${origin}/bookings/{booking_id}`, { unknown: ['booking_id'] }),
        'The request still has unknown values ({booking_id}): set them in the variables table first, or enter the response by hand.',
      ],
    ];
    for (const [refused, message] of cases) assert.deepEqual(await sendWalkRequest(refused), { ok: false, message });
    assert.equal(received.length, 0);
  });
});

test("the host accepts the page's walk messages in their shape only", () => {
  const walk = { variables: { a: '1' }, steps: [{ take: 'Yes' }, { set: { b: '2' } }, { response: { status: 200, body: {} } }] };
  assert.equal(isWebviewMessage({ type: 'walk', seq: 1, walk }), true);
  assert.equal(isWebviewMessage({ type: 'sendWalkRequest', seq: 2, walk }), true);
  assert.equal(isWebviewMessage({ type: 'saveWalk', walk }), true);
  assert.equal(isWebviewMessage({ type: 'requestWalkCoverage' }), true);

  assert.equal(isWebviewMessage({ type: 'walk', seq: '1', walk }), false);
  assert.equal(isWebviewMessage({ type: 'walk', seq: 1, walk: { steps: [{ take: 3 }] } }), false);
  assert.equal(isWebviewMessage({ type: 'walk', seq: 1, walk: { steps: [{ take: 'a', set: {} }] } }), false);
  assert.equal(isWebviewMessage({ type: 'walk', seq: 1, walk: { steps: [{ set: { a: 1 } }] } }), false);
  assert.equal(isWebviewMessage({ type: 'walk', seq: 1, walk: { steps: [{ response: { status: '200' } }] } }), false);
  assert.equal(isWebviewMessage({ type: 'walk', seq: 1, walk: { steps: Array.from({ length: 5001 }, () => ({ take: 'a' })) } }), false);
  // The page never names a request to send: only the walk.
  assert.equal(isWebviewMessage({ type: 'sendWalkRequest', seq: 1, url: 'http://127.0.0.1/' }), false);
});
