// Every feature that writes text follows the document's own indentation (issue 19, item 4): quick
// fixes, completion insert text and graph edits, in a file indented by 2 spaces, 4 spaces or tabs.
// The document is written by JSON.stringify with that indentation; after each edit the whole file
// must still be exactly what JSON.stringify writes for its new value (nothing indented otherwise).
import { describe, test } from 'node:test';
import * as assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { TextDocumentEdit, TextEdit } from 'vscode-languageserver-types';
import { detectFormattingOptions } from '../../server/src/service/document/indentation';
import { actionsFor, apply, find } from '../helpers/codeActions';
import { parse, service } from '../helpers/documents';
import { applyCompletion, itemLabeled } from '../helpers/snippets';
import { applyEdits } from '../helpers/text';

const indents = { '2 spaces': '  ', '4 spaces': '    ', tabs: '\t' } as const;

/** A text Pearl with one problem of each kind whose fix writes new lines. */
const value = {
  $schema: '../schemas/text-pearl.schema.json',
  name: 'Indentation',
  pearl: {
    agentName: 'Ava',
    modelType: 11,
    nodes: [
      {
        nodeId: 'open',
        name: 'Open',
        nodeType: 2,
        script: 'Hello',
        transitions: [
          { name: 'greeted', toNodeId: 'talk' },
          { name: 'lost', toNodeId: 'stuck' },
        ],
      },
      {
        nodeId: 'talk',
        name: 'Talk',
        nodeType: 10,
        script: 'Your coupon is {coupon}',
        transitions: [
          { name: 'done', toNodeId: 'end' },
          { name: 'ask', toNodeId: 'talkk' },
        ],
      },
      { nodeId: 'stuck', name: 'Stuck', nodeType: 10, script: 'Hm', transitions: [{ name: 'again', toNodeId: 'stuck' }] },
      { nodeId: 'end', name: 'End', nodeType: 100 },
    ],
  },
  variables: [{ id: 'first_name', name: 'First name', group: 1, type: 1 }],
  inbound: { textChannelId: 'channel-1' },
};

/** Asserts `text` is what JSON.stringify writes for its own value with `indent`. */
function assertLaidOut(text: string, indent: string, what: string): void {
  assert.equal(text, JSON.stringify(JSON.parse(text), null, indent), `${what}: not indented by ${JSON.stringify(indent)} throughout`);
}

for (const [name, indent] of Object.entries(indents)) {
  describe(`a document indented by ${name}`, () => {
    const content = JSON.stringify(value, null, indent);

    test('is detected as such (what the edits below use)', () => {
      const options = detectFormattingOptions(content);
      assert.deepEqual(
        { insertSpaces: options.insertSpaces, tabSize: options.insertSpaces ? options.tabSize : 'tab' },
        indent === '\t' ? { insertSpaces: false, tabSize: 'tab' } : { insertSpaces: true, tabSize: indent.length },
      );
    });

    for (const [code, title] of [
      ['unknown-target', "Create Dialogue 'talkk' (the transition keeps its condition 'ask')"],
      ['variable-undeclared', "Declare variable 'coupon' (InCall)"],
      ['graph-cannot-reach-end', 'Add a transition to EndCall'],
    ] as const) {
      test(`quick fix ${title}`, () => {
        const after = apply(content, find(actionsFor(content, code).actions, title));
        assert.notEqual(after, content);
        assertLaidOut(after, indent, title);
      });
    }

    test('quick fix "Declare variable" creating the variables list', () => {
      const { variables, ...withoutVariables } = value;
      void variables;
      const text = JSON.stringify(withoutVariables, null, indent);
      const after = apply(text, find(actionsFor(text, 'variable-undeclared').actions, "Declare variable 'coupon' (InCall)"));
      assertLaidOut(after, indent, 'variables created');
    });

    test('completion: a node snippet after the last node', () => {
      const nodesEnd = content.lastIndexOf(']', content.indexOf('"variables"'));
      const lineStart = content.lastIndexOf('\n', nodesEnd);
      // A new line after the last node, indented like the nodes: `},\n<indent×3>|`.
      const offset = content.lastIndexOf('}', lineStart) + 1;
      const text = `${content.slice(0, offset)},\n${indent.repeat(3)}${content.slice(offset)}`;
      const cursorOffset = offset + 2 + indent.length * 3;
      const doc = parse(text);
      const items = service.doComplete(doc, doc.textDocument.positionAt(cursorOffset)).items;
      const after = applyCompletion(doc.textDocument, itemLabeled(items, 'Dialogue'));
      const newNode = (JSON.parse(after) as typeof value).pearl.nodes.at(-1);
      assert.equal(newNode?.nodeType, 10);
      const expected = JSON.stringify(newNode, null, indent)
        .split('\n')
        .join(`\n${indent.repeat(3)}`);
      assert.ok(after.includes(expected), `the new node is not indented by ${JSON.stringify(indent)}:\n${after}`);
    });

    test('completion: a property with its value skeleton (inbound → inactivityFollowUps)', () => {
      const at = content.indexOf('"textChannelId": "channel-1"') + '"textChannelId": "channel-1"'.length;
      const text = `${content.slice(0, at)},\n${indent.repeat(2)}"inac${content.slice(at)}`;
      const doc = parse(text);
      const items = service.doComplete(doc, doc.textDocument.positionAt(at + 2 + indent.length * 2 + 5)).items;
      const item = itemLabeled(items, 'inactivityFollowUps');
      const newText = (item.textEdit as TextEdit).newText;
      for (const line of newText.split('\n').slice(1)) {
        const leading = /^[ \t]*/.exec(line)?.[0] ?? '';
        assert.equal(
          leading,
          indent.repeat(leading.length / indent.length),
          `a line not indented by ${JSON.stringify(indent)}: ${JSON.stringify(line)}`,
        );
        assert.ok(leading.length >= indent.length * 2, `a line indented less than its object: ${JSON.stringify(line)}`);
      }
    });

    test('graph edit: a node added after another, with its transition', () => {
      const uri = 'file:///indentation.pearl.json';
      const doc = service.parsePearlDocument(TextDocument.create(uri, 'pearl', 1, content));
      const outcome = service.doGraphEdit(doc, 1, { kind: 'addNode', nodeType: 10, name: 'Ask again', from: 'n:1' });
      assert.ok(!('refusal' in outcome), JSON.stringify(outcome));
      const [change] = outcome.result.edit.documentChanges as TextDocumentEdit[];
      assertLaidOut(applyEdits(content, change.edits), indent, 'addNode');
    });
  });
}
