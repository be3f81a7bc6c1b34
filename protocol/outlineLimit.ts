// How many document symbols an outline may hold: the `pearl.maxItemsComputed` setting, which the
// server applies to the outline it sends and the VS Code client reads to say the outline was cut.

/** The default of `pearl.maxItemsComputed`: as VS Code's JSON support's `json.maxItemsComputed`. */
export const defaultMaxItemsComputed = 5_000;

/**
 * The `pearl.maxItemsComputed` setting's value as a limit: a whole number from 0 as it is,
 * anything else (absent, negative, a fraction, a string) {@link defaultMaxItemsComputed}. VS Code's
 * settings editor accepts only whole numbers from 0; a settings file may hold anything.
 */
export function readMaxItemsComputed(value: unknown): number {
  return readItemLimit(value) ?? defaultMaxItemsComputed;
}

/**
 * `value` as a limit on how many items to give: a whole number from 0 as it is, anything else
 * undefined (no limit of its own). For the setting, a client's folding `rangeLimit` and the
 * service's outline limit alike.
 */
export function readItemLimit(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : undefined;
}

/** A document symbol of either API (LSP's, VS Code's): `children` only where it has any. */
interface NestedSymbol {
  readonly children?: readonly object[];
}

/**
 * Whether `symbols` (document symbols of either API, or VS Code's symbol information, which has no
 * children) hold at least `count` symbols, counted at every depth (stops counting there): the
 * server asks it of an outline before cutting it, the VS Code client of the outline it gets.
 */
export function symbolCountReaches(symbols: readonly object[], count: number): boolean {
  let counted = 0;
  const stack: (readonly object[])[] = [symbols];
  while (stack.length > 0) {
    const list = stack.pop() as readonly object[];
    counted += list.length;
    if (counted >= count) return true;
    for (const symbol of list) {
      const children = (symbol as NestedSymbol).children;
      if (children && children.length > 0) stack.push(children);
    }
  }
  return false;
}
