import type { Diagnostic } from 'vscode-languageserver-types';
import type { PearlDocument } from '../document/pearlDocument';
import { applyInlineDirectives, findInlineDirectives, mayHaveDirective } from './inlineDirectives';
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
  const configured = applyRuleSeverities(diagnostics, configuration);
  if (hasNoDirective(doc)) return configured;
  return applyInlineDirectives(configured, findInlineDirectives(textDocument), textDocument);
}

/**
 * Whether `doc`'s text is known to hold no `pearl-disable` or `pearl-enable`, without reading all
 * of it on a keystroke: the parse it was patched from held none, and neither does the edited
 * string (an occurrence holds no quote, so it is inside the string or outside it). Else the text
 * is searched, and a parse without any is remembered in the model's cache.
 */
function hasNoDirective(doc: PearlDocument): boolean {
  const cache = doc.modelCache;
  const patch = doc.stringPatch;
  const known =
    cache.directiveFreeParse === doc.parseId ||
    (patch !== undefined && cache.directiveFreeParse === patch.from && !mayHaveDirective(patch.content));
  if (!known && mayHaveDirective(doc.textDocument.getText())) return false;
  cache.directiveFreeParse = doc.parseId;
  return true;
}
