import { CodeAction, Diagnostic, TextEdit } from 'vscode-languageserver-types';
import { getRuleFixes } from './codeActions';
import { findRule } from '../../rules/diagnosticCodes';
import type { PearlDocument } from '../../document/pearlDocument';

/** The code action kind of "fix all safe problems" (`source.fixAll` for Pearl files, as ESLint's `source.fixAll.eslint`). */
export const fixAllKind = 'source.fixAll.pearl';

/**
 * One `source.fixAll.pearl` action applying the preferred fix of every diagnostic of `diagnostics`
 * (the document's own, not only those in the editor's range) whose rule marks its fix safe
 * (`safeFix` in its rule module: the fix keeps what the author wrote and there is only one way to
 * make it; `trailing-comma`, `time-zone`, `wrong-type`, `model-type-kind`). Never applied: fixes
 * that delete what the author wrote, guess a name by its spelling or add placeholders to fill in.
 * A fix whose edits would overlap one already taken is left out (the next run applies it).
 * Undefined when there is nothing to fix.
 */
export function getFixAllAction(doc: PearlDocument, diagnostics: readonly Diagnostic[]): CodeAction | undefined {
  const safe = diagnostics.filter((diagnostic) => findRule(diagnostic.code)?.safeFix === true);
  if (safe.length === 0) return undefined;
  const whole = { start: { line: 0, character: 0 }, end: doc.textDocument.positionAt(doc.textDocument.getText().length) };
  const textDocument = doc.textDocument;
  const taken: { start: number; end: number }[] = [];
  const edits: TextEdit[] = [];
  const fixed: Diagnostic[] = [];
  for (const action of getRuleFixes(doc, whole, safe)) {
    if (!action.isPreferred) continue;
    const actionEdits = action.edit?.changes?.[textDocument.uri] ?? [];
    const spans = actionEdits.map((edit) => ({
      start: textDocument.offsetAt(edit.range.start),
      end: textDocument.offsetAt(edit.range.end),
    }));
    if (spans.some((span) => taken.some((other) => (span.start < other.end && other.start < span.end) || span.start === other.start)))
      continue;
    taken.push(...spans);
    edits.push(...actionEdits);
    fixed.push(...(action.diagnostics ?? []));
  }
  if (edits.length === 0) return undefined;
  return {
    title: 'Fix all safe Pearl problems',
    kind: fixAllKind,
    diagnostics: fixed,
    edit: { changes: { [textDocument.uri]: edits } },
  };
}
