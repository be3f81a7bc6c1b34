import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { DocumentSymbol, Position, Range, SymbolKind } from 'vscode-languageserver-types';
import type { PearlDocument } from '../../server/src/service/pearlLanguageService';
import { node, parse, rangeOf, service, textPearl, transition, valueRange } from '../helpers/documents';
import { examplePearlFiles, exampleText } from '../helpers/fixtures';

function symbolsOf(content: string): DocumentSymbol[] {
  return service.findDocumentSymbols(parse(content));
}

function byName(symbols: DocumentSymbol[] | undefined, name: string): DocumentSymbol {
  const found = (symbols ?? []).find((symbol) => symbol.name === name);
  assert.ok(found, `no symbol '${name}' among ${JSON.stringify((symbols ?? []).map((s) => s.name))}`);
  return found;
}

function before(a: Position, b: Position): boolean {
  return a.line < b.line || (a.line === b.line && a.character <= b.character);
}

function contains(outer: Range, inner: Range): boolean {
  return before(outer.start, inner.start) && before(inner.end, outer.end);
}

/** Every symbol has a non-empty name, its selectionRange inside its range, and its children inside it. */
function assertWellFormed(symbols: DocumentSymbol[], parent?: DocumentSymbol): void {
  for (const symbol of symbols) {
    assert.ok(symbol.name.trim().length > 0, 'empty symbol name');
    assert.ok(before(symbol.range.start, symbol.range.end), `inverted range of ${symbol.name}`);
    assert.ok(contains(symbol.range, symbol.selectionRange), `selectionRange outside range: ${symbol.name}`);
    if (parent) assert.ok(contains(parent.range, symbol.range), `${symbol.name} outside ${parent.name}`);
    assertWellFormed(symbol.children ?? [], symbol);
  }
}

const content = textPearl({
  pearl: { indicatorTags: [{ id: 'HotLdx', name: 'Hot lead', color: 8 }] },
  nodes: [
    node('open', 2, [transition('greeted', 'talk')], { script: 'Hello' }),
    node('talk', 10, [transition('done', 'end'), transition('needs api', 'lookup')], { script: 'How can I help?' }),
    node('lookup', 40, [transition('found', 'end')]),
    node('end', 100, []),
    node('after', 200, [], { postCallActions: [{ nodeId: 'recap', name: 'Recap', nodeType: 50, smsSettings: { body: 'Thanks' } }] }),
  ],
});

test('outline: the Pearl, its nodes with transitions, variables, indicator tags and the channel', () => {
  const symbols = symbolsOf(content);
  assert.equal(symbols.length, 1);
  const root = symbols[0];
  assert.equal(root.name, 'Test');
  assert.equal(root.kind, SymbolKind.Module);
  assert.deepEqual(
    root.children!.map((symbol) => symbol.name),
    ['pearl', 'variables', 'inbound'],
  );

  const pearl = byName(root.children, 'pearl');
  assert.deepEqual(
    pearl.children!.map((symbol) => symbol.name),
    ['indicatorTags', 'open — Node open', 'talk — Node talk', 'lookup — Node lookup', 'end — Node end', 'after — Node after'],
  );
  const open = byName(pearl.children, 'open — Node open');
  assert.equal(open.detail, 'OpeningSentence');
  assert.equal(open.kind, SymbolKind.Event);
  assert.deepEqual(open.selectionRange, valueRange(content, '"nodeId": "open"'));
  const talk = byName(pearl.children, 'talk — Node talk');
  assert.equal(talk.kind, SymbolKind.Function);
  assert.equal(byName(pearl.children, 'lookup — Node lookup').kind, SymbolKind.Method);
  assert.deepEqual(
    talk.children!.map((symbol) => symbol.name),
    ['done → end', 'needs api → lookup'],
  );
  const done = byName(talk.children, 'done → end');
  assert.equal(done.kind, SymbolKind.Key);
  assert.deepEqual(done.selectionRange, valueRange(content, '"name": "done"'));

  const after = byName(pearl.children, 'after — Node after');
  const recap = byName(after.children, 'recap — Recap');
  assert.equal(recap.detail, 'SMS · postCallActions');

  const tags = byName(pearl.children, 'indicatorTags');
  const hot = byName(tags.children, 'Hot lead');
  assert.equal(hot.detail, 'HotLdx · lime / gradient1');

  const variables = byName(root.children, 'variables');
  assert.equal(variables.detail, '2 variables');
  const firstName = byName(variables.children, 'first_name');
  assert.equal(firstName.detail, 'PreCall · String');
  assert.equal(firstName.kind, SymbolKind.Variable);
  assert.deepEqual(firstName.selectionRange, valueRange(content, '"id": "first_name"'));
  assert.equal(byName(variables.children, 'order_id').detail, 'InCall · String');

  const inbound = byName(root.children, 'inbound');
  assert.equal(inbound.detail, 'channel-1');
  assert.deepEqual(inbound.selectionRange, rangeOf(content, '"inbound"'));
  assertWellFormed(symbols);
});

test('outline: callingHours windows are named by day and hours; nodes without id or name by index or name', () => {
  const text = JSON.stringify({
    name: '  ',
    pearl: { nodes: [{ nodeType: 10 }, { name: 'Only a name', nodeType: 7 }] },
    outbound: { callingHours: [{ day: 1, start: '09:00', end: '17:00' }] },
  });
  const root = symbolsOf(text)[0];
  assert.equal(root.name, 'Pearl');
  const pearl = byName(root.children, 'pearl');
  const unnamed = byName(pearl.children, 'nodes[0]');
  assert.equal(unnamed.detail, 'Dialogue');
  assert.equal(byName(pearl.children, 'Only a name').detail, 'nodeType 7');
  const hours = byName(byName(root.children, 'outbound').children, 'callingHours');
  assert.equal(hours.children![0].name, 'Monday 09:00–17:00');
  assertWellFormed(symbolsOf(text));
});

test('outline of a simple Pearl: agents by name, settings by their trigger', () => {
  const text = JSON.stringify(
    {
      name: 'Voice',
      pearl: {
        openingSentence: 'Hi',
        agents: [{ name: 'Ava', voiceId: 'v1' }],
        smsSettings: [{ body: 'x', triggerDescription: 'When asked' }],
      },
    },
    null,
    2,
  );
  const pearl = byName(symbolsOf(text)[0].children, 'pearl');
  assert.equal(byName(pearl.children, 'agents').children![0].name, 'Ava');
  assert.equal(byName(pearl.children, 'smsSettings').children![0].name, 'When asked');
  assertWellFormed(symbolsOf(text));
});

test('broken and odd documents: valid ranges or nothing, never a throw', () => {
  assert.deepEqual(symbolsOf(''), []);
  assert.deepEqual(symbolsOf('[1, 2]'), []);
  for (const text of [
    '{"name": "x", "pearl": {"nodes": [{"nodeId": "a", "transitions": [{"name": "go", "toNodeId": ',
    '{"pearl": {"nodes": [{"nodeId": "", "name": "", "transitions": [{}]}]}, "variables": [{"id": ""}, 3]}',
    '{"pearl": {"nodes": [null, 5, {"nodeId": "x"',
  ]) {
    assertWellFormed(symbolsOf(text));
  }
});

test('every example file has a well-formed outline', () => {
  const files = examplePearlFiles();
  assert.ok(files.length > 0, 'examples/ has files to outline');
  for (const file of files) {
    const symbols = symbolsOf(exampleText(file));
    assert.equal(symbols.length, 1, file);
    assertWellFormed(symbols);
  }
});

test('outline: typing in a script keeps the outline, moving what follows the script on its line; typing in a name builds it again', () => {
  const uri = 'file:///outline/compact.pearl.json';
  const text = `{
  "name": "Compact",
  "pearl": { "nodes": [
    { "nodeId": "ask", "name": "Ask", "nodeType": 10, "script": "Hi", "transitions": [{ "name": "Yes", "toNodeId": "end" }] },
    { "nodeId": "end", "name": "End", "nodeType": 100, "transitions": [] }
  ] },
  "inbound": { "textChannelId": "c" }
}`;
  const first = service.parsePearlDocument(TextDocument.create(uri, 'pearl', 1, text));
  const before = service.findDocumentSymbols(first);
  const transitionOf = (symbols: DocumentSymbol[]): DocumentSymbol => symbols[0].children![0].children![0].children![0];
  const typeAfter = (previous: PearlDocument, written: string, after: string, version: number): PearlDocument => {
    const current = previous.textDocument.getText();
    const at = current.indexOf(after) + after.length;
    const next = current.slice(0, at) + written + current.slice(at);
    return service.parsePearlDocument(TextDocument.create(uri, 'pearl', version, next), previous);
  };
  const typed = typeAfter(first, ' there', '"script": "Hi', 2);
  assert.ok(typed.stringPatch, 'the edit is patched, not parsed again');
  const after = service.findDocumentSymbols(typed);
  assert.deepEqual(
    after,
    service.findDocumentSymbols(service.parsePearlDocument(TextDocument.create(uri, 'pearl', 2, typed.textDocument.getText()))),
  );
  assert.equal(transitionOf(after).range.start.character, transitionOf(before).range.start.character + ' there'.length);
  assert.equal(transitionOf(after).name, 'Yes → end');
  // The other node's symbol is the same object: nothing of it moved.
  assert.equal(after[0].children![0].children![1], before[0].children![0].children![1]);
  const renamed = typeAfter(typed, 'No', '"name": "Yes', 3);
  assert.equal(transitionOf(service.findDocumentSymbols(renamed)).name, 'YesNo → end');
});
