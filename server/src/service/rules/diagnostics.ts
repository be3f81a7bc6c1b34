import { Diagnostic, DiagnosticSeverity, type DiagnosticTag } from 'vscode-languageserver-types';
import type { JsonNode } from '../document/jsonTree';
import type { PearlDocument } from '../document/pearlDocument';
import { spanToRange, type TextSpan } from '../document/textSpan';
import type { DiagnosticRule } from './ruleModule';

export { DiagnosticSeverity };

// Spans, their ranges and the spans of paths live with the document (document/textSpan.ts,
// document/pathSpans.ts); the rules take them from here with createDiagnostic.
export { spanToRange, type TextSpan };
export { keySpan, lineAt, openingSpan, valueSpan } from '../document/pathSpans';

/** The `source` of every Pearl diagnostic. */
export const diagnosticSource = 'pearl';

/** What a rule may add to a diagnostic beyond its code and message. */
export interface DiagnosticOptions {
  /** A severity other than the registry's, only where a ruling names one (see `severityOverride`). */
  readonly severity?: DiagnosticSeverity;
  /** What a quick fix needs, so it does not derive it again (LSP `Diagnostic.data`). */
  readonly data?: unknown;
  /** LSP `Diagnostic.tags`: `Unnecessary` has the editor fade the range (an unused declaration). */
  readonly tags?: DiagnosticTag[];
}

/**
 * Builds a Pearl diagnostic of `rule` (a registry entry, from its rule module) on `span` (a jsonc
 * node or any offset/length): its stable `code`, its severity, `source: "pearl"` and a
 * `codeDescription.href` to the code's entry in docs/rules.md.
 */
export function createDiagnostic(
  doc: PearlDocument,
  span: TextSpan | JsonNode,
  rule: DiagnosticRule,
  message: string,
  options: DiagnosticOptions = {},
): Diagnostic {
  const diagnostic: Diagnostic = {
    range: spanToRange(doc, span),
    severity: options.severity ?? rule.severity,
    code: rule.code,
    codeDescription: { href: rule.href },
    source: diagnosticSource,
    message,
  };
  if (options.data !== undefined) diagnostic.data = options.data;
  if (options.tags !== undefined) diagnostic.tags = options.tags;
  return diagnostic;
}
