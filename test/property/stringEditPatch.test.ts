/**
 * Property test of the string-edit patch (stringEditPatch.ts): random sequences of edits inside
 * random string values of a generated Pearl and of a commented one, each parsed from the previous
 * parse as the server does while the user types, give in every way a feature reads (tree, value,
 * syntax errors, diagnostics) exactly the fresh parse of the same text, whether the edit was
 * patched or parsed again.
 *
 * Reproducible: a fixed seed (override with PEARL_FC_SEED); PEARL_FC_RUNS sets the number of
 * sequences per base document (default 25).
 */
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { JsonNode } from '../../server/src/service/document/jsonTree';
import { getLanguageService, type PearlDocument } from '../../server/src/service/pearlLanguageService';
import { plainTree } from '../helpers/documents';
import { generateTextPearl } from '../helpers/fixtures';

const seed = process.env.PEARL_FC_SEED ? Number(process.env.PEARL_FC_SEED) : 20_261_124;
const runs = process.env.PEARL_FC_RUNS ? Number(process.env.PEARL_FC_RUNS) : 25;
const service = getLanguageService();
const uri = 'file:///property/typing.pearl.json';

const commented = `{
  "$schema": "../schemas/text-pearl.schema.json", // text
  /* a small flow */
  "name": "Typing",
  "pearl": {
    "agentPersonality": "kind",
    "nodes": [
      { "nodeId": "open", "name": "Open", "nodeType": 2, "script": "Hello {customer}, how are you?",
        "transitions": [{ "name": "done", "toNodeId": "end", }], }, // the opening
      /* the end
         of the flow */
      { "nodeId": "end", "name": "End", "nodeType": 100, "transitions": [] },
    ],
  },
  "inbound": { "textChannelId": "c" }, // a channel
}`;

// The graph rules' diagnostics are kept across typing in strings (rules/keptDiagnostics.ts): here
// each sits on the line of a script, after it, so every keystroke in a script moves them.
const graphProblemsAfterScripts = `{
  "name": "Moves",
  "pearl": {
    "nodes": [
      { "nodeId": "open", "name": "Open", "nodeType": 2, "script": "Hi {customer}", "transitions": [{ "name": "go", "toNodeId": "nowhere" }] },
      { "nodeId": "ask", "name": "Ask", "nodeType": 10, "script": "What is it?", "transitions": [{ "name": "loop", "toNodeId": "ask" }] },
      { "nodeId": "stray", "name": "Stray", "nodeType": 10, "script": "Unreached", "instructions": "none", "transitions": [{ "name": "x", "toNodeId": "end" }] },
      { "nodeId": "end", "name": "End", "nodeType": 100, "transitions": [] }
    ]
  },
  "inbound": { "textChannelId": "c" }
}`;

/** Keys whose values the model reads: edits there always parse again (test/unit/stringEditPatch.test.ts). */
const modelKeys = new Set(['nodeId', 'name', 'toNodeId', 'id', '$schema']);

/** The string values of a tree that are not keys nor values of model keys, in document order. */
function valueStrings(root: JsonNode | undefined): JsonNode[] {
  const result: JsonNode[] = [];
  const stack = root ? [root] : [];
  while (stack.length > 0) {
    const node = stack.pop()!;
    const key = node.parent?.type === 'property' ? node.parent.children?.[0] : undefined;
    if (node.type === 'string' && key !== node && !(key && modelKeys.has(key.value as string))) result.push(node);
    for (const child of [...(node.children ?? [])].reverse()) stack.push(child);
  }
  return result;
}

/** An edit: which string (a fraction of the list), where in its content, how much removed, what inserted. */
const editArbitrary = fc.record({
  which: fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
  at: fc.double({ min: 0, max: 1, noNaN: true }),
  removed: fc.nat({ max: 4 }),
  inserted: fc.oneof(
    { arbitrary: fc.stringMatching(/^[a-z {}_0-9]{0,6}$/), weight: 4 },
    { arbitrary: fc.constantFrom('{customer_first_name}', '🎉', ' ', '', '"', '\\', '\\n', '\n'), weight: 2 },
  ),
});

/** `text` with `edit` made inside the content of the string literal `node`. */
function typeInto(text: string, node: JsonNode, edit: { at: number; removed: number; inserted: string }): string {
  const contentStart = node.offset + 1;
  const contentLength = Math.max(0, node.length - 2);
  const start = contentStart + Math.floor(edit.at * contentLength);
  const removed = Math.min(edit.removed, contentStart + contentLength - start);
  return text.slice(0, start) + edit.inserted + text.slice(start + removed);
}

for (const [name, base] of [
  ['a generated Pearl', generateTextPearl(25, 3)],
  ['a commented Pearl with trailing commas', commented],
  ['a Pearl with graph problems after its scripts, on their lines', graphProblemsAfterScripts],
] as const) {
  test(`random typing inside string values of ${name} equals a fresh parse after every keystroke`, () => {
    let patchedEdits = 0;
    fc.assert(
      fc.property(fc.array(editArbitrary, { minLength: 1, maxLength: 6 }), (edits) => {
        let text = base;
        let previous: PearlDocument = service.parsePearlDocument(TextDocument.create(uri, 'pearl', 1, text));
        let version = 1;
        for (const edit of edits) {
          const strings = valueStrings(previous.root);
          if (strings.length === 0) return;
          const node = strings[Math.floor(edit.which * strings.length)];
          text = typeInto(text, node, edit);
          version++;
          const previousRoot = previous.root;
          const patched = service.parsePearlDocument(TextDocument.create(uri, 'pearl', version, text), previous);
          if (patched.root === previousRoot) patchedEdits++;
          const fresh = service.parsePearlDocument(TextDocument.create(uri, 'pearl', version, text));
          assert.deepEqual(plainTree(patched.root), plainTree(fresh.root));
          assert.deepEqual(patched.value, fresh.value);
          assert.deepEqual(patched.syntaxErrors, fresh.syntaxErrors);
          assert.deepEqual(patched.trailingCommas, fresh.trailingCommas);
          assert.deepEqual(patched.comments, fresh.comments);
          assert.deepEqual(service.doValidation(patched), service.doValidation(fresh));
          previous = patched;
        }
      }),
      { seed, numRuns: runs },
    );
    // Most edits are plain typing: the property is about the patch, not only the fallback.
    assert.ok(patchedEdits >= runs, `only ${patchedEdits} edits were patched`);
  });
}

test('random typing inside string values of strict JSON with no syntax tree is patched without one and equals a fresh parse', () => {
  const base = generateTextPearl(25, 3);
  let patchedEdits = 0;
  fc.assert(
    fc.property(fc.array(editArbitrary, { minLength: 1, maxLength: 6 }), (edits) => {
      let text = base;
      let previous: PearlDocument = service.parsePearlDocument(TextDocument.create(uri, 'pearl', 1, text));
      let version = 1;
      let lastChosen: number | undefined;
      for (const [index, edit] of edits.entries()) {
        // Where to type is found in a parse of its own, so that `previous` builds no tree. Half the
        // edits go on in the string edited last, as typing does (the patch knows where it is).
        const strings = valueStrings(service.parsePearlDocument(TextDocument.create(uri, 'pearl', version, text)).root);
        const chosen = lastChosen !== undefined && edit.removed % 2 === 0 ? lastChosen : Math.floor(edit.which * strings.length);
        lastChosen = chosen < strings.length ? chosen : undefined;
        const node = strings[Math.min(chosen, strings.length - 1)];
        text = typeInto(text, node, edit);
        version++;
        const previousNodes = previous.nodes;
        // After a quote or a backslash is typed the text is parsed again, and may have a tree.
        const withoutTree = !previous.hasSyntaxTree;
        const patched = service.parsePearlDocument(TextDocument.create(uri, 'pearl', version, text), previous);
        if (withoutTree && patched.nodes === previousNodes) {
          patchedEdits++;
          assert.equal(patched.hasSyntaxTree, false);
        }
        const fresh = service.parsePearlDocument(TextDocument.create(uri, 'pearl', version, text));
        assert.deepEqual(patched.value, fresh.value);
        assert.deepEqual(service.doValidation(patched), service.doValidation(fresh));
        // The tree, built from the patched parse's own text, once the typing is over.
        if (index === edits.length - 1) assert.deepEqual(plainTree(patched.root), plainTree(fresh.root));
        previous = patched;
      }
    }),
    { seed, numRuns: runs },
  );
  assert.ok(patchedEdits >= runs, `only ${patchedEdits} edits were patched`);
});
