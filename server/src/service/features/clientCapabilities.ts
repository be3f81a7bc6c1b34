import { CompletionItem, CompletionList, Hover, MarkupContent, MarkupKind } from 'vscode-languageserver-types';

/**
 * Which markup the client renders, as far as hovers and completion documentation depend on it: the
 * same paths as the LSP `ClientCapabilities` (so the server passes the `initialize` request's
 * capabilities as they are), read as LSP reads them: a format the client does not declare, it does
 * not render. {@link fullClientCapabilities} is the default of a service created without them.
 * (Snippets and `labelDetails` are per completion request: `CompletionOptions.capabilities`.)
 */
export interface ClientCapabilities {
  readonly textDocument?: {
    /** `contentFormat`: the hover formats the client renders, preferred first. */
    readonly hover?: { readonly contentFormat?: readonly string[] };
    readonly completion?: {
      readonly completionItem?: {
        /** The documentation formats the client renders, preferred first. */
        readonly documentationFormat?: readonly string[];
      };
    };
  };
}

/** A client that renders markdown everywhere. */
export const fullClientCapabilities: ClientCapabilities = {
  textDocument: {
    hover: { contentFormat: [MarkupKind.Markdown, MarkupKind.PlainText] },
    completion: {
      completionItem: { documentationFormat: [MarkupKind.Markdown, MarkupKind.PlainText] },
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
  for (let i = 0; i < markdown.length;) {
    const char = markdown[i];
    if (char === '\\' && /[!-/:-@[-`{-~]/.test(markdown[i + 1] ?? '')) {
      text += markdown[i + 1];
      i += 2;
    } else if (char === '`') {
      const fence = '`'.repeat(runLength(markdown, i, '`'));
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

/** `list` with markdown documentation as plain text where the client does not render markdown. */
export function adaptCompletionList(list: CompletionList, capabilities: ClientCapabilities): CompletionList {
  if (allowsMarkdown(capabilities.textDocument?.completion?.completionItem?.documentationFormat)) return list;
  return { ...list, items: list.items.map(plainDocumentation) };
}

function plainDocumentation(item: CompletionItem): CompletionItem {
  return typeof item.documentation === 'object' ? { ...item, documentation: toPlainText(item.documentation) } : item;
}

/** The number of `char` characters in a row in `text` from `start` (0 when `text[start]` is another). */
function runLength(text: string, start: number, char: string): number {
  let end = start;
  while (text[end] === char) end++;
  return end - start;
}
