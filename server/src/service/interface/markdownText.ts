// Text as markdown that shows exactly that text: what hovers in Pearl files (features/hover.ts)
// and in walks files (walks/walksFeatures.ts) put around names and values from the document.

/**
 * Text from the document or the schemas as markdown that renders exactly that text: every ASCII
 * punctuation character backslash-escaped (CommonMark spec, "Backslash escapes": any ASCII punctuation
 * may be escaped), so that no emphasis, link, image, HTML, entity, list or heading can start, and
 * markdown-it's linkify finds no URL; line breaks become spaces, so that the text stays one
 * paragraph (no blank line, no indented code block).
 */
export function escapeMarkdown(text: string): string {
  return text.replace(/[!-/:-@[-`{-~]/g, '\\$&').replace(/\s*[\r\n]+\s*/g, ' ');
}

/**
 * `text` as one markdown code span, which shows its characters literally: delimited by one more
 * backtick than the longest run inside, padded with a space where the text starts or ends with a
 * backtick (CommonMark spec, "Code spans"); line breaks become spaces.
 */
export function codeSpan(text: string): string {
  const content = text.replace(/[\r\n]+/g, ' ');
  const longestRun = Math.max(0, ...(content.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longestRun + 1);
  const pad =
    content.startsWith('`') || content.endsWith('`') || (content.startsWith(' ') && content.endsWith(' ') && content.trim() !== '')
      ? ' '
      : '';
  return `${fence}${pad}${content}${pad}${fence}`;
}
