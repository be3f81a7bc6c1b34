// pearl-lint's standard output and error as plain synchronous writes: creating process.stdout or
// process.stderr for a pipe or a file loads Node's stream machinery, a few milliseconds of a
// one-file lint's start-up (docs/dev/performance.md § pearl-lint).
import * as fs from 'node:fs';

const encoder = new TextEncoder();

/** Where {@link fdWriter} writes text. */
export interface TextWriter {
  write(text: string): void;
}

/**
 * A writer of UTF-8 text to the file descriptor `fd` (1 or 2). A pipe, a socket or a regular file
 * gets `fs.writeSync`, every byte written before `write` returns, in order; anything else (a
 * terminal, whose Windows console needs the stream's Unicode writes, or a device) gets `stream()`,
 * the process's stream. When the descriptor is
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
  let examined = false;
  return {
    write(text: string): void {
      if (gone || text === '') return;
      if (!examined) {
        // At the first write: a run that prints nothing creates no stream.
        examined = true;
        if (!isPipeOrFile(fd)) useStream();
      }
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

/**
 * Whether `fd` is a pipe, a socket or a regular file (fstat; not node:tty's isatty, whose module
 * loads the stream machinery this avoids). False when it cannot be examined.
 */
function isPipeOrFile(fd: number): boolean {
  try {
    const stats = fs.fstatSync(fd);
    return stats.isFIFO() || stats.isSocket() || stats.isFile();
  } catch {
    return false;
  }
}
