import type { Diagnostic } from 'vscode-languageserver-types';
import { NodeType, type PearlDocument, type PearlNode } from '../../document/pearlDocument';
import { nodeTypeNames } from '../../interface/enumNames';
import type {
  DiagnosticRule,
  ReportSpan,
  StructuralModel,
  StructuralNode,
  StructuralReportOptions,
  StructuralTransition,
} from '../ruleModule';

/**
 * What the graph rule modules share (docs/interface.md § Graph rules; docs/rulings.md § Graph):
 * where a diagnostic about a node or a transition goes, how a message names a node, and the facts
 * of the graph that several rules read, computed once per parse (the nodes without nodeId, the
 * toNodeIds that name no node, the two path searches). A new graph rule uses these and changes
 * nothing here. The checks are kept while typing in strings (KeptRuleModule, ruleModule.ts): they
 * read the StructuralModel of the parse, never a string value, the text or the syntax tree, and are
 * linear in nodes plus transitions. Their quick fixes read the whole parse.
 */

/** Whether the graph rules check the document: a text Pearl with a `pearl` object. */
export function hasGraph(graph: StructuralModel): boolean {
  return graph.kind === 'text' && graph.jsonTypeAt(['pearl']) === 'object';
}

/** Appends the diagnostic of `rule` at `span` to `diagnostics`. */
export function report(
  graph: StructuralModel,
  diagnostics: Diagnostic[],
  span: ReportSpan,
  rule: DiagnosticRule,
  message: string,
  options?: StructuralReportOptions,
): void {
  graph.report(diagnostics, span, rule, message, options);
}

/** Where a diagnostic about a whole node goes: the first of these the node sets, else its `{`. */
const nodeKeys: readonly string[] = ['nodeId', 'name', 'nodeType'];
/** Where a diagnostic about a node's type goes. */
const typeKeys: readonly string[] = ['nodeType', 'nodeId', 'name'];
/** Where a diagnostic about a transition as a whole goes. */
export const transitionKeys: readonly string[] = ['name', 'toNodeId'];

/** Where a diagnostic about a whole node goes: its nodeId, else its name, else its nodeType, else `{`. */
export function nodeSpan(graph: StructuralModel, node: StructuralNode): ReportSpan {
  return firstSetSpan(graph, node, nodeKeys);
}

/** Where a diagnostic about a node's type goes: its nodeType value, else {@link nodeSpan}. */
export function typeSpan(graph: StructuralModel, node: StructuralNode): ReportSpan {
  return firstSetSpan(graph, node, typeKeys);
}

/** Where a diagnostic about the graph as a whole goes: the `nodes` key, else the `pearl` key. */
export function nodesKeySpan(graph: StructuralModel): ReportSpan {
  return graph.propertyKeySpan(['pearl', 'nodes']) ?? graph.keySpan(['pearl']);
}

/** The span of the value of the first of `keys` that `object` (a node or transition) sets, else of its opening `{`. */
export function firstSetSpan(graph: StructuralModel, object: StructuralNode | StructuralTransition, keys: readonly string[]): ReportSpan {
  for (const key of keys) if (graph.typeOfKey(object, key) !== undefined) return graph.valueSpan([...object.path, key]);
  return graph.openingSpan(object.path);
}

/** `Dialogue node 'talk'`: by nodeId, else by name, else by the line it starts on. */
export function describeNode(graph: StructuralModel, node: StructuralNode): string {
  const label = node.nodeId !== undefined ? `'${node.nodeId}'` : node.name !== undefined ? `'${node.name}'` : lineOf(graph, node);
  const type = typeOf(node);
  return `${type === 'node' ? 'Node' : type} ${label}`;
}

/** `Dialogue node`, `node` when the type is unknown. */
export function typeOf(node: StructuralNode): string {
  const type = node.nodeType !== undefined ? nodeTypeNames[node.nodeType] : undefined;
  return type ? `${type} node` : 'node';
}

/** `on line 12`: the line `node` starts on. */
export function lineOf(graph: StructuralModel, node: StructuralNode): string {
  return `on line ${graph.lineAt(node.path)}`;
}

/** How a message counts the `position`-th (from 1) of something there should be one of: `the second`, then `number 3`. */
export function ordinal(position: number): string {
  return position === 2 ? 'the second' : `number ${position}`;
}

/** The facts of one parse's graph that several rules read (see {@link graphFacts}). */
export interface GraphFacts {
  /** Top-level nodes without a nodeId: an unresolved toNodeId may target any of them (its server-derived id). */
  readonly withoutNodeId: readonly StructuralNode[];
  /** Nodes with a transition whose toNodeId names no node, while some node has no nodeId. */
  readonly unresolvedSources: ReadonlySet<StructuralNode>;
  /** The first nested action of each nodeId; undefined when no node has nested actions. */
  readonly nestedById: ReadonlyMap<string, StructuralNode> | undefined;
}

/**
 * The {@link GraphFacts} of `graph`, computed on the first call for a parse (one pass over the nodes
 * and their transitions) and kept with it.
 */
export function graphFacts(graph: StructuralModel): GraphFacts {
  return graph.perParse('graphFacts', () => readGraphFacts(graph));
}

/** The {@link GraphFacts} of `graph`, computed. */
function readGraphFacts(graph: StructuralModel): GraphFacts {
  const withoutNodeId = graph.nodes.filter((node) => node.nodeId === undefined);
  const nestedById = graph.allNodes.length > graph.nodes.length ? firstNestedById(graph.allNodes) : undefined;
  const unresolvedSources = new Set<StructuralNode>();
  if (withoutNodeId.length > 0) {
    for (const node of graph.nodes) {
      for (const transition of node.transitions) {
        if (isUnresolved(graph, transition, nestedById)) {
          unresolvedSources.add(node);
          break;
        }
      }
    }
  }
  return { withoutNodeId, unresolvedSources, nestedById };
}

/** Whether the toNodeId of `transition` names no node at all, top-level or nested. */
function isUnresolved(
  graph: StructuralModel,
  transition: StructuralTransition,
  nestedById: ReadonlyMap<string, StructuralNode> | undefined,
): boolean {
  const id = transition.toNodeId;
  return id !== undefined && !transition.target && !graph.nodesById.has(id) && !nestedById?.has(id);
}

/**
 * The first node whose nodeId is `id`, in document order (each top-level node followed by its
 * nested actions), nested actions included. `facts`, the {@link graphFacts} of `graph`, when the
 * caller has them (a loop over every node: each read of them makes a closure).
 */
export function firstWithId(graph: StructuralModel, id: string, facts?: GraphFacts): StructuralNode | undefined {
  const topLevel = graph.nodesById.get(id);
  const nested = (facts ?? graphFacts(graph)).nestedById?.get(id);
  if (!topLevel || !nested) return topLevel ?? nested;
  // A top-level node comes before its own nested actions.
  return topLevelOf(nested).index < topLevel.index ? nested : topLevel;
}

/** The first nested action of each nodeId among `allNodes` (in document order). */
function firstNestedById(allNodes: readonly StructuralNode[]): Map<string, StructuralNode> {
  const byId = new Map<string, StructuralNode>();
  for (const node of allNodes) {
    if (node.container && node.nodeId !== undefined && !byId.has(node.nodeId)) byId.set(node.nodeId, node);
  }
  return byId;
}

/** The top-level node that holds `node` (through its containers), or `node` itself. */
function topLevelOf(node: StructuralNode): StructuralNode {
  let top = node;
  while (top.container) top = top.container.node;
  return top;
}

/** The first EndCall node among the top-level `nodes` (a graph's or a parse's). */
export function findEndCall<N extends StructuralNode>(nodes: readonly N[]): N | undefined {
  return nodes.find((node) => node.nodeType === NodeType.EndCall);
}

/** The name of a transition the quick fixes add to the EndCall node (unique within its node). */
export const endTransitionName = 'End the conversation';

/** The EndCall node transitions can name, for a quick fix: the first, with a nodeId it holds. */
export function findEndCallTarget(doc: PearlDocument): (PearlNode & { nodeId: string }) | undefined {
  const endCall = findEndCall(doc.nodes);
  return endCall?.nodeId !== undefined && doc.nodesById.get(endCall.nodeId) === endCall
    ? (endCall as PearlNode & { nodeId: string })
    : undefined;
}

/** Flags of a top-level node in {@link GraphPaths.flags}, by its index in `pearl.nodes`. */
export const reachedFromEntry = 1;
export const reachesEndCall = 2;

/** What the two path searches of one parse found (see {@link graphPaths}). */
export interface GraphPaths {
  /** The top-level nodes reachable from the entry, in the order the search reached them. */
  readonly reached: readonly StructuralNode[];
  /** {@link reachedFromEntry} and {@link reachesEndCall} of each top-level node, by its index. */
  readonly flags: Uint8Array;
}

const noTransitions: readonly StructuralTransition[] = [];

/**
 * The path searches of `graph` (undefined when it has no entry), computed on the first call for a parse and
 * kept with it: a breadth-first search forward from the entry, and one backward from the EndCall
 * node when there is one. Transition targets, incoming sources and the nodes without nodeId are
 * all top-level, marked by index in one byte array. A toNodeId that names no node while some node
 * has no nodeId may lead to each of those (its id is derived from its name): the searches take it
 * so, so that no Error follows from that uncertainty.
 */
export function graphPaths(graph: StructuralModel): GraphPaths | undefined {
  const entry = graph.entry;
  return entry && graph.perParse('graphPaths', () => findGraphPaths(graph, entry));
}

/** The {@link GraphPaths} of `graph`, whose entry node is `entry`, computed. */
function findGraphPaths(graph: StructuralModel, entry: StructuralNode): GraphPaths {
  const nodes = graph.nodes;
  const { withoutNodeId, unresolvedSources } = graphFacts(graph);
  const flags = new Uint8Array(nodes[nodes.length - 1].index + 1);
  const reached: StructuralNode[] = [];
  enqueue(entry, reachedFromEntry, flags, reached);
  // An unresolved toNodeId may lead to any node without nodeId: all of them, once.
  let reachedWithoutNodeId = false;
  for (let i = 0; i < reached.length; i++) {
    const node = reached[i];
    for (let t = 0; t < node.transitions.length; t++) {
      const transition = node.transitions[t];
      enqueue(transition.target, reachedFromEntry, flags, reached);
    }
    if (!reachedWithoutNodeId && unresolvedSources.has(node)) {
      reachedWithoutNodeId = true;
      for (let k = 0; k < withoutNodeId.length; k++) {
        const next = withoutNodeId[k];
        enqueue(next, reachedFromEntry, flags, reached);
      }
    }
  }
  const endCall = findEndCall(graph.nodes);
  if (endCall) {
    const reachingEnd: StructuralNode[] = [];
    enqueue(endCall, reachesEndCall, flags, reachingEnd);
    // A node without nodeId that reaches EndCall may be what each unresolved toNodeId names.
    let sourcesAdded = false;
    for (let i = 0; i < reachingEnd.length; i++) {
      const node = reachingEnd[i];
      const incomingTransitions = graph.incoming.get(node) ?? noTransitions;
      for (let t = 0; t < incomingTransitions.length; t++) {
        const transition = incomingTransitions[t];
        enqueue(transition.source, reachesEndCall, flags, reachingEnd);
      }
      if (!sourcesAdded && node.nodeId === undefined && !node.container) {
        sourcesAdded = true;
        for (const source of unresolvedSources) enqueue(source, reachesEndCall, flags, reachingEnd);
      }
    }
  }
  return { reached, flags };
}

/** Appends `node` to `order` and sets `flag` for it in `flags` (by its index), unless the flag is set already. */
function enqueue(node: StructuralNode | undefined, flag: number, flags: Uint8Array, order: StructuralNode[]): void {
  if (!node || flags[node.index] & flag) return;
  flags[node.index] |= flag;
  order.push(node);
}
