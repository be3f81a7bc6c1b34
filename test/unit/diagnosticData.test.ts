import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { CodeAction, Diagnostic } from 'vscode-languageserver-types';
// The unguarded entry point: a fix that throws fails the test instead of giving no action.
import { getRuleFixes as getCodeActions } from '../../server/src/service/features/quickFixes/codeActions';
import { node, parse, service, textPearl, transition } from '../helpers/documents';

/** A text Pearl with one diagnostic (two for a repeated reference) of each code whose fix reads `data`. */
const content = textPearl({
  pearl: { modelType: 3, memory: 'yes', timeZone: 'America/New_York' },
  variables: [{ id: 'first_name', name: 'First name', group: 1, type: 1, isSessionScoped: true }],
  nodes: [
    node('open', 2, [transition('greeted', 'talk'), transition('loop', 'loop')], {
      script: 'Hi {order} and {first_name}, {order}',
      colour: 1,
    }),
    node('talk', 10, [
      transition('done', 'end'),
      transition('ask', 'talkk'),
      transition('xfer', 'xfer'),
      transition('call', 'call'),
      transition('sms', 'sms'),
    ]),
    node('loop', 10, [transition('again', 'loop')]),
    node('sms', 50, [transition('done', 'end')]),
    node('xfer', 60, [], { transferCallSettings: { transferCallPhoneNumber: '+15550100' } }),
    node('call', 40, [transition('done', 'end')], {
      apiSettings: { name: 'Lookup', method: 1, endpointUrl: 'https://example.test/x', body: [{ key: 'id', type: 1, value: '42' }] },
    }),
    node('end', 100, []),
  ],
});

/** The diagnostics of `text` as a client sends them back: through JSON. */
function roundTripped(text: string): Diagnostic[] {
  return JSON.parse(JSON.stringify(service.doValidation(parse(text)))) as Diagnostic[];
}

/** What a user sees of `actions`: each title with the edits it makes. */
function offered(actions: readonly CodeAction[]): unknown[] {
  return actions.map((action) => [action.title, action.isPreferred === true, action.edit]);
}

const somewhereElse = { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } };

test('each quick-fixable code carries, as plain JSON, what its fix reads', () => {
  const diagnostics = service.doValidation(parse(content));
  assert.deepEqual(
    diagnostics.map((diagnostic) => [diagnostic.code, diagnostic.data]),
    [
      ['unknown-property', { path: ['pearl', 'nodes', 0], key: 'colour' }],
      ['session-scoped-in-text', { path: ['variables', 0], key: 'isSessionScoped' }],
      ['wrong-type', { path: ['pearl', 'memory'], value: 'yes' }],
      ['model-type-kind', { path: ['pearl', 'modelType'], value: 3 }],
      ['api-body-not-allowed', { path: ['pearl', 'nodes', 5, 'apiSettings', 'body'], count: 1 }],
      ['node-settings-missing', { path: ['pearl', 'nodes', 3], nodeId: 'sms', nodeType: 50 }],
      ['time-zone', { path: ['pearl', 'timeZone'], value: 'America/New_York', replacement: 'Eastern Standard Time' }],
      ['graph-cannot-reach-end', { path: ['pearl', 'nodes', 2], nodeId: 'loop', nodeType: 10 }],
      ['graph-cannot-reach-end', { path: ['pearl', 'nodes', 4], nodeId: 'xfer', nodeType: 60 }],
      ['unknown-target', { path: ['pearl', 'nodes', 1, 'transitions', 1], toNodeId: 'talkk' }],
      ['voice-only-node', { path: ['pearl', 'nodes', 4], nodeId: 'xfer', nodeType: 60 }],
      ['variable-undeclared', { path: ['pearl', 'nodes', 0, 'script'], id: 'order', occurrence: 0 }],
      ['variable-undeclared', { path: ['pearl', 'nodes', 0, 'script'], id: 'order', occurrence: 1 }],
    ],
  );
  assert.deepEqual(roundTripped(content), diagnostics, 'data survives JSON unchanged');
});

test('codes whose fix reads the text, not a value, carry no data: trailing-comma, duplicate-key, channel-both', () => {
  const text =
    '{\n  "name": "x",\n  "name": "y",\n  "pearl": { "nodes": [], },\n  "inbound": { "textChannelId": "a" },\n  "outbound": { "textChannelId": "b" }\n}';
  const diagnostics = service.doValidation(parse(text));
  assert.deepEqual(
    diagnostics
      .filter((diagnostic) => ['trailing-comma', 'duplicate-key', 'channel-both'].includes(String(diagnostic.code)))
      .map((diagnostic) => [diagnostic.code, diagnostic.data]),
    [
      ['trailing-comma', undefined],
      ['duplicate-key', undefined],
      ['channel-both', undefined],
    ],
  );
});

test('a fix follows its data: the same diagnostic with its range moved elsewhere gets the same fixes', () => {
  const doc = parse(content);
  for (const diagnostic of roundTripped(content)) {
    const where = getCodeActions(doc, diagnostic.range, [diagnostic]);
    assert.ok(where.length > 0, `${String(diagnostic.code)} has a fix`);
    const moved = { ...diagnostic, range: somewhereElse };
    assert.deepEqual(offered(getCodeActions(doc, somewhereElse, [moved])), offered(where), String(diagnostic.code));
  }
});

test('the fixes from data make the edits they made from the range: a spot check', () => {
  const doc = parse(content);
  const titles = (code: string, occurrence = 0): string[] => {
    const diagnostic = roundTripped(content).filter((candidate) => candidate.code === code)[occurrence];
    return getCodeActions(doc, somewhereElse, [{ ...diagnostic, range: somewhereElse }]).map((action) => action.title);
  };
  assert.deepEqual(titles('unknown-target'), ["Change to 'talk'", "Create Dialogue 'talkk' (the transition keeps its condition 'ask')"]);
  assert.deepEqual(titles('node-settings-missing'), ['Add smsSettings']);
  assert.deepEqual(titles('voice-only-node'), ["Remove node 'xfer' and the transitions to it"]);
  assert.deepEqual(titles('variable-undeclared', 1), ["Declare variable 'order' (PreCall)"]);
  assert.deepEqual(titles('api-body-not-allowed'), ['Remove the body', 'Change method to POST']);
});

test('data naming what the document no longer holds there gives no fix (stale diagnostics)', () => {
  const request = JSON.parse(content) as {
    pearl: { modelType: number; memory: string; timeZone: string; nodes: unknown[] };
    variables: unknown[];
  };
  // A node and a variable inserted before the others: every index moves; the flagged values change.
  request.pearl.nodes.unshift(node('first', 10, [transition('on', 'open')], { script: 'Hello {first_name}' }));
  request.variables.unshift({ id: 'agent_id', name: 'Agent', group: 2, type: 1 });
  request.pearl.modelType = 4;
  request.pearl.memory = 'no';
  request.pearl.timeZone = 'Europe/London';
  const changed = parse(JSON.stringify(request, null, 2));
  for (const diagnostic of roundTripped(content)) {
    assert.deepEqual(getCodeActions(changed, diagnostic.range, [diagnostic]), [], String(diagnostic.code));
  }
});

test('data of another shape, or from another tool, gives no fix and never throws', () => {
  const doc = parse(content);
  const foreign: unknown[] = [undefined, null, 'pearl', 42, [], {}, { path: 'pearl' }, { path: ['pearl', 'nodes', '0'] }];
  for (const diagnostic of roundTripped(content)) {
    const data = diagnostic.data as Record<string, unknown>;
    const variants = [
      ...foreign,
      ...[['__proto__'], ['constructor'], ['pearl', 'nodes', -1], ['pearl', 'nodes', 1.5], ['pearl', 'nodes', 99], []].map((path) => ({
        ...data,
        path,
      })),
      ...Object.keys(data)
        .filter((key) => key !== 'path')
        .flatMap((key) => [
          { ...data, [key]: { not: 'a scalar' } },
          { ...data, [key]: -1 },
        ]),
    ];
    for (const variant of variants) {
      const actions = getCodeActions(doc, diagnostic.range, [{ ...diagnostic, data: variant }]);
      assert.deepEqual(offered(actions), [], `${String(diagnostic.code)} with data ${JSON.stringify(variant)}`);
    }
  }
});
