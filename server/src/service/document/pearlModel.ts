/**
 * The Pearl model every rule and feature reads: variables, nodes, transitions, and the facts
 * several of them need (each transition's target, the entry node, incoming transitions), read from
 * the parsed value once per parse. Each model object carries its `value` and `path`; its syntax-tree
 * `node` is found on first read (which builds the tree).
 */
import { getPropertyNode, JsonNode } from './jsonTree';
import { childPath, isJsonObject, JsonObject, JsonPath } from './jsonValue';
import { detectPearlKind, PearlKind, PearlKindSource } from '#protocol/pearlKind';
import type { SyntaxTree } from './syntaxTree';

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

/** The slots of {@link PearlModel.modelCache}, one per rule that keeps something. */
export interface ModelCache {
  /** variableRules.ts: the (V) strings of the document and what was found in each. */
  variableFieldStrings?: unknown;
  /** variableRules.ts: whether the variables of this model have been checked once. */
  variablesChecked?: boolean;
  /** variableRules.ts: the (V) strings by path, found on the first edit patched into a kept check. */
  variableFieldStringsByPath?: unknown;
  /** variableRules.ts: the diagnostics and ids referenced of the last parse checked (from the second check on). */
  variableReferences?: unknown;
  /** keptDiagnostics.ts: the diagnostics of each family kept across edits inside strings, by family name. */
  keptDiagnostics?: unknown;
  /** ruleConfigurationService.ts: the last parse whose text holds no `pearl-disable` nor `pearl-enable`. */
  directiveFreeParse?: number;
  /** placeholderRules.ts: the template placeholders of the last parse checked. */
  placeholders?: unknown;
  /** declaredIds.ts: the declared variables by id, looked up in place (kept while the declarations are the same). */
  declaredIds?: unknown;
  /** variableUsage.ts: the `variableId` entries of the last parse checked. */
  variableIds?: unknown;
  /** features/documentSymbols.ts: the outline of the last parse asked for it. */
  outline?: unknown;
  /** schema/types.ts: the integers written as numbers that are not whole, of the last parse checked. */
  disguisedFractions?: unknown;
  /** schema/schemaSupport.ts: the schema errors of the last parse that asked for them. */
  schemaErrors?: unknown;
  /** What one parse computed once for several rules ({@link perParse}), by slot; only the last parse's. */
  perParse?: Partial<Record<PerParseSlot, { readonly parseId: number; readonly value: unknown }>>;
}

/**
 * The {@link perParse} slots: graphSupport.ts (graph facts, graph paths), schemaSupport.ts (the
 * spans of values of the wrong type), variableRules.ts (the ids referenced),
 * completion.ts (the nodeId items of a `toNodeId`), keptDiagnostics.ts (the structural model the
 * graph rules read).
 */
export type PerParseSlot =
  'graphFacts' | 'graphPaths' | 'wrongTypeSpans' | 'referencedIds' | 'nodeIdCompletions' | 'walksFile' | 'structuralModel';

/**
 * What `compute` gives for the parse `parseId` of a model, computed on the first call for that parse
 * and kept in `cache` (the model's {@link ModelCache}) under `slot` until another parse of the model
 * asks (a parse asked again after that computes it again). What a WeakMap keyed by the parse would
 * do, without its entries' cost to the garbage collector (see {@link PearlModel.modelCache}).
 */
export function perParse<T>(cache: ModelCache, parseId: number, slot: PerParseSlot, compute: () => T): T {
  const slots = (cache.perParse ??= {});
  const kept = slots[slot];
  if (kept && kept.parseId === parseId) return kept.value as T;
  const value = compute();
  slots[slot] = { parseId, value };
  return value;
}

/** A declared variable: one element of the top-level `variables` array (docs/interface.md § DataSettings). */
export interface PearlVariable {
  /** The element as sent. */
  readonly value: JsonObject;
  /** Where the element is: `['variables', index]`. */
  readonly path: JsonPath;
  /** The element's object node (the syntax tree is built on first use). */
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

/** A transition of a node (docs/interface.md § Transition). */
export interface PearlTransition {
  /** The transition object as sent. */
  readonly value: JsonObject;
  /** Where the transition is: its node's path, `'transitions'`, its index. */
  readonly path: JsonPath;
  /** The transition's object node (the syntax tree is built on first use). */
  readonly node: JsonNode;
  /** The node the transition leaves from. */
  readonly source: PearlNode;
  /** `name` when it is a string. */
  readonly name: string | undefined;
  /** The `name` value node (the syntax tree is built on first use). */
  readonly nameNode: JsonNode | undefined;
  /** `toNodeId` when it is a string. */
  readonly toNodeId: string | undefined;
  /** The `toNodeId` value node (the syntax tree is built on first use). */
  readonly toNodeIdNode: JsonNode | undefined;
  /** `apiResult` (1 Success, 2 Failure) when it is a number. */
  readonly apiResult: number | undefined;
  /** The `apiResult` value node when present, null included. */
  readonly apiResultNode: JsonNode | undefined;
  /**
   * The top-level node `toNodeId` names (its first holder when the nodeId is duplicated), or
   * undefined when it names none: resolved once per parse through {@link PearlModel.nodesById}.
   */
  readonly target: PearlNode | undefined;
}

/** Which nested list holds a nested action node. */
export type NestedListKey = 'handOffAction' | 'postCallActions';

/** A node of `pearl.nodes`, or a nested action of a node's handOffAction/postCallActions (docs/interface.md § Node). */
export interface PearlNode {
  /** The node object as sent. */
  readonly value: JsonObject;
  /** Where the node is: `['pearl', 'nodes', index]`, or its container's path, the list's key, its index. */
  readonly path: JsonPath;
  /** The node's object node (the syntax tree is built on first use). */
  readonly node: JsonNode;
  /** Position in its array. */
  readonly index: number;
  /** `nodeId` when it is a string. */
  readonly nodeId: string | undefined;
  /** The `nodeId` value node (the syntax tree is built on first use). */
  readonly nodeIdNode: JsonNode | undefined;
  /** `name` when it is a string. */
  readonly name: string | undefined;
  /** The `name` value node (the syntax tree is built on first use). */
  readonly nameNode: JsonNode | undefined;
  /** `nodeType` (see {@link NodeType}) when it is a number. */
  readonly nodeType: number | undefined;
  /** The `nodeType` value node (the syntax tree is built on first use). */
  readonly nodeTypeNode: JsonNode | undefined;
  /** The node's transitions that are objects, in document order. */
  readonly transitions: readonly PearlTransition[];
  /** For a nested action: the node whose list holds it, and which list. */
  readonly container: { readonly node: PearlNode; readonly list: NestedListKey } | undefined;
  /** Nested action nodes of handOffAction and postCallActions, in document order. */
  readonly nested: readonly PearlNode[];
}

/**
 * The Pearl model of one parsed value and the facts derived from it, computed once per parse and
 * shared, unchanged, by the parses an edit inside a string value patches from it (such an edit
 * never changes what the model reads: stringEditPatch.ts leaves ids, names and `$schema` alone).
 */
export interface PearlModel {
  /** The document's kind (docs/rulings.md § Files). */
  readonly kind: PearlKind;
  /** What decided {@link kind}. */
  readonly kindSource: PearlKindSource;
  /** The `pearl` object as sent, when present and an object. */
  readonly pearlValue: JsonObject | undefined;
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
   * The node the conversation starts from (docs/interface.md § Graph rules, rule 1): the first
   * PreCallAPI node, else the first OpeningSentence node; undefined when there is neither.
   */
  readonly entry: PearlNode | undefined;
  /**
   * The transitions of top-level nodes that lead to each top-level node, by resolved
   * {@link PearlTransition.target}, in document order. Transitions into a PostCallActions container
   * are left out: it is not part of the graph. A node no transition leads to has no entry.
   */
  readonly incoming: ReadonlyMap<PearlNode, readonly PearlTransition[]>;
  /**
   * Every transition whose `toNodeId` is a given id, from any node (nested actions included,
   * whatever the target's type), in document order; an id no transition names has no entry. What
   * the hover on a nodeId counts. Derived on first read, once per model.
   */
  readonly transitionsTo: ReadonlyMap<string, readonly PearlTransition[]>;
  /**
   * What rules derive from the model and keep while edits inside strings patch it: shared by the
   * parses patched from one another, new with each full parse. (A WeakMap keyed by the parse
   * would do the same, but its entries cost the garbage collector about a tenth of checking many
   * small files.)
   */
  readonly modelCache: ModelCache;
}

/**
 * Reads the Pearl model of a document's plain `value` (anything; never throws). Nodes are read for
 * text Pearls only. `tree` is the document's syntax tree, from which each model object's `node`
 * is taken on first read.
 */
export function readPearlModel(value: unknown, tree: SyntaxTree): PearlModel {
  return new ReadModel(value, tree);
}

/** The one implementation of {@link PearlModel}. */
class ReadModel implements PearlModel {
  // Declared, and assigned in the constructor in this order (see ModelObject).
  declare readonly kind: PearlKind;
  declare readonly kindSource: PearlKindSource;
  declare readonly pearlValue: JsonObject | undefined;
  declare readonly variables: readonly PearlVariable[];
  declare readonly variablesById: ReadonlyMap<string, PearlVariable>;
  declare readonly nodes: readonly PearlNode[];
  declare readonly nodesById: ReadonlyMap<string, PearlNode>;
  declare readonly allNodes: readonly PearlNode[];
  declare readonly entry: PearlNode | undefined;
  declare readonly incoming: ReadonlyMap<PearlNode, readonly PearlTransition[]>;
  declare readonly modelCache: ModelCache;
  declare private transitionsByTarget: ReadonlyMap<string, readonly PearlTransition[]> | undefined;

  constructor(value: unknown, tree: SyntaxTree) {
    const { kind, source } = detectPearlKind(value);
    this.kind = kind;
    this.kindSource = source;
    const root = isJsonObject(value) ? value : undefined;
    const pearl = root && isJsonObject(root.pearl) ? root.pearl : undefined;
    this.pearlValue = pearl;
    const { variables, variablesById } = readVariables(tree, root?.variables);
    this.variables = variables;
    this.variablesById = variablesById;
    let nodes: PearlNode[] = noNodes as PearlNode[];
    if (kind === 'text' && pearl) {
      nodes = new Array<PearlNode>(countObjects(pearl.nodes));
      readNodes(tree, pearl.nodes, ['pearl', 'nodes'], undefined, nodes, 0);
    }
    const nodesById = firstOfEachId(nodes);
    this.nodes = nodes;
    this.nodesById = nodesById;
    const { allNodes, entry, incoming } = deriveGraphFacts(nodes, nodesById);
    this.allNodes = allNodes;
    this.entry = entry;
    this.incoming = incoming;
    this.modelCache = {};
    this.transitionsByTarget = undefined;
  }

  get transitionsTo(): ReadonlyMap<string, readonly PearlTransition[]> {
    this.transitionsByTarget ??= groupByTarget(this.allNodes);
    return this.transitionsByTarget;
  }
}

/**
 * The first of `nodes` with each nodeId. One map operation per node: each is set, and only when
 * the map ends up smaller than the nodes with a nodeId (a nodeId used twice, which a later node
 * overwrote) is it made again keeping the first. A lookup of a nodeId longer than ten characters
 * (the engine interns no longer parsed string) reads its characters: the test before each set was
 * a tenth of reading a large Pearl's model.
 */
function firstOfEachId(nodes: readonly PearlNode[]): Map<string, PearlNode> {
  let withId = 0;
  const byId = new Map<string, PearlNode>();
  for (let i = 0; i < nodes.length; i++) {
    const node = nodes[i];
    if (node.nodeId === undefined) continue;
    withId++;
    byId.set(node.nodeId, node);
  }
  if (byId.size === withId) return byId;
  const first = new Map<string, PearlNode>();
  for (let i = 0; i < nodes.length; i++) {
    const node = nodes[i];
    if (node.nodeId !== undefined && !first.has(node.nodeId)) first.set(node.nodeId, node);
  }
  return first;
}

/** The variable objects of `list` (the top-level `variables` value), and the first of each id. */
function readVariables(tree: SyntaxTree, list: unknown): Pick<PearlModel, 'variables' | 'variablesById'> {
  const variables: PearlVariable[] = [];
  const variablesById = new Map<string, PearlVariable>();
  if (Array.isArray(list)) {
    for (let index = 0; index < list.length; index++) {
      const element: unknown = list[index];
      if (!isJsonObject(element)) continue;
      const variable = new ModelVariable(tree, element, index);
      variables.push(variable);
      if (variable.id !== undefined && !variablesById.has(variable.id)) variablesById.set(variable.id, variable);
    }
  }
  return { variables, variablesById };
}

/**
 * Resolves every transition's target once, and derives what the graph rules and the preview share.
 * Lists are made at their final length (counted first): an array grown by `push` gets room for 16
 * more, some 150 bytes per node of a large Pearl. Indexed loops, not `for…of`: code not yet
 * optimised (most of what pearl-lint runs on small files) allocates an iterator result per element.
 */
function deriveGraphFacts(
  nodes: readonly PearlNode[],
  nodesById: ReadonlyMap<string, PearlNode>,
): Pick<PearlModel, 'allNodes' | 'entry' | 'incoming'> {
  let total = nodes.length;
  for (let i = 0; i < nodes.length; i++) if (nodes[i].nested.length > 0) total += countNested(nodes[i]);
  const allNodes = new Array<PearlNode>(total);
  let size = 0;
  // Transitions into each top-level node, counted by its index in `pearl.nodes`, then placed.
  const counts = new Uint32Array(nodes.length > 0 ? nodes[nodes.length - 1].index + 1 : 0);
  let preCall: PearlNode | undefined;
  let opening: PearlNode | undefined;
  // Each top-level node, then its nested actions depth first (a stack of those only: a stack of
  // every node grew, by copies, to the length of `pearl.nodes`).
  const stack: PearlNode[] = [];
  for (let n = 0; n < nodes.length; n++) {
    let node = nodes[n];
    let top = 0;
    for (;;) {
      allNodes[size++] = node;
      const transitions = node.transitions;
      for (let i = 0; i < transitions.length; i++) {
        const transition = transitions[i];
        const target = transition.toNodeId !== undefined ? nodesById.get(transition.toNodeId) : undefined;
        (transition as ModelTransition).target = target;
        if (target && !node.container && target.nodeType !== NodeType.PostCallActions) counts[target.index]++;
      }
      if (!node.container) {
        if (node.nodeType === NodeType.PreCallAPI) preCall ??= node;
        else if (node.nodeType === NodeType.OpeningSentence) opening ??= node;
      }
      for (let i = node.nested.length - 1; i >= 0; i--) stack[top++] = node.nested[i];
      if (top === 0) break;
      node = stack[--top];
    }
  }
  const lists = new Array<PearlTransition[] | undefined>(counts.length).fill(undefined);
  const placed = new Uint32Array(counts.length);
  for (let n = 0; n < nodes.length; n++) {
    const transitions = nodes[n].transitions;
    for (let i = 0; i < transitions.length; i++) {
      const transition = transitions[i];
      const target = transition.target;
      if (!target || target.nodeType === NodeType.PostCallActions) continue;
      const index = target.index;
      const list = (lists[index] ??= new Array<PearlTransition>(counts[index]));
      list[placed[index]++] = transition;
    }
  }
  return { allNodes, entry: preCall ?? opening, incoming: new IncomingTransitions(nodes, lists) };
}

/**
 * {@link PearlModel.incoming}: the lists of incoming transitions by the target's index in
 * `pearl.nodes` (a map keyed by the node objects gave each node an identity hash on every parse).
 * Keys are the top-level nodes, in document order.
 */
class IncomingTransitions implements ReadonlyMap<PearlNode, readonly PearlTransition[]> {
  private count = -1;

  /**
   * @param nodes The model's top-level nodes, in document order.
   * @param lists The transitions into the node of each index of `pearl.nodes` (undefined: none).
   */
  constructor(
    private readonly nodes: readonly PearlNode[],
    private readonly lists: readonly (readonly PearlTransition[] | undefined)[],
  ) {}

  get(node: PearlNode): readonly PearlTransition[] | undefined {
    // Only a top-level node of this model has a list (a nested action shares indexes with them).
    return !node.container && this.nodes[this.position(node)] === node ? this.lists[node.index] : undefined;
  }

  has(node: PearlNode): boolean {
    return this.get(node) !== undefined;
  }

  get size(): number {
    if (this.count < 0) this.count = this.lists.reduce((sum, list) => sum + (list ? 1 : 0), 0);
    return this.count;
  }

  *entries(): MapIterator<[PearlNode, readonly PearlTransition[]]> {
    for (const node of this.nodes) {
      const list = this.get(node);
      if (list) yield [node, list];
    }
  }

  *keys(): MapIterator<PearlNode> {
    for (const [node] of this.entries()) yield node;
  }

  *values(): MapIterator<readonly PearlTransition[]> {
    for (const [, list] of this.entries()) yield list;
  }

  [Symbol.iterator](): MapIterator<[PearlNode, readonly PearlTransition[]]> {
    return this.entries();
  }

  forEach(
    callback: (value: readonly PearlTransition[], key: PearlNode, map: ReadonlyMap<PearlNode, readonly PearlTransition[]>) => void,
  ): void {
    for (const [node, list] of this.entries()) callback(list, node, this);
  }

  /** The position of `node` in {@link nodes}: its index in `pearl.nodes` when every element is a node, else found by a search. */
  private position(node: PearlNode): number {
    const index = node.index;
    if (this.nodes[index] === node) return index;
    // Elements that are not objects are not nodes: the node sits earlier in the list.
    let low = 0;
    let high = Math.min(index, this.nodes.length - 1);
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (this.nodes[mid].index < index) low = mid + 1;
      else high = mid;
    }
    return low;
  }
}

/** The nested actions of `node` at any depth. */
function countNested(node: PearlNode): number {
  let count = node.nested.length;
  for (const nested of node.nested) if (nested.nested.length > 0) count += countNested(nested);
  return count;
}

/** The transitions of `allNodes` by their `toNodeId`, in document order. */
function groupByTarget(allNodes: readonly PearlNode[]): Map<string, PearlTransition[]> {
  const byTarget = new Map<string, PearlTransition[]>();
  for (const node of allNodes) {
    for (const transition of node.transitions) {
      if (transition.toNodeId === undefined) continue;
      let list = byTarget.get(transition.toNodeId);
      if (!list) byTarget.set(transition.toNodeId, (list = []));
      list.push(transition);
    }
  }
  return byTarget;
}

function stringOf(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function numberOf(value: unknown): number | undefined {
  return typeof value === 'number' ? value : undefined;
}

/**
 * The value node of `key` of a model object (its syntax tree built on first use), or undefined when
 * the object's value has no such key.
 */
function memberNode(object: { readonly value: JsonObject; readonly node: JsonNode }, key: string): JsonNode | undefined {
  return key in object.value ? getPropertyNode(object.node, key) : undefined;
}

/**
 * The syntax of the nodes, transitions and variables a feature asked for (hover, references, the
 * outline), kept aside: a field of its own on every node and transition made each larger, for the few
 * a feature reads, which it reads again on each request (a hover on a `toNodeId` compares the
 * syntax of every transition to that id).
 */
const syntaxNodes = new WeakMap<PearlNode | PearlTransition | PearlVariable, JsonNode>();

/** The object node of `object` in `tree` (built on first use), found once per object. */
function syntaxOf(object: PearlNode | PearlTransition | PearlVariable, tree: SyntaxTree): JsonNode {
  let node = syntaxNodes.get(object);
  if (!node) {
    node = tree.modelNode(object.path);
    syntaxNodes.set(object, node);
  }
  return node;
}

/*
 * The model's classes declare their fields (`declare`: nothing emitted) and assign each in the
 * constructor, every field of a class in the same order: a class field with an initializer compiles
 * to a define in a separate initializer function, which made each object of a large Pearl's model
 * (and of every small file pearl-lint checks, in code not yet optimised) a quarter slower to build.
 */

class ModelVariable implements PearlVariable {
  declare private readonly tree: SyntaxTree;
  declare readonly value: JsonObject;
  declare private readonly index: number;
  declare readonly id: string | undefined;
  declare readonly name: string | undefined;
  declare readonly group: number | undefined;
  declare readonly type: number | undefined;
  /** The path, made on first read. */
  declare private keptPath: JsonPath | undefined;

  /** A variable is given its index in `variables`. */
  constructor(tree: SyntaxTree, value: JsonObject, index: number) {
    this.tree = tree;
    this.value = value;
    this.index = index;
    this.id = stringOf(value.id);
    this.name = stringOf(value.name);
    this.group = numberOf(value.group);
    this.type = numberOf(value.type);
    this.keptPath = undefined;
  }

  get path(): JsonPath {
    this.keptPath ??= ['variables', this.index];
    return this.keptPath;
  }

  get node(): JsonNode {
    return syntaxOf(this, this.tree);
  }

  get idNode(): JsonNode | undefined {
    return memberNode(this, 'id');
  }
}

/**
 * A transition: the most numerous model object (several per node), so it holds only what the
 * rules read of every transition (its value, source, index, toNodeId, target). Its path, name and
 * `apiResult` are read from those on each use, its syntax kept aside ({@link syntaxNodes}): each
 * field fewer is 8 bytes per transition for the garbage collector to copy while a large Pearl's
 * check runs (see {@link ModelNode}).
 */
class ModelTransition implements PearlTransition {
  declare readonly value: JsonObject;
  declare readonly source: ModelNode;
  declare private readonly index: number;
  declare readonly toNodeId: string | undefined;
  /** Set by deriveGraphFacts. */
  declare target: PearlNode | undefined;

  /** A transition is given its source and its index in `transitions`. */
  constructor(value: JsonObject, source: ModelNode, index: number) {
    this.value = value;
    this.source = source;
    this.index = index;
    this.toNodeId = stringOf(value.toNodeId);
    this.target = undefined;
  }

  get name(): string | undefined {
    return stringOf(this.value.name);
  }

  get apiResult(): number | undefined {
    return numberOf(this.value.apiResult);
  }

  /** Its node's path, `'transitions'`, its index: a new array on each read. */
  get path(): JsonPath {
    return childPath(this.source.path, 'transitions', this.index);
  }

  get node(): JsonNode {
    return syntaxOf(this, this.source.tree);
  }

  get nameNode(): JsonNode | undefined {
    return memberNode(this, 'name');
  }

  get toNodeIdNode(): JsonNode | undefined {
    return memberNode(this, 'toNodeId');
  }

  get apiResultNode(): JsonNode | undefined {
    return memberNode(this, 'apiResult');
  }
}

/** What the nodes of one list share: the parse's syntax tree, the list's path, and for a nested list the node that holds it. */
class NodeList {
  constructor(
    readonly tree: SyntaxTree,
    readonly path: JsonPath,
    readonly container: PearlNode['container'],
  ) {}
}

/**
 * A node: as few fields as the rules read of every node (its list, value, index, nodeId, nodeType,
 * transitions and nested actions, and its path once made); its name and container are read from
 * those on each use, its syntax kept aside ({@link syntaxNodes}). Besides the parsed value, a large Pearl's model is most of what a check
 * keeps alive, and what is alive when the young generation fills is copied: each byte a node holds
 * is paid again by every check of a large Pearl.
 */
class ModelNode implements PearlNode {
  declare private readonly list: NodeList;
  declare readonly value: JsonObject;
  declare readonly index: number;
  declare readonly nodeId: string | undefined;
  declare readonly nodeType: number | undefined;
  /** Set by {@link readNode}, at their final length (most nodes have no nested actions: they share one empty list). */
  declare transitions: readonly PearlTransition[];
  declare nested: readonly PearlNode[];
  /**
   * The path, made on first read and kept: the model outlives a parse (a keystroke in a string
   * patches the parse and keeps its model), and rules that run on every keystroke read the paths
   * of the nodes with settings.
   */
  declare private keptPath: JsonPath | undefined;

  /** A node is given its list and its index there. */
  constructor(list: NodeList, value: JsonObject, index: number) {
    this.list = list;
    this.value = value;
    this.index = index;
    this.nodeId = stringOf(value.nodeId);
    this.nodeType = numberOf(value.nodeType);
    this.transitions = noTransitions;
    this.nested = noNodes;
    this.keptPath = undefined;
  }

  /** The parse's syntax tree (built on first use), which the node's transitions read too. */
  get tree(): SyntaxTree {
    return this.list.tree;
  }

  get container(): PearlNode['container'] {
    return this.list.container;
  }

  get name(): string | undefined {
    return stringOf(this.value.name);
  }

  /** Its list's path and its index. */
  get path(): JsonPath {
    this.keptPath ??= childPath(this.list.path, this.index);
    return this.keptPath;
  }

  get node(): JsonNode {
    return syntaxOf(this, this.list.tree);
  }

  get nodeIdNode(): JsonNode | undefined {
    return memberNode(this, 'nodeId');
  }

  get nameNode(): JsonNode | undefined {
    return memberNode(this, 'name');
  }

  get nodeTypeNode(): JsonNode | undefined {
    return memberNode(this, 'nodeType');
  }
}

/**
 * Reads the node objects of `list` (the value at `path`) into `into` from `at` on, and gives the
 * position after the last; other elements are skipped, keeping each node's index. A node's path
 * is made from `path` and its index when first read. `into` is made at its final length
 * ({@link countObjects}): grown by `push`, a list of 5,000 nodes was copied some 20 times.
 */
function readNodes(
  tree: SyntaxTree,
  list: unknown,
  path: JsonPath,
  container: PearlNode['container'],
  into: PearlNode[],
  at: number,
): number {
  if (!Array.isArray(list)) return at;
  const shared = new NodeList(tree, path, container);
  for (let index = 0; index < list.length; index++) {
    const element: unknown = list[index];
    if (isJsonObject(element)) into[at++] = readNode(shared, element, index);
  }
  return at;
}

/** How many elements of `list` are objects (0 when it is not an array). */
function countObjects(list: unknown): number {
  if (!Array.isArray(list)) return 0;
  let count = 0;
  for (let i = 0; i < list.length; i++) if (isJsonObject(list[i])) count++;
  return count;
}

const noTransitions: readonly PearlTransition[] = [];
const noNodes: readonly PearlNode[] = [];

/** The node `value`, element `index` of `list`. */
function readNode(list: NodeList, value: JsonObject, index: number): ModelNode {
  const result = new ModelNode(list, value, index);
  const tree = list.tree;
  const transitions = value.transitions;
  if (Array.isArray(transitions) && transitions.length > 0) {
    // Made at its final length (an array grown by `push` gets room for 16 more).
    let objects = 0;
    for (let i = 0; i < transitions.length; i++) if (isJsonObject(transitions[i])) objects++;
    const read = new Array<PearlTransition>(objects);
    let at = 0;
    for (let i = 0; i < transitions.length; i++) {
      const transition: unknown = transitions[i];
      if (isJsonObject(transition)) read[at++] = new ModelTransition(transition, result, i);
    }
    result.transitions = read;
  }
  // Most nodes hold neither list: no path is made for one that is absent.
  const { handOffAction, postCallActions } = value;
  if (Array.isArray(handOffAction) || Array.isArray(postCallActions)) {
    const nested = new Array<PearlNode>(countObjects(handOffAction) + countObjects(postCallActions));
    const path = result.path;
    let at = 0;
    if (Array.isArray(handOffAction)) {
      at = readNodes(tree, handOffAction, childPath(path, 'handOffAction'), { node: result, list: 'handOffAction' }, nested, at);
    }
    if (Array.isArray(postCallActions)) {
      readNodes(tree, postCallActions, childPath(path, 'postCallActions'), { node: result, list: 'postCallActions' }, nested, at);
    }
    result.nested = nested;
  }
  return result;
}
