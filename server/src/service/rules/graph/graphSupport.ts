import type { Diagnostic } from 'vscode-languageserver-types';
import { createDiagnostic, type DiagnosticOptions, keySpan, lineAt, openingSpan, type TextSpan, valueSpan } from '../diagnostics';
import {
  type JsonObject,
  type JsonPath,
  NodeType,
  type PearlDocument,
  type PearlNode,
  type PearlTransition,
  perParse,
} from '../../document/pearlDocument';
import { nodeTypeNames } from '../../interface/enumNames';
import type { DiagnosticRule } from '../ruleModule';

/**
 * What the graph rule modules share (docs/interface.md § Graph rules; docs/rulings.md § Graph):
 * where a diagnostic about a node or a transition goes, how a message names a node, and the facts
 * of the graph that several rules read, computed once per parse (the nodes without nodeId, the
 * toNodeIds that name no node, the two path searches). A new graph rule uses these and changes
 * nothing here. Everything reads the parsed value and the model's derived facts, never the syntax
 * tree, and is linear in nodes plus transitions.
 */

/** Whether the graph rules check `doc`: a text Pearl with a `pearl` object. */
export function hasGraph(doc: PearlDocument): boolean {
  return doc.kind === 'text' && doc.pearlValue !== undefined;
}

/** Appends the diagnostic of `rule` at `span` to `diagnostics`. */
export function report(
  doc: PearlDocument,
  diagnostics: Diagnostic[],
  span: TextSpan,
  rule: DiagnosticRule,
  message: string,
  options?: DiagnosticOptions,
): void {
  diagnostics.push(createDiagnostic(doc, span, rule, message, options));
}

/** Where a diagnostic about a whole node goes: the first of these the node sets, else its `{`. */
const nodeKeys: readonly string[] = ['nodeId', 'name', 'nodeType'];
/** Where a diagnostic about a node's type goes. */
const typeKeys: readonly string[] = ['nodeType', 'nodeId', 'name'];
/** Where a diagnostic about a transition as a whole goes. */
export const transitionKeys: readonly string[] = ['name', 'toNodeId'];

/** Where a diagnostic about a whole node goes: its nodeId, else its name, else its nodeType, else `{`. */
export function nodeSpan(doc: PearlDocument, node: PearlNode): TextSpan {
  return firstSetSpan(doc, node.value, node.path, nodeKeys);
}

/** Where a diagnostic about a node's type goes: its nodeType value, else {@link nodeSpan}. */
export function typeSpan(doc: PearlDocument, node: PearlNode): TextSpan {
  return firstSetSpan(doc, node.value, node.path, typeKeys);
}

/** Where a diagnostic about the graph as a whole goes: the `nodes` key, else the `pearl` key. */
export function nodesKeySpan(doc: PearlDocument): TextSpan {
  return doc.locate(['pearl', 'nodes'])?.key ?? keySpan(doc, ['pearl']);
}

/**
 * The span of the value of the first of `keys` that `object` (the object at `path`, as sent) sets,
 * else of its opening `{`.
 */
export function firstSetSpan(doc: PearlDocument, object: JsonObject, path: JsonPath, keys: readonly string[]): TextSpan {
  for (const key of keys) if (object[key] !== undefined) return valueSpan(doc, [...path, key]);
  return openingSpan(doc, path);
}

/** `Dialogue node 'talk'`: by nodeId, else by name, else by the line it starts on. */
export function describeNode(doc: PearlDocument, node: PearlNode): string {
  const label = node.nodeId !== undefined ? `'${node.nodeId}'` : node.name !== undefined ? `'${node.name}'` : lineOf(doc, node);
  const type = typeOf(node);
  return `${type === 'node' ? 'Node' : type} ${label}`;
}

/** `Dialogue node`, `node` when the type is unknown. */
export function typeOf(node: PearlNode): string {
  const type = node.nodeType !== undefined ? nodeTypeNames[node.nodeType] : undefined;
  return type ? `${type} node` : 'node';
}

/** `on line 12`: the line `node` starts on. */
export function lineOf(doc: PearlDocument, node: PearlNode): string {
  return `on line ${lineAt(doc, node.path)}`;
}

/** How a message counts the `position`-th (from 1) of something there should be one of: `the second`, then `number 3`. */
export function ordinal(position: number): string {
  return position === 2 ? 'the second' : `number ${position}`;
}

/** The facts of one parse's graph that several rules read (see {@link graphFacts}). */
export interface GraphFacts {
  /** Top-level nodes without a nodeId: an unresolved toNodeId may target any of them (its server-derived id). */
  readonly withoutNodeId: readonly PearlNode[];
  /** Nodes with a transition whose toNodeId names no node, while some node has no nodeId. */
  readonly unresolvedSources: ReadonlySet<PearlNode>;
  /** The first nested action of each nodeId; undefined when no node has nested actions. */
  readonly nestedById: ReadonlyMap<string, PearlNode> | undefined;
}

/**
 * The {@link GraphFacts} of `doc`, computed on the first call for a parse (one pass over the nodes
 * and their transitions) and kept with it.
 */
export function graphFacts(doc: PearlDocument): GraphFacts {
  return perParse(doc.modelCache, doc.parseId, 'graphFacts', () => readGraphFacts(doc));
}

/** The {@link GraphFacts} of `doc`, computed. */
function readGraphFacts(doc: PearlDocument): GraphFacts {
  const withoutNodeId = doc.nodes.filter((node) => node.nodeId === undefined);
  const nestedById = doc.allNodes.length > doc.nodes.length ? firstNestedById(doc.allNodes) : undefined;
  const unresolvedSources = new Set<PearlNode>();
  if (withoutNodeId.length > 0) {
    for (const node of doc.nodes) {
      for (const transition of node.transitions) {
        if (isUnresolved(doc, transition, nestedById)) {
          unresolvedSources.add(node);
          break;
        }
      }
    }
  }
  return { withoutNodeId, unresolvedSources, nestedById };
}

/** Whether the toNodeId of `transition` names no node at all, top-level or nested. */
function isUnresolved(doc: PearlDocument, transition: PearlTransition, nestedById: ReadonlyMap<string, PearlNode> | undefined): boolean {
  const id = transition.toNodeId;
  return id !== undefined && !transition.target && !doc.nodesById.has(id) && !nestedById?.has(id);
}

/**
 * The first node whose nodeId is `id`, in document order (each top-level node followed by its
 * nested actions), nested actions included.
 */
export function firstWithId(doc: PearlDocument, id: string): PearlNode | undefined {
  const topLevel = doc.nodesById.get(id);
  const nested = graphFacts(doc).nestedById?.get(id);
  if (!topLevel || !nested) return topLevel ?? nested;
  // A top-level node comes before its own nested actions.
  return topLevelOf(nested).index < topLevel.index ? nested : topLevel;
}

/** The first nested action of each nodeId among `allNodes` (in document order). */
function firstNestedById(allNodes: readonly PearlNode[]): Map<string, PearlNode> {
  const byId = new Map<string, PearlNode>();
  for (const node of allNodes) {
    if (node.container && node.nodeId !== undefined && !byId.has(node.nodeId)) byId.set(node.nodeId, node);
  }
  return byId;
}

/** The top-level node that holds `node` (through its containers), or `node` itself. */
function topLevelOf(node: PearlNode): PearlNode {
  let top = node;
  while (top.container) top = top.container.node;
  return top;
}

/** The first EndCall node of `doc` among the top-level nodes. */
export function findEndCall(doc: PearlDocument): PearlNode | undefined {
  return doc.nodes.find((node) => node.nodeType === NodeType.EndCall);
}

/** The name of a transition the quick fixes add to the EndCall node (unique within its node). */
export const endTransitionName = 'End the conversation';

/** The EndCall node transitions can name, for a quick fix: the first, with a nodeId it holds. */
export function findEndCallTarget(doc: PearlDocument): (PearlNode & { nodeId: string }) | undefined {
  const endCall = findEndCall(doc);
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
  readonly reached: readonly PearlNode[];
  /** {@link reachedFromEntry} and {@link reachesEndCall} of each top-level node, by its index. */
  readonly flags: Uint8Array;
}

const noTransitions: readonly PearlTransition[] = [];

/**
 * The path searches of `doc` (undefined when it has no entry), computed on the first call for a parse and
 * kept with it: a breadth-first search forward from the entry, and one backward from the EndCall
 * node when there is one. Transition targets, incoming sources and the nodes without nodeId are
 * all top-level, marked by index in one byte array. A toNodeId that names no node while some node
 * has no nodeId may lead to each of those (its id is derived from its name): the searches take it
 * so, so that no Error follows from that uncertainty.
 */
export function graphPaths(doc: PearlDocument): GraphPaths | undefined {
  const entry = doc.entry;
  return entry && perParse(doc.modelCache, doc.parseId, 'graphPaths', () => findGraphPaths(doc, entry));
}

/** The {@link GraphPaths} of `doc`, whose entry node is `entry`, computed. */
function findGraphPaths(doc: PearlDocument, entry: PearlNode): GraphPaths {
  const nodes = doc.nodes;
  const { withoutNodeId, unresolvedSources } = graphFacts(doc);
  const flags = new Uint8Array(nodes[nodes.length - 1].index + 1);
  const reached: PearlNode[] = [];
  enqueue(entry, reachedFromEntry, flags, reached);
  // An unresolved toNodeId may lead to any node without nodeId: all of them, once.
  let reachedWithoutNodeId = false;
  for (let i = 0; i < reached.length; i++) {
    const node = reached[i];
    for (const transition of node.transitions) enqueue(transition.target, reachedFromEntry, flags, reached);
    if (!reachedWithoutNodeId && unresolvedSources.has(node)) {
      reachedWithoutNodeId = true;
      for (const next of withoutNodeId) enqueue(next, reachedFromEntry, flags, reached);
    }
  }
  const endCall = findEndCall(doc);
  if (endCall) {
    const reachingEnd: PearlNode[] = [];
    enqueue(endCall, reachesEndCall, flags, reachingEnd);
    // A node without nodeId that reaches EndCall may be what each unresolved toNodeId names.
    let sourcesAdded = false;
    for (let i = 0; i < reachingEnd.length; i++) {
      const node = reachingEnd[i];
      for (const transition of doc.incoming.get(node) ?? noTransitions) enqueue(transition.source, reachesEndCall, flags, reachingEnd);
      if (!sourcesAdded && node.nodeId === undefined && !node.container) {
        sourcesAdded = true;
        for (const source of unresolvedSources) enqueue(source, reachesEndCall, flags, reachingEnd);
      }
    }
  }
  return { reached, flags };
}

/** Appends `node` to `order` and sets `flag` for it in `flags` (by its index), unless the flag is set already. */
function enqueue(node: PearlNode | undefined, flag: number, flags: Uint8Array, order: PearlNode[]): void {
  if (!node || flags[node.index] & flag) return;
  flags[node.index] |= flag;
  order.push(node);
}
