import { Diagnostic } from 'vscode-languageserver-types';
import type { PearlDocument } from './pearlDocument';

/** Graph rules. Stub: being written. */
export function validateGraph(doc: PearlDocument): Diagnostic[] {
  void doc;
  return [];
}
