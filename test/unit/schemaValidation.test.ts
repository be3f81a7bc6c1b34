import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import Ajv from 'ajv';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { Diagnostic, DiagnosticSeverity, Range } from 'vscode-languageserver-types';
import { parsePearlDocument } from '../../server/src/service/document/pearlDocument';
import { modulesOfGroup, runChecks } from '../helpers/ruleModules';
import { getSchema, JSONSchema } from '../../server/src/service/interface/schemaNavigator';
import { rangeIn, rangeOf } from '../helpers/text';

const TEXT = '"$schema": "text-pearl.schema.json"';
const SIMPLE = '"$schema": "simple-pearl.schema.json"';

function validate(content: string): Diagnostic[] {
  return runChecks(parsePearlDocument(TextDocument.create('file:///a.pearl.json', 'pearl', 1, content)), ...modulesOfGroup('schema'));
}

/** Asserts exactly one diagnostic, an Error from source pearl, with this code, message and range. */
function assertOne(diagnostics: Diagnostic[], code: string, message: string, range: Range): void {
  assert.deepEqual(
    diagnostics.map((d) => ({ code: d.code, message: d.message, range: d.range, severity: d.severity, source: d.source })),
    [{ code, message, range, severity: DiagnosticSeverity.Error, source: 'pearl' }],
  );
}

const text = (pearl: string, rest = ''): string => `{${TEXT}, "pearl": {${pearl}}${rest}}`;
const simple = (pearl: string, rest = ''): string => `{${SIMPLE}, "pearl": {${pearl}}${rest}}`;

// ---- The schemas themselves ----

test('both schemas compile with ajv (allErrors, unicode: false)', () => {
  const ajv = new Ajv({ allErrors: true, strict: false, unicode: false, logger: false });
  for (const kind of ['text', 'simple'] as const) {
    assert.doesNotThrow(() => ajv.compile(getSchema(kind)));
  }
});

test('schemas: draft-07, ids, titles; every object closed and every property described', () => {
  assert.equal(getSchema('text').$schema, 'http://json-schema.org/draft-07/schema#');
  assert.match(getSchema('text').$id ?? '', /^https:\/\/.+\/text-pearl\.schema\.json$/);
  assert.match(getSchema('simple').$id ?? '', /^https:\/\/.+\/simple-pearl\.schema\.json$/);
  assert.equal(getSchema('text').title, 'Text Pearl create request');
  assert.equal(getSchema('simple').title, 'Simple Pearl create request');
  const visit = (schema: JSONSchema, where: string): void => {
    const record = schema as Record<string, unknown>;
    for (const keyword of ['oneOf', 'anyOf', 'allOf', 'format']) assert.ok(!(keyword in record), `${where} has ${keyword}`);
    if (schema.properties) {
      assert.equal(schema.additionalProperties, false, `${where} is not closed`);
      for (const [name, property] of Object.entries(schema.properties)) {
        assert.ok(property.description, `${where}.${name} has no description`);
        visit(property, `${where}.${name}`);
      }
    }
    if (schema.items) visit(schema.items, `${where}[]`);
    if (schema.enum) {
      assert.equal(schema.enum[schema.enum.length - 1], null, `${where}: null is not last`);
      assert.equal(schema.enumNames?.length, schema.enum.length - 1, `${where}: enumNames`);
      assert.equal(schema.enumDescriptions?.length, schema.enum.length - 1, `${where}: enumDescriptions`);
    }
    if (Array.isArray(schema.type) && schema.type.includes('integer')) {
      assert.equal(schema.minimum, -2147483648, where);
      assert.equal(schema.maximum, 2147483647, where);
    }
  };
  for (const kind of ['text', 'simple'] as const) {
    for (const [name, definition] of Object.entries(getSchema(kind).definitions ?? {})) {
      assert.ok(definition.title && definition.description, `${kind} ${name} title/description`);
      assert.deepEqual(definition.type, ['object', 'null'], `${kind} ${name} type`);
      visit(definition, `${kind}#${name}`);
    }
    visit(getSchema(kind), kind);
  }
  assert.ok(!getSchema('text').definitions?.DataSettings.properties?.isSessionScoped);
  assert.ok(getSchema('simple').definitions?.DataSettings.properties?.isSessionScoped);
  assert.equal(getSchema('text').definitions?.Node.properties?.script['x-variables'], true);
  assert.equal(getSchema('simple').definitions?.SimplePearl.properties?.flowScript['x-variables'], true);
});

// ---- Passing requests ----

test('a complete valid text request has no schema diagnostics', () => {
  const content = `{${TEXT}, "name": "Support",
    "pearl": {"agentName": "Ava", "agentPersonality": "${'p'.repeat(35)}", "timeZone": "GMT Standard Time",
      "modelType": 11, "memory": true, "indicatorTags": [{"id": "AbcDef", "name": "Won", "color": 8}],
      "nodes": [
        {"nodeId": "open", "name": "Open", "nodeType": 2, "script": "Hi {first_name}", "transitions": [{"name": "ok", "toNodeId": "end", "apiResult": null}]},
        {"nodeId": "api", "nodeType": 40, "apiSettings": {"method": 2, "headers": {"X-Key": "v"}, "body": [{"key": "k", "type": 1, "value": "v"}]}},
        {"nodeId": "mail", "nodeType": 51, "emailSettings": {"to": ["a@b.c"], "cc": [], "subject": "s", "body": "b", "smtpSettings": {"provider": 10, "port": 587}}},
        {"nodeId": "end", "nodeType": 100}
      ]},
    "variables": [{"id": "first_name-1", "group": 1, "type": 1, "options": [{"value": "A", "code": "a"}]}],
    "outbound": {"totalAgents": 2147483647, "callingHours": [{"day": 0, "start": "09:00", "end": "17:00"}], "budgetTotal": null}}`;
  assert.deepEqual(validate(content), []);
});

test('a valid simple request has no schema diagnostics, unstated enumerations take any integer', () => {
  const content = simple(
    `"agents": [{"name": "A", "voiceId": "v"}], "modelType": 4, "openingSentence": "Hi", "flowScript": "f",
     "apiSettings": [{"method": 99, "triggerDescription": "t"}],
     "notifications": [{"emailTemplate": {"to": ["a@b.c"], "smtpSettings": {"provider": 42}}, "indicatorTagsIds": ["AbcDef"]}],
     "indicatorTags": [{"id": "AbcDef", "color": 12}]`,
    `, "variables": [{"id": "x", "group": 9, "type": 8, "isSessionScoped": true}],
     "inbound": {"transcriptOptions": 7, "recordingOptions": true},
     "outbound": {"recordingTrack": 5, "callingHours": [{"day": 9}], "ringDuration": 30}`,
  );
  assert.deepEqual(validate(content), []);
});

// ---- unknown-property ----

test('unknown-property: on the key, naming the object by its schema title', () => {
  const content = text('"nodes": [], "foo": 1');
  assertOne(validate(content), 'unknown-property', "Property 'foo' is not allowed in AdvancedTextPearl.", rangeOf(content, '"foo"'));
});

test('unknown-property: at the root names the request', () => {
  const content = `{${TEXT}, "extra": true}`;
  assertOne(
    validate(content),
    'unknown-property',
    "Property 'extra' is not allowed in the Text Pearl create request.",
    rangeOf(content, '"extra"'),
  );
});

test('unknown-property: a key inside an array item is an Error naming the item schema (Node)', () => {
  const content = text('"nodes": [{"nodeType": 10, "settings": {}}]');
  assertOne(validate(content), 'unknown-property', "Property 'settings' is not allowed in Node.", rangeOf(content, '"settings"'));
});

test('unknown-property: a simple-form field in a text Pearl is an Error on its key', () => {
  const content = text('"nodes": [], "openingSentence": "Hi"');
  assertOne(
    validate(content),
    'unknown-property',
    "Property 'openingSentence' is not allowed in AdvancedTextPearl.",
    rangeOf(content, '"openingSentence"'),
  );
});

test('unknown-property: $schema below the top level is an Error saying it belongs at the top level', () => {
  const content = text('"nodes": [], "$schema": "x"');
  assertOne(
    validate(content),
    'unknown-property',
    "Property '$schema' is not allowed in AdvancedTextPearl: it is editor metadata, allowed at the top level only.",
    rangeOf(content, '"$schema"', 1),
  );
});

test('unknown-property: passing case, $schema at the top level and listed properties', () => {
  assert.deepEqual(validate(text('"nodes": [], "agentName": "A"')), []);
});

// ---- session-scoped-in-text ----

test('session-scoped-in-text: isSessionScoped on a text Pearl variable is an Error on the key', () => {
  const content = text('"nodes": []', ', "variables": [{"id": "a", "isSessionScoped": true}]');
  assertOne(
    validate(content),
    'session-scoped-in-text',
    'isSessionScoped is only allowed in the simple Pearl request.',
    rangeOf(content, '"isSessionScoped"'),
  );
});

test('session-scoped-in-text: passing case, isSessionScoped in a simple Pearl', () => {
  assert.deepEqual(validate(simple('"openingSentence": "Hi"', ', "variables": [{"id": "a", "isSessionScoped": false}]')), []);
});

// ---- wrong-type ----

test('wrong-type: a number where a string belongs is an Error on the number', () => {
  const content = text('"nodes": [], "agentName": 5');
  assertOne(validate(content), 'wrong-type', 'agentName must be a string; found number.', rangeOf(content, '5'));
});

test('wrong-type: an array item is named with its index', () => {
  const content = text('"nodes": [{"nodeType": 51, "emailSettings": {"to": ["a@b.c", "d@e.f", 3]}}]');
  assertOne(validate(content), 'wrong-type', 'to[2] must be a string; found number.', rangeIn(content, '3]', '3'));
});

test('wrong-type: a non-integer number for an integer is an Error quoting the value', () => {
  const content = text('"nodes": []', ', "inbound": {"maxTurns": 1.5}');
  assertOne(validate(content), 'wrong-type', 'maxTurns must be an integer; found number 1.5.', rangeOf(content, '1.5'));
});

test('wrong-type: a string for an enumeration gets wrong-type only, range incl. quotes', () => {
  const content = text('"nodes": [{"nodeType": "10"}]');
  assertOne(validate(content), 'wrong-type', 'nodes[0].nodeType must be an integer; found string.', rangeOf(content, '"10"'));
});

test('wrong-type: an object expected; a header value must be a string', () => {
  const content = text('"nodes": [{"nodeType": 40, "apiSettings": {"headers": {"X-Key": 1}}}]', ', "inbound": "yes"');
  assert.deepEqual(
    validate(content).map((d) => [d.code, d.message, d.range]),
    [
      ['wrong-type', "headers['X-Key'] must be a string; found number.", rangeIn(content, '"X-Key": 1', '1')],
      ['wrong-type', 'inbound must be an object; found string.', rangeOf(content, '"yes"')],
    ],
  );
});

test('wrong-type: passing case, null is accepted for every field', () => {
  const content = text(
    '"nodes": [{"nodeType": null, "name": null, "transitions": null, "apiSettings": null}], "agentName": null, "memory": null',
  );
  assert.deepEqual(validate(content), []);
});

// ---- enum-value and model-type-kind ----

test('enum-value: a nodeType outside the node type table lists the allowed values', () => {
  const content = text('"nodes": [{"nodeType": 7}]');
  assertOne(
    validate(content),
    'enum-value',
    'nodes[0].nodeType 7 is not allowed; allowed values: 2 (OpeningSentence), 3 (PreCallAPI), 10 (Dialogue), ' +
      '31 (HandoffChatToHuman), 40 (API), 50 (SMS), 51 (Email), 60 (TransferCall), 65 (StartCallRecording), ' +
      '80 (SearchKnowledgeBase), 100 (EndCall), 200 (PostCallActions).',
    rangeOf(content, '7'),
  );
});

test('enum-value: CallLabel color 10 is an Error listing the colors, 8 as lime / gradient1', () => {
  const content = text('"nodes": [], "indicatorTags": [{"color": 10}]');
  assertOne(
    validate(content),
    'enum-value',
    'indicatorTags[0].color 10 is not allowed; allowed values: 1 (purple), 2 (red), 3 (yellow), 4 (green), 5 (blue), ' +
      '6 (pink), 7 (teal), 8 (lime / gradient1), 9 (gradient2).',
    rangeOf(content, '10'),
  );
});

test('enum-value: a group the simple form would accept is an Error in a text Pearl', () => {
  const content = text('"nodes": []', ', "variables": [{"id": "a", "group": 9}]');
  assertOne(
    validate(content),
    'enum-value',
    'variables[0].group 9 is not allowed; allowed values: 1 (PreCall), 2 (InCall), 3 (PostCall).',
    rangeOf(content, '9'),
  );
});

test('enum-value: passing case, every stated value of transcriptOptions and day', () => {
  const content = text('"nodes": []', ', "outbound": {"transcriptOptions": 3, "callingHours": [{"day": 0}, {"day": 6}]}');
  assert.deepEqual(validate(content), []);
});

test('model-type-kind: a voice model in a text Pearl is an Error on the value', () => {
  const content = text('"nodes": [], "modelType": 1');
  assertOne(
    validate(content),
    'model-type-kind',
    'modelType 1 (Trident) is a voice model; a text Pearl takes only 11 (Swan).',
    rangeIn(content, '"modelType": 1', '1'),
  );
});

test('model-type-kind: Swan (11) in a simple (voice) Pearl is an Error on the value', () => {
  const content = simple('"openingSentence": "Hi", "modelType": 11');
  assertOne(
    validate(content),
    'model-type-kind',
    'modelType 11 (Swan) is the text model; a simple (voice) Pearl takes 1 (Trident), 2 (Oyster), 3 (Arrow) or 4 (Hydra).',
    rangeOf(content, '11'),
  );
});

test('model-type-kind: a model of neither kind is enum-value', () => {
  const content = text('"nodes": [], "modelType": 7');
  assertOne(validate(content), 'enum-value', 'modelType 7 is not allowed; allowed values: 11 (Swan).', rangeOf(content, '7'));
});

test('model-type-kind: passing case, 11 in text and 1 to 4 in simple', () => {
  assert.deepEqual(validate(text('"nodes": [], "modelType": 11')), []);
  for (const model of [1, 2, 3, 4]) assert.deepEqual(validate(simple(`"flowScript": "f", "modelType": ${model}`)), []);
});

// ---- int32-range ----

test('int32-range: a value above 2147483647 is an Error quoting it as written', () => {
  const content = text('"nodes": []', ', "inbound": {"totalAgents": 3000000000}');
  assertOne(
    validate(content),
    'int32-range',
    'totalAgents is 3000000000; integers are 32-bit (-2147483648 to 2147483647).',
    rangeOf(content, '3000000000'),
  );
});

test('int32-range: a value below -2147483648 is an Error in the simple form too', () => {
  const content = simple('"flowScript": "f"', ', "outbound": {"ringDuration": -2147483649}');
  assertOne(
    validate(content),
    'int32-range',
    'ringDuration is -2147483649; integers are 32-bit (-2147483648 to 2147483647).',
    rangeOf(content, '-2147483649'),
  );
});

test('int32-range: passing case, the bounds themselves', () => {
  assert.deepEqual(validate(text('"nodes": []', ', "inbound": {"totalAgents": 2147483647, "maxTurns": -2147483648}')), []);
});

// ---- max-length ----

test('max-length: an agentPersonality of 41 characters is an Error giving its length and the limit of 35', () => {
  const value = '"' + 'x'.repeat(41) + '"';
  const content = text(`"nodes": [], "agentPersonality": ${value}`);
  assertOne(validate(content), 'max-length', 'agentPersonality is 41 characters; the limit is 35.', rangeOf(content, value));
});

test('max-length: lengths count UTF-16 code units (.NET string.Length)', () => {
  const value = '"' + '\u{1F600}'.repeat(18) + '"'; // 18 code points, 36 UTF-16 code units
  const content = text(`"nodes": [], "agentPersonality": ${value}`);
  assertOne(
    validate(content),
    'max-length',
    'agentPersonality is 36 characters; the limit is 35. Lengths count UTF-16 code units: a character outside the Basic Multilingual Plane (an emoji, for one) counts as 2.',
    rangeOf(content, value),
  );
});

test('max-length: the same limit in the simple form, and a nested limit', () => {
  const content = simple(`"flowScript": "f", "companyName": "${'c'.repeat(101)}", "smsSettings": [{"body": "${'b'.repeat(2001)}"}]`);
  assert.deepEqual(
    validate(content).map((d) => [d.code, d.message]),
    [
      ['max-length', 'companyName is 101 characters; the limit is 100.'],
      ['max-length', 'smsSettings[0].body is 2001 characters; the limit is 2000.'],
    ],
  );
});

test('max-length: a recipient address of 256 characters is an Error on the address', () => {
  const address = `"${'a'.repeat(256)}"`;
  const content = text(`"nodes": [{"nodeType": 51, "emailSettings": {"cc": [${address}]}}]`);
  assertOne(validate(content), 'max-length', 'cc[0] is 256 characters; the limit is 255.', rangeOf(content, address));
});

test('max-length: passing case, exactly at the limits', () => {
  const content = text(
    `"nodes": [], "agentPersonality": "${'x'.repeat(35)}", "successDescription": "${'s'.repeat(200)}"`,
    `, "variables": [{"id": "${'i'.repeat(40)}", "name": "${'n'.repeat(40)}"}]`,
  );
  assert.deepEqual(validate(content), []);
});

// ---- label-id-format ----

test('label-id-format: an id of three letters is an Error on the id', () => {
  const content = text('"nodes": [], "indicatorTags": [{"id": "abc"}]');
  assertOne(
    validate(content),
    'label-id-format',
    "indicatorTags[0].id is 'abc'; it must be exactly 6 letters (A-Z, a-z).",
    rangeOf(content, '"abc"'),
  );
});

test('label-id-format: an id of seven letters is label-id-format, not max-length', () => {
  const content = text('"nodes": [], "indicatorTags": [{"id": "AbcDefg"}]');
  assertOne(
    validate(content),
    'label-id-format',
    "indicatorTags[0].id is 'AbcDefg'; it must be exactly 6 letters (A-Z, a-z).",
    rangeOf(content, '"AbcDefg"'),
  );
});

test('label-id-format: short and with a digit gives one diagnostic', () => {
  const content = simple('"flowScript": "f", "indicatorTags": [{"id": "AbcDef"}, {"id": "a1"}]');
  assertOne(
    validate(content),
    'label-id-format',
    "indicatorTags[1].id is 'a1'; it must be exactly 6 letters (A-Z, a-z).",
    rangeOf(content, '"a1"'),
  );
});

test('label-id-format: passing case, six letters', () => {
  assert.deepEqual(validate(text('"nodes": [], "indicatorTags": [{"id": "aBcDeF"}]')), []);
});

// ---- variable-id-format ----

test('variable-id-format: an id with a space is an Error on the id', () => {
  const content = text('"nodes": []', ', "variables": [{"id": "first name"}]');
  assertOne(
    validate(content),
    'variable-id-format',
    "Variable id 'first name' has characters outside A-Z, a-z, 0-9, _ and -.",
    rangeOf(content, '"first name"'),
  );
});

test('variable-id-format: over 40 characters is max-length', () => {
  const id = `"${'v'.repeat(41)}"`;
  const content = simple('"flowScript": "f"', `, "variables": [{"id": ${id}}]`);
  assertOne(validate(content), 'max-length', 'variables[0].id is 41 characters; the limit is 40.', rangeOf(content, id));
});

test('variable-id-format: passing case, letters, digits, _ and -', () => {
  assert.deepEqual(validate(text('"nodes": []', ', "variables": [{"id": "Az09_-"}]')), []);
});

// ---- max-items ----

test('max-items: 11 indicator tags is an Error on the first entry past the limit', () => {
  const tags = Array.from({ length: 11 }, (_, i) => `{"name": "t${i}"}`).join(',\n');
  const content = text(`"nodes": [], "indicatorTags": [${tags}]`);
  assertOne(validate(content), 'max-items', 'indicatorTags has 11 entries; the limit is 10.', rangeOf(content, '{"name": "t10"}'));
});

test('max-items: 12 recipients is an Error on the 11th', () => {
  const to = `[${Array.from({ length: 12 }, (_, i) => `"r${i}@x.y"`).join(', ')}]`;
  const content = simple(`"flowScript": "f", "notifications": [{"emailTemplate": {"to": ${to}}}]`);
  assertOne(validate(content), 'max-items', 'to has 12 recipients; the limit is 10.', rangeOf(content, '"r10@x.y"'));
});

test('max-items: passing case, 10 entries', () => {
  const tags = Array.from({ length: 10 }, () => '{}').join(', ');
  const to = `[${Array.from({ length: 10 }, (_, i) => `"r${i}@x.y"`).join(', ')}]`;
  assert.deepEqual(
    validate(text(`"nodes": [{"nodeType": 51, "emailSettings": {"to": ${to}, "cc": ${to}}}], "indicatorTags": [${tags}]`)),
    [],
  );
});

// ---- Robustness ----

test('duplicate keys: the last one, whose value is parsed, gets the diagnostic', () => {
  const content = text('"nodes": [], "agentName": "ok", "agentName": 5');
  assertOne(validate(content), 'wrong-type', 'agentName must be a string; found number.', rangeOf(content, '5'));
});

test('never throws: empty, non-object and malformed documents', () => {
  const inputs = [
    '',
    '   ',
    '[]',
    '"text"',
    'null',
    '{',
    '{"pearl": {"nodes": [',
    '{"pearl": {"agentName": }',
    '{"pearl": {"agentName" 5}}',
    '{"pearl": {"indicatorTags": [{"id": "abc", }]}',
    '{"variables": [{"id": "a b"',
    '{"pearl": {"nodes": [{"nodeType": 7,, "x": [1, 2',
    '{"a\\/b": 1, "~x": 2, "__proto__": {"y": 1}}',
    '// comment\n{"pearl": /* c */ {"agentName": 1}}',
  ];
  for (const input of inputs) {
    assert.doesNotThrow(() => validate(input), input);
  }
  assert.deepEqual(validate(''), []);
  assert.deepEqual(validate('[1, 2]'), []);
});

test('malformed JSON: what was parsed is still checked, escaped keys map to their node', () => {
  const content = `{${TEXT}, "pearl": {"agentName": 5, "nodes": [`;
  assertOne(validate(content), 'wrong-type', 'agentName must be a string; found number.', rangeOf(content, '5'));
  const escaped = `{${TEXT}, "a\\/b": 1, "~x": 2, "__proto__": {}}`;
  assert.deepEqual(
    validate(escaped).map((d) => [d.code, d.message, d.range]),
    [
      ['unknown-property', "Property 'a/b' is not allowed in the Text Pearl create request.", rangeOf(escaped, '"a\\/b"')],
      ['unknown-property', "Property '~x' is not allowed in the Text Pearl create request.", rangeOf(escaped, '"~x"')],
      ['unknown-property', "Property '__proto__' is not allowed in the Text Pearl create request.", rangeOf(escaped, '"__proto__"')],
    ],
  );
});
