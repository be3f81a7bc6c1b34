import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { Diagnostic, Range } from 'vscode-languageserver-types';
import { modulesOfGroup, runChecks } from '../helpers/ruleModules';
import { parsePearlDocument, PearlDocument } from '../../server/src/service/document/pearlDocument';
import { rangeAt, rangeOf, valueRange } from '../helpers/text';

const Error = 1;
const Warning = 2;

type Json = Record<string, any>;

/**
 * A minimal Text Pearl that yields no field-rule diagnostic; `edit` changes the request object
 * before it is serialised (2-space JSON, so `"key": value` is how each property reads).
 */
function textPearl(edit: (request: Json) => void = () => {}): string {
  const request: Json = {
    name: 'Test',
    pearl: {
      agentName: 'Ada',
      timeZone: 'Eastern Standard Time',
      modelType: 11,
      nodes: [
        { nodeId: 'open', name: 'Open', nodeType: 2, script: 'Hi', transitions: [{ name: 'done', toNodeId: 'end' }] },
        { nodeId: 'end', name: 'End', nodeType: 100 },
      ],
    },
    variables: [],
    outbound: {
      totalAgents: 1,
      textChannelId: 'tc1',
      timeZone: 'Eastern Standard Time',
      callingHours: [{ day: 1, start: '09:00', end: '17:00' }],
    },
  };
  edit(request);
  return JSON.stringify(request, null, 2);
}

/** A minimal Simple Pearl that yields no field-rule diagnostic. */
function simplePearl(edit: (request: Json) => void = () => {}): string {
  const request: Json = {
    name: 'Test',
    pearl: {
      agents: [{ name: 'Sam', voiceId: 'v1' }],
      timeZone: 'Eastern Standard Time',
      modelType: 1,
      openingSentence: 'Hi',
      flowScript: 'Talk',
    },
    outbound: { totalAgents: 1, timeZone: 'Eastern Standard Time' },
  };
  edit(request);
  return JSON.stringify(request, null, 2);
}

/** A node of `pearl.nodes` with `nodeId`, `name` and `nodeType`, plus `extra`. */
function node(nodeId: string, nodeType: number, extra: Json = {}): Json {
  return { nodeId, name: nodeId, nodeType, ...extra };
}

/** Appends nodes to `pearl.nodes` of a text request. */
function addNodes(...nodes: Json[]): (request: Json) => void {
  return (request) => request.pearl.nodes.push(...nodes);
}

function parse(content: string): PearlDocument {
  return parsePearlDocument(TextDocument.create('file:///t.pearl.json', 'pearl', 1, content));
}

function validate(content: string): Diagnostic[] {
  return runChecks(parse(content), ...modulesOfGroup('field rules'));
}

/** The 1-based line of the `{` that opens the object holding the first `needle` (how messages name an entry). */
function lineOfObjectAround(content: string, needle: string): number {
  return content.slice(0, content.lastIndexOf('{', content.indexOf(needle))).split('\n').length;
}

/** The range of the property key in the `nth` occurrence of `"key"`. */
function keyRange(content: string, key: string, nth = 0): Range {
  return rangeOf(content, `"${key}"`, nth);
}

/** The one diagnostic of the content, asserting its code, severity and range. */
function assertOnly(content: string, code: string, severity: number, range: Range): Diagnostic {
  const diagnostics = validate(content);
  assert.deepEqual(
    diagnostics.map((d) => ({ code: d.code, severity: d.severity, range: d.range })),
    [{ code, severity, range }],
  );
  assert.equal(diagnostics[0].source, 'pearl');
  return diagnostics[0];
}

function assertClean(content: string): void {
  assert.deepEqual(validate(content), []);
}

test('the base text and simple documents have no field-rule diagnostic', () => {
  assertClean(textPearl());
  assertClean(simplePearl());
});

// 1. channel

test('channel: neither inbound nor outbound is an Error on the root {', () => {
  const content = textPearl((r) => delete r.outbound);
  const diagnostic = assertOnly(content, 'channel-missing', Error, rangeAt(content, 0, 1));
  assert.match(diagnostic.message, /neither 'inbound' nor 'outbound'/);
  const simple = simplePearl((r) => delete r.outbound);
  assertOnly(simple, 'channel-missing', Error, rangeOf(simple, '{'));
});

test('channel: inbound and outbound both null is channel-missing; one null beside the other is fine', () => {
  const content = textPearl((r) => {
    r.outbound = null;
    r.inbound = null;
  });
  assertOnly(content, 'channel-missing', Error, rangeOf(content, '{'));
  assertClean(textPearl((r) => (r.inbound = null)));
});

test('channel: both inbound and outbound is one Error, on the key written second', () => {
  const content = textPearl((r) => (r.inbound = { totalAgents: 1, textChannelId: 'tc2' }));
  const diagnostic = assertOnly(content, 'channel-both', Error, keyRange(content, 'inbound'));
  assert.equal(
    diagnostic.message,
    "'inbound' is set together with 'outbound': a Pearl carries exactly one channel configuration; remove one of them.",
  );
});

test('channel: inbound alone is fine, in both kinds', () => {
  assertClean(
    textPearl((r) => {
      delete r.outbound;
      r.inbound = { totalAgents: 1, textChannelId: 'tc2' };
    }),
  );
  assertClean(
    simplePearl((r) => {
      delete r.outbound;
      r.inbound = { totalAgents: 2 };
    }),
  );
});

test('text-channel-id-missing: a text channel without textChannelId is an Error on its key', () => {
  const content = textPearl((r) => delete r.outbound.textChannelId);
  const diagnostic = assertOnly(content, 'text-channel-id-missing', Error, keyRange(content, 'outbound'));
  assert.equal(
    diagnostic.message,
    "'outbound' has no textChannelId: a text Pearl is created with the textChannelId of the channel to use.",
  );
});

test('text-channel-id-missing: null or empty is an Error on the value', () => {
  for (const value of [null, '', '  ']) {
    const content = textPearl((r) => {
      delete r.outbound;
      r.inbound = { totalAgents: 1, textChannelId: value };
    });
    const needle = `"textChannelId": ${JSON.stringify(value)}`;
    const diagnostic = assertOnly(content, 'text-channel-id-missing', Error, valueRange(content, needle));
    assert.match(
      diagnostic.message,
      /^textChannelId is (null|empty): a text Pearl is created with the textChannelId of the channel to use\.$/,
    );
  }
});

test('text-channel-id-missing: a simple Pearl has no textChannelId', () => {
  assertClean(simplePearl());
});

test('counts: an integer outside int32 is reported by int32-range only, not also as below its minimum', () => {
  assertClean(textPearl((r) => (r.outbound.totalAgents = -3000000000)));
  assertClean(textPearl((r) => (r.outbound.budgetTotal = -2147483649)));
});

// 2. indicator tags

test('indicator tags: a repeated id is an Error on the second, naming the first', () => {
  const content = textPearl(
    (r) =>
      (r.pearl.indicatorTags = [
        { id: 'AbcDef', name: 'a', color: 1 },
        { id: 'Other', name: 'b', color: 2 },
        { id: 'AbcDef', name: 'c', color: 3 },
      ]),
  );
  const diagnostic = assertOnly(content, 'label-id-duplicate', Error, rangeOf(content, '"AbcDef"', 1));
  assert.equal(
    diagnostic.message,
    `Indicator tag id 'AbcDef' is already used by the tag on line ${lineOfObjectAround(content, '"AbcDef"')}: ids must be unique among the tags.`,
  );
});

test('indicator tags: a repeated color is an Error on the second and later', () => {
  const content = simplePearl(
    (r) =>
      (r.pearl.indicatorTags = [
        { id: 'AbcDef', color: 4 },
        { id: 'Ghijkl', color: 4 },
        { id: 'Mnopqr', color: 4 },
      ]),
  );
  const diagnostics = validate(content);
  assert.deepEqual(
    diagnostics.map((d) => [d.code, d.severity, d.range]),
    [
      ['label-color-duplicate', Error, valueRange(content, '"color": 4', 1)],
      ['label-color-duplicate', Error, valueRange(content, '"color": 4', 2)],
    ],
  );
  const line = lineOfObjectAround(content, '"AbcDef"');
  assert.equal(diagnostics[1].message, `color 4 is already used by tag 'AbcDef' on line ${line}: colors must be unique across the tags.`);
  assert.match(diagnostics[0].message, /colors must be unique across the tags/);
});

test('indicator tags: distinct ids and colors are fine; tags without id or color are skipped', () => {
  assertClean(
    textPearl(
      (r) =>
        (r.pearl.indicatorTags = [
          { id: 'AbcDef', color: 1 },
          { id: 'Ghijkl', color: 2 },
          { name: 'no id' },
          { name: 'also no id', color: null },
        ]),
    ),
  );
});

test('indicator tags: a notification naming an undefined tag is a Warning on that id', () => {
  const content = simplePearl((r) => {
    r.pearl.indicatorTags = [{ id: 'AbcDef', color: 1 }];
    r.pearl.notifications = [{ indicatorTagsIds: ['AbcDef', 'Nopeee'] }];
  });
  const diagnostic = assertOnly(content, 'label-id-unknown', Warning, rangeOf(content, '"Nopeee"'));
  assert.match(diagnostic.message, /'Nopeee'/);
  assertClean(
    simplePearl((r) => {
      r.pearl.indicatorTags = [{ id: 'AbcDef', color: 1 }];
      r.pearl.notifications = [{ indicatorTagsIds: ['AbcDef'] }];
    }),
  );
});

// 3. variables

test('variables: a repeated id is an Error on the second declaration', () => {
  const content = textPearl(
    (r) =>
      (r.variables = [
        { id: 'first_name', group: 1, type: 1 },
        { id: 'first_name', group: 2, type: 1 },
      ]),
  );
  const diagnostic = assertOnly(content, 'variable-id-duplicate', Error, rangeOf(content, '"first_name"', 1));
  assert.equal(
    diagnostic.message,
    `Variable id 'first_name' is already declared on line ${lineOfObjectAround(content, '"first_name"')}: ids must be unique.`,
  );
});

test('variables: a group 3 (PostCall) declaration is an Error on the group value', () => {
  const content = simplePearl((r) => (r.variables = [{ id: 'summary', group: 3, type: 1 }]));
  const diagnostic = assertOnly(content, 'variable-postcall-declared', Error, valueRange(content, '"group": 3'));
  assert.equal(diagnostic.message, 'group 3 (PostCall) variables are generated by the platform and cannot be created through the API.');
});

test('variables: distinct ids with groups 1 and 2 are fine', () => {
  assertClean(
    textPearl(
      (r) =>
        (r.variables = [
          { id: 'a', group: 1, type: 1 },
          { id: 'b', group: 2, type: 2 },
        ]),
    ),
  );
});

// 4. APIDataSchemaProperty

const apiNode = (apiSettings: Json): Json => node('call', 40, { apiSettings });

test('API property: variableId with type and value is an Error on each of the type and value keys', () => {
  const content = textPearl(
    addNodes(
      apiNode({
        method: 2,
        body: [{ key: 'customerId', variableId: 'customer_id', type: 1, value: 'x' }],
      }),
    ),
  );
  const diagnostics = validate(content);
  assert.deepEqual(
    diagnostics.map((d) => [d.code, d.severity, d.range]),
    [
      ['api-property-variable-and-value', Error, keyRange(content, 'type')],
      ['api-property-variable-and-value', Error, keyRange(content, 'value')],
    ],
  );
  assert.match(diagnostics[0].message, /body\[0\] 'customerId' sends variable 'customer_id'/);
});

test('API property: no variableId and no value is an Error on the key value, else on the element {', () => {
  const content = textPearl(addNodes(apiNode({ method: 2, body: [{ key: 'jobType', type: 1 }] })));
  const diagnostic = assertOnly(content, 'api-property-value-missing', Error, rangeOf(content, '"jobType"'));
  assert.match(diagnostic.message, /value is missing/);

  const withoutKey = textPearl(addNodes(apiNode({ method: 2, outputBody: [{ required: true }] })));
  const brace = withoutKey.indexOf('{', withoutKey.indexOf('"outputBody"'));
  assertOnly(withoutKey, 'api-property-value-missing', Error, rangeAt(withoutKey, brace, 1));
});

test('API property: the simple form checks pearl.apiSettings[] and notifications[].apiSettings', () => {
  const content = simplePearl((r) => {
    r.pearl.apiSettings = [{ method: 2, body: [{ key: 'aaa', variableId: 'v', value: 'x' }] }];
    r.pearl.notifications = [{ apiSettings: { method: 2, outputBody: [{ key: 'bbb', value: 'x', type: null }] } }];
  });
  const diagnostics = validate(content);
  assert.deepEqual(
    diagnostics.map((d) => [d.code, d.severity, d.range]),
    [
      ['api-property-variable-and-value', Error, keyRange(content, 'value', 0)],
      ['api-property-value-missing', Error, rangeOf(content, '"bbb"')],
    ],
  );
  assert.match(diagnostics[1].message, /outputBody\[0\] 'bbb' .*type is missing/);
});

test('API property: variableId alone, type with value, and an empty value beside variableId are fine', () => {
  assertClean(
    textPearl(
      addNodes(
        apiNode({
          method: 2,
          body: [
            { key: 'a', variableId: 'customer_id' },
            { key: 'b', type: 2, value: '90' },
            { key: 'c', variableId: 'customer_id', value: '', type: null },
            { key: 'd', variableId: '', type: 1, value: 'x' },
          ],
          outputBody: [{ key: 'job.id', variableId: 'job_id' }],
        }),
      ),
    ),
  );
});

test('API property: nested API actions are checked too', () => {
  const content = textPearl(
    addNodes(
      node('post', 200, {
        postCallActions: [node('notify', 40, { apiSettings: { method: 2, body: [{ key: 'zzz' }] } })],
      }),
    ),
  );
  const diagnostic = assertOnly(content, 'api-property-value-missing', Error, rangeOf(content, '"zzz"'));
  assert.match(diagnostic.message, /type and value are missing/);
});

// 5. body with GET/DELETE

test('API body: a non-empty body on GET or DELETE is an Error on the body value', () => {
  for (const method of [1, 4]) {
    const content = textPearl(addNodes(apiNode({ method, body: [{ key: 'a', variableId: 'v' }] })));
    const start = content.indexOf('"body": [') + '"body": '.length;
    const end = content.indexOf(']', start) + 1;
    const diagnostic = assertOnly(content, 'api-body-not-allowed', Error, rangeAt(content, start, end - start));
    assert.match(diagnostic.message, method === 1 ? /GET \(method 1\)/ : /DELETE \(method 4\)/);
  }
});

test('API body: an empty body on GET, a body on POST, and the simple form are fine', () => {
  assertClean(textPearl(addNodes(apiNode({ method: 1, body: [] }))));
  assertClean(textPearl(addNodes(apiNode({ method: 2, body: [{ key: 'a', variableId: 'v' }] }))));
  assertClean(simplePearl((r) => (r.pearl.apiSettings = [{ method: 1, body: [{ key: 'a', variableId: 'v' }] }])));
});

// 6. node settings

test('node settings: a missing or null settings object is an Error on the nodeType value', () => {
  const cases: [number, string][] = [
    [3, 'apiSettings'],
    [40, 'apiSettings'],
    [50, 'smsSettings'],
    [51, 'emailSettings'],
    [60, 'transferCallSettings'],
  ];
  for (const [nodeType, key] of cases) {
    for (const extra of [{}, { [key]: null }]) {
      const content = textPearl(addNodes(node('x', nodeType, extra)));
      const diagnostic = assertOnly(content, 'node-settings-missing', Error, valueRange(content, `"nodeType": ${nodeType}`));
      assert.match(diagnostic.message, new RegExp(`requires ${key}`));
    }
  }
});

test('node settings: settings of another node type are a Warning on the key', () => {
  const content = textPearl(addNodes(node('sms', 50, { smsSettings: { body: 'Hi' }, emailSettings: { subject: 's' } })));
  const diagnostic = assertOnly(content, 'node-settings-other-type', Warning, keyRange(content, 'emailSettings'));
  assert.match(diagnostic.message, /emailSettings is for Email \(51\) nodes; this node is SMS \(50\)/);
});

test('node settings: matching settings and a null settings object of another type are fine', () => {
  assertClean(
    textPearl(
      addNodes(
        node('pre', 3, { apiSettings: { method: 1 } }),
        node('sms', 50, { smsSettings: { body: 'Hi' }, apiSettings: null }),
        node('mail', 51, { emailSettings: { subject: 's' } }),
        node('talk', 10, { smsSettings: null }),
      ),
    ),
  );
});

test('node settings: handOffAction off a HandoffChatToHuman node is an Error on the key', () => {
  const content = textPearl(addNodes(node('talk', 10, { handOffAction: [node('sms', 50, { smsSettings: { body: 'x' } })] })));
  const diagnostic = assertOnly(content, 'handoff-action-misplaced', Error, keyRange(content, 'handOffAction'));
  assert.match(diagnostic.message, /HandoffChatToHuman \(31\).*Dialogue \(10\)/);
});

test('node settings: postCallActions off a PostCallActions node is an Error on the key', () => {
  const content = textPearl(addNodes(node('talk', 10, { postCallActions: [node('sms', 50, { smsSettings: { body: 'x' } })] })));
  assertOnly(content, 'post-call-actions-misplaced', Error, keyRange(content, 'postCallActions'));
});

test('node settings: nested lists on their own node types, and empty lists elsewhere, are fine', () => {
  assertClean(
    textPearl(
      addNodes(
        node('human', 31, { handOffAction: [node('sms', 50, { smsSettings: { body: 'x' } })] }),
        node('post', 200, { postCallActions: [node('mail', 51, { emailSettings: { subject: 's' } })] }),
        node('talk', 10, { handOffAction: [], postCallActions: [] }),
      ),
    ),
  );
});

// 7. nested actions

test('nested actions: a type other than SMS, Email or API is an Error on its nodeType value', () => {
  const content = textPearl(addNodes(node('post', 200, { postCallActions: [node('talk', 10)] })));
  // Occurrence 0 is the EndCall node's `"nodeType": 100`.
  const diagnostic = assertOnly(content, 'nested-node-type', Error, valueRange(content, '"nodeType": 10', 1));
  assert.match(diagnostic.message, /cannot be nested in postCallActions/);
});

test('nested actions: transitions or nested lists of their own are an Error on the key', () => {
  const content = textPearl(
    addNodes(
      node('human', 31, {
        handOffAction: [
          node('sms', 50, {
            smsSettings: { body: 'x' },
            transitions: [{ name: 'next', toNodeId: 'end' }],
            postCallActions: [node('mail', 51, { emailSettings: { subject: 's' } })],
          }),
        ],
      }),
    ),
  );
  const diagnostics = validate(content);
  assert.deepEqual(
    diagnostics.map((d) => [d.code, d.severity, d.range]),
    [
      ['nested-node-not-fire-and-forget', Error, keyRange(content, 'transitions', 1)],
      ['nested-node-not-fire-and-forget', Error, keyRange(content, 'postCallActions')],
    ],
  );
});

test('nested actions: SMS, Email and API actions with empty transitions are fine', () => {
  assertClean(
    textPearl(
      addNodes(
        node('post', 200, {
          postCallActions: [
            node('sms', 50, { smsSettings: { body: 'x' }, transitions: [] }),
            node('mail', 51, { emailSettings: { subject: 's' } }),
            node('api', 40, { apiSettings: { method: 2 } }),
          ],
        }),
      ),
    ),
  );
});

// 8. transfer triggers

test('transfer trigger: a simple transferCallSettings element without one is an Error', () => {
  const withPhone = simplePearl((r) => (r.pearl.transferCallSettings = [{ transferCallPhoneNumber: '+15550100' }]));
  const diagnostic = assertOnly(withPhone, 'transfer-trigger-missing', Error, rangeOf(withPhone, '"+15550100"'));
  assert.match(diagnostic.message, /transferCallSettings\[0\] needs a triggerDescription/);

  const blank = simplePearl((r) => (r.pearl.transferCallSettings = [{ transferCallPhoneNumber: '+1', triggerDescription: '  ' }]));
  assertOnly(blank, 'transfer-trigger-missing', Error, valueRange(blank, '"triggerDescription": "  "'));

  const empty = simplePearl((r) => (r.pearl.transferCallSettings = [{ isWhisper: true }]));
  const brace = empty.indexOf('{', empty.indexOf('"transferCallSettings"'));
  assertOnly(empty, 'transfer-trigger-missing', Error, rangeAt(empty, brace, 1));

  assertClean(
    simplePearl((r) => (r.pearl.transferCallSettings = [{ transferCallPhoneNumber: '+1', triggerDescription: 'Caller asks for a human' }])),
  );
});

test('transfer trigger: an unwired TransferCall node without one (or with null) is an Error', () => {
  const content = textPearl(addNodes(node('xfer', 60, { transferCallSettings: { transferCallPhoneNumber: '+1' } })));
  const diagnostic = assertOnly(content, 'transfer-trigger-missing', Error, keyRange(content, 'transferCallSettings'));
  assert.match(diagnostic.message, /'xfer' has no incoming transition/);
  const nullTrigger = textPearl(addNodes(node('xfer', 60, { transferCallSettings: { triggerDescription: null } })));
  assertOnly(nullTrigger, 'transfer-trigger-missing', Error, valueRange(nullTrigger, '"triggerDescription": null'));
  assertClean(textPearl(addNodes(node('xfer', 60, { transferCallSettings: { triggerDescription: 'Caller asks for a human' } }))));
});

test('transfer trigger: a TransferCall node reached by a transition with one is an Error on the key', () => {
  const wire = (r: Json): void => r.pearl.nodes[0].transitions.push({ name: 'wants a human', toNodeId: 'xfer' });
  const content = textPearl((r) => {
    wire(r);
    addNodes(node('xfer', 60, { transferCallSettings: { triggerDescription: 'Caller asks for a human' } }))(r);
  });
  const diagnostic = assertOnly(content, 'transfer-trigger-not-allowed', Error, keyRange(content, 'triggerDescription'));
  assert.match(diagnostic.message, /'xfer' is reached by transitions/);
  assertClean(
    textPearl((r) => {
      wire(r);
      addNodes(node('xfer', 60, { transferCallSettings: { transferCallPhoneNumber: '+1', triggerDescription: '' } }))(r);
    }),
  );
});

// 9. calling hours

const hours =
  (...windows: [number, string, string][]) =>
  (r: Json): void => {
    r.outbound.callingHours = windows.map(([day, start, end]) => ({ day, start, end }));
  };

test('calling hours: a start or end that is not a time of day is an Error on the value', () => {
  const content = textPearl(hours([1, '25:00', '26:00']));
  const diagnostics = validate(content);
  assert.deepEqual(
    diagnostics.map((d) => [d.code, d.severity, d.range]),
    [
      ['date-span-format', Error, rangeOf(content, '"25:00"')],
      ['date-span-format', Error, rangeOf(content, '"26:00"')],
    ],
  );
  assert.equal(diagnostics[0].message, "start '25:00' is not a time of day (hh:mm or hh:mm:ss, 00:00 to 23:59:59).");
  for (const bad of ['24:00', '09:60', '09:00:60', '9', '09:00:00.5', '1.09:00', ' 09:00', '']) {
    const one = textPearl(hours([1, '08:00', bad]));
    assertOnly(one, 'date-span-format', Error, rangeOf(one, JSON.stringify(bad)));
  }
});

test('calling hours: hh:mm, h:mm and hh:mm:ss up to 23:59:59 are fine', () => {
  assertClean(textPearl(hours([1, '00:00', '9:30'], [2, '09:00:00', '23:59:59'], [3, '7:05', '07:06'])));
});

test('calling hours: an end not after its start is an Error on the end value', () => {
  const content = textPearl(hours([1, '17:00', '09:00']));
  const diagnostic = assertOnly(content, 'calling-hours-order', Error, rangeOf(content, '"09:00"'));
  assert.equal(diagnostic.message, 'end 09:00 is not after start 17:00: a window must end after it starts, within one day.');
  const equal = textPearl(hours([1, '09:00', '09:00:00']));
  assertOnly(equal, 'calling-hours-order', Error, rangeOf(equal, '"09:00:00"'));
});

test('calling hours: overlapping windows of one day are a Warning on the later window start', () => {
  // Listed out of order: the later window in time is the first element.
  const content = textPearl(hours([6, '11:00', '14:00'], [6, '09:00', '12:00']));
  const diagnostic = assertOnly(content, 'calling-hours-overlap', Warning, rangeOf(content, '"11:00"'));
  assert.equal(diagnostic.message, 'This window (11:00 to 14:00) overlaps callingHours[1] (09:00 to 12:00) on Saturday (day 6).');
});

test('calling hours: each window inside a long one overlaps it', () => {
  const content = simplePearl(
    (r) =>
      (r.outbound.callingHours = [
        { day: 1, start: '09:00', end: '18:00' },
        { day: 1, start: '10:00', end: '11:00' },
        { day: 1, start: '12:00', end: '13:00' },
      ]),
  );
  const diagnostics = validate(content);
  assert.deepEqual(
    diagnostics.map((d) => [d.code, d.severity, d.range]),
    [
      ['calling-hours-overlap', Warning, rangeOf(content, '"10:00"')],
      ['calling-hours-overlap', Warning, rangeOf(content, '"12:00"')],
    ],
  );
  assert.match(diagnostics[1].message, /overlaps callingHours\[0\] \(09:00 to 18:00\) on day 1\.$/);
});

test('calling hours: touching windows and windows of different days are fine', () => {
  assertClean(textPearl(hours([1, '09:00', '12:00'], [1, '12:00', '14:00'], [2, '09:00', '12:00'], [3, '08:00', '18:00'])));
});

// 10. time zones

test('time zone: an IANA id is an Error naming its Windows id, with data for a quick fix', () => {
  const content = textPearl((r) => (r.pearl.timeZone = 'America/New_York'));
  const diagnostic = assertOnly(content, 'time-zone', Error, rangeOf(content, '"America/New_York"'));
  assert.equal(
    diagnostic.message,
    "timeZone 'America/New_York' is an IANA id; the service takes Windows time-zone ids: 'Eastern Standard Time'.",
  );
  assert.deepEqual(diagnostic.data, { path: ['pearl', 'timeZone'], value: 'America/New_York', replacement: 'Eastern Standard Time' });
});

test('time zone: a Windows id in the wrong case gets a did-you-mean, on outbound.timeZone too', () => {
  const content = simplePearl((r) => (r.outbound.timeZone = 'israel standard time'));
  const diagnostic = assertOnly(content, 'time-zone', Error, rangeOf(content, '"israel standard time"'));
  assert.match(diagnostic.message, /did you mean 'Israel Standard Time'\?/);
  assert.deepEqual(diagnostic.data, { path: ['outbound', 'timeZone'], value: 'israel standard time', replacement: 'Israel Standard Time' });
});

test('time zone: an unknown id is an Error without replacement', () => {
  const content = textPearl((r) => (r.outbound.timeZone = 'Mars Standard Time'));
  const diagnostic = assertOnly(content, 'time-zone', Error, rangeOf(content, '"Mars Standard Time"'));
  assert.match(diagnostic.message, /is not a Windows time-zone id/);
  assert.equal(diagnostic.data, undefined);
});

test('time zone: Windows ids and the empty string are fine', () => {
  assertClean(
    textPearl((r) => {
      r.pearl.timeZone = 'GMT Standard Time';
      r.outbound.timeZone = '';
    }),
  );
  assertClean(simplePearl((r) => (r.pearl.timeZone = 'UTC')));
});

// 11. counts

test('counts: each count below its minimum is a Warning on the value', () => {
  const cases: [string, (r: Json) => void, string][] = [
    [
      'text inbound totalAgents',
      (r) => {
        delete r.outbound;
        r.inbound = { totalAgents: 0, textChannelId: 'tc1' };
      },
      '"totalAgents": 0',
    ],
    ['text outbound maxTurns', (r) => (r.outbound.maxTurns = 0), '"maxTurns": 0'],
    ['text autoCloseAfterInactivityHours', (r) => (r.outbound.autoCloseAfterInactivityHours = 0), '"autoCloseAfterInactivityHours": 0'],
    ['text budgetTotal', (r) => (r.outbound.budgetTotal = -1), '"budgetTotal": -1'],
    ['text delayMinutes', (r) => (r.outbound.inactivityFollowUps = [{ delayMinutes: -5 }]), '"delayMinutes": -5'],
    ['text SMTP port 0', addNodes(node('mail', 51, { emailSettings: { smtpSettings: { port: 0 } } })), '"port": 0'],
    [
      'text nested SMTP port 70000',
      addNodes(node('post', 200, { postCallActions: [node('mail', 51, { emailSettings: { smtpSettings: { port: 70000 } } })] })),
      '"port": 70000',
    ],
  ];
  for (const [name, edit, needle] of cases) {
    const content = textPearl(edit);
    const diagnostic = assertOnly(content, 'count-below-minimum', Warning, valueRange(content, needle));
    assert.ok(diagnostic.message.startsWith(needle.replace(/"/g, '').replace(':', ' is')), `${name}: ${diagnostic.message}`);
  }
  const simpleCases: [(r: Json) => void, string][] = [
    [(r) => (r.outbound.totalAgents = 0), '"totalAgents": 0'],
    [(r) => (r.outbound.budgetTotal = -10), '"budgetTotal": -10'],
    [(r) => (r.outbound.maximumCallAttempts = 0), '"maximumCallAttempts": 0'],
    [
      (r) => {
        delete r.outbound;
        r.inbound = { totalAgents: 0 };
      },
      '"totalAgents": 0',
    ],
    [(r) => (r.pearl.emailSettings = [{ smtpSettings: { port: -1 } }]), '"port": -1'],
    [(r) => (r.pearl.notifications = [{ emailTemplate: { smtpSettings: { port: 65536 } } }]), '"port": 65536'],
  ];
  for (const [edit, needle] of simpleCases) {
    const content = simplePearl(edit);
    assertOnly(content, 'count-below-minimum', Warning, valueRange(content, needle));
  }
});

test('counts: values at their minimum, null and fractions are not counts to warn about', () => {
  assertClean(
    textPearl((r) =>
      Object.assign(r.outbound, {
        maxTurns: null,
        autoCloseAfterInactivityHours: 1,
        budgetTotal: 0,
        inactivityFollowUps: [{ delayMinutes: 0 }],
      }),
    ),
  );
  assertClean(textPearl(addNodes(node('mail', 51, { emailSettings: { smtpSettings: { port: 65535 } } }))));
  assertClean(
    simplePearl((r) =>
      Object.assign(r.outbound, {
        totalAgents: 0.5, // wrong type: schema validation's
        maximumCallAttempts: 1,
        minimumRetryIntervalHours: 1,
        ringDuration: 10,
        callTimeout: 1,
      }),
    ),
  );
});

// 12. follow-ups after auto-close

test('follow-ups: one at or after the auto-close delay is a Warning on its delayMinutes', () => {
  const content = textPearl((r) =>
    Object.assign(r.outbound, {
      autoCloseAfterInactivityHours: 48,
      inactivityFollowUps: [{ delayMinutes: 2879 }, { delayMinutes: 3000 }, { delayMinutes: 2880 }],
    }),
  );
  const diagnostics = validate(content);
  assert.deepEqual(
    diagnostics.map((d) => [d.code, d.severity, d.range]),
    [
      ['follow-up-after-close', Warning, rangeOf(content, '3000')],
      ['follow-up-after-close', Warning, rangeOf(content, '2880')],
    ],
  );
  assert.equal(
    diagnostics[0].message,
    'This follow-up fires after 3000 minutes, but the conversation auto-closes after 48 hours (2880 minutes).',
  );
});

test('follow-ups: earlier follow-ups, or no auto-close, are fine', () => {
  assertClean(
    textPearl((r) =>
      Object.assign(r.outbound, {
        autoCloseAfterInactivityHours: 1,
        inactivityFollowUps: [{ delayMinutes: 59 }],
      }),
    ),
  );
  assertClean(textPearl((r) => (r.outbound.inactivityFollowUps = [{ delayMinutes: 100000 }])));
});

// robustness

test('wrong-typed values are skipped, not reported, and nothing throws', () => {
  const content = textPearl((r) => {
    r.pearl.timeZone = 5;
    r.pearl.indicatorTags = [{ id: 1, color: 'red' }, 'x', null, { id: 1, color: 'red' }];
    r.pearl.nodes.push(
      1,
      null,
      'x',
      { nodeType: 'API', apiSettings: 'x' },
      node('a', 40, { apiSettings: { method: '1', body: [{ variableId: 3, type: 1 }] } }),
    );
    r.variables = [{ id: 3, group: '3' }, 'x', { id: 3, group: null }];
    r.outbound.callingHours = [{ day: '1', start: 9, end: null }, 'x'];
    r.outbound.totalAgents = '0';
    r.outbound.inactivityFollowUps = 'soon';
  });
  assertClean(content);
  assertClean(JSON.stringify({ pearl: { nodes: 'x' }, variables: {}, outbound: [] }));
  for (const text of ['', '[]', 'null', '"x"', '{', '{"pearl": ', '{"outbound": {"callingHours": [{"start": ']) {
    assert.doesNotThrow(() => validate(text));
  }
});

test('every prefix of a rich document validates without throwing', () => {
  const rich = [
    textPearl((r) => {
      r.inbound = { totalAgents: 0, autoCloseAfterInactivityHours: 2, inactivityFollowUps: [{ delayMinutes: 500 }] };
      r.pearl.timeZone = 'America/Chicago';
      r.pearl.indicatorTags = [
        { id: 'AbcDef', color: 1 },
        { id: 'AbcDef', color: 1 },
      ];
      r.variables = [
        { id: 'v', group: 3 },
        { id: 'v', group: 1 },
      ];
      r.pearl.nodes[0].transitions.push({ name: 'x', toNodeId: 'xfer' });
      addNodes(
        node('xfer', 60, { transferCallSettings: { triggerDescription: 'x' } }),
        node('api', 40, { apiSettings: { method: 1, body: [{ key: 'k', variableId: 'v', value: 'x' }] } }),
        node('post', 200, { postCallActions: [node('d', 10, { transitions: [{ name: 'n', toNodeId: 'end' }] })] }),
      )(r);
      r.outbound.callingHours = [
        { day: 1, start: '09:00', end: '12:00' },
        { day: 1, start: '11:00', end: '10:00' },
      ];
    }),
    simplePearl((r) => {
      r.pearl.transferCallSettings = [{ transferCallPhoneNumber: '+1' }];
      r.pearl.notifications = [{ indicatorTagsIds: ['Nopeee'], apiSettings: { body: [{}] }, emailTemplate: { smtpSettings: { port: 0 } } }];
    }),
  ];
  for (const content of rich) {
    assert.ok(validate(content).length >= 4);
    for (let end = 0; end <= content.length; end++) {
      const prefix = content.slice(0, end);
      assert.doesNotThrow(() => validate(prefix), `prefix of length ${end}`);
    }
  }
});
