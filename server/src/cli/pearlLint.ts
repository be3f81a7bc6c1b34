// `pearl-lint`: the Pearl language service's diagnostics on the command line, for CI.
// Same service as the language server: no rule lives here.
import * as fs from './fsAsync';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describeFsError, findPearlFiles } from './findPearlFiles';
import { lintFiles, lintText, threadCount } from './lintFiles';
import { LintFormat, lintUsage, parseLintArguments, stdinPath } from './lintArguments';
import { countLintRecords, formatLintJson, formatLintSummary, formatLintText, LintRecord, sortLintRecords } from './lintReport';
import { getPackageManifest, getPackageVersion } from './packageVersion';
import { checkRuleOptions, LintConfigurations } from './lintConfiguration';
import { getEffectiveRules } from '../service/pearlLanguageService';
import { readStream } from './readInput';

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
  /** Standard input, read when a path is `-` (or with `--stdin`). */
  readonly stdin?: AsyncIterable<string | Uint8Array>;
}

/** Exit status of `pearl-lint`. */
export enum PearlLintExit {
  /** No error diagnostic (and warnings within `--max-warnings`). */
  Clean = 0,
  /** At least one error diagnostic, or more warnings than `--max-warnings`. */
  Problems = 1,
  /**
   * Bad usage (an unknown code or severity in `--rule` too), a missing or unreadable file, a folder
   * or glob matching no file, a `.pearlrc.json` that cannot be read or is not valid JSON, an internal error.
   */
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
  const ruleOptions = checkRuleOptions(options.rules);
  if (ruleOptions.errors.length > 0) {
    for (const error of ruleOptions.errors) io.stderr.write(`pearl-lint: ${error}\n`);
    return PearlLintExit.Failure;
  }
  for (const refusal of ruleOptions.refusals) io.stderr.write(`pearl-lint: ${refusal}\n`);
  const configurations = new LintConfigurations(ruleOptions.rules, io.cwd);
  if (options.printConfig !== undefined) return printConfig(options.printConfig, configurations, io);

  const { targets, problems } = await findPearlFiles(
    options.paths.filter((given) => given !== stdinPath),
    io.cwd,
  );
  const records: LintRecord[] = [];
  const checked: string[] = [];
  if (options.paths.includes(stdinPath)) await lintStdin(options.stdinFilename, io, configurations, { records, checked, problems });
  // Results come back in the (sorted) order of the targets, however the reads complete.
  const rules = targets.map((target) => configurations.resolve(target.absolutePath).configuration);
  const results = await lintFiles(targets, threadCount(options.concurrency, targets.length), rules, io.cwd);
  results.forEach((result, index) => {
    if (result.records === undefined) {
      problems.push(result.problem);
    } else {
      // One by one: an argument spread of a file's many records would overflow the stack.
      for (const record of result.records) records.push(record);
      checked.push(targets[index].displayPath);
    }
  });

  for (const record of configurations.records) records.push(record);
  for (const problem of configurations.problems) problems.push(problem);
  sortLintRecords(records);
  const shown = options.quiet ? records.filter((record) => record.severity === 'error') : records;
  const report = await formatReport(options.format, shown, checked);
  if (options.outputFile !== undefined) {
    try {
      await fs.writeFile(path.resolve(io.cwd, options.outputFile), report);
    } catch (error) {
      problems.push(`${options.outputFile}: cannot write the report: ${describeFsError(error)}`);
    }
  } else if (report !== '') {
    io.stdout.write(report);
  }
  if (options.coverage) {
    // Machine-readable reports keep standard output to themselves.
    const coverage = await (await import('./walkCoverageReport')).formatWalkCoverage(targets, io.cwd, options.paths);
    (options.format === 'text' && options.outputFile === undefined ? io.stdout : io.stderr).write(coverage);
  }
  for (const problem of problems) io.stderr.write(`pearl-lint: ${problem}\n`);
  const counts = countLintRecords(records, checked.length);
  io.stderr.write(formatLintSummary(counts));

  if (problems.length > 0) return PearlLintExit.Failure;
  if (counts.errors > 0) return PearlLintExit.Problems;
  if (options.maxWarnings !== undefined && counts.warnings > options.maxWarnings) {
    io.stderr.write(
      `pearl-lint: ${counts.warnings} warning${counts.warnings === 1 ? '' : 's'}, more than --max-warnings ${options.maxWarnings}\n`,
    );
    return PearlLintExit.Problems;
  }
  return PearlLintExit.Clean;
}

/**
 * `--print-config <file>`: the rules in effect for that file as JSON on stdout (every code with its
 * severity, and the `.pearlrc.json` they came from, or null); the problems of that file on stderr.
 */
function printConfig(file: string, configurations: LintConfigurations, io: PearlLintIO): number {
  const absolutePath = path.resolve(io.cwd, file);
  const { configuration, file: configFile } = configurations.resolve(absolutePath);
  const shown = {
    file,
    configFile: configFile ? configurations.show(fileURLToPath(configFile.uri)) : null,
    rules: getEffectiveRules(configuration),
  };
  io.stdout.write(`${JSON.stringify(shown, null, 2)}\n`);
  io.stderr.write(formatLintText(configurations.records));
  for (const problem of configurations.problems) io.stderr.write(`pearl-lint: ${problem}\n`);
  return configurations.problems.length > 0 ? PearlLintExit.Failure : PearlLintExit.Clean;
}

/** The report in `format`; the CI formats are loaded only when asked for (start-up time). */
async function formatReport(format: LintFormat, records: readonly LintRecord[], files: readonly string[]): Promise<string> {
  switch (format) {
    case 'json':
      return formatLintJson(records);
    case 'sarif':
      return (await import('./sarifReport')).formatLintSarif(records, getPackageManifest());
    case 'github':
      return (await import('./ciReports')).formatLintGithub(records);
    case 'junit':
      return (await import('./ciReports')).formatLintJunit(records, files);
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
    // Read only for the path `-`: creating process.stdin costs start-up time.
    get stdin() {
      return process.stdin;
    },
  });
}

// The worker threads of lintFiles.ts require this bundle as a module and run its runLintWorker.
export { runLintWorker } from './lintFiles';

if (require.main === module) void main();

/** Where {@link lintStdin} adds its findings: the records, the paths checked, the problems. */
interface LintOutcome {
  readonly records: LintRecord[];
  readonly checked: string[];
  readonly problems: string[];
}

/**
 * Lints standard input as the file `name` (its rules found from there; `<stdin>` in the report
 * when no name is given); an unreadable or absent standard input is a problem, not a crash.
 */
async function lintStdin(
  name: string | undefined,
  io: PearlLintIO,
  configurations: LintConfigurations,
  outcome: LintOutcome,
): Promise<void> {
  const stdinTarget = { absolutePath: path.resolve(io.cwd, name ?? 'stdin.pearl.json'), displayPath: name ?? '<stdin>' };
  if (io.stdin === undefined) {
    outcome.problems.push(`${stdinTarget.displayPath}: standard input is not available`);
    return;
  }
  let text: string;
  try {
    text = await readStream(io.stdin);
  } catch (error) {
    outcome.problems.push(`${stdinTarget.displayPath}: ${describeFsError(error)}`);
    return;
  }
  for (const record of lintText(stdinTarget, text, configurations.resolve(stdinTarget.absolutePath).configuration, io.cwd)) {
    outcome.records.push(record);
  }
  outcome.checked.push(stdinTarget.displayPath);
}
