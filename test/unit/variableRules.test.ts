import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { Diagnostic } from 'vscode-languageserver-types';
import { modulesOfGroup, runChecks } from '../helpers/ruleModules';
import type { PearlDocument } from '../../server/src/service/document/pearlDocument';
import { assertNone, assertOne, diagnosticsWithCode, node, parse, rangeOf, service, textPearl, transition } from '../helpers/documents';

const validateVariables = (doc: PearlDocument): Diagnostic[] => runChecks(doc, ...modulesOfGroup('variables'));

const Error = 1;
const Warning = 2;

const variables = [
  { id: 'first_name', name: 'First name', group: 1, type: 1 },
  { id: 'order_id', name: 'Order id', group: 2, type: 1 },
];

function withDialogue(
  extra: Record<string, unknown>,
  opts: { precall?: Record<string, unknown>; pearl?: Record<string, unknown>; nodes?: Record<string, unknown>[] } = {},
): string {
  const nodes = opts.nodes ?? [
    ...(opts.precall ? [node('pre', 3, [transition('ok', 'open', 1)], { apiSettings: opts.precall })] : []),
    node('open', 2, [transition('greeted', 'talk')], { script: 'Hello {first_name}!' }),
    node('talk', 10, [transition('done', 'end')], extra),
    node('end', 100, []),
  ];
  return textPearl({ nodes, variables, pearl: opts.pearl });
}

test('an undeclared variable in a script is a Warning on the {id}', () => {
  const content = withDialogue({ script: 'Your total is {total_amount}.' });
  const found = assertOne(content, 'variable-undeclared', rangeOf(content, '{total_amount}'), Warning);
  assert.match(found.message, /'total_amount' is not declared/);
  assertNone(withDialogue({ script: 'Order {order_id} for {first_name}.' }), 'variable-undeclared');
});

test('text in braces that is not a reference is ignored', () => {
  assertNone(withDialogue({ script: 'Say { color: red } and {} and {a b}.' }), 'variable-undeclared');
});

test('undeclared variables are not reported inside PostCallActions', () => {
  const content = withDialogue(
    {},
    {
      nodes: [
        node('open', 2, [transition('go', 'end')]),
        node('end', 100, []),
        node('after', 200, [], {
          postCallActions: [
            { name: 'Mail', nodeType: 51, emailSettings: { to: ['a@example.test'], subject: 'Summary {call_summary}', body: 'B' } },
          ],
        }),
      ],
    },
  );
  assertNone(content, 'variable-undeclared');
  const outside = withDialogue({ nodeType: 50, smsSettings: { body: 'Summary {call_summary}' } });
  assertOne(outside, 'variable-undeclared', rangeOf(outside, '{call_summary}'), Warning);
});

test('generalInstructions must not contain variables: Error on each reference', () => {
  const content = withDialogue({}, { pearl: { generalInstructions: 'Always greet {first_name} politely.' } });
  assertOne(content, 'general-instructions-variable', rangeOf(content, '{first_name}', 0), Error);
  assertNone(withDialogue({}, { pearl: { generalInstructions: 'Always greet the customer politely.' } }), 'general-instructions-variable');
});

test('an InCall variable in a PreCallAPI endpointUrl is an Error; a PreCall one is fine', () => {
  const content = withDialogue({}, { precall: { name: 'Lookup', method: 1, endpointUrl: 'https://example.test/o/{order_id}' } });
  const found = assertOne(content, 'variable-group-not-allowed', rangeOf(content, '{order_id}'), Error);
  assert.match(found.message, /InCall \(group 2\); the endpointUrl of a PreCallAPI node takes PreCall variables only/);
  assertNone(
    withDialogue({}, { precall: { name: 'Lookup', method: 1, endpointUrl: 'https://example.test/c/{first_name}' } }),
    'variable-group-not-allowed',
  );
});

test('an InCall variable in a PreCallAPI body value is an Error; on an API node it is fine', () => {
  const body = [{ key: 'order', type: 1, value: '{order_id}' }];
  const content = withDialogue({}, { precall: { name: 'Lookup', method: 2, endpointUrl: 'https://example.test', body } });
  assertOne(content, 'variable-group-not-allowed', rangeOf(content, '{order_id}'), Error);
  const api = withDialogue({ nodeType: 40, apiSettings: { name: 'Save', method: 2, endpointUrl: 'https://example.test', body } });
  assertNone(api, 'variable-group-not-allowed');
});

test('a declared PostCall variable in a transition name is an Error', () => {
  const content = textPearl({
    variables: [{ id: 'rating', group: 3, type: 2 }],
    nodes: [node('open', 2, [transition('rating is {rating}', 'end')]), node('end', 100, [])],
  });
  assertOne(content, 'variable-group-not-allowed', rangeOf(content, '{rating}'), Error);
});

test('an InCall variable in an OpeningSentence script is a Warning', () => {
  const content = textPearl({
    variables,
    nodes: [node('open', 2, [transition('go', 'end')], { script: 'About order {order_id}' }), node('end', 100, [])],
  });
  assertOne(content, 'variable-not-yet-collected', rangeOf(content, '{order_id}'), Warning);
  assertNone(withDialogue({ script: 'About order {order_id}' }), 'variable-not-yet-collected');
});

test('references are found after escapes with exact ranges', () => {
  const content = withDialogue({ script: 'He said "hi" to {nobody}' });
  assertOne(content, 'variable-undeclared', rangeOf(content, '{nobody}'), Warning);
});

test('simple Pearl: openingSentence and flowScript are (V) fields', () => {
  const content = JSON.stringify(
    {
      $schema: '../schemas/simple-pearl.schema.json',
      pearl: { openingSentence: 'Hi {first_name}', flowScript: 'Ask about {ghost}.' },
      variables: [{ id: 'first_name', group: 1, type: 1 }],
      inbound: { phoneNumberId: 'p1' },
    },
    null,
    2,
  );
  assertOne(content, 'variable-undeclared', rangeOf(content, '{ghost}'), Warning);
  assert.equal(diagnosticsWithCode(content, 'variable-undeclared').length, 1);
});

test('escaped braces are a reference once decoded: generalInstructions with \\u007bholder\\u007d is an Error on the escaped text', () => {
  const content = withDialogue({}, { pearl: { generalInstructions: 'Greet {x}' } }).replace('Greet {x}', 'Greet \\u007bholder\\u007d now');
  const found = assertOne(content, 'general-instructions-variable', rangeOf(content, '\\u007bholder\\u007d'), Error);
  assert.equal(found.message, 'generalInstructions must not contain variables; found {holder}.');
});

test('escaped braces and escaped id characters are decoded for every variable rule, with exact ranges', () => {
  const script = 'Total \\u007btotal_amount} and {ord\\u0065r_id} and \\"{first_name}\\"';
  const content = withDialogue({ script: 'SCRIPT' }).replace('SCRIPT', script);
  assertOne(content, 'variable-undeclared', rangeOf(content, '\\u007btotal_amount}'), Warning);
  // {order_id} (declared, InCall) and {first_name} are fine in a Dialogue script.
  assert.equal(diagnosticsWithCode(content, 'variable-undeclared').length, 1);
});

/** Each diagnostic as its code and the text its range covers in `text`. */
function codesAndTexts(text: string, diagnostics: readonly Diagnostic[]): string[] {
  const document = TextDocument.create('file:///test.pearl.json', 'pearl', 1, text);
  return diagnostics.map(
    (diagnostic) =>
      `${String(diagnostic.code)} ${text.slice(document.offsetAt(diagnostic.range.start), document.offsetAt(diagnostic.range.end))}`,
  );
}

/** A document with one diagnostic of each variable rule, one reference written with escapes. */
function everyVariableRule(): string {
  return withDialogue(
    { script: 'Total SCRIPT' },
    {
      pearl: { generalInstructions: 'Greet {first_name}' },
      precall: { name: 'Lookup', method: 1, endpointUrl: 'https://example.test/o/{order_id}' },
    },
  )
    .replace('Total SCRIPT', 'Total \\u007btotal_amount\\u007d and \\"{ord\\u0065r_id}\\"')
    .replace('Hello {first_name}!', 'Hello {order_id}!');
}

// In the order of the variable modules (references, usage, generalInstructions), each in document order.
const everyVariableRuleFound = [
  'variable-group-not-allowed {order_id}',
  'variable-not-yet-collected {order_id}',
  'variable-undeclared \\u007btotal_amount\\u007d',
  'general-instructions-variable {first_name}',
];

test('the variable rules read the parsed value: strict JSON gets its diagnostics without a syntax tree', () => {
  const content = everyVariableRule();
  const doc = parse(content);
  assert.equal(doc.hasSyntaxTree, false);
  assert.deepEqual(codesAndTexts(content, validateVariables(doc)), everyVariableRuleFound);
  assert.equal(doc.hasSyntaxTree, false);
  // Checked again (each string is now kept with its findings), then a third time (the kept
  // findings): the same diagnostics, still no tree.
  assert.deepEqual(codesAndTexts(content, validateVariables(doc)), everyVariableRuleFound);
  assert.deepEqual(codesAndTexts(content, validateVariables(doc)), everyVariableRuleFound);
  assert.equal(doc.hasSyntaxTree, false);
  const variableCodes = new Set([
    'general-instructions-variable',
    'variable-group-not-allowed',
    'variable-not-yet-collected',
    'variable-undeclared',
  ]);
  const all = service.doValidation(parse(content)).filter((diagnostic) => variableCodes.has(String(diagnostic.code)));
  assert.deepEqual(codesAndTexts(content, all), everyVariableRuleFound);
});

test('typing in a string before a reported one moves its kept diagnostics with it', () => {
  const uri = 'file:///test.pearl.json';
  // On one line: a patch adds no line, so only what follows the edit on its line moves.
  const content = everyVariableRule().replace(/\n\s*/g, '');
  const previous = service.parsePearlDocument(TextDocument.create(uri, 'pearl', 1, content));
  assert.ok(previous.root, 'the tree exists, so the next edit is patched into this parse');
  validateVariables(previous);
  // Typed into the agent's name, above every reported string.
  const at = content.indexOf('"Ava"') + 1;
  const after = `${content.slice(0, at)}Eva and ${content.slice(at)}`;
  const patched = service.parsePearlDocument(TextDocument.create(uri, 'pearl', 2, after), previous);
  assert.equal(patched.pearlValue, previous.pearlValue, 'patched in place');
  const fresh = service.parsePearlDocument(TextDocument.create(uri, 'pearl', 2, after));
  assert.deepEqual(codesAndTexts(after, validateVariables(patched)), everyVariableRuleFound);
  assert.deepEqual(validateVariables(patched), validateVariables(fresh));
});

test('in text with errors a reference is reported on its {id} as written, though the parser drops an invalid escape before it', () => {
  // `\q` is not a JSON escape: the tolerant parser reports it and leaves it out of the value.
  const content = withDialogue({}, { pearl: { generalInstructions: 'GI' } }).replace('"GI"', '/* note */ "Greet \\q{holder} or {holder}"');
  const found = diagnosticsWithCode(content, 'general-instructions-variable');
  assert.deepEqual(
    found.map((diagnostic) => diagnostic.range),
    [rangeOf(content, '{holder}'), rangeOf(content, '{holder}', 1)],
  );
});

/**
 * Types `keystrokes` (each a whole new text) into the document of `text`, each parsed from the
 * previous parse as the server does, and checks after each that the diagnostics equal a fresh
 * parse's; the patched parses keep what the variable rules found in the strings not edited.
 */
function typeAndCompare(text: string, keystrokes: readonly string[]): Diagnostic[] {
  const uri = 'file:///typed.pearl.json';
  let doc = service.parsePearlDocument(TextDocument.create(uri, 'pearl', 1, text));
  let diagnostics = service.doValidation(doc);
  let patched = 0;
  keystrokes.forEach((next, index) => {
    doc = service.parsePearlDocument(TextDocument.create(uri, 'pearl', index + 2, next), doc);
    if (doc.stringPatch) patched++;
    diagnostics = service.doValidation(doc);
    const fresh = service.doValidation(service.parsePearlDocument(TextDocument.create(uri, 'pearl', 1, next)));
    assert.deepEqual(diagnostics, fresh, `after keystroke ${index + 1}: ${next}`);
  });
  assert.equal(patched, keystrokes.length, 'every keystroke was patched into the previous parse');
  return diagnostics;
}

/** The texts of typing `typed` one character at a time at `offset` of `text`. */
function typing(text: string, offset: number, typed: string): string[] {
  return [...typed].map((_, index) => text.slice(0, offset) + typed.slice(0, index + 1) + text.slice(offset));
}

test('typing a reference into a script while the other strings are kept: a new undeclared id is reported, as a fresh parse does', () => {
  const text = textPearl({
    variables,
    nodes: [
      node('open', 2, [transition('greeted', 'talk')], { script: 'Hello {first_name}' }),
      node('talk', 10, [transition('done', 'end')], { script: 'Ask ' }),
      node('end', 100, []),
    ],
  });
  const offset = text.indexOf('"Ask ') + '"Ask '.length;
  const diagnostics = typeAndCompare(text, typing(text, offset, 'ab {cust}'));
  assert.deepEqual(
    diagnostics.filter((d) => d.code === 'variable-undeclared').map((d) => d.message),
    ["Variable 'cust' is not declared in variables; it may be a platform variable."],
  );
});

test('typing in a string before an undeclared reference on the same line moves its range, as a fresh parse does', () => {
  // One line: what follows the edited string moves with each keystroke.
  const text = JSON.stringify(
    JSON.parse(
      textPearl({
        variables,
        nodes: [
          node('open', 2, [transition('greeted', 'talk')], { script: 'Hello' }),
          node('talk', 10, [transition('done', 'end')], { script: 'Ask {nobody}' }),
          node('end', 100, []),
        ],
      }),
    ),
  );
  const offset = text.indexOf('"Hello') + '"Hello'.length;
  const diagnostics = typeAndCompare(text, typing(text, offset, ' there'));
  const undeclared = diagnostics.filter((d) => d.code === 'variable-undeclared');
  assert.equal(undeclared.length, 1);
  const last = typing(text, offset, ' there').at(-1)!;
  assert.equal(undeclared[0].range.start.character, last.indexOf('{nobody}'));
});

test('every reference of a string counts, after a problem and after braces that are not one: each problem reported, no id called unused', () => {
  // The first check reads references in place and builds them only for a string with a problem:
  // the ids after the first problem, and after a `{` that starts none, still count as used.
  const content = withDialogue({ script: '{total_amount} then {first_name}, {order_id and {{first_name}} and {nope}' });
  const undeclared = diagnosticsWithCode(content, 'variable-undeclared');
  assert.deepEqual(
    undeclared.map((diagnostic) => diagnostic.range),
    [rangeOf(content, '{total_amount}'), rangeOf(content, '{nope}')],
  );
  const onlyLater = textPearl({
    nodes: [node('open', 2, [transition('go', 'end')], { script: '{ x {total_amount} {first_name}' }), node('end', 100, [])],
    variables,
  });
  assertOne(onlyLater, 'variable-undeclared', rangeOf(onlyLater, '{total_amount}'), Warning);
  assertNone(onlyLater, 'variable-unused');
});
