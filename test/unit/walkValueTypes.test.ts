// walk-value-type: a value in a walks file's `variables` or `set` not of its variable's type.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { DiagnosticSeverity } from 'vscode-languageserver-types';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { service } from '../helpers/documents';
import { valueRange } from '../helpers/text';
import { bookingPearlText } from '../helpers/walkPearls';

const pearl = service.parsePearlDocument(TextDocument.create('file:///w/booking.pearl.json', 'pearl', 1, bookingPearlText));

function check(walk: string) {
  const text = `{ "pearl": "booking.pearl.json", "walks": [${walk}] }`;
  const doc = service.parsePearlDocument(TextDocument.create('file:///w/b.walks.json', 'jsonc', 1, text));
  return { text, diagnostics: service.checkWalksFile(doc, pearl).filter((diagnostic) => diagnostic.code === 'walk-value-type') };
}

test('walk-value-type: a Long variable set to "abc" and a Boolean given "yes" are Warnings on the value', () => {
  const { text, diagnostics } = check(
    '{ "name": "W", "variables": { "phone": "+1555", "terrace": "yes" }, "steps": [{ "response": { "status": 404 } }, { "set": { "party_size": "abc", "note": "12" } }] }',
  );
  assert.deepEqual(
    diagnostics.map((diagnostic) => [diagnostic.severity, diagnostic.range, diagnostic.message]),
    [
      [
        DiagnosticSeverity.Warning,
        valueRange(text, '"terrace": "yes"'),
        "'terrace' is a Boolean variable, so its value should be true or false; 'yes' is not.",
      ],
      [
        DiagnosticSeverity.Warning,
        valueRange(text, '"party_size": "abc"'),
        "'party_size' is a Long variable, so its value should be a whole number, such as 4; 'abc' is not.",
      ],
    ],
  );
});

test('walk-value-type: values of their type (and String variables) are not reported', () => {
  const { diagnostics } = check(
    '{ "name": "W", "variables": { "terrace": "TRUE" }, "steps": [{ "set": { "party_size": "4", "note": "anything" } }, { "set": { "party_size": 6 } }] }',
  );
  assert.deepEqual(diagnostics, []);
});
