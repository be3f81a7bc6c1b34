import { type Edit, getNodeValue } from 'jsonc-parser';
import { TextDocumentEdit, TextEdit } from 'vscode-languageserver-types';
import type {
  AddNodeEdit,
  AddTransitionEdit,
  DeleteNodeEdit,
  DeleteTransitionEdit,
  GraphEdit,
  GraphEditResult,
  RetargetTransitionEdit,
  SetNodePropertyEdit,
  SetNodeSettingEdit,
} from '../../../../protocol/graphTypes';
import { spanToRange } from '../rules/diagnostics';
import { nodeTypeNames } from '../interface/enumNames';
import { findNodeByKey, findTransitionByKey, getNodeKey, getTransitionKey } from '../document/graphKeys';
import { getNodeTypeFacts, isVoiceOnlyNodeType } from '../interface/nodeTypes';
import { describeGraphEditProblem, describeNode, describeTransitionProblem, quote, withArticle } from './graphEditChecks';
import { appendArrayElement, insertProperty, insertPropertyFirst, removeArrayElements, replaceValue, ValueStyle } from './jsonEdits';
import { describeParseError, getPropertyKeyNode, getPropertyNode, JsonNode } from '../document/jsonTree';
import { NodeType, PearlDocument, PearlNode, PearlTransition } from '../document/pearlDocument';
import { findNodeIdOccurrences } from '../features/pearlSymbols';
import { checkNodeSetting, describeSettingPath } from '../interface/nodeSettings';
import { validateNodeId } from '../features/references';

/** What {@link doGraphEdit} answers: the edit, or why it is refused (a sentence for the user). */
export type GraphEditOutcome = { readonly result: GraphEditResult } | { readonly refusal: string };

/** Edits in offsets and what to select, or a refusal. */
type Planned = { readonly edits: readonly Edit[]; readonly select?: string } | string;

/**
 * `pearl/graphEdit` (protocol.ts): the minimal text edit performing one change of the conversation
 * graph of a text Pearl (docs/interface.md § Node, § Transition, § Graph rules), or the reason
 * it is refused:
 * - the document is not at `version` (the graph was drawn from another text), does not parse (a
 *   syntax error; trailing commas and comments are fine), is a simple Pearl or has no `pearl` object;
 * - a key names nothing in this version, or the request is malformed;
 * - a node type that is not in the node type table or is voice-only (TransferCall,
 *   StartCallRecording) in a text Pearl;
 * - a transition out of an EndCall, a PostCallActions node or a nested action, into a nested
 *   action, a PostCallActions node or a node without nodeId, a PreCallAPI transition to a node that
 *   is not an OpeningSentence, a PreCallAPI node whose Success and Failure are both taken, a
 *   duplicate or empty transition name within the node (§ Transition: unique within the node);
 * - an invalid or taken nodeId (the rules of rename).
 * Other problems of the file (diagnostics) do not stop an edit whose target is found. The edits
 * touch only the changed objects and the commas around them, print new values in the style of
 * their neighbours (jsonEdits.ts) with the file's indentation and line endings, and keep comments.
 * Linear in the size of the document.
 */
export function doGraphEdit(doc: PearlDocument, version: number, edit: GraphEdit): GraphEditOutcome {
  const problem = describeDocumentProblem(doc, version) ?? describeGraphEditProblem(edit);
  if (problem !== undefined) return { refusal: problem };
  const planned = plan(doc, edit);
  if (typeof planned === 'string') return { refusal: planned };
  const edits: TextEdit[] = [...planned.edits]
    .sort((a, b) => a.offset - b.offset)
    .map((change) => ({ range: spanToRange(doc, change), newText: change.content }));
  const { uri } = doc.textDocument;
  const result: GraphEditResult = { edit: { documentChanges: [TextDocumentEdit.create({ uri, version }, edits)] } };
  return { result: planned.select === undefined ? result : { ...result, select: planned.select } };
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

function plan(doc: PearlDocument, edit: GraphEdit): Planned {
  switch (edit.kind) {
    case 'addNode':
      return addNode(doc, edit);
    case 'addTransition':
      return addTransition(doc, edit);
    case 'retargetTransition':
      return retargetTransition(doc, edit);
    case 'deleteTransition':
      return deleteTransition(doc, edit);
    case 'deleteNode':
      return deleteNode(doc, edit);
    case 'setNodeProperty':
      return setNodeProperty(doc, edit);
    case 'setNodeSetting':
      return setNodeSetting(doc, edit);
  }
}

const nodeGone = 'That node is no longer in the file. Try again on the updated graph.';
const transitionGone = 'That transition is no longer in the file. Try again on the updated graph.';

function addNode(doc: PearlDocument, edit: AddNodeEdit): Planned {
  const typeName = nodeTypeNames[edit.nodeType];
  if (typeName === undefined) return `nodeType ${edit.nodeType} is not a known node type.`;
  if (isVoiceOnlyNodeType(edit.nodeType)) {
    return `${withArticle(typeName, true)} node is for voice Pearls only; this is a text Pearl.`;
  }
  const pearl = doc.pearl!;
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
    const transition = newTransition(source, edit.transitionName ?? uniqueTransitionName(source, name), nodeId, undefined);
    if (typeof transition === 'string') return transition;
    const added = appendTo(doc, source.node, 'transitions', transition);
    if (typeof added === 'string') return added;
    edits.push(added);
  }
  const added = appendTo(doc, pearl, 'nodes', value);
  if (typeof added === 'string') return added;
  edits.push(added);
  return { edits, select: `n:${nodes?.type === 'array' ? (nodes.children?.length ?? 0) : 0}` };
}

function addTransition(doc: PearlDocument, edit: AddTransitionEdit): Planned {
  const source = findNodeByKey(doc, edit.source);
  const target = findNodeByKey(doc, edit.target);
  if (!source || !target) return nodeGone;
  const problem = describeTransitionProblem(source, targetOf(target));
  if (problem !== undefined) return problem;
  const transition = newTransition(source, edit.name, target.nodeId!, edit.apiResult);
  if (typeof transition === 'string') return transition;
  const added = appendTo(doc, source.node, 'transitions', transition);
  if (typeof added === 'string') return added;
  return { edits: [added], select: getTransitionKey(getNodeKey(source), source.transitions.length) };
}

function retargetTransition(doc: PearlDocument, edit: RetargetTransitionEdit): Planned {
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
}

function deleteTransition(doc: PearlDocument, edit: DeleteTransitionEdit): Planned {
  const transition = findTransitionByKey(doc, edit.transition);
  if (!transition) return transitionGone;
  return { edits: removeArrayElements(doc, transition.node.parent!, [transition.node]) };
}

function deleteNode(doc: PearlDocument, edit: DeleteNodeEdit): Planned {
  const node = findNodeByKey(doc, edit.node);
  if (!node) return nodeGone;
  const edits = removeArrayElements(doc, node.node.parent!, [node.node]);
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
      if (transition.toNodeId !== id) continue;
      const list = transition.node.parent!;
      let listed = incoming.get(list);
      if (!listed) incoming.set(list, (listed = []));
      listed.push(transition.node);
    }
  }
  for (const [list, transitions] of incoming) edits.push(...removeArrayElements(doc, list, transitions));
  return { edits };
}

function setNodeProperty(doc: PearlDocument, edit: SetNodePropertyEdit): Planned {
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
}

/**
 * Sets one settings field (checked against the schema by {@link checkNodeSetting}): replaces its
 * value, or inserts the missing property, creating the objects missing on the path (a missing or
 * null settings object goes after the node's instructions, script or nodeType). A list element on
 * the path must exist.
 */
function setNodeSetting(doc: PearlDocument, edit: SetNodeSettingEdit): Planned {
  const node = findNodeByKey(doc, edit.node);
  if (!node) return nodeGone;
  const problem = checkNodeSetting(node, edit);
  if (problem !== undefined) return problem;
  const select = edit.node;
  const { path } = edit;
  const value = structuredClone(edit.value) as unknown;
  let current = node.node;
  for (let i = 0; i < path.length; i++) {
    const segment = path[i];
    const rest = path.slice(i + 1);
    if (typeof segment === 'number') {
      const element = current.type === 'array' ? current.children?.[segment] : undefined;
      if (!element) return 'That list element is no longer in the file. Try again on the updated graph.';
      current = element;
      continue;
    }
    if (current.type !== 'object') {
      return `${quote(describeSettingPath(path.slice(0, i)))} is not an object, so ${quote(segment)} cannot be set in it. Fix it in the editor.`;
    }
    const existing = getPropertyNode(current, segment);
    if (existing && existing.type !== 'null' && rest.length > 0) {
      current = existing;
      continue;
    }
    if (rest.some((step) => typeof step === 'number')) return 'That list element is no longer in the file. Try again on the updated graph.';
    // The rest of the path as nested objects around the value: { "smtpSettings": { "port": 25 } }.
    const nested = rest.reduceRight<unknown>((inner, key) => ({ [key]: inner }), value);
    if (existing) {
      if (JSON.stringify(getNodeValue(existing)) === JSON.stringify(nested)) return { edits: [], select };
      return { edits: [replaceValue(doc, existing, nested, 'compact')], select };
    }
    const after = i === 0 ? settingsAnchors.map((key) => getPropertyKeyNode(current, key)?.parent).find((found) => found) : undefined;
    return { edits: [insertProperty(doc, current, segment, nested, 'compact', after)], select };
  }
  return { edits: [], select };
}

/** Where a new settings object goes: after the first of these present, else last. */
const settingsAnchors = ['instructions', 'script', 'nodeType', 'name', 'nodeId'];

/** Where a new property goes: after the first of these present, else first. */
const propertyAnchors: Readonly<Record<SetNodePropertyEdit['property'], readonly string[]>> = {
  nodeId: [],
  name: ['nodeId'],
  script: ['nodeType', 'name', 'nodeId'],
  instructions: ['script', 'nodeType', 'name', 'nodeId'],
};

/** A node as a transition target, for {@link describeTransitionProblem}. */
function targetOf(node: PearlNode): Parameters<typeof describeTransitionProblem>[1] {
  return { nodeType: node.nodeType, nodeId: node.nodeId, nested: node.container !== undefined, description: describeNode(node) };
}

/**
 * The transition object from `source` named `name` to `toNodeId`, or a refusal: an empty or
 * duplicate name; apiResult on a node that is not PreCallAPI, not 1 or 2, or already used. From a
 * PreCallAPI node, apiResult defaults to Success, else Failure (graph rule 5).
 */
function newTransition(source: PearlNode, name: string, toNodeId: string, apiResult: number | undefined): Record<string, unknown> | string {
  if (name.trim() === '') return 'A transition needs a name: the condition that triggers it.';
  if (source.transitions.some((transition) => transition.name === name)) {
    return `${describeNode(source, true)} already has a transition named '${quote(name)}': transition names must be unique within a node.`;
  }
  if (source.nodeType !== NodeType.PreCallAPI) {
    if (apiResult !== undefined) return 'apiResult is allowed only on transitions of a PreCallAPI node.';
    return { name, toNodeId };
  }
  const used = new Set(source.transitions.map((transition: PearlTransition) => transition.apiResult));
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

/** `name`, or `name 2`, `name 3`… : the first not used by a transition of `source`. */
function uniqueTransitionName(source: PearlNode, name: string): string {
  const taken = new Set(source.transitions.map((transition) => transition.name));
  for (let i = 2, candidate = name; ; candidate = `${name} ${i++}`) if (!taken.has(candidate)) return candidate;
}

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

/**
 * The edit appending `value` to the list `key` of `owner` (an object node): to the array, or as a
 * new property when absent or null, printed like the list's last element (else like `owner`).
 */
function appendTo(doc: PearlDocument, owner: JsonNode, key: 'nodes' | 'transitions', value: unknown): Edit | string {
  const list = getPropertyNode(owner, key);
  if (list?.type === 'array') return appendArrayElement(doc, list, value, styleOf(doc, list.children?.[list.children.length - 1] ?? owner));
  if (list === undefined) return insertProperty(doc, owner, key, [value], styleOf(doc, owner));
  if (list.type === 'null') return replaceValue(doc, list, [value], styleOf(doc, owner));
  return key === 'nodes'
    ? 'pearl.nodes is not a list, so no node can be added to it.'
    : 'The transitions of that node are not a list, so no transition can be added to them.';
}

/** Pretty (one member per line) when `sample` spans several lines, else compact. */
function styleOf(doc: PearlDocument, sample: JsonNode): ValueStyle {
  return doc.textDocument
    .getText()
    .slice(sample.offset, sample.offset + sample.length)
    .includes('\n')
    ? 'pretty'
    : 'compact';
}
