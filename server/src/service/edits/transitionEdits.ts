import { NodeType, type PearlNode } from '../document/pearlDocument';
import { findNodeByKey, findTransitionByKey, getNodeKey, getTransitionKey } from '../document/graphKeys';
import { describeTransitionNameProblem, describeTransitionProblem } from '../interface/graphEditChecks';
import { describeNode } from '../interface/messageText';
import { insertProperty, insertPropertyFirst, removeArrayElements, replaceValue } from '../document/jsonEdits';
import { appendTo, type GraphEditPlanner, type GraphEditPlanners, nodeGone, transitionGone } from './graphEditPlan';

/**
 * The planners of the edits of transitions (docs/interface.md § Transition, § Graph rules): add,
 * retarget, rename and delete one, and the checks of a new transition's name and apiResult.
 */

const addTransition: GraphEditPlanner<'addTransition'> = (doc, edit) => {
  const source = findNodeByKey(doc, edit.source);
  const target = findNodeByKey(doc, edit.target);
  if (!source || !target) return nodeGone;
  const problem = describeTransitionProblem(source, targetOf(target));
  if (problem !== undefined) return problem;
  // describeTransitionProblem refuses a target without a nodeId.
  const transition = newTransition(source, edit.name, target.nodeId ?? '', edit.apiResult);
  if (typeof transition === 'string') return transition;
  const added = appendTo(doc, source.node, 'transitions', transition);
  if (typeof added === 'string') return added;
  return { edits: [added], select: getTransitionKey(getNodeKey(source), source.transitions.length) };
};

const retargetTransition: GraphEditPlanner<'retargetTransition'> = (doc, edit) => {
  const transition = findTransitionByKey(doc, edit.transition);
  if (!transition) return transitionGone;
  const target = findNodeByKey(doc, edit.target);
  if (!target) return nodeGone;
  const problem = describeTransitionProblem(transition.source, targetOf(target));
  if (problem !== undefined) return problem;
  const select = edit.transition;
  const toNodeId = transition.toNodeIdNode;
  if (transition.toNodeId === target.nodeId) return { edits: [], select };
  if (toNodeId) return { edits: [replaceValue(doc, toNodeId, target.nodeId, 'compact')], select };
  const after = transition.nameNode?.parent;
  return { edits: [insertProperty(doc, transition.node, 'toNodeId', target.nodeId, 'compact', after)], select };
};

/** The transition's name replaced (or inserted first when it has none); refused when empty or taken in its node. */
const renameTransition: GraphEditPlanner<'renameTransition'> = (doc, edit) => {
  const transition = findTransitionByKey(doc, edit.transition);
  if (!transition) return transitionGone;
  const select = edit.transition;
  if (transition.name === edit.name) return { edits: [], select };
  const problem = describeTransitionNameProblem(transition.source, edit.name, transition);
  if (problem !== undefined) return problem;
  const existing = transition.nameNode;
  if (existing) return { edits: [replaceValue(doc, existing, edit.name, 'compact')], select };
  return { edits: [insertPropertyFirst(doc, transition.node, 'name', edit.name)], select };
};

const deleteTransition: GraphEditPlanner<'deleteTransition'> = (doc, edit) => {
  const transition = findTransitionByKey(doc, edit.transition);
  if (!transition) return transitionGone;
  // A transition found by its key is an element of its node's transitions list.
  const list = transition.node.parent;
  return list ? { edits: removeArrayElements(doc, list, [transition.node]) } : transitionGone;
};

/** The planners of this file, by kind. */
export const transitionPlanners: GraphEditPlanners<'addTransition' | 'retargetTransition' | 'renameTransition' | 'deleteTransition'> = {
  addTransition,
  retargetTransition,
  renameTransition,
  deleteTransition,
};

/** A node as a transition target, for {@link describeTransitionProblem}. */
export function targetOf(node: PearlNode): Parameters<typeof describeTransitionProblem>[1] {
  return { nodeType: node.nodeType, nodeId: node.nodeId, nested: node.container !== undefined, description: describeNode(node) };
}

/**
 * The transition object from `source` named `name` to `toNodeId`, or a refusal: an empty or
 * duplicate name; apiResult on a node that is not PreCallAPI, not 1 or 2, or already used. From a
 * PreCallAPI node, apiResult defaults to Success, else Failure (graph rule 5).
 */
export function newTransition(
  source: PearlNode,
  name: string,
  toNodeId: string,
  apiResult: number | undefined,
): Record<string, unknown> | string {
  const problem = describeTransitionNameProblem(source, name);
  if (problem !== undefined) return problem;
  if (source.nodeType !== NodeType.PreCallAPI) {
    if (apiResult !== undefined) return 'apiResult is allowed only on transitions of a PreCallAPI node.';
    return { name, toNodeId };
  }
  const used = new Set(source.transitions.map((transition) => transition.apiResult));
  if (apiResult === undefined) {
    apiResult = [1, 2].find((result) => !used.has(result));
    if (apiResult === undefined) return `${describeNode(source, true)} already has a Success and a Failure transition.`;
  }
  if (apiResult !== 1 && apiResult !== 2) return 'apiResult must be 1 (Success) or 2 (Failure).';
  if (used.has(apiResult)) {
    return `${describeNode(source, true)} already has a ${apiResult === 1 ? 'Success' : 'Failure'} transition.`;
  }
  return { name, toNodeId, apiResult };
}
