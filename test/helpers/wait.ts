/** How often {@link waitFor} asks again, in milliseconds. */
export const defaultPollIntervalMs = 50;

/** How long {@link waitFor} waits before it fails, in milliseconds. */
export const defaultWaitTimeoutMs = 20_000;

/** Options of {@link waitFor}. */
export interface WaitOptions {
  /** Fail after this many milliseconds (default {@link defaultWaitTimeoutMs}). */
  readonly timeoutMs?: number;
  /** Ask again after this many milliseconds (default {@link defaultPollIntervalMs}). */
  readonly intervalMs?: number;
  /** What the failure message says was last seen. */
  readonly describeLast?: () => string;
}

/**
 * Polls `probe` until it returns something other than `undefined` or `false`, and resolves to that.
 * Rejects after `timeoutMs` with an error that names `what` is awaited (and, with `describeLast`,
 * what was last seen); a probe that throws rejects at once.
 */
export async function waitFor<T>(
  what: string,
  probe: () => T | undefined | false | Promise<T | undefined | false>,
  options: WaitOptions = {},
): Promise<T> {
  const { timeoutMs = defaultWaitTimeoutMs, intervalMs = defaultPollIntervalMs } = options;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) {
      const last = options.describeLast ? `\nlast seen: ${options.describeLast()}` : '';
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${last}`);
    }
    await delay(intervalMs);
  }
}

/** Resolves after `ms` milliseconds: for polling loops and for pacing input, never as a wait for a state. */
export function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
