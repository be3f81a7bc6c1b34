import { parseArgs } from 'node:util';

/** The `pearl-language-server --help` text. */
export const serverUsage = `Usage: pearl-language-server [--stdio | --node-ipc | --socket=<port> | --pipe=<name>]

The Pearl language server (Language Server Protocol) for *.pearl.json files: diagnostics,
completion, hover, outline, definition, references, rename, quick fixes and formatting.

Transport (one; --stdio when none is given):
      --stdio            standard input and output
      --node-ipc         Node IPC (VS Code's client starts it so)
      --socket=<port>    a TCP socket on 127.0.0.1
      --pipe=<name>      a named pipe or Unix socket

Options:
      --clientProcessId=<pid>  exit when this process ends (editors pass it)
  -h, --help             show this help
  -v, --version          show the version
`;

/** What the server's command line asks for: usage, the version, or to serve (with the transport flags as given). */
export type ServerCommand = { kind: 'help' } | { kind: 'version' } | { kind: 'serve' } | { kind: 'error'; message: string };

/**
 * Reads the language server's command line (without `node` and the script) with `node:util`
 * parseArgs. The transport flags themselves are read again by vscode-languageserver's
 * `createConnection`; this only recognizes them, so an unknown option is a usage error instead of
 * a server that waits on the wrong transport.
 */
export function parseServerArguments(argv: readonly string[]): ServerCommand {
  try {
    const { values } = parseArgs({
      args: [...argv],
      options: {
        help: { type: 'boolean', short: 'h' },
        version: { type: 'boolean', short: 'v' },
        stdio: { type: 'boolean' },
        'node-ipc': { type: 'boolean' },
        socket: { type: 'string' },
        pipe: { type: 'string' },
        clientProcessId: { type: 'string' },
      },
      strict: true,
      allowPositionals: false,
    });
    if (values.help) return { kind: 'help' };
    if (values.version) return { kind: 'version' };
    return { kind: 'serve' };
  } catch (error) {
    return { kind: 'error', message: error instanceof Error ? error.message : String(error) };
  }
}
