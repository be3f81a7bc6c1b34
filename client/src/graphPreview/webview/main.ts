/**
 * The graph preview's webview script (bundled to `dist/graphPreview.js`, browser, IIFE). Receives
 * {@link HostMessage}s, lays the graph out with ELK, draws it as SVG, keeps the pan/zoom in the
 * webview state (`vscode.setState`) so it survives updates and hide/show, highlights the node under
 * the editor's cursor and posts {@link WebviewMessage}s back: ready, reveal (node clicked), exportSvg.
 */
import type { Position } from 'vscode-languageserver-types';
import type { PearlGraph, PearlGraphNode } from '../../../../server/src/protocol';
import type { HostMessage, WebviewMessage } from '../messages';
import { exportSvg } from './exportSvg';
import { type GraphLayout, layoutGraph, type MeasureText, textStyles } from './layoutGraph';
import { createSvgElement, ensureMarkers, renderGraph } from './renderGraph';
import { isViewTransform, type Rect, type ViewTransform, Viewport } from './viewport';

/** The part of the VS Code webview API the script uses. */
interface VsCodeApi {
  postMessage(message: WebviewMessage): void;
  getState(): unknown;
  setState(state: PreviewState): void;
}

/** What the webview keeps across hide/show (and reloads of the page). */
interface PreviewState {
  /** The document shown, so that VS Code can restore the preview after a reload (GraphPreviewSerializer). */
  readonly uri?: string;
  readonly transform?: ViewTransform;
  /** Whether the legend is expanded; open unless the user closed it. */
  readonly legendOpen?: boolean;
}

declare function acquireVsCodeApi(): VsCodeApi;

const vscode = acquireVsCodeApi();
const svg = getElement('graph', SVGSVGElement);
const messageBox = getElement('message', HTMLElement);
ensureMarkers(svg);
const viewportGroup = createSvgElement('g', { class: 'viewport' }, svg);

let state: PreviewState = readState(vscode.getState());
const viewport = new Viewport(svg, viewportGroup, (transform) => {
  state = { ...state, transform };
  vscode.setState(state);
});
if (state.transform) viewport.set(state.transform);

const legend = document.querySelector('.legend');
if (legend instanceof HTMLDetailsElement) {
  if (state.legendOpen === false) legend.open = false;
  legend.addEventListener('toggle', () => {
    state = { ...state, legendOpen: legend.open };
    vscode.setState(state);
  });
}

let currentGraph: PearlGraph | undefined;
let currentLayout: GraphLayout | undefined;
let nodeElements = new Map<string, Element>();
let cursor: Position | undefined;
/** Increases with every graph received; a layout that finishes after a newer graph arrived is dropped. */
let generation = 0;
let renderCount = 0;

const measure = createMeasure(svg);

window.addEventListener('message', (event: MessageEvent<unknown>) => {
  const message = event.data as HostMessage | undefined;
  if (typeof message !== 'object' || message === null) return;
  switch (message.type) {
    case 'graph':
      showGraph(message.graph);
      break;
    case 'cursor':
      cursor = message.position;
      highlightCursor();
      break;
    case 'message':
      showText(message.text);
      break;
  }
});

svg.addEventListener('click', (event) => {
  const key = nodeKeyOf(event.target);
  if (key !== undefined) vscode.postMessage({ type: 'reveal', key });
});
svg.addEventListener('keydown', (event) => {
  if (event.key !== 'Enter' && event.key !== ' ') return;
  const key = nodeKeyOf(event.target);
  if (key === undefined) return;
  event.preventDefault();
  vscode.postMessage({ type: 'reveal', key });
});

for (const button of Array.from(document.querySelectorAll<HTMLButtonElement>('.toolbar button[data-action]'))) {
  button.addEventListener('click', () => runAction(button.dataset.action));
}

vscode.postMessage({ type: 'ready' });

function runAction(action: string | undefined): void {
  switch (action) {
    case 'zoomIn':
      viewport.zoomBy(1.25);
      break;
    case 'zoomOut':
      viewport.zoomBy(1 / 1.25);
      break;
    case 'fit':
      fit();
      break;
    case 'exportSvg':
      if (currentLayout) {
        vscode.postMessage({ type: 'exportSvg', svg: exportSvg(svg, viewportGroup, currentLayout.width, currentLayout.height) });
      }
      break;
  }
}

function showGraph(graph: PearlGraph): void {
  const mine = ++generation;
  if (state.uri !== graph.uri) {
    state = { ...state, uri: graph.uri };
    vscode.setState(state);
  }
  if (graph.kind === 'simple') {
    showText('This is a simple Pearl (POST /v2/Pearl): it has no nodes, so there is no graph to show.');
    return;
  }
  if (graph.nodes.length === 0) {
    showText('This Pearl has no nodes yet: add them to pearl.nodes to see the graph.');
    return;
  }
  layoutGraph(graph, measure).then(
    (layout) => {
      if (mine !== generation) return;
      const first = currentLayout === undefined && state.transform === undefined;
      currentGraph = graph;
      currentLayout = layout;
      renderGraph(viewportGroup, layout);
      nodeElements = new Map(
        Array.from(viewportGroup.querySelectorAll<SVGElement>('[data-node-key]'), (element) => [element.dataset.nodeKey ?? '', element]),
      );
      setMessage(undefined);
      if (first) fit();
      highlightCursor();
      renderCount++;
      // For tests and debugging: which document version is on screen.
      svg.dataset.version = String(graph.version);
      svg.dataset.renderCount = String(renderCount);
    },
    (error: unknown) => {
      if (mine !== generation) return;
      showText(`The graph could not be laid out: ${error instanceof Error ? error.message : String(error)}`);
    },
  );
}

/** Fits the graph in the panel, beside or above the legend when it is open. */
function fit(): void {
  if (!currentLayout) return;
  let avoid: Rect | undefined;
  if (legend instanceof HTMLDetailsElement && legend.open) {
    const svgBox = svg.getBoundingClientRect();
    const box = legend.getBoundingClientRect();
    avoid = { left: box.left - svgBox.left, top: box.top - svgBox.top, right: box.right - svgBox.left, bottom: box.bottom - svgBox.top };
  }
  viewport.fit(currentLayout.width, currentLayout.height, avoid);
}

function showText(text: string): void {
  generation++;
  currentGraph = undefined;
  currentLayout = undefined;
  nodeElements = new Map();
  viewportGroup.replaceChildren();
  setMessage(text);
}

function setMessage(text: string | undefined): void {
  messageBox.hidden = text === undefined;
  messageBox.textContent = text ?? '';
  document.body.classList.toggle('showing-message', text !== undefined);
}

/** Marks the innermost node whose range holds the cursor (a nested action before its parent). */
function highlightCursor(): void {
  for (const element of Array.from(viewportGroup.querySelectorAll('.cursor'))) element.classList.remove('cursor');
  if (!cursor || !currentGraph) return;
  let best: PearlGraphNode | undefined;
  for (const node of currentGraph.nodes) {
    if (contains(node.range, cursor) && (!best || contains(best.range, node.range.start))) best = node;
  }
  if (best) nodeElements.get(best.key)?.classList.add('cursor');
}

function contains(range: { start: Position; end: Position }, position: Position): boolean {
  return compare(range.start, position) <= 0 && compare(position, range.end) <= 0;
}

function compare(a: Position, b: Position): number {
  return a.line !== b.line ? a.line - b.line : a.character - b.character;
}

function nodeKeyOf(target: EventTarget | null): string | undefined {
  if (!(target instanceof Element)) return undefined;
  const element = target.closest('[data-node-key]');
  return element instanceof SVGElement ? element.dataset.nodeKey : undefined;
}

/** The page's element `id`, which must be a `type` (the page is ours: anything else is a bug). */
function getElement<T extends Element>(id: string, type: { new (): T; prototype: T }): T {
  const element = document.getElementById(id);
  if (!(element instanceof type)) throw new Error(`graph preview: the page lacks #${id}`);
  return element;
}

function readState(saved: unknown): PreviewState {
  if (typeof saved !== 'object' || saved === null) return {};
  const { uri, transform, legendOpen } = saved as { uri?: unknown; transform?: unknown; legendOpen?: unknown };
  return {
    uri: typeof uri === 'string' ? uri : undefined,
    transform: isViewTransform(transform) ? transform : undefined,
    legendOpen: typeof legendOpen === 'boolean' ? legendOpen : undefined,
  };
}

/** Measures text with a canvas in the svg's font (the VS Code UI font). */
function createMeasure(element: Element): MeasureText {
  const context = document.createElement('canvas').getContext('2d');
  const family = getComputedStyle(element).fontFamily || 'sans-serif';
  const cache = new Map<string, number>();
  return (text, style) => {
    const key = `${style}\u0000${text}`;
    let width = cache.get(key);
    if (width === undefined) {
      const { size, weight } = textStyles[style];
      if (context) {
        context.font = `${weight} ${size}px ${family}`;
        width = context.measureText(text).width;
      } else {
        width = text.length * size * 0.6;
      }
      cache.set(key, width);
    }
    return width;
  };
}
