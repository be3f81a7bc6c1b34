import type { Edit } from 'jsonc-parser';
import type { GraphEditKind, GraphEditOf } from '#protocol/graphEditKinds';
import type { PearlDocument } from '../document/pearlDocument';
import { getPropertyNode, type JsonNode } from '../document/jsonTree';
import { appendArrayElement, insertProperty, replaceValue, type ValueStyle } from '../document/jsonEdits';

/**
 * What every graph-edit planner shares: the plan's type, the planner table's type (one planner per
 * kind of protocol/graphEditKinds.ts), and the helpers that print new JSON like its neighbours.
 */

/**
 * A planned edit: the text edits in offsets and the key to select in the edited text (see
 * `GraphEditResult.select`), or a refusal (a sentence for the user).
 */
export type Planned = { readonly edits: readonly Edit[]; readonly select?: string } | string;

/**
 * Plans an edit of kind `K` on `doc` (a text Pearl with a `pearl` object and no syntax error, at
 * the request's version: graphEdits.ts checks that, and the edit's shape, first).
 */
export type GraphEditPlanner<K extends GraphEditKind> = (doc: PearlDocument, edit: GraphEditOf<K>) => Planned;

/** One planner for each of `K`: a group's table (nodeEdits.ts…); graphEdits.ts joins them for every kind. */
export type GraphEditPlanners<K extends GraphEditKind = GraphEditKind> = { readonly [P in K]: GraphEditPlanner<P> };

/** The refusal when a node key names nothing in this version. */
export const nodeGone = 'That node is no longer in the file. Try again on the updated graph.';

/** The refusal when an edge key names nothing in this version. */
export const transitionGone = 'That transition is no longer in the file. Try again on the updated graph.';

/**
 * The edit appending `value` to the list `key` of `owner` (an object node): to the array, or as a
 * new property when absent or null, printed like the list's last element (else like `owner`).
 */
export function appendTo(doc: PearlDocument, owner: JsonNode, key: 'nodes' | 'transitions', value: unknown): Edit | string {
  const list = getPropertyNode(owner, key);
  if (list?.type === 'array') return appendArrayElement(doc, list, value, styleOf(doc, list.children?.[list.children.length - 1] ?? owner));
  if (list === undefined) return insertProperty(doc, owner, key, [value], styleOf(doc, owner));
  if (list.type === 'null') return replaceValue(doc, list, [value], styleOf(doc, owner));
  return key === 'nodes'
    ? 'pearl.nodes is not a list, so no node can be added to it.'
    : 'The transitions of that node are not a list, so no transition can be added to them.';
}

/** Pretty (one member per line) when `sample` spans several lines, else compact. */
export function styleOf(doc: PearlDocument, sample: JsonNode): ValueStyle {
  return doc.textDocument
    .getText()
    .slice(sample.offset, sample.offset + sample.length)
    .includes('\n')
    ? 'pretty'
    : 'compact';
}
