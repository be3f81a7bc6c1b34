import type { Connection, TextDocuments } from 'vscode-languageserver/node';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { PearlDocumentCache } from '../documentCache';
import type { WalksWorkspace } from '../walksWorkspace';
import type { CompletionCapabilities, FoldingRangeContext, PearlDocument, PearlLanguageService } from '../service/pearlLanguageService';

/** What the client said it supports at `initialize`, as the handlers need it. */
export interface ClientSettings {
  /** What completion items may hold (snippets, label details). */
  completion: CompletionCapabilities;
  /** The client's limits on folding ranges. */
  folding: FoldingRangeContext;
  /** Whether the client sends `workspace/didChangeWorkspaceFolders`. */
  supportsWorkspaceFolders: boolean;
  /** The workspace folders' URIs, kept up to date. */
  workspaceFolders: string[];
}

/** What every handler shares: the connection, the open documents, their parses, the service. */
export interface ServerContext {
  readonly connection: Connection;
  readonly documents: TextDocuments<TextDocument>;
  readonly cache: PearlDocumentCache;
  readonly service: PearlLanguageService;
  /** Walks files (`*.walks.json`): their validation against their Pearl, re-checks, coverage. */
  readonly walks: WalksWorkspace;
  /** Filled at `initialize`. */
  readonly client: ClientSettings;
}

/** A request's parameters that name one document. */
export interface DocumentParams {
  readonly textDocument: { readonly uri: string };
}

/**
 * The server's one error boundary: runs `handler` and answers what it returns, or, when it throws
 * (a bug: expected problems are data), logs the error with its stack through the connection and
 * answers `failed`. An editor feature must never take the server down.
 * @param what The feature, for the log (`hover`, `validation`).
 * @param uri The document concerned, for the log.
 */
export function answerSafely<R>(context: ServerContext, what: string, uri: string, failed: R, handler: () => R): R {
  try {
    return handler();
  } catch (error) {
    logError(context, what, uri, error);
    return failed;
  }
}

/**
 * A handler of requests on one open document: finds the document, answers `empty` when it is not
 * open, else calls `handler` with its current parse through {@link answerSafely}, which answers
 * `failed` (by default `empty`) on an unexpected error.
 */
export function onDocument<P extends DocumentParams, R>(
  context: ServerContext,
  what: string,
  empty: R,
  handler: (pearlDocument: PearlDocument, params: P, textDocument: TextDocument) => R,
  failed: R = empty,
): (params: P) => R {
  return (params) => {
    const textDocument = context.documents.get(params.textDocument.uri);
    if (!textDocument) return empty;
    return answerSafely(context, what, textDocument.uri, failed, () => handler(context.cache.get(textDocument), params, textDocument));
  };
}

/** Logs an unexpected error with its stack; never the document text. Never throws. */
export function logError(context: ServerContext, what: string, uri: string, error: unknown): void {
  const detail = error instanceof Error ? (error.stack ?? `${error.name}: ${error.message}`) : String(error);
  try {
    context.connection.console.error(`Pearl: ${what} failed for ${uri}: ${detail}`);
  } catch {
    // The connection is gone: nobody left to tell.
  }
}
