// Typing in a script changes no nodeId, name, target or type: a rule family that reads only those
// (the graph rules) gives the same diagnostics after such an edit, moved along the edited line.
// This keeps them across the parses patched from one another (document/stringEditPatch.ts)
// instead of running the family again on every keystroke.
import type { Diagnostic, Range } from 'vscode-languageserver-types';
import type { PearlDocument } from '../document/pearlDocument';
import type { StringPatch } from '../document/stringEditPatch';
import type { RuleModule } from './ruleModule';

/** What a kept family gave for one parse. */
interface KeptDiagnostics {
  readonly parseId: number;
  readonly diagnostics: readonly Diagnostic[];
}

/**
 * Appends the diagnostics of `module` (one whose {@link RuleModule.keptWhileTypingInStrings} is
 * set) for `doc` to `diagnostics`: those kept for the parse `doc` was patched from, moved past the
 * edited string, when they are kept and none lies in that string; else the module's check. Keeps
 * the result for the next parse in the model's cache (a structural edit parses anew, with a new
 * model and an empty cache). Appends copies: callers may change what they are given.
 */
export function checkKeepingAcrossStringEdits(module: RuleModule, doc: PearlDocument, diagnostics: Diagnostic[]): void {
  const kept = (doc.modelCache.keptDiagnostics ??= new Map<string, KeptDiagnostics>()) as Map<string, KeptDiagnostics>;
  const last = kept.get(module.name);
  let own: readonly Diagnostic[] | undefined;
  if (last && last.parseId === doc.parseId) own = last.diagnostics;
  else if (last && doc.stringPatch && last.parseId === doc.stringPatch.from) own = movePastPatch(last.diagnostics, doc.stringPatch, doc);
  if (!own) {
    const fresh: Diagnostic[] = [];
    module.check(doc, fresh);
    own = fresh.map(copyDiagnostic);
  }
  kept.set(module.name, { parseId: doc.parseId, diagnostics: own });
  for (const diagnostic of own) diagnostics.push(copyDiagnostic(diagnostic));
}

/**
 * `diagnostics` of the text before `patch`, in the text after it: what follows the edited string
 * on its line moves by `patch.delta` characters. Undefined when one of them lies in the edited
 * string (then the family runs again).
 */
function movePastPatch(diagnostics: readonly Diagnostic[], patch: StringPatch, doc: PearlDocument): Diagnostic[] | undefined {
  if (diagnostics.length === 0) return [];
  const { line, character } = doc.textDocument.positionAt(patch.offset);
  const oldEnd = character + patch.oldLength;
  const uri = doc.textDocument.uri;
  const move = (range: Range): Range | undefined => {
    const inside = (position: Range['start']): boolean =>
      position.line === line && position.character > character && position.character < oldEnd;
    if (inside(range.start) || inside(range.end)) return undefined;
    const moved = (position: Range['start']): Range['start'] =>
      position.line === line && position.character >= oldEnd ? { line, character: position.character + patch.delta } : position;
    return { start: moved(range.start), end: moved(range.end) };
  };
  const result: Diagnostic[] = [];
  for (const diagnostic of diagnostics) {
    const range = move(diagnostic.range);
    if (!range) return undefined;
    const relatedInformation = diagnostic.relatedInformation?.map((related) => {
      const relatedRange = related.location.uri === uri ? move(related.location.range) : related.location.range;
      return relatedRange && { ...related, location: { uri: related.location.uri, range: relatedRange } };
    });
    if (relatedInformation?.some((related) => related === undefined)) return undefined;
    result.push({
      ...diagnostic,
      range,
      ...(relatedInformation ? { relatedInformation: relatedInformation as Diagnostic['relatedInformation'] } : {}),
    });
  }
  return result;
}

/** A copy of `diagnostic` whose range and tags the caller may replace (its `data` is shared, never changed). */
function copyDiagnostic(diagnostic: Diagnostic): Diagnostic {
  return { ...diagnostic, range: { start: { ...diagnostic.range.start }, end: { ...diagnostic.range.end } } };
}
