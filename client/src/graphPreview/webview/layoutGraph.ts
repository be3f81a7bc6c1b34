/**
 * What a layout of a {@link PearlGraph} is made of (nodes, transitions, labels and stub tags placed
 * in CSS pixels at zoom 1, origin at the top left) and how its text is measured: node headers and
 * label boxes from an injected {@link MeasureText}, so that this module needs no DOM. The layouts
 * themselves are `layeredLayout.ts` (a whole graph) and `incrementalLayout.ts` (a change to one on
 * screen).
 */
import type { PearlGraphEdge, PearlGraphNode } from '../../../../protocol/graphTypes';
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
 * holds): each node and transition is a new entry, or the index of the base's entry when that one
 * is unchanged. After a small edit of a large graph this is a few entries and many numbers, far
 * less for the page to receive than the whole layout.
 */
export interface LayoutDelta {
  /** The `seq` of the base layout's request. */
  readonly base: number;
  readonly width: number;
  readonly height: number;
  readonly nodes: readonly (LaidOutNode | number)[];
  readonly edges: readonly (LaidOutEdge | number)[];
}

/** Whether `layout` is a {@link LayoutDelta}. */
export function isLayoutDelta(layout: GraphLayout | LayoutDelta): layout is LayoutDelta {
  return 'base' in layout;
}

/** The changes that make `next` from `base` (request `baseSeq`): entries equal to the base's by value become its index. */
export function diffLayout(base: GraphLayout, baseSeq: number, next: GraphLayout): LayoutDelta {
  const same = <T>(
    old: readonly T[],
    entries: readonly T[],
    keyOf: (entry: T) => string,
    equal: (a: T, b: T) => boolean,
  ): (T | number)[] => {
    const index = new Map(old.map((entry, position) => [keyOf(entry), position] as const));
    return entries.map((entry) => {
      const position = index.get(keyOf(entry));
      return position !== undefined && (old[position] === entry || equal(old[position], entry)) ? position : entry;
    });
  };
  return {
    base: baseSeq,
    width: next.width,
    height: next.height,
    nodes: same(
      base.nodes,
      next.nodes,
      (laidOut) => laidOut.node.key,
      (a, b) => JSON.stringify(a) === JSON.stringify(b),
    ),
    edges: same(base.edges, next.edges, (laidOut) => laidOut.edge.key, edgesEqual),
  };
}

/** Whether two laid-out transitions are drawn alike and carry the same transition (compared field by field: thousands per layout). */
function edgesEqual(a: LaidOutEdge, b: LaidOutEdge): boolean {
  const [x, y] = [a.edge, b.edge];
  if (x.key !== y.key || x.source !== y.source || x.target !== y.target || x.name !== y.name || x.apiResult !== y.apiResult) return false;
  const [r, q] = [x.range, y.range];
  if (
    r.start.line !== q.start.line ||
    r.start.character !== q.start.character ||
    r.end.line !== q.end.line ||
    r.end.character !== q.end.character
  )
    return false;
  if (
    a.points.length !== b.points.length ||
    a.points.some((point, index) => point.x !== b.points[index].x || point.y !== b.points[index].y)
  )
    return false;
  const sameRect = (s: Rect | undefined, t: Rect | undefined): boolean =>
    s === t || (s !== undefined && t !== undefined && s.x === t.x && s.y === t.y && s.width === t.width && s.height === t.height);
  if (!sameRect(a.label, b.label) || a.label?.lines.join('\n') !== b.label?.lines.join('\n')) return false;
  if (!sameRect(a.tag, b.tag)) return false;
  return (
    a.tag === b.tag ||
    (a.tag?.text === b.tag?.text &&
      a.tag?.target === b.tag?.target &&
      a.tag?.targetTitle === b.tag?.targetTitle &&
      a.tag?.family === b.tag?.family)
  );
}

/** The layout `delta` tells, from its base layout `base`: an unchanged entry is the base's own object. */
export function applyLayoutDelta(base: GraphLayout, delta: LayoutDelta): GraphLayout {
  const pick = <T>(old: readonly T[], entry: T | number): T => (typeof entry === 'number' ? old[entry] : entry);
  return {
    width: delta.width,
    height: delta.height,
    nodes: delta.nodes.map((entry) => pick(base.nodes, entry)),
    edges: delta.edges.map((entry) => pick(base.edges, entry)),
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

/** Size of a node's header: type line, wrapped name, and a row of marks when it has any. */
export function measureHeader(node: PearlGraphNode, measure: MeasureText): Header {
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
  const lines = wrapText(text, labelMaxWidth, 2, (part) => measure(part, 'label'));
  const width = Math.ceil(Math.max(...lines.map((part) => measure(part, 'label')))) + 8;
  return { lines, width, height: lines.length * textStyles.label.lineHeight + 4 };
}

/** What a stub's tag shows of its target, before it is placed: {@link LaidOutTag} but the position and height. */
export type TagText = Pick<LaidOutTag, 'text' | 'width' | 'target' | 'targetTitle' | 'family'>;

/** The tag naming `target` at the end of a stub (its width in px); `upward` when the target lies above the stub. */
export function measureTag(target: PearlGraphNode, upward: boolean, measure: MeasureText): TagText {
  const targetTitle = getNodeTitle(target);
  const [line] = wrapText(`${upward ? '↑' : '↓'} ${targetTitle}`, tagMaxTextWidth, 1, (part) => measure(part, 'mark'));
  return {
    text: line,
    width: Math.ceil(measure(line, 'mark')) + 14,
    target: target.key,
    targetTitle,
    family: getNodeFamily(target.nodeType),
  };
}
