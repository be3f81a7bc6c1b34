import { createScanner, SyntaxKind } from 'jsonc-parser';
import { DocumentSymbol, FoldingRange, FoldingRangeKind } from 'vscode-languageserver-types';
import { findDocumentSymbols } from './documentSymbols';
import type { JsonNode } from '../document/jsonTree';
import type { PearlDocument } from '../document/pearlDocument';

/** What the client can show (LSP 3.17 `FoldingRangeClientCapabilities`). */
export interface FoldingRangeContext {
  /** The most ranges the client wants (`rangeLimit`); the first ones in document order are kept. */
  readonly rangeLimit?: number;
  /** Whether the client shows `collapsedText` (`foldingRange.foldingRange.collapsedText`). */
  readonly collapsedText?: boolean;
}

/** Longest collapsed text shown for a folded object, in characters. */
const maxCollapsedText = 80;

/**
 * Folding ranges of a Pearl file, in document order:
 * - each object and array spanning several lines, from the line of its opening bracket to the line
 *   before its closing one when that bracket starts its line (it stays visible, as in VS Code's JSON);
 *   of ranges starting on the same line only the outermost is kept;
 * - each block comment spanning several lines and each run of two or more line comments (kind `comment`).
 * With `collapsedText`, a folded object the outline names (a node, transition, variable, indicator
 * tag, calling-hours window, the Pearl itself) shows that name: `talk — Ask the question`.
 * Linear in the size of the document; never recursive.
 */
export function getFoldingRanges(doc: PearlDocument, context: FoldingRangeContext = {}): FoldingRange[] {
  const ranges = [...containerRanges(doc, context.collapsedText === true), ...commentRanges(doc)];
  ranges.sort((a, b) => a.startLine - b.startLine || b.endLine - a.endLine);
  const result: FoldingRange[] = [];
  for (const range of ranges) {
    // The outermost of ranges starting on one line: an editor folds one range per line.
    if (result.length > 0 && result[result.length - 1].startLine === range.startLine) continue;
    result.push(range);
  }
  const limit = context.rangeLimit;
  return limit !== undefined && limit >= 0 && result.length > limit ? result.slice(0, limit) : result;
}

function containerRanges(doc: PearlDocument, withCollapsedText: boolean): FoldingRange[] {
  if (!doc.root) return [];
  const textDocument = doc.textDocument;
  const text = textDocument.getText();
  const names = withCollapsedText ? symbolNamesByRange(doc) : new Map<string, string>();
  const ranges: FoldingRange[] = [];
  const stack: JsonNode[] = [doc.root];
  for (let node = stack.pop(); node; node = stack.pop()) {
    if (node.children) {
      for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]);
    }
    if (node.type !== 'object' && node.type !== 'array') continue;
    const start = textDocument.positionAt(node.offset);
    const closeOffset = node.offset + node.length - 1;
    const close = textDocument.positionAt(closeOffset);
    let endLine: number;
    if (text[closeOffset] === (node.type === 'object' ? '}' : ']')) {
      endLine = /^[ \t]*$/.test(text.slice(closeOffset - close.character, closeOffset)) ? close.line - 1 : close.line;
    } else {
      // An unclosed container (malformed text) runs to the end of the text: fold all of it.
      endLine = textDocument.positionAt(node.offset + node.length).line;
    }
    if (endLine <= start.line) continue;
    const range: FoldingRange = { startLine: start.line, endLine };
    const name = names.get(`${node.offset}:${node.length}`);
    if (name !== undefined) range.collapsedText = name.length > maxCollapsedText ? `${name.slice(0, maxCollapsedText - 1)}…` : name;
    ranges.push(range);
  }
  return ranges;
}

/** The outline's name of each object it spans exactly, keyed by `offset:length`. */
function symbolNamesByRange(doc: PearlDocument): Map<string, string> {
  const textDocument = doc.textDocument;
  const names = new Map<string, string>();
  const text = textDocument.getText();
  const stack: DocumentSymbol[] = [...findDocumentSymbols(doc)];
  for (let symbol = stack.pop(); symbol; symbol = stack.pop()) {
    const offset = textDocument.offsetAt(symbol.range.start);
    const length = textDocument.offsetAt(symbol.range.end) - offset;
    if (text[offset] === '{') names.set(`${offset}:${length}`, symbol.name);
    stack.push(...(symbol.children ?? []));
  }
  return names;
}

function commentRanges(doc: PearlDocument): FoldingRange[] {
  const textDocument = doc.textDocument;
  const scanner = createScanner(textDocument.getText(), false);
  const ranges: FoldingRange[] = [];
  // The current run of line comments, each alone on its line or after code.
  let run: { startLine: number; endLine: number } | undefined;
  const closeRun = (): void => {
    if (run && run.endLine > run.startLine) ranges.push({ ...run, kind: FoldingRangeKind.Comment });
    run = undefined;
  };
  for (let token = scanner.scan(); token !== SyntaxKind.EOF; token = scanner.scan()) {
    if (token === SyntaxKind.LineCommentTrivia) {
      const line = textDocument.positionAt(scanner.getTokenOffset()).line;
      if (run && run.endLine === line - 1) run.endLine = line;
      else {
        closeRun();
        run = { startLine: line, endLine: line };
      }
    } else if (token === SyntaxKind.BlockCommentTrivia) {
      closeRun();
      const startLine = textDocument.positionAt(scanner.getTokenOffset()).line;
      const endLine = textDocument.positionAt(scanner.getTokenOffset() + scanner.getTokenLength()).line;
      if (endLine > startLine) ranges.push({ startLine, endLine, kind: FoldingRangeKind.Comment });
    } else if (token !== SyntaxKind.Trivia && token !== SyntaxKind.LineBreakTrivia) {
      // Code between two line comments ends the run unless it shares a line with the first one.
      if (run && textDocument.positionAt(scanner.getTokenOffset()).line > run.endLine) closeRun();
    }
  }
  closeRun();
  return ranges;
}
