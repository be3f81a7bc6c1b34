import type { Edit } from 'jsonc-parser';
import { CodeAction, CodeActionKind, Diagnostic, Range, TextEdit } from 'vscode-languageserver-types';
import { findRule } from '../../rules/diagnosticCodes';
import { diagnosticSource } from '../../rules/diagnostics';
import type { PearlDocument } from '../../document/pearlDocument';
import { fixUnusedDirective } from '../../configuration/inlineDirectives';
import { RuleConfigurationCode } from '../../configuration/ruleConfiguration';
import { getDisableActions } from './disableActions';

/**
 * Quick fixes for the Pearl diagnostics among `diagnostics` (the editor's code action context):
 * each diagnostic's fixes are its code's `fix` in the registry (diagnosticCodes.ts), written in the
 * rule module beside the check that reports it. Every action is a `quickfix` carrying
 * `diagnostics: [that diagnostic]` (all of them when several diagnostics in the context call for
 * the very same edit, offered once); `isPreferred` marks the single obvious fix. A fix finds what
 * its diagnostic is about from the diagnostic's `data` (diagnosticData.ts), not from its range;
 * `trailing-comma` and `duplicate-key`, about the text rather than the value, by the offset their
 * range starts at. Diagnostics that no longer match the document (stale, or with `data` of another
 * shape), of another source or of an unknown code get no fix. Edits address the exact node of the
 * parsed tree (even with duplicate keys) and touch only what they add or remove, in the style of
 * the neighbouring members (jsonEdits.ts). `range` is the editor's selection; the fixes follow the
 * diagnostics. After them, sorted last as ESLint's are, the actions that turn a diagnostic's code
 * off for its line or the file and the one that shows its documentation (disableActions.ts).
 */
export function getCodeActions(doc: PearlDocument, range: Range, diagnostics: readonly Diagnostic[]): CodeAction[] {
  return [...getRuleFixes(doc, range, diagnostics), ...getDisableActions(doc.textDocument, diagnostics)];
}

/** The fixes of {@link getCodeActions} without the disable and documentation actions: what fix-all applies. */
export function getRuleFixes(doc: PearlDocument, range: Range, diagnostics: readonly Diagnostic[]): CodeAction[] {
  void range;
  const actions: CodeAction[] = [];
  // The same fix for several diagnostics (two `{coupon}` in the selection) is offered once.
  const byFix = new Map<string, { action: CodeAction; diagnostics: Diagnostic[] }>();
  for (const diagnostic of diagnostics) {
    if (diagnostic.source !== undefined && diagnostic.source !== diagnosticSource) continue;
    // An unused pearl-disable comment is the configuration's, not a rule's (configuration/inlineDirectives.ts).
    const fix =
      diagnostic.code === RuleConfigurationCode.unusedDirective
        ? fixUnusedDirective
        : doc.root
          ? findRule(diagnostic.code)?.fix
          : undefined;
    for (const { title, edits, isPreferred } of fix ? fix(doc, diagnostic) : []) {
      if (edits.length === 0) continue;
      const identity = JSON.stringify([title, edits]);
      const same = byFix.get(identity);
      if (same) {
        same.diagnostics.push(diagnostic);
        continue;
      }
      const fixed = [diagnostic];
      const action: CodeAction = {
        title,
        kind: CodeActionKind.QuickFix,
        diagnostics: fixed,
        edit: { changes: { [doc.textDocument.uri]: edits.map((edit) => toTextEdit(doc, edit)) } },
      };
      if (isPreferred) action.isPreferred = true;
      byFix.set(identity, { action, diagnostics: fixed });
      actions.push(action);
    }
  }
  return actions;
}

function toTextEdit(doc: PearlDocument, edit: Edit): TextEdit {
  return {
    range: { start: doc.textDocument.positionAt(edit.offset), end: doc.textDocument.positionAt(edit.offset + edit.length) },
    newText: edit.content,
  };
}
