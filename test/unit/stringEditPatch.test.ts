// An edit inside a string value is applied to the previous parse instead of parsing again: the
// patched document must be the parse of the new text in every way a feature reads it (tree, value,
// diagnostics, graph), and edits that could change the structure or the model must parse again.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { PearlDocument } from '../../server/src/service/document/pearlDocument';
import { plainTree, service } from '../helpers/documents';
import { generateTextPearl } from '../helpers/fixtures';
import { modulesOfGroup } from '../helpers/ruleModules';
import { apiSettingsRules } from '../../server/src/service/rules/fieldRules/apiSettingsRules';
import type { ScopedValues } from '../../server/src/service/rules/ruleModule';

const uri = 'file:///patch/edited.pearl.json';

/** Replaces `[offset, offset + removed)` of `text` with `inserted`. */
function edit(text: string, offset: number, removed: number, inserted: string): string {
  return text.slice(0, offset) + inserted + text.slice(offset + removed);
}

/** Parses `before`, then `after` from it; returns the patched parse and a fresh parse of `after`. */
function parseBoth(before: string, after: string): { patched: PearlDocument; fresh: PearlDocument; reused: boolean } {
  const previous = service.parsePearlDocument(TextDocument.create(uri, 'pearl', 1, before));
  const previousRoot = previous.root;
  const patched = service.parsePearlDocument(TextDocument.create(uri, 'pearl', 2, after), previous);
  const fresh = service.parsePearlDocument(TextDocument.create(uri, 'pearl', 2, after));
  return { patched, fresh, reused: patched.root === previousRoot };
}

function assertSameAsFresh(patched: PearlDocument, fresh: PearlDocument): void {
  assert.deepEqual(plainTree(patched.root), plainTree(fresh.root));
  assert.deepEqual(patched.value, fresh.value);
  assert.deepEqual(patched.syntaxErrors, fresh.syntaxErrors);
  assert.deepEqual(patched.trailingCommas, fresh.trailingCommas);
  assert.equal(patched.textDocument.getText(), fresh.textDocument.getText());
  assert.equal(patched.textDocument.version, 2);
  const diagnostics = service.doValidation(patched);
  assert.deepEqual(diagnostics, service.doValidation(fresh));
  assert.deepEqual(service.getGraph(patched, diagnostics), service.getGraph(fresh, diagnostics));
}

test('typing, deleting and replacing inside a script is applied to the previous parse and equals a fresh parse', () => {
  const text = generateTextPearl(30);
  const script = text.indexOf('"script": "', text.length >> 1) + '"script": "'.length;
  const cases: Array<[string, string]> = [
    ['insert a letter', edit(text, script + 3, 0, 'x')],
    ['insert a variable reference to an undeclared variable', edit(text, script, 0, '{nobody} ')],
    ['delete three characters', edit(text, script + 2, 3, '')],
    ['replace with a longer text containing an emoji', edit(text, script + 1, 2, 'hello 🎉 there')],
    ['empty the script', edit(text, script, text.indexOf('"', script) - script, '')],
  ];
  for (const [name, after] of cases) {
    const { patched, fresh, reused } = parseBoth(text, after);
    assert.ok(reused, `${name}: parsed again`);
    assertSameAsFresh(patched, fresh);
  }
});

test('a string made too long gets its max-length diagnostic from the patched parse', () => {
  const text = generateTextPearl(12);
  const at = text.indexOf('"agentPersonality": "') + '"agentPersonality": "'.length;
  const { patched, fresh, reused } = parseBoth(text, edit(text, at, 0, 'and always on time, '));
  assert.ok(reused);
  assertSameAsFresh(patched, fresh);
  assert.ok(service.doValidation(patched).some((diagnostic) => diagnostic.code === 'max-length'));
});

test('schema errors around the edited string grow with it, and those after it on its line move with it', () => {
  // One line: every error after the edit is on the edited line. A script written as an object is a
  // wrong-type Error over the whole object, around the string typed into; an unknown property at
  // the end is one after it. Neither is validated again: the edited string has no keyword but its type.
  const pearl = JSON.parse(generateTextPearl(6)) as { pearl: { nodes: Record<string, unknown>[] }; unexpected?: boolean };
  const node = pearl.pearl.nodes.find((candidate) => typeof candidate.script === 'string');
  assert.ok(node);
  node.script = { note: 'abc' };
  pearl.unexpected = true;
  const text = JSON.stringify(pearl);
  const at = text.indexOf('"note":"abc"') + '"note":"a'.length;
  const after = edit(text, at, 0, 'xyz');
  const previous = service.parsePearlDocument(TextDocument.create(uri, 'pearl', 1, text));
  // Checked before the edit, as the server checks every version: the errors are there to keep.
  assert.equal(service.doValidation(previous).filter((diagnostic) => diagnostic.code === 'wrong-type').length, 1);
  const patched = service.parsePearlDocument(TextDocument.create(uri, 'pearl', 2, after), previous);
  assert.ok(patched.stringPatch, 'parsed again');
  assertSameAsFresh(patched, service.parsePearlDocument(TextDocument.create(uri, 'pearl', 2, after)));
  const ranges = (doc: PearlDocument): Record<string, string> =>
    Object.fromEntries(
      service
        .doValidation(doc)
        .filter((diagnostic) => diagnostic.code === 'wrong-type' || diagnostic.code === 'unknown-property')
        .map((diagnostic) => [String(diagnostic.code), doc.textDocument.getText(diagnostic.range)]),
    );
  assert.deepEqual(ranges(patched), { 'wrong-type': '{"note":"axyzbc"}', 'unknown-property': '"unexpected"' });
});

test('in JSON with comments and trailing commas, the offsets after the edit move with it', () => {
  const text = `{
  "$schema": "text-pearl.schema.json", // kind
  "name": "Shop",
  "pearl": { "agentPersonality": "kind", /* x */ "nodes": [], },
  "inbound": { "textChannelId": "c", },
}`;
  const at = text.indexOf('kind"') + 2;
  const { patched, fresh, reused } = parseBoth(text, edit(text, at, 0, 'ly and warm'));
  assert.ok(reused);
  assertSameAsFresh(patched, fresh);
  assert.equal(patched.trailingCommas.length, 3);
});

test('a variable diagnostic later on the edited line moves with the edit', () => {
  const text = `{
  "$schema": "text-pearl.schema.json",
  "pearl": { "nodes": [
    { "nodeId": "mail", "nodeType": 51, "emailSettings": { "subject": "Hi {nobody}", "body": "Dear {somebody}" }, "transitions": [] }
  ] },
  "inbound": { "textChannelId": "c" }
}`;
  const at = text.indexOf('Hi ') + 3;
  const previous = service.parsePearlDocument(TextDocument.create(uri, 'pearl', 1, text));
  service.doValidation(previous);
  const after = edit(text, at, 0, 'there ');
  const patched = service.parsePearlDocument(TextDocument.create(uri, 'pearl', 2, after), previous);
  const fresh = service.parsePearlDocument(TextDocument.create(uri, 'pearl', 2, after));
  const undeclared = service.doValidation(patched).filter((diagnostic) => diagnostic.code === 'variable-undeclared');
  assert.deepEqual(
    undeclared.map((diagnostic) =>
      after.slice(patched.textDocument.offsetAt(diagnostic.range.start), patched.textDocument.offsetAt(diagnostic.range.end)),
    ),
    ['{nobody}', '{somebody}'],
  );
  assertSameAsFresh(patched, fresh);
});

test('edits that could change the structure or the model are parsed again, with the same result', () => {
  const text = generateTextPearl(12);
  const script = text.indexOf('"script": "') + '"script": "'.length;
  const nodeId = text.indexOf('"nodeId": "', text.length >> 1) + '"nodeId": "'.length;
  const name = text.indexOf('"name": "', nodeId) + '"name": "'.length;
  const cases: Array<[string, string]> = [
    ['a quote', edit(text, script, 0, '"')],
    ['a backslash', edit(text, script, 0, '\\n')],
    ['a nodeId', edit(text, nodeId, 0, 'z')],
    ['a name', edit(text, name, 0, 'z')],
    ['a key', edit(text, script - 3, 0, 'z')],
    ['outside any string', edit(text, script - 2, 0, ' ')],
  ];
  for (const [what, after] of cases) {
    const { patched, fresh, reused } = parseBoth(text, after);
    assert.ok(!reused, `${what}: patched`);
    assertSameAsFresh(patched, fresh);
  }
});

test('typing in a script keeps the graph diagnostics after it on its line, moved, without checking the graph again', (t) => {
  let text = `{ "name": "M", "pearl": { "nodes": [
 { "nodeId": "open", "name": "Open", "nodeType": 2, "script": "Hi", "transitions": [{ "name": "go", "toNodeId": "nowhere" }] },
 { "nodeId": "end", "name": "End", "nodeType": 100, "transitions": [] } ] }, "inbound": { "textChannelId": "c" } }`;
  const uri = 'file:///kept.pearl.json';
  // The graph rules are several modules: each one's check is counted.
  const mocks = modulesOfGroup('graph').map((module) => t.mock.method(module, 'check'));
  const checks = (times: number): number[] => mocks.map(() => times);
  const counted = (): number[] => mocks.map((mock) => mock.mock.callCount());
  const unknownTarget = (doc: PearlDocument) => service.doValidation(doc).filter((d) => d.code === 'unknown-target');
  const first = service.parsePearlDocument(TextDocument.create(uri, 'pearl', 1, text));
  const before = unknownTarget(first);
  assert.deepEqual(counted(), checks(1));
  text = text.replace('"Hi"', '"Hiya"');
  const typed = service.parsePearlDocument(TextDocument.create(uri, 'pearl', 2, text), first);
  const after = unknownTarget(typed);
  assert.deepEqual(counted(), checks(1), 'the graph rules ran again for a keystroke in a script');
  const at = text.indexOf('"nowhere"');
  assert.deepEqual(
    after.map((d) => d.range),
    [{ start: { line: 1, character: at - text.indexOf('\n') - 1 }, end: { line: 1, character: at - text.indexOf('\n') - 1 + 9 } }],
  );
  assert.equal(after[0].range.start.character, before[0].range.start.character + 2);
  // A structural edit (a nodeId) parses anew and checks the graph again.
  text = text.replace('"toNodeId": "nowhere"', '"toNodeId": "end"');
  assert.deepEqual(unknownTarget(service.parsePearlDocument(TextDocument.create(uri, 'pearl', 3, text), typed)), []);
  assert.deepEqual(counted(), checks(2));
});

test('typing in a script keeps the API settings diagnostics; typing under apiSettings checks them again, with what the check reads there only', (t) => {
  let text = `{ "name": "M", "pearl": { "nodes": [
 { "nodeId": "open", "name": "Open", "nodeType": 2, "script": "Hi", "transitions": [{ "name": "go", "toNodeId": "save" }] },
 { "nodeId": "save", "name": "Save", "nodeType": 40, "apiSettings": { "method": 2, "body": [{ "key": "plan", "variableId": "plan", "value": "gold" }] }, "transitions": [{ "name": "done", "toNodeId": "end" }] },
 { "nodeId": "end", "name": "End", "nodeType": 100, "transitions": [] } ] }, "inbound": { "textChannelId": "c" } }`;
  const uri = 'file:///kept-api.pearl.json';
  const check = t.mock.method(apiSettingsRules, 'check');
  const messages = (doc: PearlDocument) =>
    service
      .doValidation(doc)
      .filter((d) => d.code === 'api-property-variable-and-value')
      .map((d) => d.message);
  const first = service.parsePearlDocument(TextDocument.create(uri, 'pearl', 1, text));
  assert.deepEqual(messages(first), [`body[0] 'plan' sends variable 'plan' (variableId), so value must be empty; it is 'gold'.`]);
  assert.equal(check.mock.callCount(), 1);
  text = text.replace('"Hi"', '"Hiya"');
  const typed = service.parsePearlDocument(TextDocument.create(uri, 'pearl', 2, text), first);
  assert.ok(typed.stringPatch, 'the keystroke in the script was patched');
  assert.deepEqual(messages(typed), [`body[0] 'plan' sends variable 'plan' (variableId), so value must be empty; it is 'gold'.`]);
  assert.equal(check.mock.callCount(), 1, 'the API settings rules ran again for a keystroke in a script');
  // A keystroke in the body's value is under apiSettings: the check runs again and reads the new value.
  text = text.replace('"gold"', '"golden"');
  const inScope = service.parsePearlDocument(TextDocument.create(uri, 'pearl', 3, text), typed);
  assert.ok(inScope.stringPatch, 'the keystroke in the value was patched');
  assert.deepEqual(messages(inScope), [`body[0] 'plan' sends variable 'plan' (variableId), so value must be empty; it is 'golden'.`]);
  assert.equal(check.mock.callCount(), 2);
  // What the check is given reads the values under its scope only.
  const scoped = check.mock.calls[1].arguments[2] as ScopedValues;
  assert.equal(scoped.valueAt(['pearl', 'nodes', 1, 'apiSettings', 'method']), 2);
  assert.equal(scoped.valueAt(['pearl', 'nodes', 0, 'script']), undefined);
});
