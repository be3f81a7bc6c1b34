/**
 * The page's side of a layout worker: starts it from the worker bundle embedded in this script
 * (a `blob:` URL; the page's CSP allows `worker-src blob:` and nothing else), sends one
 * {@link LayoutRequest} at a time and resolves with its layout. A newer request cancels the running
 * one, whose promise resolves `cancelled`; the worker finishes the stale layout (milliseconds to a
 * few hundred at a thousand nodes) and stays warm, unless the client was made to
 * `terminateOnCancel`. Answers are matched by sequence number, so a stale one can never be taken
 * for the current layout.
 */
import type { PearlGraph } from '#protocol/graphTypes';
import type { LayoutEngine, LayoutRequest, LayoutResponse, WarmUpRequest } from './layoutMessages';
import { type GraphLayout } from './graphLayout';
import { applyLayoutDelta, isLayoutDelta } from './layoutDelta';

/** The worker bundle's source, put in by esbuild (`scripts/bundle.mjs`, `define`). */
declare const PEARL_LAYOUT_WORKER_SOURCE: string;

/** What became of a layout request. */
export type LayoutOutcome =
  | {
      readonly status: 'done';
      readonly layout: GraphLayout;
      readonly engine: LayoutEngine;
      readonly elapsedMs: number;
      /** The request's number: name it as `previous` to keep this layout in the next one. */
      readonly seq: number;
    }
  | { readonly status: 'cancelled' }
  | { readonly status: 'failed'; readonly message: string };

interface Pending {
  readonly seq: number;
  /** The layout the request named as `previous` (the page's, on screen): what a {@link LayoutDelta} answer applies to. */
  readonly base?: GraphLayout;
  /** The graph the request asked to lay out: a {@link LayoutDelta} names the nodes and transitions it draws by their place in it. */
  readonly graph: PearlGraph;
  readonly resolve: (outcome: LayoutOutcome) => void;
}

/** Runs layouts in a Web Worker, one at a time, the newest winning. */
export class LayoutClient {
  private worker: Worker | undefined;
  /** Whether the worker running was asked to warm up ({@link warmUpIncremental}). */
  private warmUpAsked = false;
  private pending: Pending | undefined;
  private seq = 0;
  private url: string | undefined;
  /** Layouts requested so far (for tests: an edit that is not structural must not add one). */
  requested = 0;
  /** Layouts cancelled by a newer request while running. */
  cancelled = 0;

  /**
   * @param fontFamily the CSS font family the page draws text in; the worker measures with it.
   * @param terminateOnCancel whether cancelling terminates the busy worker (and starts a fresh one on the next layout).
   */
  constructor(
    private readonly fontFamily: string,
    private readonly terminateOnCancel: boolean,
  ) {}

  /**
   * Lays out `graph` in the worker, keeping the layout of request `previous` (the one on screen,
   * {@link LayoutOutcome}'s `seq`) where it can ({@link LayoutRequest}); cancels the layout still
   * running, if any. Never rejects.
   */
  layout(graph: PearlGraph, previous?: { readonly seq: number; readonly layout: GraphLayout }): Promise<LayoutOutcome> {
    this.cancel();
    const seq = ++this.seq;
    this.requested++;
    const worker = this.ensureWorker();
    return new Promise<LayoutOutcome>((resolve) => {
      this.pending = { seq, resolve, base: previous?.layout, graph };
      const request: LayoutRequest = { type: 'layout', seq, graph, fontFamily: this.fontFamily, previous: previous?.seq };
      worker.postMessage(request);
    });
  }

  /** Starts the worker now, so that the first layout does not wait for it. */
  warmUp(): void {
    this.ensureWorker();
  }

  /**
   * Tells the worker the page is idle after drawing a whole layout: it compiles its incremental
   * layout then ({@link WarmUpRequest}), asked once per worker. Nothing when no worker runs (none
   * started yet, or terminated on a cancel).
   */
  warmUpIncremental(): void {
    if (!this.worker || this.warmUpAsked) return;
    this.warmUpAsked = true;
    const request: WarmUpRequest = { type: 'warmUp' };
    this.worker.postMessage(request);
  }

  /** Whether a layout is running. */
  get busy(): boolean {
    return this.pending !== undefined;
  }

  /** Stops waiting for the running layout (terminating the worker if so made); its promise resolves `cancelled`. */
  cancel(): void {
    const pending = this.pending;
    if (pending === undefined) return;
    this.pending = undefined;
    this.cancelled++;
    if (this.terminateOnCancel) {
      this.worker?.terminate();
      this.worker = undefined;
    }
    pending.resolve({ status: 'cancelled' });
  }

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    this.url ??= URL.createObjectURL(new Blob([PEARL_LAYOUT_WORKER_SOURCE], { type: 'text/javascript' }));
    const worker = new Worker(this.url, { name: 'Pearl graph layout' });
    worker.addEventListener('message', (event: MessageEvent<LayoutResponse>) => this.onAnswer(event.data));
    worker.addEventListener('error', (event) => {
      event.preventDefault();
      this.fail(event.message || 'the layout worker stopped');
    });
    this.worker = worker;
    this.warmUpAsked = false;
    return worker;
  }

  private onAnswer(answer: LayoutResponse): void {
    const pending = this.pending;
    if (pending === undefined || answer.seq !== pending.seq) return;
    this.pending = undefined;
    if (answer.type !== 'layout') {
      pending.resolve({ status: 'failed', message: answer.message });
      return;
    }
    let layout: GraphLayout;
    if (!isLayoutDelta(answer.layout)) layout = answer.layout;
    else if (pending.base) layout = applyLayoutDelta(pending.base, answer.layout, pending.graph);
    else {
      pending.resolve({ status: 'failed', message: 'the layout worker answered with changes to a layout the page does not have' });
      return;
    }
    pending.resolve({ status: 'done', layout, engine: answer.engine, elapsedMs: answer.elapsedMs, seq: answer.seq });
  }

  private fail(message: string): void {
    const pending = this.pending;
    this.pending = undefined;
    this.worker?.terminate();
    this.worker = undefined;
    pending?.resolve({ status: 'failed', message });
  }
}
