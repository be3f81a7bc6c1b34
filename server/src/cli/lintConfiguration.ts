// The rules pearl-lint applies to each file: the nearest `.pearlrc.json` upward from it (or
// `--config`), with what it extends and its overrides for that file, then the `--rule` options; the
// comments in the file apply when it is checked (lintText), unless `--no-inline-config`.
import * as fs from 'node:fs';
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

/** The configuration codes that make a run fail (exit status 2): the file's rules may not be what was meant. */
const failingCodes: ReadonlySet<string> = new Set([
  RuleConfigurationCode.invalidFile,
  RuleConfigurationCode.unknownKey,
  RuleConfigurationCode.invalidExtends,
]);

/**
 * pearl-lint's reader of `.pearlrc.json` files: {@link readConfigurationFile}, each URI read at
 * most once per run (the files of ten folders look for the same parent folders' files ten times
 * otherwise), and a file that does not exist found so by a stat that throws nothing (opening it
 * throws an error, a stack trace and all, for every folder above every checked file).
 */
function readOncePerRun(): (uri: string) => string | undefined {
  const texts = new Map<string, string | undefined>();
  return (uri) => {
    if (texts.has(uri)) return texts.get(uri);
    const text = isMissing(uri) ? undefined : readConfigurationFile(uri);
    texts.set(uri, text);
    return text;
  };
}

/** Whether the file `uri` names surely does not exist; any other outcome (an error too) is left to the read. */
function isMissing(uri: string): boolean {
  try {
    return uri.startsWith('file:') && fs.statSync(fileURLToPath(uri), { throwIfNoEntry: false }) === undefined;
  } catch {
    return false;
  }
}

/** How {@link LintConfigurations} finds the rules: `--config` and `--no-inline-config`. */
export interface LintConfigurationOptions {
  /** `--config <file>`: this `.pearlrc.json` instead of the nearest one (absolute path). */
  readonly configFile?: string;
  /** False with `--no-inline-config`. */
  readonly inlineConfig?: boolean;
}

/**
 * The rules of each checked file, read once per folder (per file when an `overrides` entry may
 * tell files of a folder apart). The problems of every `.pearlrc.json` used (the extended ones
 * too) are collected once as records of that file ({@link records}); a file that cannot be read,
 * is not valid JSON, has a property it does not take or an `extends` that fails is also a
 * {@link problems} entry (exit status 2).
 */
export class LintConfigurations {
  /** Problems of the `.pearlrc.json` files used, as lint records of those files. */
  readonly records: LintRecord[] = [];
  /** Files that could not be read or are not valid JSON, one line each. */
  readonly problems: string[] = [];
  private readonly byFolder = new Map<string, ResolvedRuleConfiguration>();
  private readonly reported = new Set<string>();
  private readonly service: PearlLanguageService = getLanguageService({ readConfigurationFile: readOncePerRun() });

  /**
   * @param hostRules the `--rule` options, over every file's `.pearlrc.json`.
   * @param cwd what reported paths are relative to.
   */
  constructor(
    private readonly hostRules: RuleConfiguration,
    private readonly cwd: string,
    private readonly options: LintConfigurationOptions = {},
  ) {}

  /** The rules for the file at `absolutePath` and the `.pearlrc.json` they came from (or undefined). */
  resolve(absolutePath: string): ResolvedRuleConfiguration {
    const folder = path.dirname(absolutePath);
    const known = this.byFolder.get(folder);
    if (known) return known;
    let resolved: ResolvedRuleConfiguration;
    const { configFile, inlineConfig } = this.options;
    try {
      resolved = this.service.getRuleConfiguration(pathToFileURL(absolutePath).href, this.hostRules, {
        configUri: configFile === undefined ? undefined : pathToFileURL(configFile).href,
        inlineConfig,
      });
    } catch (error) {
      this.problems.push(`.pearlrc.json for ${this.show(absolutePath)}: ${describeFsError(error)}`);
      resolved = { configuration: { ...this.hostRules, ...(inlineConfig === false ? { inlineConfig } : {}) }, file: undefined, files: [] };
    }
    // Overrides may give two files of a folder different rules: then each file is resolved (its readings are cached by the service).
    if (resolved.files.every((file) => file.overrides.length === 0)) this.byFolder.set(folder, resolved);
    for (const file of resolved.files) {
      if (this.reported.has(file.uri)) continue;
      this.reported.add(file.uri);
      const shown = file.uri.startsWith('file:') ? this.show(fileURLToPath(file.uri)) : file.uri;
      for (const diagnostic of file.diagnostics) {
        this.records.push(toLintRecord(shown, diagnostic));
        if (failingCodes.has(String(diagnostic.code))) this.problems.push(`${shown}: ${diagnostic.message}`);
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
