// `--fix` and `--fix-dry-run`: the safe fixes of a Pearl file, those "Fix all" applies on save
// (`source.fixAll.pearl`), applied pass after pass as ESLint does; a pass never adds an Error.
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { Diagnostic } from 'vscode-languageserver-types';
import type { PearlLanguageService, RuleConfiguration } from '../service/pearlLanguageService';

/** `--fix` writes the fixed text to the file; `--fix-dry-run` only reports it; `off` fixes nothing. */
export type FixMode = 'off' | 'write' | 'dry-run';

/** Fix passes on one file at most (ESLint makes 10): a fix may make another one possible. */
export const maxFixPasses = 10;

/** How many Errors of each code `diagnostics` hold. */
function countErrors(diagnostics: readonly Diagnostic[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const diagnostic of diagnostics) {
    if ((diagnostic.severity ?? 1) !== 1) continue;
    const code = String(diagnostic.code ?? '');
    counts.set(code, (counts.get(code) ?? 0) + 1);
  }
  return counts;
}

/** Whether `after` holds no Error code more often than `before`. */
function addsNoError(before: ReadonlyMap<string, number>, after: ReadonlyMap<string, number>): boolean {
  for (const [code, count] of after) if (count > (before.get(code) ?? 0)) return false;
  return true;
}

/**
 * The Pearl text `text` (of the file `uri`) with its safe fixes applied: the service's
 * `getFixAllAction` over the diagnostics under `rules` (a code turned off is not fixed), again on
 * the result until nothing changes or {@link maxFixPasses}. A pass after which some Error code is
 * reported more often than before it is dropped, and fixing stops there: fixing never adds an
 * Error. The text itself when there is nothing to fix.
 */
export function applySafeFixes(service: PearlLanguageService, uri: string, text: string, rules: RuleConfiguration): string {
  let current = text;
  let doc = service.parsePearlDocument(TextDocument.create(uri, 'pearl', 1, current));
  let diagnostics = service.doValidation(doc, rules);
  for (let pass = 0; pass < maxFixPasses; pass++) {
    const action = service.getFixAllAction(doc, diagnostics);
    const edits = action?.edit?.changes?.[uri];
    if (!edits || edits.length === 0) break;
    const next = TextDocument.applyEdits(doc.textDocument, edits);
    if (next === current) break;
    const nextDoc = service.parsePearlDocument(TextDocument.create(uri, 'pearl', pass + 2, next));
    const nextDiagnostics = service.doValidation(nextDoc, rules);
    if (!addsNoError(countErrors(diagnostics), countErrors(nextDiagnostics))) break;
    current = next;
    doc = nextDoc;
    diagnostics = nextDiagnostics;
  }
  return current;
}
