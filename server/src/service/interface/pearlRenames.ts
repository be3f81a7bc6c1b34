/**
 * The renames of a Pearl that other files follow (docs/user/walks.md § In the editor: a walk is a
 * test of the Pearl, so its `take`s and `expect.node`s follow a renamed transition or node id).
 * Features and graph edits say which rename they made; walks/walksRename.ts plans the walks files'
 * edits; the service's entry joins the two, so neither layer imports the other.
 */
import { getNodeKey, getTransitionKey } from '../document/graphKeys';
import type { PearlTransition } from '../document/pearlDocument';

/**
 * One rename in a Pearl that walks files follow:
 * - `transition`: the transition (an edge key, `PearlGraphEdge.key`: `n:2>t:0`) gets the name `to`;
 * - `nodeId`: every node id `from` becomes `to`.
 */
export type PearlRename =
  | { readonly kind: 'transition'; readonly transition: string; readonly to: string }
  | { readonly kind: 'nodeId'; readonly from: string; readonly to: string };

/** The rename of `transition` to `name`, as walks files follow it. */
export function transitionRename(transition: PearlTransition, name: string): PearlRename {
  return {
    kind: 'transition',
    transition: getTransitionKey(getNodeKey(transition.source), transition.source.transitions.indexOf(transition)),
    to: name,
  };
}
