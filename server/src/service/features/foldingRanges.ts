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
 * Containers are visited in document order and the visit stops once `rangeLimit` ranges are
 * found (VS Code asks for at most 5,000); the comments are the parse's (no scan of the text).
 * Linear in the size of the document; never recursive.
 */
export function getFoldingRanges(doc: PearlDocument, context: FoldingRangeContext = {}): FoldingRange[] {
  const limit = context.rangeLimit !== undefined && context.rangeLimit >= 0 ? context.rangeLimit : Infinity;
  const containers = containerRanges(doc, context.collapsedText === true, limit);
  const comments = commentRanges(doc);
  if (comments.length === 0) return containers.length > limit ? containers.slice(0, limit) : containers;
  // Both lists are in document order: merge them, the outermost of ranges starting on one line
  // kept (the longer; a container before a comment of the same length).
  const result: FoldingRange[] = [];
  let c = 0;
  let m = 0;
  while ((c < containers.length || m < comments.length) && result.length < limit) {
    const container = containers[c];
    const comment = comments[m];
    const takeContainer =
      comment === undefined ||
      (container !== undefined &&
        (container.startLine < comment.startLine || (container.startLine === comment.startLine && container.endLine >= comment.endLine)));
    const range = takeContainer ? containers[c++] : comments[m++];
    if (result.length > 0 && result[result.length - 1].startLine === range.startLine) continue;
    result.push(range);
  }
  return result;
}

/**
 * The ranges of the multi-line objects and arrays in document order (a container before what it
 * holds), the first of each start line only (the outermost: what it holds ends no later), at most
 * `limit` of them.
 */
function containerRanges(doc: PearlDocument, withCollapsedText: boolean, limit: number): FoldingRange[] {
  if (!doc.root) return [];
  const textDocument = doc.textDocument;
  const text = textDocument.getText();
  const names = withCollapsedText ? symbolNamesByRange(doc) : new Map<string, string>();
  const ranges: FoldingRange[] = [];
  const stack: JsonNode[] = [doc.root];
  for (let node = stack.pop(); node && ranges.length < limit; node = stack.pop()) {
    if (node.children) {
      for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]);
    }
    if (node.type !== 'object' && node.type !== 'array') continue;
    const startLine = textDocument.positionAt(node.offset).line;
    if (ranges.length > 0 && ranges[ranges.length - 1].startLine === startLine) continue;
    const closeOffset = node.offset + node.length - 1;
    let endLine: number;
    if (text[closeOffset] === (node.type === 'object' ? '}' : ']')) {
      const closeLine = textDocument.positionAt(closeOffset).line;
      endLine = startsItsLine(text, closeOffset) ? closeLine - 1 : closeLine;
    } else {
      // An unclosed container (malformed text) runs to the end of the text: fold all of it.
      endLine = textDocument.positionAt(node.offset + node.length).line;
    }
    if (endLine <= startLine) continue;
    const range: FoldingRange = { startLine, endLine };
    const name = names.get(`${node.offset}:${node.length}`);
    if (name !== undefined) range.collapsedText = name.length > maxCollapsedText ? `${name.slice(0, maxCollapsedText - 1)}…` : name;
    ranges.push(range);
  }
  return ranges;
}

/** Whether only spaces and tabs come before `offset` on its line. */
function startsItsLine(text: string, offset: number): boolean {
  for (let i = offset - 1; i >= 0; i--) {
    const code = text.charCodeAt(i);
    if (code === 0x0a || code === 0x0d) return true;
    if (code !== 0x20 && code !== 0x09) return false;
  }
  return true;
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

/**
 * The ranges of the multi-line block comments and of the runs of line comments on consecutive
 * lines (a line comment after code on its line starts a run; one before which code stands on its
 * line ends the run before it), in document order, from the parse's comments.
 */
function commentRanges(doc: PearlDocument): FoldingRange[] {
  const comments = doc.comments;
  if (comments.length === 0) return [];
  const textDocument = doc.textDocument;
  const text = textDocument.getText();
  const ranges: FoldingRange[] = [];
  // The current run of line comments.
  let run: { startLine: number; endLine: number } | undefined;
  const closeRun = (): void => {
    if (run && run.endLine > run.startLine) ranges.push({ ...run, kind: FoldingRangeKind.Comment });
    run = undefined;
  };
  for (const { offset, length } of comments) {
    const line = textDocument.positionAt(offset).line;
    if (text.charCodeAt(offset + 1) === 0x2f /* a line comment */) {
      if (run && run.endLine === line - 1 && startsItsLine(text, offset)) run.endLine = line;
      else {
        closeRun();
        run = { startLine: line, endLine: line };
      }
    } else {
      closeRun();
      const endLine = textDocument.positionAt(offset + length).line;
      if (endLine > line) ranges.push({ startLine: line, endLine, kind: FoldingRangeKind.Comment });
    }
  }
  closeRun();
  return ranges;
}
