import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { CompletionItem, CompletionItemKind, InsertTextFormat, MarkupContent, TextEdit } from 'vscode-languageserver-types';
import { parsePearlDocument } from '../../server/src/service/document/pearlDocument';
import { applyCompletion, itemLabeled } from '../helpers/snippets';
import { cursor } from '../helpers/text';
import { doSchemaCompletion } from '../../server/src/service/features/completion/schemaCompletion';
import { describeSchemaType, findSchemaForPath, getSchema } from '../../server/src/service/interface/schemaNavigator';

const TEXT = '"$schema": "text-pearl.schema.json"';
const SIMPLE = '"$schema": "simple-pearl.schema.json"';

/** Completion at the `|` of `content` (the marker is removed). */
function complete(content: string): { items: CompletionItem[]; text: string; doc: TextDocument } {
  const { text, offset } = cursor(content);
  const doc = TextDocument.create('file:///a.pearl.json', 'pearl', 1, text);
  return { items: doSchemaCompletion(parsePearlDocument(doc), offset), text, doc };
}

/** The text after applying `label`'s edit, with snippet placeholders at their defaults. */
function apply(result: ReturnType<typeof complete>, label: string): string {
  return applyCompletion(result.doc, itemLabeled(result.items, label));
}

const labels = (items: CompletionItem[]): string[] => items.map((item) => String(item.label));
const docText = (item: CompletionItem | undefined): string => (item?.documentation as MarkupContent | undefined)?.value ?? '';

// ---- Navigator ----

test('findSchemaForPath resolves $ref through properties, items and additionalProperties', () => {
  assert.equal(findSchemaForPath('text', ['pearl'])?.title, 'AdvancedTextPearl');
  assert.equal(findSchemaForPath('text', ['pearl'])?.description, 'Flow and agent behaviour');
  assert.equal(findSchemaForPath('text', ['pearl', 'nodes', 3])?.title, 'Node');
  assert.equal(findSchemaForPath('text', ['pearl', 'nodes', 0, 'handOffAction', 1, 'smsSettings'])?.title, 'NodeSMSTemplate');
  assert.deepEqual(findSchemaForPath('text', ['pearl', 'nodes', 0, 'apiSettings', 'headers', 'X-Key'])?.type, ['string']);
  assert.equal(findSchemaForPath('text', ['pearl', 'nodes', 0, 'emailSettings', 'to', 0])?.maxLength, 255);
  assert.equal(findSchemaForPath('simple', ['pearl', 'notifications', 0, 'emailTemplate'])?.title, 'EmailTemplate');
  assert.equal(findSchemaForPath('text', ['pearl', 'unknown']), undefined);
  assert.equal(findSchemaForPath('text', ['pearl', 'agentName', 'deeper']), undefined);
  assert.equal(findSchemaForPath('text', []), getSchema('text'));
});

test('describeSchemaType: JSON types, definition titles and arrays', () => {
  const pearl = getSchema('text').definitions!.AdvancedTextPearl.properties!;
  assert.equal(describeSchemaType('text', pearl.agentName), 'string | null');
  assert.equal(describeSchemaType('text', pearl.indicatorTags), 'CallLabel[] | null');
  assert.equal(describeSchemaType('text', getSchema('text').properties!.pearl), 'AdvancedTextPearl | null');
});

// ---- Property keys ----

test('keys: an empty object offers its schema properties in schema order', () => {
  const result = complete(`{${TEXT}, "pearl": {|}}`);
  assert.deepEqual(labels(result.items), [
    'agentName',
    'agentPersonality',
    'timeZone',
    'modelType',
    'companyName',
    'companyDescription',
    'generalInstructions',
    'knowledgeBase',
    'memory',
    'successDescription',
    'indicatorTags',
    'nodes',
  ]);
  const agentName = result.items[0];
  assert.equal(agentName.kind, CompletionItemKind.Property);
  assert.equal(agentName.detail, 'string | null');
  assert.deepEqual(agentName.documentation, { kind: 'markdown', value: 'Display name of the agent in the conversation' });
  assert.equal(agentName.insertTextFormat, InsertTextFormat.Snippet);
  assert.equal((agentName.textEdit as TextEdit).newText, '"agentName": "$1"');
  assert.deepEqual(
    result.items.map((item) => item.sortText),
    [...result.items.map((item) => item.sortText)].sort(),
  );
  assert.equal(result.items.find((item) => item.label === 'nodes')?.detail, 'Node[] | null');
  assert.equal(apply(result, 'agentName'), `{${TEXT}, "pearl": {"agentName": ""}}`);
});

test('keys: properties already present are left out', () => {
  const result = complete(`{${TEXT}, "pearl": {"agentName": "A", "nodes": [], |}}`);
  assert.ok(!labels(result.items).includes('agentName'));
  assert.ok(!labels(result.items).includes('nodes'));
  assert.ok(labels(result.items).includes('memory'));
});

test('keys: root of each kind; $schema is escaped in the snippet', () => {
  const text = complete('{|}');
  assert.deepEqual(labels(text.items), ['$schema', 'name', 'pearl', 'variables', 'inbound', 'outbound']);
  assert.equal((text.items[0].textEdit as TextEdit).newText, '"\\$schema": "$1"');
  assert.equal(apply(text, '$schema'), '{"$schema": ""}');
  assert.equal(text.items.find((item) => item.label === 'inbound')?.detail, 'InboundTextSettings | null');
  const simple = complete(`{${SIMPLE}, |}`);
  assert.deepEqual(labels(simple.items), ['name', 'pearl', 'variables', 'inbound', 'outbound']);
  assert.equal(simple.items.find((item) => item.label === 'pearl')?.detail, 'SimplePearl | null');
});

test('keys: inside a key being typed, the edit replaces the quoted key', () => {
  const result = complete(`{${TEXT}, "pearl": {"nodes": [], "ag|"}}`);
  const item = result.items.find((candidate) => candidate.label === 'agentName');
  assert.equal(item?.filterText, '"agentName"');
  assert.equal(apply(result, 'agentName'), `{${TEXT}, "pearl": {"nodes": [], "agentName": ""}}`);
});

test('keys: a key whose quote is not closed is replaced up to the cursor', () => {
  const result = complete(`{${TEXT}, "pearl": {"nodes": [], "ag|}}`);
  assert.equal(apply(result, 'agentPersonality'), `{${TEXT}, "pearl": {"nodes": [], "agentPersonality": ""}}`);
});

test('keys: renaming the key of a property that has a value keeps the value', () => {
  const result = complete(`{${TEXT}, "pearl": {"nodes": [], "agent|Nam": "Ava"}}`);
  assert.equal(apply(result, 'agentName'), `{${TEXT}, "pearl": {"nodes": [], "agentName": "Ava"}}`);
});

test('keys: commas are added where the neighbours need them', () => {
  const result = complete(`{${TEXT}, "pearl": {"nodes": [{"name": "a" | "nodeType": 10}]}}`);
  assert.equal(apply(result, 'nodeId'), `{${TEXT}, "pearl": {"nodes": [{"name": "a" ,"nodeId": "", "nodeType": 10}]}}`);
  const afterObject = complete(`{${TEXT}, "pearl": {}|}`);
  assert.ok(!labels(afterObject.items).includes('pearl'));
  assert.equal(apply(afterObject, 'name'), `{${TEXT}, "pearl": {},"name": ""}`);
});

test('keys: nested objects in arrays get their item schema', () => {
  const tag = complete(`{${TEXT}, "pearl": {"indicatorTags": [{|}]}}`);
  assert.deepEqual(labels(tag.items), ['id', 'name', 'description', 'color']);
  const nested = complete(`{${TEXT}, "pearl": {"nodes": [{"postCallActions": [{"emailSettings": {"smtpSettings": {|}}}]}]}}`);
  assert.deepEqual(labels(nested.items), [
    'id',
    'provider',
    'smtpServer',
    'port',
    'enableSsl',
    'senderEmail',
    'senderPassword',
    'displayName',
  ]);
  const variable = complete(`{${TEXT}, "variables": [{|}]}`);
  assert.ok(!labels(variable.items).includes('isSessionScoped'));
  const simpleVariable = complete(`{${SIMPLE}, "variables": [{|}]}`);
  assert.ok(labels(simpleVariable.items).includes('isSessionScoped'));
});

test('keys: nothing inside an unknown property, before braces, or in arrays and strings', () => {
  assert.deepEqual(complete(`{${TEXT}, "pearl": {"foo": {|}}}`).items, []);
  assert.deepEqual(complete(`{${TEXT}, "pearl": |{}}`).items, []);
  assert.deepEqual(complete(`{${TEXT}, "pearl": {"agentName": [|]}}`).items, []);
  assert.deepEqual(complete(`{${TEXT}, "name": "ab|c"}`).items, []);
  assert.deepEqual(complete('|').items, []);
});

// ---- Values ----

test('values: nodeType offers each node type of a text Pearl with its name and meaning', () => {
  const result = complete(`{${TEXT}, "pearl": {"nodes": [{"nodeType": |}]}}`);
  // TransferCall (60) and StartCallRecording (65) are voice-only.
  assert.deepEqual(labels(result.items), ['2', '3', '10', '31', '40', '50', '51', '80', '100', '200']);
  const dialogue = result.items.find((item) => item.label === '10');
  assert.equal(dialogue?.detail, 'Dialogue');
  assert.deepEqual(dialogue?.labelDetails, { detail: ' Dialogue', description: undefined });
  assert.equal(dialogue?.filterText, '10 Dialogue');
  assert.equal(dialogue?.kind, CompletionItemKind.EnumMember);
  assert.equal(docText(dialogue), 'Scripted conversation with the customer');
  assert.equal(apply(result, '10'), `{${TEXT}, "pearl": {"nodes": [{"nodeType": 10}]}}`);
});

test('values: an existing value is replaced', () => {
  const result = complete(`{${TEXT}, "pearl": {"nodes": [{"nodeType": 1|0, "name": "x"}]}}`);
  assert.equal(apply(result, '100'), `{${TEXT}, "pearl": {"nodes": [{"nodeType": 100, "name": "x"}]}}`);
  const quoted = complete(`{${TEXT}, "pearl": {"nodes": [{"nodeType": "5|"}]}}`);
  assert.equal(apply(quoted, '50'), `{${TEXT}, "pearl": {"nodes": [{"nodeType": 50}]}}`);
});

test('values: modelType is 11 (Swan) in text and 1 to 4 in simple', () => {
  const text = complete(`{${TEXT}, "pearl": {"modelType": |}}`);
  assert.deepEqual(
    text.items.map((item) => [item.label, item.detail]),
    [['11', 'Swan']],
  );
  const simple = complete(`{${SIMPLE}, "pearl": {"modelType": |}}`);
  assert.deepEqual(
    simple.items.map((item) => [item.label, item.detail]),
    [
      ['1', 'Trident'],
      ['2', 'Oyster'],
      ['3', 'Arrow'],
      ['4', 'Hydra'],
    ],
  );
});

test('values: CallLabel color 8 is lime / gradient1', () => {
  const result = complete(`{${TEXT}, "pearl": {"indicatorTags": [{"color": |}]}}`);
  const eight = result.items.find((item) => item.label === '8');
  assert.equal(eight?.detail, 'lime / gradient1');
  // A Color item whose documentation is a hex color shows a swatch in VS Code.
  assert.equal(eight?.kind, CompletionItemKind.Color);
  assert.equal(eight?.documentation, '#84cc16');
});

test('values: simple-form unstated enumerations suggest the text form values, marked as such', () => {
  const result = complete(`{${SIMPLE}, "inbound": {"transcriptOptions": |}}`);
  assert.deepEqual(
    result.items.map((item) => [item.label, item.detail]),
    [
      ['1', 'FullTranscript'],
      ['2', 'SensitiveInfoRemoved'],
      ['3', 'NoTranscript'],
    ],
  );
  assert.match(docText(result.items[0]), /\(value taken from the text form\)$/);
  const day = complete(`{${SIMPLE}, "outbound": {"callingHours": [{"day": |}]}}`);
  assert.equal(day.items.length, 7);
  assert.equal(day.items[0].label, '0');
  assert.equal(day.items[0].detail, 'Sunday');
});

test('values: recordingTrack has no text-form counterpart, so no suggestions', () => {
  assert.deepEqual(complete(`{${SIMPLE}, "outbound": {"recordingTrack": |}}`).items, []);
});

test('values: booleans offer true and false, replacing a partial literal', () => {
  const result = complete(`{${TEXT}, "pearl": {"memory": t|}}`);
  assert.deepEqual(labels(result.items), ['true', 'false']);
  assert.equal(apply(result, 'true'), `{${TEXT}, "pearl": {"memory": true}}`);
});

test('values: nothing for plain strings, integers, objects or unknown properties', () => {
  assert.deepEqual(complete(`{${TEXT}, "pearl": {"agentName": |}}`).items, []);
  assert.deepEqual(complete(`{${TEXT}, "inbound": {"totalAgents": |}}`).items, []);
  assert.deepEqual(complete(`{${TEXT}, "pearl": {"foo": |}}`).items, []);
  assert.deepEqual(complete(`{${TEXT}, "pearl": {"nodeType": |}}`).items, []);
});

test('never throws at any offset of a malformed document', () => {
  const content = `{${TEXT}, "pearl": {"nodes": [{"nodeType": 7,, "x": [1, "a`;
  const doc = parsePearlDocument(TextDocument.create('file:///a.pearl.json', 'pearl', 1, content));
  for (let offset = 0; offset <= content.length; offset++) {
    assert.doesNotThrow(() => doSchemaCompletion(doc, offset));
  }
});
