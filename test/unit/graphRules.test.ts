import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { Diagnostic } from 'vscode-languageserver-types';
import { modulesOfGroup, runChecks } from '../helpers/ruleModules';
import { PearlDocument } from '../../server/src/service/document/pearlDocument';
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
  valueRange,
} from '../helpers/documents';

const validateGraph = (doc: PearlDocument): Diagnostic[] => runChecks(doc, ...modulesOfGroup('graph'));

const Error = 1;
const Warning = 2;

test('the base document is clean of graph diagnostics', () => {
  const content = textPearl();
  for (const code of ['graph-entry-missing', 'graph-endcall-count', 'graph-no-incoming', 'graph-cannot-reach-end', 'unknown-target']) {
    assertNone(content, code);
  }
});

test('rule 2: no OpeningSentence and no PreCallAPI is an Error on the nodes key', () => {
  const content = textPearl({ nodes: [node('talk', 10, [transition('done', 'end')]), node('end', 100, [])] });
  assertOne(content, 'graph-entry-missing', rangeOf(content, '"nodes"'), Error);
});

test('rule 2: a second OpeningSentence without PreCallAPI is an Error on its nodeType', () => {
  const content = textPearl({
    nodes: [node('open', 2, [transition('go', 'end')]), node('open2', 2, [transition('go', 'end')]), node('end', 100, [])],
  });
  assertOne(content, 'graph-opening-count', valueRange(content, '"nodeType": 2', 1), Error);
});

test('rule 2: a PreCallAPI node leads to one or two OpeningSentences; three is an Error, two is fine', () => {
  const pre = (targets: string[]) =>
    node(
      'pre',
      3,
      targets.slice(0, 2).map((t, i) => transition(`r${i}`, t, i + 1)),
    );
  const opening = (id: string) => node(id, 2, [transition('go', 'end')]);
  const two = textPearl({ nodes: [pre(['a', 'b']), opening('a'), opening('b'), node('end', 100, [])] });
  assertNone(two, 'graph-opening-count');
  assertNone(two, 'graph-opening-not-targeted');
  const three = textPearl({ nodes: [pre(['a', 'b']), opening('a'), opening('b'), opening('c'), node('end', 100, [])] });
  assert.equal(diagnosticsWithCode(three, 'graph-opening-count').length, 1);
  assertOne(three, 'graph-opening-not-targeted', valueRange(three, '"nodeId": "c"'), Error);
});

test('rule 2: a second PreCallAPI node is an Error', () => {
  const content = textPearl({
    nodes: [
      node('pre', 3, [transition('ok', 'open', 1)]),
      node('pre2', 3, [transition('ok', 'open', 1)]),
      node('open', 2, [transition('go', 'end')]),
      node('end', 100, []),
    ],
  });
  assertOne(content, 'graph-precall-count', valueRange(content, '"nodeType": 3', 1), Error);
});

test('rule 3: no EndCall is an Error on the nodes key; two is an Error on the second', () => {
  const none = textPearl({ nodes: [node('open', 2, [])] });
  assertOne(none, 'graph-endcall-count', rangeOf(none, '"nodes"'), Error);
  const two = textPearl({
    nodes: [node('open', 2, [transition('a', 'end'), transition('b', 'end2')]), node('end', 100, []), node('end2', 100, [])],
  });
  const found = assertOne(two, 'graph-endcall-count', valueRange(two, '"nodeType": 100', 1), Error);
  assert.match(found.message, /exactly one EndCall/);
  assertNone(two, 'graph-cannot-reach-end');
});

test('a third EndCall, PreCallAPI or Success transition is counted as the third, not as the second', () => {
  const content = textPearl({
    nodes: [
      node('pre', 3, [transition('ok', 'open', 1), transition('ok2', 'open', 1), transition('ok3', 'open', 1)]),
      node('pre2', 3, [transition('ok', 'open', 1)]),
      node('pre3', 3, [transition('ok', 'open', 1)]),
      node('open', 2, [transition('a', 'end'), transition('b', 'end2'), transition('c', 'end3')]),
      node('end', 100, []),
      node('end2', 100, []),
      node('end3', 100, []),
    ],
  });
  const messages = validateGraph(parse(content)).map((diagnostic) => diagnostic.message);
  for (const expected of [
    'A PreCallAPI node has one Success transition at most; this is the second.',
    'A PreCallAPI node has one Success transition at most; this is number 3.',
    'A Pearl has at most one PreCallAPI node; this is the second.',
    'A Pearl has at most one PreCallAPI node; this is number 3.',
    'The graph has exactly one EndCall node; this is the second.',
    'The graph has exactly one EndCall node; this is number 3.',
  ]) {
    assert.ok(messages.includes(expected), `missing: ${expected}\n${messages.join('\n')}`);
  }
});

test('rule 3: a node reachable from the entry with no path to EndCall is an Error on its nodeId', () => {
  const content = textPearl({
    nodes: [
      node('open', 2, [transition('greeted', 'talk'), transition('loop', 'stuck')]),
      node('talk', 10, [transition('done', 'end')]),
      node('stuck', 10, [transition('again', 'stuck')]),
      node('end', 100, []),
    ],
  });
  const found = assertOne(content, 'graph-cannot-reach-end', valueRange(content, '"nodeId": "stuck"'), Error);
  assert.match(found.message, /Dialogue node 'stuck' cannot reach the EndCall node/);
});

test('rule 4: a non-start node with no incoming transition is an Error; TransferCall and PostCallActions are exempt', () => {
  const content = textPearl({
    nodes: [
      node('open', 2, [transition('greeted', 'end')]),
      node('orphan', 10, [transition('done', 'end')]),
      node('after', 200, [], { postCallActions: [] }),
      node('end', 100, []),
    ],
  });
  assertOne(content, 'graph-no-incoming', valueRange(content, '"nodeId": "orphan"'), Error);
});

test('rule 4: a node without nodeId that needs incoming transitions gets a Warning, not an Error', () => {
  const content = textPearl({
    nodes: [node('open', 2, [transition('greeted', 'end')]), node(undefined, 10, []), node('end', 100, [])],
  });
  assertNone(content, 'graph-no-incoming');
  assertOne(content, 'node-id-missing', rangeOf(content, '"Node unnamed"'), Warning);
});

test('a node whose only incoming transitions come from unreachable nodes is a Warning', () => {
  const content = textPearl({
    nodes: [
      node('open', 2, [transition('greeted', 'end')]),
      node('island', 10, [transition('to', 'island2')]),
      node('island2', 10, [transition('back', 'island'), transition('done', 'end')]),
      node('end', 100, []),
    ],
  });
  assert.equal(diagnosticsWithCode(content, 'graph-unreachable').length, 2);
  assertNone(textPearl(), 'graph-unreachable');
});

test('rule 5: a PreCallAPI transition without apiResult is an Error on its name', () => {
  const content = textPearl({
    nodes: [node('pre', 3, [transition('lookup done', 'open')]), node('open', 2, [transition('go', 'end')]), node('end', 100, [])],
  });
  assertOne(content, 'graph-api-result-missing', rangeOf(content, '"lookup done"'), Error);
  const ok = textPearl({
    nodes: [node('pre', 3, [transition('lookup done', 'open', 1)]), node('open', 2, [transition('go', 'end')]), node('end', 100, [])],
  });
  assertNone(ok, 'graph-api-result-missing');
});

test('rule 5: two Success transitions is an Error on the second apiResult', () => {
  const content = textPearl({
    nodes: [
      node('pre', 3, [transition('ok', 'a', 1), transition('also ok', 'b', 1)]),
      node('a', 2, [transition('go', 'end')]),
      node('b', 2, [transition('go', 'end')]),
      node('end', 100, []),
    ],
  });
  assertOne(content, 'graph-api-result-duplicate', valueRange(content, '"apiResult": 1', 1), Error);
});

test('rule 5: a PreCallAPI transition to a Dialogue is an Error on its target (it must lead to an OpeningSentence)', () => {
  const content = textPearl({
    nodes: [
      node('pre', 3, [transition('ok', 'open', 1), transition('failed', 'talk', 2)]),
      node('open', 2, [transition('go', 'talk')]),
      node('talk', 10, [transition('done', 'end')]),
      node('end', 100, []),
    ],
  });
  const found = assertOne(content, 'graph-precall-target', rangeOf(content, '"talk"', 0), Error);
  assert.equal(found.message, "A PreCallAPI transition must lead to an OpeningSentence node; 'talk' is a Dialogue node.");
});

test('apiResult on a transition of a node that is not PreCallAPI is an Error; null is fine', () => {
  const content = textPearl({
    nodes: [node('open', 2, [transition('go', 'end', 1)]), node('end', 100, [])],
  });
  assertOne(content, 'api-result-misplaced', valueRange(content, '"apiResult": 1'), Error);
  assertNone(textPearl({ nodes: [node('open', 2, [transition('go', 'end', null)]), node('end', 100, [])] }), 'api-result-misplaced');
});

test('toNodeId naming no node is an Error on the value; a Warning when some node has no nodeId', () => {
  const content = textPearl({
    nodes: [node('open', 2, [transition('go', 'end'), transition('lost', 'nowhere')]), node('end', 100, [])],
  });
  assertOne(content, 'unknown-target', rangeOf(content, '"nowhere"'), Error);
  const derived = textPearl({
    nodes: [node('open', 2, [transition('go', 'end'), transition('lost', 'nowhere')]), node(undefined, 10, []), node('end', 100, [])],
  });
  assertOne(derived, 'unknown-target', rangeOf(derived, '"nowhere"'), Warning);
});

test('duplicate nodeIds and duplicate transition names are Errors on the second occurrence', () => {
  const content = textPearl({
    nodes: [
      node('open', 2, [transition('go', 'end'), transition('go', 'talk')]),
      node('talk', 10, [transition('done', 'end')]),
      node('talk', 10, [transition('done', 'end')]),
      node('end', 100, []),
    ],
  });
  assertOne(content, 'node-id-duplicate', valueRange(content, '"nodeId": "talk"', 1), Error);
  assertOne(content, 'transition-name-duplicate', rangeOf(content, '"go"', 1), Error);
});

test('TransferCall and StartCallRecording nodes are Errors in a text Pearl', () => {
  const content = textPearl({
    nodes: [node('open', 2, [transition('go', 'rec')]), node('rec', 65, [transition('go', 'end')]), node('end', 100, [])],
  });
  assertOne(content, 'voice-only-node', valueRange(content, '"nodeType": 65'), Error);
  assertNone(textPearl(), 'voice-only-node');
});

test('nodes without nodeId: an unresolved toNodeId may target them, so no path Error and no unreachable Warning', () => {
  // The interface allows nodes without nodeId (the service derives one from the name).
  const content = textPearl({
    nodes: [
      node(undefined, 2, [transition('greeted', 'talk')], { script: 'Hi' }),
      node(undefined, 10, [transition('done', 'end')], { script: 'How can I help?' }),
      node(undefined, 100, []),
    ],
  });
  const diagnostics = service.doValidation(parse(content));
  assert.deepEqual(
    diagnostics.filter((d) => d.severity === Error),
    [],
  );
  assertNone(content, 'graph-cannot-reach-end');
  assertNone(content, 'graph-unreachable');
  // The Warnings about what cannot be checked stay.
  assert.equal(diagnosticsWithCode(content, 'unknown-target').length, 2);
  assert.ok(diagnosticsWithCode(content, 'unknown-target').every((d) => d.severity === Warning));
});

test('nodes without nodeId: a node reached only through them is not reported unreachable', () => {
  const content = textPearl({
    nodes: [node(undefined, 2, [transition('greeted', 'talk')]), node(undefined, 10, [transition('done', 'end')]), node('end', 100, [])],
  });
  assertNone(content, 'graph-unreachable');
  assert.deepEqual(
    service.doValidation(parse(content)).filter((d) => d.severity === Error),
    [],
  );
});

test('nodes without nodeId: a node that truly cannot reach EndCall is still an Error', () => {
  const content = textPearl({
    nodes: [
      node('open', 2, [transition('greeted', 'talk'), transition('loop', 'stuck')]),
      node(undefined, 10, [transition('done', 'end')]),
      node('stuck', 10, [transition('again', 'stuck')]),
      node('end', 100, []),
    ],
  });
  assertOne(content, 'graph-cannot-reach-end', valueRange(content, '"nodeId": "stuck"'), Error);
});

test('target-outside-graph: a transition into a PostCallActions container is one Error that says so', () => {
  const content = textPearl({
    nodes: [
      node('open', 2, [transition('greeted', 'talk')]),
      node('talk', 10, [transition('done', 'end'), transition('wrap', 'after')]),
      node('end', 100, []),
      node('after', 200, [], { postCallActions: [] }),
    ],
  });
  const found = assertOne(content, 'target-outside-graph', valueRange(content, '"toNodeId": "after"'), Error);
  assert.equal(
    found.message,
    "toNodeId 'after' names a PostCallActions container, which is not connected to the rest of the graph; a transition cannot lead to it.",
  );
  assertNone(content, 'unknown-target');
});

test('target-outside-graph: a transition into a nested action says what it is, not "names no node"', () => {
  const content = textPearl({
    nodes: [
      node('open', 2, [transition('greeted', 'talk')]),
      node('talk', 10, [transition('done', 'end'), transition('text', 'sms1')]),
      node('end', 100, []),
      node('after', 200, [], { postCallActions: [{ nodeId: 'sms1', name: 'Text', nodeType: 50, smsSettings: { body: 'Hi' } }] }),
    ],
  });
  const found = assertOne(content, 'target-outside-graph', valueRange(content, '"toNodeId": "sms1"'), Error);
  assert.equal(
    found.message,
    "toNodeId 'sms1' names an SMS action nested in the postCallActions of PostCallActions node 'after'; nested actions run on their own and cannot be the target of a transition.",
  );
  assertNone(content, 'unknown-target');
});

test('messages name nodes and use a/an: node-id-duplicate names the first holder, precall-target does not repeat itself', () => {
  const duplicate = textPearl({
    nodes: [
      node('open', 2, [transition('greeted', 'talk')]),
      node('talk', 10, [transition('done', 'end')]),
      { ...node('talk', 10, [transition('done', 'end')]), name: 'Second' },
      node('end', 100, []),
    ],
  });
  const line = rangeOf(duplicate, '"nodeId": "talk"').start.line; // the object starts on the line before
  const found = diagnosticsWithCode(duplicate, 'node-id-duplicate');
  assert.equal(found.length, 1);
  assert.equal(
    found[0].message,
    `nodeId 'talk' is already used by the Dialogue node 'Node talk' on line ${line}; nodeIds must be unique within the flow.`,
  );
  const precall = textPearl({
    nodes: [
      node('pre', 3, [transition('ok', 'triage', 1)]),
      node('triage', 10, [transition('go', 'open')]),
      node('open', 2, [transition('go', 'end')]),
      node('end', 100, []),
    ],
  });
  const target = diagnosticsWithCode(precall, 'graph-precall-target');
  assert.equal(target[0].message, "A PreCallAPI transition must lead to an OpeningSentence node; 'triage' is a Dialogue node.");
});

/** Each diagnostic as `[code, severity, the text its range covers, its 1-based line]`, in order. */
function placed(doc: PearlDocument, diagnostics: readonly Diagnostic[]): [unknown, unknown, string, number][] {
  const text = doc.textDocument.getText();
  return diagnostics.map((d) => [
    d.code,
    d.severity,
    text.slice(doc.textDocument.offsetAt(d.range.start), doc.textDocument.offsetAt(d.range.end)),
    d.range.start.line + 1,
  ]);
}

/**
 * Runs the graph rules on strict JSON `content`: asserts they build no syntax tree, that they say the
 * same as with the tree built (the tolerant parser's ranges), and that doValidation reports the same
 * graph diagnostics; returns them.
 */
function graphDiagnosticsWithoutTree(content: string): { doc: PearlDocument; diagnostics: Diagnostic[] } {
  const doc = parse(content);
  const diagnostics = validateGraph(doc);
  assert.equal(doc.hasSyntaxTree, false, 'the graph rules built the syntax tree');
  const withTree = parse(content);
  assert.ok(withTree.root);
  assert.deepEqual(validateGraph(withTree), diagnostics);
  const codes = new Set(diagnostics.map((diagnostic) => diagnostic.code));
  const all = service.doValidation(parse(content));
  assert.deepEqual(
    all.filter((diagnostic) => codes.has(diagnostic.code)),
    diagnostics,
  );
  return { doc, diagnostics };
}

test('the graph rules read the parsed value: every graph problem of a strict JSON Pearl, in order, without a syntax tree', () => {
  const longList = [...Array.from({ length: 9 }, (_, i) => transition(`go${i}`, 'end')), transition('go3', 'end')];
  const content = textPearl({
    nodes: [
      node('pre', 3, [transition('ok', 'open', 1), transition('ok', 'talk', 1), transition('none', 'open2')]),
      node('open', 2, [transition('go', 'talk', 2)]),
      node('open2', 2, longList),
      node('talk', 10, [transition('a', 'end'), transition('b', 'ghost'), transition('c', 'inner'), transition('d', 'stuck')], {
        postCallActions: [node('inner', 51, []), node('mail', 50, [])],
      }),
      node('stuck', 10, [transition('again', 'stuck')]),
      node('loop', 10, [transition('again', 'loop')]),
      node('end', 100, []),
      node('talk', 60, []),
      node('mail', 10, [transition('back', 'end')]),
      node('end2', 100, []),
    ],
  });
  const { doc, diagnostics } = graphDiagnosticsWithoutTree(content);
  // In the order of the graph modules (entry nodes, EndCall, reachability, PreCallAPI branches,
  // transition targets, identifiers, voice-only nodes), each in document order.
  assert.deepEqual(placed(doc, diagnostics), [
    ['graph-endcall-count', Error, '100', 178],
    ['graph-cannot-reach-end', Error, '"stuck"', 131],
    ['graph-no-incoming', Error, '"mail"', 165],
    ['graph-no-incoming', Error, '"end2"', 176],
    ['graph-unreachable', Warning, '"loop"', 142],
    ['graph-api-result-duplicate', Error, '1', 21],
    ['graph-precall-target', Error, '"talk"', 20],
    ['graph-api-result-missing', Error, '"none"', 24],
    ['api-result-misplaced', Error, '2', 42],
    ['unknown-target', Error, '"ghost"', 104],
    ['target-outside-graph', Error, '"inner"', 108],
    ['node-id-duplicate', Error, '"talk"', 159],
    ['node-id-duplicate', Error, '"mail"', 165],
    ['transition-name-duplicate', Error, '"ok"', 19],
    ['transition-name-duplicate', Error, '"go3"', 88],
    ['voice-only-node', Error, '60', 161],
  ]);
  assert.equal(
    diagnostics[12].message,
    "nodeId 'mail' is already used by the SMS node 'Node mail' on line 122 in the postCallActions of Dialogue node 'talk'; nodeIds must be unique within the flow.",
  );
  assert.equal(doc.hasSyntaxTree, false);
});

test('the graph rules read the parsed value: nodes without nodeId, name or nodeType are placed and named by their line', () => {
  const content = textPearl({
    nodes: [
      node('open', 2, [transition('go', 'talk'), transition('x', 'nowhere')]),
      node(undefined, 10, [transition('done', 'end')]),
      { nodeType: 10, transitions: [transition('y', 'end')] },
      {},
      node('talk', 10, [transition('done', 'end')]),
      node('end', 100, []),
    ],
  });
  const { doc, diagnostics } = graphDiagnosticsWithoutTree(content);
  assert.deepEqual(placed(doc, diagnostics), [
    ['graph-cannot-reach-end', Error, '{', 42],
    ['unknown-target', Warning, '"nowhere"', 19],
    ['node-id-missing', Warning, '"Node unnamed"', 24],
    ['node-id-missing', Warning, '10', 34],
    ['node-id-missing', Warning, '{', 42],
  ]);
  assert.match(diagnostics[3].message, /^Dialogue node on line 33 has no nodeId/);
  assert.match(diagnostics[0].message, /^Node on line 42 cannot reach the EndCall node/);
  assert.equal(doc.hasSyntaxTree, false);
});
