import { DocumentLink } from 'vscode-languageserver-types';
import { spanToRange } from '../document/textSpan';
import { findNodeAtOffset, getPropertyNode, JsonNode } from '../document/jsonTree';
import type { PearlDocument } from '../document/pearlDocument';
import { stringContentSpan } from '../document/variableReferences';

/**
 * An https URL in a string's raw text: up to a space, a quote, a backslash (an escape: the raw text
 * is not the URL), angle brackets or braces.
 */
const urlPattern = /https:\/\/[^\s"\\<>{}]+/g;

/** Punctuation that ends a sentence rather than a URL ("see https://example.com/help."). */
const trailingPunctuation = /[.,;:!?')\]]+$/;

/**
 * The links of a Pearl file:
 * - the `$schema` value, to the schema file it names, resolved against the document's own URI
 *   (`../schemas/text-pearl.schema.json`); an https URL as it is; any other scheme (`command:`)
 *   is not linked, nor a path on another host than the document's (`file://host/share/…`,
 *   `//host/…`, `\\host\share\…`: an SMB connection on Windows);
 * - each `https://` URL in a string value (webhook and endpoint URLs, links in scripts), the
 *   URL's own range inside the string. A URL followed by a `{variable}` reference
 *   (`https://api.example.com/orders/{order_id}`) is not linked: only the service knows the
 *   address it becomes.
 * Property names are never links. Linear in the size of the document (a native search of the
 * text), plus a lookup in the tree per `https://` written.
 */
export function findDocumentLinks(doc: PearlDocument): DocumentLink[] {
  const root = doc.root;
  if (!root) return [];
  const text = doc.textDocument.getText();
  const links: DocumentLink[] = [];
  const schemaNode = getPropertyNode(root, '$schema');
  // Only the strings holding `https://` are read: each occurrence in the text, in document order,
  // is looked up in the tree (one in a key, a comment or a string left out of the tree is none).
  let last: JsonNode | undefined;
  for (let at = text.indexOf('https://'); at >= 0; at = text.indexOf('https://', at + 1)) {
    const node = findNodeAtOffset(root, at);
    if (!node || node === last || node.type !== 'string' || node === schemaNode) continue;
    last = node;
    if (node.parent?.type === 'property' && node.parent.children?.[0] === node) continue;
    links.push(...urlLinks(doc, text, node));
  }
  const schemaLink = schemaNode?.type === 'string' ? schemaFileLink(doc, text, schemaNode) : undefined;
  return schemaLink ? [schemaLink, ...links] : links;
}

function urlLinks(doc: PearlDocument, text: string, node: JsonNode): DocumentLink[] {
  const { start, end } = stringContentSpan(text, node);
  const raw = text.slice(start, end);
  if (!raw.includes('https://')) return [];
  const links: DocumentLink[] = [];
  urlPattern.lastIndex = 0;
  for (let match = urlPattern.exec(raw); match; match = urlPattern.exec(raw)) {
    if (raw[match.index + match[0].length] === '{') continue;
    const url = match[0].replace(trailingPunctuation, '');
    if (!isUrl(url) || url.length <= 'https://'.length) continue;
    links.push({ range: spanToRange(doc, { offset: start + match.index, length: url.length }), target: url, tooltip: 'Open the link' });
  }
  return links;
}

function schemaFileLink(doc: PearlDocument, text: string, node: JsonNode): DocumentLink | undefined {
  const value = (node.value as string).trim();
  if (value === '') return undefined;
  let target: string;
  try {
    // Relative paths resolve against hierarchical URIs only (file:, vscode-remote:, not untitled:).
    const base = /^[a-z][a-z0-9+.-]*:\/\//i.test(doc.textDocument.uri) ? doc.textDocument.uri : undefined;
    const url = new URL(value, base);
    // A file next to the document, or a published schema: never a command: or javascript: link.
    if (url.protocol !== 'file:' && url.protocol !== 'https:' && url.protocol !== doc.textDocument.uri.split(':')[0] + ':')
      return undefined;
    // Never another machine: `file://host/share`, `//host/x` and `\\host\share` all become
    // `file://host/…`, which Windows opens over SMB (sending the user's credentials).
    if (url.protocol !== 'https:' && url.host !== hostOf(base)) return undefined;
    target = url.href;
  } catch {
    return undefined;
  }
  const { start, end } = stringContentSpan(text, node);
  return { range: spanToRange(doc, { offset: start, length: end - start }), target, tooltip: 'Open the schema' };
}

/** The host of the URI `base` (`''` for `file:///…` and for no base). */
function hostOf(base: string | undefined): string {
  if (base === undefined) return '';
  try {
    return new URL(base).host;
  } catch {
    return '';
  }
}

function isUrl(candidate: string): boolean {
  try {
    return new URL(candidate).protocol === 'https:';
  } catch {
    return false;
  }
}
