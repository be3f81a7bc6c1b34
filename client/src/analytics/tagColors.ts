/**
 * The one place that says which CSS colour draws an indicator tag (a CallLabel) in the analytics
 * page. The interface gives a tag's `color` as an integer enumeration (docs/interface.md
 * § Enumerations: 1 purple, 2 red, 3 yellow, 4 green, 5 blue, 6 pink, 7 teal, 8 lime or gradient1,
 * 9 gradient2); the analytics answer gives it as a string (docs/user/analytics.md § The service's
 * answer), which may be the number (`"4"`), the name (`"green"`, any case) or a CSS hex colour
 * (`#2e7d32`). The colours below are mid-tone, readable on light and dark backgrounds; the two
 * gradients, which a chart cannot fill, take their first colour.
 */

/** A tag colour of the interface: its number, its name(s) and the CSS colour the page draws it with. */
export interface TagColor {
  readonly value: number;
  readonly name: string;
  readonly css: string;
}

/** The interface's tag colours, by number (8 has two names; the first is shown). */
export const tagColors: readonly TagColor[] = [
  { value: 1, name: 'purple', css: '#8e5cd9' },
  { value: 2, name: 'red', css: '#e5484d' },
  { value: 3, name: 'yellow', css: '#d4a20b' },
  { value: 4, name: 'green', css: '#30a46c' },
  { value: 5, name: 'blue', css: '#3e83f8' },
  { value: 6, name: 'pink', css: '#d6409f' },
  { value: 7, name: 'teal', css: '#12a594' },
  { value: 8, name: 'lime', css: '#7cb518' },
  { value: 9, name: 'gradient2', css: '#6e56cf' },
];

/** Other names of the same values: 8 is also `gradient1` in the interface. */
const aliases: Readonly<Record<string, number>> = { gradient1: 8 };

/** The colour drawn for a colour string the page does not know: a neutral grey. */
export const unknownTagColor = '#8b8b8b';

/**
 * The CSS colour and the name to show for a tag's `color` string: a number 1–9 or a name of
 * {@link tagColors} (any case, spaces ignored), a hex colour `#rgb` or `#rrggbb` kept as it is, anything
 * else grey and named "unknown colour".
 */
export function tagColorOf(color: string): { css: string; name: string } {
  const text = color.trim().toLowerCase().replace(/\s+/g, '');
  if (/^#([0-9a-f]{3}|[0-9a-f]{6})$/.test(text)) return { css: text, name: text };
  const value = /^\d{1,2}$/.test(text) ? Number(text) : (aliases[text] ?? tagColors.find((entry) => entry.name === text)?.value);
  const known = tagColors.find((entry) => entry.value === value);
  return known ? { css: known.css, name: known.name } : { css: unknownTagColor, name: 'unknown colour' };
}
