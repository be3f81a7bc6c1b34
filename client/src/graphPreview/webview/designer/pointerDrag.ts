/**
 * A pointer drag with a click threshold, for the designer's palette and handles: pointer events
 * with pointer capture (reliable inside a VS Code webview, unlike HTML drag and drop). A press
 * that moves less than {@link dragThreshold} pixels is a click.
 */

/** Pixels the pointer must move before a press becomes a drag. */
export const dragThreshold = 4;

/** What a drag reports: client coordinates (CSS pixels). */
export interface DragCallbacks {
  /** The press ended without moving: a click. */
  onClick?(): void;
  /** The drag started (the pointer moved past the threshold). */
  onStart?(x: number, y: number): void;
  onMove(x: number, y: number): void;
  /** The pointer was released after a drag, at (x, y). */
  onDrop(x: number, y: number): void;
  /** The drag was cancelled (Escape, lost capture). */
  onCancel?(): void;
}

/** Starts tracking the press `event` on `element`; call from a `pointerdown` listener. */
export function trackPointerDrag(element: Element, event: PointerEvent, callbacks: DragCallbacks): void {
  if (event.button !== 0) return;
  event.preventDefault();
  event.stopPropagation();
  const startX = event.clientX;
  const startY = event.clientY;
  let dragging = false;
  element.setPointerCapture(event.pointerId);
  const move = (moveEvent: PointerEvent): void => {
    if (!dragging && Math.hypot(moveEvent.clientX - startX, moveEvent.clientY - startY) < dragThreshold) return;
    if (!dragging) {
      dragging = true;
      callbacks.onStart?.(moveEvent.clientX, moveEvent.clientY);
    }
    callbacks.onMove(moveEvent.clientX, moveEvent.clientY);
  };
  const finish = (): void => {
    element.removeEventListener('pointermove', move as EventListener);
    element.removeEventListener('pointerup', up as EventListener);
    element.removeEventListener('lostpointercapture', lost);
    window.removeEventListener('keydown', escape, true);
  };
  const up = (upEvent: PointerEvent): void => {
    finish();
    if (dragging) callbacks.onDrop(upEvent.clientX, upEvent.clientY);
    else callbacks.onClick?.();
  };
  const lost = (): void => {
    finish();
    if (dragging) callbacks.onCancel?.();
  };
  const escape = (keyEvent: KeyboardEvent): void => {
    if (keyEvent.key !== 'Escape') return;
    keyEvent.stopPropagation();
    finish();
    if (element.hasPointerCapture(event.pointerId)) element.releasePointerCapture(event.pointerId);
    callbacks.onCancel?.();
  };
  element.addEventListener('pointermove', move as EventListener);
  element.addEventListener('pointerup', up as EventListener);
  element.addEventListener('lostpointercapture', lost);
  window.addEventListener('keydown', escape, true);
}

/** The key of the node drawn under the client point (x, y), if any. */
export function nodeKeyAt(x: number, y: number): string | undefined {
  for (const element of document.elementsFromPoint(x, y)) {
    const node = element.closest('[data-node-key]');
    if (node instanceof SVGElement && node.dataset.nodeKey !== undefined) return node.dataset.nodeKey;
  }
  return undefined;
}

/** Whether the client point (x, y) is over `element`'s box. */
export function isOver(element: Element, x: number, y: number): boolean {
  const box = element.getBoundingClientRect();
  return x >= box.left && x <= box.right && y >= box.top && y <= box.bottom;
}
