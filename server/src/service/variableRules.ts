import { Diagnostic } from 'vscode-languageserver-types';
import type { PearlDocument } from './pearlDocument';

/** Variable rules. Stub: being written. */
export function validateVariables(doc: PearlDocument): Diagnostic[] {
  void doc;
  return [];
}
