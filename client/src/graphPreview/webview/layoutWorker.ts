/**
 * The graph preview's layout worker (bundled to a classic worker script, embedded in
 * `dist/graphPreview.js` and started from a `blob:` URL, see `layoutClient.ts`). Answers each
 * {@link LayoutRequest} with a {@link LayoutResponse}: text measured with an `OffscreenCanvas`,
 * names wrapped, and the graph laid out, all off the page's main thread, by the layered layout
 * (`layeredLayout.ts`), kept incremental when the request carries the previous layout
 * (`incrementalLayout.ts`). Widths are cached per style and text, so an edit
 * to one name measures only that name.
 */
import type { LayoutEngine, LayoutRequest, LayoutResponse } from '../messages';
import { incrementalLayout } from './incrementalLayout';
import { layeredLayout } from './layeredLayout';
import { type GraphLayout, type MeasureText, textStyles } from './layoutGraph';

/** The part of the dedicated worker scope this module uses (the DOM lib has no worker types). */
interface WorkerScope {
  addEventListener(type: 'message', listener: (event: MessageEvent<unknown>) => void): void;
  postMessage(message: LayoutResponse): void;
}

const scope = globalThis as unknown as WorkerScope;

/** Entries of the width cache before it is emptied: it must not grow without bound over a session. */
const maxCachedWidths = 50_000;
const widths = new Map<string, number>();
let measuringFamily = '';
const context = typeof OffscreenCanvas === 'function' ? new OffscreenCanvas(1, 1).getContext('2d') : null;

/** Measures in `family`; widths are cached per style and text. */
function measureIn(family: string): MeasureText {
  if (family !== measuringFamily || widths.size > maxCachedWidths) {
    widths.clear();
    measuringFamily = family;
  }
  return (text, style) => {
    const key = `${style}\u0000${text}`;
    let width = widths.get(key);
    if (width === undefined) {
      const { size, weight } = textStyles[style];
      if (context) {
        context.font = `${weight} ${size}px ${family}`;
        width = context.measureText(text).width;
      } else {
        width = text.length * size * 0.6;
      }
      widths.set(key, width);
    }
    return width;
  };
}

scope.addEventListener('message', (event) => {
  const request = event.data as LayoutRequest;
  if (typeof request !== 'object' || request === null || request.type !== 'layout') return;
  const started = performance.now();
  try {
    const { layout, engine } = run(request, measureIn(request.fontFamily || 'sans-serif'));
    scope.postMessage({ type: 'layout', seq: request.seq, layout, engine, elapsedMs: performance.now() - started });
  } catch (error) {
    scope.postMessage({ type: 'layoutFailed', seq: request.seq, message: error instanceof Error ? error.message : String(error) });
  }
});

/** The incremental layout of the request when it keeps the previous one, else a whole layered layout. */
function run(request: LayoutRequest, measure: MeasureText): { layout: GraphLayout; engine: LayoutEngine } {
  const kept = request.previous && incrementalLayout(request.graph, request.previous, measure);
  return kept ? { layout: kept, engine: 'incremental' } : { layout: layeredLayout(request.graph, measure), engine: 'layered' };
}
