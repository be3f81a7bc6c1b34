// The walk engine (server/src/service/walks/, docs/user/walks.md): each step kind, each failure, the
// rendering of {variable} references, the request of an API node, outputBody, PreCallAPI results.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { WalkInput, WalkTrace } from '#protocol/walkTypes';
import { getLanguageService } from '../../server/src/service/pearlLanguageService';
import { buildRequest, convertTypedValue, mapOutputBody, renderText } from '../../server/src/service/walks/walkRender';
import { bookingPearlText, bookingSteps } from '../helpers/walkPearls';
import { exampleText } from '../helpers/fixtures';

const service = getLanguageService();
const booking = service.parsePearlDocument(TextDocument.create('file:///w/booking.pearl.json', 'pearl', 1, bookingPearlText));

function walk(input: WalkInput): WalkTrace {
  return service.walk(booking, input);
}

const values = (entries: Record<string, string>) => new Map(Object.entries(entries).map(([id, value]) => [id, { value }]));

test('renderText fills known references and lists the unknown ones once, in order', () => {
  assert.deepEqual(renderText('Hi {a}, {b} and {b}; {c}', values({ a: 'Ana' })), { text: 'Hi Ana, {b} and {b}; {c}', unknown: ['b', 'c'] });
  assert.deepEqual(renderText('no reference', values({})), { text: 'no reference', unknown: [] });
  assert.deepEqual(renderText('{ not one }', values({})), { text: '{ not one }', unknown: [] });
});

test('convertTypedValue: Long, Double and Boolean become JSON numbers and booleans; other types and unreadable text stay strings', () => {
  assert.equal(convertTypedValue('42', 2), 42);
  assert.equal(convertTypedValue('4.5', 3), 4.5);
  assert.equal(convertTypedValue('TRUE', 4), true);
  assert.equal(convertTypedValue('false', 4), false);
  assert.equal(convertTypedValue('2026-12-01', 5), '2026-12-01');
  assert.equal(convertTypedValue('four', 2), 'four');
  assert.equal(convertTypedValue('42', 1), '42');
});

test('buildRequest: method by name, URL filled, headers as written, body from variableId and typed values; GET sends no body', () => {
  const settings = {
    method: 3,
    endpointUrl: 'https://x.test/{id}/{missing}',
    headers: { 'X-Key': 'k' },
    body: [
      { key: 'size', variableId: 'size' },
      { key: 'optional', variableId: 'gone', required: false },
      { key: 'needed', variableId: 'gone' },
      { key: 'label', type: 1, value: 'for {id}' },
      { key: 'flag', type: 4, value: 'true' },
    ],
  };
  const request = buildRequest(settings, values({ id: '7', size: '4' }), new Map([['size', 2]]));
  assert.equal(request.method, 'PUT');
  assert.deepEqual(request.url, { text: 'https://x.test/7/{missing}', unknown: ['missing'] });
  assert.deepEqual(request.headers, { 'X-Key': 'k' });
  assert.deepEqual(request.body, { size: 4, needed: '{gone}', label: 'for 7', flag: true });
  assert.deepEqual(request.unknown, ['missing', 'gone']);
  assert.equal(buildRequest({ ...settings, method: 1 }, values({}), new Map()).body, undefined);
});

test('mapOutputBody: a key names a top-level field or a dotted path; strings as is, other JSON as its text; missing or null maps nothing', () => {
  const outputBody = [
    { key: 'a.b', variableId: 'dotted' },
    { key: 'x.y', variableId: 'literal' },
    { key: 'n', variableId: 'number' },
    { key: 'list', variableId: 'list' },
    { key: 'none', variableId: 'none' },
    { key: 'gone', variableId: 'gone' },
    { key: 'n', type: 1, value: 'not a mapping' },
  ];
  const mapped = mapOutputBody(outputBody, { a: { b: 'deep' }, 'x.y': 'top', n: 5, list: [1, 2], none: null });
  assert.deepEqual(
    mapped.map((entry) => [entry.variableId, entry.value]),
    [
      ['dotted', 'deep'],
      ['literal', 'top'],
      ['number', '5'],
      ['list', '[1,2]'],
    ],
  );
  assert.deepEqual(mapOutputBody(outputBody, 'not an object'), []);
});

test('a walk from the PreCallAPI to EndCall: Success on 2xx, outputBody mapped, each frame rendered with the values known there', () => {
  const trace = walk({ variables: { phone: '+15550100' }, steps: [...bookingSteps] });
  assert.equal(trace.failure, undefined);
  assert.deepEqual(trace.warnings, []);
  assert.equal(trace.ended, true);
  assert.deepEqual(
    trace.frames.map((frame) => [frame.nodeId, frame.typeName, frame.reachedBy, frame.reachedVia]),
    [
      ['lookup', 'PreCallAPI', -1, undefined],
      ['greet_known', 'OpeningSentence', 0, 'n:0>t:0'],
      ['ask', 'Dialogue', 1, 'n:1>t:0'],
      ['book', 'API', 3, 'n:3>t:0'],
      ['confirm', 'SMS', 5, 'n:4>t:0'],
      ['end', 'EndCall', 6, 'n:5>t:0'],
    ],
  );
  const [lookup, greet, ask, book, confirm, end] = trace.frames;
  assert.equal(lookup.request?.url.text, 'https://api.example.com/customers?phone=+15550100');
  assert.deepEqual(lookup.response, { status: 200, body: { customer: { name: 'Ana' } } });
  assert.deepEqual(
    lookup.choices.map((choice) => [choice.name, choice.edgeKey, choice.targetKey, choice.apiResult]),
    [
      ['Known', 'n:0>t:0', 'n:1', 1],
      ['Unknown', 'n:0>t:1', 'n:2', 2],
    ],
  );
  assert.deepEqual(greet.says, { text: 'Hi Ana! Shall I book your usual table?', unknown: [] });
  assert.deepEqual(ask.instructions, { text: 'Collect party_size.', unknown: [] });
  assert.deepEqual(book.request?.body, { size: 4, name: 'Table for Ana', confirmed: true, seats: 4 });
  assert.equal(book.request?.url.text, 'https://api.example.com/bookings?size=4');
  assert.deepEqual(confirm.message?.body, { text: 'Booking B-17: a table for 4.', unknown: [] });
  assert.deepEqual(end.choices, []);
  // EndCall shows the PostCallActions, PostCall variables as placeholders.
  assert.deepEqual(end.actions, [
    {
      nodeKey: 'n:8/postCallActions:0',
      typeName: 'Email',
      name: 'Email the recap',
      message: { text: 'Booking B-17\n\nRated {rating}', unknown: ['rating'] },
    },
  ]);
  const sources = Object.fromEntries(end.variables.map((variable) => [variable.id, variable.source]));
  assert.deepEqual(sources.phone, { kind: 'variables' });
  assert.deepEqual(sources.customer_name, { kind: 'response', step: 0, nodeKey: 'n:0', field: 'customer.name' });
  assert.deepEqual(sources.party_size, { kind: 'set', step: 2 });
  assert.equal(sources.rating, undefined);
  assert.deepEqual(
    end.variables.find((variable) => variable.id === 'rating'),
    { id: 'rating', group: 3 },
  );
});

test('a PreCallAPI response that is not 2xx takes the Failure transition', () => {
  const trace = walk({ variables: { phone: '1' }, steps: [{ response: { status: 503 } }] });
  assert.deepEqual(
    trace.frames.map((frame) => frame.nodeId),
    ['lookup', 'greet'],
  );
  assert.equal(trace.frames[1].reachedVia, 'n:0>t:1');
});

test('a response at an API node stays there: its transitions are taken by name', () => {
  const steps = [...bookingSteps.slice(0, 5)];
  const trace = walk({ variables: { phone: '1' }, steps });
  assert.equal(trace.frames.at(-1)?.nodeId, 'book');
  assert.deepEqual(trace.frames.at(-1)?.response, { status: 201, body: { bookingId: 'B-17' } });
  assert.equal(trace.ended, false);
});

test('HandoffChatToHuman shows its handOffAction rendered', () => {
  const trace = walk({ variables: { phone: '+1555' }, steps: [{ response: { status: 404 } }, { take: 'Customer wants a person' }] });
  assert.deepEqual(trace.frames.at(-1)?.actions, [
    { nodeKey: 'n:6/handOffAction:0', typeName: 'SMS', name: 'Alert the staff', message: { text: 'Call +1555', unknown: [] } },
  ]);
});

test('each failure stops the walk on its step with a sentence', () => {
  const cases: [WalkInput['steps'], string, string][] = [
    [
      [{ response: { status: 200 } }, { take: 'Wants to book' }],
      'walk-take-unknown',
      "OpeningSentence node 'greet_known' has no transition 'Wants to book'; its transitions are 'Customer wants to book a table'.",
    ],
    [
      [{ response: { status: 404 } }, { take: 'Customer asks for the menu' }],
      'walk-take-no-target',
      "The transition 'Customer asks for the menu' leads to 'nowhere', which is not a node of the graph.",
    ],
    [
      [{ response: { status: 404 } }, { response: { status: 200 } }],
      'walk-response-misplaced',
      "OpeningSentence node 'greet' sends no request, so it gets no response.",
    ],
    [[{ expect: { node: 'greet' } }], 'walk-expect-failed', "The walk is at PreCallAPI node 'lookup', not at 'greet'."],
    [
      [{ response: { status: 404 } }, { expect: { says: 'Welcome' } }],
      'walk-expect-failed',
      "OpeningSentence node 'greet' does not say 'Welcome': it says 'Hello! How can I help?'.",
    ],
    [[{ expect: { request: { method: 'POST' } } }], 'walk-expect-failed', "The request's method is GET, not POST."],
    [
      [{ expect: { request: { url: 'https://api.example.com/customers' } } }],
      'walk-expect-failed',
      "The request's URL is 'https://api.example.com/customers?phone=1', not 'https://api.example.com/customers'.",
    ],
    [
      [{ response: { status: 404 } }, { expect: { request: { method: 'GET' } } }],
      'walk-expect-failed',
      "OpeningSentence node 'greet' sends no request.",
    ],
    [[{ take: 'Known', set: {} }], 'walk-step-invalid', 'A step has exactly one of "take", "set", "response" or "expect".'],
    [
      [{ response: { status: 'ok' } } as never],
      'walk-step-invalid',
      '"response" must be an object with an integer "status" and an optional JSON "body".',
    ],
  ];
  for (const [steps, code, message] of cases) {
    const trace = walk({ variables: { phone: '1' }, steps });
    assert.deepEqual(trace.failure, { step: steps.length - 1, code, message }, JSON.stringify(steps));
    assert.equal(trace.ended, false);
  }
  const wrongBody = walk({
    variables: { phone: '1' },
    steps: [...bookingSteps.slice(0, 4), { expect: { request: { body: { size: 5 } } } }],
  });
  assert.equal(wrongBody.failure?.code, 'walk-expect-failed');
  assert.match(wrongBody.failure?.message ?? '', /^The request's body is \{"size":4,/);
  const rightBody = walk({
    variables: { phone: '1' },
    steps: [...bookingSteps.slice(0, 4), { expect: { request: { body: { seats: 4, confirmed: true, name: 'Table for Ana', size: 4 } } } }],
  });
  assert.equal(rightBody.failure, undefined);
});

test('taking a transition at EndCall fails: the conversation has ended', () => {
  const trace = walk({ variables: { phone: '1' }, steps: [...bookingSteps, { take: 'Again' }] });
  assert.deepEqual(trace.failure, {
    step: 7,
    code: 'walk-take-unknown',
    message: "'Again' cannot be taken: the conversation has ended there.",
  });
});

test('warnings: an undeclared id, a PostCall id (ignored), a declared variable used where no value is known', () => {
  const trace = walk({ variables: { phone: '1', unknown_id: 'x' }, steps: [{ response: { status: 200 } }, { set: { rating: '5' } }] });
  assert.deepEqual(trace.warnings, [
    { step: -1, code: 'walk-variable-undeclared', variable: 'unknown_id', message: "'unknown_id' is not a variable the Pearl declares." },
    {
      step: 1,
      code: 'walk-variable-postcall',
      variable: 'rating',
      message: "'rating' is a PostCall variable: it has no value before the conversation ends, so the walk ignores this one.",
    },
    {
      step: 0,
      code: 'walk-value-unknown',
      variable: 'customer_name',
      message: "{customer_name} in the script of OpeningSentence node 'greet_known' has no value at this point of the walk.",
    },
  ]);
  assert.equal(trace.frames.at(-1)?.variables.find((variable) => variable.id === 'rating')?.value, undefined);
  const withoutPhone = walk({ steps: [] });
  assert.deepEqual(
    withoutPhone.warnings.map((warning) => [warning.step, warning.variable]),
    [[-1, 'phone']],
  );
});

test('a simple Pearl, or a text Pearl without an entry node, fails at step -1', () => {
  const simple = service.parsePearlDocument(
    TextDocument.create('file:///s.pearl.json', 'pearl', 1, exampleText('inbound-voice.pearl.json')),
  );
  assert.deepEqual(service.walk(simple, { steps: [] }), {
    frames: [],
    ended: false,
    failure: {
      step: -1,
      code: 'walk-cannot-start',
      message: 'This is a simple Pearl: only a text Pearl has a conversation graph to walk.',
    },
    warnings: [],
  });
  const noEntry = service.parsePearlDocument(
    TextDocument.create('file:///e.pearl.json', 'pearl', 1, '{ "pearl": { "nodes": [{ "nodeId": "talk", "nodeType": 10 }] } }'),
  );
  assert.equal(
    service.walk(noEntry, { steps: [] }).failure?.message,
    'The Pearl has no PreCallAPI or OpeningSentence node, so the walk has nowhere to start.',
  );
});

test('a transition can be taken by its name with variables filled', () => {
  const text = bookingPearlText.replace('"name": "Known"', '"name": "Known as {phone}"');
  const doc = service.parsePearlDocument(TextDocument.create('file:///w/b2.pearl.json', 'pearl', 1, text));
  const trace = service.walk(doc, { variables: { phone: '7' }, steps: [{ take: 'Known as 7' }] });
  assert.equal(trace.failure, undefined);
  assert.equal(trace.frames[0].choices[0].name, 'Known as 7');
  assert.equal(trace.frames.at(-1)?.nodeId, 'greet_known');
});
