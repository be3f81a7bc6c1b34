import type { Diagnostic } from 'vscode-languageserver-types';
import type { PearlDocument } from '../document/pearlDocument';
import { applyInlineDirectives, findInlineDirectives } from './inlineDirectives';
import { applyRuleSeverities, mergeRuleConfigurations, type RuleConfiguration } from './ruleConfiguration';
import { findRuleConfigurationFile, type ReadConfigurationFile, type RuleConfigurationFile } from './ruleConfigurationFile';

/** The rules in effect for one document, and the `.pearlrc.json` they were read from. */
export interface ResolvedRuleConfiguration {
  /** The file's rules with the host's on top: what `doValidation` takes. */
  readonly configuration: RuleConfiguration;
  /** The nearest `.pearlrc.json`, with its problems; undefined when there is none or no file access. */
  readonly file: RuleConfigurationFile | undefined;
}

/**
 * The rules for the document at `documentUri`: those of the nearest `.pearlrc.json` (read through
 * `readFile`, the host's I/O; none without it), then `hostRules` (the editor setting or the
 * `--rule` options, already checked) on top. Throws what `readFile` throws.
 */
export function resolveRuleConfiguration(
  documentUri: string,
  hostRules: RuleConfiguration | undefined,
  readFile: ReadConfigurationFile | undefined,
): ResolvedRuleConfiguration {
  const file = readFile ? findRuleConfigurationFile(documentUri, readFile) : undefined;
  return { configuration: mergeRuleConfigurations(file?.configuration, hostRules), file };
}

/**
 * `diagnostics` of `doc` under `configuration` and the document's `pearl-disable` comments: the
 * configured severities ({@link applyRuleSeverities}), without what the comments turn off, and with
 * the comments' own problems. Codes the service would reject are never dropped nor lowered.
 */
export function configureDiagnostics(
  doc: PearlDocument,
  diagnostics: readonly Diagnostic[],
  configuration: RuleConfiguration,
): Diagnostic[] {
  const { textDocument } = doc;
  return applyInlineDirectives(applyRuleSeverities(diagnostics, configuration), findInlineDirectives(textDocument), textDocument);
}
