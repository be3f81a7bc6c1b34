import type { Edit } from 'jsonc-parser';
import { defaultTransitionName, uniqueTransitionName } from '#protocol/transitionNames';
import { nodeTypeNames } from '../interface/enumNames';
import { findNodeByKey } from '../document/graphKeys';
import { getNodeTypeFacts, isVoiceOnlyNodeType } from '../interface/nodeTypes';
import { getPropertyKeyNode, getPropertyNode, type JsonNode } from '../document/jsonTree';
import { NodeType, type PearlDocument } from '../document/pearlDocument';
import { findNodeIdOccurrences } from '../interface/pearlSymbols';
import { describeTransitionProblem, validateNodeId } from '../interface/graphEditChecks';
import { quote, withArticle } from '../interface/messageText';
import { insertProperty, insertPropertyFirst, removeArrayElements, replaceValue } from '../document/jsonEdits';
import { appendTo, type GraphEditPlanner, type GraphEditPlanners, nodeGone } from './graphEditPlan';
import { newTransition } from './transitionEdits';

/**
 * The planners of the edits of nodes (docs/interface.md § Node): add one (after another, with a
 * transition to it), delete one with the transitions into it, set one of its string properties.
 */

const addNode: GraphEditPlanner<'addNode'> = (doc, edit) => {
  const typeName = nodeTypeNames[edit.nodeType];
  if (typeName === undefined) return `nodeType ${edit.nodeType} is not a known node type.`;
  if (isVoiceOnlyNodeType(edit.nodeType)) {
    return `${withArticle(typeName, true)} node is for voice Pearls only; this is a text Pearl.`;
  }
  const pearl = doc.pearl;
  // graphEdits.ts refuses a document without a pearl object before planning.
  if (!pearl) return 'The file has no pearl object, so it has no graph to change.';
  const nodes = getPropertyNode(pearl, 'nodes');
  if (nodes !== undefined && nodes.type !== 'array' && nodes.type !== 'null') {
    return 'pearl.nodes is not a list, so no node can be added to it.';
  }
  const name = edit.name !== undefined && edit.name.trim() !== '' ? edit.name : typeName;
  const nodeId = deriveNodeId(doc, name, typeName);
  const value: Record<string, unknown> = { nodeId, name, nodeType: edit.nodeType };
  const settings = getNodeTypeFacts(edit.nodeType)?.settings;
  if (settings) value[settings.property] = structuredClone(settings.skeleton);
  if (edit.nodeType !== NodeType.EndCall && edit.nodeType !== NodeType.PostCallActions) value.transitions = [];

  const edits: Edit[] = [];
  if (edit.from !== undefined) {
    const source = findNodeByKey(doc, edit.from);
    if (!source) return nodeGone;
    const target = { nodeType: edit.nodeType, nodeId, nested: false, description: `${typeName} node '${quote(nodeId)}'` };
    const problem = describeTransitionProblem(source, target);
    if (problem !== undefined) return problem;
    const taken = new Set(source.transitions.map((transition) => transition.name));
    const transitionName = edit.transitionName ?? uniqueTransitionName(defaultTransitionName({ name, nodeType: edit.nodeType }), taken);
    const transition = newTransition(source, transitionName, nodeId, undefined);
    if (typeof transition === 'string') return transition;
    const added = appendTo(doc, source.node, 'transitions', transition);
    if (typeof added === 'string') return added;
    edits.push(added);
  }
  const added = appendTo(doc, pearl, 'nodes', value);
  if (typeof added === 'string') return added;
  edits.push(added);
  return { edits, select: `n:${nodes?.type === 'array' ? (nodes.children?.length ?? 0) : 0}` };
};

const deleteNode: GraphEditPlanner<'deleteNode'> = (doc, edit) => {
  const node = findNodeByKey(doc, edit.node);
  // A node found by its key is an element of pearl.nodes or of a nested list.
  if (!node?.node.parent) return nodeGone;
  const edits = removeArrayElements(doc, node.node.parent, [node.node]);
  const all = doc.allNodes;
  // Transitions naming a nodeId that another node also declares still lead somewhere: keep them.
  const id = node.nodeId;
  if (id === undefined || all.some((other) => other !== node && other.nodeId === id)) return { edits };
  const start = node.node.offset;
  const stop = start + node.node.length;
  const incoming = new Map<JsonNode, JsonNode[]>();
  for (const other of all) {
    if (other.node.offset >= start && other.node.offset < stop) continue; // removed with the node
    for (const transition of other.transitions) {
      const list = transition.node.parent;
      if (transition.toNodeId !== id || list === undefined) continue;
      let listed = incoming.get(list);
      if (!listed) incoming.set(list, (listed = []));
      listed.push(transition.node);
    }
  }
  for (const [list, transitions] of incoming) edits.push(...removeArrayElements(doc, list, transitions));
  return { edits };
};

const setNodeProperty: GraphEditPlanner<'setNodeProperty'> = (doc, edit) => {
  const node = findNodeByKey(doc, edit.node);
  if (!node) return nodeGone;
  const select = edit.node;
  const { property, value } = edit;
  if (property === 'nodeId') {
    const problem = validateNodeId(doc, value, node.nodeId);
    if (problem !== undefined) return problem;
    if (node.nodeId === value) return { edits: [], select };
    if (node.nodeId !== undefined) {
      // The edits of rename: every declaration and every toNodeId, inside their quotes.
      const edits = findNodeIdOccurrences(doc, node.nodeId).map(({ span }) => ({ ...span, content: value }));
      return { edits, select };
    }
  }
  const existing = getPropertyNode(node.node, property);
  if (existing) return { edits: [replaceValue(doc, existing, value, 'compact')], select };
  const after = propertyAnchors[property].map((key) => getPropertyKeyNode(node.node, key)?.parent).find((found) => found);
  const change = after
    ? insertProperty(doc, node.node, property, value, 'compact', after)
    : insertPropertyFirst(doc, node.node, property, value);
  return { edits: [change], select };
};

/** The planners of this file, by kind. */
export const nodePlanners: GraphEditPlanners<'addNode' | 'deleteNode' | 'setNodeProperty'> = { addNode, deleteNode, setNodeProperty };

/** Where a new property goes: after the first of these present, else first. */
const propertyAnchors: Readonly<Record<'name' | 'script' | 'instructions' | 'nodeId', readonly string[]>> = {
  nodeId: [],
  name: ['nodeId'],
  script: ['nodeType', 'name', 'nodeId'],
  instructions: ['script', 'nodeType', 'name', 'nodeId'],
};

/**
 * A nodeId from `name`: lower case ASCII letters and digits joined by `_` (accents dropped, at most
 * 40 characters; the type's name when nothing is left), with `_2`, `_3`… when taken by any node.
 */
function deriveNodeId(doc: PearlDocument, name: string, typeName: string): string {
  const slug = (text: string): string =>
    text
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '_')
      .slice(0, 40)
      .replace(/^_+|_+$/g, '');
  const base = slug(name) || slug(typeName);
  const taken = new Set(doc.allNodes.map((node) => node.nodeId));
  for (let i = 2, candidate = base; ; candidate = `${base}_${i++}`) if (!taken.has(candidate)) return candidate;
}
