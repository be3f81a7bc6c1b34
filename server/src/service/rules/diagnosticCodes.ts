import { apiSettingsRules } from './fieldRules/apiSettingsRules';
import { callingHoursRules } from './fieldRules/callingHoursRules';
import { channelRules } from './fieldRules/channelRules';
import { countRules } from './fieldRules/countRules';
import { indicatorTagRules } from './fieldRules/indicatorTagRules';
import { nodeSettingsRules } from './fieldRules/nodeSettingsRules';
import { outboundSettingsRules } from './fieldRules/outboundSettingsRules';
import { timeZoneRules } from './fieldRules/timeZoneRules';
import { transferCallRules } from './fieldRules/transferCallRules';
import { variableDeclarationRules } from './fieldRules/variableDeclarationRules';
import { endCallRules } from './graph/endCall';
import { entryNodeRules } from './graph/entryNodes';
import { identifierRules } from './graph/identifiers';
import { preCallBranchRules } from './graph/preCallBranches';
import { reachabilityRules } from './graph/reachability';
import { transitionTargetRules } from './graph/transitionTargets';
import { voiceOnlyNodeRules } from './graph/voiceOnlyNodes';
import { placeholderRules } from './placeholderRules';
import type { Diagnostic } from 'vscode-languageserver-types';
import type { PearlDocument } from '../document/pearlDocument';
import type { DiagnosticRule, RuleModule } from './ruleModule';
import { enumerationRules } from './schema/enumerations';
import { limitRules } from './schema/limits';
import { propertyRules } from './schema/properties';
import { typeRules } from './schema/types';
import { syntaxRules } from './syntaxRules';
import { generalInstructionsRules } from './variables/generalInstructions';
import { variableReferenceRules } from './variables/variableRules';
import { variableUsageRules } from './variables/variableUsage';
import { checkKeepingAcrossStringEdits } from './keptDiagnostics';

export type { DiagnosticGroup, DiagnosticRule, DiagnosticSection, SeverityOverride } from './ruleModule';
export { rulesDocumentUrl } from './ruleModule';

/**
 * The rule modules, in the order the service runs their checks and docs/rules.md lists their codes:
 * syntax, schema (docs/interface.md § Resources and their fields, § Limits), the field rules
 * (§ Resources and their fields, § Endpoints, graph rules 6 and 7; docs/rulings.md § Values),
 * the graph rules (§ Graph rules, rules 1-5; § Transition) and the variable references
 * (§ Variables and (V) fields). The schema, graph and variable families are several topic modules
 * each (schema/, graph/, variables/), listed here one by one in the order of their codes in
 * docs/rules.md. The one list every registry, dispatch and document is derived from.
 */
export const ruleModules = [
  syntaxRules,
  propertyRules,
  typeRules,
  enumerationRules,
  limitRules,
  channelRules,
  indicatorTagRules,
  variableDeclarationRules,
  apiSettingsRules,
  nodeSettingsRules,
  transferCallRules,
  callingHoursRules,
  timeZoneRules,
  countRules,
  outboundSettingsRules,
  placeholderRules,
  entryNodeRules,
  endCallRules,
  reachabilityRules,
  preCallBranchRules,
  transitionTargetRules,
  identifierRules,
  voiceOnlyNodeRules,
  variableReferenceRules,
  variableUsageRules,
  generalInstructionsRules,
] as const;

// The list as plain modules, to derive the registry from at run time (the types above are the list's).
const modules: readonly RuleModule[] = ruleModules;

/** The intersection of the members of union `U`. */
type Intersection<U> = (U extends unknown ? (members: U) => void : never) extends (members: infer I) => void ? I : never;
/** Every module's codes by name, as one type. */
type AllRules = Intersection<(typeof ruleModules)[number]['rules']>;

/**
 * Every code the Pearl language service reports, by name (`DiagnosticCode.unknownTarget` is
 * `'unknown-target'`), from the rule modules. Codes never change meaning once published: editors,
 * CI filters and quick fixes key on them. Severity follows docs/rulings.md § Error only where the
 * service would reject: Error only where the service would reject the request.
 */
export const DiagnosticCode = Object.fromEntries(
  modules.flatMap((module) => Object.entries(module.rules).map(([name, rule]) => [name, rule.code])),
) as { readonly [K in keyof AllRules]: AllRules[K] extends { readonly code: infer C } ? C : never };

/** One of the stable diagnostic codes of {@link DiagnosticCode}. */
export type DiagnosticCode = (typeof DiagnosticCode)[keyof typeof DiagnosticCode];

/**
 * The registry: one entry per code (its module's metadata: severity, group, summary, section,
 * examples, quick fix), in the order of {@link ruleModules}; docs/rules.md is generated from it by
 * `npm run docs:rules`.
 */
export const diagnosticRules = Object.fromEntries(
  modules.flatMap((module) => Object.values(module.rules).map((rule) => [rule.code, rule])),
) as { readonly [C in DiagnosticCode]: DiagnosticRule };

const rulesByCode: ReadonlyMap<unknown, DiagnosticRule> = new Map(Object.entries(diagnosticRules));

/** The registry entry of `code` (any value a client sends as a diagnostic's code), or undefined. */
export function findRule(code: unknown): DiagnosticRule | undefined {
  return rulesByCode.get(code);
}

/** The documentation address of `code`: its entry in docs/rules.md. */
export function ruleDocumentationHref(code: DiagnosticCode): string {
  return diagnosticRules[code].href;
}

/**
 * Every diagnostic of `doc`: each module's check, in the order of {@link ruleModules}, into one
 * array. A check that throws (a bug) is reported through `reportInternalError` with the module's
 * name; the other checks still run, so one rule's bug hides no other diagnostic.
 */
export function validateDocument(doc: PearlDocument, reportInternalError: (where: string, error: unknown) => void): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  for (let m = 0; m < modules.length; m++) {
    const module = modules[m];
    try {
      if (module.keptWhileTypingInStrings) checkKeepingAcrossStringEdits(module, doc, diagnostics);
      else module.check(doc, diagnostics);
    } catch (error) {
      reportInternalError(module.name, error);
    }
  }
  return diagnostics;
}
