/**
 * What the client's completion list can show (LSP `ClientCapabilities.textDocument.completion
 * .completionItem`): without `snippetSupport` items carry plain text with every placeholder at its
 * default; without `labelDetailsSupport` the names that `labelDetails` would show stay in `detail`;
 * with `editRangeDefault` (`completion.completionList.itemDefaults` lists `editRange`, as VS Code's
 * does) a long list that replaces one range says it once in `itemDefaults` instead of in a
 * `textEdit` per item (the nodeIds of a `toNodeId`: half the bytes to send and parse); with
 * `resolveDetail` as well (`completion.completionItem.resolveSupport.properties` lists `detail` and
 * `itemDefaults` lists `data`, as VS Code's do) that list leaves each item's detail to
 * `completionItem/resolve`.
 */
export interface CompletionCapabilities {
  readonly snippetSupport: boolean;
  readonly labelDetailsSupport: boolean;
  readonly editRangeDefault?: boolean;
  readonly resolveDetail?: boolean;
}

/** What the service assumes when the host says nothing: a client like VS Code. */
export const defaultCompletionCapabilities: CompletionCapabilities = { snippetSupport: true, labelDetailsSupport: true };
