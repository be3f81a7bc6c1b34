// The one place the configuration reads the registry of diagnostic codes: which codes exist and
// each one's default severity. Only this import line knows where the registry lives.
import { DiagnosticSeverity } from 'vscode-languageserver-types';
import { diagnosticRules } from '../rules/diagnosticCodes';
import { walkRules } from '../walks/walkCodes';

const walkCodes: ReadonlySet<string> = new Set(Object.values(walkRules).map((rule) => rule.code));

/** Whether `code` is a walks file code (docs/user/walks.md): reported on walks files, never tuned by rules. */
export function isWalkCode(code: string): boolean {
  return walkCodes.has(code);
}

const defaultSeverities: ReadonlyMap<string, DiagnosticSeverity> = new Map(
  Object.entries(diagnosticRules).map(([code, rule]) => [code, rule.severity]),
);

const registeredCodes: readonly string[] = Object.freeze([...defaultSeverities.keys()]);

/** Every registered diagnostic code, in the registry's order (one frozen array). */
export function getRegisteredCodes(): readonly string[] {
  return registeredCodes;
}

/** The default severity of `code`, or undefined when no rule reports that code. */
export function getDefaultSeverity(code: string): DiagnosticSeverity | undefined {
  return defaultSeverities.get(code);
}

/**
 * Whether the Pearl Agent Service would reject a request with a diagnostic of `code`: its default
 * severity is Error (docs/rulings.md § Severity). Such a code can be neither turned off nor lowered
 * (docs/rulings.md § Configuration).
 */
export function isRejectedByService(code: string): boolean {
  return defaultSeverities.get(code) === DiagnosticSeverity.Error;
}
