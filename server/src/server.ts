// The Pearl language server: thin glue between LSP and the transport-free Pearl language service.
// Handlers (handlers/*.ts) find the document, answer an empty result if it is gone and call the
// service, through one error boundary (handlers/serverContext.ts): no text can take the server
// down. Diagnostics are scheduled apart (diagnosticsScheduler.ts).
// Transport from the command line: `--stdio` (the default), `--node-ipc` (the VS Code client),
// `--socket=N` or `--pipe=NAME`. `--version` and `--help` print and exit (see cli/serverArguments.ts).
import { createConnection, ProposedFeatures, TextDocuments } from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { getPackageVersion } from './cli/packageVersion';
import { parseServerArguments, serverUsage } from './cli/serverArguments';
import { PearlDocumentCache } from './documentCache';
import { registerDiagnosticsHandlers } from './handlers/diagnosticsHandlers';
import { registerEditingHandlers } from './handlers/editingHandlers';
import { registerLifecycleHandlers } from './handlers/lifecycleHandlers';
import { registerNavigationHandlers } from './handlers/navigationHandlers';
import { registerPearlRequestHandlers } from './handlers/pearlRequestHandlers';
import { logError, type ServerContext } from './handlers/serverContext';
import { nodeFileSystem } from './nodeFileSystem';
import { readConfigurationFile } from './readConfigurationFile';
import { getLanguageService } from './service/pearlLanguageService';
import { nodeWalksFileAccess } from './nodeWalksFileAccess';
import { WalksWorkspace } from './walksWorkspace';

const transportFlag = /^--(stdio|node-ipc|socket|pipe)(=|$)/;

const args = process.argv.slice(2);
const command = parseServerArguments(args);
if (command.kind === 'help') {
  process.stdout.write(serverUsage);
} else if (command.kind === 'version') {
  process.stdout.write(`${getPackageVersion()}\n`);
} else if (command.kind === 'error') {
  process.stderr.write(`pearl-language-server: ${command.message}\nTry 'pearl-language-server --help'.\n`);
  process.exitCode = 2;
} else {
  // createConnection reads the transport from the command line; stdio when none is given (and only
  // then does it redirect console.log away from the protocol stream).
  if (!args.some((arg) => transportFlag.test(arg))) process.argv.push('--stdio');
  startServer();
}

/** Creates the connection, wires the handlers and listens until `exit`. */
function startServer(): void {
  const connection = createConnection(ProposedFeatures.all);
  const documents = new TextDocuments(TextDocument);
  const service = getLanguageService({
    fileSystem: nodeFileSystem,
    readConfigurationFile,
    reportError: (message) => connection.console.error(message),
  });
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
          .catch((error: unknown) => logError(context, 'publishing diagnostics', uri, error)),
      logError: (what, uri, error) => logError(context, what, uri, error),
    },
    nodeWalksFileAccess,
  );
  const context: ServerContext = {
    connection,
    documents,
    service,
    cache,
    walks,
    client: {
      completion: { snippetSupport: false, labelDetailsSupport: false },
      folding: {},
      supportsWorkspaceFolders: false,
      workspaceFolders: [],
    },
  };
  registerLifecycleHandlers(context);
  const diagnostics = registerDiagnosticsHandlers(context);
  revalidateOpen = (document) => diagnostics.opened(document);
  registerNavigationHandlers(context);
  registerEditingHandlers(context);
  registerPearlRequestHandlers(context);
  connection.onShutdown(() => {
    diagnostics.dispose();
    walks.dispose();
    context.cache.clear();
  });
  documents.listen(connection);
  connection.listen();
}
