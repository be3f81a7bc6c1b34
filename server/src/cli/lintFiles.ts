// Checking many files: read concurrently, checked as they arrive, on the main thread and, for
// many files on a machine with several cores, on worker threads that take files from the same
// queue (ESLint's `--concurrency` does the same). Every thread runs the same language service.
import { availableParallelism } from 'node:os';
import { pathToFileURL } from 'node:url';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { getLanguageService, PearlLanguageService } from '../service/pearlLanguageService';
import { describeFsError, LintTarget } from './findPearlFiles';
import { LintRecord, toLintRecord } from './lintReport';
import { readFiles } from './readFiles';

/** What checking one file gave: its records (in the service's order), or why it could not be read. */
export type FileResult = { readonly records: LintRecord[]; readonly problem?: undefined } | { readonly records?: undefined; readonly problem: string };

/** `--concurrency`: a number of threads, `auto` (see {@link threadCount}) or `off` (one thread). */
export type LintConcurrency = number | 'auto' | 'off';

/** Files per thread below which `auto` starts no more threads: a thread costs a start-up. */
const filesPerThread = 100;
/** Threads `auto` starts at most. */
const maxAutoThreads = 4;
/** Results a worker sends at once. */
const resultBatch = 32;

let service: PearlLanguageService | undefined;

/** The diagnostics of `text` as `target`'s records (the service's order); a leading byte order mark is dropped. */
export function lintText(target: LintTarget, text: string): LintRecord[] {
  service ??= getLanguageService();
  // Editors drop the byte order mark before positions are counted; so do we.
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  const textDocument = TextDocument.create(pathToFileURL(target.absolutePath).href, 'pearl', 1, text);
  const diagnostics = service.doValidation(service.parsePearlDocument(textDocument));
  return diagnostics.map((diagnostic) => toLintRecord(target.displayPath, diagnostic));
}

/**
 * How many threads check `files` files: `off` one; a number, that many (at most one per file);
 * `auto` one per {@link filesPerThread} files, at most the cores available and {@link maxAutoThreads}.
 */
export function threadCount(concurrency: LintConcurrency, files: number): number {
  if (concurrency === 'off') return 1;
  const wanted = concurrency === 'auto' ? Math.min(availableParallelism(), maxAutoThreads, Math.floor(files / filesPerThread)) : concurrency;
  return Math.max(1, Math.min(wanted, files));
}

/**
 * Reads and checks every target with `threads` threads (the main thread and `threads - 1` workers
 * running this file), and resolves to one result per target, in `targets` order. Rejects when a
 * worker fails (an internal error).
 */
export async function lintFiles(targets: readonly LintTarget[], threads: number): Promise<FileResult[]> {
  const results: FileResult[] = new Array<FileResult>(targets.length);
  const next = new Int32Array(new SharedArrayBuffer(4));
  const workers = Array.from({ length: threads - 1 }, () =>
    runWorker({ pearlLintWorker: true, targets, next }, (index, result) => {
      results[index] = result;
    }),
  );
  await Promise.all([lintClaimed(targets, next, (index, result) => (results[index] = result)), ...workers]);
  return results;
}

/** What a worker is given. */
interface WorkerInput {
  readonly pearlLintWorker: true;
  readonly targets: readonly LintTarget[];
  /** The index of the next target to take, shared by every thread. */
  readonly next: Int32Array;
}

/** What a worker sends: results, then `done`. */
type WorkerMessage = { readonly results: [number, FileResult][] } | { readonly done: true };

/** Checks the targets this thread takes from the shared queue `next`, handing each result to `handle`. */
function lintClaimed(targets: readonly LintTarget[], next: Int32Array, handle: (index: number, result: FileResult) => void): Promise<void> {
  const claim = (): number | undefined => {
    const index = Atomics.add(next, 0, 1);
    return index < targets.length ? index : undefined;
  };
  return readFiles(
    targets.map((target) => target.absolutePath),
    claim,
    (index, outcome) => {
      const target = targets[index];
      handle(index, outcome.text === undefined ? { problem: `${target.displayPath}: ${describeFsError(outcome.error)}` } : { records: lintText(target, outcome.text) });
    },
  );
}

function runWorker(input: WorkerInput, handle: (index: number, result: FileResult) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    let done = false;
    const worker = new Worker(__filename, { workerData: input });
    worker.on('message', (message: WorkerMessage) => {
      if ('done' in message) done = true;
      else for (const [index, result] of message.results) handle(index, result);
    });
    worker.on('error', reject);
    worker.on('exit', (code) => (done ? resolve() : reject(new Error(`a worker thread stopped (exit code ${code}) before it finished`))));
  });
}

/** A worker's life: check the files it takes, send the results in batches, then `done`. */
async function workerMain(input: WorkerInput): Promise<void> {
  let batch: [number, FileResult][] = [];
  const send = (message: WorkerMessage): void => parentPort?.postMessage(message);
  await lintClaimed(input.targets, input.next, (index, result) => {
    batch.push([index, result]);
    if (batch.length >= resultBatch) {
      send({ results: batch });
      batch = [];
    }
  });
  if (batch.length > 0) send({ results: batch });
  send({ done: true });
}

if (!isMainThread && (workerData as Partial<WorkerInput> | undefined)?.pearlLintWorker === true) void workerMain(workerData as WorkerInput);
