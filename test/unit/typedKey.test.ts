// A property name being typed inside an object, before its colon, with the next member on the line
// below: completion adds the comma the next member needs (as VS Code's JSON support does), the
// document shows only the syntax error of that key (and what is true without it), and the outline
// (the breadcrumb) is the one of the document without the key.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { Diagnostic, DocumentSymbol, Range } from 'vscode-languageserver-types';
import { cleanTextPearl, threeProblemsTextPearl } from '../helpers/fixtures';
import { service } from '../helpers/documents';
import { applyCompletion, itemLabeled } from '../helpers/snippets';
import { cursor, rangeAt } from '../helpers/text';

const uri = 'file:///typing.pearl.json';

/** `text` with `typed` written at the indentation of the line holding `before`, on a line of its own above it, the cursor `|` after it. */
function typedBefore(text: string, before: string, typed: string): string {
  const at = text.indexOf(before);
  assert.ok(at > 0, `'${before}' not found`);
  const lineStart = text.lastIndexOf('\n', at) + 1;
  const indent = text.slice(lineStart, at);
  return `${text.slice(0, lineStart)}${indent}${typed}|\n${text.slice(lineStart)}`;
}

function open(text: string): { doc: TextDocument; parsed: ReturnType<typeof service.parsePearlDocument> } {
  const doc = TextDocument.create(uri, 'pearl', 1, text);
  return { doc, parsed: service.parsePearlDocument(doc) };
}

/** The text after accepting completion `label` at the `|` of `marked`. */
function complete(marked: string, label: string): string {
  const { text, position } = cursor(marked);
  const { doc, parsed } = open(text);
  return applyCompletion(doc, itemLabeled(service.doComplete(parsed, position).items, label));
}

test('completing a key typed before the next member adds the comma the next member needs', () => {
  // At the root, before inbound: an object skeleton.
  assert.equal(
    complete(typedBefore(cleanTextPearl, '"inbound"', '"outb'), 'outbound'),
    cleanTextPearl.replace('  "inbound"', '  "outbound": {\n    "textChannelId": ""\n  },\n  "inbound"'),
  );
  // In pearl, before nodes (whose value is a list of objects) and in a node, before nodeType.
  assert.equal(
    complete(typedBefore(cleanTextPearl, '"nodes"', '"time'), 'timeZone'),
    cleanTextPearl.replace('    "nodes"', '    "timeZone": "",\n    "nodes"'),
  );
  assert.equal(
    complete(typedBefore(cleanTextPearl, '"nodeType": 10', '"instr'), 'instructions'),
    cleanTextPearl.replace('        "nodeType": 10', '        "instructions": "",\n        "nodeType": 10'),
  );
  // The last member needs no comma after it.
  assert.equal(
    complete(cleanTextPearl.replace('"totalAgents": 1 }', '"totalAgents": 1,\n    "maxT|\n  }'), 'maxTurns'),
    cleanTextPearl.replace('"totalAgents": 1 }', '"totalAgents": 1,\n    "maxTurns": \n  }'),
  );
});

/** The diagnostics of `marked` (its `|` removed) as code, severity, range and message. */
function diagnostics(marked: string): Diagnostic[] {
  return service.doValidation(open(cursor(marked).text).parsed);
}

/** `diagnostic` with its range one line further down when it starts at or after `line`. */
function shifted(diagnostic: Diagnostic, line: number): Diagnostic {
  const move = (range: Range): Range =>
    range.start.line < line
      ? range
      : { start: { ...range.start, line: range.start.line + 1 }, end: { ...range.end, line: range.end.line + 1 } };
  return { ...diagnostic, range: move(diagnostic.range) };
}

for (const [place, before, typed] of [
  ['the root, before an object', '"inbound"', '"outb'],
  ['the root, before a list of objects', '"variables"', '"v'],
  ['pearl, before the list of nodes', '"nodes"', '"ag'],
  ['a node, before its nodeType', '"nodeType": 10', '"scr'],
] as const) {
  test(`an unterminated key in ${place}: only its syntax error, plus what is true without it`, () => {
    for (const [fixture, expected] of [
      [cleanTextPearl, []],
      [threeProblemsTextPearl, ['max-length', 'unknown-target', 'variable-undeclared']],
    ] as const) {
      const marked = typedBefore(fixture, before, typed);
      const { text, offset } = cursor(marked);
      const line = open(text).doc.positionAt(offset).line;
      const found = diagnostics(marked);
      const syntax = found.filter((diagnostic) => diagnostic.code === 'syntax');
      assert.deepEqual(
        syntax.map((diagnostic) => [diagnostic.range, diagnostic.message]),
        [[rangeAt(text, offset - typed.length, typed.length), 'Unterminated string: expected a closing double quote.']],
      );
      const rest = found.filter((diagnostic) => diagnostic.code !== 'syntax');
      assert.deepEqual(
        rest.map((diagnostic) => diagnostic.code),
        expected,
      );
      const without = service.doValidation(open(fixture).parsed).map((diagnostic) => shifted(diagnostic, line));
      assert.deepEqual(rest, without);
    }
  });
}

test('a key with its quotes but no colon, the next member on the line below: one error on the key', () => {
  const marked = typedBefore(cleanTextPearl, '"inbound"', '"outbound"');
  const { text, offset } = cursor(marked);
  const found = diagnostics(marked);
  assert.deepEqual(
    found.map((diagnostic) => [diagnostic.code, diagnostic.range, diagnostic.message]),
    [['syntax', rangeAt(text, offset - 10, 10), "Expected ':' after the property name."]],
  );
});

test('a value being typed (the colon written, the next member on the line below): one error on the colon', () => {
  for (const [before, typed] of [
    ['"inbound"', '"outbound": '],
    ['"nodes"', '"timeZone": '],
  ] as const) {
    const marked = typedBefore(cleanTextPearl, before, typed);
    const { text, offset } = cursor(marked);
    const found = diagnostics(marked);
    const colon = offset - 2;
    assert.deepEqual(
      found.filter((diagnostic) => diagnostic.code === 'syntax').map((diagnostic) => [diagnostic.range, diagnostic.message]),
      [[rangeAt(text, colon, 1), 'Expected a value.']],
      typed,
    );
    // Nothing else: the key has no value yet, so nothing is sent for it.
    assert.deepEqual(
      found.filter((diagnostic) => diagnostic.code !== 'syntax').map((diagnostic) => diagnostic.code),
      [],
      typed,
    );
  }
});

/** The outline as names, kinds and ranges, each range one line further down from `line` on. */
function outline(symbols: readonly DocumentSymbol[], line = Infinity): unknown[] {
  const move = (range: Range): Range =>
    range.start.line < line
      ? range.end.line < line
        ? range
        : { start: range.start, end: { ...range.end, line: range.end.line + 1 } }
      : { start: { ...range.start, line: range.start.line + 1 }, end: { ...range.end, line: range.end.line + 1 } };
  return symbols.map((symbol) => [
    symbol.name,
    symbol.kind,
    move(symbol.range),
    move(symbol.selectionRange),
    outline(symbol.children ?? [], line),
  ]);
}

/** The names of the symbols whose range holds `offset` of `doc`, outermost first: the breadcrumb. */
function breadcrumb(doc: TextDocument, symbols: readonly DocumentSymbol[], offset: number): string[] {
  for (const symbol of symbols) {
    if (doc.offsetAt(symbol.range.start) <= offset && offset <= doc.offsetAt(symbol.range.end)) {
      return [symbol.name, ...breadcrumb(doc, symbol.children ?? [], offset)];
    }
  }
  return [];
}

test('the outline, and so the breadcrumb, is the one of the document without the key being typed', () => {
  for (const [before, typed, crumbs] of [
    ['"nodes"', '"ag', ['Clean', 'pearl']],
    ['"variables"', '"v', ['Clean']],
    ['"nodeType": 10', '"scr', ['Clean', 'pearl', 'talk — Talk']],
  ] as const) {
    const { text, offset } = cursor(typedBefore(cleanTextPearl, before, typed));
    const { doc, parsed } = open(text);
    const symbols = service.findDocumentSymbols(parsed);
    const line = doc.positionAt(offset).line;
    assert.deepEqual(outline(symbols), outline(service.findDocumentSymbols(open(cleanTextPearl).parsed), line), typed);
    assert.deepEqual(breadcrumb(doc, symbols, offset), crumbs, typed);
  }
});
