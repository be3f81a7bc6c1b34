// The rules pearl-lint applies to each file: the nearest `.pearlrc.json` upward from it, then the
// `--rule` options; the comments in the file apply when it is checked (lintText).
import * as path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  checkRuleEntries,
  getLanguageService,
  type PearlLanguageService,
  type ResolvedRuleConfiguration,
  type RuleConfiguration,
  RuleConfigurationCode,
} from '../service/pearlLanguageService';
import { readConfigurationFile } from '../readConfigurationFile';
import { describeFsError } from './findPearlFiles';
import { type LintRecord, toLintRecord } from './lintReport';

/** The `--rule` options checked: the rules to apply, usage errors (exit 2) and refusals (still reported). */
export interface CheckedRuleOptions {
  readonly rules: RuleConfiguration;
  /** Unknown codes and invalid severities, one sentence each: the run stops with exit status 2. */
  readonly errors: string[];
  /** Codes the service would reject that an option tried to turn off or lower: said, then ignored. */
  readonly refusals: string[];
}

/** Checks the `--rule <code>=<severity>` options (a later option for a code wins). */
export function checkRuleOptions(options: readonly (readonly [string, string])[]): CheckedRuleOptions {
  const { rules, problems } = checkRuleEntries(options);
  const describe = (message: string, code: string): string => {
    const written = options.findIndex(([given]) => given === code);
    return `--rule ${written === -1 ? code : options[written].join('=')}: ${message}`;
  };
  return {
    rules: { rules },
    errors: problems.filter((p) => p.kind !== RuleConfigurationCode.notConfigurable).map((p) => describe(p.message, p.code)),
    refusals: problems.filter((p) => p.kind === RuleConfigurationCode.notConfigurable).map((p) => describe(p.message, p.code)),
  };
}

/**
 * The rules of each checked file, read once per folder. The problems of every `.pearlrc.json`
 * used are collected once as records of that file ({@link records}); a file that cannot be read
 * or is not valid JSON is also a {@link problems} entry (exit status 2).
 */
export class LintConfigurations {
  /** Problems of the `.pearlrc.json` files used, as lint records of those files. */
  readonly records: LintRecord[] = [];
  /** Files that could not be read or are not valid JSON, one line each. */
  readonly problems: string[] = [];
  private readonly byFolder = new Map<string, ResolvedRuleConfiguration>();
  private readonly reported = new Set<string>();
  private readonly service: PearlLanguageService = getLanguageService({ readConfigurationFile });

  /**
   * @param hostRules the `--rule` options, over every file's `.pearlrc.json`.
   * @param cwd what reported paths are relative to.
   */
  constructor(
    private readonly hostRules: RuleConfiguration,
    private readonly cwd: string,
  ) {}

  /** The rules for the file at `absolutePath` and the `.pearlrc.json` they came from (or undefined). */
  resolve(absolutePath: string): ResolvedRuleConfiguration {
    const folder = path.dirname(absolutePath);
    const known = this.byFolder.get(folder);
    if (known) return known;
    let resolved: ResolvedRuleConfiguration;
    try {
      resolved = this.service.getRuleConfiguration(pathToFileURL(absolutePath).href, this.hostRules);
    } catch (error) {
      this.problems.push(`.pearlrc.json for ${this.show(absolutePath)}: ${describeFsError(error)}`);
      resolved = { configuration: this.hostRules, file: undefined };
    }
    this.byFolder.set(folder, resolved);
    if (resolved.file && !this.reported.has(resolved.file.uri)) {
      this.reported.add(resolved.file.uri);
      const shown = this.show(fileURLToPath(resolved.file.uri));
      for (const diagnostic of resolved.file.diagnostics) {
        this.records.push(toLintRecord(shown, diagnostic));
        if (diagnostic.code === RuleConfigurationCode.invalidFile) this.problems.push(`${shown}: ${diagnostic.message}`);
      }
    }
    return resolved;
  }

  /** The path as reports show it: relative to the working folder when inside it. */
  show(file: string): string {
    const relative = path.relative(this.cwd, file);
    return relative === '' || relative.startsWith('..') || path.isAbsolute(relative) ? file : relative;
  }
}
