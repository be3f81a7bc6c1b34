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
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : defaultMaxItemsComputed;
}
