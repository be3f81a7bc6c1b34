import * as fs from 'node:fs';
import { LanguageClient, type ServerOptions, TransportKind } from 'vscode-languageclient/node';
import type { ClientHost } from './clientHost';
import { showError } from '../notify';
import { serverExecArgv } from '#protocol/serverLaunch';

/**
 * The Node extension host: the language server is `dist/server.js`, a Node process over Node IPC,
 * started with {@link serverExecArgv}. The debug variant opens the inspector on port 6009 for
 * "Attach to Server".
 */
export const nodeHost: ClientHost = {
  kind: 'node',
  async createLanguageClient(extCtx, clientOptions, outputChannel) {
    const serverModule = extCtx.asAbsolutePath('dist/server.js');
    if (!fs.existsSync(serverModule)) {
      // Without the bundle the client library would only report a closed connection.
      const message = `Pearl language server not found at ${serverModule}: run \`npm run build\`.`;
      outputChannel.appendLine(message);
      void showError(message);
      return undefined;
    }
    const run = { module: serverModule, transport: TransportKind.ipc, options: { execArgv: [...serverExecArgv] } };
    const serverOptions: ServerOptions = {
      run,
      debug: { ...run, options: { execArgv: [...serverExecArgv, '--nolazy', '--inspect=6009'] } },
    };
    // The id `pearl` makes the client read `pearl.trace.server` for its trace level.
    return new LanguageClient('pearl', 'Pearl Language Server', serverOptions, clientOptions);
  },
};
