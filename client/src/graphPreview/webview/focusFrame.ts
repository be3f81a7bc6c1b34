/**
 * Focus mode's framing: the view that shows the focused node and its neighbourhood (the nodes
 * `focus.ts` keeps bright), so that turning Focus on, or moving the focus to another node, brings
 * the neighbours into view instead of leaving them off screen. The scale fits the neighbourhood,
 * at most 1:1, but never below {@link readableScale}: a node whose neighbours span the whole graph
 * (a hub's EndCall, a menu every step returns to) is shown with readable text, the focused node in
 * view and as much of its neighbourhood around it as the panel holds.
 */
/** A drawn node's box, in graph coordinates. */
interface Box {
  readonly node: { readonly key: string };
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** Margin around the framed boxes, in svg px. */
const margin = 40;

/** The smallest scale at which a node's name (13 px) stays readable (about 8 px high): the page zooms to at least this to show a node. */
export const readableScale = 0.6;

/**
 * The centre (graph coordinates) and scale that frame the boxes of `keys` among `boxes` in a
 * `size` svg, around the focused node `focus`: the smaller of the two fitting scales, between
 * {@link readableScale} and 1. When the neighbourhood does not fit at that scale, the centre moves
 * from the neighbourhood's towards the focused node until its box is in the middle half of the view
 * along that axis (the whole box, or its middle when it is larger than that). Undefined when none
 * of the keys is drawn or the svg has no size. Linear in the boxes.
 */
export function frameNeighbourhood(
  boxes: readonly Box[],
  keys: ReadonlySet<string>,
  size: { readonly width: number; readonly height: number },
  focus?: string,
): { readonly x: number; readonly y: number; readonly k: number } | undefined {
  let frame: { left: number; top: number; right: number; bottom: number } | undefined;
  let focused: Box | undefined;
  for (const box of boxes) {
    if (!keys.has(box.node.key)) continue;
    if (box.node.key === focus) focused = box;
    frame = {
      left: Math.min(frame?.left ?? Infinity, box.x),
      top: Math.min(frame?.top ?? Infinity, box.y),
      right: Math.max(frame?.right ?? -Infinity, box.x + box.width),
      bottom: Math.max(frame?.bottom ?? -Infinity, box.y + box.height),
    };
  }
  if (frame === undefined || size.width <= 2 * margin || size.height <= 2 * margin) return undefined;
  const width = Math.max(frame.right - frame.left, 1);
  const height = Math.max(frame.bottom - frame.top, 1);
  const k = Math.max(readableScale, Math.min(1, (size.width - 2 * margin) / width, (size.height - 2 * margin) / height));
  let x = (frame.left + frame.right) / 2;
  let y = (frame.top + frame.bottom) / 2;
  if (focused !== undefined) {
    // Along an axis the neighbourhood overflows, the centre may be a quarter of the view (graph px)
    // from the focused box's far side: the box stays in the middle half of the view, clear of the
    // edges and of the overview in the bottom-right corner, with as much of its neighbourhood as
    // fits. Along an axis it fits, the box is in view already (half the view less the margin).
    const reach = (extent: number, room: number): number => (extent * k > room - 2 * margin ? room / 4 : room / 2 - margin) / k;
    const reachX = reach(width, size.width);
    const reachY = reach(height, size.height);
    x = towards(x, focused.x + focused.width - reachX, focused.x + reachX);
    y = towards(y, focused.y + focused.height - reachY, focused.y + reachY);
  }
  return { x, y, k };
}

/** `value` moved into [low, high]; the middle of the two when the range is empty (a box larger than the view). */
function towards(value: number, low: number, high: number): number {
  if (low > high) return (low + high) / 2;
  return Math.min(high, Math.max(low, value));
}
