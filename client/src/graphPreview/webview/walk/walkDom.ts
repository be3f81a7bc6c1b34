/**
 * DOM helpers of the walk panel: every string from the Pearl file or a response goes through
 * `textContent` (never markup), as everywhere in the graph page (renderGraph.ts), so a node named
 * `<img src=x onerror=…>` or a response body holding a script is text.
 */
import type { WalkRenderedText, WalkRequest } from '#protocol/walkTypes';

/** Longest text of a JSON body shown (a response may be 1 MiB); the rest is cut with a note. */
export const maxShownBodyChars = 20_000;

/** Creates `<tag class="className">` with `text` as its text, appended to `parent` when given. */
export function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className?: string,
  text?: string,
  parent?: Element,
): HTMLElementTagNameMap[K] {
  const created = document.createElement(tag);
  if (className !== undefined) created.className = className;
  if (text !== undefined) created.textContent = text;
  parent?.appendChild(created);
  return created;
}

/** A `<button type="button">` with `label`, calling `onClick`. */
export function button(label: string, className: string, onClick: () => void, parent?: Element): HTMLButtonElement {
  const created = element('button', className, label, parent);
  created.type = 'button';
  created.addEventListener('click', onClick);
  return created;
}

/**
 * Appends `rendered` to `parent`: the text as is, each `{id}` whose value is unknown at this point
 * of the walk as a marked `<span class="walk-unknown">` (so it shows as a placeholder, not as words
 * the agent would say).
 */
export function appendRendered(parent: Element, rendered: WalkRenderedText): void {
  const unknown = new Set(rendered.unknown);
  const pattern = /\{([^{}]*)\}/g;
  let last = 0;
  for (let match = pattern.exec(rendered.text); match !== null; match = pattern.exec(rendered.text)) {
    if (!unknown.has(match[1])) continue;
    if (match.index > last) parent.appendChild(document.createTextNode(rendered.text.slice(last, match.index)));
    const placeholder = element('span', 'walk-unknown', match[0], parent);
    placeholder.title = `No value for ${match[1]} is known at this point of the walk`;
    last = match.index + match[0].length;
  }
  if (last < rendered.text.length) parent.appendChild(document.createTextNode(rendered.text.slice(last)));
}

/** A labelled block (`Says`, `Instructions`) holding `rendered`, appended to `parent`. */
export function renderedBlock(parent: Element, label: string, rendered: WalkRenderedText | undefined, className: string): void {
  if (rendered === undefined) return;
  const block = element('div', `walk-block ${className}`, undefined, parent);
  element('div', 'walk-label', label, block);
  const text = element('div', 'walk-text', undefined, block);
  if (rendered.text === '') element('span', 'walk-empty', '(empty)', text);
  else appendRendered(text, rendered);
}

/** `value` as indented JSON in a `<pre>`, cut past {@link maxShownBodyChars}. */
export function jsonBlock(parent: Element, value: unknown, className = 'walk-json'): HTMLPreElement {
  const text = typeof value === 'string' ? value : (JSON.stringify(value, null, 2) ?? String(value));
  const pre = element('pre', className, undefined, parent);
  pre.textContent =
    text.length > maxShownBodyChars ? `${text.slice(0, maxShownBodyChars)}\n… (${text.length - maxShownBodyChars} more characters)` : text;
  return pre;
}

/** The exact request of an API or PreCallAPI node: method and URL, headers, JSON body, unknown values. */
export function requestBlock(parent: Element, request: WalkRequest): HTMLElement {
  const block = element('div', 'walk-block walk-request', undefined, parent);
  element('div', 'walk-label', 'Request', block);
  const line = element('div', 'walk-request-line', undefined, block);
  element('span', 'walk-method', request.method, line);
  line.appendChild(document.createTextNode(' '));
  appendRendered(element('span', 'walk-url', undefined, line), request.url);
  const headers = Object.entries(request.headers);
  if (headers.length > 0) {
    const table = element('table', 'walk-headers', undefined, block);
    for (const [name, value] of headers) {
      const row = element('tr', undefined, undefined, table);
      element('th', undefined, name, row);
      element('td', undefined, value, row);
    }
  }
  if (request.body !== undefined) jsonBlock(block, request.body);
  if (request.unknown.length > 0) {
    element('p', 'walk-note', `Unknown values: ${request.unknown.map((id) => `{${id}}`).join(', ')}.`, block);
  }
  return block;
}
