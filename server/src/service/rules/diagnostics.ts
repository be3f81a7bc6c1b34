import { Diagnostic, DiagnosticSeverity, type DiagnosticTag } from 'vscode-languageserver-types';
import type { JsonNode } from '../document/jsonTree';
import type { JsonPath, PearlDocument } from '../document/pearlDocument';
import { spanToRange, type TextSpan } from '../document/textSpan';
import type { DiagnosticRule } from './ruleModule';

export { DiagnosticSeverity };

// The span type and its range live with the document; rules and features take them from here too.
export { spanToRange, type TextSpan };

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

/**
 * The span of the value at `path`, for a diagnostic about it. When the document has no such
 * value (a property written without one), the nearest thing that exists: the property's key, else
 * the closest enclosing value. Never undefined: at worst the start of the document.
 */
export function valueSpan(doc: PearlDocument, path: JsonPath): TextSpan {
  for (let length = path.length; length >= 0; length--) {
    const found = doc.locate(length === path.length ? path : path.slice(0, length));
    if (found) return found;
  }
  return { offset: 0, length: 0 };
}

/**
 * The span of the key of the property whose value is at `path` (the quoted name), so a
 * diagnostic about a property as a whole points at its name; the value's span for an array
 * element or the root.
 */
export function keySpan(doc: PearlDocument, path: JsonPath): TextSpan {
  const found = doc.locate(path);
  return found ? (found.key ?? found) : valueSpan(doc, path);
}

/** The span of the opening `{` (or `[`) of the object at `path`, for a problem with the object as a whole. */
export function openingSpan(doc: PearlDocument, path: JsonPath): TextSpan {
  return { offset: valueSpan(doc, path).offset, length: 1 };
}

/** The 1-based line on which the value at `path` starts, as editors number lines (for messages). */
export function lineAt(doc: PearlDocument, path: JsonPath): number {
  return doc.textDocument.positionAt(valueSpan(doc, path).offset).line + 1;
}
