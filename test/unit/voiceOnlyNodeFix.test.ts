// The quick fix of voice-only-node removes a TransferCall or StartCallRecording node from a text
// Pearl and leads the transitions that reached it on to the nodes it led to, so that the graph
// stays whole (graph rules 3 and 4) and the fix adds no Error.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { DiagnosticSeverity } from 'vscode-languageserver-types';
import { actionsFor, apply, find } from '../helpers/codeActions';
import { parse, service } from '../helpers/documents';
import { tabsAndCrlf } from '../helpers/text';

/** A text Pearl around `nodes` (each a line of JSON, indented for `pearl.nodes`). */
function pearl(nodes: string[]): string {
  return `{
  "name": "x",
  "pearl": {
    "nodes": [
${nodes.join(',\n')}
    ]
  },
  "inbound": { "textChannelId": "c" }
}`;
}

/** The codes of the Error diagnostics of `content`. */
function errors(content: string): string[] {
  return service
    .doValidation(parse(content))
    .filter((diagnostic) => diagnostic.severity === DiagnosticSeverity.Error)
    .map((diagnostic) => String(diagnostic.code));
}

/** The text after the voice-only-node fix titled `title`, asserting it is the only fix offered and the result has no Error. */
function fixed(content: string, title: string): string {
  const { actions } = actionsFor(content, 'voice-only-node');
  assert.deepEqual(
    actions.map((action) => action.title),
    [title],
  );
  const after = apply(content, find(actions, title));
  assert.deepEqual(errors(after), [], after);
  return after;
}

const open = (transitions: string): string => `      { "nodeId": "open", "name": "Open", "nodeType": 2, "transitions": [${transitions}] }`;
const end = '      { "nodeId": "end", "name": "End", "nodeType": 100 }';

test('a node in a chain: the transition to it leads on to its successor, keeping its name', () => {
  const content = pearl([
    open('{ "name": "Greeted", "toNodeId": "rec" }'),
    '      { "nodeId": "rec", "name": "Record", "nodeType": 65, "transitions": [{ "name": "Recording", "toNodeId": "talk" }] }',
    '      { "nodeId": "talk", "name": "Talk", "nodeType": 10, "transitions": [{ "name": "Done", "toNodeId": "end" }] }',
    end,
  ]);
  // Before the fix: only the voice-only node is an Error.
  assert.deepEqual(errors(content), ['voice-only-node']);
  assert.equal(
    fixed(content, "Remove node 'rec' and lead the transitions to it on to what follows it"),
    pearl([
      open('{ "name": "Greeted", "toNodeId": "talk" }'),
      '      { "nodeId": "talk", "name": "Talk", "nodeType": 10, "transitions": [{ "name": "Done", "toNodeId": "end" }] }',
      end,
    ]),
  );
});

test('a node whose successor is EndCall: the node before it leads to EndCall', () => {
  const content = pearl([
    open('{ "name": "Greeted", "toNodeId": "talk" }'),
    '      { "nodeId": "talk", "name": "Talk", "nodeType": 10, "transitions": [{ "name": "Wants a person", "toNodeId": "xfer" }] }',
    '      { "nodeId": "xfer", "name": "Transfer", "nodeType": 60, "transferCallSettings": { "transferCallPhoneNumber": "+15550100" }, "transitions": [{ "name": "Transferred", "toNodeId": "end" }] }',
    end,
  ]);
  assert.deepEqual(errors(content), ['voice-only-node']);
  assert.equal(
    fixed(content, "Remove node 'xfer' and lead the transitions to it on to what follows it"),
    pearl([
      open('{ "name": "Greeted", "toNodeId": "talk" }'),
      '      { "nodeId": "talk", "name": "Talk", "nodeType": 10, "transitions": [{ "name": "Wants a person", "toNodeId": "end" }] }',
      end,
    ]),
  );
});

/** Two predecessors (open, ask) of a TransferCall with two successors (sorry, end). */
const twoByTwo = `{
  "name": "x",
  "pearl": {
    "nodes": [
      {
        "nodeId": "open",
        "name": "Open",
        "nodeType": 2,
        "transitions": [
          { "name": "Has a question", "toNodeId": "ask" },
          // hand over
          { "name": "Wants a person", "toNodeId": "xfer" }
        ]
      },
      {
        "nodeId": "ask",
        "name": "Ask",
        "nodeType": 10,
        "transitions": [
          { "name": "Another question", "toNodeId": "ask" },
          {
            "name": "Still wants a person",
            "toNodeId": "xfer"
          }
        ]
      },
      {
        "nodeId": "xfer",
        "name": "Transfer",
        "nodeType": 60,
        "transferCallSettings": { "transferCallPhoneNumber": "+15550100" },
        "transitions": [
          { "name": "Transfer failed", "toNodeId": "sorry" },
          { "name": "Transferred", "toNodeId": "end" }
        ]
      },
      { "nodeId": "sorry", "name": "Sorry", "nodeType": 10, "transitions": [{ "name": "Done", "toNodeId": "end" }] },
      { "nodeId": "end", "name": "End", "nodeType": 100 }
    ]
  },
  "inbound": { "textChannelId": "c" }
}`;

test('two predecessors and two successors: each transition to the node becomes one per successor, in its own style', () => {
  assert.deepEqual(errors(twoByTwo), ['voice-only-node']);
  assert.equal(
    fixed(twoByTwo, "Remove node 'xfer' and lead the transitions to it on to what follows it"),
    `{
  "name": "x",
  "pearl": {
    "nodes": [
      {
        "nodeId": "open",
        "name": "Open",
        "nodeType": 2,
        "transitions": [
          { "name": "Has a question", "toNodeId": "ask" },
          // hand over
          { "name": "Wants a person, then Transfer failed", "toNodeId": "sorry" },
          { "name": "Wants a person, then Transferred", "toNodeId": "end" }
        ]
      },
      {
        "nodeId": "ask",
        "name": "Ask",
        "nodeType": 10,
        "transitions": [
          { "name": "Another question", "toNodeId": "ask" },
          {
            "name": "Still wants a person, then Transfer failed",
            "toNodeId": "sorry"
          },
          {
            "name": "Still wants a person, then Transferred",
            "toNodeId": "end"
          }
        ]
      },
      { "nodeId": "sorry", "name": "Sorry", "nodeType": 10, "transitions": [{ "name": "Done", "toNodeId": "end" }] },
      { "nodeId": "end", "name": "End", "nodeType": 100 }
    ]
  },
  "inbound": { "textChannelId": "c" }
}`,
  );
});

test('a tab-indented CRLF file: the new transitions keep tabs and CRLF', () => {
  const content = tabsAndCrlf(twoByTwo);
  const after = fixed(content, "Remove node 'xfer' and lead the transitions to it on to what follows it");
  assert.equal(
    after,
    tabsAndCrlf(
      apply(
        twoByTwo,
        find(actionsFor(twoByTwo, 'voice-only-node').actions, "Remove node 'xfer' and lead the transitions to it on to what follows it"),
      ),
    ),
  );
  assert.equal(/[^\r]\n/.test(after), false, 'no bare LF');
});

test('a successor the predecessor already leads to is not added twice; a taken name is numbered', () => {
  const content = pearl([
    open(
      '{ "name": "Wants a person, then Transferred", "toNodeId": "talk" }, { "name": "Wants a person", "toNodeId": "xfer" }, { "name": "Other", "toNodeId": "sorry" }',
    ),
    '      { "nodeId": "talk", "name": "Talk", "nodeType": 10, "transitions": [{ "name": "Done", "toNodeId": "end" }] }',
    '      { "nodeId": "xfer", "name": "Transfer", "nodeType": 60, "transferCallSettings": { "transferCallPhoneNumber": "+1" }, "transitions": [{ "name": "Failed", "toNodeId": "sorry" }, { "name": "Transferred", "toNodeId": "end" }, { "name": "Back", "toNodeId": "open" }] }',
    '      { "nodeId": "sorry", "name": "Sorry", "nodeType": 10, "transitions": [{ "name": "Done", "toNodeId": "end" }] }',
    end,
  ]);
  // open already leads to sorry, and a transition back to open itself is left out: only end remains.
  assert.equal(
    fixed(content, "Remove node 'xfer' and lead the transitions to it on to what follows it"),
    pearl([
      open(
        '{ "name": "Wants a person, then Transferred", "toNodeId": "talk" }, { "name": "Wants a person", "toNodeId": "end" }, { "name": "Other", "toNodeId": "sorry" }',
      ),
      '      { "nodeId": "talk", "name": "Talk", "nodeType": 10, "transitions": [{ "name": "Done", "toNodeId": "end" }] }',
      '      { "nodeId": "sorry", "name": "Sorry", "nodeType": 10, "transitions": [{ "name": "Done", "toNodeId": "end" }] }',
      end,
    ]),
  );
  const twoNew = pearl([
    open('{ "name": "Wants a person, then Failed", "toNodeId": "talk" }, { "name": "Wants a person", "toNodeId": "xfer" }'),
    '      { "nodeId": "talk", "name": "Talk", "nodeType": 10, "transitions": [{ "name": "Done", "toNodeId": "end" }] }',
    '      { "nodeId": "xfer", "name": "Transfer", "nodeType": 60, "transferCallSettings": { "transferCallPhoneNumber": "+1" }, "transitions": [{ "name": "Failed", "toNodeId": "sorry" }, { "name": "Transferred", "toNodeId": "end" }] }',
    '      { "nodeId": "sorry", "name": "Sorry", "nodeType": 10, "transitions": [{ "name": "Done", "toNodeId": "end" }] }',
    end,
  ]);
  assert.ok(
    fixed(twoNew, "Remove node 'xfer' and lead the transitions to it on to what follows it").includes(
      '{ "name": "Wants a person, then Failed 2", "toNodeId": "sorry" }, { "name": "Wants a person, then Transferred", "toNodeId": "end" }',
    ),
  );
});

test('no fix when a successor would be left without an incoming transition (nothing led to the removed node)', () => {
  const content = pearl([
    open('{ "name": "Done", "toNodeId": "end" }'),
    '      { "nodeId": "xfer", "name": "Transfer", "nodeType": 60, "transferCallSettings": { "transferCallPhoneNumber": "+1", "triggerDescription": "The customer asks for a person" }, "transitions": [{ "name": "Failed", "toNodeId": "sorry" }] }',
    '      { "nodeId": "sorry", "name": "Sorry", "nodeType": 10, "transitions": [{ "name": "Done", "toNodeId": "end" }] }',
    end,
  ]);
  assert.deepEqual(errors(content), ['voice-only-node']);
  assert.deepEqual(actionsFor(content, 'voice-only-node').actions, []);
  // Without successors, an unwired node is simply removed.
  const alone = pearl([
    open('{ "name": "Done", "toNodeId": "end" }'),
    '      { "nodeId": "rec", "name": "Record", "nodeType": 65, "transitions": [{ "name": "Done", "toNodeId": "end" }] }',
    end,
  ]);
  assert.equal(fixed(alone, "Remove node 'rec'"), pearl([open('{ "name": "Done", "toNodeId": "end" }'), end]));
});
