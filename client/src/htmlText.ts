// Text from a file or the service placed into a webview page's HTML, by the host that writes the
// page (graph preview, analytics, call view). Imports nothing: every host and test can use it.

/** `value` escaped for HTML text or a double-quoted attribute: `& < > " '` as numeric entities. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
