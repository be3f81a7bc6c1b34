import { Diagnostic } from 'vscode-languageserver-types';
import type { PearlDocument } from './pearlDocument';

/** Schema diagnostics. Stub: being written. */
export function validateSchema(doc: PearlDocument): Diagnostic[] {
  void doc;
  return [];
}
