/**
 * Focus mode's framing: the view that shows the focused node and its neighbourhood (the nodes
 * `focus.ts` keeps bright) whole, centred, at most 1:1, so that turning Focus on, or moving the
 * focus to another node, brings the neighbours into view instead of leaving them off screen.
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

/**
 * The centre (graph coordinates) and scale that frame the boxes of `keys` among `boxes` in a
 * `size` svg: the smaller of the two fitting scales, at most 1 (and at least 0.1); undefined when
 * none of the keys is drawn or the svg has no size. Linear in the boxes.
 */
export function frameNeighbourhood(
  boxes: readonly Box[],
  keys: ReadonlySet<string>,
  size: { readonly width: number; readonly height: number },
): { readonly x: number; readonly y: number; readonly k: number } | undefined {
  let frame: { left: number; top: number; right: number; bottom: number } | undefined;
  for (const box of boxes) {
    if (!keys.has(box.node.key)) continue;
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
  const k = Math.max(0.1, Math.min(1, (size.width - 2 * margin) / width, (size.height - 2 * margin) / height));
  return { x: (frame.left + frame.right) / 2, y: (frame.top + frame.bottom) / 2, k };
}
