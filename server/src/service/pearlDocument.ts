import { createScanner, getNodeValue, ParseError, SyntaxKind } from 'jsonc-parser';
import { TextDocument } from 'vscode-languageserver-textdocument';
import {
  buildStrictJsonTree,
  DuplicateKey,
  getArrayItems,
  getNumberProperty,
  getObjectItems,
  getPropertyNode,
  getStringProperty,
  JsonNode,
  parseJsonTree,
} from './jsonTree';
import { patchStringEdit } from './stringEditPatch';

/**
 * Which create request a file is (docs/rulings.md § Files): `text` is the Text Pearl create request
 * (`POST /v2/Pearl/Text`), `simple` the Simple Pearl create request (`POST /v2/Pearl`).
 */
export type PearlKind = 'text' | 'simple';

/** What decided the kind: the `$schema` property, the content, or nothing (defaulted to text). */
export type PearlKindSource = 'schema' | 'content' | 'default';

/** Variable group values of DataSettings.group (docs/interface.md § DataSettings). */
export enum VariableGroup {
  PreCall = 1,
  InCall = 2,
  PostCall = 3,
}

/** Node type values (docs/interface.md § Node types). */
export enum NodeType {
  OpeningSentence = 2,
  PreCallAPI = 3,
  Dialogue = 10,
  HandoffChatToHuman = 31,
  API = 40,
  SMS = 50,
  Email = 51,
  TransferCall = 60,
  StartCallRecording = 65,
  SearchKnowledgeBase = 80,
  EndCall = 100,
  PostCallActions = 200,
}

/** A declared variable: one element of the top-level `variables` array (§ DataSettings). */
export interface PearlVariable {
  /** The element's object node. */
  readonly node: JsonNode;
  /** `id` when it is a string. */
  readonly id: string | undefined;
  /** The `id` value node, for ranges. */
  readonly idNode: JsonNode | undefined;
  /** `name` when it is a string. */
  readonly name: string | undefined;
  /** `group` (1 PreCall, 2 InCall, 3 PostCall) when it is a number. */
  readonly group: number | undefined;
  /** `type` (1 String ... 7 DateTime) when it is a number. */
  readonly type: number | undefined;
}

/** A transition of a node (§ Transition). */
export interface PearlTransition {
  /** The transition's object node. */
  readonly node: JsonNode;
  /** The node the transition leaves from. */
  readonly source: PearlNode;
  readonly name: string | undefined;
  readonly nameNode: JsonNode | undefined;
  readonly toNodeId: string | undefined;
  readonly toNodeIdNode: JsonNode | undefined;
  /** `apiResult` (1 Success, 2 Failure) when it is a number. */
  readonly apiResult: number | undefined;
  /** The `apiResult` value node when present, null included. */
  readonly apiResultNode: JsonNode | undefined;
  /**
   * The top-level node `toNodeId` names (its first holder when the nodeId is duplicated), or
   * undefined when it names none: resolved once per parse through {@link PearlDocument.nodesById}.
   */
  readonly target: PearlNode | undefined;
}

/** Which nested list holds a nested action node. */
export type NestedListKey = 'handOffAction' | 'postCallActions';

/** A node of `pearl.nodes`, or a nested action of a node's handOffAction/postCallActions (§ Node). */
export interface PearlNode {
  /** The node's object node. */
  readonly node: JsonNode;
  /** Position in its array. */
  readonly index: number;
  readonly nodeId: string | undefined;
  readonly nodeIdNode: JsonNode | undefined;
  readonly name: string | undefined;
  readonly nameNode: JsonNode | undefined;
  readonly nodeType: number | undefined;
  readonly nodeTypeNode: JsonNode | undefined;
  readonly transitions: readonly PearlTransition[];
  /** For a nested action: the node whose list holds it, and which list. */
  readonly container: { readonly node: PearlNode; readonly list: NestedListKey } | undefined;
  /** Nested action nodes of handOffAction and postCallActions, in document order. */
  readonly nested: readonly PearlNode[];
}

/**
 * A parsed `*.pearl.json` file: the syntax tree with ranges, its plain value, its kind, and the
 * Pearl model (variables, nodes, transitions) that every rule and feature reads. Built once per
 * document version by {@link parsePearlDocument}; features never re-parse.
 */
export interface PearlDocument {
  readonly textDocument: TextDocument;
  /** Root of the tolerant syntax tree, or undefined when the text holds no value. */
  readonly root: JsonNode | undefined;
  /** Syntax errors; the tree still holds everything the parser could recover. */
  readonly syntaxErrors: readonly ParseError[];
  /** Offsets of trailing commas. */
  readonly trailingCommas: readonly number[];
  /** Each later occurrence of a key already set in the same object (the tree keeps only the last). */
  readonly duplicateKeys: readonly DuplicateKey[];
  /**
   * Where the text nests objects and arrays more than {@link maxNestingDepth} levels deep (the
   * bracket that goes one level too deep); the document is then not checked at all: `root` and
   * `value` are undefined.
   */
  readonly nestingTooDeep: { readonly offset: number; readonly length: number } | undefined;
  /** The plain value of the tree (what would be sent, before `$schema` is removed). */
  readonly value: unknown;
  readonly kind: PearlKind;
  readonly kindSource: PearlKindSource;
  /** The `pearl` object node, when present and an object. */
  readonly pearl: JsonNode | undefined;
  /** Declared variables, in document order. */
  readonly variables: readonly PearlVariable[];
  /** First declaration of each variable id. */
  readonly variablesById: ReadonlyMap<string, PearlVariable>;
  /** Top-level nodes of `pearl.nodes` (text Pearls), in document order. */
  readonly nodes: readonly PearlNode[];
  /** First top-level node of each nodeId. */
  readonly nodesById: ReadonlyMap<string, PearlNode>;
  /** Every node: each top-level node of `pearl.nodes` followed by its nested actions at any depth, in document order. */
  readonly allNodes: readonly PearlNode[];
  /**
   * The node the conversation starts from (§ Graph rules, rule 1): the first PreCallAPI node, else
   * the first OpeningSentence node; undefined when there is neither.
   */
  readonly entry: PearlNode | undefined;
  /**
   * The transitions of top-level nodes that lead to each top-level node, by resolved
   * {@link PearlTransition.target}, in document order. Transitions into a PostCallActions container
   * are left out: it is not part of the graph. A node no transition leads to has no entry.
   */
  readonly incoming: ReadonlyMap<PearlNode, readonly PearlTransition[]>;
}

const schemaFileKinds: ReadonlyArray<[string, PearlKind]> = [
  ['text-pearl.schema.json', 'text'],
  ['simple-pearl.schema.json', 'simple'],
];

/**
 * The kind of a document, as docs/rulings.md § Files decides it: a `$schema` naming one of the
 * project's schemas (matched by file name), else `pearl.nodes` means text and any of
 * `pearl.openingSentence`, `pearl.flowScript`, `pearl.agents` means simple, else text by default.
 */
export function detectPearlKind(root: JsonNode | undefined): { kind: PearlKind; source: PearlKindSource } {
  const schema = getStringProperty(root, '$schema');
  if (schema !== undefined) {
    const lower = schema.toLowerCase();
    for (const [fileName, kind] of schemaFileKinds) {
      if (lower.endsWith(fileName)) return { kind, source: 'schema' };
    }
  }
  const pearl = getPropertyNode(root, 'pearl');
  if (getPropertyNode(pearl, 'nodes')) return { kind: 'text', source: 'content' };
  for (const key of ['openingSentence', 'flowScript', 'agents']) {
    if (getPropertyNode(pearl, key)) return { kind: 'simple', source: 'content' };
  }
  return { kind: 'text', source: 'default' };
}

/**
 * The deepest nesting of objects and arrays a document may have. A Pearl needs about a dozen
 * levels; far deeper text is hostile or broken, and every recursive reader of the value (the
 * schema validator, `JSON.stringify` of the body, jsonc-parser) would overflow the stack at a few
 * thousand levels. Deeper documents are reported and not checked.
 */
export const maxNestingDepth = 1000;

/**
 * Parses a document once into a {@link PearlDocument}. Linear in the size of the text; never
 * throws, whatever the text. Given `previous`, the parse of an earlier version of the same
 * document, an edit inside one string value is applied to it instead of parsing again
 * ({@link patchStringEdit}); `previous` must not be used afterwards. A UTF-8 byte order mark at the start is read as whitespace
 * (docs/rulings.md § Files: tolerated and never sent).
 */
export function parsePearlDocument(editorDocument: TextDocument, previous?: PearlDocument): PearlDocument {
  const patched = previous && patchStringEdit(previous, editorDocument);
  if (patched) return patched;
  const text = editorDocument.getText();
  // A snapshot: editors' TextDocuments are updated in place, and every range of this parse must
  // stay about the text it was parsed from.
  const textDocument = TextDocument.create(editorDocument.uri, editorDocument.languageId, editorDocument.version, text);
  // Same length, so every offset still points into the editor's text.
  const parsedText = text.charCodeAt(0) === 0xfeff ? ` ${text.slice(1)}` : text;
  let tree: ReturnType<typeof parseJsonTree> | undefined;
  let value: unknown;
  try {
    // Strict JSON is read by the engine's JSON.parse first: several times faster than walking the
    // tree, and done before the tree exists so that its allocations do not make the garbage
    // collector copy the whole young tree. Its tree is then built in lockstep with the value;
    // JSON with comments, errors or a key set twice takes the tolerant parser, and its tree's value.
    const strict = parseStrictJson(parsedText);
    tree = (strict.ok && buildStrictJsonTree(parsedText, strict.value, maxNestingDepth)) || parseJsonTree(parsedText);
    if (tree.maxDepth <= maxNestingDepth) value = strict.ok ? strict.value : tree.root ? getNodeValue(tree.root) : undefined;
  } catch {
    // A stack overflow in the recursive parser: nesting thousands of levels deep.
    tree = undefined;
  }
  const nestingTooDeep = tree && tree.maxDepth <= maxNestingDepth ? undefined : findTooDeep(parsedText);
  if (!tree || nestingTooDeep) {
    // Check nothing, say why (syntaxValidation.ts).
    tree = { root: undefined, errors: [], trailingCommas: [], duplicateKeys: [], maxDepth: 0 };
    value = undefined;
  }
  const { root, errors, trailingCommas, duplicateKeys } = tree;
  const { kind, source } = detectPearlKind(root);
  const pearl = getPropertyNode(root, 'pearl');
  const variables = getObjectItems(root, 'variables').map(readVariable);
  const variablesById = new Map<string, PearlVariable>();
  for (const variable of variables) {
    if (variable.id !== undefined && !variablesById.has(variable.id)) variablesById.set(variable.id, variable);
  }
  const nodes: PearlNode[] = [];
  if (kind === 'text') readNodes(getPropertyNode(pearl, 'nodes'), undefined, nodes);
  const nodesById = new Map<string, PearlNode>();
  for (const node of nodes) {
    if (node.nodeId !== undefined && !nodesById.has(node.nodeId)) nodesById.set(node.nodeId, node);
  }
  return {
    ...deriveGraphFacts(nodes, nodesById),
    textDocument,
    root,
    syntaxErrors: errors,
    trailingCommas,
    duplicateKeys,
    nestingTooDeep,
    value,
    kind,
    kindSource: source,
    pearl: pearl?.type === 'object' ? pearl : undefined,
    variables,
    variablesById,
    nodes,
    nodesById,
  };
}

/** Resolves every transition's target once, and derives what the graph rules and the preview share. */
function deriveGraphFacts(
  nodes: readonly PearlNode[],
  nodesById: ReadonlyMap<string, PearlNode>,
): Pick<PearlDocument, 'allNodes' | 'entry' | 'incoming'> {
  const allNodes: PearlNode[] = [];
  const incoming = new Map<PearlNode, PearlTransition[]>();
  let preCall: PearlNode | undefined;
  let opening: PearlNode | undefined;
  const stack: PearlNode[] = [];
  for (let i = nodes.length - 1; i >= 0; i--) stack.push(nodes[i]);
  for (let node = stack.pop(); node; node = stack.pop()) {
    allNodes.push(node);
    for (let i = node.nested.length - 1; i >= 0; i--) stack.push(node.nested[i]);
    for (const transition of node.transitions) {
      const target = transition.toNodeId !== undefined ? nodesById.get(transition.toNodeId) : undefined;
      (transition as BuildTransition).target = target;
      if (!target || node.container || target.nodeType === NodeType.PostCallActions) continue;
      let list = incoming.get(target);
      if (!list) incoming.set(target, (list = []));
      list.push(transition);
    }
    if (node.container) continue;
    if (node.nodeType === NodeType.PreCallAPI) preCall ??= node;
    else if (node.nodeType === NodeType.OpeningSentence) opening ??= node;
  }
  return { allNodes, entry: preCall ?? opening, incoming };
}

/** A transition while the document is being built: its target is resolved once all nodes are read. */
type BuildTransition = { -readonly [K in keyof PearlTransition]: PearlTransition[K] };

/** The span of the first `{` or `[` that opens a level deeper than {@link maxNestingDepth}. Iterative. */
function findTooDeep(text: string): { offset: number; length: number } {
  const scanner = createScanner(text, false);
  let depth = 0;
  for (let token = scanner.scan(); token !== SyntaxKind.EOF; token = scanner.scan()) {
    if (token === SyntaxKind.OpenBraceToken || token === SyntaxKind.OpenBracketToken) {
      if (++depth > maxNestingDepth) return { offset: scanner.getTokenOffset(), length: 1 };
    } else if (token === SyntaxKind.CloseBraceToken || token === SyntaxKind.CloseBracketToken) {
      depth = Math.max(0, depth - 1);
    }
  }
  return { offset: 0, length: Math.min(text.length, 1) };
}

/** `JSON.parse` of `text`, or `ok: false` when it is not strict JSON (comments, errors). */
function parseStrictJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

function readVariable(node: JsonNode): PearlVariable {
  const idNode = getPropertyNode(node, 'id');
  return {
    node,
    id: idNode?.type === 'string' ? (idNode.value as string) : undefined,
    idNode,
    name: getStringProperty(node, 'name'),
    group: getNumberProperty(node, 'group'),
    type: getNumberProperty(node, 'type'),
  };
}

function readNodes(list: JsonNode | undefined, container: PearlNode['container'], into: PearlNode[]): void {
  // Keep each node's index in its array (non-object elements are skipped, not renumbered).
  const items = getArrayItems(list);
  for (let index = 0; index < items.length; index++) {
    if (items[index].type === 'object') into.push(readNode(items[index], index, container));
  }
}

/** The properties of a node object that the model reads. */
interface NodeProperties {
  nodeId?: JsonNode;
  name?: JsonNode;
  nodeType?: JsonNode;
  transitions?: JsonNode;
  handOffAction?: JsonNode;
  postCallActions?: JsonNode;
}

/**
 * The value nodes of the properties the model reads, in one pass over the object's properties;
 * the first of a key wins, as in {@link getPropertyNode}. (A Map of every property per node was
 * measured: its allocations cost more garbage collection than the scans it saves.)
 */
function readNodeProperties(object: JsonNode): NodeProperties {
  const found: NodeProperties = {};
  for (const property of object.children ?? []) {
    const children = property.children;
    if (!children) continue;
    const key = children[0].value as string;
    switch (key) {
      case 'nodeId':
      case 'name':
      case 'nodeType':
      case 'transitions':
      case 'handOffAction':
      case 'postCallActions':
        if (!(key in found)) found[key] = children[1];
    }
  }
  return found;
}

function readNode(node: JsonNode, index: number, container: PearlNode['container']): PearlNode {
  const properties = readNodeProperties(node);
  const { nodeId: nodeIdNode, name: nameNode, nodeType: nodeTypeNode } = properties;
  const transitions: PearlTransition[] = [];
  const nested: PearlNode[] = [];
  const result: PearlNode = {
    node,
    index,
    nodeId: nodeIdNode?.type === 'string' ? (nodeIdNode.value as string) : undefined,
    nodeIdNode,
    name: nameNode?.type === 'string' ? (nameNode.value as string) : undefined,
    nameNode,
    nodeType: nodeTypeNode?.type === 'number' ? (nodeTypeNode.value as number) : undefined,
    nodeTypeNode,
    transitions,
    container,
    nested,
  };
  for (const transition of getArrayItems(properties.transitions)) {
    if (transition.type !== 'object') continue;
    const transitionNameNode = getPropertyNode(transition, 'name');
    const toNodeIdNode = getPropertyNode(transition, 'toNodeId');
    const apiResultNode = getPropertyNode(transition, 'apiResult');
    transitions.push({
      node: transition,
      source: result,
      name: transitionNameNode?.type === 'string' ? (transitionNameNode.value as string) : undefined,
      nameNode: transitionNameNode,
      toNodeId: toNodeIdNode?.type === 'string' ? (toNodeIdNode.value as string) : undefined,
      toNodeIdNode,
      apiResult: apiResultNode?.type === 'number' ? (apiResultNode.value as number) : undefined,
      apiResultNode,
      target: undefined,
    });
  }
  readNodes(properties.handOffAction, { node: result, list: 'handOffAction' }, nested);
  readNodes(properties.postCallActions, { node: result, list: 'postCallActions' }, nested);
  return result;
}
