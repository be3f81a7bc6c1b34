import * as fs from 'node:fs';
import { promisify } from 'node:util';
import { describeFileKind } from './findPearlFiles';

/** The largest file or standard input `pearl-lint` reads, in bytes (64 MiB; a 20,000-node Pearl is about 22 MB). */
export const maxInputBytes = 64 * 1024 * 1024;

// The callback API behind one promise per call: for many small files it costs a fraction of
// `fs/promises` FileHandle's bookkeeping.
const open = promisify(fs.open);
const fstat = promisify(fs.fstat);
const close = promisify(fs.close);
const utf8 = new TextDecoder('utf-8');

/** Reads up to `length` bytes into `buffer` at `offset`, from `position` (null: the current one); the count read. */
function read(fd: number, buffer: Uint8Array, offset: number, length: number, position: number | null): Promise<number> {
  return new Promise((resolve, reject) => {
    fs.read(fd, buffer, offset, length, position, (error, bytesRead) => (error ? reject(error) : resolve(bytesRead)));
  });
}

/** A regular file opened for reading by {@link openRegularFile}; close it with {@link closeFile}. */
export interface OpenedFile {
  readonly fd: number;
  /** Its size when opened, in bytes. */
  readonly size: number;
}

/**
 * Opens a file for reading, refusing anything but a regular file of at most {@link maxInputBytes}
 * without reading it: the file is opened non-blocking (a FIFO without a writer does not hang the
 * open) and checked on the open descriptor (no race with a swap between a check and the read), so a
 * FIFO never blocks and `/dev/zero` is never read. Rejects with the file-system error, or an Error
 * whose message says what the path is (`not a regular file (a FIFO)`, `too large to check (...)`).
 */
export async function openRegularFile(file: string): Promise<OpenedFile> {
  // O_NONBLOCK is undefined on Windows, where opening does not block on pipes.
  const fd = await open(file, fs.constants.O_RDONLY | (fs.constants.O_NONBLOCK ?? 0));
  try {
    const stats = await fstat(fd);
    if (!stats.isFile()) throw new Error(describeFileKind(stats));
    if (stats.size > maxInputBytes) throw new Error(tooLarge(stats.size));
    return { fd, size: stats.size };
  } catch (error) {
    await close(fd);
    throw error;
  }
}

/**
 * Reads an opened file as UTF-8: its size at opening (one read for a file that does not change), or
 * to its end when it reported none (files of /proc), at most {@link maxInputBytes}.
 */
export async function readOpenedFile(file: OpenedFile): Promise<string> {
  if (file.size > 0) {
    const buffer = new Uint8Array(file.size);
    let length = 0;
    while (length < file.size) {
      const bytesRead = await read(file.fd, buffer, length, file.size - length, length);
      if (bytesRead === 0) break;
      length += bytesRead;
    }
    return utf8.decode(buffer.subarray(0, length));
  }
  const decoder = new TextDecoder('utf-8');
  let text = '';
  let length = 0;
  for (;;) {
    const buffer = new Uint8Array(64 * 1024);
    const bytesRead = await read(file.fd, buffer, 0, buffer.length, null);
    if (bytesRead === 0) break;
    length += bytesRead;
    if (length > maxInputBytes) throw new Error(tooLarge(length));
    text += decoder.decode(buffer.subarray(0, bytesRead), { stream: true });
  }
  return text + decoder.decode();
}

/** Closes a file opened by {@link openRegularFile}. */
export function closeFile(file: OpenedFile): Promise<void> {
  return close(file.fd);
}

/** Opens, reads and closes a regular file: {@link openRegularFile}, then {@link readOpenedFile}. */
export async function readRegularFile(file: string): Promise<string> {
  const opened = await openRegularFile(file);
  try {
    return await readOpenedFile(opened);
  } finally {
    await closeFile(opened);
  }
}

/** Reads a stream (standard input) to its end as UTF-8 text; rejects past {@link maxInputBytes}. */
export async function readStream(stream: AsyncIterable<string | Uint8Array>): Promise<string> {
  const decoder = new TextDecoder('utf-8');
  let text = '';
  let length = 0;
  for await (const chunk of stream) {
    length += typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.byteLength;
    if (length > maxInputBytes) throw new Error(tooLarge(length, 'more than'));
    text += typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
  }
  return text + decoder.decode();
}

function tooLarge(bytes: number, qualifier = ''): string {
  const mb = (n: number): string => `${(n / (1024 * 1024)).toFixed(1)} MiB`;
  return `too large to check (${qualifier ? `${qualifier} ` : ''}${mb(bytes)}; at most ${mb(maxInputBytes)})`;
}
