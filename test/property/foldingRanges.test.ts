/**
 * Property test of features/foldingRanges.ts, which reads the comments from the parse, merges them
 * with the containers in document order and stops at the client's `rangeLimit`: on the bundled
 * examples and templates with line comments, trailing comments and block comments put in at
 * random lines, and a random limit, it gives the ranges the earlier implementation gave (every
 * token of the text scanned, every container's range computed, then all sorted, the outermost of
 * each start line kept and the first `rangeLimit` returned).
 *
 * Reproducible: a fixed seed (override with PEARL_FC_SEED); PEARL_FC_RUNS sets the number of texts.
 */
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { createScanner, SyntaxKind } from 'jsonc-parser';
import { FoldingRange, FoldingRangeKind } from 'vscode-languageserver-types';
import type { JsonNode } from '../../server/src/service/document/jsonTree';
import type { PearlDocument } from '../../server/src/service/pearlLanguageService';
import { parse, service } from '../helpers/documents';
import { exampleAndTemplateTexts } from '../helpers/fixtures';

const seed = process.env.PEARL_FC_SEED ? Number(process.env.PEARL_FC_SEED) : 20_261_207;
const runs = process.env.PEARL_FC_RUNS ? Number(process.env.PEARL_FC_RUNS) : 60;

const bases = exampleAndTemplateTexts();

/** The earlier implementation: a scan of every token, every range, a sort, the outermost per line. */
function reference(doc: PearlDocument, rangeLimit?: number): FoldingRange[] {
  const textDocument = doc.textDocument;
  const text = textDocument.getText();
  const ranges: FoldingRange[] = [];
  const stack: JsonNode[] = doc.root ? [doc.root] : [];
  for (let node = stack.pop(); node; node = stack.pop()) {
    if (node.children) for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]);
    if (node.type !== 'object' && node.type !== 'array') continue;
    const start = textDocument.positionAt(node.offset);
    const closeOffset = node.offset + node.length - 1;
    const close = textDocument.positionAt(closeOffset);
    const endLine =
      text[closeOffset] === (node.type === 'object' ? '}' : ']')
        ? /^[ \t]*$/.test(text.slice(closeOffset - close.character, closeOffset))
          ? close.line - 1
          : close.line
        : textDocument.positionAt(node.offset + node.length).line;
    if (endLine > start.line) ranges.push({ startLine: start.line, endLine });
  }
  const scanner = createScanner(text, false);
  let run: { startLine: number; endLine: number } | undefined;
  const closeRun = (): void => {
    if (run && run.endLine > run.startLine) ranges.push({ ...run, kind: FoldingRangeKind.Comment });
    run = undefined;
  };
  for (let token = scanner.scan(); token !== SyntaxKind.EOF; token = scanner.scan()) {
    const line = textDocument.positionAt(scanner.getTokenOffset()).line;
    if (token === SyntaxKind.LineCommentTrivia) {
      if (run && run.endLine === line - 1) run.endLine = line;
      else {
        closeRun();
        run = { startLine: line, endLine: line };
      }
    } else if (token === SyntaxKind.BlockCommentTrivia) {
      closeRun();
      const endLine = textDocument.positionAt(scanner.getTokenOffset() + scanner.getTokenLength()).line;
      if (endLine > line) ranges.push({ startLine: line, endLine, kind: FoldingRangeKind.Comment });
    } else if (token !== SyntaxKind.Trivia && token !== SyntaxKind.LineBreakTrivia && run && line > run.endLine) closeRun();
  }
  closeRun();
  ranges.sort((a, b) => a.startLine - b.startLine || b.endLine - a.endLine);
  const result: FoldingRange[] = [];
  for (const range of ranges) if (result.length === 0 || result[result.length - 1].startLine !== range.startLine) result.push(range);
  return rangeLimit !== undefined && result.length > rangeLimit ? result.slice(0, rangeLimit) : result;
}

/** A comment put in at a line: alone on a line before it, after the line's text, or a block over lines (starting on that line's text or before it). */
const insertion = fc.record({
  at: fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
  kind: fc.constantFrom('alone', 'after', 'block', 'oneLineBlock', 'trailingBlock'),
  lines: fc.integer({ min: 1, max: 3 }),
});

function withComments(text: string, insertions: readonly { at: number; kind: string; lines: number }[]): string {
  const lines = text.split('\n');
  for (const { at, kind, lines: count } of insertions) {
    const index = Math.floor(at * lines.length);
    const indent = /^\s*/.exec(lines[index])?.[0] ?? '';
    if (kind === 'after') lines[index] = `${lines[index]} // after`;
    else if (kind === 'alone') lines.splice(index, 0, ...Array.from({ length: count }, (_, i) => `${indent}// note ${i}`));
    else if (kind === 'trailingBlock') {
      lines[index] = `${lines[index]} /* trailing`;
      lines.splice(index + 1, 0, ...Array.from({ length: count - 1 }, () => `${indent} * more`), `${indent} */`);
    } else if (kind === 'block')
      lines.splice(index, 0, `${indent}/* block`, ...Array.from({ length: count - 1 }, () => `${indent} * more`), `${indent} */`);
    else lines.splice(index, 0, `${indent}/* one line */`);
  }
  return lines.join('\n');
}

test('folding ranges read from the parse and merged in document order are those of a scan of every token, sorted', () => {
  fc.assert(
    fc.property(
      fc.nat({ max: bases.length - 1 }),
      fc.array(insertion, { maxLength: 8 }),
      fc.option(fc.nat({ max: 40 }), { nil: undefined }),
      (which, insertions, rangeLimit) => {
        const doc = parse(withComments(bases[which], insertions));
        assert.deepEqual(service.getFoldingRanges(doc, { rangeLimit }), reference(doc, rangeLimit));
      },
    ),
    { seed, numRuns: runs },
  );
});
