/**
 * The one place that enables and disables the commands that need the language server, after
 * rust-analyzer's context swap: the context key {@link serverRunningContextKey} follows the
 * client's state, the commands that read the server carry `"enablement": "pearl.serverRunning"`
 * in package.json (so menus, buttons and the Command Palette grey them out), and one of them run
 * anyway (by another extension, a keybinding's `executeCommand`, a stale button) says
 * {@link serverNotRunningMessage} instead of running. Which commands those are is read from
 * package.json ({@link commandsNeedingServer}), so the clause and the check cannot drift apart.
 * It imports nothing from `vscode`: the context injects `setContext` and the notification.
 */

/** The context key (a `when` and `enablement` clause name) true while the language server runs. */
export const serverRunningContextKey = 'pearl.serverRunning';

/** The one sentence the user gets when something needs the language server and it is not running. */
export const serverNotRunningMessage = 'The Pearl language server is not running. Run "Pearl: Restart Language Server".';

/** What the gate needs of VS Code. */
export interface ServerGateHost {
  /** Sets a context key (`vscode.commands.executeCommand('setContext', key, value)`). */
  setContext(key: string, value: boolean): void;
  /** Shows an error notification (notify.ts's `showError`). */
  showError(message: string): void;
}

/** The part of package.json the gate reads: its commands and their enablement clauses. */
export interface CommandContributions {
  readonly contributes?: { readonly commands?: readonly { readonly command: string; readonly enablement?: string }[] };
}

/** The ids of the commands whose `enablement` clause names {@link serverRunningContextKey}. */
export function commandsNeedingServer(packageJson: CommandContributions): ReadonlySet<string> {
  const needs = new RegExp(`(^|[^\\w.])${serverRunningContextKey.replace('.', '\\.')}($|[^\\w.])`);
  return new Set(
    (packageJson.contributes?.commands ?? [])
      .filter((command) => command.enablement !== undefined && needs.test(command.enablement))
      .map((command) => command.command),
  );
}

/**
 * Whether the language server runs, published as {@link serverRunningContextKey} on every change
 * (false until told otherwise), and the check of the commands that need it.
 */
export class ServerGate {
  private current = false;

  /** Publishes the key as false at once: nothing runs before the client says so. */
  constructor(
    private readonly host: ServerGateHost,
    private readonly needsServer: ReadonlySet<string>,
  ) {
    host.setContext(serverRunningContextKey, false);
  }

  /** Whether the language server is running (its client's state is Running). */
  get running(): boolean {
    return this.current;
  }

  /** Records the client's state; the context key is set when it changes. */
  update(running: boolean): void {
    if (running === this.current) return;
    this.current = running;
    this.host.setContext(serverRunningContextKey, running);
  }

  /**
   * `run`, the implementation of command `command` (its full id, `pearl.deploy`), as registered:
   * unchanged when the command does not need the server; else run only while the server runs,
   * and otherwise {@link serverNotRunningMessage} shown and `undefined` returned.
   */
  guardCommand<A extends unknown[], R>(command: string, run: (...args: A) => R): (...args: A) => R | undefined {
    if (!this.needsServer.has(command)) return run;
    return (...args) => {
      if (!this.current) {
        this.host.showError(serverNotRunningMessage);
        return undefined;
      }
      return run(...args);
    };
  }

  /**
   * Whether the server runs; when it does not and `quiet` is not set, tells the user so
   * ({@link serverNotRunningMessage}). For a step inside a command that reads the server.
   */
  check(quiet = false): boolean {
    if (!this.current && !quiet) this.host.showError(serverNotRunningMessage);
    return this.current;
  }
}
