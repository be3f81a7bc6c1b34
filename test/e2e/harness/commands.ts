import { spawn } from 'node:child_process';
import * as fs from 'node:fs';

/** Options of {@link runCommand}. */
export interface RunOptions {
  readonly cwd?: string;
  readonly env?: NodeJS.ProcessEnv;
  /** Output goes to this file (appended); without it, to this process's stdout/stderr. */
  readonly logFile?: string;
}

/**
 * Runs `command` to completion in its own process group (so an interrupt of the harness, which
 * kills the group, also stops npm's and node-gyp's children). Rejects on a non-zero exit with the
 * last lines of the log.
 */
export async function runCommand(command: string, args: readonly string[], options: RunOptions = {}): Promise<void> {
  const log = options.logFile !== undefined ? fs.openSync(options.logFile, 'a') : undefined;
  if (log !== undefined) fs.writeSync(log, `\n$ (cd ${options.cwd ?? process.cwd()} && ${command} ${args.join(' ')})\n`);
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: options.env ?? process.env,
    detached: true,
    stdio: log !== undefined ? ['ignore', log, log] : 'inherit',
  });
  if (log !== undefined) fs.closeSync(log);
  const kill = (): void => {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // Already gone.
    }
  };
  process.once('exit', kill);
  try {
    const code = await new Promise<number | null>((resolve, reject) => {
      child.once('error', reject);
      child.once('exit', (exitCode, signal) => resolve(signal ? null : exitCode));
    });
    if (code !== 0) {
      const tail = options.logFile !== undefined ? `\n--- last lines of ${options.logFile}:\n${tailOf(options.logFile, 40)}` : '';
      throw new Error(`${command} ${args.join(' ')} exited with ${code ?? 'a signal'}${tail}`);
    }
  } finally {
    process.removeListener('exit', kill);
  }
}

/** The last `lines` lines of a text file ('' if it cannot be read). */
export function tailOf(file: string, lines: number): string {
  try {
    return fs.readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}
