// The promise-returning file-system calls pearl-lint uses, made from node:fs's callback API:
// `node:fs/promises` loads a dozen modules at start-up (its FileHandle, readline, watchers), and
// its FileHandle's bookkeeping costs more per file than one callback per call.
import * as fs from 'node:fs';
import { promisify } from 'node:util';

/** `fs.stat` as a promise: rejects with the `NodeJS.ErrnoException` the callback gets. */
export const stat = promisify(fs.stat);
/** `fs.lstat` as a promise: rejects with the `NodeJS.ErrnoException` the callback gets. */
export const lstat = promisify(fs.lstat);
/** `fs.readdir` as a promise: rejects with the `NodeJS.ErrnoException` the callback gets. */
export const readdir = promisify(fs.readdir);
/** `fs.writeFile` as a promise: rejects with the `NodeJS.ErrnoException` the callback gets. */
export const writeFile = promisify(fs.writeFile);
