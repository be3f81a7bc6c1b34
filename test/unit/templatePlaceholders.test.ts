import { describe, test } from 'node:test';
import * as assert from 'node:assert/strict';
import { DiagnosticSeverity } from 'vscode-languageserver-types';
import { describePlaceholderRefusal } from '../../client/src/deploy/deployPlaceholders';
import {
  findTemplatePlaceholders,
  isTemplatePlaceholder,
  makeTemplatePlaceholder,
} from '../../server/src/service/document/templatePlaceholders';
import { describeFieldPath } from '../../server/src/service/interface/fieldDescription';
import { newConditionPlaceholder, newNodeScriptPlaceholder } from '../../server/src/service/rules/graph/transitionTargets';
import { assertNone, assertOne, diagnosticsWithCode, parse, rangeOf, service, textPearl, valueRange } from '../helpers/documents';

/** A text Pearl whose textChannelId is `channel`. */
function withChannel(channel: string): string {
  return textPearl().replace('"textChannelId": "channel-1"', `"textChannelId": ${JSON.stringify(channel)}`);
}

describe('template-placeholder (docs/rulings.md § Template placeholders)', () => {
  test('a value in the placeholder form is a Warning on the value, naming the field', () => {
    const content = withChannel('<your text channel id>');
    const diagnostic = assertOne(
      content,
      'template-placeholder',
      valueRange(content, '"textChannelId": "<your text channel id>"'),
      DiagnosticSeverity.Warning,
    );
    assert.equal(
      diagnostic.message,
      "'textChannelId' is still the placeholder <your text channel id>: replace it with the value to send; Deploy does not send a placeholder.",
    );
    // Nothing else is reported: the service would accept the text.
    assert.deepEqual(
      service.doValidation(parse(content)).map((d) => d.code),
      ['template-placeholder'],
    );
  });

  test('anywhere in the request: a script, an entry of a list; never the editor-only $schema', () => {
    const content = textPearl({
      nodes: [
        { nodeId: 'open', name: 'Open', nodeType: 2, script: '<the first message>', transitions: [{ name: 'go', toNodeId: 'mail' }] },
        {
          nodeId: 'mail',
          name: 'Mail',
          nodeType: 51,
          emailSettings: { to: ['team@example.com', '<the address to write to>'], subject: 'New chat', body: 'A new chat' },
          transitions: [{ name: 'done', toNodeId: 'end' }],
        },
        { nodeId: 'end', name: 'End', nodeType: 100, transitions: [] },
      ],
    }).replace('"../schemas/text-pearl.schema.json"', '"<the schema file>"');
    const found = diagnosticsWithCode(content, 'template-placeholder');
    assert.deepEqual(
      found.map((d) => d.message.split(' is still')[0]),
      ["'script'", "An entry of 'to'"],
    );
    assert.deepEqual(found[1].range, rangeOf(content, '"<the address to write to>"'));
  });

  test('found in document order with their paths, at any nesting depth', () => {
    const value = {
      $schema: '<the schema file>',
      a: ['<first value to fill>', { b: '<second value to fill>' }],
      c: '<third value to fill>',
    };
    assert.deepEqual(findTemplatePlaceholders(value), [
      { path: ['a', 0], value: '<first value to fill>' },
      { path: ['a', 1, 'b'], value: '<second value to fill>' },
      { path: ['c'], value: '<third value to fill>' },
    ]);
    assert.deepEqual(findTemplatePlaceholders('<a whole value>'), [{ path: [], value: '<a whole value>' }]);
    // Deeper than any parse nests (maxNestingDepth): found all the same, without overflowing the stack.
    let deep: unknown = { last: '<the deepest value>' };
    for (let level = 0; level < 5000; level++) deep = [deep];
    const [found, ...others] = findTemplatePlaceholders({ first: '<a shallow value>', deep });
    assert.deepEqual(found, { path: ['first'], value: '<a shallow value>' });
    assert.equal(others.length, 1);
    assert.equal(others[0].path.length, 5002);
    assert.deepEqual(others[0].path.slice(-2), [0, 'last']);
  });

  test('real values and text that only looks alike are not placeholders', () => {
    for (const value of [
      'tc_8f2a61',
      '65f1c2a9e4b0a1b2c3d4e5f6',
      '<br>',
      '<b>bold</b>',
      '<img src=x onerror=alert(1)>',
      '<a href="https://example.com">',
      '< your id >',
      '<your {customer_id} here>',
      'Call <your agent> now',
      '<line one\nline two>',
      `<${'very '.repeat(40)}long>`,
      '',
    ]) {
      assert.equal(isTemplatePlaceholder(value), false, JSON.stringify(value));
      assertNone(withChannel(value === '' ? 'x' : value), 'template-placeholder');
    }
    for (const value of [
      '<your text channel id>',
      '<your voice id>',
      "<the agent's name>",
      '<how the agent leads the call, step by step>',
    ]) {
      assert.equal(isTemplatePlaceholder(value), true, value);
    }
    assert.equal(makeTemplatePlaceholder('what the agent writes at this step'), '<what the agent writes at this step>');
    assert.throws(() => makeTemplatePlaceholder('one'), TypeError);
    // The placeholders the fixes write, written out in transitionTargets.ts.
    for (const placeholder of [newNodeScriptPlaceholder, newConditionPlaceholder]) {
      assert.equal(makeTemplatePlaceholder(placeholder.slice(1, -1)), placeholder);
    }
  });
});

describe('pearl/deployPayload placeholders', () => {
  test('each placeholder by its field path as the service spells it, with its value; none in a filled file', () => {
    const content = withChannel('<your text channel id>').replace('"agentName": "Ava"', '"agentName": "<the agent\'s name>"');
    const doc = parse(content);
    const payload = service.getDeployPayload(doc, service.doValidation(doc));
    assert.deepEqual(payload.placeholders, [
      { path: 'pearl.agentName', field: 'pearl.agentName', value: "<the agent's name>" },
      { path: 'inbound.textChannelId', field: 'inbound.textChannelId', value: '<your text channel id>' },
    ]);
    assert.deepEqual(payload.errors, [], 'a placeholder is not an error');
    const filled = parse(textPearl());
    assert.deepEqual(service.getDeployPayload(filled, service.doValidation(filled)).placeholders, []);
  });

  test('read from what is sent, whatever the configured severity: turned off, still refused', () => {
    const content = `// pearl-disable-next-line template-placeholder\n${withChannel('<your text channel id>')}`;
    const doc = parse(content);
    const diagnostics = service.doValidation(doc, { rules: { 'template-placeholder': 'off' } });
    assert.deepEqual(
      diagnostics.filter((d) => d.code === 'template-placeholder'),
      [],
    );
    assert.deepEqual(
      service.getDeployPayload(doc, diagnostics).placeholders.map((p) => p.path),
      ['inbound.textChannelId'],
    );
  });
});

describe('Deploy refuses a placeholder (client/src/deploy/deployPlaceholders.ts)', () => {
  test('the refusal names the field; none without a placeholder', () => {
    assert.equal(describePlaceholderRefusal({ placeholders: [] }), undefined);
    assert.equal(
      describePlaceholderRefusal({
        placeholders: [{ path: 'inbound.textChannelId', field: 'inbound.textChannelId', value: '<your text channel id>' }],
      }),
      'Deploy refused: inbound.textChannelId is still a placeholder to fill in. Replace it with the value to send, then deploy again.',
    );
  });

  test('several fields: the first three named, the rest counted; a field named once', () => {
    const placeholders = [
      'pearl.agentName',
      "script of OpeningSentence node 'greeting'",
      "script of Dialogue node 'menu'",
      'inbound.textChannelId',
      'inbound.textChannelId',
    ].map((field) => ({ path: '', field, value: '<to fill in>' }));
    assert.equal(
      describePlaceholderRefusal({ placeholders }),
      "Deploy refused: pearl.agentName, script of OpeningSentence node 'greeting', script of Dialogue node 'menu' and 1 more are still placeholders to fill in. Replace them with the values to send, then deploy again.",
    );
  });

  test('a field name from the file is shown as plain text: no link, one line', () => {
    const message =
      describePlaceholderRefusal({
        placeholders: [{ path: '', field: "script of node '[x](command:evil)\nnext'", value: '<a b>' }],
      }) ?? '';
    assert.ok(!message.includes(']('), message);
    assert.ok(!message.includes('\n'), message);
  });
});

describe('fields named as the author knows them (server/src/service/interface/fieldDescription.ts)', () => {
  test('a placeholder in a node is named by the node, not by its position', () => {
    const content = textPearl().replace('"How can I help?"', '"<what the agent asks>"');
    const doc = parse(content);
    assert.deepEqual(service.getDeployPayload(doc, service.doValidation(doc)).placeholders, [
      { path: 'pearl.nodes[1].script', field: "script of Dialogue node 'talk'", value: '<what the agent asks>' },
    ]);
  });

  test('transitions, nested actions, variables, other lists and odd keys', () => {
    const request = {
      pearl: {
        nodes: [
          { nodeId: 'menu', nodeType: 10, transitions: [{ name: 'Book', toNodeId: 'book' }, { toNodeId: 'end' }, {}] },
          { nodeId: 'after', nodeType: 200, postCallActions: [{ nodeType: 50, name: 'Send recap', smsSettings: { to: ['a', 'b'] } }] },
          { nodeType: 10, apiSettings: { headers: { 'X-Source': 'a' } } },
        ],
      },
      variables: [{ id: 'customer_name' }],
      outbound: { to: ['x', 'y'] },
    };
    const cases: [(string | number)[], string][] = [
      [['pearl', 'nodes', 0, 'transitions', 0, 'toNodeId'], "toNodeId of transition 'Book' of Dialogue node 'menu'"],
      [['pearl', 'nodes', 0, 'transitions', 1, 'name'], "name of transition 'end' of Dialogue node 'menu'"],
      [['pearl', 'nodes', 0, 'transitions', 2], "transition 3 of Dialogue node 'menu'"],
      [
        ['pearl', 'nodes', 1, 'postCallActions', 0, 'smsSettings', 'to', 1],
        "smsSettings.to (entry 2) of SMS action 'Send recap' of PostCallActions node 'after'",
      ],
      [['pearl', 'nodes', 2, 'apiSettings', 'headers', 'X-Source'], "apiSettings.headers['X-Source'] of Dialogue node 3"],
      [['variables', 0, 'name'], "name of variable 'customer_name'"],
      [['outbound', 'to', 0], 'outbound.to (entry 1)'],
      [['pearl', 'nodes', 7, 'script'], 'script of node 8'],
      [[], 'the request'],
    ];
    for (const [path, expected] of cases) assert.equal(describeFieldPath(request, path), expected, JSON.stringify(path));
  });
});
