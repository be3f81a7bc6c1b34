import { parseArgs, ParseArgsConfig } from 'node:util';
import type { LintConcurrency } from './lintFiles';
import type { FixMode } from './lintFix';

/** Output formats of `pearl-lint` (see {@link lintUsage}). */
export const lintFormats = ['text', 'json', 'sarif', 'github', 'junit'] as const;

/** One of {@link lintFormats}. */
export type LintFormat = (typeof lintFormats)[number];

/** The path that stands for standard input. */
export const stdinPath = '-';

/** The options of one `pearl-lint` run. */
export interface LintOptions {
  /** The report format; `github` when none is given and `GITHUB_ACTIONS=true`, else `text`. */
  readonly format: LintFormat;
  /** Exit 1 when there are more warnings than this; undefined: warnings never fail the run. */
  readonly maxWarnings: number | undefined;
  /** Where the report goes instead of standard output (relative to the working folder). */
  readonly outputFile: string | undefined;
  /** More reports, each in its format to its file (`--output-file <format>=<path>`, repeatable). */
  readonly reports: readonly LintReportFile[];
  /** `--cache`: reuse the results of unchanged files (see cache.ts); also on with `--cache-location`. */
  readonly cache: boolean;
  /** `--cache-location`: the cache file, relative to the working folder ({@link defaultCacheLocation} by default). */
  readonly cacheLocation: string;
  /** False with `--no-error-on-unmatched-pattern`: a folder or glob matching no file is not an error. */
  readonly errorOnUnmatchedPattern: boolean;
  /** The name reported for standard input (`-`), and the file it stands for; `<stdin>` by default. */
  readonly stdinFilename: string | undefined;
  /** Threads that check files (`--concurrency`); `off` (one) by default, as ESLint. */
  readonly concurrency: LintConcurrency;
  /** `--quiet`: report errors only (warnings still count for `--max-warnings`, as in ESLint). */
  readonly quiet: boolean;
  /** Each `--rule <code>=<severity>`, in order: the code and the severity as written. */
  readonly rules: readonly (readonly [string, string])[];
  /** `--print-config <file>`: print the rules in effect for this file instead of checking. */
  readonly printConfig: string | undefined;
  /** `-c, --config <file>`: this `.pearlrc.json` for every file instead of the nearest one. */
  readonly config: string | undefined;
  /** False with `--no-inline-config`: `pearl-disable` comments are ignored. */
  readonly inlineConfig: boolean;
  /** How comments that turn off nothing are reported (`--report-unused-disable-directives[-severity]`); `off` by default. */
  readonly unusedDirectives: 'off' | 'warning' | 'error';
  /** `--fix`: write the safe fixes to the files; `--fix-dry-run`: report the fixed texts; `off` by default. */
  readonly fix: FixMode;
  /** `--coverage`: after the report, per Pearl, the transitions no walk of the walks files checked takes. */
  readonly coverage: boolean;
  readonly help: boolean;
  readonly version: boolean;
  /** Files, folders, globs, `!`-globs that exclude, and `-` for standard input (also given by `--stdin`). */
  readonly paths: string[];
}

/** One more report of a run: its format and the file it is written to. */
export interface LintReportFile {
  readonly format: LintFormat;
  readonly path: string;
}

/** The cache file of `--cache`, in the working folder. */
export const defaultCacheLocation = '.pearllintcache';

/** The result of {@link parseLintArguments}: options, or the usage error to report (exit 2). */
export type ParsedLintArguments = { ok: true; options: LintOptions } | { ok: false; message: string };

/** The `--help` text. */
export const lintUsage = `Usage: pearl-lint [options] <paths...>

Checks Pearl create requests (*.pearl.json) with the rules of the Pearl language server,
and replays the walks of walks files (*.walks.json) through the Pearls they name.

Paths:
  file       checked whatever its name (a *.walks.json name is a walks file)
  folder     every *.pearl.json and *.walks.json under it, recursively (skips node_modules
             and dot-folders)
  glob       the *.pearl.json and *.walks.json files it matches and those under the folders
             it matches:
             *, ?, ** (any number of folders), [abc], [!abc], {a,b}; quote it
             ("examples/**/*.pearl.json") so the shell passes it as is
  !glob      leaves out the files the glob matches ('!examples/broken/**')
  -          standard input, as --stdin (name it with --stdin-filename)

Options:
  -f, --format <name>        text (default): path:line:col: severity code message
                             json: one array of {file, line, column, endLine, endColumn,
                               severity, code, message, href}; href: the code's
                               documentation
                             sarif: SARIF 2.1.0, for code scanning
                             github: GitHub Actions annotations (the default when
                               GITHUB_ACTIONS=true)
                             junit: JUnit XML, one test case per file
  -o, --output-file <file>   write the report to this file instead of standard output
  -o, --output-file <format>=<file>
                             also write a report in that format to that file; repeatable
                             (-o sarif=report.sarif -o junit=junit.xml: one run, several
                             reports). Name a file that looks like this ./json=x
      --stdin                check standard input (the path - does the same)
      --stdin-filename <name>  the name of standard input in the report, and the file
                             whose .pearlrc.json applies
      --quiet                report errors only (warnings still count for --max-warnings)
      --max-warnings <n>     exit 1 when there are more than n warnings (-1: no limit)
      --rule <code>=<severity>  set a code's severity: off, hint, info, warning or error;
                             repeatable; over .pearlrc.json. A code whose Error means the
                             service would reject the request cannot be turned off or lowered
      --fix                  apply the safe fixes (those "Fix all" applies on save) to the
                             files, then report the problems that remain; a fix never adds
                             an error. Not with standard input
      --fix-dry-run          the same without writing: with --format json each file's entry
                             gets an "output" (the fixed text); with --format text the fixed
                             text of each changed file follows the report
  -c, --config <file>        use this .pearlrc.json for every file instead of the nearest one
                             (its extends and overrides apply; override globs are relative
                             to its folder)
      --no-inline-config     ignore pearl-disable comments in the files
      --report-unused-disable-directives
                             report pearl-disable comments that turn off nothing, as errors
      --report-unused-disable-directives-severity <off|warn|error>
                             the same with this severity (editors show them as hints)
      --print-config <file>  print the configuration in effect for this file (JSON: the
                             .pearlrc.json files read, extended ones first, and every
                             code's severity) and exit
      --cache                reuse the results of files whose text, configuration (and for a
                             walks file, the Pearl it names), results-changing options and
                             pearl-lint version are unchanged since the last --cache run (not
                             with --fix or --fix-dry-run)
      --cache-location <path>  the cache file (default .pearllintcache); implies --cache
      --no-error-on-unmatched-pattern
                             a folder or glob that matches no file is not an error
      --coverage             after the report, for each Pearl checked or walked, the
                             transitions no walk takes (on standard output with the text
                             format, else on standard error)
      --concurrency <n>      threads that check files: off (one, the default), a number,
                             or auto (one per 100 files, up to the cores, at most 4)
  -h, --help                 show this help
  -v, --version              show the version

Rules: the nearest .pearlrc.json upward from each file (or --config):
  { "extends": ["pearl:recommended", "./base.json", "some-package/pearlrc.json"],
    "rules": { "<code>": "<severity>" },
    "overrides": [{ "files": ["drafts/**"], "rules": { "<code>": "<severity>" } }] }
what it extends first (presets pearl:recommended and pearl:strict; relative paths from its
folder; a package's file from node_modules upward), then its rules, then the overrides whose
globs match the file, then --rule, then comments in the file:
// pearl-disable-next-line <code>[, <code>], // pearl-disable-line <code> and
/* pearl-disable <code> */ ... /* pearl-enable <code> */.

Exit status: 0 no errors, 1 errors (a failed walk too; or too many warnings), 2 bad usage,
a missing or unreadable file or folder, a path that is not a file or folder, a folder or
glob matching no file (unless --no-error-on-unmatched-pattern), an unknown code or severity
in --rule, a .pearlrc.json that cannot be read, is not valid JSON, is larger than 1 MiB,
has a property it does not take or an extends that names no file or makes a cycle, or a
file (fixed text, report, cache) that cannot be written.
`;

/** The most threads `--concurrency` may ask for. */
const maxConcurrency = 64;

const optionSpecs = {
  format: { type: 'string', short: 'f' },
  'output-file': { type: 'string', short: 'o' },
  'stdin-filename': { type: 'string' },
  'max-warnings': { type: 'string' },
  concurrency: { type: 'string' },
  stdin: { type: 'boolean' },
  quiet: { type: 'boolean' },
  rule: { type: 'string', multiple: true },
  'print-config': { type: 'string' },
  config: { type: 'string', short: 'c' },
  'no-inline-config': { type: 'boolean' },
  'report-unused-disable-directives': { type: 'boolean' },
  'report-unused-disable-directives-severity': { type: 'string' },
  fix: { type: 'boolean' },
  'fix-dry-run': { type: 'boolean' },
  cache: { type: 'boolean' },
  'cache-location': { type: 'string' },
  'no-error-on-unmatched-pattern': { type: 'boolean' },
  coverage: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean', short: 'v' },
} as const satisfies ParseArgsConfig['options'];

/** The long name of every option `pearl-lint` takes (each is listed in {@link lintUsage}). */
export const lintOptionNames: readonly string[] = Object.keys(optionSpecs);

/** The option values and paths of the command line, before they are checked. */
interface ReadTokens {
  readonly values: Partial<Record<keyof typeof optionSpecs, string | true>>;
  readonly paths: string[];
  readonly rules: [string, string][];
  /** Each `--output-file` value, in order. */
  readonly outputFiles: string[];
}

/** The tokens of `argv` as option values (the last of each), paths, `--rule` and `--output-file` values; or a usage error. */
function readTokens(argv: readonly string[]): ReadTokens | { message: string } {
  // Only paths (`pearl-lint .`, the usual call): parseArgs would give them as they are; loading it
  // costs a one-file lint about a millisecond and a half.
  if (argv.every((argument) => !argument.startsWith('-'))) return { values: {}, paths: [...argv], rules: [], outputFiles: [] };
  // Not strict: the tokens are checked below, to give messages in this tool's words.
  const { tokens } = parseArgs({ args: [...argv], options: optionSpecs, allowPositionals: true, strict: false, tokens: true });
  const read: ReadTokens = { values: {}, paths: [], rules: [], outputFiles: [] };
  for (const token of tokens) {
    if (token.kind === 'positional') {
      read.paths.push(token.value);
      continue;
    }
    if (token.kind !== 'option') continue;
    if (!Object.hasOwn(optionSpecs, token.name)) return { message: `unknown option ${token.rawName}` };
    const name = token.name as keyof typeof optionSpecs;
    if (optionSpecs[name].type === 'boolean') {
      if (token.value !== undefined) return { message: `${token.rawName} takes no value` };
      read.values[name] = true;
      continue;
    }
    if (token.value === undefined) return { message: `${token.rawName} expects a value` };
    if (name === 'rule') {
      const rule = /^\s*([^=\s]+)\s*=\s*(\S+)\s*$/.exec(token.value);
      if (!rule) return { message: `--rule expects <code>=<severity>, got "${token.value}"` };
      read.rules.push([rule[1], rule[2]]);
    }
    if (name === 'output-file') read.outputFiles.push(token.value);
    read.values[name] = token.value;
  }
  if (read.values.stdin === true && !read.paths.includes(stdinPath)) read.paths.push(stdinPath);
  return read;
}

/** `--concurrency`: off, auto or 1 to {@link maxConcurrency}; or a usage error. */
function readConcurrency(text: string | true | undefined): LintConcurrency | { message: string } {
  if (typeof text !== 'string' || text === 'off') return 'off';
  if (text === 'auto') return text;
  if (/^\d+$/.test(text) && Number(text) >= 1 && Number(text) <= maxConcurrency) return Number(text);
  return { message: `--concurrency expects a number from 1 to ${maxConcurrency}, auto or off, got "${text}"` };
}

/** `--report-unused-disable-directives[-severity]`: off (the default), warning or error; or a usage error. */
function readUnusedDirectives(values: ReadTokens['values']): LintOptions['unusedDirectives'] | { message: string } {
  const text = values['report-unused-disable-directives-severity'];
  const byName = { off: 'off', warn: 'warning', error: 'error' } as const;
  if (typeof text === 'string') {
    return Object.hasOwn(byName, text)
      ? byName[text as keyof typeof byName]
      : { message: `--report-unused-disable-directives-severity expects off, warn or error, got "${text}"` };
  }
  return values['report-unused-disable-directives'] === true ? 'error' : 'off';
}

/**
 * `--output-file` values: `<format>=<path>` is one more report in that format (repeatable); a plain
 * path (the last one) takes the report of `--format` instead of standard output.
 */
function readOutputFiles(outputFiles: readonly string[]): { outputFile: string | undefined; reports: LintReportFile[] } {
  let outputFile: string | undefined;
  const reports: LintReportFile[] = [];
  for (const value of outputFiles) {
    const split = /^([a-z]+)=(.+)$/.exec(value);
    if (split && isLintFormat(split[1])) reports.push({ format: split[1], path: split[2] });
    else outputFile = value;
  }
  return { outputFile, reports };
}

/** `--max-warnings`: a count, or -1 for no limit (undefined); or a usage error. */
function readMaxWarnings(text: string | true | undefined): number | undefined | { message: string } {
  if (typeof text !== 'string' || text === '-1') return undefined;
  return /^\d+$/.test(text) ? Number(text) : { message: `--max-warnings expects a non-negative integer or -1 (no limit), got "${text}"` };
}

/** Whether a reader above gave a usage error. */
function isUsageError(value: unknown): value is { message: string } {
  return typeof value === 'object' && value !== null && 'message' in value;
}

/**
 * Parses `pearl-lint` arguments (without `node` and the script) with `node:util` parseArgs: options
 * anywhere, `--name=value`, `--name value`, `-fjson`, combined short flags (`-hv`); `--` ends the
 * options. `env` gives the default format (`GITHUB_ACTIONS`). Paths are required unless `--help`
 * or `--version`. Never throws: a usage error comes back as `{ ok: false, message }`.
 */
export function parseLintArguments(argv: readonly string[], env: NodeJS.ProcessEnv = {}): ParsedLintArguments {
  const read = readTokens(argv);
  if (isUsageError(read)) return { ok: false, message: read.message };
  const { values, paths, rules } = read;
  const format = values.format ?? (env.GITHUB_ACTIONS === 'true' ? 'github' : 'text');
  if (!isLintFormat(format)) {
    return { ok: false, message: `--format expects one of ${lintFormats.join(', ')}, got "${String(format)}"` };
  }
  const maxWarnings = readMaxWarnings(values['max-warnings']);
  const concurrency = readConcurrency(values.concurrency);
  const unusedDirectives = readUnusedDirectives(values);
  for (const checked of [maxWarnings, concurrency, unusedDirectives])
    if (isUsageError(checked)) return { ok: false, message: checked.message };
  const stdinFilename = values['stdin-filename'];
  if (typeof stdinFilename === 'string' && !paths.includes(stdinPath)) {
    return { ok: false, message: `--stdin-filename names standard input: give --stdin (or the path ${stdinPath}) too` };
  }
  if (values.fix === true && values['fix-dry-run'] === true)
    return { ok: false, message: '--fix and --fix-dry-run cannot be used together' };
  if (values.fix === true && paths.includes(stdinPath))
    return { ok: false, message: '--fix cannot write to standard input: use --fix-dry-run' };
  const help = values.help === true;
  const version = values.version === true;
  const printConfig = typeof values['print-config'] === 'string' ? values['print-config'] : undefined;
  if (paths.length === 0 && !help && !version && printConfig === undefined) return { ok: false, message: 'no paths given' };
  const string = (value: string | true | undefined): string | undefined => (typeof value === 'string' ? value : undefined);
  return {
    ok: true,
    options: {
      format,
      maxWarnings: maxWarnings as number | undefined,
      ...readOutputFiles(read.outputFiles),
      stdinFilename: string(stdinFilename),
      concurrency: concurrency as LintConcurrency,
      quiet: values.quiet === true,
      rules,
      printConfig,
      config: string(values.config),
      inlineConfig: values['no-inline-config'] !== true,
      unusedDirectives: unusedDirectives as LintOptions['unusedDirectives'],
      fix: values.fix === true ? 'write' : values['fix-dry-run'] === true ? 'dry-run' : 'off',
      cache: values.cache === true || typeof values['cache-location'] === 'string',
      cacheLocation: string(values['cache-location']) ?? defaultCacheLocation,
      errorOnUnmatchedPattern: values['no-error-on-unmatched-pattern'] !== true,
      coverage: values.coverage === true,
      help,
      version,
      paths,
    },
  };
}

function isLintFormat(value: unknown): value is LintFormat {
  return (lintFormats as readonly unknown[]).includes(value);
}
