import type { GraphEdit } from '../../../../protocol/graphTypes';
import { nodeTypeNames } from '../interface/enumNames';
import type { PearlNode } from '../document/pearlDocument';
import { getTransitionProblems, TransitionProblem as Problem } from '../interface/nodeTypes';

/**
 * The checks of `pearl/graphEdit` that need no text: the request's shape (it comes from any
 * client) and the graph rules a new or moved transition must not break (docs/interface.md
 * § Node, § Transition, § Graph rules), with the messages the user reads.
 */

/** The longest text quoted from the file in a message, in characters; longer values are cut with `…`. */
const maxQuoted = 60;

/** `text` for a message: cut to {@link maxQuoted} characters. */
export function quote(text: string): string {
  return text.length > maxQuoted ? `${text.slice(0, maxQuoted - 1)}…` : text;
}

/** `an OpeningSentence`, `a Dialogue`, `an SMS` (`An`/`A` when `capital`). */
export function withArticle(typeName: string, capital = false): string {
  const article = /^[AEIOU]/.test(typeName) || typeName === 'SMS' ? 'an' : 'a';
  return `${capital ? article[0].toUpperCase() + article.slice(1) : article} ${typeName}`;
}

/** `Dialogue node 'talk'` (its nodeId, else its name), `node 'talk'` when its type is unknown. */
export function describeNode(node: PearlNode, capital = false): string {
  const typeName = node.nodeType !== undefined ? nodeTypeNames[node.nodeType] : undefined;
  const label = node.nodeId ?? node.name;
  const text = `${typeName !== undefined ? `${typeName} node` : 'node'}${label !== undefined ? ` '${quote(label)}'` : ''}`;
  return capital ? text[0].toUpperCase() + text.slice(1) : text;
}

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

const nodeProperties: ReadonlySet<unknown> = new Set(['name', 'script', 'instructions', 'nodeId']);

/** A non-empty list of property names and element indexes (non-negative integers). */
function isSettingPath(path: unknown): boolean {
  return (
    Array.isArray(path) &&
    path.length > 0 &&
    path.length <= 16 &&
    path.every((step) => typeof step === 'string' || (Number.isInteger(step) && (step as number) >= 0))
  );
}

/** A string, a finite number, a boolean or a list of strings (the schema decides which fits). */
function isSettingValue(value: unknown): boolean {
  return (
    typeof value === 'string' ||
    typeof value === 'boolean' ||
    (typeof value === 'number' && Number.isFinite(value)) ||
    (Array.isArray(value) && value.every((item) => typeof item === 'string'))
  );
}

/**
 * What is wrong with the shape of `edit` as received (a client may send anything), or undefined:
 * an unknown kind, or a field missing or of the wrong type.
 */
export function describeGraphEditProblem(edit: GraphEdit): string | undefined {
  if (typeof edit !== 'object' || edit === null) return 'The graph edit is missing.';
  const fields = edit as unknown as Record<string, unknown>;
  const strings = (...keys: string[]): boolean => keys.every((key) => typeof fields[key] === 'string');
  const optionalStrings = (...keys: string[]): boolean => keys.every((key) => fields[key] === undefined || typeof fields[key] === 'string');
  const integer = (key: string, optional: boolean): boolean =>
    (optional && fields[key] === undefined) || (typeof fields[key] === 'number' && Number.isInteger(fields[key]));
  let valid: boolean;
  switch (fields.kind) {
    case 'addNode':
      valid = integer('nodeType', false) && optionalStrings('name', 'from', 'transitionName');
      break;
    case 'addTransition':
      valid = strings('source', 'target', 'name') && integer('apiResult', true);
      break;
    case 'retargetTransition':
      valid = strings('transition', 'target');
      break;
    case 'deleteTransition':
      valid = strings('transition');
      break;
    case 'deleteNode':
      valid = strings('node');
      break;
    case 'setNodeProperty':
      valid = strings('node', 'value') && nodeProperties.has(fields.property);
      break;
    case 'setNodeSetting':
      valid = strings('node') && isSettingPath(fields.path) && isSettingValue(fields.value);
      break;
    default:
      return 'The graph edit has no known kind.';
  }
  return valid ? undefined : `The ${fields.kind} graph edit is missing a field or has one of the wrong type.`;
}
