// The promise-returning file-system calls pearl-lint uses, made from node:fs's callback API:
// `node:fs/promises` loads a dozen modules at start-up (its FileHandle, readline, watchers), and
// its FileHandle's bookkeeping costs more per file than one callback per call.
import * as fs from 'node:fs';
import { promisify } from 'node:util';

export const open = promisify(fs.open);
export const fstat = promisify(fs.fstat);
export const close = promisify(fs.close);
export const stat = promisify(fs.stat);
export const lstat = promisify(fs.lstat);
export const readdir = promisify(fs.readdir);
export const writeFile = promisify(fs.writeFile);

/** Reads up to `length` bytes into `buffer` at `offset`, from `position` (null: the current one); resolves to the count read. */
export function read(fd: number, buffer: Uint8Array, offset: number, length: number, position: number | null): Promise<number> {
  return new Promise((resolve, reject) => {
    fs.read(fd, buffer, offset, length, position, (error, bytesRead) => (error ? reject(error) : resolve(bytesRead)));
  });
}
