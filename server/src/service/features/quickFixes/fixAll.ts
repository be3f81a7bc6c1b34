import { CodeAction, Diagnostic, TextEdit } from 'vscode-languageserver-types';
import { getCodeActions } from './codeActions';
import { DiagnosticCode } from '../../rules/diagnosticCodes';
import type { PearlDocument } from '../../document/pearlDocument';

/** The code action kind of "fix all safe problems" (`source.fixAll` for Pearl files, as ESLint's `source.fixAll.eslint`). */
export const fixAllKind = 'source.fixAll.pearl';

/**
 * The diagnostics whose preferred quick fix is safe to apply unseen (on save, or from "Fix All"):
 * the fix keeps what the author wrote and there is only one way to make it.
 * - `trailing-comma`: removing it changes nothing that is sent;
 * - `time-zone`: the IANA id becomes the Windows id of the same zone;
 * - `wrong-type`: the value in the field's type with the same meaning (`"5"` → `5`, `"yes"` → `true`);
 * - `model-type-kind` in a text Pearl: 11 (Swan) is the only text model (a simple Pearl's voice
 *   models are a choice, so that fix is not preferred and not applied).
 * Not safe, so never applied: fixes that delete what the author wrote (unknown properties, a
 * channel, a body, a voice-only node), that guess a name by its spelling, or that add
 * placeholders to fill in (a node, a variable, a settings object, a transition).
 */
const safeCodes: ReadonlySet<string> = new Set([
  DiagnosticCode.trailingComma,
  DiagnosticCode.timeZone,
  DiagnosticCode.wrongType,
  DiagnosticCode.modelTypeKind,
]);

/**
 * One `source.fixAll.pearl` action applying the preferred fix of every diagnostic of `diagnostics`
 * (the document's own, not only those in the editor's range) whose code is safe (see
 * {@link safeCodes}). A fix whose edits would overlap one already taken is left out (the next run
 * applies it). Undefined when there is nothing to fix.
 */
export function getFixAllAction(doc: PearlDocument, diagnostics: readonly Diagnostic[]): CodeAction | undefined {
  const safe = diagnostics.filter((diagnostic) => typeof diagnostic.code === 'string' && safeCodes.has(diagnostic.code));
  if (safe.length === 0) return undefined;
  const whole = { start: { line: 0, character: 0 }, end: doc.textDocument.positionAt(doc.textDocument.getText().length) };
  const textDocument = doc.textDocument;
  const taken: { start: number; end: number }[] = [];
  const edits: TextEdit[] = [];
  const fixed: Diagnostic[] = [];
  for (const action of getCodeActions(doc, whole, safe)) {
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
