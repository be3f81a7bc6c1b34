import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';

import { delay } from '../../helpers/wait';

// `delay(ms)`: for polling loops only, never as a fixed wait for a state.
export { delay };

/** What {@link ProcessGroups.start} needs to start a long-running process. */
export interface StartOptions {
  readonly cwd?: string;
  readonly env?: NodeJS.ProcessEnv;
  /** stdout and stderr are appended to this file. */
  readonly logFile: string;
}

/**
 * The long-running processes of a run (stand-in, code-server), each started as the leader of its
 * own process group (`detached: true` is `setsid()`), so that stopping one stops everything it
 * started: code-server forks a server, which forks extension hosts, which fork the language server;
 * killing only the first orphans the others. Groups are stopped on `stopAll()`, and, as a last
 * resort, with SIGKILL when this process exits or gets SIGINT, SIGTERM or SIGHUP.
 */
export class ProcessGroups {
  private readonly groups = new Map<number, string>();
  private handlersInstalled = false;

  /** Starts `command` as a new process group; resolves once it has a pid. Rejects if it cannot start. */
  async start(name: string, command: string, args: readonly string[], options: StartOptions): Promise<ChildProcess> {
    this.installHandlers();
    const log = fs.openSync(options.logFile, 'a');
    try {
      const child = spawn(command, args, {
        cwd: options.cwd,
        env: options.env ?? process.env,
        detached: true,
        stdio: ['ignore', log, log],
      });
      await new Promise<void>((resolve, reject) => {
        child.once('spawn', resolve);
        child.once('error', reject);
      });
      this.groups.set(child.pid!, name);
      return child;
    } finally {
      fs.closeSync(log);
    }
  }

  /**
   * Stops the group led by `pid`: SIGTERM, then SIGKILL for whatever is still there after
   * `graceMs`. Resolves once no process of the group is left, or 5 s after the SIGKILL.
   */
  async stop(pid: number, graceMs = 3000): Promise<void> {
    if (!this.groups.has(pid)) return;
    signalGroup(pid, 'SIGTERM');
    const deadline = Date.now() + graceMs;
    while (isGroupAlive(pid) && Date.now() < deadline) await delay(50);
    if (isGroupAlive(pid)) signalGroup(pid, 'SIGKILL');
    const killDeadline = Date.now() + 5000;
    while (isGroupAlive(pid) && Date.now() < killDeadline) await delay(20);
    // Still there (unkillable, or a zombie nobody reaps): the leftover check reports it.
    this.groups.delete(pid);
  }

  /** Stops every group, newest first. */
  async stopAll(): Promise<void> {
    for (const pid of [...this.groups.keys()].reverse()) await this.stop(pid);
  }

  /** SIGKILLs every group now (synchronous: usable from an `exit` handler). */
  killAllNow(): void {
    for (const pid of this.groups.keys()) signalGroup(pid, 'SIGKILL');
    this.groups.clear();
  }

  private installHandlers(): void {
    if (this.handlersInstalled) return;
    this.handlersInstalled = true;
    process.once('exit', () => this.killAllNow());
    for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
      process.once(signal, () => {
        process.stderr.write(`\n[e2e] ${signal}: stopping ${[...this.groups.values()].join(', ') || 'nothing'}\n`);
        void this.stopAll().finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
      });
    }
  }
}

/** Sends `signal` to the process group `pgid`; a group that is already gone is not an error. */
function signalGroup(pgid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pgid, signal);
  } catch {
    // ESRCH: nothing left in the group.
  }
}

/** Whether any process (zombies included until reaped) is left in the group `pgid`. */
export function isGroupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * The pids (other than this process) whose environment carries `name=value`: every process a run
 * started inherits the run's marker, so this finds what escaped the process groups (a process that
 * called setsid itself). Linux only (/proc); an empty list elsewhere.
 */
export function findMarkedProcesses(name: string, value: string): number[] {
  const needle = Buffer.from(`${name}=${value}\0`);
  const found: number[] = [];
  let entries: string[];
  try {
    entries = fs.readdirSync('/proc');
  } catch {
    return found;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      if (fs.readFileSync(`/proc/${entry}/environ`).includes(needle)) found.push(Number(entry));
    } catch {
      // Gone, or not ours to read.
    }
  }
  return found;
}

/** SIGKILLs `pids`; returns a description of each, for the log. */
export function killProcesses(pids: readonly number[]): string[] {
  return pids.map((pid) => {
    const command = spawnSync('ps', ['-o', 'args=', '-p', String(pid)], { encoding: 'utf8' }).stdout.trim();
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
    return `${pid} ${command.slice(0, 160)}`;
  });
}
