/**
 * The overview of a graph larger than the view: a small canvas in the corner with every node as a
 * box and the visible area as a frame. Clicking or dragging in it centres the view there. Hidden
 * while the whole graph fits in the view.
 */
import type { GraphLayout } from './graphLayout';

/** Largest size of the overview, in px. */
const maxSize = { width: 200, height: 150 };

/** The overview canvas and what it shows. */
export class Minimap {
  private layout: GraphLayout | undefined;
  private scale = 1;
  private frame = 0;
  private dragging = false;

  /**
   * @param canvas the overview's canvas.
   * @param visible the visible area in graph coordinates.
   * @param centerOn centres the view on a graph point.
   */
  constructor(
    private readonly canvas: HTMLCanvasElement,
    private readonly visible: () => { left: number; top: number; right: number; bottom: number },
    private readonly centerOn: (x: number, y: number) => void,
  ) {
    canvas.addEventListener('pointerdown', (event) => {
      this.dragging = true;
      canvas.setPointerCapture(event.pointerId);
      this.navigate(event);
    });
    canvas.addEventListener('pointermove', (event) => {
      if (this.dragging) this.navigate(event);
    });
    const stop = (event: PointerEvent): void => {
      this.dragging = false;
      if (canvas.hasPointerCapture(event.pointerId)) canvas.releasePointerCapture(event.pointerId);
    };
    canvas.addEventListener('pointerup', stop);
    canvas.addEventListener('pointercancel', stop);
  }

  /** Shows `layout` (or nothing). */
  setLayout(layout: GraphLayout | undefined): void {
    this.layout = layout;
    this.update();
  }

  /** Draws again at the next frame (after a pan, zoom or resize); cheap to call often. */
  update(): void {
    if (this.frame !== 0) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.draw();
    });
  }

  private draw(): void {
    const layout = this.layout;
    const view = this.visible();
    const fits = layout !== undefined && view.left <= 0 && view.top <= 0 && view.right >= layout.width && view.bottom >= layout.height;
    this.canvas.hidden = layout === undefined || fits || layout.width <= 0 || layout.height <= 0;
    if (this.canvas.hidden || layout === undefined) return;
    this.scale = Math.min(maxSize.width / layout.width, maxSize.height / layout.height);
    const width = Math.max(1, Math.round(layout.width * this.scale));
    const height = Math.max(1, Math.round(layout.height * this.scale));
    const ratio = window.devicePixelRatio || 1;
    if (this.canvas.width !== width * ratio || this.canvas.height !== height * ratio) {
      this.canvas.width = width * ratio;
      this.canvas.height = height * ratio;
      this.canvas.style.width = `${width}px`;
      this.canvas.style.height = `${height}px`;
    }
    const context = this.canvas.getContext('2d');
    if (!context) return;
    const style = getComputedStyle(this.canvas);
    context.setTransform(ratio * this.scale, 0, 0, ratio * this.scale, 0, 0);
    context.clearRect(0, 0, layout.width, layout.height);
    context.fillStyle = style.color;
    context.globalAlpha = 0.45;
    for (const node of layout.nodes) if (!node.isGroup) context.fillRect(node.x, node.y, node.width, node.height);
    context.globalAlpha = 1;
    context.strokeStyle = style.borderTopColor || style.color;
    context.lineWidth = 2 / this.scale;
    context.strokeRect(view.left, view.top, view.right - view.left, view.bottom - view.top);
  }

  private navigate(event: PointerEvent): void {
    const box = this.canvas.getBoundingClientRect();
    this.centerOn((event.clientX - box.left) / this.scale, (event.clientY - box.top) / this.scale);
  }
}
