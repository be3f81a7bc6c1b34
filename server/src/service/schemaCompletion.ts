import { CompletionItem } from 'vscode-languageserver-types';
import type { PearlDocument } from './pearlDocument';

/** Schema completion. Stub: being written. */
export function doSchemaCompletion(doc: PearlDocument, offset: number): CompletionItem[] {
  void doc;
  void offset;
  return [];
}
