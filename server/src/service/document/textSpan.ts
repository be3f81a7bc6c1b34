import type { Range } from 'vscode-languageserver-types';
import type { PearlDocument } from './pearlDocument';

/** A span of the text: offset and length in UTF-16 code units. jsonc nodes are spans. */
export interface TextSpan {
  readonly offset: number;
  readonly length: number;
}

/** The LSP range of a span of the document. */
export function spanToRange(doc: PearlDocument, span: TextSpan): Range {
  return {
    start: doc.textDocument.positionAt(span.offset),
    end: doc.textDocument.positionAt(span.offset + span.length),
  };
}
