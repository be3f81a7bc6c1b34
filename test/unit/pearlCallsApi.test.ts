import { after, before, describe, test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  getCall,
  getCallRequest,
  getPearlFigures,
  listCalls,
  makeCall,
  maxTranscriptTurns,
  readCallDetail,
  resetMemory,
} from '../../client/src/api/pearlCallsApi';
import { type StandIn, startStandIn } from '../standin/pearlServiceStandIn';
import { longCallIdFor, longTranscriptTurns, standInCallFigures, standInCallsFor } from '../standin/standInCalls';

let standIn: StandIn;
let options: { baseUrl: string; token: string; timeoutMs: number };
const now = Date.UTC(2026, 11, 6, 15, 0, 0);
const week = { fromDate: new Date(now - 7 * 86_400_000).toISOString(), toDate: new Date(now).toISOString() };

before(async () => {
  standIn = await startStandIn({ now: () => now });
  options = { baseUrl: standIn.url, token: standIn.token, timeoutMs: 5000 };
});
after(() => standIn.close());

describe('getPearlFigures (GET /v2/Pearl/{id})', () => {
  test("an inbound Pearl's figures carry the queue and no budget; today's calls match the generated ones", async () => {
    const result = await getPearlFigures({ ...options, pearlId: 'prl_seed_1' });
    assert.ok(result.ok, JSON.stringify(result));
    assert.equal(result.figures.type, 1);
    assert.equal(result.figures.budgetTotal, undefined);
    assert.equal(typeof result.figures.totalOnQueue, 'number');
    const pearl = standIn.pearls.get('prl_seed_1');
    assert.ok(pearl);
    assert.equal(result.figures.totalTodayCalls, standInCallsFor(pearl, Math.floor(now / 86_400_000) * 86_400_000, now, now).length);
    assert.deepEqual(result.problems, []);
  });

  test('an outbound Pearl has a budget and no queue; an unknown id is a 404 failure', async () => {
    const result = await getPearlFigures({ ...options, pearlId: 'prl_seed_2' });
    assert.ok(result.ok);
    assert.equal(result.figures.budgetTotal, 500);
    assert.equal(result.figures.totalOnQueue, undefined);
    const missing = await getPearlFigures({ ...options, pearlId: 'nope' });
    assert.ok(!missing.ok);
    assert.equal(missing.status, 404);
  });
});

describe('listCalls (POST /v2/Pearl/{id}/Calls)', () => {
  test('newest first, paged with skip/limit, count of every match', async () => {
    const first = await listCalls({ ...options, pearlId: 'prl_seed_1', query: { ...week, skip: 0, limit: 5 } });
    assert.ok(first.ok, JSON.stringify(first));
    assert.ok(first.count > 5, `count ${first.count}`);
    assert.equal(first.calls.length, 5);
    const times = first.calls.map((call) => Date.parse(call.startTime ?? ''));
    assert.deepEqual(
      [...times].sort((a, b) => b - a),
      times,
    );
    const second = await listCalls({ ...options, pearlId: 'prl_seed_1', query: { ...week, skip: 5, limit: 5 } });
    assert.ok(second.ok);
    assert.equal(second.count, first.count);
    assert.ok(Date.parse(second.calls[0].startTime ?? '') <= times[4]);
    assert.ok(!second.calls.some((call) => first.calls.some((seen) => seen.id === call.id)));
  });

  test('statuses, tags and search filter the list the way the stand-in generates calls', async () => {
    const pearl = standIn.pearls.get('prl_seed_1');
    assert.ok(pearl);
    const all = standInCallsFor(pearl, Date.parse(week.fromDate), now, now);
    const success = await listCalls({ ...options, pearlId: 'prl_seed_1', query: { ...week, skip: 0, limit: 100, statuses: [100] } });
    assert.ok(success.ok);
    assert.equal(success.count, all.filter((call) => call.conversationStatus === 100).length);
    assert.ok(success.calls.every((call) => call.conversationStatus === 100));
    const tagged = await listCalls({ ...options, pearlId: 'prl_seed_1', query: { ...week, skip: 0, limit: 100, tags: ['Refund'] } });
    assert.ok(tagged.ok);
    assert.ok(tagged.calls.every((call) => call.tags.includes('Refund')));
    const hebrew = await listCalls({ ...options, pearlId: 'prl_seed_1', query: { ...week, skip: 0, limit: 100, searchInput: 'נועה' } });
    assert.ok(hebrew.ok);
    assert.equal(hebrew.count, all.filter((call) => call.name === 'נועה כהן').length);
  });

  test('the figures exported for the analytics count the same calls as the list', async () => {
    const pearl = standIn.pearls.get('prl_seed_2');
    assert.ok(pearl);
    const figures = standInCallFigures(pearl, Date.parse(week.fromDate), now, now);
    const listed = await listCalls({ ...options, pearlId: 'prl_seed_2', query: { ...week, skip: 0, limit: 100 } });
    assert.ok(listed.ok);
    assert.equal(
      figures.reduce((sum, day) => sum + day.total, 0),
      listed.count,
    );
  });

  test('a malformed answer gives named problems, never a crash', async () => {
    const server = http.createServer((_request, response) => {
      response.writeHead(200, { 'Content-Type': 'application/json' }).end(
        JSON.stringify({
          count: 'many',
          results: [
            { id: 'ok-1', duration: 'long', tags: ['A', 3] },
            { id: '' },
            'text',
            { id: 'ok-2', startTime: '2026-12-01T10:00:00Z' },
          ],
        }),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const result = await listCalls({ ...options, baseUrl: url, pearlId: 'x', query: { ...week, skip: 0, limit: 10 } });
      assert.ok(result.ok);
      assert.deepEqual(
        result.calls.map((call) => call.id),
        ['ok-1', 'ok-2'],
      );
      assert.equal(result.skipped, 2);
      assert.equal(result.count, 4);
      assert.deepEqual(result.calls[0].tags, ['A']);
      assert.ok(result.problems.some((problem) => problem.includes('"duration" is not a number')));
      assert.ok(result.problems.some((problem) => problem.includes('"count" is not a whole number')));
    } finally {
      server.close();
    }
  });

  test('429 with Retry-After is a rateLimited failure that says when to try again', async () => {
    standIn.setFault('429', { retryAfterSeconds: 7 });
    try {
      const result = await listCalls({ ...options, pearlId: 'prl_seed_1', query: { ...week, skip: 0, limit: 5 } });
      assert.ok(!result.ok);
      assert.equal(result.kind, 'rateLimited');
      assert.equal(result.retryAfterSeconds, 7);
    } finally {
      standIn.setFault('none');
    }
  });
});

describe('getCall (GET /v2/Call/{id})', () => {
  test('the long call has 2,000 turns, roles, collected values of every type and an undeclared id', async () => {
    const result = await getCall({ ...options, callId: longCallIdFor('prl_seed_1', now) });
    assert.ok(result.ok, JSON.stringify(result).slice(0, 300));
    assert.equal(result.call.transcript.length, longTranscriptTurns);
    assert.deepEqual(
      result.call.transcript.slice(0, 2).map((turn) => turn.role),
      [1, 2],
    );
    const types = new Set(result.call.collectedInfo.map((item) => typeof item.value));
    assert.deepEqual([...types].sort(), ['boolean', 'number', 'object', 'string']);
    assert.ok(result.call.collectedInfo.some((item) => item.id === 'platformScore'));
    assert.match(result.call.recording ?? '', /^https:\/\//);
    assert.deepEqual(result.problems, []);
  });

  test('an unknown call is a 404 failure', async () => {
    const result = await getCall({ ...options, callId: 'call-1-0-nope' });
    assert.ok(!result.ok);
    assert.equal(result.status, 404);
  });

  test('readCallDetail bounds the transcript and names what it could not read', () => {
    const turns = Array.from({ length: maxTranscriptTurns + 3 }, (_, i) => ({ role: 1, content: `t${i}` }));
    const { call, problems } = readCallDetail(
      {
        transcript: [...turns.slice(0, 2), 42, ...turns.slice(2)],
        collectedInfo: [{ name: 'no id' }],
        duration: '3m',
        isCallTransferred: 'yes',
      },
      'fallback',
    );
    assert.equal(call.id, 'fallback');
    assert.equal(call.transcript.length, maxTranscriptTurns - 1);
    assert.equal(call.transcriptOmitted, 4);
    assert.equal(call.duration, undefined);
    assert.ok(problems.some((problem) => problem.includes('1 transcript turn is not an object')));
    assert.ok(problems.some((problem) => problem.includes('1 collected value has no variable id')));
    assert.ok(problems.some((problem) => problem.includes('"isCallTransferred" is not true or false')));
  });
});

describe('resetMemory, makeCall and getCallRequest', () => {
  test('ResetMemory answers true and the stand-in records the number', async () => {
    const result = await resetMemory({ ...options, pearlId: 'prl_seed_1', phoneNumber: '+15551234567' });
    assert.deepEqual(result, { ok: true });
    const refused = await resetMemory({ ...options, pearlId: 'prl_seed_1', phoneNumber: '' });
    assert.ok(!refused.ok);
    assert.equal(refused.kind, 'validation');
  });

  test('a make-call request moves InCallQueue → OnCall → Completed and ends with a call that opens', async () => {
    const placed = await makeCall({ ...options, outboundId: 'prl_seed_2', to: '+15557654321', callData: { customerName: 'Dana' } });
    assert.ok(placed.ok, JSON.stringify(placed));
    const statuses: (number | undefined)[] = [];
    let callId: string | undefined;
    for (let poll = 0; poll < 5 && callId === undefined; poll++) {
      const state = await getCallRequest({ ...options, requestId: placed.request.id });
      assert.ok(state.ok);
      statuses.push(state.request.status);
      callId = state.request.callId;
    }
    assert.deepEqual(statuses, [1, 2, 10]);
    assert.ok(callId);
    const call = await getCall({ ...options, callId });
    assert.ok(call.ok);
  });

  test('an inbound Pearl cannot place a call (400)', async () => {
    const placed = await makeCall({ ...options, outboundId: 'prl_seed_1', to: '+15557654321', callData: null });
    assert.ok(!placed.ok);
    assert.equal(placed.kind, 'validation');
  });
});

describe("the stand-in's generated calls", () => {
  test('deterministic, in several languages (right-to-left ones too), with transfers, failures and tags', () => {
    const pearl = standIn.pearls.get('prl_seed_1');
    assert.ok(pearl);
    const from = now - 30 * 86_400_000;
    const calls = standInCallsFor(pearl, from, now, now);
    assert.deepEqual(standInCallsFor(pearl, from, now, now), calls);
    assert.deepEqual(new Set(calls.map((call) => call.language)), new Set(['en', 'es', 'he', 'ar']));
    assert.ok(calls.some((call) => call.isCallTransferred));
    assert.ok(calls.some((call) => [5, 6, 7].includes(call.status) && call.duration === 0));
    assert.ok(calls.some((call) => call.tags.length > 0));
    assert.ok(calls.every((call) => call.startMs <= now && call.overallSentiment >= 1 && call.overallSentiment <= 5));
    const figures = standInCallFigures(pearl, from, now, now);
    assert.equal(
      figures.reduce((sum, day) => sum + day.total, 0),
      calls.length,
    );
    assert.equal(
      figures.reduce((sum, day) => sum + day.transferred, 0),
      calls.filter((call) => call.isCallTransferred).length,
    );
  });
});
