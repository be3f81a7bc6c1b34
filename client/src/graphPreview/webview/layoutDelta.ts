/**
 * A layout told as its changes from the one before (what the layout worker posts after a small
 * edit), how the page applies it, and the identities and equality it rests on.
 */
import type { PearlGraph, PearlGraphNode } from '#protocol/graphTypes';
import { type GraphLayout, type LaidOutEdge, type LaidOutNode, type Rect, sameBox } from './graphLayout';

/**
 * A layout told as its changes from a base layout (the one the page named as `previous`, which it
 * holds), for the graph the page asked to lay out (which it holds too): each node and transition
 * is a new entry; or the index of the base's entry when that one is unchanged; or, when only its
 * keys changed (a node removed or inserted above renumbers the nodes after it, `n:<index>`), the
 * index of the base's entry and that of the node or transition it now draws in the graph
 * ({@link MovedEntry}). After a small edit of a large graph this is a few entries and many
 * numbers, far less for the worker to post and the page to receive than the whole layout (a node
 * removed near the top of a 500-node hub renumbers about 1,300 nodes and transitions).
 */
export interface LayoutDelta {
  /** The `seq` of the base layout's request. */
  readonly base: number;
  readonly width: number;
  readonly height: number;
  readonly nodes: readonly (LaidOutNode | number | MovedEntry)[];
  readonly edges: readonly (LaidOutEdge | number | MovedEntry)[];
}

/**
 * A base layout's entry drawn alike for another node or transition (same identity, new key): the
 * entry's index in the base layout (`from`) and the index of what it draws now in the graph laid
 * out (`now`: in its `nodes`, or its `edges`).
 */
export interface MovedEntry {
  readonly from: number;
  readonly now: number;
}

/** Whether `layout` is a {@link LayoutDelta}. */
export function isLayoutDelta(layout: GraphLayout | LayoutDelta): layout is LayoutDelta {
  return 'base' in layout;
}

/**
 * What a node is across edits, by key: `id:<nodeId>` when its nodeId is unique in `nodes`, else
 * `key:<key>`; a nested action's under its parent's (`<parent>/<own>`). Keys are indexes, which
 * shift when a node above is removed or inserted; identities do not.
 */
export function nodeIdentities(nodes: readonly PearlGraphNode[]): Map<string, string> {
  const count = new Map<string, number>();
  for (const node of nodes) if (node.nodeId) count.set(node.nodeId, (count.get(node.nodeId) ?? 0) + 1);
  const result = new Map<string, string>();
  for (const node of nodes) {
    const own = node.nodeId && count.get(node.nodeId) === 1 ? `id:${node.nodeId}` : `key:${node.key}`;
    result.set(node.key, node.parent ? `${result.get(node.parent.key) ?? node.parent.key}/${own}` : own);
  }
  return result;
}

/** Identity of each transition (by key): its ends' identities ({@link nodeIdentities}) and its rank among the transitions joining them. */
export function edgeIdentities(
  edges: readonly { key: string; source: string; target: string }[],
  nodes: ReadonlyMap<string, string>,
): Map<string, string> {
  const seen = new Map<string, number>();
  const result = new Map<string, string>();
  for (const edge of edges) {
    const pair = `${nodes.get(edge.source) ?? edge.source}\u0000${nodes.get(edge.target) ?? edge.target}`;
    const rank = seen.get(pair) ?? 0;
    seen.set(pair, rank + 1);
    result.set(edge.key, `${pair}\u0000${rank}`);
  }
  return result;
}

/** The identities of a layout's nodes and transitions ({@link nodeIdentities}, {@link edgeIdentities}), by key. */
export interface LayoutIdentities {
  readonly nodes: ReadonlyMap<string, string>;
  readonly edges: ReadonlyMap<string, string>;
}

/** {@link layoutIdentities} by layout (never changed once made): a layout is compared with the one before and the one after it. */
const identitiesOfLayout = new WeakMap<GraphLayout, LayoutIdentities>();

/**
 * Gives `layout` the identities its maker already computed, so that {@link layoutIdentities} need
 * not build them again: `identities` must be what {@link layoutIdentities} would compute (the
 * incremental layout has them from matching the new graph to the layout on screen).
 */
export function recordLayoutIdentities(layout: GraphLayout, identities: LayoutIdentities): void {
  identitiesOfLayout.set(layout, identities);
}

/** The identities of `layout`'s nodes and transitions, computed once per layout. */
export function layoutIdentities(layout: GraphLayout): LayoutIdentities {
  let identities = identitiesOfLayout.get(layout);
  if (identities === undefined) {
    const nodes = nodeIdentities(layout.nodes.map((laidOut) => laidOut.node));
    const edges = edgeIdentities(
      layout.edges.map((laidOut) => laidOut.edge),
      nodes,
    );
    identities = { nodes, edges };
    identitiesOfLayout.set(layout, identities);
  }
  return identities;
}

/**
 * The changes that make `next`, the layout of `graph`, from `base` (request `baseSeq`): entries
 * matched by identity ({@link nodeIdentities}, {@link edgeIdentities}) and drawn alike become the
 * base's index (with the index in `graph` of their node or transition when its keys changed; sent
 * whole when `graph` does not have it under its key, or has another version of it).
 */
export function diffLayout(base: GraphLayout, baseSeq: number, next: GraphLayout, graph: PearlGraph): LayoutDelta {
  const { nodes: oldIdentity, edges: oldEdgeIdentity } = layoutIdentities(base);
  const { nodes: newIdentity, edges: newEdgeIdentity } = layoutIdentities(next);
  const same = <T, D extends { readonly key: string }>(
    old: readonly T[],
    entries: readonly T[],
    dataOf: (entry: T) => D,
    identity: (data: D, before: boolean) => string,
    equal: (a: T, b: T) => boolean,
    sameKeys: (a: D, b: D) => boolean,
    inGraphOrder: readonly D[],
  ): (T | number | MovedEntry)[] => {
    const index = new Map(old.map((entry, position) => [identity(dataOf(entry), true), position] as const));
    let inGraph: Map<string, number> | undefined;
    return entries.map((entry) => {
      const position = index.get(identity(dataOf(entry), false));
      if (position === undefined || !(old[position] === entry || equal(old[position], entry))) return entry;
      const data = dataOf(entry);
      if (sameKeys(dataOf(old[position]), data)) return position;
      inGraph ??= new Map(inGraphOrder.map((item, at) => [item.key, at] as const));
      const now = inGraph.get(data.key);
      return now === undefined || !sameData(inGraphOrder[now], data) ? entry : { from: position, now };
    });
  };
  return {
    base: baseSeq,
    width: next.width,
    height: next.height,
    nodes: same(
      base.nodes,
      next.nodes,
      (laidOut) => laidOut.node,
      (node, before) => (before ? oldIdentity : newIdentity).get(node.key) ?? node.key,
      sameNodeDrawing,
      (a, b) => a.key === b.key && a.parent?.key === b.parent?.key,
      graph.nodes,
    ),
    edges: same(
      base.edges,
      next.edges,
      (laidOut) => laidOut.edge,
      (edge, before) => (before ? oldEdgeIdentity : newEdgeIdentity).get(edge.key) ?? edge.key,
      edgesEqual,
      (a, b) => a.key === b.key && a.source === b.source && a.target === b.target,
      graph.edges,
    ),
  };
}

/**
 * The one equality of laid-out nodes: whether `a` and `b` are drawn alike (box, header, type text,
 * family, depth, name lines, marks, and the node data a layout carries), their keys and their
 * parent's key aside (the diff matches renumbered nodes by identity first; the incremental layout
 * adds the key check to keep an entry).
 */
export function sameNodeDrawing(a: LaidOutNode, b: LaidOutNode): boolean {
  const [x, y] = [a.node, b.node];
  return (
    x.nodeId === y.nodeId &&
    x.name === y.name &&
    x.nodeType === y.nodeType &&
    x.typeName === y.typeName &&
    x.isEntry === y.isEntry &&
    x.cannotReachEnd === y.cannotReachEnd &&
    x.noIncoming === y.noIncoming &&
    x.parent?.list === y.parent?.list &&
    sameBox(a, b)
  );
}

/**
 * Whether two laid-out transitions are drawn alike (compared field by field: thousands per layout;
 * their keys aside, and their ranges, which a layout does not carry: `layoutInput`).
 */
function edgesEqual(a: LaidOutEdge, b: LaidOutEdge): boolean {
  const [x, y] = [a.edge, b.edge];
  if (x.name !== y.name || x.apiResult !== y.apiResult) return false;
  // A kept route is the same array: compared point by point only when it is not.
  if (
    a.points !== b.points &&
    (a.points.length !== b.points.length || a.points.some((point, index) => point.x !== b.points[index].x || point.y !== b.points[index].y))
  )
    return false;
  const sameRect = (s: Rect | undefined, t: Rect | undefined): boolean =>
    s === t || (s !== undefined && t !== undefined && s.x === t.x && s.y === t.y && s.width === t.width && s.height === t.height);
  if (!sameRect(a.label, b.label) || (a.label?.lines !== b.label?.lines && a.label?.lines.join('\n') !== b.label?.lines.join('\n')))
    return false;
  if (!sameRect(a.tag, b.tag)) return false;
  return a.tag === b.tag || (a.tag?.text === b.tag?.text && a.tag?.targetTitle === b.tag?.targetTitle && a.tag?.family === b.tag?.family);
}

/**
 * Whether two values of a graph (a node, a transition, their ranges and lists: data as posted,
 * without cycles) are equal, field by field and item by item, as `assert.deepStrictEqual` would
 * have them (the order of an object's fields aside). Cheap on the same object.
 */
export function sameData(a: unknown, b: unknown): boolean {
  return a === b || sameValues(a, b, false);
}

/**
 * The last two objects found equal inside others: the transitions of one graph share their range
 * (`layoutInput`, one object through `postMessage` too), so the range of every transition is
 * compared once per pair of graphs, not once per transition. Data as posted is never changed.
 */
let lastSame: readonly [object | undefined, object | undefined] = [undefined, undefined];

/** {@link sameData}; `nested` when `a` and `b` are values inside the objects compared, remembered in {@link lastSame}. */
function sameValues(a: unknown, b: unknown, nested: boolean): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (a === lastSame[0] && b === lastSame[1]) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    for (let index = 0; index < a.length; index++) if (!sameValues(a[index], b[index], true)) return false;
  } else {
    const [x, y] = [a as Record<string, unknown>, b as Record<string, unknown>];
    const fields = Object.keys(x);
    if (fields.length !== Object.keys(y).length) return false;
    for (const field of fields) if (!Object.hasOwn(y, field) || !sameValues(x[field], y[field], true)) return false;
  }
  if (nested) lastSame = [a, b];
  return true;
}

/**
 * The layout `delta` tells, from its base layout `base`, for `graph` (the graph laid out, as the
 * page asked): an unchanged entry is the base's own object; a moved one a copy of it with the
 * node or transition of `graph` it now draws (and a stub's tag its new target).
 */
export function applyLayoutDelta(base: GraphLayout, delta: LayoutDelta, graph: PearlGraph): GraphLayout {
  return {
    width: delta.width,
    height: delta.height,
    nodes: delta.nodes.map((entry) => {
      if (typeof entry === 'number') return base.nodes[entry];
      if ('from' in entry) return { ...base.nodes[entry.from], node: graph.nodes[entry.now] };
      return entry;
    }),
    edges: delta.edges.map((entry) => {
      if (typeof entry === 'number') return base.edges[entry];
      if (!('from' in entry)) return entry;
      const old = base.edges[entry.from];
      const edge = graph.edges[entry.now];
      return { ...old, edge, tag: old.tag && { ...old.tag, target: edge.target } };
    }),
  };
}
