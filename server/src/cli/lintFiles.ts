// Checking many files: each read and checked in turn, on the main thread and, with
// `--concurrency`, on worker threads that take files from the same queue (ESLint's
// `--concurrency` does the same). Every thread runs the same language service.
import { availableParallelism } from 'node:os';
import * as path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { TextDocument } from 'vscode-languageserver-textdocument';
import * as fs from 'node:fs';
import {
  describePearlReadError,
  getLanguageService,
  isInsideFolder,
  isWalksFileUri,
  pearlOutsideReason,
  PearlLanguageService,
  takenTransitions,
  type PearlDocument,
  type RuleConfiguration,
  type UnresolvedPearl,
} from '../service/pearlLanguageService';
import { describeFsError, LintTarget } from './findPearlFiles';
import { LintRecord, toLintRecord } from './lintReport';
import { readRegularFile } from './readInput';
import { applySafeFixes, type FixMode } from './lintFix';
import { writeFileSync } from 'node:fs';
import type { WalkTrace } from '#protocol/walkTypes';

/**
 * What checking one file gave: its records (in the service's order), or why it could not be read;
 * for a walks file checked for `--coverage`, what its walks took ({@link WalkedFile}).
 */
export type FileResult =
  | { readonly records: LintRecord[]; readonly problem?: undefined; readonly output?: string; readonly walked?: WalkedFile }
  | { readonly records?: undefined; readonly problem: string };

/**
 * What the check of one walks file found for `pearl-lint --coverage` (walkCoverageReport.ts), so
 * that the report walks nothing again: the file, the Pearl it names, how many walks were walked
 * through that Pearl and the edge keys of the transitions they took (each once).
 */
export interface WalkedFile {
  /** The walks file's URI. */
  readonly uri: string;
  /** The URI of the Pearl its `pearl` names, when it names one. */
  readonly pearlUri: string | undefined;
  /** The walks walked (none when the Pearl could not be read). */
  readonly walks: number;
  readonly taken: readonly string[];
}

/** `--concurrency`: a number of threads, `auto` (see {@link threadCount}) or `off` (one thread). */
export type LintConcurrency = number | 'auto' | 'off';

/** Files per thread below which `auto` starts no more threads: a thread costs a start-up. */
const filesPerThread = 100;
/** Threads `auto` starts at most. */
const maxAutoThreads = 4;
/** Results a worker sends at once. */
const resultBatch = 32;

let service: PearlLanguageService | undefined;

/**
 * The language service of pearl-lint: an internal error of the service (a bug) is thrown, not
 * logged and answered with a fallback, so the run stops with exit status 2 and the error's message
 * (runPearlLint), never with a report that looks clean.
 */
export function lintService(): PearlLanguageService {
  service ??= getLanguageService({
    reportError: (message) => {
      throw new Error(message);
    },
  });
  return service;
}

/**
 * The diagnostics of `text` as `target`'s records (the service's order), under `rules` and the
 * text's `pearl-disable` comments; a leading byte order mark is dropped. A walks file's Pearl is
 * read only inside `workspace` (pearl-lint's working folder, docs/user/walks.md § Walks files).
 * With `walked`, a walks file adds what its walks took to it (`--coverage`).
 */
export function lintText(
  target: LintTarget,
  text: string,
  rules: RuleConfiguration = { rules: {} },
  workspace: string = process.cwd(),
  walked?: WalkedFile[],
): LintRecord[] {
  const service = lintService();
  // Editors drop the byte order mark before positions are counted; so do we.
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  const uri = fileUri(target.absolutePath);
  if (isWalksFileUri(uri)) return lintWalksText(service, target, uri, text, workspace, walked);
  const textDocument = TextDocument.create(uri, 'pearl', 1, text);
  const diagnostics = service.doValidation(service.parsePearlDocument(textDocument), rules);
  return diagnostics.map((diagnostic) => toLintRecord(target.displayPath, diagnostic));
}

/**
 * {@link lintText} after the safe fixes (lintFix.ts): the records that remain, and `output`, the
 * fixed text, when it differs (a leading byte order mark is kept). Walks files are not fixed.
 */
export function lintAndFixText(
  target: LintTarget,
  text: string,
  rules: RuleConfiguration = { rules: {} },
  workspace: string = process.cwd(),
  walked?: WalkedFile[],
): { records: LintRecord[]; output?: string } {
  const service = lintService();
  const bom = text.charCodeAt(0) === 0xfeff ? '\ufeff' : '';
  const uri = fileUri(target.absolutePath);
  if (isWalksFileUri(uri)) return { records: lintText(target, text, rules, workspace, walked) };
  const fixed = applySafeFixes(service, uri, text.slice(bom.length), rules);
  const output = `${bom}${fixed}`;
  return { records: lintText(target, output, rules), ...(output === text ? {} : { output }) };
}

/** The file URI of each folder {@link fileUri} was asked about, by absolute path. */
const folderUris = new Map<string, string>();

/** A file name that a file URI writes as it is: letters, digits, `.`, `_` and `-`, not starting with `.`. */
const plainFileName = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

/**
 * `pathToFileURL(absolutePath).href` (`absolutePath` normalised, as path.resolve gives it): on
 * POSIX, for a file of a plain name ({@link plainFileName}), its folder's URI (made once per
 * folder) and the name; else Node's conversion. Checking a thousand files spends a few percent of
 * its time converting paths otherwise.
 */
export function fileUri(absolutePath: string): string {
  const slash = absolutePath.lastIndexOf('/');
  const name = absolutePath.slice(slash + 1);
  if (path.sep !== '/' || slash <= 0 || absolutePath.charCodeAt(slash - 1) === 0x2f || !plainFileName.test(name)) {
    return pathToFileURL(absolutePath).href;
  }
  const folder = absolutePath.slice(0, slash);
  let uri = folderUris.get(folder);
  if (uri === undefined) {
    uri = pathToFileURL(folder).href;
    folderUris.set(folder, uri);
  }
  return `${uri}/${name}`;
}

/**
 * The diagnostics of the walks file `text` (docs/user/walks.md): each walk run through the Pearl its
 * `pearl` names, read from disk. Walks codes are not tuned by rules (they are not the service's).
 */
function lintWalksText(
  service: PearlLanguageService,
  target: LintTarget,
  uri: string,
  text: string,
  workspace: string,
  walked: WalkedFile[] | undefined,
): LintRecord[] {
  const walksDoc = service.parsePearlDocument(TextDocument.create(uri, 'jsonc', 1, text));
  const pearlUri = service.getWalksFilePearlUri(walksDoc);
  const taken = new Set<string>();
  let walks = 0;
  const onWalk =
    walked &&
    ((trace: WalkTrace): void => {
      walks++;
      for (const key of takenTransitions(trace)) taken.add(key);
    });
  const diagnostics = service.checkWalksFile(walksDoc, readWalkedPearl(service, pearlUri, workspace), onWalk);
  walked?.push({ uri, pearlUri, walks, taken: [...taken] });
  return diagnostics.map((diagnostic) => toLintRecord(target.displayPath, diagnostic));
}

/**
 * The parse of the Pearl file `uri` names, or why it is not read (docs/user/walks.md § Walks files):
 * outside the folder `workspace` (pearl-lint's working folder), lexically or once its symbolic
 * links are resolved, it is refused (`outside`) and nothing of it is read; anything but a regular
 * file (a FIFO, a device, a folder) or a file over pearl-lint's input bound is never read
 * ({@link readRegularFile} opens it non-blocking and checks it on the open descriptor). The file is
 * read at every call; when its text is that of the last Pearl read (by this thread, with the same
 * service), that parse is given again, not a new one: walks files that name one Pearl, and the
 * `--coverage` report after them, parse it once.
 */
export function readWalkedPearl(
  service: PearlLanguageService,
  uri: string | undefined,
  workspace: string,
): PearlDocument | UnresolvedPearl {
  if (uri === undefined) return { reason: 'its path is not a string' };
  if (!uri.startsWith('file:')) return { reason: 'it is not a file' };
  if (!isInsideFolder(uri, pathToFileURL(workspace).href)) return { reason: pearlOutsideReason, outside: true };
  try {
    const file = fileURLToPath(uri);
    const relative = path.relative(fs.realpathSync(workspace), fs.realpathSync(file));
    if (relative === '' || relative === '..' || relative.startsWith(`..${path.sep}`) || path.isAbsolute(relative)) {
      return { reason: 'its real path, symbolic links followed, is outside the workspace folder', outside: true };
    }
    let text = readRegularFile(file);
    if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    if (lastPearlRead?.service === service && lastPearlRead.uri === uri && lastPearlRead.text === text) return lastPearlRead.parse;
    const parse = service.parsePearlDocument(TextDocument.create(uri, 'pearl', 1, text));
    lastPearlRead = { service, uri, text, parse };
    return parse;
  } catch (error) {
    // readRegularFile's own refusals say what the path is: `not a regular file (a FIFO)`, `too large to check (...)`.
    return { reason: error instanceof Error && !('code' in error) ? `it is ${error.message}` : describePearlReadError(error) };
  }
}

/** The last Pearl {@link readWalkedPearl} parsed (one: each thread holds few texts at a time). */
let lastPearlRead: { service: PearlLanguageService; uri: string; text: string; parse: PearlDocument } | undefined;

/**
 * How many threads check `files` files: `off` one; a number, that many (at most one per file);
 * `auto` one per {@link filesPerThread} files, at most the cores available and {@link maxAutoThreads}.
 */
export function threadCount(concurrency: LintConcurrency, files: number): number {
  if (concurrency === 'off') return 1;
  const wanted =
    concurrency === 'auto' ? Math.min(availableParallelism(), maxAutoThreads, Math.floor(files / filesPerThread)) : concurrency;
  return Math.max(1, Math.min(wanted, files));
}

/**
 * Reads and checks every target with `threads` threads (the main thread and `threads - 1` worker
 * threads running {@link runLintWorker}), and resolves to one result per target, in `targets`
 * order, each under its `rules` entry; walks files read their Pearl only inside `workspace`, and
 * with `coverage` their results say what their walks took ({@link WalkedFile}).
 * Each thread holds one file's text at a time (and the last Pearl a walks file named: {@link readWalkedPearl}).
 * Rejects when a worker fails (an internal error).
 */
export async function lintFiles(
  targets: readonly LintTarget[],
  threads: number,
  rules: readonly RuleConfiguration[] = [],
  fix: FixMode = 'off',
  workspace: string = process.cwd(),
  coverage = false,
): Promise<FileResult[]> {
  const results: FileResult[] = new Array<FileResult>(targets.length);
  const input: WorkerInput = { targets, rules, fix, workspace, coverage, next: new Int32Array(new SharedArrayBuffer(4)) };
  const workers = Array.from({ length: threads - 1 }, () =>
    runWorker(input, (index, result) => {
      results[index] = result;
    }),
  );
  await Promise.all([lintClaimed(input, (index, result) => (results[index] = result)), ...workers]);
  return results;
}

/** What a worker is given. */
interface WorkerInput {
  readonly targets: readonly LintTarget[];
  /** The rules of each target (by index; none given: the defaults). */
  readonly rules: readonly RuleConfiguration[];
  /** The folder a walks file's Pearl must be in (pearl-lint's working folder). */
  readonly workspace: string;
  /** `--fix` (write the fixed text) or `--fix-dry-run` (report it), or `off`. */
  readonly fix: FixMode;
  /** `--coverage`: walks files' results carry what their walks took. */
  readonly coverage: boolean;
  /** The index of the next target to take, shared by every thread. */
  readonly next: Int32Array;
}

/** What a worker sends: results, then `done`. */
type WorkerMessage = { readonly results: [number, FileResult][] } | { readonly done: true };

/** Files a thread checks between two turns of the event loop (where worker threads start and report). */
const filesPerTurn = 32;

/**
 * Checks the targets this thread takes from the shared queue `next`, handing each result to
 * `handle`; each file is read synchronously ({@link readRegularFile}) just before it is checked, so a
 * thread holds one file's text at a time (and the last Pearl a walks file named). Gives the event loop a turn every {@link filesPerTurn}
 * files. Rejects only when `handle` throws.
 */
async function lintClaimed(
  { targets, rules, fix, workspace, coverage, next }: WorkerInput,
  handle: (index: number, result: FileResult) => void,
): Promise<void> {
  for (let checked = 1; ; checked++) {
    const index = Atomics.add(next, 0, 1);
    if (index >= targets.length) return;
    const target = targets[index];
    let text: string;
    try {
      text = readRegularFile(target.absolutePath);
    } catch (error) {
      handle(index, { problem: `${target.displayPath}: ${describeFsError(error)}` });
      continue;
    }
    const walked: WalkedFile[] | undefined = coverage ? [] : undefined;
    const result =
      fix === 'off'
        ? { records: lintText(target, text, rules[index], workspace, walked) }
        : fixFile(target, text, rules[index], fix, workspace, walked);
    handle(index, walked?.length && result.records ? { ...result, walked: walked[0] } : result);
    if (checked % filesPerTurn === 0) await new Promise<void>((resolve) => setImmediate(resolve));
  }
}

/** {@link lintAndFixText} of one file; with `write`, the fixed text replaces the file's (the result then has no `output`). */
function fixFile(
  target: LintTarget,
  text: string,
  rules: RuleConfiguration | undefined,
  fix: FixMode,
  workspace: string,
  walked: WalkedFile[] | undefined,
): FileResult {
  const { records, output } = lintAndFixText(target, text, rules, workspace, walked);
  if (fix !== 'write' || output === undefined) return { records, output };
  try {
    writeFileSync(target.absolutePath, output);
  } catch (error) {
    return { problem: `${target.displayPath}: cannot write the fixed text: ${describeFsError(error)}` };
  }
  return { records };
}

function runWorker(input: WorkerInput, handle: (index: number, result: FileResult) => void): Promise<void> {
  // Loaded only here and in the worker: node:worker_threads costs start-up time.
  const workerThreads = requireWorkerThreads();
  return new Promise((resolve, reject) => {
    let done = false;
    // The worker requires the file this code is in (the pearl-lint bundle, or this module when
    // compiled) as a module, not as a program, and runs runLintWorker from its exports.
    const source = `require(${JSON.stringify(__filename)}).runLintWorker()`;
    const worker = new workerThreads.Worker(source, { eval: true, workerData: input });
    worker.on('message', (message: WorkerMessage) => {
      if ('done' in message) done = true;
      else for (const [index, result] of message.results) handle(index, result);
    });
    worker.on('error', reject);
    worker.on('exit', (code) => (done ? resolve() : reject(new Error(`a worker thread stopped (exit code ${code}) before it finished`))));
  });
}

/**
 * `node:worker_threads`, required when first needed: a dynamic `import()` of a built-in stays one in
 * the bundle and starts Node's ES module loader (2–3 ms, in each worker too).
 */
function requireWorkerThreads(): typeof import('node:worker_threads') {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded only for threads, without the ES module loader
  return require('node:worker_threads') as typeof import('node:worker_threads');
}

/**
 * A worker thread's work, started by {@link lintFiles}: checks the files it takes from the shared
 * queue, sends the results in batches, then `done`. Rejects when checking fails (the worker then
 * stops with an error, which {@link lintFiles} reports).
 */
export async function runLintWorker(): Promise<void> {
  const workerThreads = requireWorkerThreads();
  const input = workerThreads.workerData as WorkerInput;
  const parentPort = workerThreads.parentPort;
  let batch: [number, FileResult][] = [];
  const send = (message: WorkerMessage): void => parentPort?.postMessage(message);
  await lintClaimed(input, (index, result) => {
    batch.push([index, result]);
    if (batch.length >= resultBatch) {
      send({ results: batch });
      batch = [];
    }
  });
  if (batch.length > 0) send({ results: batch });
  send({ done: true });
}
