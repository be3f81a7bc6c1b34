import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { Diagnostic } from 'vscode-languageserver-types';
import { DiagnosticsScheduler } from '../diagnosticsScheduler';
import { RuleSettings } from '../ruleSettings';
import { readMaxItemsComputed } from '#protocol/outlineLimit';
import { boundaryWhere, ServerContext } from './serverContext';

/** What {@link registerDiagnosticsHandlers} gives the server. */
export interface DiagnosticsHandlers {
  /** Publishes the diagnostics; to dispose of at shutdown. */
  readonly scheduler: DiagnosticsScheduler;
  /**
   * A Pearl document's diagnostics under the user's rules, as published (the server's
   * `ServerContext.configureDiagnostics`, which the graph reads).
   */
  readonly configure: (textDocument: TextDocument) => Diagnostic[];
}

/**
 * Publishes diagnostics as documents open, change and close ({@link DiagnosticsScheduler}: at once
 * on open, debounced while typing, cleared on close), under the rules the user tuned
 * ({@link RuleSettings}: the cache keeps the default severities, which Deploy reads; the graph reads
 * the configured ones, as published); a validation that fails unexpectedly publishes none.
 */
export function registerDiagnosticsHandlers(context: ServerContext): DiagnosticsHandlers {
  const { connection, documents, cache, walks } = context;
  const configure = (textDocument: TextDocument): Diagnostic[] =>
    ruleSettings.configure(cache.get(textDocument), cache.getDiagnostics(textDocument));
  const scheduler = new DiagnosticsScheduler({
    getDocument: (uri) => documents.get(uri),
    validate: (textDocument) =>
      context.boundary.guard(boundaryWhere('validation', textDocument.uri), [], () =>
        walks.isWalksFile(textDocument.uri) ? walks.validate(textDocument) : configure(textDocument),
      ),
    publish: (params) =>
      void connection
        .sendDiagnostics(params)
        .catch((error: unknown) => context.boundary.reportInternalError(boundaryWhere('publishing diagnostics', params.uri), error)),
  });
  // A changed setting or .pearlrc.json publishes every open document again; the limit of outlines
  // and folding ranges (`pearl.maxItemsComputed`) applies from the next request for one.
  let filesChanged: (uris: string[]) => void = () => undefined;
  const ruleSettings = new RuleSettings(
    context.connection,
    context.service,
    () => documents.all().forEach((document) => scheduler.opened(document)),
    (uris) => filesChanged(uris),
    (pearl) => (context.client.maxItemsComputed = readMaxItemsComputed(pearl?.maxItemsComputed)),
  );
  // A Pearl that opens, changes or closes re-checks the walks files that name it (walks/walksWorkspace.ts).
  const pearlChanged = (uri: string): void => {
    if (!walks.isWalksFile(uri)) walks.pearlChanged(uri);
  };
  documents.onDidOpen(({ document }) => {
    scheduler.opened(document);
    pearlChanged(document.uri);
  });
  documents.onDidChangeContent(({ document }) => {
    scheduler.changed(document);
    pearlChanged(document.uri);
  });
  documents.onDidClose(({ document }) => {
    cache.delete(document.uri);
    scheduler.closed(document.uri);
    pearlChanged(document.uri);
    // A walks file that closes keeps its problems in the Problems view, checked from disk.
    if (walks.isWalksFile(document.uri)) void walks.checkUnopened(document.uri);
  });
  // A Pearl or walks file changed on disk (the client watches both; ruleSettings.ts passes the changes on).
  filesChanged = (uris) => {
    for (const uri of uris) {
      if (documents.get(uri)) continue;
      if (walks.isWalksFile(uri)) void walks.checkUnopened(uri);
      else if (uri.toLowerCase().endsWith('.pearl.json')) pearlChanged(uri);
    }
  };
  return { scheduler, configure };
}
