// The variables an API body names by `variableId`, and the PreCall variables nothing uses
// (docs/rulings.md § Groups per field, § Unused pre-call variables).
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { DiagnosticTag } from 'vscode-languageserver-types';
import { actionsFor, apply, find } from '../helpers/codeActions';
import {
  assertNone,
  assertOne,
  diagnosticsWithCode,
  node,
  parse,
  rangeOf,
  service,
  textPearl,
  transition,
  type Json,
} from '../helpers/documents';
import { rangeAt, valueRange } from '../helpers/text';

const Error = 1;
const Hint = 4;

const variables: Json[] = [
  { id: 'first_name', name: 'First name', group: 1, type: 1 },
  { id: 'order_id', name: 'Order id', group: 2, type: 1 },
  { id: 'rating', name: 'Rating', group: 3, type: 2 },
];

/** A text Pearl whose PreCallAPI node sends `body` (and leads to the OpeningSentence), with `after` as a PostCallActions node's actions. */
function withPreCallBody(body: Json[], options: { after?: Json[]; variables?: Json[] } = {}): string {
  return textPearl({
    variables: options.variables ?? variables,
    nodes: [
      node('pre', 3, [transition('ok', 'open', 1)], {
        apiSettings: { name: 'Lookup', method: 2, endpointUrl: 'https://example.test/lookup', body },
      }),
      node('open', 2, [transition('greeted', 'talk')], { script: 'Hello {first_name}! Order {order_id}?' }),
      node('talk', 10, [transition('done', 'end')], { script: 'Rated {rating}.' }),
      node('end', 100, []),
      ...(options.after ? [node('after', 200, [], { postCallActions: options.after })] : []),
    ],
  });
}

// ---- variableId in a body (item 9) ----

test('a PreCallAPI body entry whose variableId names an InCall or PostCall variable is an Error on the variableId', () => {
  const inCall = withPreCallBody([{ key: 'order', variableId: 'order_id' }]);
  const found = assertOne(inCall, 'variable-group-not-allowed', valueRange(inCall, '"variableId": "order_id"'), Error);
  assert.equal(
    found.message,
    "Variable 'order_id' (variableId) is InCall (group 2); a body value of a PreCallAPI node takes PreCall variables only.",
  );
  const postCall = withPreCallBody([{ key: 'rating', variableId: 'rating' }]);
  assertOne(postCall, 'variable-group-not-allowed', valueRange(postCall, '"variableId": "rating"'), Error);
  // A PreCall variable, an undeclared id and a variableId in the outputBody (where the response is stored) are not.
  assertNone(withPreCallBody([{ key: 'name', variableId: 'first_name' }]), 'variable-group-not-allowed');
  assertNone(withPreCallBody([{ key: 'x', variableId: 'not_declared' }]), 'variable-group-not-allowed');
  const output = withPreCallBody([]).replace('"body": []', '"body": [], "outputBody": [{ "key": "order", "variableId": "order_id" }]');
  assertNone(output, 'variable-group-not-allowed');
});

test('the variableId check agrees with a {reference} in the same body value', () => {
  const asValue = withPreCallBody([{ key: 'order', type: 1, value: 'Order {order_id}' }]);
  const asId = withPreCallBody([{ key: 'order', variableId: 'order_id' }]);
  assert.equal(diagnosticsWithCode(asValue, 'variable-group-not-allowed').length, 1);
  assert.equal(diagnosticsWithCode(asId, 'variable-group-not-allowed').length, 1);
  // An API node (40) takes InCall variables, by either spelling.
  const apiNode = textPearl({
    variables,
    nodes: [
      node('open', 2, [transition('greeted', 'save')], { script: 'Hello {first_name}!' }),
      node('save', 40, [transition('done', 'end')], {
        apiSettings: {
          name: 'Save',
          method: 2,
          endpointUrl: 'https://example.test/{order_id}',
          body: [{ key: 'order', variableId: 'order_id' }],
        },
      }),
      node('end', 100, []),
    ],
  });
  assertNone(apiNode, 'variable-group-not-allowed');
});

test('inside PostCallActions an API node takes no PostCall variable (URL, body value or variableId); SMS and Email still do', () => {
  const api = {
    nodeId: 'hook',
    name: 'Webhook',
    nodeType: 40,
    apiSettings: {
      name: 'Hook',
      method: 2,
      endpointUrl: 'https://example.test/rate?r={rating}',
      body: [
        { key: 'r', type: 1, value: 'Rated {rating}' },
        { key: 'r2', variableId: 'rating' },
      ],
    },
  };
  const sms = { nodeId: 'text', name: 'Text', nodeType: 50, smsSettings: { body: 'Thanks for rating {rating}; summary {call_summary}' } };
  const content = withPreCallBody([], { after: [api, sms] });
  const found = diagnosticsWithCode(content, 'variable-group-not-allowed').filter(
    (d) => d.range.start.line > rangeOf(content, '"hook"').start.line,
  );
  assert.deepEqual(
    found.map((diagnostic) => [diagnostic.range, diagnostic.severity]),
    [
      [rangeOf(content, '{rating}', 1), Error],
      [rangeOf(content, '{rating}', 2), Error],
      [valueRange(content, '"variableId": "rating"'), Error],
    ],
  );
  assert.equal(
    found[0].message,
    "Variable 'rating' is PostCall (group 3); the endpointUrl of an API node takes PreCall and InCall variables.",
  );
  // Still a post-call context: an undeclared id there is expected (a platform variable).
  assertNone(content.replace('r={rating}', 'r={sentiment}'), 'variable-undeclared');
});

// ---- Unused PreCall variables (item 3) ----

const unusedVariables: Json[] = [
  { id: 'first_name', name: 'First name', group: 1, type: 1 },
  { id: 'loyalty_tier', name: 'Loyalty tier', group: 1, type: 1 },
  { id: 'order_id', name: 'Order id', group: 2, type: 1 },
];

test('a PreCall variable nothing uses is a Hint tagged Unnecessary on its declaration; an unused InCall variable is not', () => {
  const content = textPearl({ variables: unusedVariables });
  const declaration = JSON.stringify(unusedVariables[1], null, 2).replace(/\n/g, '\n    ');
  const start = content.indexOf(declaration);
  assert.ok(start > 0);
  const found = assertOne(content, 'variable-unused', rangeAt(content, start, declaration.length), Hint);
  assert.deepEqual(found.tags, [DiagnosticTag.Unnecessary]);
  assert.equal(
    found.message,
    "PreCall variable 'loyalty_tier' is never used: no field refers to {loyalty_tier} and no API body entry names it by variableId.",
  );
  assert.deepEqual(found.data, { path: ['variables', 1], id: 'loyalty_tier' });
  // order_id (InCall) is not referenced either: no Hint.
  assert.equal(diagnosticsWithCode(content, 'variable-unused').length, 1);
});

test('a PreCall variable used anywhere a variable can be used is not reported', () => {
  const unused = (content: string): string[] => diagnosticsWithCode(content, 'variable-unused').map((d) => (d.data as { id: string }).id);
  // A transition name, an SMS body, a PreCallAPI URL, a body value, a variableId in a body or an outputBody.
  const uses: Json[] = [
    node('talk', 10, [transition('Tier {loyalty_tier}', 'end')]),
    node('talk', 50, [transition('done', 'end')], { smsSettings: { body: 'Tier {loyalty_tier}' } }),
    node('talk', 40, [transition('done', 'end')], {
      apiSettings: { name: 'A', method: 1, endpointUrl: 'https://example.test/{loyalty_tier}' },
    }),
    node('talk', 40, [transition('done', 'end')], {
      apiSettings: { name: 'A', method: 2, endpointUrl: 'https://example.test', body: [{ key: 't', type: 1, value: '{loyalty_tier}' }] },
    }),
    node('talk', 40, [transition('done', 'end')], {
      apiSettings: { name: 'A', method: 2, endpointUrl: 'https://example.test', body: [{ key: 't', variableId: 'loyalty_tier' }] },
    }),
    node('talk', 40, [transition('done', 'end')], {
      apiSettings: { name: 'A', method: 1, endpointUrl: 'https://example.test', outputBody: [{ key: 't', variableId: 'loyalty_tier' }] },
    }),
  ];
  for (const talk of uses) {
    const content = textPearl({
      variables: unusedVariables,
      nodes: [node('open', 2, [transition('greeted', 'talk')], { script: 'Hello {first_name}!' }), talk, node('end', 100, [])],
    });
    assert.deepEqual(unused(content), [], JSON.stringify(talk));
  }
  // Text outside a field that takes variables is not a use.
  const described = textPearl({ variables: unusedVariables, pearl: { knowledgeBase: 'Tiers: {loyalty_tier}' } });
  assert.deepEqual(unused(described), ['loyalty_tier']);
});

test('simple Pearl: a PreCall variable used only in a notification is used', () => {
  const simple = (notification: Json): string =>
    JSON.stringify(
      {
        $schema: '../schemas/simple-pearl.schema.json',
        name: 'Simple',
        pearl: { openingSentence: 'Hello!', flowScript: 'Help.', notifications: [notification] },
        variables: [{ id: 'account', name: 'Account', group: 1, type: 1 }],
        inbound: { phoneNumberId: 'p1' },
      },
      null,
      2,
    );
  const unused = (content: string): number => diagnosticsWithCode(content, 'variable-unused').length;
  assert.equal(unused(simple({ emailTemplate: { to: ['a@example.test'], subject: 'Call for {account}', body: 'B' } })), 0);
  assert.equal(
    unused(
      simple({ apiSettings: { name: 'N', method: 2, endpointUrl: 'https://example.test', body: [{ key: 'a', variableId: 'account' }] } }),
    ),
    0,
  );
  assert.equal(unused(simple({ indicatorTagsIds: [] })), 1);
});

test('variable-unused quick fix: "Remove variable" removes the declaration and its line; then nothing is reported', () => {
  const content = textPearl({ variables: unusedVariables });
  const { actions } = actionsFor(content, 'variable-unused');
  const after = apply(content, find(actions, "Remove variable 'loyalty_tier'"));
  assert.equal(after, textPearl({ variables: [unusedVariables[0], unusedVariables[2]] }));
  assert.deepEqual(
    service.doValidation(parse(after)).map((diagnostic) => diagnostic.code),
    [],
  );
});

test('variable-unused follows edits: a reference typed into a script (patched parse) clears it, removing it brings it back', () => {
  const uri = 'file:///test.pearl.json';
  const content = textPearl({ variables: unusedVariables });
  const codes = (doc: ReturnType<typeof parse>): string[] => service.doValidation(doc).map((d) => String(d.code));
  const first = service.parsePearlDocument(TextDocument.create(uri, 'pearl', 1, content));
  assert.deepEqual(codes(first), ['variable-unused']);
  // The same parse checked again keeps each (V) string with what was found in it.
  assert.deepEqual(codes(first), ['variable-unused']);
  const typed = content.replace('How can I help?', 'How can I help, {loyalty_tier} member?');
  const patched = service.parsePearlDocument(TextDocument.create(uri, 'pearl', 2, typed), first);
  assert.equal(patched.pearlValue, first.pearlValue, 'patched in place');
  assert.deepEqual(codes(patched), []);
  const removed = service.parsePearlDocument(TextDocument.create(uri, 'pearl', 3, content), patched);
  assert.deepEqual(codes(removed), ['variable-unused']);
});
