// "Save as walk" planned by the language service (server/src/service/walks/walksFileEdit.ts,
// docs/user/walks.md § Walk a conversation): the walks file beside the Pearl, the text a new or an
// existing walks file gets, and the refusals. The same edit over the protocol is in
// test/protocol/walkSave.test.ts.
import { describe, test } from 'node:test';
import * as assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { TextDocumentEdit, WorkspaceEdit } from 'vscode-languageserver-types';
import { getLanguageService } from '../../server/src/service/pearlLanguageService';
import { planWalksFileChange, type SavedWalk, walkNamesIn, walksFileName, walksFileOf } from '../../server/src/service/walks/walksFileEdit';
import { bookingPearlText, bookingSteps } from '../helpers/walkPearls';

describe('Save as walk: the walks file text', () => {
  const walk: SavedWalk = {
    name: 'Books a table for four',
    variables: { customer_name: 'Ana' },
    steps: [
      { take: 'Customer wants to book a table' },
      { set: { party_size: '4' } },
      { response: { status: 200, body: { bookingId: 'B-17' } } },
    ],
    end: true,
  };

  /** The text after applying `change` to `text`. */
  function applied(text: string | undefined, name = 'booking.pearl.json', saved = walk): string {
    const change = planWalksFileChange(text, name, saved);
    if (change.kind === 'refused') assert.fail(change.message);
    if (change.kind === 'create') return change.text;
    return (text ?? '').slice(0, change.offset) + change.text + (text ?? '').slice(change.offset + change.length);
  }

  test('the walks file is named after the Pearl', () => {
    assert.equal(walksFileName('booking.pearl.json'), 'booking.walks.json');
    assert.equal(walksFileName('clinic-reminders.pearl.json'), 'clinic-reminders.walks.json');
  });

  test('a new walks file names the Pearl and holds the walk, one step a line', () => {
    assert.equal(
      applied(undefined),
      `{
  "pearl": "booking.pearl.json",
  "walks": [
    {
      "name": "Books a table for four",
      "variables": { "customer_name": "Ana" },
      "steps": [
        { "take": "Customer wants to book a table" },
        { "set": { "party_size": "4" } },
        { "response": { "status": 200, "body": { "bookingId": "B-17" } } }
      ],
      "end": true
    }
  ]
}
`,
    );
  });

  test('an existing file gets the walk at the end of its list, comments kept', () => {
    const text = `{
  // the booking flow
  "pearl": "booking.pearl.json",
  "walks": [
    { "name": "Hangs up", "steps": [{ "take": "Bye" }], "end": true } // the short one
  ]
}
`;
    assert.equal(
      applied(text, 'booking.pearl.json', { name: 'Second', variables: {}, steps: [{ take: 'Yes' }], end: false }),
      `{
  // the booking flow
  "pearl": "booking.pearl.json",
  "walks": [
    { "name": "Hangs up", "steps": [{ "take": "Bye" }], "end": true }, // the short one
    {
      "name": "Second",
      "variables": {},
      "steps": [
        { "take": "Yes" }
      ],
      "end": false
    }
  ]
}
`,
    );
  });

  test('a tab-indented CRLF file is extended with tabs and CRLF', () => {
    const text = '{\r\n\t"pearl": "a.pearl.json",\r\n\t"walks": [\r\n\t\t{ "name": "One", "steps": [] }\r\n\t]\r\n}\r\n';
    assert.equal(
      applied(text, 'a.pearl.json', { name: 'Two', variables: {}, steps: [{ take: 'Go' }], end: true }),
      '{\r\n\t"pearl": "a.pearl.json",\r\n\t"walks": [\r\n\t\t{ "name": "One", "steps": [] },\r\n\t\t{\r\n\t\t\t"name": "Two",\r\n\t\t\t"variables": {},\r\n\t\t\t"steps": [\r\n\t\t\t\t{ "take": "Go" }\r\n\t\t\t],\r\n\t\t\t"end": true\r\n\t\t}\r\n\t]\r\n}\r\n',
    );
  });

  test('an empty list, or no list at all, gets the walk', () => {
    const saved: SavedWalk = { name: 'Only', variables: {}, steps: [], end: false };
    const expected = `{
  "pearl": "a.pearl.json",
  "walks": [
    {
      "name": "Only",
      "variables": {},
      "steps": [],
      "end": false
    }
  ]
}
`;
    assert.equal(applied('{\n  "pearl": "a.pearl.json",\n  "walks": []\n}\n', 'a.pearl.json', saved), expected);
    assert.equal(applied('{\n  "pearl": "a.pearl.json"\n}\n', 'a.pearl.json', saved), expected);
  });

  test('a step too long for a line is written over several', () => {
    const body = { message: 'x'.repeat(90) };
    const text = applied(undefined, 'a.pearl.json', {
      name: 'Long',
      variables: {},
      steps: [{ response: { status: 200, body } }],
      end: false,
    });
    assert.ok(text.includes(`        {\n          "response": {\n            "status": 200,`), text);
    assert.deepEqual((JSON.parse(text) as { walks: SavedWalk[] }).walks[0].steps, [{ response: { status: 200, body } }]);
  });

  test('a file that does not parse, or of another shape, is left alone with a reason', () => {
    assert.deepEqual(planWalksFileChange('{ "walks": [ ', 'a.pearl.json', walk), {
      kind: 'refused',
      message: 'The walks file does not parse: fix it, then save the walk again.',
    });
    assert.deepEqual(planWalksFileChange('[]', 'a.pearl.json', walk), {
      kind: 'refused',
      message: 'The walks file is not a JSON object: fix it, then save the walk again.',
    });
    assert.deepEqual(planWalksFileChange('{ "walks": {} }', 'a.pearl.json', walk), {
      kind: 'refused',
      message: 'The walks file\'s "walks" is not a list: fix it, then save the walk again.',
    });
  });

  test('the names already used are read from the file', () => {
    assert.deepEqual(walkNamesIn(applied(undefined)), ['Books a table for four']);
    assert.deepEqual(walkNamesIn('not json'), []);
  });
});

describe('Save as walk: the service plans the edit', () => {
  const service = getLanguageService();
  const pearlUri = 'file:///work/My%20Pearls/booking.pearl.json';
  const walksUri = 'file:///work/My%20Pearls/booking.walks.json';
  const pearl = service.parsePearlDocument(TextDocument.create(pearlUri, 'pearl', 1, bookingPearlText));
  const input = { variables: { phone: '+15550100' }, steps: [...bookingSteps] };

  /** The walks file's text after `edit` (a creation, or one versioned change) of `text`. */
  function afterEdit(text: string | undefined, edit: WorkspaceEdit): string {
    const changes = (edit.documentChanges ?? []).filter((change): change is TextDocumentEdit => 'edits' in change);
    assert.equal(changes.length, 1);
    return TextDocument.applyEdits(TextDocument.create(walksUri, 'jsonc', 0, text ?? ''), changes[0].edits);
  }

  test('the walks file is beside the Pearl, its URI written as the Pearl URI is; a Pearl never saved has none', () => {
    assert.deepEqual(walksFileOf(pearlUri), { result: walksUri });
    assert.deepEqual(walksFileOf('file:///c%3A/w/caf%C3%A9.pearl.json'), { result: 'file:///c%3A/w/caf%C3%A9.walks.json' });
    assert.deepEqual(walksFileOf('untitled:Untitled-1'), { refusal: 'Save the Pearl file first: its walks file goes beside it.' });
  });

  test('prepare: the names taken and the name offered; a walk that fails or a walks file that is not one is refused', () => {
    const existing = {
      uri: walksUri,
      text: '{ "pearl": "booking.pearl.json", "walks": [{ "name": "Hangs up", "steps": [] }] }',
      version: 3,
    };
    assert.deepEqual(service.prepareSaveWalk(pearl, input, existing), {
      result: { walksFile: walksUri, exists: true, takenNames: ['Hangs up'], suggestedName: 'Reaches Goodbye' },
    });
    assert.deepEqual(service.prepareSaveWalk(pearl, { steps: [{ take: 'Nowhere' }] }, existing), {
      refusal: 'The walk stops at step 1: go Back before saving it.',
    });
    assert.deepEqual(service.prepareSaveWalk(pearl, input, { uri: walksUri, text: '{ "walks": [ ', version: null }), {
      refusal: 'booking.walks.json: The walks file does not parse: fix it, then save the walk again.',
    });
  });

  test('save: a new file is created with the Pearl named as its file is called, then the walk', () => {
    const outcome = service.planSaveWalk(pearl, input, '  Books a table  ', { uri: walksUri, text: undefined, version: null });
    assert.ok('result' in outcome, JSON.stringify(outcome));
    assert.deepEqual(outcome.result.documentChanges?.[0], {
      kind: 'create',
      uri: walksUri,
      options: { overwrite: false, ignoreIfExists: false },
    });
    const text = afterEdit(undefined, outcome.result);
    assert.equal((JSON.parse(text) as { pearl: string }).pearl, 'booking.pearl.json');
    assert.deepEqual(walkNamesIn(text), ['Books a table']);
    assert.ok(text.includes('"end": true'), text);
  });

  test('save: an open file is edited at its version; a blank one is written whole; an empty or taken name is refused', () => {
    const open = { uri: walksUri, text: '{\n  "pearl": "booking.pearl.json",\n  "walks": []\n}\n', version: 7 };
    const outcome = service.planSaveWalk(pearl, input, 'First', open);
    assert.ok('result' in outcome, JSON.stringify(outcome));
    assert.deepEqual((outcome.result.documentChanges?.[0] as TextDocumentEdit).textDocument, { uri: walksUri, version: 7 });
    const text = afterEdit(open.text, outcome.result);
    assert.deepEqual(walkNamesIn(text), ['First']);

    const blank = service.planSaveWalk(pearl, input, 'First', { uri: walksUri, text: '\n', version: null });
    assert.ok('result' in blank, JSON.stringify(blank));
    assert.equal(
      afterEdit('\n', blank.result),
      afterEdit(
        undefined,
        (service.planSaveWalk(pearl, input, 'First', { uri: walksUri, text: undefined, version: null }) as { result: WorkspaceEdit })
          .result,
      ),
    );

    assert.deepEqual(service.planSaveWalk(pearl, input, ' ', open), { refusal: 'Give the walk a name.' });
    assert.deepEqual(service.planSaveWalk(pearl, input, 'First', { ...open, text }), {
      refusal: 'A walk named "First" is already in the file.',
    });
  });
});
