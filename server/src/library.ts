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
import {
  getLanguageService as createLanguageService,
  type LanguageServiceParams,
  type PearlLanguageService,
} from './service/pearlLanguageService';
import type { Diagnostic as LspDiagnostic } from 'vscode-languageserver-types';
export { DiagnosticCode, diagnosticRules, ruleDocumentationHref } from './service/pearlLanguageService';

/** Orders diagnostics by where they start, then where they end; a stable sort keeps the service's order otherwise. */
function byPosition(a: LspDiagnostic, b: LspDiagnostic): number {
  const { start: s, end: e } = a.range;
  const { start: t, end: f } = b.range;
  return s.line - t.line || s.character - t.character || e.line - f.line || e.character - f.character;
}

/**
 * The Pearl language service (see `PearlLanguageService`), as the language server and pearl-lint
 * use it, but `doValidation` returns the diagnostics in document order (by start, then end).
 */
export function getLanguageService(params?: LanguageServiceParams): PearlLanguageService {
  const service = createLanguageService(params);
  return { ...service, doValidation: (doc, configuration) => service.doValidation(doc, configuration).sort(byPosition) };
}
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
// Walks files (*.walks.json, docs/user/walks.md): what pearl-lint needs beside the service's methods.
export {
  describePearlReadError,
  isInsideFolder,
  isWalksFileUri,
  pearlOutsideReason,
  takenTransitions,
  walkRules,
} from './service/pearlLanguageService';
export type { CoverageTransition, TransitionCoverage, UnresolvedPearl, WalkRule } from './service/pearlLanguageService';
export { TextDocument } from 'vscode-languageserver-textdocument';
// Values as well as types: the declarations inlined from vscode-languageserver-types are namespaces
// with constants and helpers (`DiagnosticSeverity.Error`, `Range.create`), so they are exported for real.
export { Diagnostic, DiagnosticSeverity, Position, Range } from 'vscode-languageserver-types';
// The code of each `PearlDocument.syntaxErrors` entry: jsonc-parser's enumeration, as a plain
// object (its own declaration is a `const enum`, which fails under `isolatedModules`).
import type { ParseErrorCode as JsoncParseErrorCode } from 'jsonc-parser';
/** The codes of `PearlDocument.syntaxErrors` entries (`error`), by name: jsonc-parser's values. */
export const ParseErrorCode = {
  InvalidSymbol: 1,
  InvalidNumberFormat: 2,
  PropertyNameExpected: 3,
  ValueExpected: 4,
  ColonExpected: 5,
  CommaExpected: 6,
  CloseBraceExpected: 7,
  CloseBracketExpected: 8,
  EndOfFileExpected: 9,
  InvalidCommentToken: 10,
  UnexpectedEndOfComment: 11,
  UnexpectedEndOfString: 12,
  UnexpectedEndOfNumber: 13,
  InvalidUnicode: 14,
  InvalidEscapeCharacter: 15,
  InvalidCharacter: 16,
} as const satisfies Record<string, JsoncParseErrorCode>;
/** One of {@link ParseErrorCode}'s values. */
export type ParseErrorCode = (typeof ParseErrorCode)[keyof typeof ParseErrorCode];
