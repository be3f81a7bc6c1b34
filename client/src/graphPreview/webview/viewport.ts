/**
 * Pan and zoom of the graph: one `transform` attribute on the viewport `<g>`, changed by dragging
 * (pointer), the wheel (zoom about the pointer), the + / − buttons (zoom about the centre) and fit.
 * Every change is reported to `onChange` so the webview can keep it in its state, saying whether
 * the user made it (drag, wheel, buttons) or the page did (fit, centring on a node, resize).
 */

/** The viewport transform: screen = graph × k + (x, y). */
export interface ViewTransform {
  readonly x: number;
  readonly y: number;
  readonly k: number;
}

const minScale = 0.02;
const maxScale = 4;
/** Pointer travel in px after which a press is a drag, not a click. */
const dragThreshold = 4;

/** Pan and zoom state of one `<svg>`, applied to its viewport `<g>`. */
export class Viewport {
  private current: ViewTransform = { x: 0, y: 0, k: 1 };
  private drag: { pointerId: number; startX: number; startY: number; origin: ViewTransform; moved: boolean } | undefined;
  private suppressClick = false;
  /**
   * The svg's size, measured once after each resize (a ResizeObserver forgets it): reading it while
   * drawing would otherwise make the browser lay the whole drawing out before its time.
   */
  private measured: { readonly width: number; readonly height: number } | undefined;
  /** The size {@link onResize} was last told of (or {@link remeasure} took as seen). */
  private seen: { readonly width: number; readonly height: number } | undefined;

  /**
   * @param svg the element that receives pointer and wheel events.
   * @param viewport the `<g>` whose `transform` attribute is set.
   * @param onChange called after every change with the new transform.
   * @param onResize called when the svg's size changed, with the size it had before.
   */
  constructor(
    private readonly svg: SVGSVGElement,
    private readonly viewport: SVGGElement,
    private readonly onChange: (transform: ViewTransform, byUser: boolean) => void,
    private readonly onResize: (previous: { readonly width: number; readonly height: number }) => void,
  ) {
    new ResizeObserver(() => {
      this.measured = undefined;
      const previous = this.seen;
      const size = this.size;
      this.seen = size;
      if (previous && (size.width !== previous.width || size.height !== previous.height)) this.onResize(previous);
    }).observe(svg);
    svg.addEventListener('pointerdown', (event) => this.onPointerDown(event));
    svg.addEventListener('pointermove', (event) => this.onPointerMove(event));
    svg.addEventListener('pointerup', (event) => this.onPointerUp(event));
    svg.addEventListener('pointercancel', (event) => this.onPointerUp(event));
    svg.addEventListener('wheel', (event) => this.onWheel(event), { passive: false });
    // A drag that ends on a node must not count as a click on it.
    svg.addEventListener(
      'click',
      (event) => {
        if (this.suppressClick) {
          this.suppressClick = false;
          event.stopPropagation();
          event.preventDefault();
        }
      },
      true,
    );
  }

  /** The current transform. */
  get transform(): ViewTransform {
    return this.current;
  }

  /** Sets the transform (scale clamped to [0.1, 4]) and reports it; `byUser` says who asked. */
  set(transform: ViewTransform, byUser = false): void {
    const k = clamp(transform.k, minScale, maxScale);
    this.current = { x: transform.x, y: transform.y, k };
    this.viewport.setAttribute('transform', `translate(${fixed(this.current.x)} ${fixed(this.current.y)}) scale(${fixed(k, 4)})`);
    this.onChange(this.current, byUser);
  }

  /**
   * Measures the svg now and takes that size as seen: after a change of the page that resizes the
   * svg in this task (the side panel shown for a selection), before the ResizeObserver has reported
   * it. The observer's later report of the same size then calls no `onResize`.
   */
  remeasure(): void {
    this.measured = undefined;
    this.seen = this.size;
  }

  /** The svg's size in px. */
  get size(): { width: number; height: number } {
    if (this.measured === undefined) {
      const { width, height } = this.svg.getBoundingClientRect();
      this.measured = { width, height };
    }
    return { ...this.measured };
  }

  /** The graph area visible in the svg, in graph coordinates. */
  get visibleGraphRect(): Rect {
    const { width, height } = this.size;
    const { x, y, k } = this.current;
    return { left: -x / k, top: -y / k, right: (width - x) / k, bottom: (height - y) / k };
  }

  /** Puts the graph point (`gx`, `gy`) at the centre of the svg, keeping the scale (or `k`). */
  centerOn(gx: number, gy: number, k = this.current.k): void {
    const { width, height } = this.size;
    this.set({ x: width / 2 - gx * k, y: height / 2 - gy * k, k });
  }

  /**
   * Keeps the graph point that was at the centre of a `previous`-sized svg at the centre now (after
   * the panel was resized), at the same scale.
   */
  keepCentre(previous: { width: number; height: number }): void {
    const { width, height } = this.size;
    const { x, y, k } = this.current;
    this.set({ x: x + (width - previous.width) / 2, y: y + (height - previous.height) / 2, k });
  }

  /** Multiplies the scale by `factor` keeping the graph point under (`cx`, `cy`) (svg px) in place; default the centre. */
  zoomBy(factor: number, cx?: number, cy?: number, byUser = true): void {
    const { width, height } = this.size;
    const px = cx ?? width / 2;
    const py = cy ?? height / 2;
    const k = clamp(this.current.k * factor, minScale, maxScale);
    const ratio = k / this.current.k;
    this.set({ x: px - (px - this.current.x) * ratio, y: py - (py - this.current.y) * ratio, k }, byUser);
  }

  /**
   * Scales and centres a `width` × `height` graph in the svg, at most 1:1, with a margin. When
   * `avoid` (a rectangle over the svg, in svg px: the open legend) would cover the graph, the graph
   * goes beside or above it instead, whichever leaves it larger.
   */
  fit(width: number, height: number, avoid?: Rect): void {
    const box = this.size;
    const whole: Rect = { left: 0, top: 0, right: box.width, bottom: box.height };
    if (width <= 0 || height <= 0 || box.width <= 0 || box.height <= 0) {
      this.set({ x: margin, y: margin, k: 1 });
      return;
    }
    let best = fitInto(whole, width, height);
    if (avoid && intersects(placed(best, width, height), avoid)) {
      const candidates = [fitInto({ ...whole, left: avoid.right }, width, height), fitInto({ ...whole, bottom: avoid.top }, width, height)];
      best = candidates.reduce((a, b) => (b.k > a.k ? b : a));
    }
    this.set(best);
  }

  private onPointerDown(event: PointerEvent): void {
    if (event.button !== 0) return;
    this.drag = { pointerId: event.pointerId, startX: event.clientX, startY: event.clientY, origin: this.current, moved: false };
  }

  private onPointerMove(event: PointerEvent): void {
    const drag = this.drag;
    if (!drag || drag.pointerId !== event.pointerId) return;
    const dx = event.clientX - drag.startX;
    const dy = event.clientY - drag.startY;
    if (!drag.moved && Math.hypot(dx, dy) < dragThreshold) return;
    if (!drag.moved) {
      drag.moved = true;
      // Capture only once it is a drag, so a plain click still reaches the node under the pointer.
      this.svg.setPointerCapture(event.pointerId);
      this.svg.classList.add('panning');
    }
    this.set({ x: drag.origin.x + dx, y: drag.origin.y + dy, k: drag.origin.k }, true);
  }

  private onPointerUp(event: PointerEvent): void {
    const drag = this.drag;
    if (!drag || drag.pointerId !== event.pointerId) return;
    this.drag = undefined;
    if (drag.moved) {
      this.suppressClick = true;
      this.svg.classList.remove('panning');
      if (this.svg.hasPointerCapture(event.pointerId)) this.svg.releasePointerCapture(event.pointerId);
    }
  }

  private onWheel(event: WheelEvent): void {
    event.preventDefault();
    const box = this.svg.getBoundingClientRect();
    // deltaMode 1 is lines (Firefox); about 16 px each.
    const delta = event.deltaY * (event.deltaMode === 1 ? 16 : 1);
    this.zoomBy(Math.exp(-delta * 0.0015), event.clientX - box.left, event.clientY - box.top);
  }
}

/** A rectangle in svg px. */
export interface Rect {
  readonly left: number;
  readonly top: number;
  readonly right: number;
  readonly bottom: number;
}

/** Space kept free around a fitted graph, in px. */
const margin = 16;

/** The transform that shows a `width` × `height` graph centred in `area`, at most 1:1. */
function fitInto(area: Rect, width: number, height: number): ViewTransform {
  const areaWidth = Math.max(1, area.right - area.left - 2 * margin);
  const areaHeight = Math.max(1, area.bottom - area.top - 2 * margin);
  const k = clamp(Math.min(areaWidth / width, areaHeight / height, 1), minScale, maxScale);
  return {
    x: area.left + margin + (areaWidth - width * k) / 2,
    y: area.top + margin + (areaHeight - height * k) / 2,
    k,
  };
}

function placed(transform: ViewTransform, width: number, height: number): Rect {
  return { left: transform.x, top: transform.y, right: transform.x + width * transform.k, bottom: transform.y + height * transform.k };
}

function intersects(a: Rect, b: Rect): boolean {
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}

/** Whether `value` is a usable saved transform (from `getState`, so of unknown shape). */
export function isViewTransform(value: unknown): value is ViewTransform {
  if (typeof value !== 'object' || value === null) return false;
  const { x, y, k } = value as Record<string, unknown>;
  return [x, y, k].every((part) => typeof part === 'number' && Number.isFinite(part)) && (k as number) > 0;
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

function fixed(value: number, digits = 2): string {
  return String(Number(value.toFixed(digits)));
}
