// Quick fixes in walks files (docs/user/walks.md § In the editor): a take naming no transition of the node.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { service } from '../helpers/documents';
import { applyEdits, valueRange } from '../helpers/text';
import { bookingPearlText } from '../helpers/walkPearls';

const pearl = service.parsePearlDocument(TextDocument.create('file:///w/booking.pearl.json', 'pearl', 1, bookingPearlText));

/** The walks file of `steps` (JSON text) through the booking Pearl. */
function walksDoc(steps: string) {
  const text = `{ "pearl": "booking.pearl.json", "walks": [{ "name": "W", "steps": [${steps}] }] }`;
  return { text, doc: service.parsePearlDocument(TextDocument.create('file:///w/b.walks.json', 'jsonc', 1, text)) };
}

test("walk-take-unknown: 'Change to' the nearest transition names of the node, then 'Take' each other transition", () => {
  const { text, doc } = walksDoc('{ "response": { "status": 404 } }, { "take": "Customer wants to book a tabel" }');
  const diagnostics = service.checkWalksFile(doc, pearl).filter((diagnostic) => diagnostic.code === 'walk-take-unknown');
  assert.deepEqual(
    diagnostics.map((diagnostic) => diagnostic.range),
    [valueRange(text, '"take": "Customer wants to book a tabel"')],
  );
  const actions = service.getWalksCodeActions(doc, pearl, diagnostics);
  assert.deepEqual(
    actions.map((action) => [action.title, action.kind, action.isPreferred ?? false]),
    [
      ["Change to 'Customer wants to book a table'", 'quickfix', true],
      ["Take 'Customer wants a person'", 'quickfix', false],
      ["Take 'Customer asks for the menu'", 'quickfix', false],
    ],
  );
  const edits = actions[1].edit?.changes?.['file:///w/b.walks.json'] ?? [];
  assert.equal(applyEdits(text, edits), text.replace('"Customer wants to book a tabel"', '"Customer wants a person"'));
  assert.deepEqual(actions[0].diagnostics, diagnostics);
});

test('walk-take-unknown at EndCall, or other diagnostics: no quick fix', () => {
  const { doc } = walksDoc(
    '{ "response": { "status": 500 } }, { "take": "Customer wants a person" }, { "take": "Staff closes" }, { "take": "Again" }',
  );
  const diagnostics = service.checkWalksFile(doc, pearl);
  assert.deepEqual(
    diagnostics.map((diagnostic) => diagnostic.code),
    ['walk-take-unknown', 'walk-value-unknown'],
  );
  assert.deepEqual(service.getWalksCodeActions(doc, pearl, diagnostics), []);
});
