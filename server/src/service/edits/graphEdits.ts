import { TextDocumentEdit, type TextEdit } from 'vscode-languageserver-types';
import { describeGraphEditShapeProblem, type GraphEdit, type GraphEditKind, type GraphEditOf } from '#protocol/graphEditKinds';
import type { GraphEditResult } from '#protocol/graphTypes';
import { spanToRange } from '../document/textSpan';
import { describeParseError } from '../document/jsonTree';
import type { PearlDocument } from '../document/pearlDocument';
import type { GraphEditPlanners, Planned } from './graphEditPlan';
import { nodePlanners } from './nodeEdits';
import { settingPlanners } from './settingEdits';
import { transitionPlanners } from './transitionEdits';
import { findNodeByKey, findTransitionByKey } from '../document/graphKeys';
import { planWalksRenames, type WalksRename } from '../walks/walksRename';

/** What {@link doGraphEdit} answers: the edit, or why it is refused (a sentence for the user). */
export type GraphEditOutcome = { readonly result: GraphEditResult } | { readonly refusal: string };

/**
 * The planner of each kind of graph edit (protocol/graphEditKinds.ts), joined from the groups'
 * tables: a kind without a planner, or a planner for no kind, does not compile.
 */
const planners: GraphEditPlanners = { ...nodePlanners, ...transitionPlanners, ...settingPlanners };

/**
 * `pearl/graphEdit` (protocol/pearlRequests.ts): the minimal text edit performing one change of
 * the conversation graph of a text Pearl (docs/interface.md § Node, § Transition, § Graph rules),
 * or the reason it is refused:
 * - the document is not at `version` (the graph was drawn from another text), does not parse (a
 *   syntax error; trailing commas and comments are fine), is a simple Pearl or has no `pearl` object;
 * - the edit is malformed (its kind's shape, protocol/graphEditKinds.ts) or a key names nothing in
 *   this version;
 * - what the kind's planner refuses (nodeEdits.ts, transitionEdits.ts, settingEdits.ts): a node
 *   type that is not in the node type table or is voice-only in a text Pearl; a transition out of
 *   an EndCall, a PostCallActions node or a nested action, into a nested action, a PostCallActions
 *   node or a node without nodeId, a PreCallAPI transition to a node that is not an
 *   OpeningSentence, a PreCallAPI node whose Success and Failure are both taken, a duplicate or
 *   empty transition name within the node (§ Transition: unique within the node); an invalid or
 *   taken nodeId (the rules of rename); a settings value not of its field's type.
 * Other problems of the file (diagnostics) do not stop an edit whose target is found. A transition
 * rename and a nodeId change also edit each of `walksFiles` (the workspace's parsed walks files)
 * whose `pearl` names this Pearl, as rename does (walks/walksRename.ts; docs/rulings.md § Walks):
 * one more `TextDocumentEdit` per walks file changed, without a version (`null`). The edits
 * touch only the changed objects and the commas around them, print new values in the style of
 * their neighbours (jsonEdits.ts) with the file's indentation and line endings, and keep comments.
 * Linear in the size of the document.
 */
export function doGraphEdit(
  doc: PearlDocument,
  version: number,
  edit: GraphEdit,
  walksFiles: readonly PearlDocument[] = [],
): GraphEditOutcome {
  const problem = describeDocumentProblem(doc, version) ?? describeGraphEditShapeProblem(edit);
  if (problem !== undefined) return { refusal: problem };
  const planned = plan(doc, edit);
  if (typeof planned === 'string') return { refusal: planned };
  const edits: TextEdit[] = [...planned.edits]
    .sort((a, b) => a.offset - b.offset)
    .map((change) => ({ range: spanToRange(doc, change), newText: change.content }));
  const { uri } = doc.textDocument;
  const rename = edits.length > 0 ? getWalksRename(doc, edit) : undefined;
  const walksChanges = rename
    ? planWalksRenames(walksFiles, doc, rename).map((file) => TextDocumentEdit.create({ uri: file.uri, version: null }, file.edits))
    : [];
  const result: GraphEditResult = { edit: { documentChanges: [TextDocumentEdit.create({ uri, version }, edits), ...walksChanges] } };
  return { result: planned.select === undefined ? result : { ...result, select: planned.select } };
}

/** The edit planned by its kind's planner. */
function plan<K extends GraphEditKind>(doc: PearlDocument, edit: GraphEditOf<K>): Planned {
  const planner: GraphEditPlanners[K] = planners[edit.kind];
  return planner(doc, edit);
}

/** What walks files follow of `edit` (a transition renamed, a nodeId changed), or undefined. */
function getWalksRename(doc: PearlDocument, edit: GraphEdit): WalksRename | undefined {
  if (edit.kind === 'renameTransition') {
    const transition = findTransitionByKey(doc, edit.transition);
    return transition && transition.name !== edit.name ? { kind: 'transition', transition: edit.transition, to: edit.name } : undefined;
  }
  if (edit.kind === 'setNodeProperty' && edit.property === 'nodeId') {
    const from = findNodeByKey(doc, edit.node)?.nodeId;
    return from !== undefined && from !== edit.value ? { kind: 'nodeId', from, to: edit.value } : undefined;
  }
  return undefined;
}

function describeDocumentProblem(doc: PearlDocument, version: number): string | undefined {
  if (!Number.isInteger(version)) return 'The graph edit does not say which version of the file it was made on.';
  if (doc.textDocument.version !== version) {
    return 'The file has changed since the graph was drawn. Try again on the updated graph.';
  }
  const syntaxError = doc.syntaxErrors[0];
  if (syntaxError) {
    const line = doc.textDocument.positionAt(syntaxError.offset).line + 1;
    return `The file does not parse at line ${line}: ${describeParseError(syntaxError.error)} Fix it in the editor, then change the graph.`;
  }
  if (doc.kind === 'simple') return 'This is a simple Pearl: it has no nodes or transitions to change.';
  if (!doc.pearl) return 'The file has no pearl object, so it has no graph to change.';
  return undefined;
}
