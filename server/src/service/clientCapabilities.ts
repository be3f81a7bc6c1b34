import { CompletionItem, CompletionList, Hover, InsertTextFormat, MarkupContent, MarkupKind } from 'vscode-languageserver-types';

/**
 * What the client can show, as far as the service's answers depend on it: the same paths as the
 * LSP `ClientCapabilities` (so the server passes the `initialize` request's capabilities as they
 * are), read as LSP reads them: what the client does not declare, it does not support (plain text,
 * no snippets, no `labelDetails`). {@link fullClientCapabilities} is the default of a service
 * created without them.
 */
export interface ClientCapabilities {
  readonly textDocument?: {
    /** `contentFormat`: the hover formats the client renders, preferred first. */
    readonly hover?: { readonly contentFormat?: readonly string[] };
    readonly completion?: {
      readonly completionItem?: {
        readonly snippetSupport?: boolean;
        readonly labelDetailsSupport?: boolean;
        /** The documentation formats the client renders, preferred first. */
        readonly documentationFormat?: readonly string[];
      };
    };
  };
}

/** A client that takes everything the service produces: markdown, snippets and `labelDetails`. */
export const fullClientCapabilities: ClientCapabilities = {
  textDocument: {
    hover: { contentFormat: [MarkupKind.Markdown, MarkupKind.PlainText] },
    completion: {
      completionItem: { snippetSupport: true, labelDetailsSupport: true, documentationFormat: [MarkupKind.Markdown, MarkupKind.PlainText] },
    },
  },
};

/** Whether a `contentFormat`/`documentationFormat` list declares markdown. */
function allowsMarkdown(formats: readonly string[] | undefined): boolean {
  return formats?.includes(MarkupKind.Markdown) === true;
}

/**
 * The plain text a markdown string of the service shows: backslash escapes resolved, code spans
 * shown as their content, emphasis markers dropped. Exact for the markdown the service writes,
 * where every string from the file is escaped (`escapeMarkdown`) or a code span (`codeSpan`).
 */
export function markdownToPlainText(markdown: string): string {
  let text = '';
  for (let i = 0; i < markdown.length; ) {
    const char = markdown[i];
    if (char === '\\' && /[!-/:-@[-`{-~]/.test(markdown[i + 1] ?? '')) {
      text += markdown[i + 1];
      i += 2;
    } else if (char === '`') {
      const fence = /^`+/.exec(markdown.slice(i))![0];
      const close = markdown.indexOf(fence, i + fence.length);
      if (close < 0) {
        text += fence;
        i += fence.length;
        continue;
      }
      const content = markdown.slice(i + fence.length, close);
      text += content.length > 2 && content.startsWith(' ') && content.endsWith(' ') ? content.slice(1, -1) : content;
      i = close + fence.length;
    } else if (char === '*') {
      i++;
    } else {
      text += char;
      i++;
    }
  }
  return text;
}

/** `hover` as the client can show it: plain text when its `contentFormat` leaves out markdown. */
export function adaptHover(hover: Hover | null, capabilities: ClientCapabilities): Hover | null {
  if (!hover || allowsMarkdown(capabilities.textDocument?.hover?.contentFormat)) return hover;
  return { ...hover, contents: toPlainText(hover.contents as MarkupContent) };
}

function toPlainText(content: MarkupContent): MarkupContent {
  return content.kind === MarkupKind.Markdown ? { kind: MarkupKind.PlainText, value: markdownToPlainText(content.value) } : content;
}

/**
 * The insert text a snippet stands for without its tab stops: `$1`, `${2}` and `${1:text}`
 * (placeholder kept) removed, escaped `\$`, `\}` and `\\` resolved (LSP snippet syntax).
 */
export function snippetToPlainText(snippet: string): string {
  return snippet.replace(/\\([$}\\])|\$(\d+)|\$\{(\d+)(?::((?:\\.|[^}\\])*))?\}/g, (_match, escaped?: string, _stop?: string, _n?: string, placeholder?: string) =>
    escaped !== undefined ? escaped : (placeholder ?? '').replace(/\\([$}\\])/g, '$1'),
  );
}

/**
 * `list` as the client can take it: snippets as plain insert text where snippets are not
 * supported; `labelDetails` folded into `detail` where they are not shown; markdown documentation
 * as plain text where markdown is not rendered.
 */
export function adaptCompletionList(list: CompletionList, capabilities: ClientCapabilities): CompletionList {
  const item = capabilities.textDocument?.completion?.completionItem;
  const snippets = item?.snippetSupport === true;
  const labelDetails = item?.labelDetailsSupport === true;
  const markdown = allowsMarkdown(item?.documentationFormat);
  if (snippets && labelDetails && markdown) return list;
  return { ...list, items: list.items.map((entry) => adaptItem(entry, snippets, labelDetails, markdown)) };
}

function adaptItem(item: CompletionItem, snippets: boolean, labelDetails: boolean, markdown: boolean): CompletionItem {
  const adapted: CompletionItem = { ...item };
  if (!snippets && item.insertTextFormat === InsertTextFormat.Snippet) {
    adapted.insertTextFormat = InsertTextFormat.PlainText;
    if (item.insertText !== undefined) adapted.insertText = snippetToPlainText(item.insertText);
    if (item.textEdit) adapted.textEdit = { ...item.textEdit, newText: snippetToPlainText(item.textEdit.newText) };
  }
  if (!labelDetails && item.labelDetails) {
    delete adapted.labelDetails;
    const shown = [item.labelDetails.detail?.trim(), item.labelDetails.description].filter((part) => part);
    if (adapted.detail === undefined && shown.length > 0) adapted.detail = shown.join(' · ');
  }
  if (!markdown && typeof item.documentation === 'object') adapted.documentation = toPlainText(item.documentation);
  return adapted;
}
