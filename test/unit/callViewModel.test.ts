import { describe, test } from 'node:test';
import * as assert from 'node:assert/strict';
import type { CallDetail } from '../../client/src/api/pearlCallsApi';
import { getCallViewCsp, getCallViewHtml, isCallPageMessage } from '../../client/src/calls/callViewHtml';
import { buildCallViewModel, httpsUrl, maxTurnChars, walkVariablesOf } from '../../client/src/calls/callViewModel';
import { readPearlFileFacts, readWalkValues } from '../../client/src/calls/pearlFileFacts';

const pearlFile = `{
  // a comment, as the editor allows
  "name": "Bookings",
  "pearl": { "memory": true, "indicatorTags": [{ "id": "Booked", "name": "Booked a visit", "color": 4 }] },
  "variables": [
    { "id": "customerName", "name": "Customer name", "group": 1, "type": 1 },
    { "id": "partySize", "name": "Party size", "group": 2, "type": 2 },
    { "id": "agreed", "group": 2, "type": 4 },
    { "id": "visitDate", "group": 2, "type": 5 },
    { "id": "interests", "group": 2, "type": 1, "isList": true },
    { "id": "notAsked", "name": "Not asked", "group": 2, "type": 7 },
  ],
}`;

const call: CallDetail = {
  id: 'call-1',
  startTime: '2026-12-06T10:00:00Z',
  conversationStatus: 130,
  status: 4,
  from: '+15550100',
  to: '+15551234567',
  duration: 65,
  recording: 'https://recordings.example.invalid/1.mp3',
  transcript: [
    { role: 1, content: 'Hello, **this** is [the desk](command:workbench.action.quit).', startTime: 0, endTime: 2 },
    { role: 2, content: 'x'.repeat(maxTurnChars + 5), startTime: 75.4, endTime: 80 },
    { content: '<script>alert(1)</script>' },
  ],
  transcriptOmitted: 0,
  summary: 'Booked.',
  collectedInfo: [
    { id: 'customerName', name: 'Customer name', value: 'Dana' },
    { id: 'partySize', value: 'about forty' },
    { id: 'agreed', value: 'TRUE' },
    { id: 'visitDate', value: '2026-12-09' },
    { id: 'interests', value: 'golf' },
    { id: 'platformScore', name: 'Platform score', value: 87 },
  ],
  collectedOmitted: 0,
  tags: ['Booked', 'Other1'],
  isCallTransferred: false,
  overallSentiment: 4,
};

describe('the call view model', () => {
  const facts = readPearlFileFacts(pearlFile);

  test('the file’s facts: variables with group and type, tags with name and colour, memory', () => {
    assert.deepEqual(
      facts.variables.map((variable) => variable.id),
      ['customerName', 'partySize', 'agreed', 'visitDate', 'interests', 'notAsked'],
    );
    assert.deepEqual(facts.tags.get('Booked'), { name: 'Booked a visit', color: 4 });
    assert.equal(facts.memory, true);
  });

  test('collected values beside the declared variables: an undeclared id and a value that does not fit its type are marked', () => {
    const model = buildCallViewModel(call, facts, 'bookings.pearl.json');
    const byId = new Map(model.collected.map((row) => [row.id, row]));
    assert.equal(byId.get('customerName')?.mark, undefined);
    assert.equal(byId.get('customerName')?.group, 'PreCall');
    assert.equal(byId.get('partySize')?.mark, 'Not a Long value.');
    assert.equal(byId.get('agreed')?.mark, undefined);
    assert.equal(byId.get('visitDate')?.mark, undefined);
    assert.equal(byId.get('interests')?.mark, 'Not a list, though the variable is a list of String.');
    assert.equal(byId.get('interests')?.type, 'list of String');
    assert.equal(byId.get('platformScore')?.mark, 'Not declared in the Pearl file (it may be a platform variable).');
    assert.equal(byId.get('platformScore')?.value, '87');
    assert.deepEqual(byId.get('notAsked'), {
      id: 'notAsked',
      name: 'Not asked',
      value: '',
      collected: false,
      group: 'InCall',
      type: 'DateTime',
    });
  });

  test('without a deployed file nothing is marked, and the view says why', () => {
    const model = buildCallViewModel(call, undefined, undefined);
    assert.ok(model.collected.every((row) => row.mark === undefined));
    assert.ok(model.notes.some((note) => note.startsWith('No file of this workspace was deployed as this Pearl')));
    assert.equal(model.canWalk, false);
    assert.deepEqual(model.tags[1], { label: 'Other1', title: 'Tag Other1' });
  });

  test('the header names statuses, the sentiment with its assumed names; the notes say the roles are assumed', () => {
    const model = buildCallViewModel(call, facts, 'bookings.pearl.json');
    const header = new Map(model.header.map((field) => [field.label, field]));
    assert.equal(header.get('Conversation status')?.value, 'Completed');
    assert.equal(header.get('Call status')?.value, 'Completed');
    assert.equal(header.get('Duration')?.value, '1 min 05 s');
    assert.equal(header.get('Transferred')?.value, 'No');
    assert.deepEqual(header.get('Sentiment'), { label: 'Sentiment', value: 'SlightlyPositive', note: 'assumed names' });
    assert.match(model.notes[0], /role 1 is shown as the agent and any other as the customer/);
    assert.deepEqual(model.tags[0], { label: 'Booked a visit', color: 4, title: 'Tag Booked' });
  });

  test('turns keep the words as written (plain text for the page), cut at the bound with the rest counted; the role decides the speaker', () => {
    const model = buildCallViewModel(call, facts, 'bookings.pearl.json');
    assert.equal(model.turns[0].text, 'Hello, **this** is [the desk](command:workbench.action.quit).');
    assert.deepEqual(
      model.turns.map((turn) => [turn.speakerLabel, turn.time]),
      [
        ['Agent', '0:00'],
        ['Customer', '1:15'],
        ['Customer', ''],
      ],
    );
    assert.equal(model.turns[1].text.length, maxTurnChars);
    assert.equal(model.turns[1].omittedChars, 5);
  });

  test('only an https recording is offered', () => {
    assert.equal(buildCallViewModel(call, facts, undefined).recordingUrl, 'https://recordings.example.invalid/1.mp3');
    for (const recording of [
      'http://x.example/1.mp3',
      'javascript:alert(1)',
      'command:workbench.action.quit',
      'https://user:pw@x.example/',
      'not a url',
    ]) {
      const model = buildCallViewModel({ ...call, recording }, facts, undefined);
      assert.equal(model.recordingUrl, undefined, recording);
      assert.equal(model.recordingNote, 'The recording is not an https address, so it is not offered.');
    }
    assert.equal(httpsUrl(' https://a.example/x y '), 'https://a.example/x%20y');
  });

  test("a walk from the call's values: declared ids only, values as text", () => {
    assert.deepEqual(walkVariablesOf(call.collectedInfo, facts), {
      variables: { customerName: 'Dana', partySize: 'about forty', agreed: 'TRUE', visitDate: '2026-12-09', interests: 'golf' },
      left: 1,
    });
    assert.deepEqual(
      readWalkValues('{ "pearl": "b.pearl.json", "walks": [{ "name": "W", "variables": { "customerName": "Ana", "n": 3 } }] }'),
      {
        pearl: 'b.pearl.json',
        walks: [{ name: 'W', variables: { customerName: 'Ana' } }],
      },
    );
  });
});

describe('the call view page', () => {
  test('a strict policy: nothing remote, scripts and styles only with the nonce', () => {
    assert.equal(
      getCallViewCsp('abc'),
      "default-src 'none'; img-src 'none'; style-src 'nonce-abc'; script-src 'nonce-abc'; media-src 'none'; frame-src 'none'",
    );
    const html = getCallViewHtml({ cspSource: 'https://x', nonce: 'n"1', scriptUri: 'https://x/callView.js?a=1&b="2"' });
    assert.ok(html.includes('<script nonce="n&#34;1" src="https://x/callView.js?a=1&#38;b=&#34;2&#34;"></script>'));
    assert.ok(!/<script(?![^>]*nonce)/.test(html));
  });

  test('the page may ask only for the recording, a walk, or say it is ready', () => {
    assert.ok(isCallPageMessage({ type: 'openRecording' }));
    assert.ok(!isCallPageMessage({ type: 'openExternal', url: 'https://x' }));
    assert.ok(!isCallPageMessage(null));
  });
});
