import { DiagnosticsScheduler } from '../diagnosticsScheduler';
import { RuleSettings } from '../ruleSettings';
import { answerSafely, logError, ServerContext } from './serverContext';

/**
 * Publishes diagnostics as documents open, change and close ({@link DiagnosticsScheduler}: at once
 * on open, debounced while typing, cleared on close), under the rules the user tuned
 * ({@link RuleSettings}: the cache keeps the default severities, which Deploy and the graph read);
 * a validation that fails unexpectedly publishes none. Returns the scheduler, to dispose of at shutdown.
 */
export function registerDiagnosticsHandlers(context: ServerContext): DiagnosticsScheduler {
  const { connection, documents, cache } = context;
  const scheduler = new DiagnosticsScheduler({
    getDocument: (uri) => documents.get(uri),
    validate: (textDocument) =>
      answerSafely(context, 'validation', textDocument.uri, [], () =>
        ruleSettings.configure(cache.get(textDocument), cache.getDiagnostics(textDocument)),
      ),
    publish: (params) =>
      void connection.sendDiagnostics(params).catch((error: unknown) => logError(context, 'publishing diagnostics', params.uri, error)),
  });
  // A changed setting or .pearlrc.json publishes every open document again.
  const ruleSettings = new RuleSettings(context.connection, context.service, () =>
    documents.all().forEach((document) => scheduler.opened(document)),
  );
  documents.onDidOpen(({ document }) => scheduler.opened(document));
  documents.onDidChangeContent(({ document }) => scheduler.changed(document));
  documents.onDidClose(({ document }) => {
    cache.delete(document.uri);
    scheduler.closed(document.uri);
  });
  return scheduler;
}
