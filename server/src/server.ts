// The Pearl language server's Node entry: thin glue between LSP and the transport-free Pearl language
// service (the setup it shares with the web worker entry, browserServer.ts, is in serverSetup.ts).
// Handlers (handlers/*.ts) find the document, answer an empty result if it is gone and call the
// service, under the one error boundary (createErrorBoundary in service/pearlLanguageService.ts): no
// text can take the server down. Diagnostics are scheduled apart (diagnosticsScheduler.ts).
// Transport from the command line: `--stdio` (the default), `--node-ipc` (the VS Code client),
// `--socket=N` or `--pipe=NAME`. `--version` and `--help` print and exit (see cli/serverArguments.ts).
import { createConnection, ProposedFeatures } from 'vscode-languageserver/node';
import { getPackageVersion } from './cli/packageVersion';
import { parseServerArguments, serverUsage } from './cli/serverArguments';
import { nodeFileSystem } from './nodeFileSystem';
import { nodeWalksFileAccess } from './walks/nodeWalksFileAccess';
import { readConfigurationFile } from './readConfigurationFile';
import { objectParamsStrategy, startServer } from './serverSetup';

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
  startNodeServer();
}

/** The Node host: files from node's file system, and the connection from the command line's transport. */
function startNodeServer(): void {
  startServer(createConnection(ProposedFeatures.all, { messageStrategy: objectParamsStrategy }), {
    runtime: `Node ${process.version}`,
    version: getPackageVersion(),
    fileSystem: nodeFileSystem,
    readConfigurationFile,
    walksFileAccess: nodeWalksFileAccess,
  });
}
