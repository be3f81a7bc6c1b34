/** Output formats of `pearl-lint`. */
export type LintFormat = 'text' | 'json';

/** The options of one `pearl-lint` run. */
export interface LintOptions {
  /** `text`: one `path:line:col: severity code message` line per diagnostic; `json`: one array. */
  readonly format: LintFormat;
  /** Exit 1 when there are more warnings than this; undefined: warnings never fail the run. */
  readonly maxWarnings: number | undefined;
  readonly help: boolean;
  readonly version: boolean;
  /** Files, folders and globs, as given. */
  readonly paths: string[];
}

/** The result of {@link parseLintArguments}: options, or the usage error to report (exit 2). */
export type ParsedLintArguments = { ok: true; options: LintOptions } | { ok: false; message: string };

/** The `--help` text. */
export const lintUsage = `Usage: pearl-lint [options] <paths...>

Checks Pearl create requests (*.pearl.json) with the rules of the Pearl language server.

Paths:
  file       checked whatever its name
  folder     every *.pearl.json under it, recursively (skips node_modules and dot-folders)
  glob       * and ? within a path segment, ** for any number of folders; quote it
             ("examples/**/*.pearl.json") so the shell passes it as is

Options:
  -f, --format <text|json>  text (default): path:line:col: severity code message
                            json: one array of {file, line, column, endLine, endColumn,
                            severity, code, message} on stdout
      --max-warnings <n>    exit 1 when there are more than n warnings
  -h, --help                show this help
  -v, --version             show the version

Exit status: 0 no errors, 1 errors (or too many warnings), 2 bad usage, a missing or
unreadable file, or a folder or glob matching no file.
`;

/**
 * Parses `pearl-lint` arguments (without `node` and the script): options anywhere, `--name=value`
 * or `--name value`, `--` ends the options. Paths are required unless `--help` or `--version`.
 */
export function parseLintArguments(argv: readonly string[]): ParsedLintArguments {
  let format: LintFormat = 'text';
  let maxWarnings: number | undefined;
  let help = false;
  let version = false;
  const paths: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--') {
      paths.push(...argv.slice(i + 1));
      break;
    }
    if (!arg.startsWith('-') || arg === '-') {
      paths.push(arg);
      continue;
    }
    const equals = arg.indexOf('=');
    const name = arg.startsWith('--') && equals > 0 ? arg.slice(0, equals) : arg;
    const inlineValue = name === arg ? undefined : arg.slice(equals + 1);
    const takeValue = (): string | undefined => (inlineValue !== undefined ? inlineValue : argv[++i]);
    switch (name) {
      case '-h':
      case '--help':
        help = true;
        break;
      case '-v':
      case '--version':
        version = true;
        break;
      case '-f':
      case '--format': {
        const value = takeValue();
        if (value !== 'text' && value !== 'json') {
          return { ok: false, message: `--format expects text or json, got ${value === undefined ? 'nothing' : `"${value}"`}` };
        }
        format = value;
        break;
      }
      case '--max-warnings': {
        const value = takeValue();
        if (value === undefined || !/^\d+$/.test(value)) {
          return { ok: false, message: `--max-warnings expects a non-negative integer, got ${value === undefined ? 'nothing' : `"${value}"`}` };
        }
        maxWarnings = Number(value);
        break;
      }
      default:
        return { ok: false, message: `unknown option ${name}` };
    }
  }
  if (paths.length === 0 && !help && !version) return { ok: false, message: 'no paths given' };
  return { ok: true, options: { format, maxWarnings, help, version, paths } };
}
