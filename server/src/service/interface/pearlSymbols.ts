import type { TextSpan } from '../document/textSpan';
import { findNodeAtOffset, type JsonNode } from '../document/jsonTree';
import type { PearlDocument, PearlNode, PearlTransition, PearlVariable } from '../document/pearlDocument';
import { getPathSteps, isVariableFieldKey, PathStep, resolveVariableField, VariableField } from './variableFields';
import { findVariableReferences, stringContentSpan, VariableReference } from '../document/variableReferences';

/**
 * A name of the Pearl under the cursor: the two kinds of identifiers the interface links by value
 * (docs/interface.md § Node: "nodeId ... transitions target it"; § Transition `toNodeId`;
 * § DataSettings `id` "referenced in scripts and templated fields"; § APIDataSchemaProperty
 * `variableId`). `span` is the identifier itself in the text: the content of the string between
 * its quotes, or the id between the braces of a `{id}` reference.
 */
export type PearlSymbol =
  | { readonly kind: 'nodeId'; readonly id: string; readonly node: JsonNode; readonly span: TextSpan; readonly pearlNode: PearlNode }
  | {
      readonly kind: 'toNodeId';
      readonly id: string;
      readonly node: JsonNode;
      readonly span: TextSpan;
      readonly transition: PearlTransition;
    }
  | {
      readonly kind: 'variableDeclaration';
      readonly id: string;
      readonly node: JsonNode;
      readonly span: TextSpan;
      readonly variable: PearlVariable;
    }
  | { readonly kind: 'variableId'; readonly id: string; readonly node: JsonNode; readonly span: TextSpan }
  | {
      readonly kind: 'variableReference';
      readonly id: string;
      /** The string node holding the reference. */
      readonly node: JsonNode;
      readonly span: TextSpan;
      readonly reference: VariableReference;
      /** The (V) field the string is. */
      readonly field: VariableField;
    };

/** Whether a symbol names a node or a variable. */
export function symbolFamily(symbol: PearlSymbol): 'node' | 'variable' {
  return symbol.kind === 'nodeId' || symbol.kind === 'toNodeId' ? 'node' : 'variable';
}

/** One place an identifier occurs: its declaration or a use; `span` is the identifier only. */
export interface PearlOccurrence {
  readonly span: TextSpan;
  readonly isDeclaration: boolean;
  /** The node (for a nodeId) or variable object (for a variable id) declared, or the string node used in. */
  readonly node: JsonNode;
}

/**
 * The string value node under `offset`, or undefined (a property key, another value type, no
 * tree). The right bound of a string counts, so a cursor just after the closing quote still finds it.
 */
export function findStringValueAt(doc: PearlDocument, offset: number): JsonNode | undefined {
  if (!doc.root) return undefined;
  const node = findNodeAtOffset(doc.root, offset, true);
  if (!node || node.type !== 'string') return undefined;
  const parent = node.parent;
  if (parent?.type === 'property' && parent.children?.[0] === node) return undefined;
  return node;
}

/**
 * The node id or variable id at `offset` (see {@link PearlSymbol}), or undefined. Climbs from the
 * node under the cursor (O(depth)), then looks the owner up in the model (linear).
 */
export function getPearlSymbolAt(doc: PearlDocument, offset: number): PearlSymbol | undefined {
  const node = findStringValueAt(doc, offset);
  if (!node) return undefined;
  const text = doc.textDocument.getText();
  const steps = getPathSteps(node);
  const key = steps[steps.length - 1]?.key;
  const span = contentSpan(text, node);
  const id = node.value as string;
  if (key === 'toNodeId' && steps[steps.length - 3]?.key === 'transitions') {
    const transition = findTransition(doc, node);
    return transition ? { kind: 'toNodeId', id, node, span, transition } : undefined;
  }
  if (key === 'nodeId') {
    // The node of that id first (one lookup), every node only for a duplicate or nested id.
    const first = doc.nodesById.get(id);
    const pearlNode = first?.nodeIdNode === node ? first : doc.allNodes.find((candidate) => candidate.nodeIdNode === node);
    return pearlNode ? { kind: 'nodeId', id, node, span, pearlNode } : undefined;
  }
  if (key === 'id' && steps.length === 3 && steps[0].key === 'variables') {
    const variable = doc.variables.find((candidate) => candidate.idNode === node);
    return variable ? { kind: 'variableDeclaration', id, node, span, variable } : undefined;
  }
  if (key === 'variableId' && isApiPropertyStep(steps)) {
    return { kind: 'variableId', id, node, span };
  }
  if (typeof key !== 'string' || !isVariableFieldKey(key)) return undefined;
  const field = resolveVariableField(doc.kind, steps);
  if (!field) return undefined;
  const references = findVariableReferences(text, node);
  const reference =
    references.find((candidate) => offset >= candidate.offset && offset < candidate.offset + candidate.length) ??
    references.find((candidate) => offset === candidate.offset + candidate.length);
  if (!reference) return undefined;
  return {
    kind: 'variableReference',
    id: reference.id,
    node,
    span: reference.idSpan,
    reference,
    field,
  };
}

/**
 * Every occurrence of the identifier `symbol` names, in document order of kind (declarations
 * first): for a node id, each node whose nodeId is `id` (nested actions included) and each
 * transition's toNodeId naming it; for a variable id, each declaration in `variables`, each `{id}`
 * in a (V) field and each APIDataSchemaProperty variableId. One walk of the document: linear.
 */
export function findOccurrences(doc: PearlDocument, symbol: PearlSymbol): PearlOccurrence[] {
  return symbolFamily(symbol) === 'node' ? findNodeIdOccurrences(doc, symbol.id) : findVariableOccurrences(doc, symbol.id);
}

/** The nodeId declarations and toNodeId uses of node id `id` (see {@link findOccurrences}). */
export function findNodeIdOccurrences(doc: PearlDocument, id: string): PearlOccurrence[] {
  const text = doc.textDocument.getText();
  const declarations: PearlOccurrence[] = [];
  const uses: PearlOccurrence[] = [];
  for (const node of doc.allNodes) {
    if (node.nodeId === id && node.nodeIdNode) {
      declarations.push({ span: contentSpan(text, node.nodeIdNode), isDeclaration: true, node: node.node });
    }
    for (const transition of node.transitions) {
      if (transition.toNodeId === id && transition.toNodeIdNode) {
        uses.push({ span: contentSpan(text, transition.toNodeIdNode), isDeclaration: false, node: transition.toNodeIdNode });
      }
    }
  }
  return [...declarations, ...uses];
}

/** The declarations, `{id}` references and variableId values of variable `id` (see {@link findOccurrences}). */
export function findVariableOccurrences(doc: PearlDocument, id: string): PearlOccurrence[] {
  const text = doc.textDocument.getText();
  const result: PearlOccurrence[] = [];
  for (const variable of doc.variables) {
    if (variable.id === id && variable.idNode) {
      result.push({ span: contentSpan(text, variable.idNode), isDeclaration: true, node: variable.node });
    }
  }
  walkPearlStrings(doc, (node, steps) => {
    const key = steps[steps.length - 1].key;
    if (key === 'variableId') {
      if (node.value === id && isApiPropertyStep(steps)) {
        result.push({ span: contentSpan(text, node), isDeclaration: false, node });
      }
      return;
    }
    if (typeof key !== 'string' || !isVariableFieldKey(key) || !resolveVariableField(doc.kind, steps)) return;
    for (const reference of findVariableReferences(text, node)) {
      if (reference.id === id) {
        result.push({ span: reference.idSpan, isDeclaration: false, node });
      }
    }
  });
  return result;
}

/** The declared variables named `id` (duplicates included), in document order. */
export function findVariableDeclarations(doc: PearlDocument, id: string): PearlVariable[] {
  return doc.variables.filter((variable) => variable.id === id && variable.idNode !== undefined);
}

/** The nodes whose nodeId is `id`: top-level nodes first, then nested actions. */
export function findNodeDeclarations(doc: PearlDocument, id: string): PearlNode[] {
  const nodes = doc.allNodes.filter((node) => node.nodeId === id && node.nodeIdNode !== undefined);
  return [...nodes.filter((node) => !node.container), ...nodes.filter((node) => node.container)];
}

/** The span between a string node's quotes (to the end of the node for an unterminated string). */
export function contentSpan(text: string, node: JsonNode): TextSpan {
  const { start, end } = stringContentSpan(text, node);
  return { offset: start, length: Math.max(0, end - start) };
}

/** `…body[i].variableId` or `…outputBody[i].variableId`: an APIDataSchemaProperty's variableId. */
function isApiPropertyStep(steps: readonly PathStep[]): boolean {
  const list = steps[steps.length - 3]?.key;
  return typeof steps[steps.length - 2]?.key === 'number' && (list === 'body' || list === 'outputBody');
}

/**
 * The transition whose `toNodeId` value is `toNodeIdNode`. Looks first among the transitions naming
 * the same id (`transitionsTo`, built once per model): a transition's `toNodeIdNode` is found in the
 * syntax tree on each read, so comparing it for every transition of the document made a hover on a
 * toNodeId at 1,000 nodes cost more than the rest of the request. Scans every transition only when
 * the index has none (duplicate `toNodeId` keys holding different ids).
 */
function findTransition(doc: PearlDocument, toNodeIdNode: JsonNode): PearlTransition | undefined {
  const id: unknown = toNodeIdNode.value;
  const named = typeof id === 'string' ? doc.transitionsTo.get(id) : undefined;
  const found = named?.find((transition) => transition.toNodeIdNode === toNodeIdNode);
  if (found) return found;
  for (const node of doc.allNodes) {
    for (const transition of node.transitions) {
      if (transition.toNodeIdNode === toNodeIdNode) return transition;
    }
  }
  return undefined;
}

/**
 * Calls `visit` for each string value under `pearl` with the steps from the root to it. Iterative,
 * so deep nesting cannot overflow the stack.
 */
function walkPearlStrings(doc: PearlDocument, visit: (node: JsonNode, steps: readonly PathStep[]) => void): void {
  const pearl = doc.pearl;
  if (!pearl) return;
  // Explicit stack of (container, next child index) with the path alongside.
  const steps: PathStep[] = [{ key: 'pearl', value: pearl }];
  const stack: { container: JsonNode; index: number }[] = [{ container: pearl, index: 0 }];
  while (stack.length > 0) {
    const top = stack[stack.length - 1];
    const children = top.container.children ?? [];
    if (top.index >= children.length) {
      stack.pop();
      steps.pop();
      continue;
    }
    const child = children[top.index++];
    let key: string | number;
    let value: JsonNode | undefined;
    if (top.container.type === 'object') {
      const [keyNode, valueNode] = child.children ?? [];
      if (!keyNode || !valueNode) continue;
      key = keyNode.value as string;
      value = valueNode;
    } else {
      key = top.index - 1;
      value = child;
    }
    if (value.type === 'string') {
      steps.push({ key, value });
      visit(value, steps);
      steps.pop();
    } else if ((value.type === 'object' || value.type === 'array') && value.children) {
      steps.push({ key, value });
      stack.push({ container: value, index: 0 });
    }
  }
}
