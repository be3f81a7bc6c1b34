/**
 * The graph preview's layout worker (bundled to a classic worker script, embedded in
 * `dist/graphPreview.js` and started from a `blob:` URL, see `layoutClient.ts`). Answers each
 * {@link LayoutRequest} with a {@link LayoutResponse}: text measured with an `OffscreenCanvas`,
 * names wrapped, and the graph laid out, all off the page's main thread, by the layered layout
 * (`layeredLayout.ts`), kept incremental when the request carries the previous layout
 * (`incrementalLayout.ts`). Widths are cached per style and text, so an edit
 * to one name measures only that name.
 */
import type { PearlGraph } from '#protocol/graphTypes';
import type { LayoutEngine, LayoutRequest, LayoutResponse, WarmUpRequest } from './layoutMessages';
import { incrementalLayout, warmUpSteps } from './incrementalLayout';
import { layeredLayout } from './layeredLayout';
import { type GraphLayout } from './graphLayout';
import { diffLayout } from './layoutDelta';
import { type MeasureText, textStyles } from './layoutText';

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
let measuring: MeasureText | undefined;
const context = typeof OffscreenCanvas === 'function' ? new OffscreenCanvas(1, 1).getContext('2d') : null;

/**
 * Measures in `family`; widths are cached per style and text. The same function as long as the
 * family stays, so that the layouts' own caches of measured headers and labels (keyed by it) hold.
 */
function measureIn(family: string): MeasureText {
  if (widths.size > maxCachedWidths) widths.clear();
  if (measuring && family === measuringFamily) return measuring;
  widths.clear();
  measuringFamily = family;
  measuring = (text, style) => {
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
  return measuring;
}

/**
 * Layouts answered lately, by request `seq`: the page names the one it drew instead of posting it
 * back, and gets the next as its changes from that one.
 */
const answered = new Map<number, GraphLayout>();
/** Layouts kept in {@link answered} (the page draws one of the last few it asked for). */
const keptLayouts = 4;

/** The newest request not yet answered: while one types, requests arrive faster than layouts finish. */
let newest: LayoutRequest | undefined;

scope.addEventListener('message', (event) => {
  const request = event.data as LayoutRequest | WarmUpRequest;
  if (typeof request !== 'object' || request === null) return;
  if (request.type === 'warmUp') {
    if (lastWhole) warmUpIncremental(lastWhole.graph, lastWhole.layout, lastWhole.measure);
    lastWhole = undefined;
    return;
  }
  if (request.type !== 'layout') return;
  // Answered after the messages already queued are read: only the newest of them is laid out (the
  // page has given up on the others).
  newest = request;
  setTimeout(() => {
    if (newest !== request) return;
    newest = undefined;
    answer(request);
  }, 0);
});

/** Lays out `request` and posts the answer. */
function answer(request: LayoutRequest): void {
  const started = performance.now();
  try {
    const measure = measureIn(request.fontFamily || 'sans-serif');
    const { layout, engine } = run(request, measure);
    const base = request.previous === undefined ? undefined : answered.get(request.previous);
    answered.set(request.seq, layout);
    for (const seq of answered.keys()) if (answered.size > keptLayouts) answered.delete(seq);
    // The page holds the base layout: it gets only what changed (base is defined with previous).
    const sent = base && request.previous !== undefined ? diffLayout(base, request.previous, layout, request.graph) : layout;
    scope.postMessage({ type: 'layout', seq: request.seq, layout: sent, engine, elapsedMs: performance.now() - started });
    if (engine === 'layered' && !warmedUp) lastWhole = { graph: request.graph, layout, measure };
  } catch (error) {
    scope.postMessage({ type: 'layoutFailed', seq: request.seq, message: error instanceof Error ? error.message : String(error) });
  }
}

/** Rounds of {@link warmUpIncremental}: each deletes the middle node and adds it back. */
const warmUpRounds = 3;
let warmedUp = false;
/** The last whole (layered) layout made before the warm-up, with its graph: what {@link warmUpIncremental} works on (dropped once it ran). */
let lastWhole: { readonly graph: PearlGraph; readonly layout: GraphLayout; readonly measure: MeasureText } | undefined;

/**
 * Once per worker, when the page says it is idle after drawing a whole layout ({@link WarmUpRequest}):
 * runs the incremental layout and its diff a few times on that graph ({@link warmUpSteps}: its
 * middle node deleted, the nodes after it renumbered, then added back; the results are dropped),
 * one step per task, so that the engine has compiled what the user's first edit runs, the diff the
 * page gets included. Asked by the page when idle, so that it does not compete with the drawing.
 * Cold, the first incremental layout of a 500-node graph took 40-120 ms where a warm one takes
 * 10-30. A request that arrives meanwhile waits for one step at most (it is queued before the
 * next). Never throws.
 */
function warmUpIncremental(graph: PearlGraph, layout: GraphLayout, measure: MeasureText): void {
  if (warmedUp) return;
  const steps = warmUpSteps(graph, layout, measure, warmUpRounds);
  warmedUp = steps.length > 0;
  const step = (): void => {
    const next = steps.shift();
    if (next === undefined) return;
    try {
      next();
    } catch {
      // Only a warm-up: the real layouts report their own failures.
      return;
    }
    setTimeout(step, 0);
  };
  setTimeout(step, 0);
}

/** The incremental layout of the request when it keeps the layout on screen, else a whole layered layout. */
function run(request: LayoutRequest, measure: MeasureText): { layout: GraphLayout; engine: LayoutEngine } {
  const previous = request.previous === undefined ? undefined : answered.get(request.previous);
  const kept = previous && incrementalLayout(request.graph, previous, measure);
  return kept ? { layout: kept, engine: 'incremental' } : { layout: layeredLayout(request.graph, measure), engine: 'layered' };
}
