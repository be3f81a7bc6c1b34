import { Diagnostic } from 'vscode-languageserver-types';
import type { PearlDocument } from './pearlDocument';

/** Field rules (pearl-agent-service.md § Resources and their fields). Stub: being written. */
export function validateFieldRules(doc: PearlDocument): Diagnostic[] {
  void doc;
  return [];
}
