/** The messages between the graph preview page and its layout worker (`layoutWorker.ts`). */
import type { PearlGraph } from '#protocol/graphTypes';
import type { GraphLayout } from './graphLayout';
import type { LayoutDelta } from './layoutDelta';

/**
 * How a layout was made: `layered` the preview's layered layout of the whole graph
 * (`layeredLayout.ts`), `incremental` the previous layout kept with what changed fitted in
 * (`incrementalLayout.ts`).
 */
export type LayoutEngine = 'layered' | 'incremental';

/**
 * Webview → layout worker (`webview/layoutWorker.ts`): lay out `graph`. `seq` increases with every
 * request of the page; the answer carries it back, and an answer to an older request is dropped.
 */
export interface LayoutRequest {
  readonly type: 'layout';
  readonly seq: number;
  readonly graph: PearlGraph;
  /** CSS font-family of the page, for measuring text in the worker (OffscreenCanvas). */
  readonly fontFamily: string;
  /**
   * The `seq` of the request whose layout is on screen: the worker keeps its last few answers and
   * keeps that layout as far as possible (the answer is then `incremental`); an answer it no longer
   * has, or none, gets a whole new layout.
   */
  readonly previous?: number;
}

/**
 * Webview → layout worker: the page is idle after drawing a whole layout; the worker may compile
 * its incremental layout now ({@link LayoutRequest}s are answered first). No answer.
 */
export interface WarmUpRequest {
  readonly type: 'warmUp';
}

/** Layout worker → webview: the layout of request `seq` and how it was made, or why it failed. */
export type LayoutResponse =
  | {
      readonly type: 'layout';
      readonly seq: number;
      /** The whole layout, or what changed from the layout of request `previous` ({@link LayoutDelta}). */
      readonly layout: GraphLayout | LayoutDelta;
      readonly engine: LayoutEngine;
      readonly elapsedMs: number;
    }
  | { readonly type: 'layoutFailed'; readonly seq: number; readonly message: string };
