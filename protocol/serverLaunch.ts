/**
 * The V8 options the Node language server runs with: VS Code starts it with them
 * (client/src/host/nodeHost.ts), and the protocol tests and the benches spawn it with them, so that
 * they measure the server as it runs.
 *
 * `--max-semi-space-size=8`: a young generation of 8 MB per semi-space instead of V8's 16 (Node 20,
 * 64-bit). The server keeps an open Pearl's text, parsed value, model and syntax tree for as long
 * as it is open; with the default, its resident set after typing in a 5,000-node Pearl (hovered,
 * so its tree built) was 160 MiB, with this about 140 MiB, for about 0.5 ms more CPU per keystroke
 * (`npm run bench:lsp`; docs/dev/performance.md § The language service). Another editor that starts
 * `dist/server.js` itself may pass the same option to Node.
 */
export const serverExecArgv: readonly string[] = ['--max-semi-space-size=8'];
