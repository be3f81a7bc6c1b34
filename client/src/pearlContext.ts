import * as fs from 'node:fs';
import * as vscode from 'vscode';
import {
  InlayHintRequest,
  LanguageClient,
  type LanguageClientOptions,
  type ServerOptions,
  TransportKind,
} from 'vscode-languageclient/node';
import { TokenStore } from './auth/tokenStore';
import { configSection, PearlConfig } from './config';
import { DeploymentStore } from './deploy/deploymentStore';

/** A command's implementation, as given to `vscode.commands.registerCommand`. */
export type Cmd = (...args: unknown[]) => unknown;

/** Builds a command's implementation from the context it runs against. */
export type CmdFactory = (ctx: PearlContext) => Cmd;

/**
 * The one object that owns the Pearl extension's state, after rust-analyzer's `ctx.ts`: the
 * language client's lifecycle (start, stop, restart), the "Pearl" output channel, the settings and
 * every command and disposable a feature (graph preview, deploy, status bar) hangs off it.
 *
 * Lifecycle: `activate` builds it and calls `start()`; `deactivate` awaits `stop()`; VS Code then
 * disposes it through `ExtensionContext.subscriptions`, which releases the commands and the output
 * channel. The client is created lazily by `start()` and thrown away by `restart()`, so a restart
 * also picks up a rebuilt `dist/server.js`.
 */
export class PearlContext implements vscode.Disposable {
  /** The "Pearl" output channel: the client's log, the server's stderr and the LSP trace. */
  readonly outputChannel: vscode.OutputChannel;
  /** Typed getters over the `pearl.*` settings. */
  readonly config = new PearlConfig();

  /** The API token in secret storage. */
  readonly tokens: TokenStore;
  /** Deployments made from this machine (global state). */
  readonly deployments: DeploymentStore;

  private languageClient: LanguageClient | undefined;
  private readonly disposables: vscode.Disposable[] = [];

  /** @param extCtx the extension context VS Code passed to `activate`. */
  constructor(readonly extCtx: vscode.ExtensionContext) {
    this.outputChannel = vscode.window.createOutputChannel('Pearl');
    this.pushCleanup(this.outputChannel);
    this.tokens = new TokenStore(extCtx.secrets);
    this.pushCleanup(this.tokens);
    this.deployments = new DeploymentStore(extCtx.globalState);
    this.pushCleanup(this.deployments);
    this.pushCleanup(
      vscode.workspace.onDidChangeConfiguration((event) => {
        if (event.affectsConfiguration('pearl.inlayHints.enabled')) this.refreshInlayHints();
      }),
    );
  }

  /** Asks VS Code to request the inlay hints of the visible Pearl editors again (a setting changed). */
  private refreshInlayHints(): void {
    const feature = this.languageClient?.getFeature(InlayHintRequest.method);
    for (const editor of vscode.window.visibleTextEditors) {
      feature?.getProvider(editor.document)?.onDidChangeInlayHints.fire();
    }
  }

  /** The running (or starting) language client; `undefined` before `start()` and after `stop()`. */
  get client(): LanguageClient | undefined {
    return this.languageClient;
  }

  /**
   * Creates the language client if there is none and starts it. Resolves once the server has
   * answered `initialize`; a failure is written to the output channel (the client library also
   * shows it to the user) and the promise still resolves, so callers need no catch.
   */
  async start(): Promise<void> {
    if (this.languageClient === undefined) {
      const serverModule = this.extCtx.asAbsolutePath('dist/server.js');
      if (!fs.existsSync(serverModule)) {
        // Without the bundle the client library would only report a closed connection.
        const message = `Pearl language server not found at ${serverModule}: run \`npm run build\`.`;
        this.outputChannel.appendLine(message);
        void vscode.window.showErrorMessage(message);
        return;
      }
      this.languageClient = createClient(serverModule, this.outputChannel, this.config);
    }
    this.outputChannel.appendLine(`Starting the Pearl language server (trace: ${this.config.traceServer}).`);
    try {
      await this.languageClient.start();
    } catch (error) {
      this.outputChannel.appendLine(`The Pearl language server did not start: ${describe(error)}`);
    }
  }

  /** Stops the language server and disposes the client. Never rejects; does nothing if stopped. */
  async stop(): Promise<void> {
    const client = this.languageClient;
    this.languageClient = undefined;
    if (client === undefined) return;
    try {
      await client.dispose();
    } catch (error) {
      this.outputChannel.appendLine(`The Pearl language server did not stop cleanly: ${describe(error)}`);
    }
  }

  /** Stops the server (if any) and starts a fresh client, as `pearl.restartServer` does. */
  async restart(): Promise<void> {
    await this.stop();
    await this.start();
  }

  /**
   * Registers the command `pearl.<name>`, built by `factory` against this context, and disposes it
   * with the context. Throws (from VS Code) if the command is already registered.
   */
  registerCommand(name: string, factory: CmdFactory): void {
    this.pushCleanup(vscode.commands.registerCommand(`pearl.${name}`, factory(this)));
  }

  /** Ties `disposable` to the context's lifetime: it is disposed, in reverse order, with the context. */
  pushCleanup(disposable: vscode.Disposable): void {
    this.disposables.push(disposable);
  }

  /**
   * Disposes every registered disposable, newest first. Does not stop the server: `deactivate`
   * awaits `stop()` before VS Code disposes the extension's subscriptions.
   */
  dispose(): void {
    while (this.disposables.length > 0) this.disposables.pop()?.dispose();
  }
}

/**
 * The client for `dist/server.js` over Node IPC: `pearl` documents on disk and untitled, the `pearl`
 * settings synchronized, everything logged to `outputChannel`; inlay hints only while
 * `pearl.inlayHints.enabled` is on. The debug variant opens the inspector on port 6009 for
 * "Attach to Server".
 */
function createClient(serverModule: string, outputChannel: vscode.OutputChannel, config: PearlConfig): LanguageClient {
  const run = { module: serverModule, transport: TransportKind.ipc };
  const serverOptions: ServerOptions = {
    run,
    debug: { ...run, options: { execArgv: ['--nolazy', '--inspect=6009'] } },
  };
  const clientOptions: LanguageClientOptions = {
    // Every scheme, as VS Code's JSON support does: the server needs only the text, so the
    // features work in virtual workspaces (capabilities.virtualWorkspaces) too.
    // Walks files (`*.walks.json`, JSON with comments) go to the server too (docs/walks.md).
    documentSelector: [{ language: 'pearl' }, { language: 'jsonc', pattern: '**/*.walks.json' }],
    // A changed `.pearlrc.json` re-validates the open documents; a Pearl or walks file changed on
    // disk re-checks the walks files (open or not).
    synchronize: {
      configurationSection: configSection,
      fileEvents: [
        vscode.workspace.createFileSystemWatcher('**/.pearlrc.json'),
        vscode.workspace.createFileSystemWatcher('**/*.{pearl,walks}.json'),
      ],
    },
    outputChannel,
    middleware: {
      provideInlayHints: (document, viewPort, token, next) => (config.inlayHintsEnabled ? next(document, viewPort, token) : []),
    },
  };
  // The id `pearl` makes the client read `pearl.trace.server` for its trace level.
  return new LanguageClient('pearl', 'Pearl Language Server', serverOptions, clientOptions);
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
