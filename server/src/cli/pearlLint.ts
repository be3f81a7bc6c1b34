// `pearl-lint`: the Pearl language service's diagnostics on the command line, for CI.
// Same service as the language server: no rule lives here.
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { getLanguageService } from '../service/pearlLanguageService';
import { formatLintGithub, formatLintJunit } from './ciReports';
import { describeFsError, findPearlFiles, LintTarget } from './findPearlFiles';
import { LintFormat, lintUsage, parseLintArguments, stdinPath } from './lintArguments';
import {
  countLintRecords,
  formatLintJson,
  formatLintSummary,
  formatLintText,
  LintRecord,
  sortLintRecords,
  toLintRecord,
} from './lintReport';
import { getPackageManifest, getPackageVersion } from './packageVersion';
import { readRegularFile, readStream } from './readInput';
import { formatLintSarif } from './sarifReport';

/** Where {@link runPearlLint} writes and what relative paths are relative to. */
export interface PearlLintIO {
  /** Diagnostics (text lines or the JSON array), `--help`, `--version`. */
  readonly stdout: { write(text: string): unknown };
  /** The summary line and every usage, file-system or internal error. */
  readonly stderr: { write(text: string): unknown };
  /** The working folder: relative paths and globs start here, and reported paths are relative to it. */
  readonly cwd: string;
  /** The environment: `GITHUB_ACTIONS=true` makes `github` the default format. */
  readonly env?: NodeJS.ProcessEnv;
  /** Standard input, read when a path is `-`. */
  readonly stdin?: AsyncIterable<string | Uint8Array>;
}

/** Exit status of `pearl-lint`. */
export enum PearlLintExit {
  /** No error diagnostic (and warnings within `--max-warnings`). */
  Clean = 0,
  /** At least one error diagnostic, or more warnings than `--max-warnings`. */
  Problems = 1,
  /** Bad usage, a missing or unreadable file, a folder or glob matching no file, an internal error. */
  Failure = 2,
}

/**
 * Runs `pearl-lint` with `argv` (the arguments after the script) and resolves to the exit status
 * ({@link PearlLintExit}). Diagnostics come from `getLanguageService().doValidation`, sorted by file
 * then position. A path that fails is reported on stderr; the other files are still checked.
 * Never rejects.
 */
export async function runPearlLint(argv: readonly string[], io: PearlLintIO): Promise<number> {
  try {
    return await lint(argv, io);
  } catch (error) {
    io.stderr.write(`pearl-lint: internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    return PearlLintExit.Failure;
  }
}

async function lint(argv: readonly string[], io: PearlLintIO): Promise<number> {
  const parsed = parseLintArguments(argv, io.env);
  if (!parsed.ok) {
    io.stderr.write(`pearl-lint: ${parsed.message}\nTry 'pearl-lint --help'.\n`);
    return PearlLintExit.Failure;
  }
  const { options } = parsed;
  if (options.help) {
    io.stdout.write(lintUsage);
    return PearlLintExit.Clean;
  }
  if (options.version) {
    io.stdout.write(`${getPackageVersion()}\n`);
    return PearlLintExit.Clean;
  }

  const { targets, problems } = await findPearlFiles(
    options.paths.filter((given) => given !== stdinPath),
    io.cwd,
  );
  const service = getLanguageService();
  const records: LintRecord[] = [];
  const checked: string[] = [];
  const check = (target: LintTarget, text: string): void => {
    // Editors drop the byte order mark before positions are counted; so do we.
    if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    const textDocument = TextDocument.create(pathToFileURL(target.absolutePath).href, 'pearl', 1, text);
    const diagnostics = service.doValidation(service.parsePearlDocument(textDocument));
    records.push(...diagnostics.map((diagnostic) => toLintRecord(target.displayPath, diagnostic)));
    checked.push(target.displayPath);
  };
  if (options.paths.includes(stdinPath)) {
    const name = options.stdinFilename;
    const stdinTarget = { absolutePath: path.resolve(io.cwd, name ?? 'stdin.pearl.json'), displayPath: name ?? '<stdin>' };
    if (io.stdin) check(stdinTarget, await readStream(io.stdin));
    else problems.push(`${stdinTarget.displayPath}: standard input is not available`);
  }
  for (const target of targets) {
    let text: string;
    try {
      text = await readRegularFile(target.absolutePath);
    } catch (error) {
      problems.push(`${target.displayPath}: ${describeFsError(error)}`);
      continue;
    }
    check(target, text);
  }

  sortLintRecords(records);
  const report = formatReport(options.format, records, checked);
  if (options.outputFile !== undefined) {
    try {
      await fs.writeFile(path.resolve(io.cwd, options.outputFile), report);
    } catch (error) {
      problems.push(`${options.outputFile}: cannot write the report: ${describeFsError(error)}`);
    }
  } else {
    io.stdout.write(report);
  }
  for (const problem of problems) io.stderr.write(`pearl-lint: ${problem}\n`);
  const counts = countLintRecords(records, checked.length);
  io.stderr.write(formatLintSummary(counts));

  if (problems.length > 0) return PearlLintExit.Failure;
  if (counts.errors > 0) return PearlLintExit.Problems;
  if (options.maxWarnings !== undefined && counts.warnings > options.maxWarnings) {
    io.stderr.write(`pearl-lint: ${counts.warnings} warnings, more than --max-warnings ${options.maxWarnings}\n`);
    return PearlLintExit.Problems;
  }
  return PearlLintExit.Clean;
}

function formatReport(format: LintFormat, records: readonly LintRecord[], files: readonly string[]): string {
  switch (format) {
    case 'json':
      return formatLintJson(records);
    case 'sarif':
      return formatLintSarif(records, getPackageManifest());
    case 'github':
      return formatLintGithub(records);
    case 'junit':
      return formatLintJunit(records, files);
    case 'text':
      return formatLintText(records);
  }
}

async function main(): Promise<void> {
  // `pearl-lint ... | head` closes stdout early: not an error worth a stack trace.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
  });
  process.exitCode = await runPearlLint(process.argv.slice(2), {
    stdout: process.stdout,
    stderr: process.stderr,
    cwd: process.cwd(),
    env: process.env,
    stdin: process.stdin,
  });
}

if (require.main === module) void main();
