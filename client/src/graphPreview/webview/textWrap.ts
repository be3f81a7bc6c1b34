/**
 * Word wrap and truncation of node names and transition labels, in time linear in the length of
 * the text: only a bounded prefix of the text can ever be shown (a few lines of a few hundred
 * pixels), so the text is cut to {@link maxShownChars} first, and every line is found by a binary
 * search over measured prefixes rather than by shortening a candidate one character at a time.
 */

/** Width in px of a piece of text, in the style being wrapped. */
export type Measure = (text: string) => number;

/**
 * Most UTF-16 code units of a text that wrapping looks at. A line of at most a few hundred px holds
 * far fewer characters, even narrow ones; whatever lies beyond is replaced by "…".
 */
export const maxShownChars = 600;

/**
 * Greedy word wrap of `text` into at most `maxLines` lines no wider than `maxWidth` (px, as told by
 * `width`). A word wider than a line is cut; when text is left over the last line ends with "…".
 * Returns at least one line (`''` for blank text). Linear in `text.length`: the text is cut to
 * {@link maxShownChars} code units before anything is measured, and each measured piece is at
 * most that long.
 */
export function wrapText(text: string, maxWidth: number, maxLines: number, width: Measure): string[] {
  const clipped = clip(text.trim(), maxShownChars);
  let rest = clipped.replace(/\s+/g, ' ');
  const lines: string[] = [];
  while (rest.length > 0 && lines.length < maxLines) {
    const end = lineEnd(rest, maxWidth, width);
    lines.push(rest.slice(0, end).trimEnd());
    rest = rest.slice(end).trimStart();
  }
  const truncated = rest.length > 0 || clipped.length < text.trim().length;
  if (truncated && lines.length > 0) lines[lines.length - 1] = withEllipsis(lines[lines.length - 1], maxWidth, width);
  return lines.length > 0 ? lines : [''];
}

/**
 * Where the first line of `text` ends: after the last space that keeps the line within `maxWidth`,
 * or, when even the first word is too wide, after as many characters of it as fit (at least one).
 */
function lineEnd(text: string, maxWidth: number, width: Measure): number {
  if (width(text) <= maxWidth) return text.length;
  // The longest prefix that fits, by binary search over prefix lengths (widths grow with length).
  let low = 1;
  let high = text.length;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (width(text.slice(0, middle)) <= maxWidth) low = middle;
    else high = middle - 1;
  }
  low = keepSurrogatePair(text, low);
  // Break at the last space of that prefix when there is one (the space stays with the next line).
  const space = text.lastIndexOf(' ', low);
  return space > 0 ? space : low;
}

/** `line` shortened until `line…` fits in `maxWidth` (binary search), with the ellipsis. */
function withEllipsis(line: string, maxWidth: number, width: Measure): string {
  let low = 0;
  let high = line.length;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (width(`${line.slice(0, middle)}…`) <= maxWidth) low = middle;
    else high = middle - 1;
  }
  return `${line.slice(0, keepSurrogatePair(line, Math.max(low, 1))).trimEnd()}…`;
}

/** The first `max` code units of `text`, without splitting a surrogate pair. */
export function clip(text: string, max: number): string {
  return text.length <= max ? text : text.slice(0, keepSurrogatePair(text, max));
}

/** `index`, moved back by one when it falls between the two halves of a surrogate pair. */
function keepSurrogatePair(text: string, index: number): number {
  if (index <= 0 || index >= text.length) return index;
  const code = text.charCodeAt(index);
  return code >= 0xdc00 && code <= 0xdfff && index > 1 ? index - 1 : index;
}
