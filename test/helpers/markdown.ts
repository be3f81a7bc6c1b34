import * as assert from 'node:assert/strict';
import MarkdownIt from 'markdown-it';

// Rendered as VS Code renders markdown (markdown-it), with raw HTML and linkify on: the strictest.
const renderer = new MarkdownIt({ html: true, linkify: true });

/** Tags the Pearl hovers and the status bar's tooltip themselves use; any other tag in the rendered HTML came from the file. */
const ownTags = new Set(['p', 'strong', 'em', 'code', 'ul', 'li', 'hr', 'br']);

/** Strings from a hostile file: code-span breakers, images, links, HTML, entities, block syntax. */
export const hostileStrings: readonly string[] = [
  'x`![i](https://evil.test/i.png)`',
  '<img src="https://evil.test/p.png"> [link](https://evil.test) **bold** _em_',
  '``` fence <script>alert(1)</script>',
  'see https://evil.test/a.png and www.evil.test &lt;b&gt; &#60;i&#62;',
  'line\n\n    indented code\n# heading\n- item\n1. item\n> quote\n---',
];

/**
 * Asserts that the markdown `value` renders `literal` as plain text: no tag but the hovers' own,
 * and the text, whitespace aside, shown as it is in the file.
 */
export function assertRendersLiterally(value: string, literal: string): void {
  const html = renderer.render(value);
  const tags = [...html.matchAll(/<\/?([a-zA-Z][a-zA-Z0-9]*)/g)].map((match) => match[1].toLowerCase());
  assert.deepEqual(
    tags.filter((tag) => !ownTags.has(tag)),
    [],
    html,
  );
  const text = html
    .replace(/<[^>]*>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');
  const normalise = (s: string): string => s.replace(/\s+/g, ' ');
  assert.ok(normalise(text).includes(normalise(literal)), `${JSON.stringify(literal)} not shown literally in:\n${html}`);
}
