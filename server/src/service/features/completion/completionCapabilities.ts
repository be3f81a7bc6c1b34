/**
 * What the client's completion list can show (LSP `ClientCapabilities.textDocument.completion
 * .completionItem`): without `snippetSupport` items carry plain text with every placeholder at its
 * default; without `labelDetailsSupport` the names that `labelDetails` would show stay in `detail`.
 */
export interface CompletionCapabilities {
  readonly snippetSupport: boolean;
  readonly labelDetailsSupport: boolean;
}

/** What the service assumes when the host says nothing: a client like VS Code. */
export const defaultCompletionCapabilities: CompletionCapabilities = { snippetSupport: true, labelDetailsSupport: true };
