/** The messages between the graph preview page and its layout worker (`layoutWorker.ts`). */
import type { PearlGraph } from '../../../../protocol/graphTypes';
import type { GraphLayout } from './layoutGraph';

/**
 * How a layout was made: `layered` the preview's own layered layout (`layeredLayout.ts`, fast),
 * `elk` ELK's layered algorithm (`layoutGraph.ts`, seconds for large graphs), `incremental` the
 * previous layout kept with what changed fitted in (`incrementalLayout.ts`).
 */
export type LayoutEngine = 'layered' | 'elk' | 'incremental';

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
  /** `elk`, or `layered` (which is `incremental` when `previous` can be kept). */
  readonly engine: 'layered' | 'elk';
  /** The layout on screen: kept as far as possible (only with `layered`). */
  readonly previous?: GraphLayout;
}

/** Layout worker → webview: the layout of request `seq` and how it was made, or why it failed. */
export type LayoutResponse =
  | {
      readonly type: 'layout';
      readonly seq: number;
      readonly layout: GraphLayout;
      readonly engine: LayoutEngine;
      readonly elapsedMs: number;
    }
  | { readonly type: 'layoutFailed'; readonly seq: number; readonly message: string };
