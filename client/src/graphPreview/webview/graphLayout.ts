/**
 * What a layout of a `PearlGraph` is: nodes, transitions, labels and stub tags placed in CSS
 * pixels at zoom 1, origin at the top left, and the measure it was made with. Made by
 * layeredLayout.ts (a whole graph) and incrementalLayout.ts (a change to one on screen), told as
 * changes by layoutDelta.ts, measured by layoutText.ts.
 */
import type { PearlGraphEdge, PearlGraphNode } from '#protocol/graphTypes';
import type { MeasureText, NodeFamily, NodeMark } from './layoutText';

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

/**
 * Whether two laid-out nodes have the same box: place, size, group, header height, type text,
 * family, depth, name lines and marks (their node's data aside). What both the layout's own node
 * equality (layoutDelta.ts `sameNodeDrawing`) and the redraw's (renderGraph.ts) start from.
 */
export function sameBox(a: LaidOutNode, b: LaidOutNode): boolean {
  return (
    a.x === b.x &&
    a.y === b.y &&
    a.width === b.width &&
    a.height === b.height &&
    a.isGroup === b.isGroup &&
    a.headerHeight === b.headerHeight &&
    a.typeText === b.typeText &&
    a.family === b.family &&
    a.depth === b.depth &&
    sameLines(a.nameLines, b.nameLines) &&
    (a.marks === b.marks ||
      (a.marks.length === b.marks.length &&
        a.marks.every(
          (mark, index) => mark.kind === b.marks[index].kind && mark.text === b.marks[index].text && mark.width === b.marks[index].width,
        )))
  );
}

/** Whether two wrapped texts have the same lines. */
export function sameLines(a: readonly string[], b: readonly string[]): boolean {
  return a === b || (a.length === b.length && a.every((line, index) => line === b[index]));
}
