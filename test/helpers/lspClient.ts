import { ChildProcess, spawn } from 'node:child_process';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import {
  createMessageConnection,
  IPCMessageReader,
  IPCMessageWriter,
  MessageConnection,
  StreamMessageReader,
  StreamMessageWriter,
} from 'vscode-jsonrpc/node';
import type { CompletionList, Diagnostic, Position, Range } from 'vscode-languageserver-types';
import { repositoryRoot } from './paths';
import { serverExecArgv } from '#protocol/serverLaunch';

export { repositoryRoot };

/** The built language server bundle, started as an editor starts it. */
export const serverBundle = path.join(repositoryRoot, 'dist', 'server.js');

/** Parameters of `textDocument/publishDiagnostics`. */
export interface PublishDiagnosticsParams {
  readonly uri: string;
  readonly version?: number;
  readonly diagnostics: Diagnostic[];
}

/** A publish as received, with the time it arrived (ms since the server was spawned). */
export interface ReceivedDiagnostics extends PublishDiagnosticsParams {
  readonly receivedAfterMs: number;
}

/** One change of `textDocument/didChange`: a range edit (incremental) or the whole text. */
export type ContentChange = { range: Range; text: string } | { text: string };

/** How long a wait may take before it fails, in milliseconds. */
export const defaultTimeoutMs = 10_000;

/**
 * A language client for tests: spawns `node dist/server.js --stdio` and speaks JSON-RPC with
 * Content-Length framing over its stdin/stdout. Records every `publishDiagnostics` and
 * `window/logMessage`; waits poll that record through promises with a timeout, never a fixed sleep.
 * Use {@link withLspClient} so the process is killed at the end of the test, also on failure.
 */
export class LspClient {
  /** Every publish, in arrival order. */
  readonly published: ReceivedDiagnostics[] = [];
  /** Every `window/logMessage` text, in arrival order. */
  readonly logMessages: string[] = [];
  /** Every `window/showMessage` (a notification shown to the user), in arrival order. */
  readonly shownMessages: { type: number; message: string }[] = [];
  /** The requests the server sent (`client/registerCapability`, …), in order; each was answered null. */
  readonly serverRequests: { method: string; params: unknown }[] = [];
  private stderrText = '';
  private readonly waiters = new Set<() => void>();
  private exitInfo: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  private readonly exited: Promise<void>;
  private disposed = false;

  private constructor(
    private readonly child: ChildProcess,
    private readonly connection: MessageConnection,
    /** `performance.now()` when the process was spawned. */
    readonly spawnedAt: number,
  ) {
    this.exited = new Promise((resolve) => {
      child.once('exit', (code, signal) => {
        this.exitInfo = { code, signal };
        this.notify();
        resolve();
      });
    });
    child.stderr!.setEncoding('utf8');
    child.stderr!.on('data', (chunk: string) => (this.stderrText += chunk));
    // Writes racing a kill must not crash the test runner.
    child.stdin!.on('error', () => undefined);
    connection.onNotification('textDocument/publishDiagnostics', (params: PublishDiagnosticsParams) => {
      this.published.push({ ...params, receivedAfterMs: performance.now() - this.spawnedAt });
      this.notify();
    });
    connection.onNotification('window/logMessage', (params: { message: string }) => {
      this.logMessages.push(params.message);
      this.notify();
    });
    connection.onNotification('window/showMessage', (params: { type: number; message: string }) => {
      this.shownMessages.push(params);
      this.notify();
    });
    connection.onRequest((method, params) => {
      this.serverRequests.push({ method, params });
      this.notify();
      return null;
    });
    connection.onError(() => undefined);
    connection.listen();
  }

  /**
   * Spawns the built server. `stdio` (default) passes `--stdio`; `ipc` passes `--node-ipc` and
   * talks over a Node IPC channel, as the VS Code client does; `none` passes no transport flag
   * (the server must then default to stdio). `server` is the bundle run (this build's by default;
   * `npm run bench:compare` runs another build's), with `execArgv` for Node (by default the options
   * VS Code starts this build's server with, protocol/serverLaunch.ts).
   */
  static start(
    transport: 'stdio' | 'ipc' | 'none' = 'stdio',
    server = serverBundle,
    execArgv: readonly string[] = serverExecArgv,
  ): LspClient {
    const spawnedAt = performance.now();
    const flags = { stdio: ['--stdio'], ipc: ['--node-ipc'], none: [] }[transport];
    const child = spawn(process.execPath, [...execArgv, server, ...flags], {
      stdio: transport === 'ipc' ? ['pipe', 'pipe', 'pipe', 'ipc'] : ['pipe', 'pipe', 'pipe'],
    });
    const connection =
      transport === 'ipc'
        ? createMessageConnection(new IPCMessageReader(child), new IPCMessageWriter(child))
        : createMessageConnection(new StreamMessageReader(child.stdout!), new StreamMessageWriter(child.stdin!));
    return new LspClient(child, connection, spawnedAt);
  }

  /** The server's process id (for reading its CPU time from /proc). */
  get pid(): number | undefined {
    return this.child.pid;
  }

  /** What the server wrote on stderr (service internal errors go there). */
  get stderr(): string {
    return this.stderrText;
  }

  /** Exit code and signal, once the process has exited. */
  get exit(): { code: number | null; signal: NodeJS.Signals | null } | undefined {
    return this.exitInfo;
  }

  /**
   * `initialize` then `initialized`; resolves to the InitializeResult. `workspaceFolders` are the
   * folders the editor has open (none by default); `textDocument` and `workspace` add client
   * capabilities; `initializationOptions` are sent as given.
   */
  async initialize(
    options: {
      workspaceFolders?: { uri: string; name: string }[];
      textDocument?: Record<string, unknown>;
      workspace?: Record<string, unknown>;
      initializationOptions?: unknown;
    } = {},
  ): Promise<{ capabilities: Record<string, unknown>; serverInfo?: { name: string; version?: string } }> {
    const result = await this.request<{ capabilities: Record<string, unknown> }>('initialize', {
      processId: process.pid,
      rootUri: null,
      workspaceFolders: options.workspaceFolders ?? null,
      initializationOptions: options.initializationOptions,
      capabilities: {
        workspace: options.workspace,
        textDocument: {
          synchronization: { dynamicRegistration: false },
          publishDiagnostics: { versionSupport: true },
          hover: { contentFormat: ['markdown', 'plaintext'] },
          completion: { completionItem: { snippetSupport: false, documentationFormat: ['markdown', 'plaintext'] } },
          ...options.textDocument,
        },
      },
    });
    await this.connection.sendNotification('initialized', {});
    return result;
  }

  /** Sends a notification (`workspace/didChangeConfiguration`, `workspace/didChangeWatchedFiles`, …). */
  async sendNotification(method: string, params: unknown): Promise<void> {
    await this.connection.sendNotification(method, params);
  }

  /** `textDocument/didOpen` of a `pearl` document. */
  async open(uri: string, text: string, version = 1): Promise<void> {
    await this.connection.sendNotification('textDocument/didOpen', {
      textDocument: { uri, languageId: 'pearl', version, text },
    });
  }

  /** `textDocument/didChange` with `changes` applied in order, bringing the document to `version`. */
  async change(uri: string, version: number, changes: ContentChange[]): Promise<void> {
    await this.connection.sendNotification('textDocument/didChange', {
      textDocument: { uri, version },
      contentChanges: changes,
    });
  }

  /** `textDocument/didClose`. */
  async close(uri: string): Promise<void> {
    await this.connection.sendNotification('textDocument/didClose', { textDocument: { uri } });
  }

  /** `textDocument/completion` at `position`, normalised to a CompletionList. */
  async complete(uri: string, position: Position): Promise<CompletionList> {
    const result = await this.request<CompletionList | CompletionList['items'] | null>('textDocument/completion', {
      textDocument: { uri },
      position,
    });
    if (result === null) return { isIncomplete: false, items: [] };
    return Array.isArray(result) ? { isIncomplete: false, items: result } : result;
  }

  /** Sends a request, failing after `timeoutMs` or when the server exits first. */
  request<R>(method: string, params: unknown, timeoutMs = defaultTimeoutMs): Promise<R> {
    return this.raceExit(this.connection.sendRequest<R>(method, params), `${method} request`, timeoutMs);
  }

  /**
   * The first publish for `uri` satisfying `predicate`, among those already received or the next
   * ones. Fails after `timeoutMs`, or at once if the server exits.
   */
  waitForDiagnostics(
    uri: string,
    predicate: (params: ReceivedDiagnostics) => boolean = () => true,
    timeoutMs = defaultTimeoutMs,
  ): Promise<ReceivedDiagnostics> {
    return this.waitFor(
      () => this.published.find((params) => params.uri === uri && predicate(params)),
      `diagnostics for ${uri}`,
      timeoutMs,
    );
  }

  /**
   * Resolves with the first defined value of `probe`, checked now and after each message from the
   * server. Fails after `timeoutMs`, or when the server exits first.
   */
  waitFor<T>(probe: () => T | undefined, what: string, timeoutMs = defaultTimeoutMs): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const check = (): void => {
        const value = probe();
        if (value !== undefined) {
          done();
          resolve(value);
        } else if (this.exitInfo) {
          done();
          reject(new Error(`server exited (${JSON.stringify(this.exitInfo)}) while waiting for ${what}.${this.stderrHint()}`));
        }
      };
      const timer = setTimeout(() => {
        done();
        reject(new Error(`timed out after ${timeoutMs} ms waiting for ${what}.${this.stderrHint()}`));
      }, timeoutMs);
      const done = (): void => {
        clearTimeout(timer);
        this.waiters.delete(check);
      };
      this.waiters.add(check);
      check();
    });
  }

  /**
   * `shutdown` then `exit`, and waits for the process to end; resolves to its exit code (0 when
   * the server shut down cleanly).
   */
  async shutdown(timeoutMs = defaultTimeoutMs): Promise<number | null> {
    await this.request('shutdown', null, timeoutMs);
    await this.connection.sendNotification('exit');
    const exit = await this.waitFor(() => this.exitInfo, 'the process to exit', timeoutMs);
    return exit.code;
  }

  /** Closes the connection and kills the process if it still runs. Idempotent. */
  async dispose(): Promise<void> {
    if (this.disposed) return;
    this.disposed = true;
    this.connection.dispose();
    if (!this.exitInfo) {
      this.child.kill();
      await this.exited;
    }
  }

  private notify(): void {
    for (const waiter of [...this.waiters]) waiter();
  }

  private raceExit<T>(promise: Promise<T>, what: string, timeoutMs: number): Promise<T> {
    let settled = false;
    const failure = this.waitFor(() => (settled ? true : undefined), what, timeoutMs);
    return Promise.race([
      promise.finally(() => {
        settled = true;
        this.notify();
      }),
      failure.then(() => promise),
    ]);
  }

  private stderrHint(): string {
    return this.stderrText ? `\nserver stderr:\n${this.stderrText}` : '';
  }
}

/**
 * Runs `body` with a started, initialized client (see {@link LspClient.start} for `transport` and
 * `server`), and kills the server afterwards whatever happens.
 */
export async function withLspClient<T>(
  body: (client: LspClient) => Promise<T>,
  transport: 'stdio' | 'ipc' | 'none' = 'stdio',
  server = serverBundle,
): Promise<T> {
  const client = LspClient.start(transport, server);
  try {
    await client.initialize();
    return await body(client);
  } finally {
    await client.dispose();
  }
}
