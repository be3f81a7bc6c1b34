import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { frameNeighbourhood, readableScale } from '../../client/src/graphPreview/webview/focusFrame';

/** A node's box, `width` × 50 at `x`, `y` (graph px). */
function box(
  key: string,
  x: number,
  y: number,
  width = 150,
): { node: { key: string }; x: number; y: number; width: number; height: number } {
  return { node: { key }, x, y, width, height: 50 };
}

/** Where `target` lands in a `size` svg framed by `frame` (svg px: left, top, right, bottom). */
function onScreen(
  frame: { x: number; y: number; k: number },
  size: { width: number; height: number },
  target: { x: number; y: number; width: number; height: number },
): { left: number; top: number; right: number; bottom: number } {
  const left = (target.x - frame.x) * frame.k + size.width / 2;
  const top = (target.y - frame.y) * frame.k + size.height / 2;
  return { left, top, right: left + target.width * frame.k, bottom: top + target.height * frame.k };
}

describe('frameNeighbourhood (Focus mode frames the focused node and its neighbours)', () => {
  const size = { width: 520, height: 820 };

  it('shows a small neighbourhood whole, centred, at most 1:1', () => {
    const boxes = [box('a', 100, 100), box('b', 100, 250), box('c', 300, 400), box('far', 5_000, 5_000)];
    const frame = frameNeighbourhood(boxes, new Set(['a', 'b', 'c']), size, 'b');
    assert.ok(frame);
    assert.equal(frame.k, 1);
    for (const shown of boxes.slice(0, 3)) {
      const at = onScreen(frame, size, shown);
      assert.ok(at.left >= 0 && at.right <= size.width && at.top >= 0 && at.bottom <= size.height, `${shown.node.key} is out of view`);
    }
    assert.deepEqual([frame.x, frame.y], [(100 + 450) / 2, (100 + 450) / 2]);
  });

  it("keeps a hub's EndCall in the middle half of the view, at a readable scale, its many sources above it", () => {
    // 300 steps in columns above the one EndCall they all lead to: far more than the view holds.
    const steps = Array.from({ length: 300 }, (_, index) => box(`s${index}`, (index % 10) * 200, Math.floor(index / 10) * 120));
    const end = box('end', 900, 30 * 120 + 100);
    const keys = new Set([...steps.map((step) => step.node.key), 'end']);
    const frame = frameNeighbourhood([...steps, end], keys, size, 'end');
    assert.ok(frame);
    assert.equal(frame.k, readableScale);
    const at = onScreen(frame, size, end);
    assert.ok(
      at.left >= size.width / 4 - 0.5 && at.right <= (size.width * 3) / 4 + 0.5,
      `EndCall is at x ${at.left}-${at.right} of ${size.width}`,
    );
    assert.ok(
      at.top >= size.height / 4 - 0.5 && at.bottom <= (size.height * 3) / 4 + 0.5,
      `EndCall is at y ${at.top}-${at.bottom} of ${size.height}`,
    );
    // Its sources fill the rest of the view: the centre is above EndCall, not on it.
    assert.ok(frame.y < end.y, 'the view shows what is above EndCall');
  });

  it('centres on a focused node wider than the middle half of the view', () => {
    const wide = box('wide', 0, 0, 2_000);
    const frame = frameNeighbourhood([wide, box('other', 0, 3_000)], new Set(['wide', 'other']), size, 'wide');
    assert.ok(frame);
    assert.equal(frame.x, 1_000);
  });

  it('frames nothing when no key is drawn or the view has no room', () => {
    assert.equal(frameNeighbourhood([box('a', 0, 0)], new Set(['b']), size, 'b'), undefined);
    assert.equal(frameNeighbourhood([box('a', 0, 0)], new Set(['a']), { width: 60, height: 60 }, 'a'), undefined);
  });
});
