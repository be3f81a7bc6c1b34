// The promise-returning file-system calls pearl-lint uses, made from node:fs's callback API:
// `node:fs/promises` loads a dozen modules at start-up (its FileHandle, readline, watchers), and
// its FileHandle's bookkeeping costs more per file than one callback per call.
import * as fs from 'node:fs';
import { promisify } from 'node:util';

export const stat = promisify(fs.stat);
export const lstat = promisify(fs.lstat);
export const readdir = promisify(fs.readdir);
export const writeFile = promisify(fs.writeFile);
