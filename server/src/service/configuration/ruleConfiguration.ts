import { Diagnostic, DiagnosticSeverity, Range } from 'vscode-languageserver-types';
import { findNearest } from '../utils/editDistance';
import { getDefaultSeverity, getRegisteredCodes, isRejectedByService, isWalkCode } from './diagnosticRegistry';

/**
 * A severity a user may give a diagnostic code (docs/rulings.md § Configuration): `off` drops its
 * diagnostics; the others set their severity.
 */
export type RuleSeverityName = 'off' | 'hint' | 'info' | 'warning' | 'error';

/** The values of {@link RuleSeverityName}, from quietest to loudest. */
export const ruleSeverityNames: readonly RuleSeverityName[] = ['off', 'hint', 'info', 'warning', 'error'];

/**
 * The rules in effect for one document, as hosts pass them to `doValidation`: the severity chosen
 * for each code, keeping only accepted entries (a known code, a valid severity, not lowering a code
 * the service would reject). Plain data: it crosses worker threads.
 */
export interface RuleConfiguration {
  /** Severity by diagnostic code; codes not listed keep their default severity. */
  readonly rules: Readonly<Record<string, RuleSeverityName>>;
  /** False: the document's `pearl-disable` comments are ignored (`--no-inline-config`); true by default. */
  readonly inlineConfig?: boolean;
  /**
   * How a `pearl-disable` comment that turns off nothing is reported: `hint` (the default, with the
   * Unnecessary tag, as editors show it), `warning`, `error` or `off` (pearl-lint's default).
   */
  readonly unusedDirectives?: 'off' | 'hint' | 'warning' | 'error';
}

/**
 * The diagnostic codes of the configuration's own problems: in a `.pearlrc.json`, on a
 * `pearl-disable` comment, or (as sentences) in a setting or a `--rule` option. Warnings, but for
 * an unused directive (a Hint, or what `--report-unused-disable-directives-severity` says).
 */
export const RuleConfigurationCode = {
  /** A code no Pearl rule reports. */
  unknownCode: 'rule-code-unknown',
  /** An attempt to turn off or lower a code the service would reject. */
  notConfigurable: 'rule-not-configurable',
  /** A severity that is not one of {@link ruleSeverityNames}. */
  invalidSeverity: 'rule-severity-invalid',
  /** A `.pearlrc.json` that is not an object with a `rules` object (its rules are not applied). */
  invalidFile: 'rule-file-invalid',
  /** A `pearl-disable` comment that names no code. */
  missingCodes: 'rule-codes-missing',
  /** A property a `.pearlrc.json` (or an entry of its `overrides`) does not take. */
  unknownKey: 'rule-file-unknown-key',
  /** An `extends` entry that is malformed, names no file or preset, or closes a cycle. */
  invalidExtends: 'rule-extends-invalid',
  /** A `pearl-disable` comment (or one code of it) that turns off nothing: a Hint with the Unnecessary tag by default. */
  unusedDirective: 'rule-directive-unused',
} as const;

/** One of {@link RuleConfigurationCode}. */
export type RuleConfigurationCode = (typeof RuleConfigurationCode)[keyof typeof RuleConfigurationCode];

/** A problem of one rule entry: the code written, why it is not applied, and how bad it is. */
export interface RuleEntryProblem {
  /** The code as written in the entry. */
  readonly code: string;
  readonly kind: RuleConfigurationCode;
  /** One sentence for the user. */
  readonly message: string;
  /** Whether the problem is in the severity (the entry's value) rather than in the code (its key). */
  readonly inSeverity: boolean;
}

/** What {@link checkRuleEntries} accepted, and the problems of the other entries. */
export interface CheckedRules {
  readonly rules: Record<string, RuleSeverityName>;
  readonly problems: RuleEntryProblem[];
}

const severityByName: Readonly<Record<Exclude<RuleSeverityName, 'off'>, DiagnosticSeverity>> = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  info: DiagnosticSeverity.Information,
  hint: DiagnosticSeverity.Hint,
};

/** The name of an LSP severity (1 to 4) as configuration writes it. */
export function getSeverityName(severity: DiagnosticSeverity): Exclude<RuleSeverityName, 'off'> {
  return severity === DiagnosticSeverity.Warning
    ? 'warning'
    : severity === DiagnosticSeverity.Information
      ? 'info'
      : severity === DiagnosticSeverity.Hint
        ? 'hint'
        : 'error';
}

/**
 * Checks rule entries (`[code, severity]` as written in a setting, a `.pearlrc.json` or `--rule`):
 * a code no rule reports, a severity that is not one of {@link ruleSeverityNames}, and `off` or a
 * lower severity for a code the service would reject (docs/rulings.md § Configuration) are problems
 * and are not applied; `error` for such a code is its default and is accepted. A later entry for the
 * same code replaces an earlier one. The first `suggestFor` problems of an unknown code suggest the
 * nearest codes (a search of the registry each); later ones do not. Never throws.
 */
export function checkRuleEntries(entries: Iterable<readonly [string, unknown]>, suggestFor = Infinity): CheckedRules {
  const rules: Record<string, RuleSeverityName> = {};
  const problems: RuleEntryProblem[] = [];
  for (const [code, severity] of entries) {
    const problem = checkRuleEntry(code, severity, problems.length < suggestFor);
    if (problem) problems.push(problem);
    else rules[code] = severity as RuleSeverityName;
  }
  return { rules, problems };
}

function checkRuleEntry(code: string, severity: unknown, suggest: boolean): RuleEntryProblem | undefined {
  if (getDefaultSeverity(code) === undefined) {
    const reason = describeUntunableCode(code);
    if (reason) return { code, kind: RuleConfigurationCode.unknownCode, inSeverity: false, message: reason };
    const { names } = suggest ? findNearest(code, getRegisteredCodes()) : { names: [] };
    const hint = names.length > 0 ? ` Did you mean ${names.map((name) => `"${name}"`).join(' or ')}?` : '';
    return {
      code,
      kind: RuleConfigurationCode.unknownCode,
      inSeverity: false,
      message: `Unknown diagnostic code "${code}": no Pearl rule reports it (docs/rules.md lists them).${hint}`,
    };
  }
  if (!isRuleSeverityName(severity)) {
    return {
      code,
      kind: RuleConfigurationCode.invalidSeverity,
      inSeverity: true,
      message: `${JSON.stringify(severity) ?? String(severity)} is not a severity for "${code}": use "off", "hint", "info", "warning" or "error".`,
    };
  }
  if (isRejectedByService(code) && severity !== 'error') {
    return { code, kind: RuleConfigurationCode.notConfigurable, inSeverity: true, message: describeRefusal(code, severity) };
  }
  return undefined;
}

/**
 * Why `code`, which is not a Pearl rule's, is not taken, when more can be said than "unknown": a
 * walks file code (those are not tuned by rules), or a pattern (each code is named on its own).
 */
export function describeUntunableCode(code: string): string | undefined {
  if (isWalkCode(code)) {
    return `"${code}" is a walks file code (docs/walks.md): walks files are checked as they are, and rules do not tune their codes.`;
  }
  if (/[*?[\]{}]/.test(code)) {
    return `"${code}" is a pattern: rules name each code on its own (docs/rules.md lists them); walk-* codes are not tuned by rules.`;
  }
  return undefined;
}

/** Why `code` cannot be set to `severity`: the service would reject the request; it is still reported. */
export function describeRefusal(code: string, severity: RuleSeverityName): string {
  const change = severity === 'off' ? 'turned off' : `lowered to ${severity}`;
  return `"${code}" cannot be ${change}: its Error means the Pearl Agent Service would reject the request, so it is still reported.`;
}

/** Whether `value` is one of {@link ruleSeverityNames}. */
export function isRuleSeverityName(value: unknown): value is RuleSeverityName {
  return typeof value === 'string' && (ruleSeverityNames as readonly string[]).includes(value);
}

/**
 * Whether a configuration may change diagnostics of `code`: a registered code the service would
 * not reject. Comments and settings leave the others alone.
 */
export function isConfigurableCode(code: string): boolean {
  return getDefaultSeverity(code) !== undefined && !isRejectedByService(code);
}

/**
 * The rules of `layers` merged, a later layer's entry for a code replacing an earlier one
 * (a `.pearlrc.json`, then the editor setting or the `--rule` options).
 */
export function mergeRuleConfigurations(...layers: readonly (RuleConfiguration | undefined)[]): RuleConfiguration {
  const rules = Object.assign({}, ...layers.map((layer) => layer?.rules ?? {})) as Record<string, RuleSeverityName>;
  const unusedDirectives = layers.reduce<RuleConfiguration['unusedDirectives']>(
    (last, layer) => layer?.unusedDirectives ?? last,
    undefined,
  );
  return {
    rules,
    ...(layers.some((layer) => layer?.inlineConfig === false) ? { inlineConfig: false } : {}),
    ...(unusedDirectives !== undefined ? { unusedDirectives } : {}),
  };
}

/**
 * `diagnostics` with the configured severities: a diagnostic of a configurable code
 * ({@link isConfigurableCode}) set to `off` is dropped, one set to another severity gets it; the
 * others are returned unchanged (a code the service would reject keeps every diagnostic at its own
 * severity). A new array; the diagnostics given are not changed.
 */
export function applyRuleSeverities(diagnostics: readonly Diagnostic[], configuration: RuleConfiguration): Diagnostic[] {
  const result: Diagnostic[] = [];
  for (const diagnostic of diagnostics) {
    const code = typeof diagnostic.code === 'string' ? diagnostic.code : undefined;
    const chosen = code !== undefined && Object.hasOwn(configuration.rules, code) ? configuration.rules[code] : undefined;
    if (chosen === undefined || code === undefined || !isConfigurableCode(code)) result.push(diagnostic);
    else if (chosen !== 'off') result.push({ ...diagnostic, severity: severityByName[chosen] });
  }
  return result;
}

/**
 * The severity in effect for every registered code under `configuration`, in the registry's order:
 * what `pearl-lint --print-config` shows. A code the service would reject always shows its default.
 */
export function getEffectiveRules(configuration: RuleConfiguration): Record<string, RuleSeverityName> {
  const effective: Record<string, RuleSeverityName> = {};
  for (const code of getRegisteredCodes()) {
    const chosen = Object.hasOwn(configuration.rules, code) ? configuration.rules[code] : undefined;
    // getRegisteredCodes lists only codes that have a default severity.
    const fallback = getSeverityName(getDefaultSeverity(code) ?? DiagnosticSeverity.Error);
    effective[code] = chosen !== undefined && isConfigurableCode(code) ? chosen : fallback;
  }
  return effective;
}

/** A Warning of the configuration itself ({@link RuleConfigurationCode}) at `range`. */
export function createConfigurationDiagnostic(range: Range, kind: RuleConfigurationCode, message: string): Diagnostic {
  return { range, severity: DiagnosticSeverity.Warning, code: kind, source: 'pearl', message };
}
