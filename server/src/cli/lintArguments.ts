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
  /** `--fix`: write the safe fixes to the files; `--fix-dry-run`: report the fixed texts; `off` by default. */
  readonly fix: FixMode;
  /** `--coverage`: after the report, per Pearl, the transitions no walk of the walks files checked takes. */
  readonly coverage: boolean;
  readonly help: boolean;
  readonly version: boolean;
  /** Files, folders, globs, `!`-globs that exclude, and `-` for standard input (also given by `--stdin`). */
  readonly paths: string[];
}

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
      --stdin                check standard input (the path - does the same)
      --stdin-filename <name>  the name of standard input in the report, and the file
                             whose .pearlrc.json applies
      --quiet                report errors only (warnings still count for --max-warnings)
      --max-warnings <n>     exit 1 when there are more than n warnings
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
      --print-config <file>  print the configuration in effect for this file (JSON: the
                             .pearlrc.json files read, extended ones first, and every
                             code's severity) and exit
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

Exit status: 0 no errors, 1 errors (a failed walk too; or too many warnings), 2 bad usage, a missing or
unreadable file or folder, a path that is not a file or folder, a folder or glob
matching no file, an unknown code or severity in --rule, a .pearlrc.json that cannot be
read, is not valid JSON, is larger than 1 MiB, has a property it does not take or an
extends that names no file or makes a cycle, or a fixed file that cannot be written.
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
  fix: { type: 'boolean' },
  'fix-dry-run': { type: 'boolean' },
  coverage: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean', short: 'v' },
} as const satisfies ParseArgsConfig['options'];

/** The long name of every option `pearl-lint` takes (each is listed in {@link lintUsage}). */
export const lintOptionNames: readonly string[] = Object.keys(optionSpecs);

/**
 * Parses `pearl-lint` arguments (without `node` and the script) with `node:util` parseArgs: options
 * anywhere, `--name=value`, `--name value`, `-fjson`, combined short flags (`-hv`); `--` ends the
 * options. `env` gives the default format (`GITHUB_ACTIONS`). Paths are required unless `--help`
 * or `--version`. Never throws: a usage error comes back as `{ ok: false, message }`.
 */
export function parseLintArguments(argv: readonly string[], env: NodeJS.ProcessEnv = {}): ParsedLintArguments {
  // Not strict: the tokens are checked below, to give messages in this tool's words.
  const { tokens } = parseArgs({ args: [...argv], options: optionSpecs, allowPositionals: true, strict: false, tokens: true });
  const values: Partial<Record<keyof typeof optionSpecs, string | true>> = {};
  const paths: string[] = [];
  const rules: [string, string][] = [];
  for (const token of tokens) {
    if (token.kind === 'positional') {
      paths.push(token.value);
      continue;
    }
    if (token.kind !== 'option') continue;
    if (!Object.hasOwn(optionSpecs, token.name)) return { ok: false, message: `unknown option ${token.rawName}` };
    const name = token.name as keyof typeof optionSpecs;
    if (optionSpecs[name].type === 'boolean') {
      if (token.value !== undefined) return { ok: false, message: `${token.rawName} takes no value` };
      values[name] = true;
    } else {
      if (token.value === undefined) return { ok: false, message: `${token.rawName} expects a value` };
      if (name === 'rule') {
        const rule = /^\s*([^=\s]+)\s*=\s*(\S+)\s*$/.exec(token.value);
        if (!rule) return { ok: false, message: `--rule expects <code>=<severity>, got "${token.value}"` };
        rules.push([rule[1], rule[2]]);
      }
      values[name] = token.value;
    }
  }
  if (values.stdin === true && !paths.includes(stdinPath)) paths.push(stdinPath);

  const format = values.format ?? (env.GITHUB_ACTIONS === 'true' ? 'github' : 'text');
  if (!isLintFormat(format)) {
    return { ok: false, message: `--format expects one of ${lintFormats.join(', ')}, got "${String(format)}"` };
  }
  const maxWarningsText = values['max-warnings'];
  if (typeof maxWarningsText === 'string' && !/^\d+$/.test(maxWarningsText)) {
    return { ok: false, message: `--max-warnings expects a non-negative integer, got "${maxWarningsText}"` };
  }
  const concurrencyText = values.concurrency;
  let concurrency: LintConcurrency = 'off';
  if (typeof concurrencyText === 'string') {
    if (concurrencyText === 'auto' || concurrencyText === 'off') concurrency = concurrencyText;
    else if (/^\d+$/.test(concurrencyText) && Number(concurrencyText) >= 1 && Number(concurrencyText) <= maxConcurrency)
      concurrency = Number(concurrencyText);
    else return { ok: false, message: `--concurrency expects a number from 1 to ${maxConcurrency}, auto or off, got "${concurrencyText}"` };
  }
  const stdinFilename = values['stdin-filename'];
  if (typeof stdinFilename === 'string' && !paths.includes(stdinPath)) {
    return { ok: false, message: `--stdin-filename names standard input: give --stdin (or the path ${stdinPath}) too` };
  }
  if (values.fix === true && values['fix-dry-run'] === true)
    return { ok: false, message: '--fix and --fix-dry-run cannot be used together' };
  if (values.fix === true && paths.includes(stdinPath)) {
    return { ok: false, message: '--fix cannot write to standard input: use --fix-dry-run' };
  }
  const help = values.help === true;
  const version = values.version === true;
  const printConfig = typeof values['print-config'] === 'string' ? values['print-config'] : undefined;
  if (paths.length === 0 && !help && !version && printConfig === undefined) return { ok: false, message: 'no paths given' };
  return {
    ok: true,
    options: {
      format,
      maxWarnings: typeof maxWarningsText === 'string' ? Number(maxWarningsText) : undefined,
      outputFile: typeof values['output-file'] === 'string' ? values['output-file'] : undefined,
      stdinFilename: typeof stdinFilename === 'string' ? stdinFilename : undefined,
      concurrency,
      quiet: values.quiet === true,
      rules,
      printConfig,
      config: typeof values.config === 'string' ? values.config : undefined,
      inlineConfig: values['no-inline-config'] !== true,
      fix: values.fix === true ? 'write' : values['fix-dry-run'] === true ? 'dry-run' : 'off',
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
