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
import { objectParamsStrategy, type ServerContext } from './handlers/serverContext';
import { nodeFileSystem } from './nodeFileSystem';
import { readConfigurationFile } from './readConfigurationFile';
import { getLanguageService } from './service/pearlLanguageService';

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
  const connection = createConnection(ProposedFeatures.all, { messageStrategy: objectParamsStrategy });
  const documents = new TextDocuments(TextDocument);
  const service = getLanguageService({
    fileSystem: nodeFileSystem,
    readConfigurationFile,
    reportError: (message) => connection.console.error(message),
  });
  const context: ServerContext = {
    connection,
    documents,
    service,
    cache: new PearlDocumentCache(service),
    client: {
      completion: { snippetSupport: false, labelDetailsSupport: false },
      folding: {},
      supportsWorkspaceFolders: false,
      workspaceFolders: [],
    },
  };
  registerLifecycleHandlers(context);
  const diagnostics = registerDiagnosticsHandlers(context);
  registerNavigationHandlers(context);
  registerEditingHandlers(context);
  registerPearlRequestHandlers(context);
  connection.onShutdown(() => {
    diagnostics.dispose();
    context.cache.clear();
  });
  documents.listen(connection);
  connection.listen();
}
