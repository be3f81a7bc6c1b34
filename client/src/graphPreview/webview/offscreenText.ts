/**
 * Text drawn only where it can be seen. Chromium paints every text element of an SVG on each
 * repaint, in view or not: at a readable zoom of a 500-node graph, a redraw (each keystroke in a
 * node's name, with Focus on) painted 500 names and their transitions' labels, 50-120 ms of paint
 * per keystroke. Nodes, transition labels and transition tags that lie outside the view, beyond a
 * margin of half the view on every side, carry the class {@link offscreenClass} (graphPreview.css):
 * nothing of them is drawn. A node's or a tag's group itself stays displayed, empty, because it
 * holds the keyboard focus (Tab reaches it, and the page then brings it into view), which an
 * element not displayed cannot; its box went too, because Chromium paints each node's translated
 * group as a chunk of its own (with Focus on at a 500-node hub, 20-30 ms of paint per keystroke).
 * Panning or zooming brings everything back before the frame is painted (the marks are updated in
 * the frame's animation callback).
 */
import type { Rect } from './viewport';
import type { GraphLayout, LaidOutEdge } from './graphLayout';

/** The class of an element outside the view: nothing of it is drawn. */
export const offscreenClass = 'offscreen';

/** What is drawn: the layout and its elements, as renderGraph returned them. */
export interface DrawnGraph {
  readonly layout: GraphLayout;
  readonly nodes: ReadonlyMap<string, SVGGElement>;
  /** Each transition's elements: its path's group, then its label's and its tag's when drawn. */
  readonly edges: ReadonlyMap<string, readonly SVGGElement[]>;
}

/** Marks what is outside the view of the drawing `drawn()` gives, in view `view()` (graph px). */
export class OffscreenText {
  /** The elements marked now. */
  private marked = new Set<SVGGElement>();
  private scheduled = false;

  constructor(
    private readonly view: () => Rect,
    private readonly drawn: () => DrawnGraph | undefined,
  ) {}

  /** Updates the marks before the next frame is painted (several calls in a frame, one update). */
  schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    requestAnimationFrame(() => {
      this.scheduled = false;
      this.update();
    });
  }

  /** Updates the marks now: only elements whose side of the view changed are touched. */
  update(): void {
    const drawn = this.drawn();
    const marked = new Set<SVGGElement>();
    if (drawn) {
      const area = widened(this.view());
      for (const laidOut of drawn.layout.nodes) {
        const element = drawn.nodes.get(laidOut.node.key);
        if (element && !overlaps(area, laidOut)) marked.add(element);
      }
      for (const laidOut of drawn.layout.edges) {
        const elements = drawn.edges.get(laidOut.edge.key);
        if (!elements) continue;
        if (!overlaps(area, boundsOf(laidOut))) marked.add(elements[0]);
        for (const element of elements.slice(1)) {
          const box = element.classList.contains('edge-tag') ? laidOut.tag : laidOut.label;
          if (box && !overlaps(area, box)) marked.add(element);
        }
      }
    }
    for (const element of this.marked) if (!marked.has(element)) element.classList.remove(offscreenClass);
    for (const element of marked) if (!this.marked.has(element)) element.classList.add(offscreenClass);
    this.marked = marked;
  }
}

/**
 * The bounds of each transition's line, by its points (a layout keeps the entries that did not
 * change, and an entry re-keyed after a node above was removed keeps its points).
 */
const lineBounds = new WeakMap<LaidOutEdge['points'], Box>();

/** The box around `laidOut`'s points. */
function boundsOf(laidOut: LaidOutEdge): Box {
  let bounds = lineBounds.get(laidOut.points);
  if (bounds) return bounds;
  let [left, top, right, bottom] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const { x, y } of laidOut.points) {
    left = Math.min(left, x);
    right = Math.max(right, x);
    top = Math.min(top, y);
    bottom = Math.max(bottom, y);
  }
  bounds = { x: left, y: top, width: right - left, height: bottom - top };
  lineBounds.set(laidOut.points, bounds);
  return bounds;
}

/** `view` with half its width and height added on every side. */
function widened(view: Rect): Rect {
  const dx = (view.right - view.left) / 2;
  const dy = (view.bottom - view.top) / 2;
  return { left: view.left - dx, top: view.top - dy, right: view.right + dx, bottom: view.bottom + dy };
}

/** A box at `x`, `y` of `width` × `height`, graph px. */
interface Box {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** Whether `box` has a point in `area` (an empty box, none). */
function overlaps(area: Rect, box: Box): boolean {
  return box.x <= area.right && box.x + box.width >= area.left && box.y <= area.bottom && box.y + box.height >= area.top;
}
