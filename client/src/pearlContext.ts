import * as vscode from 'vscode';
import { type BaseLanguageClient, InlayHintRequest, type LanguageClientOptions, State } from 'vscode-languageclient';
import { symbolCountReaches } from '#protocol/outlineLimit';
import { type PearlInitializationOptions, watchedFileGlobs } from '#protocol/watchedFiles';
import { TokenStore } from './auth/tokenStore';
import { configSection, PearlConfig } from './config';
import { getOngoingCalls } from './api/pearlApiClient';
import { DeploymentStore } from './deploy/deploymentStore';
import { OngoingCallsStore } from './ongoingCalls/ongoingCallsStore';
import { showError } from './notify';
import { OutlineLimitStatus } from './outlineLimitStatus';
import type { ClientHost } from './host/clientHost';
import { type CommandContributions, commandsNeedingServer, ServerGate } from './serverGate';

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
 * also picks up a rebuilt server bundle.
 */
export class PearlContext implements vscode.Disposable {
  /** The "Pearl" output channel: the client's log, the server's stderr and the LSP trace. */
  readonly outputChannel: vscode.OutputChannel;
  /** Typed getters over the `pearl.*` settings. */
  readonly config = new PearlConfig();
  /** The language status item of an outline cut to `pearl.maxItemsComputed` symbols. */
  private readonly outlineLimit = new OutlineLimitStatus(serverDocuments);

  /** The API token in secret storage. */
  readonly tokens: TokenStore;
  /** Deployments made from this machine (global state). */
  readonly deployments: DeploymentStore;
  /** The latest ongoing-call counts per Pearl, shared by the status bar, the Pearls view and the pause questions. */
  readonly ongoingCalls = new OngoingCallsStore({ fetchCounts: (options) => getOngoingCalls(options) });

  private languageClient: BaseLanguageClient | undefined;
  private readonly disposables: vscode.Disposable[] = [];
  /**
   * Whether the server runs, as the context key `pearl.serverRunning` and the check of the commands
   * that need it (serverGate.ts; the commands are those package.json enables on that key).
   */
  private readonly gate: ServerGate;
  /** The current client's state listener, which feeds {@link gate}; disposed with that client. */
  private stateListener: vscode.Disposable | undefined;

  /**
   * @param extCtx the extension context VS Code passed to `activate`.
   * @param host the extension host it runs in (Node, or a web worker: client/src/host/).
   */
  constructor(
    readonly extCtx: vscode.ExtensionContext,
    readonly host: ClientHost,
  ) {
    this.gate = new ServerGate(
      {
        setContext: (key, value) => void vscode.commands.executeCommand('setContext', key, value),
        showError: (message) => void showError(message),
      },
      commandsNeedingServer(extCtx.extension.packageJSON as CommandContributions),
    );
    this.outputChannel = vscode.window.createOutputChannel('Pearl');
    this.pushCleanup(this.outputChannel);
    this.pushCleanup(this.outlineLimit);
    this.tokens = new TokenStore(extCtx.secrets);
    this.pushCleanup(this.tokens);
    this.deployments = new DeploymentStore(extCtx.globalState);
    this.pushCleanup(this.deployments);
    // Readings made with another token may be of another account.
    this.pushCleanup(this.tokens.onDidChange(() => this.ongoingCalls.clear()));
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
  get client(): BaseLanguageClient | undefined {
    return this.languageClient;
  }

  /** Whether the language server is running (its client's state is Running). */
  get serverRunning(): boolean {
    return this.gate.running;
  }

  /**
   * The language client when the server is running; else undefined, after telling the user so
   * (serverGate.ts's one sentence) unless `quiet` (a step that does without the server).
   */
  runningClient(options: { readonly quiet?: boolean } = {}): BaseLanguageClient | undefined {
    return this.gate.check(options.quiet) ? this.languageClient : undefined;
  }

  /**
   * Creates the language client if there is none and starts it. Resolves once the server has
   * answered `initialize`; a failure is written to the output channel (the client library also
   * shows it to the user) and the promise still resolves, so callers need no catch.
   */
  async start(): Promise<void> {
    if (this.languageClient === undefined) {
      let created: BaseLanguageClient | undefined;
      try {
        created = await this.host.createLanguageClient(
          this.extCtx,
          createClientOptions(this.outputChannel, this.config, this.outlineLimit),
          this.outputChannel,
        );
      } catch (error) {
        this.outputChannel.appendLine(`The Pearl language server did not start: ${describe(error)}`);
        void showError(`The Pearl language server did not start: ${describe(error)}`);
        return;
      }
      if (created === undefined) return;
      // Another start() may have made one while this one read the server's bundle: keep that one.
      if (this.languageClient === undefined) {
        const client = created;
        this.languageClient = client;
        this.stateListener = client.onDidChangeState(({ newState }) => {
          if (this.languageClient === client) this.gate.update(newState === State.Running);
        });
      } else void created.dispose();
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
    this.gate.update(false);
    this.stateListener?.dispose();
    this.stateListener = undefined;
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
   * with the context. A command package.json enables on `pearl.serverRunning` runs only while the
   * server runs, else says so (serverGate.ts). Throws (from VS Code) if the command is already registered.
   */
  registerCommand(name: string, factory: CmdFactory): void {
    const command = `pearl.${name}`;
    this.pushCleanup(vscode.commands.registerCommand(command, this.gate.guardCommand(command, factory(this))));
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
 * The documents the server serves: Pearls of every scheme, as VS Code's JSON support does (the
 * server needs only the text, so the features work in virtual workspaces too), and walks files
 * (`*.walks.json`, JSON with comments: docs/user/walks.md).
 */
const serverDocuments = [{ language: 'pearl' }, { language: 'jsonc', pattern: '**/*.walks.json' }];

/**
 * The language client's options, on both hosts (the server itself comes from the
 * {@link ClientHost}): `pearl` documents of every scheme, the `pearl` settings synchronized,
 * everything logged to `outputChannel`; inlay hints only while `pearl.inlayHints.enabled` is on;
 * each outline tells `outlineLimit` whether the server cut it.
 */
function createClientOptions(
  outputChannel: vscode.OutputChannel,
  config: PearlConfig,
  outlineLimit: OutlineLimitStatus,
): LanguageClientOptions {
  return {
    documentSelector: serverDocuments,
    // A changed `.pearlrc.json` re-validates the open documents; a Pearl or walks file changed on
    // disk re-checks the walks files (open or not).
    synchronize: {
      configurationSection: configSection,
      fileEvents: watchedFileGlobs.map((glob) => vscode.workspace.createFileSystemWatcher(glob)),
    },
    // The watchers above send the file events: the server registers none of its own.
    initializationOptions: { watchesFiles: true } satisfies PearlInitializationOptions,
    outputChannel,
    middleware: {
      provideInlayHints: (document, viewPort, token, next) => (config.inlayHintsEnabled ? next(document, viewPort, token) : []),
      // The server cuts an outline to `pearl.maxItemsComputed` symbols: the language status says so
      // (an outline of exactly that many is taken as cut: the count cannot tell them apart).
      provideDocumentSymbols: async (document, token, next) => {
        const symbols = await next(document, token);
        if (symbols && !token.isCancellationRequested) {
          const limit = config.maxItemsComputed;
          outlineLimit.update(document, symbolCountReaches(symbols, limit) ? limit : false);
        }
        return symbols;
      },
    },
  };
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
