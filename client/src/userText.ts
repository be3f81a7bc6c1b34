/**
 * The one path by which a string from a file or from the service reaches the user outside an
 * editor: notifications, modal dialogs, quick picks, tree items and the status bar's tooltip
 * (issue 19, item 11). It imports nothing from `vscode`; `notify.ts` applies it to every message.
 *
 * VS Code draws `[label](command:…)`, `(https:…)` and `(file:…)` in a notification as a link that
 * runs a command or opens a file, `$(name)` in a quick pick, a tree item or the status bar as an
 * icon, and a tooltip's MarkdownString as Markdown. VS Code offers no escaping for a notification's
 * message (it takes a string and always looks for links), so {@link plainText} is written here;
 * for Markdown, `MarkdownString.appendText` leaves `&` (entities), `.`, `:` (autolinks such as
 * `https://x`, `www.x`) and `<` unescaped, so {@link markdownText} escapes every ASCII punctuation
 * character, which CommonMark allows for each of them (its section "Backslash escapes").
 */

/** Longest text of a notification, in UTF-16 units (the rest is cut with `…`). */
export const maxNotificationLength = 1000;

/** Longest text of a tree row, a quick-pick item or a title ({@link plainLabel}), in UTF-16 units. */
export const maxLabelLength = 120;

/**
 * `text` as plain text on one line: line breaks and tabs as one space, spaces at either end
 * dropped; control, bidi, zero-width and line-separator characters shown as `\uXXXX`; a zero-width
 * space between `]` and `(` (no link) and between `$` and `(` (no icon); cut at `maxLength` UTF-16
 * units with `…`, never inside a surrogate pair. Applying it twice gives the same text.
 */
export function plainText(text: string, maxLength = maxNotificationLength): string {
  return cutText(neutralise(text.replace(/[\r\n\t]+/g, ' ').replace(/^\p{Zs}+|\p{Zs}+$/gu, '')), maxLength);
}

/**
 * `text` for a webview page that sets it as DOM text (`textContent`, never HTML or Markdown): on one
 * line, spaces at either end dropped, invisible characters shown as `\uXXXX`, cut at `maxLength`
 * with `…`. No zero-width space is added: a page draws no link or icon from text, and the text
 * goes on into exports (CSV) as the service sent it.
 */
export function pageText(text: string, maxLength = maxNotificationLength): string {
  return cutText(showInvisible(text.replace(/[\r\n\t]+/g, ' ').replace(/^\p{Zs}+|\p{Zs}+$/gu, '')), maxLength);
}

/** {@link plainText} cut at {@link maxLabelLength}: a tree row's label or tooltip, a quick-pick item, a title. */
export function plainLabel(text: string): string {
  return plainText(text, maxLabelLength);
}

/** Like {@link plainText} but keeps line breaks (`\n`): for a modal dialog's detail, which shows them. */
export function plainLines(text: string, maxLength = 4 * maxNotificationLength): string {
  return cutText(neutralise(text.replace(/\r\n?/g, '\n').replace(/\t/g, ' ')), maxLength);
}

/**
 * `text` for a MarkdownString (trusted or not, theme icons or not) that shows exactly
 * {@link plainText}: every ASCII punctuation character backslash-escaped, so no emphasis, link,
 * autolink, entity, HTML, list or heading can start in it.
 */
export function markdownText(text: string, maxLength = maxNotificationLength): string {
  return plainText(text, maxLength).replace(/[!-/:-@[-`{-~]/g, '\\$&');
}

/**
 * Invisible characters shown, then a zero-width space between `]` and `(` and between `$` and `(`.
 * A zero-width space already in that place (a text made plain before) is kept, so that a second
 * pass changes nothing.
 */
function neutralise(text: string): string {
  return showInvisible(text)
    .replace(/(?<=[\]$] *)\\u200B(?=\()/g, '\u200b')
    .replace(/(\] *)\(/g, '$1\u200b(')
    .replace(/\$\(/g, '$\u200b(');
}

/**
 * `text` with each control character (but tab and line breaks), invisible formatting character
 * (bidi controls, zero-width spaces), line or paragraph separator and lone surrogate written as
 * `\uXXXX`: in a notification, a diagnostic or a page they could hide or reorder the text around
 * them. The step of {@link plainText} that the API client's error excerpts also use.
 */
export function showInvisible(text: string): string {
  return text.replace(
    /(?![\t\n\r])[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/gu,
    (char) => `\\u${char.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`,
  );
}

/** `text` cut at `maxLength` UTF-16 units with `…` (never inside a surrogate pair); shorter text as is. */
export function cutText(text: string, maxLength: number): string {
  if (text.length <= maxLength) return text;
  let end = Math.max(0, maxLength - 1);
  const code = text.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end -= 1;
  return `${text.slice(0, end)}…`;
}
