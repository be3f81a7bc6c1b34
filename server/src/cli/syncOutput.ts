// pearl-lint's standard output and error as plain synchronous writes: creating process.stdout or
// process.stderr for a pipe or a file loads Node's stream machinery, a few milliseconds of a
// one-file lint's start-up (docs/dev/performance.md § pearl-lint).
import * as fs from 'node:fs';
import { isatty } from 'node:tty';

const encoder = new TextEncoder();

/** Where {@link fdWriter} writes text. */
export interface TextWriter {
  write(text: string): void;
}

/**
 * A writer of UTF-8 text to the file descriptor `fd` (1 or 2). A terminal gets `stream()` (the
 * process's stream, which writes Unicode to a Windows console correctly); a pipe or a file gets
 * `fs.writeSync`, every byte written before `write` returns, in order. When the descriptor is
 * non-blocking and full (`EAGAIN`), the rest of the text and everything after go to `stream()`,
 * which waits for the reader. When the reader has gone (`EPIPE`: `pearl-lint | head`), this and
 * later writes are dropped, not an error. Other errors are thrown.
 * @param stream The process's stream for `fd`, created only when needed.
 */
export function fdWriter(fd: number, stream: () => NodeJS.WritableStream): TextWriter {
  let fallback: NodeJS.WritableStream | undefined;
  let gone = false;
  const useStream = (): NodeJS.WritableStream => {
    if (fallback === undefined) {
      fallback = stream();
      fallback.on('error', (error: NodeJS.ErrnoException) => {
        if (error.code !== 'EPIPE') throw error;
      });
    }
    return fallback;
  };
  if (isatty(fd)) useStream();
  return {
    write(text: string): void {
      if (gone || text === '') return;
      if (fallback !== undefined) {
        fallback.write(text);
        return;
      }
      const bytes = encoder.encode(text);
      let offset = 0;
      while (offset < bytes.length) {
        try {
          offset += fs.writeSync(fd, bytes, offset, bytes.length - offset);
        } catch (error) {
          const code = (error as NodeJS.ErrnoException).code;
          if (code === 'EPIPE') {
            gone = true;
            return;
          }
          if (code !== 'EAGAIN') throw error;
          useStream().write(bytes.subarray(offset));
          return;
        }
      }
    },
  };
}
