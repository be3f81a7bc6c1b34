/**
 * The graph preview's layout worker (bundled to a classic worker script, embedded in
 * `dist/graphPreview.js` and started from a `blob:` URL, see `layoutClient.ts`). Answers each
 * {@link LayoutRequest} with a {@link LayoutResponse}: text measured with an `OffscreenCanvas`,
 * names wrapped, and the graph laid out by ELK, all off the page's main thread.
 *
 * ELK comes from `elk.bundled.js`, which runs ELK's compiled code in the calling thread (here, this
 * worker). That code installs its own `onmessage` when it sees a worker scope; it is removed below
 * so that only this module's listener answers.
 */
import ELK from 'elkjs/lib/elk.bundled.js';
import type { LayoutRequest, LayoutResponse } from '../messages';
import { layoutGraph, type MeasureText, textStyles } from './layoutGraph';

/** The part of the dedicated worker scope this module uses (the DOM lib has no worker types). */
interface WorkerScope {
  onmessage: unknown;
  addEventListener(type: 'message', listener: (event: MessageEvent<unknown>) => void): void;
  postMessage(message: LayoutResponse): void;
}

const scope = globalThis as unknown as WorkerScope;
scope.onmessage = null;
const elk = new ELK();

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
  layoutGraph(request.graph, measureIn(request.fontFamily || 'sans-serif'), elk).then(
    (layout) => scope.postMessage({ type: 'layout', seq: request.seq, layout, elapsedMs: performance.now() - started }),
    (error: unknown) =>
      scope.postMessage({ type: 'layoutFailed', seq: request.seq, message: error instanceof Error ? error.message : String(error) }),
  );
});
