// The promise-returning file-system calls pearl-lint uses (its own and, for `--coverage`, the walks
// files' access in walks/nodeWalksFileAccess.ts), made from node:fs's callback API:
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
/** `fs.realpath` as a promise: the path with every symbolic link resolved. */
export const realpath = promisify(fs.realpath);
/** `fs.open` as a promise: a file descriptor, which {@link close} must close. */
export const open = promisify(fs.open);
/** `fs.fstat` as a promise: the stats of an open file descriptor. */
export const fstat = promisify(fs.fstat);
/** `fs.read` as a promise: `{ bytesRead, buffer }`. */
export const read = promisify(fs.read);
/** `fs.close` as a promise. */
export const close = promisify(fs.close);
