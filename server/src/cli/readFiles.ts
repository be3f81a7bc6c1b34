import { ByteBudget } from './byteBudget';
import { closeFile, maxInputBytes, openRegularFile, readOpenedFile } from './readInput';

/** What reading one file gave: its text, or why it could not be read. */
export type ReadOutcome = { readonly text: string; readonly error?: undefined } | { readonly text?: undefined; readonly error: unknown };

/** Bounds of {@link readFiles}. */
export interface ReadLimits {
  /** Files open at once. */
  readonly concurrency: number;
  /** Bytes of file contents read and not yet handled, at once (one larger file may exceed it alone). */
  readonly bytesInMemory: number;
}

/** 16 files open at once, 64 MiB of contents in memory. */
export const defaultReadLimits: ReadLimits = { concurrency: 16, bytesInMemory: maxInputBytes };

/**
 * Reads files concurrently as UTF-8, within `limits`, each as {@link openRegularFile} and
 * {@link readOpenedFile} do (anything but a regular file is refused without being read). Each of
 * `limits.concurrency` lanes takes the index of its next file from `claim` (undefined: no more) and
 * calls `handle(index, outcome)` as soon as that file is read; so files complete in any order and
 * the caller keeps results by index. The contents count against the memory budget until `handle`
 * returns. Rejects only when `claim` or `handle` throws.
 */
export async function readFiles(
  files: readonly string[],
  claim: () => number | undefined,
  handle: (index: number, outcome: ReadOutcome) => void,
  limits: ReadLimits = defaultReadLimits,
): Promise<void> {
  const budget = new ByteBudget(limits.bytesInMemory);
  const readOne = async (index: number): Promise<void> => {
    let outcome: ReadOutcome;
    let held = 0;
    try {
      const opened = await openRegularFile(files[index]);
      try {
        await budget.acquire(opened.size);
        held = opened.size;
        outcome = { text: await readOpenedFile(opened) };
      } finally {
        await closeFile(opened);
      }
    } catch (error) {
      outcome = { error };
    }
    try {
      handle(index, outcome);
    } finally {
      budget.release(held);
    }
  };
  const lane = async (): Promise<void> => {
    for (let index = claim(); index !== undefined; index = claim()) await readOne(index);
  };
  await Promise.all(Array.from({ length: limits.concurrency }, lane));
}
