import type { DocumentSymbol } from 'vscode-languageserver-types';

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
  if (limit === undefined || !Number.isInteger(limit) || limit < 0 || countWithin(symbols, limit)) return symbols;
  // The outline is kept while typing in strings it does not read: so is its cut.
  const kept = limitedOutlines.get(symbols);
  if (kept?.limit === limit) return kept.symbols;
  const result = takeBreadthFirst(symbols, limit);
  limitedOutlines.set(symbols, { limit, symbols: result });
  return result;
}

/** The last cut of each outline, with its limit. */
const limitedOutlines = new WeakMap<DocumentSymbol[], { readonly limit: number; readonly symbols: DocumentSymbol[] }>();

/** The first `limit` symbols of `symbols` breadth first, copied, as {@link limitDocumentSymbols} gives them. */
function takeBreadthFirst(symbols: readonly DocumentSymbol[], limit: number): DocumentSymbol[] {
  const result: DocumentSymbol[] = [];
  // Breadth first: each symbol waiting, with the list its copy goes into (its parent copy's children).
  const waiting: DocumentSymbol[] = symbols.slice();
  const into: DocumentSymbol[][] = symbols.map(() => result);
  let budget = limit;
  for (let i = 0; i < waiting.length && budget > 0; i++) {
    const { children, ...symbol } = waiting[i];
    const copy: DocumentSymbol = symbol;
    into[i].push(copy);
    budget--;
    if (!children || children.length === 0) continue;
    const list: DocumentSymbol[] = [];
    copy.children = list;
    for (const child of children) {
      waiting.push(child);
      into.push(list);
    }
  }
  dropEmptyChildren(result);
  return result;
}

/** Whether `symbols` hold at most `limit` symbols at every depth (stops counting past it). */
function countWithin(symbols: readonly DocumentSymbol[], limit: number): boolean {
  let count = 0;
  const stack: (readonly DocumentSymbol[])[] = [symbols];
  while (stack.length > 0) {
    const list = stack.pop() as readonly DocumentSymbol[];
    count += list.length;
    if (count > limit) return false;
    for (const symbol of list) if (symbol.children && symbol.children.length > 0) stack.push(symbol.children);
  }
  return true;
}

/** Removes the `children` lists no child fitted into (LSP makes the property optional; the outline sends no empty list). */
function dropEmptyChildren(symbols: DocumentSymbol[]): void {
  for (const symbol of symbols) {
    if (!symbol.children) continue;
    if (symbol.children.length === 0) delete symbol.children;
    else dropEmptyChildren(symbol.children);
  }
}
