// Renames in a Pearl followed by its walks files (docs/user/walks.md § In the editor): LSP rename on a
// transition's name or a node id, and the designer's renameTransition and nodeId edits.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { TextDocumentEdit, TextEdit } from 'vscode-languageserver-types';
import type { PearlDocument } from '../../server/src/service/pearlLanguageService';
import { service } from '../helpers/documents';
import { applyEdits, positionOf, rangeAt } from '../helpers/text';
import { bookingPearlText } from '../helpers/walkPearls';

const pearlUri = 'file:///w/booking.pearl.json';
const walksUri = 'file:///w/walks/booking.walks.json';
const otherUri = 'file:///w/walks/other.walks.json';

/** Two walks: one through greet_known (the lookup answers 200), one through greet (404). */
const walksText = `{
  // the booking walks
  "pearl": "../booking.pearl.json",
  "walks": [
    { "name": "Known", "steps": [
      { "response": { "status": 200, "body": { "customer": { "name": "Ana" } } } },
      { "take": "Customer wants to book a table" },
      { "expect": { "node": "ask" } }
    ] },
    { "name": "Unknown", "steps": [
      { "response": { "status": 404 } },
      { "take": "Customer wants to book a table" }, { "expect": { "node": "ask", "says": "For how many" } }
    ] }
  ]
}
`;
/** The same steps, for another Pearl. */
const otherText = walksText.replace('"../booking.pearl.json"', '"../other.pearl.json"');

const pearl = (): PearlDocument => service.parsePearlDocument(TextDocument.create(pearlUri, 'pearl', 1, bookingPearlText));
const walksFiles = (): PearlDocument[] => [
  service.parsePearlDocument(TextDocument.create(walksUri, 'jsonc', 3, walksText)),
  service.parsePearlDocument(TextDocument.create(otherUri, 'jsonc', 1, otherText)),
];

/** The position inside the `occurrence`-th transition name `name` of the booking Pearl. */
function atName(name: string, occurrence = 0) {
  return positionOf(bookingPearlText, `"name": "${name}"`, 10, occurrence);
}

test('rename on a transition name: the name in the Pearl and the takes of that transition from that node in the walks files naming the Pearl', () => {
  const doc = pearl();
  const position = atName('Customer wants to book a table', 1); // greet's, not greet_known's
  const prepared = service.prepareRename(doc, position);
  assert.equal(prepared?.placeholder, 'Customer wants to book a table');
  const edit = service.doRename(doc, position, 'Wants a "table"', walksFiles());
  const changes = edit?.changes ?? {};
  assert.deepEqual(Object.keys(changes).sort(), [pearlUri, walksUri]);
  const pearlAfter = applyEdits(bookingPearlText, changes[pearlUri]);
  assert.equal(pearlAfter.split('"name": "Wants a \\"table\\""').length, 2, "only greet's transition is renamed");
  assert.equal(pearlAfter.split('"name": "Customer wants to book a table"').length, 2, "greet_known's keeps its name");
  const walksAfter = applyEdits(walksText, changes[walksUri]);
  // The walk through greet (404) takes the renamed transition; the one through greet_known does not.
  assert.equal(
    walksAfter,
    walksText.replace('{ "take": "Customer wants to book a table" }, { "expect"', '{ "take": "Wants a \\"table\\"" }, { "expect"'),
  );
  assert.equal(service.parsePearlDocument(TextDocument.create(walksUri, 'jsonc', 4, walksAfter)).syntaxErrors.length, 0);
});

test('rename on a transition name: refused when another transition of the same node has the new name; an empty name too', () => {
  const doc = pearl();
  const position = atName('Customer wants to book a table', 1);
  assert.equal(
    service.getRenameError(doc, position, 'Customer wants a person'),
    "OpeningSentence node 'greet' already has a transition named 'Customer wants a person': transition names must be unique within a node.",
  );
  assert.equal(service.doRename(doc, position, 'Customer wants a person', walksFiles()), null);
  assert.equal(service.getRenameError(doc, position, '  '), 'A transition needs a name: the condition that triggers it.');
  // The same name in another node is fine.
  assert.equal(service.getRenameError(doc, atName('Customer wants to book a table', 0), 'Customer wants a person'), undefined);
});

test("rename on a nodeId: every toNodeId, and the expect.node of that id in the walks files naming the Pearl; another Pearl's walks untouched", () => {
  const doc = pearl();
  const edit = service.doRename(doc, positionOf(bookingPearlText, '"nodeId": "ask"', 12), 'ask_details', walksFiles());
  const changes = edit?.changes ?? {};
  assert.deepEqual(Object.keys(changes).sort(), [pearlUri, walksUri]);
  assert.equal(changes[pearlUri].length, 3);
  const walksAfter = applyEdits(walksText, changes[walksUri]);
  assert.equal(walksAfter, walksText.replaceAll('"node": "ask"', '"node": "ask_details"'));
  assert.deepEqual(
    changes[walksUri].map((change: TextEdit) => change.range),
    [rangeAt(walksText, walksText.indexOf('"ask"'), 5), rangeAt(walksText, walksText.lastIndexOf('"ask"'), 5)],
  );
});

test('the designer: renameTransition and a nodeId change carry the walks files edits, in one workspace edit', () => {
  const doc = pearl();
  // greet is n:2; its first transition is "Customer wants to book a table".
  const renamed = service.doGraphEdit(doc, 1, { kind: 'renameTransition', transition: 'n:2>t:0', name: 'Wants a table' }, walksFiles());
  assert.ok('result' in renamed, JSON.stringify(renamed));
  const changes = renamed.result.edit.documentChanges as TextDocumentEdit[];
  assert.deepEqual(
    changes.map((change) => [change.textDocument.uri, change.textDocument.version]),
    [
      [pearlUri, 1],
      [walksUri, null],
    ],
  );
  assert.equal(
    applyEdits(walksText, changes[1].edits),
    walksText.replace('{ "take": "Customer wants to book a table" }, { "expect"', '{ "take": "Wants a table" }, { "expect"'),
  );

  const nodeId = service.doGraphEdit(doc, 1, { kind: 'setNodeProperty', node: 'n:3', property: 'nodeId', value: 'details' }, walksFiles());
  assert.ok('result' in nodeId, JSON.stringify(nodeId));
  const nodeChanges = nodeId.result.edit.documentChanges as TextDocumentEdit[];
  assert.deepEqual(
    nodeChanges.map((change) => change.textDocument.uri),
    [pearlUri, walksUri],
  );
  assert.equal(applyEdits(walksText, nodeChanges[1].edits), walksText.replaceAll('"node": "ask"', '"node": "details"'));

  // Another property changes no walks file.
  const named = service.doGraphEdit(doc, 1, { kind: 'setNodeProperty', node: 'n:3', property: 'name', value: 'Details' }, walksFiles());
  assert.ok('result' in named);
  assert.equal(named.result.edit.documentChanges?.length, 1);
});
