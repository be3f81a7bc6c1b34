import { DiagnosticsScheduler } from '../diagnosticsScheduler';
import { answerSafely, logError, ServerContext } from './serverContext';

/**
 * Publishes diagnostics as documents open, change and close ({@link DiagnosticsScheduler}: at once
 * on open, debounced while typing, cleared on close); a validation that fails unexpectedly
 * publishes none. Returns the scheduler, to dispose of at shutdown.
 */
export function registerDiagnosticsHandlers(context: ServerContext): DiagnosticsScheduler {
  const { connection, documents, cache } = context;
  const scheduler = new DiagnosticsScheduler({
    getDocument: (uri) => documents.get(uri),
    validate: (textDocument) => answerSafely(context, 'validation', textDocument.uri, [], () => cache.getDiagnostics(textDocument)),
    publish: (params) =>
      void connection.sendDiagnostics(params).catch((error: unknown) => logError(context, 'publishing diagnostics', params.uri, error)),
  });
  documents.onDidOpen(({ document }) => scheduler.opened(document));
  documents.onDidChangeContent(({ document }) => scheduler.changed(document));
  documents.onDidClose(({ document }) => {
    cache.delete(document.uri);
    scheduler.closed(document.uri);
  });
  return scheduler;
}
