// The Pearl language server's setup, shared by its two entries: server.ts (Node: stdio, Node IPC,
// socket, pipe) and browserServer.ts (a web worker, for vscode.dev and github.dev). The entry makes
// the connection and says how files are read ({@link ServerHost}); everything else is the same.
import { type Connection, TextDocuments } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { editorTextDocuments } from './editorTextDocument';
import { PearlDocumentCache } from './documentCache';
import { registerDiagnosticsHandlers } from './handlers/diagnosticsHandlers';
import { registerEditingHandlers } from './handlers/editingHandlers';
import { registerLifecycleHandlers } from './handlers/lifecycleHandlers';
import { registerNavigationHandlers } from './handlers/navigationHandlers';
import { registerPearlRequestHandlers } from './handlers/pearlRequestHandlers';
import { boundaryWhere, objectParamsStrategy, type ServerContext } from './handlers/serverContext';
import {
  createErrorBoundary,
  getLanguageService,
  type ReadConfigurationFile,
  type WorkspaceFileSystem,
} from './service/pearlLanguageService';
import { type WalksFileAccess, WalksWorkspace } from './walks';
import { defaultMaxItemsComputed } from '#protocol/outlineLimit';

/** What differs between the server's hosts (Node, a web worker): its name, its version and its file access. */
export interface ServerHost {
  /** Where the server runs, for the log line at `initialize`: `Node v20.9.0`, `a web worker`. */
  readonly runtime: string;
  /** The package's version, answered in `serverInfo`. */
  readonly version: string;
  /** File access for workspace symbols (the language service's `fileSystem`). */
  readonly fileSystem?: WorkspaceFileSystem;
  /** Reads `.pearlrc.json` files (the language service's `readConfigurationFile`). */
  readonly readConfigurationFile?: ReadConfigurationFile;
  /** Reads and finds walks files (`*.walks.json`), open or not. */
  readonly walksFileAccess: WalksFileAccess;
  /**
   * Receives the server's `revalidate` (publishes every open document's diagnostics again), for a
   * host whose reads answer later than they are asked (the web worker's `.pearlrc.json`).
   */
  onRevalidate?(revalidate: () => void): void;
}

/**
 * Wires the handlers on `connection`, with the files of `host`, and listens until `exit`.
 * `connection` should be created with {@link objectParamsStrategy} as its message strategy, so
 * malformed params get InvalidParams before any handler runs.
 */
export function startServer(connection: Connection, host: ServerHost): void {
  // The texts kept as pieces, with their recent edits: typing in a large file reads no text whole.
  const documents: TextDocuments<TextDocument> = new TextDocuments(editorTextDocuments);
  // The one error boundary's reports go to the client's output channel, from the service and from the handlers.
  const reportError = (message: string): void => {
    try {
      connection.console.error(message);
    } catch {
      // The connection is gone: nobody is left to tell.
    }
  };
  const boundary = createErrorBoundary(reportError);
  const service = getLanguageService({ fileSystem: host.fileSystem, readConfigurationFile: host.readConfigurationFile, reportError });
  const cache = new PearlDocumentCache(service);
  // Bound once the diagnostics scheduler exists (registerDiagnosticsHandlers, below).
  let revalidateOpen: (document: TextDocument) => void = () => undefined;
  const walks = new WalksWorkspace(
    {
      service,
      cache,
      getOpenDocument: (uri) => documents.get(uri),
      allOpenDocuments: () => documents.all(),
      workspaceFolders: () => context.client.workspaceFolders,
      revalidateOpen: (document) => revalidateOpen(document),
      publish: (uri, diagnostics) =>
        void connection
          .sendDiagnostics({ uri, diagnostics })
          .catch((error: unknown) => boundary.reportInternalError(boundaryWhere('publishing diagnostics', uri), error)),
      logError: (what, uri, error) => boundary.reportInternalError(boundaryWhere(what, uri), error),
    },
    host.walksFileAccess,
  );
  // Bound to the user's rules once they exist (registerDiagnosticsHandlers, below).
  let configureDiagnostics: ServerContext['configureDiagnostics'] = (textDocument) => cache.getDiagnostics(textDocument);
  const context: ServerContext = {
    connection,
    documents,
    service,
    boundary,
    cache,
    walks,
    client: {
      completion: { snippetSupport: false, labelDetailsSupport: false },
      folding: {},
      supportsWorkspaceFolders: false,
      registerFileWatchers: false,
      workspaceFolders: [],
      maxItemsComputed: defaultMaxItemsComputed,
    },
    configureDiagnostics: (textDocument) => configureDiagnostics(textDocument),
    serverInfo: { version: host.version, runtime: host.runtime },
  };
  registerLifecycleHandlers(context);
  const { scheduler: diagnostics, configure } = registerDiagnosticsHandlers(context);
  revalidateOpen = (document) => diagnostics.opened(document);
  configureDiagnostics = configure;
  registerNavigationHandlers(context);
  registerEditingHandlers(context);
  registerPearlRequestHandlers(context);
  host.onRevalidate?.(() => documents.all().forEach((document) => diagnostics.opened(document)));
  connection.onShutdown(() => {
    diagnostics.dispose();
    walks.dispose();
    context.cache.clear();
  });
  documents.listen(connection);
  connection.listen();
}

export { objectParamsStrategy };
