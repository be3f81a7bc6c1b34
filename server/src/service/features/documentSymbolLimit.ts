import type { DocumentSymbol } from 'vscode-languageserver-types';
import { readItemLimit, symbolCountReaches } from '#protocol/outlineLimit';

/**
 * How many document symbols an outline may hold (`findDocumentSymbols`' context), as VS Code's JSON
 * support has it (`json.maxItemsComputed`, vscode-json-languageservice's `resultLimit`): the editor
 * asks for the outline after every pause in typing (the breadcrumbs, the Outline view, sticky
 * scroll), and a 5,000-node Pearl's outline of some 17,000 symbols is about 4.6 MB to send and for
 * the editor to read each time.
 */
export interface DocumentSymbolsContext {
  /**
   * The most symbols returned, counted at every depth (a whole number from 0); undefined, negative
   * or not a whole number: no limit. The server passes the `pearl.maxItemsComputed` setting (5,000
   * by default: protocol/outlineLimit.ts).
   */
  readonly resultLimit?: number;
}

/**
 * `symbols` with at most `limit` symbols in all, taken breadth first: the upper levels stay whole
 * (the Pearl, its sections, then its nodes in document order) and what is left out is the deepest
 * symbols, the last in the file first. A symbol kept keeps the children that fit, in their order,
 * and has no `children` when none fits. The same array when it is within the limit (or the limit
 * is not a whole number from 0); otherwise copies of the kept symbols (`symbols` is not changed: the
 * outline is kept for the next parse). Linear in the symbols.
 */
export function limitDocumentSymbols(symbols: DocumentSymbol[], limit: number | undefined): DocumentSymbol[] {
  const max = readItemLimit(limit);
  if (max === undefined || !symbolCountReaches(symbols, max + 1)) return symbols;
  // The outline is kept while typing in strings it does not read: so is its cut.
  const kept = limitedOutlines.get(symbols);
  if (kept?.limit === max) return kept.symbols;
  const result = takeBreadthFirst(symbols, max);
  limitedOutlines.set(symbols, { limit: max, symbols: result });
  return result;
}

/** The last cut of each outline, with its limit. */
const limitedOutlines = new WeakMap<DocumentSymbol[], { readonly limit: number; readonly symbols: DocumentSymbol[] }>();

/** The first `limit` symbols of `symbols` breadth first, copied, as {@link limitDocumentSymbols} gives them. */
function takeBreadthFirst(symbols: readonly DocumentSymbol[], limit: number): DocumentSymbol[] {
  const result: DocumentSymbol[] = [];
  // Breadth first: each symbol waiting, with the copy of its parent (undefined at the top). A
  // copy gets its `children` list with its first child that fits.
  const waiting: DocumentSymbol[] = symbols.slice();
  const parents: (DocumentSymbol | undefined)[] = symbols.map(() => undefined);
  for (let i = 0; i < waiting.length && i < limit; i++) {
    const { children, ...copy } = waiting[i];
    const parent = parents[i];
    if (parent) (parent.children ??= []).push(copy);
    else result.push(copy);
    // Symbols past the limit's place in the order are never taken.
    if (!children || waiting.length >= limit) continue;
    for (const child of children) {
      waiting.push(child);
      parents.push(copy);
    }
  }
  return result;
}
