// The Pearl language server's web worker entry, for VS Code for the Web (vscode.dev, github.dev):
// the VS Code client starts dist/browserServer.js as a worker and talks LSP over its messages. The
// setup is the Node server's (serverSetup.ts); only the transport and the file access differ: the
// worker has no file system, so workspace files and `.pearlrc.json` are read through the client
// (clientFileSystem.ts), with VS Code's workspace.fs. The bundle holds no Node built-in (a test checks).
import { BrowserMessageReader, BrowserMessageWriter, createConnection } from 'vscode-languageserver/browser';
import { ClientConfigurationFiles, createClientFileSystem } from './clientFileSystem';
import { walksFileAccessFrom } from './walks';
import { objectParamsStrategy, startServer } from './serverSetup';

/** The package's version, set by scripts/bundle.mjs from package.json. */
declare const PEARL_PACKAGE_VERSION: string;

/** The worker's global scope, where messages come from and go to. */
declare const self: ConstructorParameters<typeof BrowserMessageReader>[0];

const connection = createConnection(new BrowserMessageReader(self), new BrowserMessageWriter(self), {
  messageStrategy: objectParamsStrategy,
});
const configurationFiles = new ClientConfigurationFiles(connection);
const fileSystem = createClientFileSystem(connection);
startServer(connection, {
  runtime: 'a web worker',
  version: PEARL_PACKAGE_VERSION,
  fileSystem,
  readConfigurationFile: configurationFiles.read,
  walksFileAccess: walksFileAccessFrom(fileSystem),
  onRevalidate: (revalidate) => configurationFiles.onChanged(revalidate),
});
