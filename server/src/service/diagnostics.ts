import { Diagnostic, DiagnosticSeverity, Range } from 'vscode-languageserver-types';
import { DiagnosticCode } from './diagnosticCodes';
import type { JsonNode } from './jsonTree';
import type { PearlDocument } from './pearlDocument';

export { DiagnosticSeverity };

/** A span of the text: offset and length in UTF-16 code units. jsonc nodes are spans. */
export interface TextSpan {
  readonly offset: number;
  readonly length: number;
}

/** The `source` of every Pearl diagnostic. */
export const diagnosticSource = 'pearl';

/** The LSP range of a span of the document. */
export function spanToRange(doc: PearlDocument, span: TextSpan): Range {
  return {
    start: doc.textDocument.positionAt(span.offset),
    end: doc.textDocument.positionAt(span.offset + span.length),
  };
}

/**
 * Builds a Pearl diagnostic on `span` (a jsonc node or any offset/length) with a stable `code`
 * ({@link DiagnosticCode}) and `source: "pearl"`.
 */
export function createDiagnostic(
  doc: PearlDocument,
  span: TextSpan | JsonNode,
  code: DiagnosticCode,
  message: string,
  severity: DiagnosticSeverity,
): Diagnostic {
  return { range: spanToRange(doc, span), severity, code, source: diagnosticSource, message };
}

/**
 * The span of a property's key, given its value node (the quoted name), so a diagnostic about a
 * property as a whole points at its name. Falls back to the node itself.
 */
export function keySpanOf(valueNode: JsonNode): TextSpan {
  const property = valueNode.parent;
  if (property?.type === 'property' && property.children) return property.children[0];
  return valueNode;
}
