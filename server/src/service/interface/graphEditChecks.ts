import { nodeTypeNames } from './enumNames';
import { describeNode, quote, withArticle } from './messageText';
import type { PearlDocument, PearlNode, PearlTransition } from '../document/pearlDocument';
import { getTransitionProblems, TransitionProblem as Problem } from './nodeTypes';
import { findNodeDeclarations } from './pearlSymbols';

/**
 * The checks of `pearl/graphEdit` and of rename that need no text: the graph rules a new or moved
 * transition must not break (docs/interface.md § Node, § Transition, § Graph rules) and what a
 * nodeId or a transition name may be, with the messages the user reads. The graph edits
 * (edits/) and rename (features/references.ts) share them. The request's shape is checked from
 * each kind's declaration (protocol/graphEditKinds.ts).
 */

/** The target of a new or moved transition: a node of the file, or the node being added. */
export interface TransitionTarget {
  readonly nodeType: number | undefined;
  readonly nodeId: string | undefined;
  /** A nested action of handOffAction or postCallActions. */
  readonly nested: boolean;
  /** How messages name it ({@link describeNode}). */
  readonly description: string;
}

/**
 * Why no transition may lead from `source` to `target`, or undefined: a nested action is
 * fire-and-forget (rule 6); EndCall ends the conversation; a PostCallActions node, or a nested
 * action, is outside the graph (DECISIONS on the graph: naming one is an Error); a target needs a
 * nodeId to be named by toNodeId (§ Transition); a PreCallAPI transition leads to an
 * OpeningSentence (rule 5).
 */
export function describeTransitionProblem(source: PearlNode, target: TransitionTarget): string | undefined {
  const problems = getTransitionProblems(source.nodeType, !!source.container, target.nodeType, target.nested, target.nodeId !== undefined);
  if (source.container) {
    return `A nested action in ${source.container.list} is fire-and-forget: it cannot have transitions.`;
  }
  if (problems & Problem.sourceEndsConversation) return 'An EndCall node ends the conversation: it cannot have transitions.';
  if (problems & Problem.sourceOutsideGraph) {
    return 'A PostCallActions node runs after the conversation and is not part of the graph: it cannot have transitions.';
  }
  if (problems & Problem.targetNested) return 'A nested action is not part of the graph: a transition cannot lead to it.';
  if (problems & Problem.targetOutsideGraph) {
    return 'A PostCallActions node runs after the conversation and is not part of the graph: a transition cannot lead to it.';
  }
  if (problems & Problem.targetNotOpeningSentence) {
    const typeName = target.nodeType !== undefined ? nodeTypeNames[target.nodeType] : undefined;
    const what = typeName !== undefined ? `${withArticle(typeName)} node` : 'not an OpeningSentence';
    return `A transition of a PreCallAPI node must lead to an OpeningSentence node; ${target.description} is ${what}.`;
  }
  if (problems & Problem.targetWithoutNodeId) {
    return `The ${target.description} has no nodeId, so no transition can name it. Give it a nodeId first.`;
  }
  return undefined;
}

/**
 * Why `name` cannot name a transition of `source` (other than `self`, the transition renamed), or
 * undefined: empty (or only spaces), or the name of another transition of the node
 * (docs/interface.md § Transition: names are unique within the node). Graph edits and rename share it.
 */
export function describeTransitionNameProblem(source: PearlNode, name: string, self?: PearlTransition): string | undefined {
  if (name.trim() === '') return 'A transition needs a name: the condition that triggers it.';
  if (source.transitions.some((transition) => transition !== self && transition.name === name)) {
    return `${describeNode(source, true)} already has a transition named '${quote(name)}': transition names must be unique within a node.`;
  }
  return undefined;
}

/** Characters a JSON string cannot hold unescaped: a rename never writes an escape. */
const needsJsonEscape = /["\\\u0000-\u001f]/;

/**
 * Why `newName` cannot be the nodeId of a node whose nodeId is `currentId` (undefined for a node
 * without one), or undefined when it can: it must be non-empty, hold no `"`, `\` or control
 * character (so that no JSON escape is ever written), and not be declared by another node
 * (docs/interface.md § Node: unique within the flow).
 */
export function validateNodeId(doc: PearlDocument, newName: string, currentId: string | undefined): string | undefined {
  if (newName === '') return 'A nodeId cannot be empty.';
  if (needsJsonEscape.test(newName))
    return `'${quote(newName)}' is not a usable nodeId: it must not contain '"', '\\' or control characters.`;
  if (newName !== currentId && findNodeDeclarations(doc, newName).length > 0) {
    return `A node with nodeId '${quote(newName)}' already exists.`;
  }
  return undefined;
}
