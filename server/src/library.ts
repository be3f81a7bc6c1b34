// `require('pearl-language-tools')` (or `.../service`, the same module): the Pearl language service
// as a library, for scripts and other tools that lint or inspect Pearl files in process. The same
// service as the language server and pearl-lint; bundled to dist/service.js with its types in
// dist/service.d.ts (every value the types declare exists at run time: @arethetypeswrong/cli checks).
//
//   const { getLanguageService, TextDocument, DiagnosticSeverity } = require('pearl-language-tools');
//   const service = getLanguageService();
//   const doc = service.parsePearlDocument(TextDocument.create('file:///a.pearl.json', 'pearl', 1, text));
//   const errors = service.doValidation(doc).filter((d) => d.severity === DiagnosticSeverity.Error);
// The registry (each code's severity, summary and documentation page): pearl-lint's SARIF reads it from here.
export { getLanguageService, DiagnosticCode, diagnosticRules, ruleDocumentationHref } from './service/pearlLanguageService';
export type { LanguageServiceParams, PearlDocument, PearlLanguageService } from './service/pearlLanguageService';
// The rules a user tunes (.pearlrc.json, settings, --rule); pearl-lint takes them from here too.
export {
  checkRuleEntries,
  getEffectiveRules,
  isRuleSeverityName,
  maxRuleConfigurationFileBytes,
  RuleConfigurationCode,
  ruleConfigurationFileName,
  ruleSeverityNames,
} from './service/pearlLanguageService';
export type {
  CheckedRules,
  ReadConfigurationFile,
  ResolvedRuleConfiguration,
  RuleConfiguration,
  RuleConfigurationOptions,
  RuleConfigurationFile,
  RuleEntryProblem,
  RuleSeverityName,
} from './service/pearlLanguageService';
// Walks files (*.walks.json, docs/walks.md): what pearl-lint needs beside the service's methods.
export { describePearlReadError, isWalksFileUri, walkRules } from './service/pearlLanguageService';
export type { CoverageTransition, UnresolvedPearl, WalkRule } from './service/pearlLanguageService';
export { TextDocument } from 'vscode-languageserver-textdocument';
// Values as well as types: the declarations inlined from vscode-languageserver-types are namespaces
// with constants and helpers (`DiagnosticSeverity.Error`, `Range.create`), so they are exported for real.
export { Diagnostic, DiagnosticSeverity, Position, Range } from 'vscode-languageserver-types';
// The code of each `PearlDocument.syntaxErrors` entry (jsonc-parser's enumeration).
export { ParseErrorCode } from 'jsonc-parser';
