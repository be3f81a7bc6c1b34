import { CompletionList, Position } from 'vscode-languageserver-types';
import type { PearlDocument } from './pearlDocument';

/** Completion. Stub: being written. */
export function doComplete(doc: PearlDocument, position: Position): CompletionList {
  void doc;
  void position;
  return { isIncomplete: false, items: [] };
}
