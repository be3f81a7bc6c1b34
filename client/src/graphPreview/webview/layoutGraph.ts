/**
 * What a layout of a {@link PearlGraph} is made of (nodes, transitions, labels and stub tags placed
 * in CSS pixels at zoom 1, origin at the top left) and how its text is measured: node headers and
 * label boxes from an injected {@link MeasureText}, so that this module needs no DOM. The layouts
 * themselves are `layeredLayout.ts` (a whole graph) and `incrementalLayout.ts` (a change to one on
 * screen).
 */
import type { PearlGraph, PearlGraphEdge, PearlGraphNode } from '#protocol/graphTypes';
import { wrapText } from './textWrap';

/** The text styles the graph uses; sizes in px, shared by measuring and drawing. */
export const textStyles = {
  name: { size: 13, weight: 600, lineHeight: 17 },
  type: { size: 11, weight: 400, lineHeight: 14 },
  label: { size: 11, weight: 400, lineHeight: 14 },
  mark: { size: 10, weight: 600, lineHeight: 14 },
} as const;

/** A text style name of {@link textStyles}. */
export type TextStyle = keyof typeof textStyles;

/** Width in px of `text` drawn in `style`. */
export type MeasureText = (text: string, style: TextStyle) => number;

/** The little pills drawn on a node: entry, cannot reach EndCall, no incoming transition. */
export interface NodeMark {
  readonly kind: 'entry' | 'cannotReachEnd' | 'noIncoming';
  readonly text: string;
  readonly width: number;
}

/** A node placed by the layout, with its text already wrapped to lines; px. */
export interface LaidOutNode {
  readonly node: PearlGraphNode;
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  /** Holds nested actions: drawn as a group box, its header on top. */
  readonly isGroup: boolean;
  /** Height of the header (type, name, marks) from the top of the box. */
  readonly headerHeight: number;
  readonly nameLines: readonly string[];
  readonly typeText: string;
  /** Marks drawn in the header's bottom row (the entry mark sits on the top border instead). */
  readonly marks: readonly NodeMark[];
  readonly family: NodeFamily;
  /** Nesting depth: 0 for `pearl.nodes`, 1 for their nested actions. */
  readonly depth: number;
}

/** A transition's label box, px. */
export interface LaidOutLabel {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  readonly lines: readonly string[];
}

/** A point of the drawing, px. */
export interface LayoutPoint {
  readonly x: number;
  readonly y: number;
}

/**
 * The tag at the end of a stub: a transition that would cross many rows, or one of many into the
 * same node (EndCall, a menu), is drawn as a short stub from its source ending in this tag, which
 * names its target (clicking it shows the target).
 */
export interface LaidOutTag extends Rect {
  /** `↓ name` or `↑ name` of the target (cut to fit), by where the target lies. */
  readonly text: string;
  /** Key of the transition's target node. */
  readonly target: string;
  /** The target's whole title ({@link getNodeTitle}), for the tooltip. */
  readonly targetTitle: string;
  /** The target's colour family. */
  readonly family: NodeFamily;
}

/**
 * A routed transition: cubic Bézier points from source to target (start, then two controls and an
 * end per segment), or, for a stub, from the source to the top of its {@link LaidOutTag}.
 */
export interface LaidOutEdge {
  /** The transition, as the layout got it: in the page, without its range (`layoutInput`). */
  readonly edge: PearlGraphEdge;
  readonly points: readonly LayoutPoint[];
  readonly label?: LaidOutLabel;
  /** Set when the transition is drawn as a stub: its end is this tag, not the target node. */
  readonly tag?: LaidOutTag;
}

/** The laid-out graph; `width` × `height` (px) bounds everything, origin at 0,0. */
export interface GraphLayout {
  readonly width: number;
  readonly height: number;
  /** Parents before their children, so a group box is drawn under its actions. */
  readonly nodes: readonly LaidOutNode[];
  readonly edges: readonly LaidOutEdge[];
}

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
    a.x === b.x &&
    a.y === b.y &&
    a.width === b.width &&
    a.height === b.height &&
    a.isGroup === b.isGroup &&
    a.headerHeight === b.headerHeight &&
    a.typeText === b.typeText &&
    a.family === b.family &&
    a.depth === b.depth &&
    sameData(a.nameLines, b.nameLines) &&
    sameData(a.marks, b.marks)
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

/** Colour family of a node type (docs/interface.md § Node types). */
export type NodeFamily = 'opening' | 'api' | 'dialogue' | 'message' | 'handoff' | 'end' | 'postcall' | 'other';

const familyByType: Readonly<Record<number, NodeFamily>> = {
  2: 'opening',
  3: 'api',
  10: 'dialogue',
  31: 'handoff',
  40: 'api',
  50: 'message',
  51: 'message',
  60: 'handoff',
  65: 'handoff',
  80: 'dialogue',
  100: 'end',
  200: 'postcall',
};

/** The colour family of `nodeType`; `other` for an unknown or missing type. */
export function getNodeFamily(nodeType: number | undefined): NodeFamily {
  return (nodeType !== undefined && familyByType[nodeType]) || 'other';
}

/** Text of an edge's label: the transition name, prefixed ✓ / ✗ for apiResult Success / Failure. */
export function getEdgeLabelText(edge: PearlGraphEdge): string {
  const prefix = edge.apiResult === 1 ? '✓ ' : edge.apiResult === 2 ? '✗ ' : '';
  const name = edge.name ?? '';
  return prefix + (name || (prefix ? (edge.apiResult === 1 ? 'Success' : 'Failure') : ''));
}

/** An axis-aligned rectangle of the drawing, in px: its top-left corner and size. */
export interface Rect {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** Whether two rectangles share any area (touching edges do not count). */
export function rectsOverlap(a: Rect, b: Rect): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** Text shown as a node's name: name, else nodeId, else a placeholder. */
export function getNodeTitle(node: PearlGraphNode): string {
  return node.name || node.nodeId || '(unnamed node)';
}

const padX = 10;
const padY = 8;
const nodeMinWidth = 130;
const nodeMaxTextWidth = 190;
const labelMaxWidth = 180;
const markHeight = 14;
const markGap = 4;
/** Space between a group box's border and its nested actions, px. */
export const groupPadding = 12;
/** Space between two nested actions side by side in a group, px. */
export const childSpacing = 14;

/** Drawn incoming transitions from which they merge into one point of their target's top side. */
export const mergeThreshold = 4;

/** Room kept on the type line for the error/warning count badge, so diagnostics never change the layout. */
const badgeRoom = 24;
/** Widest text of a stub's tag, px. */
const tagMaxTextWidth = 150;
/** Height of a stub's tag, px. */
export const tagHeight = 18;

/** The measured header of a node: its size as a leaf box, wrapped name and marks. */
export interface Header {
  readonly width: number;
  readonly height: number;
  readonly nameLines: readonly string[];
  readonly marks: readonly NodeMark[];
}

/** The {@link MeasureText} each layout was made with (see {@link recordMeasure}). */
const measureOfLayout = new WeakMap<GraphLayout, MeasureText>();

/**
 * Records that every label of `layout` is as `measure` wraps its transition's label text
 * ({@link measureEdgeLabel}): so is a layout made with it, whose kept labels were checked against
 * it. A later layout with the same `measure` keeps the label of a transition whose name and
 * apiResult stayed without measuring it again.
 */
export function recordMeasure(layout: GraphLayout, measure: MeasureText): void {
  measureOfLayout.set(layout, measure);
}

/** The {@link MeasureText} `layout` was made with ({@link recordMeasure}), if recorded. */
export function measuredWith(layout: GraphLayout): MeasureText | undefined {
  return measureOfLayout.get(layout);
}

/** Entries of one measuring cache before it is emptied: bounded over a session. */
const maxMeasured = 20_000;
/** What was measured with each {@link MeasureText}, by what it depends on (see {@link measured}). */
const measuredBy = new WeakMap<MeasureText, Map<string, unknown>>();

/**
 * `compute()`, or what it gave before for the same `key` with the same `measure`: a layout after
 * an edit measures and wraps only the headers and labels whose text changed (wrapping a name is a
 * dozen measurements), not the whole graph's again. The results are read only.
 */
function measured<T>(measure: MeasureText, key: string, compute: () => T): T {
  let cache = measuredBy.get(measure);
  if (cache === undefined) measuredBy.set(measure, (cache = new Map<string, unknown>()));
  if (cache.has(key)) return cache.get(key) as T;
  if (cache.size >= maxMeasured) cache.clear();
  const value = compute();
  cache.set(key, value);
  return value;
}

/** Size of a node's header: type line, wrapped name, and a row of marks when it has any. */
export function measureHeader(node: PearlGraphNode, measure: MeasureText): Header {
  const flags = `${node.isEntry ? 'E' : ''}${node.cannotReachEnd ? 'C' : ''}${node.noIncoming ? 'I' : ''}`;
  return measured(measure, `h\u0000${getNodeTitle(node)}\u0000${node.typeName}\u0000${flags}`, () => measureHeaderNow(node, measure));
}

function measureHeaderNow(node: PearlGraphNode, measure: MeasureText): Header {
  const nameLines = wrapText(getNodeTitle(node), nodeMaxTextWidth, 3, (part) => measure(part, 'name'));
  const marks: NodeMark[] = [];
  const addMark = (kind: NodeMark['kind'], text: string): void => {
    marks.push({ kind, text, width: Math.ceil(measure(text, 'mark')) + 12 });
  };
  if (node.cannotReachEnd) addMark('cannotReachEnd', '↛ no path to End');
  if (node.noIncoming) addMark('noIncoming', '⇥ no incoming');
  const marksWidth = marks.reduce((sum, mark) => sum + mark.width, 0) + markGap * Math.max(0, marks.length - 1);
  const textWidth = Math.max(
    measure(node.typeName, 'type') + (node.isEntry ? 44 : 0) + badgeRoom,
    ...nameLines.map((line) => measure(line, 'name')),
    marksWidth,
  );
  const width = Math.max(nodeMinWidth, Math.ceil(textWidth) + 2 * padX);
  const height =
    padY +
    textStyles.type.lineHeight +
    2 +
    nameLines.length * textStyles.name.lineHeight +
    (marks.length > 0 ? markGap + markHeight : 0) +
    padY;
  return { width, height, nameLines, marks };
}

/** A transition's label box: the wrapped lines (at most two) and the box around them, px. */
export interface EdgeLabelSize {
  readonly lines: readonly string[];
  readonly width: number;
  readonly height: number;
}

/** The label box of `edge`, or undefined when it has no label text ({@link getEdgeLabelText}). */
export function measureEdgeLabel(edge: PearlGraphEdge, measure: MeasureText): EdgeLabelSize | undefined {
  const text = getEdgeLabelText(edge);
  if (!text) return undefined;
  return measured(measure, `l\u0000${text}`, () => measureLabelNow(text, measure));
}

function measureLabelNow(text: string, measure: MeasureText): EdgeLabelSize {
  const lines = wrapText(text, labelMaxWidth, 2, (part) => measure(part, 'label'));
  const width = Math.ceil(Math.max(...lines.map((part) => measure(part, 'label')))) + 8;
  return { lines, width, height: lines.length * textStyles.label.lineHeight + 4 };
}

/** What a stub's tag shows of its target, before it is placed: {@link LaidOutTag} but the position and height. */
export type TagText = Pick<LaidOutTag, 'text' | 'width' | 'target' | 'targetTitle' | 'family'>;

/** The tag naming `target` at the end of a stub (its width in px); `upward` when the target lies above the stub. */
export function measureTag(target: PearlGraphNode, upward: boolean, measure: MeasureText): TagText {
  const targetTitle = getNodeTitle(target);
  const { text, width } = measured(measure, `t\u0000${upward ? '↑' : '↓'} ${targetTitle}`, () => {
    const [line] = wrapText(`${upward ? '↑' : '↓'} ${targetTitle}`, tagMaxTextWidth, 1, (part) => measure(part, 'mark'));
    return { text: line, width: Math.ceil(measure(line, 'mark')) + 14 };
  });
  return {
    text,
    width,
    target: target.key,
    targetTitle,
    family: getNodeFamily(target.nodeType),
  };
}
