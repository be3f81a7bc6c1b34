import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { actionsFor, apply, find, ruleFixes, valueOf } from '../helpers/codeActions';
import { diagnosticsWithCode, node, parse, service, textPearl, transition } from '../helpers/documents';

test('time-zone: replaces an IANA id with its Windows id', () => {
  const content = textPearl({ pearl: { timeZone: 'America/New_York' } });
  const { actions, diagnostics } = actionsFor(content, 'time-zone');
  const action = find(actions, "Use 'Eastern Standard Time'");
  assert.equal(action.isPreferred, true);
  assert.deepEqual(action.diagnostics, [diagnostics[0]]);
  const after = apply(content, action);
  assert.ok(after.includes('"timeZone": "Eastern Standard Time"'));
  assert.deepEqual(diagnosticsWithCode(after, 'time-zone'), []);
});

test('time-zone without a known replacement: no fix', () => {
  const content = textPearl({ pearl: { timeZone: 'Mars/Olympus' } });
  assert.deepEqual(actionsFor(content, 'time-zone').actions, []);
});

test('trailing-comma: removes it; with several, also removes all', () => {
  const content = '{\n  "name": "x",\n  "pearl": {"nodes": [],},\n  "inbound": {"textChannelId": "c",},\n}';
  const { actions } = actionsFor(content, 'trailing-comma');
  const one = find(actions, 'Remove trailing comma');
  assert.equal(one.isPreferred, true);
  const afterOne = apply(content, one);
  assert.equal(diagnosticsWithCode(afterOne, 'trailing-comma').length, 2);
  // Offered once, for the three diagnostics.
  assert.equal(actions.filter((action) => action.title === 'Remove all trailing commas').length, 1);
  const afterAll = apply(content, find(actions, 'Remove all trailing commas', 3));
  assert.equal(afterAll, '{\n  "name": "x",\n  "pearl": {"nodes": []},\n  "inbound": {"textChannelId": "c"}\n}');
  assert.deepEqual(diagnosticsWithCode(afterAll, 'trailing-comma'), []);
});

test('unknown-property: a near name is the preferred fix', () => {
  const content = textPearl({ pearl: { agentPersonalty: 'calm' } });
  const { actions } = actionsFor(content, 'unknown-property');
  const change = find(actions, "Change to 'agentPersonality'");
  assert.equal(change.isPreferred, true);
  assert.notEqual(find(actions, "Remove property 'agentPersonalty'").isPreferred, true);
  const after = apply(content, change);
  assert.deepEqual(diagnosticsWithCode(after, 'unknown-property'), []);
  assert.equal((valueOf(after) as { pearl: Record<string, unknown> }).pearl.agentPersonality, 'calm');
});

test('unknown-property: names already present are not suggested', () => {
  const content = textPearl({ pearl: { agentNam: 'x' } }); // agentName is present
  const titles = actionsFor(content, 'unknown-property').actions.map((action) => action.title);
  assert.deepEqual(titles, ["Remove property 'agentNam'"]);
});

/** Removing `bogus` from `object`, printed with `indent`, leaves valid JSON without it. */
function assertRemoval(object: Record<string, unknown>, indent: number | undefined, expected?: string): void {
  const content = JSON.stringify({ name: 'x', pearl: { nodes: [] }, inbound: object }, null, indent);
  const { actions } = actionsFor(content, 'unknown-property');
  const after = apply(content, find(actions, "Remove property 'bogus'"));
  const rest = { ...object };
  delete rest.bogus;
  assert.deepEqual(valueOf(after), { name: 'x', pearl: { nodes: [] }, inbound: rest });
  assert.deepEqual(diagnosticsWithCode(after, 'unknown-property'), []);
  if (expected !== undefined) assert.equal(after, expected);
}

test('unknown-property: removal of the first, a middle, the last and the only property', () => {
  for (const indent of [2, undefined]) {
    assertRemoval({ bogus: 1, textChannelId: 'c', totalAgents: 1 }, indent);
    assertRemoval({ textChannelId: 'c', bogus: [1, { a: 2 }], totalAgents: 1 }, indent);
    assertRemoval({ textChannelId: 'c', totalAgents: 1, bogus: { x: 'y' } }, indent);
    assertRemoval({ bogus: null }, indent);
  }
  // Pretty-printed: the neighbours keep their lines; the only property leaves {}.
  assertRemoval(
    { textChannelId: 'c', bogus: 1, totalAgents: 1 },
    2,
    JSON.stringify({ name: 'x', pearl: { nodes: [] }, inbound: { textChannelId: 'c', totalAgents: 1 } }, null, 2),
  );
  assertRemoval({ bogus: 1 }, 2, JSON.stringify({ name: 'x', pearl: { nodes: [] }, inbound: {} }, null, 2));
  // Compact: nothing else is reformatted.
  assertRemoval({ textChannelId: 'c', bogus: 1 }, undefined, '{"name":"x","pearl":{"nodes":[]},"inbound":{"textChannelId":"c"}}');
});

test('unknown-property: removal with a trailing comma and comments keeps the document valid', () => {
  const content = '{\n  "name": "x",\n  "pearl": {"nodes": []},\n  "inbound": {\n    // the channel\n    "bogus": 1,\n  }\n}';
  const after = apply(content, find(actionsFor(content, 'unknown-property').actions, "Remove property 'bogus'"));
  assert.deepEqual(valueOf(after), { name: 'x', pearl: { nodes: [] }, inbound: {} });
  assert.ok(after.includes('// the channel'));
});

test('unknown-property with duplicate keys: the occurrence sent (the last) is reported and removed', () => {
  const content = '{"name": "x", "pearl": {"nodes": []}, "inbound": {"bogus": 1, "textChannelId": "c", "bogus": 2}}';
  const { actions, diagnostics } = actionsFor(content, 'unknown-property');
  assert.equal(diagnostics.length, 1);
  const removals = actions.filter((action) => action.title === "Remove property 'bogus'");
  assert.equal(removals.length, 1);
  assert.equal(apply(content, removals[0]), '{"name": "x", "pearl": {"nodes": []}, "inbound": {"bogus": 1, "textChannelId": "c"}}');
});

test('session-scoped-in-text: "Remove property" removes isSessionScoped and the diagnostic', () => {
  const content = textPearl({ variables: [{ id: 'a', name: 'A', group: 1, type: 1, isSessionScoped: true }] });
  const after = apply(content, find(actionsFor(content, 'session-scoped-in-text').actions, "Remove property 'isSessionScoped'"));
  assert.deepEqual(diagnosticsWithCode(after, 'session-scoped-in-text'), []);
});

function withScript(script: string, variables?: Record<string, unknown>[], nodeType = 10): string {
  return textPearl({
    variables,
    nodes: [
      node('open', 2, [transition('greeted', 'talk')], { script: 'Hello' }),
      node('talk', nodeType, [transition('done', 'end')], { script }),
      node('end', 100, []),
    ],
  });
}

test('variable-undeclared: declares it in variables (InCall, String)', () => {
  const content = withScript('Your coupon is {coupon}');
  const { actions } = actionsFor(content, 'variable-undeclared');
  const action = find(actions, "Declare variable 'coupon' (InCall)");
  const after = apply(content, action);
  assert.deepEqual(diagnosticsWithCode(after, 'variable-undeclared'), []);
  const value = valueOf(after) as { variables: unknown[] };
  assert.deepEqual(value.variables[value.variables.length - 1], { id: 'coupon', name: 'coupon', group: 2, type: 1 });
  // Indented like the rest of the document.
  assert.ok(after.includes('\n    {\n      "id": "coupon",\n      "name": "coupon",'), after);
});

test('variable-undeclared: creates variables when absent', () => {
  const content = JSON.stringify(
    {
      name: 'x',
      pearl: { nodes: [{ nodeId: 'open', nodeType: 2, script: 'Hi {who}', transitions: [] }] },
      inbound: { textChannelId: 'c' },
    },
    null,
    4,
  );
  const after = apply(content, find(actionsFor(content, 'variable-undeclared').actions, "Declare variable 'who' (PreCall)"));
  const value = valueOf(after) as { variables: unknown[] };
  // An opening sentence discourages InCall variables: declared PreCall.
  assert.deepEqual(value.variables, [{ id: 'who', name: 'who', group: 1, type: 1 }]);
  assert.deepEqual(diagnosticsWithCode(after, 'variable-undeclared'), []);
  assert.deepEqual(diagnosticsWithCode(after, 'variable-not-yet-collected'), []);
});

test('variable-undeclared: a near declared id is the preferred fix', () => {
  const content = withScript('Hi {frist_name}');
  const { actions } = actionsFor(content, 'variable-undeclared');
  const change = find(actions, "Change to '{first_name}'");
  assert.equal(change.isPreferred, true);
  assert.ok(apply(content, change).includes('"script": "Hi {first_name}"'));
  assert.ok(find(actions, "Declare variable 'frist_name' (InCall)"));
});

test('unknown-target: changing to the nearest nodeId is the preferred fix', () => {
  const content = textPearl({
    nodes: [
      node('open', 2, [transition('greeted', 'tlak')], { script: 'Hello' }),
      node('talk', 10, [transition('done', 'end')], { script: 'Hi' }),
      node('end', 100, []),
    ],
  });
  const { actions } = actionsFor(content, 'unknown-target');
  const change = find(actions, "Change to 'talk'");
  assert.equal(change.isPreferred, true);
  assert.deepEqual(diagnosticsWithCode(apply(content, change), 'unknown-target'), []);
});

test('node-settings-missing: inserts the settings skeleton', () => {
  for (const [nodeType, key, skeleton] of [
    [50, 'smsSettings', { body: '' }],
    [51, 'emailSettings', { to: [], subject: '', body: '' }],
  ] as const) {
    const content = textPearl({
      nodes: [
        node('open', 2, [transition('greeted', 'notify')], { script: 'Hello' }),
        node('notify', nodeType, [transition('done', 'end')]),
        node('end', 100, []),
      ],
    });
    const action = find(actionsFor(content, 'node-settings-missing').actions, `Add ${key}`);
    assert.equal(action.isPreferred, true);
    const after = apply(content, action);
    assert.deepEqual(diagnosticsWithCode(after, 'node-settings-missing'), []);
    const value = valueOf(after) as { pearl: { nodes: Record<string, unknown>[] } };
    assert.deepEqual(value.pearl.nodes[1][key], skeleton);
  }
});

test('node-settings-missing with settings null: replaces the null', () => {
  const content = textPearl({
    nodes: [
      node('open', 2, [transition('greeted', 'notify')], { script: 'Hello' }),
      node('notify', 50, [transition('done', 'end')], { smsSettings: null }),
      node('end', 100, []),
    ],
  });
  const after = apply(content, find(actionsFor(content, 'node-settings-missing').actions, 'Add smsSettings'));
  assert.deepEqual(diagnosticsWithCode(after, 'node-settings-missing'), []);
});

test('stale or foreign diagnostics get no fix', () => {
  const content = textPearl({ pearl: { agentPersonalty: 'calm' } });
  const { diagnostics } = actionsFor(content, 'unknown-property');
  // The same diagnostic against a document where the property has gone.
  const other = parse(textPearl());
  assert.deepEqual(ruleFixes(service.getCodeActions(other, diagnostics[0].range, diagnostics)), []);
  const foreign = { ...diagnostics[0], source: 'eslint' };
  assert.deepEqual(ruleFixes(service.getCodeActions(parse(content), foreign.range, [foreign])), []);
  const comma = { ...diagnostics[0], code: 'trailing-comma' };
  assert.deepEqual(ruleFixes(service.getCodeActions(parse(content), comma.range, [comma])), []);
});

test('variable-undeclared: the declaration follows the document style (CRLF and 4 spaces, compact, empty array)', () => {
  const pearl = {
    name: 'x',
    pearl: { nodes: [{ nodeId: 'open', nodeType: 10, script: 'Hi {who}', transitions: [] }] },
    inbound: { textChannelId: 'c' },
  };
  const declared = { id: 'who', name: 'who', group: 2, type: 1 };

  const crlf = JSON.stringify(pearl, null, 4).replace(/\n/g, '\r\n');
  const afterCrlf = apply(crlf, find(actionsFor(crlf, 'variable-undeclared').actions, "Declare variable 'who' (InCall)"));
  assert.equal(
    afterCrlf,
    JSON.stringify({ name: 'x', pearl: pearl.pearl, variables: [declared], inbound: pearl.inbound }, null, 4).replace(/\n/g, '\r\n'),
  );

  const minified = JSON.stringify(pearl);
  const afterMinified = apply(minified, find(actionsFor(minified, 'variable-undeclared').actions, "Declare variable 'who' (InCall)"));
  assert.ok(afterMinified.includes('"variables": [{ "id": "who", "name": "who", "group": 2, "type": 1 }]'), afterMinified);
  assert.deepEqual(valueOf(afterMinified), { name: 'x', pearl: pearl.pearl, variables: [declared], inbound: pearl.inbound });

  const empty = JSON.stringify({ ...pearl, variables: [] }, null, 2);
  const afterEmpty = apply(empty, find(actionsFor(empty, 'variable-undeclared').actions, "Declare variable 'who' (InCall)"));
  assert.ok(afterEmpty.includes('"variables": [{ "id": "who", "name": "who", "group": 2, "type": 1 }]'), afterEmpty);
});

test('the same fix for two diagnostics is offered once, for both', () => {
  const content = withScript('Use {coupon} or {coupon} again');
  const { actions, diagnostics } = actionsFor(content, 'variable-undeclared');
  assert.equal(diagnostics.length, 2);
  const declares = actions.filter((action) => action.title === "Declare variable 'coupon' (InCall)");
  assert.equal(declares.length, 1);
  assert.deepEqual(declares[0].diagnostics, diagnostics);
});

test('variable-undeclared: "Declare variable" infers the group from where the reference is and names it in its title', () => {
  const api = (method: number, url: string, body?: unknown): Record<string, unknown> => ({
    name: 'Look up',
    method,
    endpointUrl: url,
    ...(body === undefined ? {} : { body }),
  });
  const content = textPearl({
    variables: [],
    nodes: [
      node('lookup', 3, [transition('found', 'open', 1), transition('missing', 'open_generic', 2)], {
        apiSettings: api(2, 'https://example.com/find?phone={caller_phone}', [{ key: 'account', value: '{account_ref}' }]),
      }),
      node('open', 2, [transition('greeted', 'talk')], { script: 'Hi {recipient}' }),
      node('open_generic', 2, [transition('greeted', 'talk')], { script: 'Hello' }),
      node('talk', 10, [transition('asked', 'save')], { script: 'Which day suits you, {customer_name}?' }),
      node('save', 50, [transition('done', 'end')], { apiSettings: api(2, 'https://example.com/save?day={chosen_day}') }),
      node('end', 100, []),
    ],
  });
  const { actions } = actionsFor(content, 'variable-undeclared');
  const declares = actions.filter((action) => action.title.startsWith('Declare variable'));
  assert.deepEqual(
    declares.map((action) => action.title),
    [
      // A PreCallAPI's URL and body: sent before the conversation, so PreCall.
      "Declare variable 'caller_phone' (PreCall)",
      "Declare variable 'account_ref' (PreCall)",
      // An OpeningSentence's script: PreCall (an InCall variable is not yet collected there).
      "Declare variable 'recipient' (PreCall)",
      // Elsewhere: InCall.
      "Declare variable 'customer_name' (InCall)",
      "Declare variable 'chosen_day' (InCall)",
    ],
  );
  for (const action of declares) {
    const after = apply(content, action);
    const group = action.title.endsWith('(PreCall)') ? 1 : 2;
    const declared = (valueOf(after) as { variables: { id: string; group: number }[] }).variables;
    assert.equal(declared[0].group, group, action.title);
    const id = declared[0].id;
    for (const code of ['variable-group-not-allowed', 'variable-not-yet-collected']) {
      assert.deepEqual(
        diagnosticsWithCode(after, code).filter((d) => d.message.includes(id)),
        [],
        `${action.title}: ${code}`,
      );
    }
  }
});
