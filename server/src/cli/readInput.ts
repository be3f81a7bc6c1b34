import * as fs from 'node:fs/promises';
import { constants } from 'node:fs';
import { describeFileKind } from './findPearlFiles';

/**
 * Reads a file as UTF-8, refusing anything but a regular file without reading it: the file is opened
 * non-blocking (a FIFO without a writer does not hang the open) and checked on the open handle (no
 * race with a swap between a check and the read), so a FIFO never blocks and `/dev/zero` is never
 * read. Rejects with the file-system error, or an Error whose message says what the path is
 * (`not a regular file (a FIFO)`).
 */
export async function readRegularFile(file: string): Promise<string> {
  // O_NONBLOCK is undefined on Windows, where opening does not block on pipes.
  const handle = await fs.open(file, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  try {
    const stats = await handle.stat();
    if (!stats.isFile()) throw new Error(describeFileKind(stats));
    return await handle.readFile('utf8');
  } finally {
    await handle.close();
  }
}

/** Reads a stream (standard input) to its end as UTF-8 text. */
export async function readStream(stream: AsyncIterable<string | Uint8Array>): Promise<string> {
  const decoder = new TextDecoder('utf-8');
  let text = '';
  for await (const chunk of stream) text += typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
  return text + decoder.decode();
}
