/**
 * Property test of features/documentLinks.ts, which finds each `https://` in the text and looks
 * its string up in the syntax tree: on the bundled examples and templates with URLs written into
 * random string values, property names and comments (some followed by a `{variable}`, some by
 * punctuation), it gives the links the earlier implementation gave (every string of the tree read
 * in document order).
 *
 * Reproducible: a fixed seed (override with PEARL_FC_SEED); PEARL_FC_RUNS sets the number of texts.
 */
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { getPropertyNode, type JsonNode } from '../../server/src/service/document/jsonTree';
import { stringContentSpan } from '../../server/src/service/document/variableReferences';
import type { PearlDocument } from '../../server/src/service/pearlLanguageService';
import { parse, service } from '../helpers/documents';
import { exampleAndTemplateTexts } from '../helpers/fixtures';

const seed = process.env.PEARL_FC_SEED ? Number(process.env.PEARL_FC_SEED) : 20_261_207;
const runs = process.env.PEARL_FC_RUNS ? Number(process.env.PEARL_FC_RUNS) : 60;

const bases = exampleAndTemplateTexts();

/** Every string of the tree in document order, as the earlier implementation read them. */
function strings(root: JsonNode): JsonNode[] {
  const result: JsonNode[] = [];
  const stack: JsonNode[] = [root];
  for (let node = stack.pop(); node; node = stack.pop()) {
    if (node.children) for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]);
    else if (node.type === 'string') result.push(node);
  }
  return result;
}

/** The earlier implementation's URL links: every string of the tree read in document order. */
function reference(doc: PearlDocument): { range: unknown; target?: string }[] {
  const root = doc.root;
  if (!root) return [];
  const text = doc.textDocument.getText();
  const schemaNode = getPropertyNode(root, '$schema');
  const links: { range: unknown; target?: string }[] = [];
  for (const node of strings(root)) {
    if (node === schemaNode) continue;
    if (node.parent?.type === 'property' && node.parent.children?.[0] === node) continue;
    const { start, end } = stringContentSpan(text, node);
    const raw = text.slice(start, end);
    const pattern = /https:\/\/[^\s"\\<>{}]+/g;
    for (let match = pattern.exec(raw); match; match = pattern.exec(raw)) {
      if (raw[match.index + match[0].length] === '{') continue;
      const found = match[0].replace(/[.,;:!?')\]]+$/, '');
      if (!URL.canParse(found) || new URL(found).protocol !== 'https:' || found.length <= 'https://'.length) continue;
      const offset = start + match.index;
      links.push({
        range: { start: doc.textDocument.positionAt(offset), end: doc.textDocument.positionAt(offset + found.length) },
        target: found,
      });
    }
  }
  return links;
}

const url = fc.constantFrom(
  'https://example.com/a',
  'https://x.io/p?q=1',
  'https://api.example.com/orders/{id}',
  'https://a.b/c.',
  'https://',
);
const insertion = fc.record({
  at: fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
  where: fc.constantFrom('value', 'key', 'comment'),
  url,
});

function withUrls(text: string, insertions: readonly { at: number; where: string; url: string }[]): string {
  for (const { at, where, url: written } of insertions) {
    const root = parse(text).root;
    if (!root) return text;
    const all = strings(root).filter(
      (node) => (node.parent?.type === 'property' && node.parent.children?.[0] === node) === (where === 'key'),
    );
    if (where === 'comment' || all.length === 0) {
      const lineStart = text.indexOf('\n', Math.floor(at * text.length));
      if (lineStart < 0) continue;
      text = `${text.slice(0, lineStart)}\n// see ${written}${text.slice(lineStart)}`;
      continue;
    }
    const node = all[Math.floor(at * all.length)];
    const offset = node.offset + 1 + Math.floor(((at * 7919) % 1) * (node.length - 1));
    text = `${text.slice(0, offset)} ${written} ${text.slice(offset)}`;
  }
  return text;
}

test('document links found from the text are those of reading every string of the tree', () => {
  fc.assert(
    fc.property(fc.nat({ max: bases.length - 1 }), fc.array(insertion, { maxLength: 6 }), (which, insertions) => {
      const doc = parse(withUrls(bases[which], insertions));
      const found = service.findDocumentLinks(doc).filter((link) => link.tooltip === 'Open the link');
      assert.deepEqual(
        found.map((link) => ({ range: link.range, target: link.target })),
        reference(doc),
      );
    }),
    { seed, numRuns: runs },
  );
});
