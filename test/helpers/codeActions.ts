import * as assert from 'node:assert/strict';
import { CodeAction, Diagnostic } from 'vscode-languageserver-types';
import { parse, service } from './documents';
import { applyEdits } from './text';

/**
 * `actions` without those every Pearl diagnostic gets (turn its code off for the line or the file,
 * show its documentation: disableActions.ts): the rule's own fixes.
 */
export function ruleFixes(actions: readonly CodeAction[]): CodeAction[] {
  return actions.filter((action) => !/^(Disable \S+ for (this line|the entire file)|Show documentation for \S+)$/.test(action.title));
}

/** The quick fixes of its rule the editor would offer for the diagnostics with `code` of `content` (not the disable actions). */
export function actionsFor(content: string, code: string): { actions: CodeAction[]; diagnostics: Diagnostic[] } {
  const doc = parse(content);
  const diagnostics = service.doValidation(doc).filter((diagnostic) => diagnostic.code === code);
  assert.ok(diagnostics.length > 0, `no ${code} diagnostic`);
  // What a client sends back: diagnostics serialised over JSON.
  const context = JSON.parse(JSON.stringify(diagnostics)) as Diagnostic[];
  return { actions: ruleFixes(service.getCodeActions(doc, diagnostics[0].range, context)), diagnostics: context };
}

/** The quick fix titled `title` among `actions`, asserting its kind and how many diagnostics it fixes. */
export function find(actions: CodeAction[], title: string, diagnosticCount = 1): CodeAction {
  const action = actions.find((candidate) => candidate.title === title);
  assert.ok(action, `no action '${title}' among ${JSON.stringify(actions.map((a) => a.title))}`);
  assert.equal(action.kind, 'quickfix');
  assert.equal(action.diagnostics?.length, diagnosticCount);
  return action;
}

/** The text after applying `action`'s edits. */
export function apply(content: string, action: CodeAction): string {
  const edits = action.edit?.changes?.['file:///test.pearl.json'];
  assert.ok(edits && edits.length > 0, 'the action edits the document');
  return applyEdits(content, edits);
}

/** The parsed value of `content` (as sent), asserting it has no syntax error. */
export function valueOf(content: string): unknown {
  const doc = parse(content);
  assert.deepEqual(doc.syntaxErrors, [], `syntax errors after the fix:\n${content}`);
  // As plain JSON: the tree's objects have no prototype.
  return JSON.parse(JSON.stringify(doc.value));
}
