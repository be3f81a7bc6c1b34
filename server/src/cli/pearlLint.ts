// `pearl-lint`: the Pearl language service's diagnostics on the command line, for CI.
// Same service as the language server: no rule lives here.
import * as fs from './fsAsync';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describeFsError, findPearlFiles } from './findPearlFiles';
import { lintAndFixText, lintFiles, lintText, threadCount, type WalkedFile } from './lintFiles';
import { LintFormat, type LintOptions, lintUsage, parseLintArguments, stdinPath } from './lintArguments';
import type { LintTarget } from './findPearlFiles';
import { countLintRecords, formatLintJson, formatLintSummary, formatLintText, LintRecord, sortLintRecords } from './lintReport';
import { getPackageManifest, getPackageVersion } from './packageVersion';
import { checkRuleOptions, LintConfigurations } from './lintConfiguration';
import { getEffectiveRules } from '../service/pearlLanguageService';
import { readStream } from './readInput';
import { fdWriter } from './syncOutput';

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
  const hostRules = { ...ruleOptions.rules, unusedDirectives: options.unusedDirectives };
  const configurations = new LintConfigurations(hostRules, io.cwd, {
    configFile: options.config === undefined ? undefined : path.resolve(io.cwd, options.config),
    inlineConfig: options.inlineConfig,
  });
  if (options.printConfig !== undefined) return printConfig(options.printConfig, configurations, io);

  const found = await findPearlFiles(
    options.paths.filter((given) => given !== stdinPath),
    io.cwd,
  );
  const problems = options.errorOnUnmatchedPattern ? found.problems : found.problems.filter((problem) => !found.unmatched.has(problem));
  const outcome: LintOutcome = { records: [], checked: [], problems, outputs: new Map(), walked: new Map() };
  if (options.paths.includes(stdinPath)) await lintStdin(options.stdinFilename, io, configurations, outcome, options.fix === 'dry-run');
  await checkTargets(found.targets, options, configurations, outcome, io.cwd);
  const { records, checked } = outcome;
  for (const record of configurations.records) records.push(record);
  for (const problem of configurations.problems) problems.push(problem);
  sortLintRecords(records);
  await writeReports(options, outcome, io);
  if (options.coverage) {
    // Machine-readable reports keep standard output to themselves.
    // What the check's walks took: the report walks only the walks files the check did not.
    const coverage = await (await import('./walkCoverageReport')).formatWalkCoverage(found.targets, io.cwd, options.paths, outcome.walked);
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
 * Checks `targets` (with their rules, the fixes of `--fix`, the results of `--cache` when nothing
 * changed) and adds the results to `outcome`, in the order of the targets.
 */
async function checkTargets(
  targets: readonly LintTarget[],
  options: LintOptions,
  configurations: LintConfigurations,
  outcome: LintOutcome,
  cwd: string,
): Promise<void> {
  // Results come back in the (sorted) order of the targets, however the reads complete.
  const rules = targets.map((target) => configurations.resolve(target.absolutePath).configuration);
  // The cache holds what a check gives; fixing changes the files, so it is not used then.
  // Loaded only for --cache: its hashing (node:crypto) costs start-up time.
  const cache =
    options.cache && options.fix === 'off'
      ? (await import('./lintCache')).LintCache.read(path.resolve(cwd, options.cacheLocation), getPackageVersion(), cwd)
      : undefined;
  const cached = targets.map((target, index) => cache?.lookUp(target, rules[index], JSON.stringify({ fix: options.fix })));
  const toCheck = targets.flatMap((_target, index) => (cached[index] === undefined ? [index] : []));
  if (runAsCommand && toCheck.length >= batchFiles) tuneForBatch();
  const results = await lintFiles(
    toCheck.map((index) => targets[index]),
    threadCount(options.concurrency, toCheck.length),
    toCheck.map((index) => rules[index]),
    options.fix,
    cwd,
    options.coverage,
  );
  const byIndex = new Map(toCheck.map((index, at) => [index, results[at]]));
  targets.forEach((target, index) => {
    const result = byIndex.get(index) ?? { records: cached[index] ?? [] };
    if (result.records === undefined) {
      outcome.problems.push(result.problem);
      return;
    }
    // One by one: an argument spread of a file's many records would overflow the stack.
    for (const record of result.records) outcome.records.push(record);
    outcome.checked.push(target.displayPath);
    if (result.output !== undefined) outcome.outputs.set(target.displayPath, result.output);
    if (result.walked !== undefined) outcome.walked.set(result.walked.uri, result.walked);
    if (byIndex.has(index)) cache?.store(target, result.records);
  });
  if (!cache) return;
  try {
    cache.write();
  } catch (error) {
    outcome.problems.push(`${options.cacheLocation}: cannot write the cache: ${describeFsError(error)}`);
  }
}

/** The report of `--format` (to standard output or `--output-file`) and each `--output-file <format>=<path>` report. */
async function writeReports(options: LintOptions, outcome: LintOutcome, io: PearlLintIO): Promise<void> {
  const { checked, outputs, problems } = outcome;
  const shown = options.quiet ? outcome.records.filter((record) => record.severity === 'error') : outcome.records;
  let report = await formatReport(options.format, shown, checked);
  if (options.fix === 'dry-run' && options.format === 'json') report = formatFixDryRunJson(shown, checked, outputs);
  else if (options.fix === 'dry-run' && options.format === 'text') report += formatFixedTexts(outputs);
  const write = async (file: string, text: string): Promise<void> => {
    try {
      await fs.writeFile(path.resolve(io.cwd, file), text);
    } catch (error) {
      problems.push(`${file}: cannot write the report: ${describeFsError(error)}`);
    }
  };
  if (options.outputFile !== undefined) await write(options.outputFile, report);
  else if (report !== '') io.stdout.write(report);
  for (const extra of options.reports) await write(extra.path, await formatReport(extra.format, shown, checked));
}

/**
 * `--print-config <file>`: the configuration in effect for that file as JSON on stdout: the
 * `.pearlrc.json` that applies (or null), every file read for it (extended ones first), whether
 * comments apply, and every code with its severity; the problems of those files on stderr.
 */
function printConfig(file: string, configurations: LintConfigurations, io: PearlLintIO): number {
  const absolutePath = path.resolve(io.cwd, file);
  const { configuration, file: configFile, files } = configurations.resolve(absolutePath);
  const show = (uri: string): string => (uri.startsWith('file:') ? configurations.show(fileURLToPath(uri)) : uri);
  const shown = {
    file,
    configFile: configFile ? show(configFile.uri) : null,
    configFiles: files.map((read) => show(read.uri)),
    inlineConfig: configuration.inlineConfig !== false,
    rules: getEffectiveRules(configuration),
  };
  io.stdout.write(`${JSON.stringify(shown, null, 2)}\n`);
  io.stderr.write(formatLintText(configurations.records));
  for (const problem of configurations.problems) io.stderr.write(`pearl-lint: ${problem}\n`);
  return configurations.problems.length > 0 ? PearlLintExit.Failure : PearlLintExit.Clean;
}

/**
 * `--fix-dry-run --format json`: one entry per file checked, as ESLint's: `{ file, messages, output }`,
 * `messages` its records (what remains after the fixes), `output` its fixed text, only when a fix applies.
 */
function formatFixDryRunJson(records: readonly LintRecord[], files: readonly string[], outputs: ReadonlyMap<string, string>): string {
  const byFile = new Map<string, LintRecord[]>(files.map((file) => [file, []]));
  for (const record of records) {
    const list = byFile.get(record.file);
    if (list) list.push(record);
    else byFile.set(record.file, [record]);
  }
  const entries = [...byFile].map(([file, messages]) => {
    const output = outputs.get(file);
    return output === undefined ? { file, messages } : { file, messages, output };
  });
  return `${JSON.stringify(entries, null, 2)}\n`;
}

/** `--fix-dry-run --format text`: after the report, each changed file's fixed text under a `==> <file> (fixed) <==` line. */
function formatFixedTexts(outputs: ReadonlyMap<string, string>): string {
  return [...outputs].map(([file, output]) => `==> ${file} (fixed) <==\n${output}${output.endsWith('\n') ? '' : '\n'}`).join('');
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

/** Whether this module is pearl-lint's process ({@link main}), not a module a test or a worker thread loaded. */
let runAsCommand = false;

/** Files from which a run sets {@link tuneForBatch}'s budget: below, loading `node:v8` (about 2 ms) costs more than it saves. */
const batchFiles = 10;

/**
 * V8's interrupt budget raised from 66 KB to 1 MB of bytecode (`--interrupt-budget`, process-wide,
 * worker threads too): a function is optimised by TurboFan only after about 15 times as much work.
 * Checking many small files runs many rules a little each; with the default budget TurboFan
 * compiled hundreds of them on V8's background threads, about a third of a 1,000-file lint's CPU
 * (0.47 s against 0.35 s), work a short run never earns back. A single large Pearl still gets its
 * hot loops optimised: a 22 MB one took no more CPU (0.65 s against 0.68 s). Set only by the command
 * (never in a process that imports this module) and only for a run of {@link batchFiles} files or more.
 */
function tuneForBatch(): void {
  // require, not import(): a dynamic import of a built-in stays one in the bundle and starts Node's
  // ES module loader, 2–3 ms.
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded only for a batch, without the ES module loader
  (require('node:v8') as typeof import('node:v8')).setFlagsFromString('--interrupt-budget=1000000');
}

/**
 * pearl-lint as a command: runs on `process.argv`, writing to standard output and error, and sets
 * `process.exitCode` ({@link PearlLintExit}). Called by the command, dist/pearl-lint.js
 * (pearlLintCommand.ts).
 */
export async function main(): Promise<void> {
  runAsCommand = true;
  // Synchronous writes, without creating process.stdout and process.stderr for a pipe or a file
  // (start-up time); `pearl-lint ... | head` closing stdout early is not an error (syncOutput.ts).
  process.exitCode = await runPearlLint(process.argv.slice(2), {
    stdout: fdWriter(1, () => process.stdout),
    stderr: fdWriter(2, () => process.stderr),
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

/** Where {@link lintStdin} adds its findings: the records, the paths checked, the problems. */
interface LintOutcome {
  readonly records: LintRecord[];
  readonly checked: string[];
  readonly problems: string[];
  /** The fixed texts, by displayed path (`--fix-dry-run`). */
  readonly outputs: Map<string, string>;
  /** With `--coverage`: what each walks file's walks took, by the walks file's URI. */
  readonly walked: Map<string, WalkedFile>;
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
  fix: boolean,
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
  const rules = configurations.resolve(stdinTarget.absolutePath).configuration;
  if (fix) {
    const { records, output } = lintAndFixText(stdinTarget, text, rules, io.cwd);
    for (const record of records) outcome.records.push(record);
    if (output !== undefined) outcome.outputs.set(stdinTarget.displayPath, output);
  } else {
    for (const record of lintText(stdinTarget, text, rules, io.cwd)) outcome.records.push(record);
  }
  outcome.checked.push(stdinTarget.displayPath);
}
