/**
 * The graph preview's webview script (bundled to `dist/graphPreview.js`, browser, IIFE). Receives
 * {@link HostMessage}s (a whole graph, or the changed nodes of the last one) and draws the graph; the modules beside it do one thing each:
 * `layoutClient` (the layouts, in Web Workers), `structure` (when a layout is needed at all),
 * `renderGraph` (SVG), `viewport` (pan and zoom), `search`, `focus`, `minimap`, `legend`.
 *
 * A graph whose structure ({@link structuralSignature}) is the one on screen only refreshes the
 * nodes whose diagnostics or marks changed: typing in a script never lays the graph out again. A
 * new structure is laid out in a worker, cancelling a layout still running: a graph first shown by
 * the layered layout (`layeredLayout.ts`); a change to the graph on screen by the incremental
 * layout (`incrementalLayout.ts`), which keeps every node that stays where it was. The drawing then keeps on screen the node the user was looking at (or
 * stays fitted when it was fitted).
 *
 * The pan/zoom, the legend's state and the document's uri are kept in the webview state
 * (`vscode.setState`), so they survive updates, hide/show and window reloads. Posts
 * {@link WebviewMessage}s back: ready, reveal (a node clicked or Enter on it), exportSvg, openOutline.
 */
import type { PearlGraph } from '#protocol/graphTypes';
import { applyGraphChanges } from '#protocol/graphChanges';
import type { HostMessage, WebviewMessage } from '#protocol/graphPreviewMessages';
import { exportSvg } from './exportSvg';
import { Designer } from './designer/designer';
import { FocusMode, neighbourhood } from './focus';
import { frameNeighbourhood, readableScale } from './focusFrame';
import { type GraphLayout, type LaidOutNode } from './graphLayout';
import { LayoutClient } from './layoutClient';
import { Legend } from './legend';
import { Minimap } from './minimap';
import { createSvgElement, ensureMarkers, redrawNode, renderGraph, showTooltip, stubTargetOf } from './renderGraph';
import { type SearchResults, SearchBox } from './search';
import { layoutInput, sameAppearance, structuralSignature } from './structure';
import { OffscreenText } from './offscreenText';
import { PageState } from './pageState';
import { isViewTransform, type Rect, type ViewTransform, Viewport } from './viewport';
import { WalkController } from './walk/walkController';

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
  /** Whether the legend is expanded; undefined until the preview is first used. */
  readonly legendOpen?: boolean;
  /** The view was fitted and not moved since: it fits again when the panel is resized or the graph changes. */
  readonly fitted?: boolean;
  /** Focus mode is on. */
  readonly focusMode?: boolean;
  /** The designer's palette and side panel are hidden (the toolbar's Panels button is off). */
  readonly designerHidden?: boolean;
  /** The side panel is collapsed to its bar (its toggle). */
  readonly panelCollapsed?: boolean;
  /** The walk panel's state (walkController.ts checks it when read back). */
  readonly walk?: unknown;
}

declare function acquireVsCodeApi(): VsCodeApi;

/** Scale below which the text is not drawn (13 px names would be under 4 px high). */
const farScale = 0.3;

const simplePearlText =
  'This is a simple Pearl (POST /v2/Pearl): its conversation is a flow script, without nodes or transitions, so it has no graph. The outline lists its parts.';

const vscode = acquireVsCodeApi();
const svg = getElement('graph', SVGSVGElement);
const messageBox = getElement('message', HTMLElement);
ensureMarkers(svg);
const viewportGroup = createSvgElement('g', { class: 'viewport' }, svg);

let state: PreviewState = readState(vscode.getState());
const saveState = (change: Partial<PreviewState>): void => {
  state = { ...state, ...change };
  vscode.setState(state);
};

const legend = new Legend(getElement('legend', HTMLDetailsElement), state.legendOpen, (legendOpen) => saveState({ legendOpen }));
const viewport = new Viewport(
  svg,
  viewportGroup,
  (transform, byUser) => {
    viewportGroup.classList.toggle('far', transform.k < farScale);
    offscreenText.schedule();
    saveState(byUser ? { transform, fitted: false } : { transform });
    if (byUser) legend.collapseAfterFirstUse();
    minimap.update();
  },
  (previous) => resized(previous),
);
const minimap = new Minimap(
  getElement('minimap', HTMLCanvasElement),
  () => viewport.visibleGraphRect,
  (x, y) => {
    viewport.centerOn(x, y);
    saveState({ fitted: false });
  },
);
// Its marks are made in an animation frame, after this script has declared what it reads.
const offscreenText = new OffscreenText(
  () => viewport.visibleGraphRect,
  () => page.shown && { layout: page.shown.layout, nodes: page.nodeElements, edges: page.edgeElements },
);
if (state.transform) viewport.set(state.transform);

const fontFamily = getComputedStyle(svg).fontFamily || 'sans-serif';
/** The layered and incremental layouts (milliseconds: a stale one is left to finish). */
const layouts = new LayoutClient(fontFamily, false);
layouts.warmUp();
/** The graph on screen, the drawn elements, the cursor and the selection (pageState.ts). */
const page = new PageState();
const focusMode = new FocusMode(
  viewportGroup,
  (key) => page.nodeElements.get(key),
  (key) => page.edgeElements.get(key),
);

const search = new SearchBox(
  getElement('search', HTMLInputElement),
  getElement('search-status', HTMLElement),
  () => page.shown?.graph,
  (results, moved) => showSearch(results, moved),
);

const designer = new Designer(
  {
    svg,
    viewportGroup,
    stage: getElement('stage', HTMLElement),
    notice: getElement('designer-notice', HTMLElement),
    palette: getElement('palette', HTMLElement),
    nodePanel: getElement('node-panel', HTMLElement),
  },
  {
    post: (message) => {
      if (message.type === 'history') page.historySent();
      if (message.type === 'graphEdit') page.editSent();
      vscode.postMessage(message);
    },
    graph: () => page.shown?.graph,
    selectedNode: () => page.selectedDrawn,
    selectNode: (key) => {
      if (key === undefined) {
        page.select(undefined);
        for (const element of Array.from(viewportGroup.querySelectorAll('.node.selected'))) element.classList.remove('selected');
        showFocus();
        designer.selectionChanged();
        return;
      }
      select(key);
      page.nodeElements.get(key)?.focus({ preventScroll: true });
      bringIntoView(key);
    },
    nodeBox: (key) => page.shown?.layout.nodes.find((laidOut) => laidOut.node.key === key),
    edgeElements: (key) => page.edgeElements.get(key) ?? [],
    panelCollapsed: state.panelCollapsed === true,
    panelCollapsedChanged: (panelCollapsed) => {
      saveState({ panelCollapsed });
      // The graph area grew or shrank: the selected node stays in view.
      remeasure();
      if (page.selected !== undefined) bringIntoView(page.selected);
    },
  },
);

const walk = new WalkController(
  getElement('walk-panel', HTMLElement),
  viewportGroup,
  {
    post: (message) => vscode.postMessage(message),
    graph: () => page.shown?.graph,
    bringIntoView: (key) => bringIntoView(key),
    shown: (open) => {
      document.body.classList.toggle('walking', open);
      document.querySelector('.toolbar button[data-action="walk"]')?.setAttribute('aria-pressed', String(open));
    },
    coverageShown: (on, label) => {
      const button = document.querySelector('.toolbar button[data-action="coverage"]');
      button?.setAttribute('aria-pressed', String(on));
      if (button) button.textContent = label;
    },
    saveState: (walkState) => saveState({ walk: walkState }),
  },
  state.walk,
);

window.addEventListener('message', (event: MessageEvent<unknown>) => {
  const message = event.data as HostMessage | undefined;
  if (typeof message !== 'object' || message === null) return;
  switch (message.type) {
    case 'graph':
      receiveGraph(message.graph);
      break;
    case 'graphChanges': {
      // Changes to the graph last received; one made against another graph (never expected: the
      // host sends the whole graph when the page has none) asks for the whole graph again.
      const graph = page.latest && applyGraphChanges(page.latest, message);
      if (graph) receiveGraph(graph);
      else vscode.postMessage({ type: 'ready' });
      break;
    }
    case 'cursor':
      page.cursor = message.position;
      highlightCursor();
      if (state.focusMode && page.selected === undefined) showFocus();
      break;
    case 'message':
      showText(message.text);
      break;
    case 'document':
      rememberUri(message.uri);
      break;
    case 'select':
      designer.selectAfterEdit(message.key);
      break;
    case 'editRefused':
      designer.showRefusal(message.text);
      break;
    case 'quickFixes':
      designer.showFixes(message.key, message.fixes);
      break;
    case 'settingFields':
      designer.showSettingFields(message.form);
      break;
    case 'startWalk':
    case 'walkTrace':
    case 'walkRequestResult':
    case 'walkSaved':
    case 'walkCoverage':
      walk.onHostMessage(message);
      break;
  }
});

svg.addEventListener('click', (event) => {
  const target = stubTargetOf(event.target);
  if (target !== undefined) {
    showStubTarget(target);
    return;
  }
  const key = nodeKeyOf(event.target);
  if (key === undefined) return;
  select(key);
  // Keyboard navigation (Tab) goes on from the clicked node.
  page.nodeElements.get(key)?.focus({ preventScroll: true });
  vscode.postMessage({ type: 'reveal', key });
});
svg.addEventListener('keydown', (event) => {
  if (event.key !== 'Enter' && event.key !== ' ') return;
  const target = stubTargetOf(event.target);
  if (target !== undefined) {
    event.preventDefault();
    showStubTarget(target);
    return;
  }
  const key = nodeKeyOf(event.target);
  if (key === undefined) return;
  event.preventDefault();
  vscode.postMessage({ type: 'reveal', key });
});
// A tooltip is written for what is pointed at or focused, not for every element drawn.
svg.addEventListener('pointerover', (event) => showTooltip(event.target));
// Tab moves through the nodes: the focused one becomes the selection and is brought into view.
svg.addEventListener('focusin', (event) => {
  showTooltip(event.target);
  const key = nodeKeyOf(event.target);
  if (key === undefined) return;
  legend.collapseAfterFirstUse();
  select(key);
  bringIntoView(key);
});

for (const button of Array.from(document.querySelectorAll<HTMLButtonElement>('.toolbar button[data-action]'))) {
  button.addEventListener('click', () => runAction(button.dataset.action));
}
getElement('search', HTMLInputElement).addEventListener('input', () => legend.collapseAfterFirstUse());
messageBox.addEventListener('click', (event) => {
  if (event.target instanceof HTMLButtonElement && event.target.dataset.action === 'openOutline')
    vscode.postMessage({ type: 'openOutline' });
});

setFocusMode(state.focusMode === true);
setDesignerShown(state.designerHidden !== true);
vscode.postMessage({ type: 'ready' });
walk.start();

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
    case 'designer':
      setDesignerShown(state.designerHidden === true);
      break;
    case 'focusMode':
      legend.collapseAfterFirstUse();
      setFocusMode(!state.focusMode);
      break;
    case 'walk':
      walk.setOpen(!walk.isOpen);
      break;
    case 'coverage':
      walk.setCoverage(!walk.coverageShown);
      break;
    case 'exportSvg':
      if (page.shown)
        vscode.postMessage({ type: 'exportSvg', svg: exportSvg(svg, viewportGroup, page.shown.layout.width, page.shown.layout.height) });
      break;
  }
}

function rememberUri(uri: string): void {
  if (state.uri !== uri) saveState({ uri });
}

/** A graph from the host: refresh the marks when the structure is the one drawn, else lay it out. */
function receiveGraph(graph: PearlGraph): void {
  rememberUri(graph.uri);
  if (graph.kind === 'simple') {
    showSimplePearl();
    return;
  }
  if (graph.nodes.length === 0) {
    showText('This Pearl has no nodes yet: add them to pearl.nodes to see the graph.');
    return;
  }
  const changed = page.latest === undefined || page.latest.version !== graph.version || page.latest.uri !== graph.uri;
  page.latest = graph;
  // The walk and the coverage are computed again on the new version.
  if (changed) walk.graphChanged();
  const signature = structuralSignature(graph);
  if (page.shown && signature === page.shown.signature) {
    // Back to the structure on screen (a layout of another one may be running: it is not wanted).
    layouts.cancel();
    page.laying = undefined;
    refresh(graph);
    return;
  }
  if (page.laying === signature && layouts.busy) return;
  page.laying = signature;
  svg.dataset.layoutCount = String(++page.layoutCount);
  // A change to the graph on screen keeps its drawing (incremental); a new graph is laid out whole.
  void layouts.layout(layoutInput(graph), page.shown && { seq: page.shown.layoutSeq, layout: page.shown.layout }).then((outcome) => {
    svg.dataset.layoutsCancelled = String(layouts.cancelled);
    if (outcome.status === 'cancelled' || page.laying !== signature) return;
    page.laying = undefined;
    if (outcome.status === 'failed') {
      showText(`The graph could not be laid out: ${outcome.message}`);
      return;
    }
    svg.dataset.layoutMs = String(Math.round(outcome.elapsedMs));
    svg.dataset.layoutEngine = outcome.engine;
    draw(outcome.layout, outcome.seq, signature, page.latest ?? graph);
    // Once the drawing is done and the page idle, the worker readies its incremental layout for the first edit.
    if (outcome.engine === 'layered') requestIdleCallback(() => layouts.warmUpIncremental(), { timeout: 2_000 });
  });
}

/** Draws a new layout, keeping the view on what the user was looking at. */
function draw(layout: GraphLayout, layoutSeq: number, signature: string, graph: PearlGraph): void {
  const anchor = page.shown && !state.fitted ? captureAnchor(page.shown.layout) : undefined;
  const first = page.shown === undefined && state.transform === undefined;
  const current = withGraph(layout, graph);
  // The view first, the drawing after: the new elements are styled and laid out once, at the scale
  // they are shown at (a view set after them would restyle them all: the `far` class).
  setMessage(undefined);
  if (first || state.fitted) fitTo(current);
  else if (anchor) restoreAnchor(anchor, current);
  ({ nodes: page.nodeElements, edges: page.edgeElements } = renderGraph(viewportGroup, current));
  // Elements drawn before keep their classes: the selection is the one remembered, the same node
  // under its new key when a node above it came or went.
  const selected = page.followSelection(graph);
  for (const [key, element] of page.nodeElements) element.classList.toggle('selected', key === selected);
  page.shown = {
    graph,
    layout: current,
    layoutSeq,
    signature,
  };
  minimap.setLayout(current);
  offscreenText.schedule();
  // A new drawing: the focus mode lights its elements again.
  page.renderCount++;
  decorate();
  designer.graphShown();
  selectAfterHistory(graph);
  // For tests and debugging: which document version is on screen, how often it was drawn.
  svg.dataset.version = String(graph.version);
  svg.dataset.renderCount = String(page.renderCount);
  svg.setAttribute(
    'aria-label',
    `Conversation graph: ${graph.nodes.length} ${graph.nodes.length === 1 ? 'node' : 'nodes'}, ${graph.edges.length} ${graph.edges.length === 1 ? 'transition' : 'transitions'}`,
  );
}

/** Same structure, new data: redraws only the nodes whose diagnostics or marks changed. */
function refresh(graph: PearlGraph): void {
  if (!page.shown) return;
  const current = withGraph(page.shown.layout, graph);
  // The same structure: the same nodes, in the same order, as drawn.
  for (const [index, laidOut] of current.nodes.entries()) {
    if (sameAppearance(page.shown.layout.nodes[index].node, laidOut.node)) continue;
    const element = page.nodeElements.get(laidOut.node.key);
    if (element) page.nodeElements.set(laidOut.node.key, redrawNode(element, laidOut));
  }
  page.shown.graph = graph;
  page.shown.layout = current;
  offscreenText.schedule();
  decorate();
  designer.graphShown();
  selectAfterHistory(graph);
  page.refreshCount++;
  svg.dataset.version = String(graph.version);
  svg.dataset.refreshCount = String(page.refreshCount);
}

/**
 * The layout with each node's data taken from `graph` (same structure: same keys). Its transitions
 * stay the layout's (without their ranges, `layoutInput`): the page reads a transition's data from
 * `page.shown.graph` (pageState.ts), and a drawing after a small change reuses the laid-out transitions that stayed.
 */
function withGraph(layout: GraphLayout, graph: PearlGraph): GraphLayout {
  const byKey = new Map(graph.nodes.map((node) => [node.key, node] as const));
  const nodes: LaidOutNode[] = layout.nodes.map((laidOut) => ({ ...laidOut, node: byKey.get(laidOut.node.key) ?? laidOut.node }));
  return { ...layout, nodes };
}

/** The node nearest the centre of the view, and where on screen it is. */
function captureAnchor(layout: GraphLayout): { key: string; sx: number; sy: number } | undefined {
  const view = viewport.visibleGraphRect;
  const cx = (view.left + view.right) / 2;
  const cy = (view.top + view.bottom) / 2;
  let best: LaidOutNode | undefined;
  let bestDistance = Infinity;
  for (const laidOut of layout.nodes) {
    const distance = Math.hypot(laidOut.x + laidOut.width / 2 - cx, laidOut.y + laidOut.height / 2 - cy);
    if (distance < bestDistance) [best, bestDistance] = [laidOut, distance];
  }
  if (!best) return undefined;
  const { x, y, k } = viewport.transform;
  return { key: best.node.key, sx: best.x * k + x, sy: best.y * k + y };
}

function restoreAnchor(anchor: { key: string; sx: number; sy: number }, layout: GraphLayout): void {
  const laidOut = layout.nodes.find((candidate) => candidate.node.key === anchor.key);
  if (!laidOut) return;
  const { k } = viewport.transform;
  viewport.set({ x: anchor.sx - laidOut.x * k, y: anchor.sy - laidOut.y * k, k });
}

/** Fits the graph in the panel, beside or above the legend when it is open. */
function fit(): void {
  if (page.shown) fitTo(page.shown.layout);
}

/** Fits `layout` in the panel, beside or above the legend when it is open. */
function fitTo(layout: GraphLayout): void {
  let avoid: Rect | undefined;
  if (legend.open) {
    const svgBox = svg.getBoundingClientRect();
    const box = legend.rect;
    avoid = { left: box.left - svgBox.left, top: box.top - svgBox.top, right: box.right - svgBox.left, bottom: box.bottom - svgBox.top };
  }
  viewport.fit(layout.width, layout.height, avoid);
  saveState({ fitted: true });
}

/** Re-applies what is drawn over the nodes: cursor, search matches, focus mode. */
function decorate(): void {
  highlightCursor();
  search.update(false);
  showFocus();
  walk.decorate();
}

/** After the page's undo or redo, once the graph of the text it made is shown: the node it points at is selected (PageState.nodeAfterHistory). */
function selectAfterHistory(graph: PearlGraph): void {
  const node = page.nodeAfterHistory(graph);
  if (node === undefined) return;
  select(node.key);
  bringIntoView(node.key);
}

function select(key: string): void {
  page.select(key);
  for (const element of Array.from(viewportGroup.querySelectorAll('.selected'))) element.classList.remove('selected');
  page.nodeElements.get(key)?.classList.add('selected');
  showFocus();
  // The side panel first: showing it may make the graph area smaller, and what is framed or
  // brought into view next must fit in what is left.
  designer.selectionChanged();
  remeasure();
  if (state.focusMode) frameFocus();
}

/**
 * Measures the graph area now (the side panel may have changed it) and does what the resize
 * observer would do, so that the view judged next (a frame, {@link bringIntoView}) fits the new
 * size and the resize reported later does not move it again.
 */
function remeasure(): void {
  const previous = viewport.size;
  viewport.remeasure();
  const now = viewport.size;
  if (now.width !== previous.width || now.height !== previous.height) resized(previous);
}

/** The graph area changed size: Fit is kept when it was fitted; otherwise the centre of the view stays in the centre. */
function resized(previous: { readonly width: number; readonly height: number }): void {
  if (page.shown && state.fitted) fit();
  else if (page.shown && previous.width > 0 && previous.height > 0) viewport.keepCentre(previous);
  minimap.update();
}

function setFocusMode(on: boolean): void {
  saveState({ focusMode: on });
  const button = document.querySelector('.toolbar button[data-action="focusMode"]');
  button?.setAttribute('aria-pressed', String(on));
  showFocus();
  if (on) frameFocus();
}

/** Focus mode: frames the focused node and its neighbours at a readable scale (focusFrame.ts). */
function frameFocus(): void {
  const key = page.selectedDrawn ?? page.cursorNode()?.key;
  if (!page.shown || key === undefined) return;
  const frame = frameNeighbourhood(page.shown.layout.nodes, neighbourhood(page.shown.graph, key), viewport.size, key);
  if (frame === undefined) return;
  viewport.centerOn(frame.x, frame.y, frame.k);
  saveState({ fitted: false });
}

/** Shows or hides the palette and the side panel beside the graph (the graph takes the room; Fit is kept). */
function setDesignerShown(visible: boolean): void {
  saveState({ designerHidden: !visible });
  document.body.classList.toggle('designer-hidden', !visible);
  document.querySelector('.toolbar button[data-action="designer"]')?.setAttribute('aria-pressed', String(visible));
}

function showFocus(): void {
  const key = state.focusMode ? (page.selectedDrawn ?? page.cursorNode()?.key) : undefined;
  focusMode.show(page.shown?.graph, key, page.renderCount);
}

function showSearch(results: SearchResults, moved: boolean): void {
  const matches = new Set(results.keys);
  const current = results.keys[results.current];
  if (matches.size === 0 && !page.searchMarked) return;
  page.searchMarked = matches.size > 0;
  for (const [key, element] of page.nodeElements) {
    element.classList.toggle('match', matches.has(key));
    element.classList.toggle('match-current', key === current);
  }
  if (moved && current !== undefined) {
    // The match becomes the selection (the side panel shows it); in focus mode, framed with its neighbours.
    select(current);
    if (state.focusMode) return;
    const laidOut = page.shown?.layout.nodes.find((candidate) => candidate.node.key === current);
    if (laidOut) {
      viewport.centerOn(laidOut.x + laidOut.width / 2, laidOut.y + laidOut.height / 2, Math.max(viewport.transform.k, readableScale));
      saveState({ fitted: false });
    }
  }
}

/** Pans so that the node `key` is in view, when it is not. */
function bringIntoView(key: string): void {
  const laidOut = page.shown?.layout.nodes.find((candidate) => candidate.node.key === key);
  if (!laidOut) return;
  const view = viewport.visibleGraphRect;
  const inside =
    laidOut.x >= view.left && laidOut.y >= view.top && laidOut.x + laidOut.width <= view.right && laidOut.y + laidOut.height <= view.bottom;
  if (inside) return;
  viewport.centerOn(laidOut.x + laidOut.width / 2, laidOut.y + laidOut.height / 2);
  saveState({ fitted: false });
}

function showSimplePearl(): void {
  clearGraph();
  const text = document.createElement('p');
  text.textContent = simplePearlText;
  const button = document.createElement('button');
  button.type = 'button';
  button.dataset.action = 'openOutline';
  button.textContent = 'Open Outline';
  messageBox.replaceChildren(text, button);
  showMessageBox(true);
}

function showText(text: string): void {
  clearGraph();
  setMessage(text);
}

function clearGraph(): void {
  layouts.cancel();
  page.clearGraph();
  viewportGroup.replaceChildren();
  minimap.setLayout(undefined);
}

function setMessage(text: string | undefined): void {
  messageBox.textContent = text ?? '';
  showMessageBox(text !== undefined);
}

function showMessageBox(visible: boolean): void {
  messageBox.hidden = !visible;
  document.body.classList.toggle('showing-message', visible);
}

/** Marks the node holding the editor's cursor (the element marked before is unmarked: no scan of the drawing). */
function highlightCursor(): void {
  const node = page.cursorNode();
  const element = node && page.nodeElements.get(node.key);
  if (element === page.cursorElement && element?.classList.contains('cursor')) return;
  page.cursorElement?.classList.remove('cursor');
  page.cursorElement = element;
  element?.classList.add('cursor');
}

/** A stub's tag was clicked: its target becomes the selection, centred in the view, and the editor goes to it. */
function showStubTarget(key: string): void {
  const laidOut = page.shown?.layout.nodes.find((candidate) => candidate.node.key === key);
  if (!laidOut) return;
  select(key);
  page.nodeElements.get(key)?.focus({ preventScroll: true });
  viewport.centerOn(laidOut.x + laidOut.width / 2, laidOut.y + laidOut.height / 2, Math.max(viewport.transform.k, readableScale));
  saveState({ fitted: false });
  vscode.postMessage({ type: 'reveal', key });
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
  const {
    uri,
    transform,
    legendOpen,
    fitted,
    focusMode,
    designerHidden,
    panelCollapsed,
    walk: walkState,
  } = saved as Record<string, unknown>;
  return {
    uri: typeof uri === 'string' ? uri : undefined,
    transform: isViewTransform(transform) ? transform : undefined,
    legendOpen: typeof legendOpen === 'boolean' ? legendOpen : undefined,
    fitted: typeof fitted === 'boolean' ? fitted : undefined,
    focusMode: typeof focusMode === 'boolean' ? focusMode : undefined,
    designerHidden: typeof designerHidden === 'boolean' ? designerHidden : undefined,
    panelCollapsed: typeof panelCollapsed === 'boolean' ? panelCollapsed : undefined,
    walk: walkState,
  };
}
