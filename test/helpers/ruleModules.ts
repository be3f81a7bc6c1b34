import type { Diagnostic } from 'vscode-languageserver-types';
import type { PearlDocument } from '../../server/src/service/document/pearlDocument';
import { ruleModules } from '../../server/src/service/rules/diagnosticCodes';
import { checkModule } from '../../server/src/service/rules/keptDiagnostics';
import type { DiagnosticGroup, RuleModule } from '../../server/src/service/rules/ruleModule';

/** The diagnostics the checks of `modules` report on `doc`, in the order the service runs them. */
export function runChecks(doc: PearlDocument, ...modules: readonly RuleModule[]): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  for (const module of modules) checkModule(module, doc, diagnostics);
  return diagnostics;
}

/** The rule modules whose codes are all of `group` (the field rules are several modules), in the registry's order. */
export function modulesOfGroup(group: DiagnosticGroup): readonly RuleModule[] {
  return ruleModules.filter((module) => Object.values(module.rules).every((rule) => rule.group === group));
}
