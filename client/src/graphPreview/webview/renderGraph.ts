/**
 * Draws a {@link GraphLayout} as SVG with DOM APIs only: every string from the Pearl file goes
 * through `textContent`, never through markup, so a node named `<img src=x onerror=…>` is text.
 * Colours come from classes (`family-*`, `edge-success`, …) styled by `graphPreview.css` with VS
 * Code's theme variables; geometry and font sizes are presentation attributes (allowed by the CSP,
 * unlike `style` attributes).
 *
 * Each node is one element with `data-node-key`, each transition one with `data-edge-key`, its
 * label one with `data-label-for` and, for a transition drawn as a stub, its tag one with
 * `data-tag-for`. Nothing else of the graph is written in the DOM: where a transition goes is
 * asked of the drawing ({@link stubTargetOf}), so that a node removed near the top of a large
 * graph, which renumbers the keys of the nodes below it, rewrites as few attributes as can be.
 */
import type { Diagnostic } from 'vscode-languageserver-types';
import type { PearlGraphEdge, PearlGraphNode } from '#protocol/graphTypes';
import { type GraphLayout, type LaidOutEdge, type LaidOutNode, sameBox, sameLines } from './graphLayout';
import { edgeIdentities, nodeIdentities } from './layoutDelta';
import { getNodeTitle, textStyles, type TextStyle } from './layoutText';
import { sameAppearance } from './structure';
import { clip, maxShownChars } from './textWrap';

/** The SVG namespace. */
export const svgNs = 'http://www.w3.org/2000/svg';

const padX = 10;
const padY = 8;
const markHeight = 14;
const markGap = 4;
const cornerRadius = 6;

/** Creates an SVG element with attributes, appended to `parent` when given. */
export function createSvgElement<K extends keyof SVGElementTagNameMap>(
  tag: K,
  attributes: Readonly<Record<string, string | number>> = {},
  parent?: Element,
): SVGElementTagNameMap[K] {
  const element = document.createElementNS(svgNs, tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, String(value));
  parent?.appendChild(element);
  return element;
}

/** Adds the arrow markers (plain, success, failure) to the `<svg>`'s `<defs>`, once. */
export function ensureMarkers(svg: SVGSVGElement): void {
  if (svg.querySelector('defs')) return;
  const defs = createSvgElement('defs', {}, svg);
  for (const variant of ['', 'success', 'failure']) {
    const marker = createSvgElement(
      'marker',
      {
        id: variant ? `arrow-${variant}` : 'arrow',
        viewBox: '0 0 10 10',
        refX: 9,
        refY: 5,
        markerWidth: 8,
        markerHeight: 8,
        markerUnits: 'userSpaceOnUse',
        orient: 'auto',
      },
      defs,
    );
    createSvgElement('path', { d: 'M0 0 L10 5 L0 10 z', class: `arrow-head${variant ? ` arrow-head-${variant}` : ''}` }, marker);
  }
}

/** The elements of a drawing: each node's by key, and each transition's (its path's group, then its label's and its tag's when drawn) by key. */
export interface Drawing {
  readonly nodes: Map<string, SVGGElement>;
  readonly edges: Map<string, readonly SVGGElement[]>;
}

/**
 * Draws `layout` in `viewport` (the transformed `<g>`) and returns its elements. A node or
 * transition already drawn exactly so by the previous drawing keeps its elements, untouched; the
 * others are drawn anew and the elements of what is gone removed. Nodes are matched by identity
 * ({@link nodeIdentities}: the nodeId, not the key), transitions by their points after a layout
 * delta, else by identity ({@link drawEdges}), so a node removed or inserted above others, which
 * renumbers their keys (`n:<index>`), only re-keys their elements (their `data-*` attributes).
 * After an incremental layout (a few nodes added or moved) the browser so styles and lays out only
 * what changed, not the whole graph again. Whether an element
 * is drawn alike is a comparison of the laid-out entries (the same objects, or arrays, after a
 * layout delta: {@link sameNode}, {@link sameEdge}), never a serialisation of each.
 */
export function renderGraph(viewport: SVGGElement, layout: GraphLayout): Drawing {
  const layerClasses = ['layer-groups', 'layer-edges', 'layer-nodes', 'layer-labels'] as const;
  let layers = layerClasses.map((name) => viewport.querySelector<SVGGElement>(`:scope > g.${name}`));
  if (layers.some((layer) => layer === null)) {
    layers = layerClasses.map((name) => createSvgElement('g', { class: name }));
    viewport.replaceChildren(...(layers as SVGGElement[]));
  }
  const [groups, edges, nodes, labels] = layers as SVGGElement[];
  const drawn = drawnIndexes.get(groups) ?? drawnElements([groups, edges, nodes, labels]);
  const index: DrawnIndex = { node: new Map(), edge: new Map() };
  drawnIndexes.set(groups, index);
  const nodeIdentity = nodeIdentities(layout.nodes.map((laidOut) => laidOut.node));
  const kept = new Set<Element>();
  const added: [SVGGElement, SVGGElement][] = [];
  const nodeElements = new Map<string, SVGGElement>();
  const reuse = (identity: string, alike: (before: DrawnNode) => boolean): SVGGElement | undefined => {
    const element = drawn.node.get(identity);
    const before = element && drawnAs.get(element);
    if (element === undefined || before?.kind !== 'node' || !alike(before)) return undefined;
    kept.add(element);
    index.node.set(identity, element);
    return element;
  };
  for (const laidOut of layout.nodes) {
    const { key } = laidOut.node;
    const identity = nodeIdentity.get(key) ?? key;
    let element = reuseNode(identity, laidOut, reuse);
    if (!element) {
      element = drawNode(laidOut, identity);
      added.push([laidOut.isGroup ? groups : nodes, element]);
      index.node.set(identity, element);
    }
    nodeElements.set(key, element);
  }
  const edgeElements = drawEdges({ layout, drawn, index, kept, added, edgeLayer: edges, labelLayer: labels }, nodeIdentity);
  for (const element of drawn.node.values()) if (!kept.has(element)) element.remove();
  for (const element of drawn.edge.values()) {
    if (kept.has(element)) continue;
    const before = drawnAs.get(element);
    if (before?.kind === 'edge') for (const part of before.all) part.remove();
    else element.remove();
  }
  for (const [layer, element] of added) layer.appendChild(element);
  return { nodes: nodeElements, edges: edgeElements };
}

/** What {@link drawEdges} works with: renderGraph's layout, the drawing before, the new drawing's index, what is kept and added. */
interface EdgeDrawing {
  readonly layout: GraphLayout;
  readonly drawn: DrawnIndex;
  readonly index: DrawnIndex;
  readonly kept: Set<Element>;
  readonly added: [SVGGElement, SVGGElement][];
  readonly edgeLayer: SVGGElement;
  readonly labelLayer: SVGGElement;
}

/**
 * Draws the transitions of `drawing.layout`, keeping each one drawn alike before. After a layout
 * delta (`applyLayoutDelta`), a transition kept shares its points with the entry drawn before: it is
 * found by them ({@link drawnByPoints}), with no identity built for thousands of transitions; a new
 * layout is matched by identity ({@link edgeIdentities}). Returns each transition's elements by key.
 */
function drawEdges(drawing: EdgeDrawing, nodeIdentity: ReadonlyMap<string, string>): Map<string, readonly SVGGElement[]> {
  const { layout, drawn, index, kept, added } = drawing;
  const result = new Map<string, readonly SVGGElement[]>();
  const fromDrawing = layout.edges.some((laidOut) => drawnByPoints.has(laidOut.points));
  let identities: ReadonlyMap<string, string> | undefined;
  const identityOf = (laidOut: LaidOutEdge): string =>
    (identities ??= edgeIdentities(
      layout.edges.map((entry) => entry.edge),
      nodeIdentity,
    )).get(laidOut.edge.key) ?? laidOut.edge.key;
  for (const laidOut of layout.edges) {
    // Drawn alike before: found by its points after a delta, else by its identity.
    const element = fromDrawing ? drawnByPoints.get(laidOut.points) : drawn.edge.get(identityOf(laidOut));
    const before = element && drawnAs.get(element);
    if (
      element !== undefined &&
      before?.kind === 'edge' &&
      !kept.has(element) &&
      drawn.edge.get(before.identity) === element &&
      sameEdge(before.laidOut, laidOut)
    ) {
      if (before.laidOut.edge !== laidOut.edge) rekeyEdge(before.laidOut.edge, laidOut.edge, before);
      before.laidOut = laidOut;
      drawnByPoints.set(laidOut.points, element);
      kept.add(element);
      index.edge.set(before.identity, element);
      result.set(laidOut.edge.key, before.all);
      continue;
    }
    // A transition new after a delta is matched by nothing later but its points: any identity unique in the drawing does.
    const identity = fromDrawing ? `new\0${++newEdges}` : identityOf(laidOut);
    const fresh = drawEdge(laidOut, identity);
    const [path, ...parts] = fresh.all;
    index.edge.set(identity, path);
    added.push([drawing.edgeLayer, path]);
    for (const part of parts) added.push([drawing.labelLayer, part]);
    result.set(laidOut.edge.key, fresh.all);
  }
  return result;
}

/** The transitions drawn after a delta that were not there before, counted: their identities. */
let newEdges = 0;

/** The path's group drawn for each transition, by its points (the array a layout delta keeps for the entries it keeps or moves). */
const drawnByPoints = new WeakMap<LaidOutEdge['points'], SVGGElement>();

/**
 * The element drawn before for the node `identity`, kept for `laidOut` when it has the same shape
 * ({@link sameShape}), its marks of problems redrawn when only they changed (a node that became
 * unreachable, say); undefined when it must be drawn anew. `reuse` is renderGraph's.
 */
function reuseNode(
  identity: string,
  laidOut: LaidOutNode,
  reuse: (identity: string, alike: (before: DrawnNode) => boolean) => SVGGElement | undefined,
): SVGGElement | undefined {
  let problemsChanged = false;
  const element = reuse(identity, (before) => {
    if (!sameShape(before.laidOut, laidOut)) return false;
    problemsChanged = !sameNode(before.laidOut, laidOut);
    return true;
  });
  if (!element) return undefined;
  const before = drawnAs.get(element) as DrawnNode;
  if (problemsChanged) drawProblems(element, laidOut);
  if (before.laidOut.node.key !== laidOut.node.key) element.setAttribute('data-node-key', laidOut.node.key);
  before.laidOut = laidOut;
  return element;
}

/** What a node's element was drawn from: its identity and laid-out entry (the latest it was kept for). */
interface DrawnNode {
  readonly kind: 'node';
  readonly identity: string;
  laidOut: LaidOutNode;
}

/**
 * What a transition's path group was drawn from: its identity and laid-out entry (the latest it was
 * kept for); its label's and its tag's groups when drawn, and all of its elements, the path's group
 * first (`all`).
 */
interface DrawnEdge {
  readonly kind: 'edge';
  readonly identity: string;
  laidOut: LaidOutEdge;
  readonly label?: SVGGElement;
  readonly tag?: SVGGElement;
  readonly all: readonly SVGGElement[];
}

/** What an element was drawn from: its kind, identity and laid-out entry. */
type Drawn = DrawnNode | DrawnEdge;

/** How each node's element and each transition's path group was drawn; one drawn alike ({@link sameNode}, {@link sameEdge}) can stay. */
const drawnAs = new WeakMap<Element, Drawn>();

/** The elements of a drawing, by identity: each node's, and each transition's path group (its Drawn lists the rest). */
interface DrawnIndex {
  readonly node: Map<string, SVGGElement>;
  readonly edge: Map<string, SVGGElement>;
}

/**
 * The index of each drawing's elements, by its first layer: kept from one drawing to the next (and
 * through {@link redrawNode}), so that a drawing looks its elements up without reading the DOM.
 */
const drawnIndexes = new WeakMap<Element, DrawnIndex>();

/** The elements drawn in `layers` (their children), by kind and identity: read once, for layers the page did not draw. */
function drawnElements(layers: readonly SVGGElement[]): DrawnIndex {
  const result: DrawnIndex = { node: new Map(), edge: new Map() };
  for (const layer of layers) {
    for (const element of Array.from(layer.children)) {
      const info = drawnAs.get(element);
      if (info && element instanceof SVGGElement) result[info.kind].set(info.identity, element);
    }
  }
  return result;
}

/**
 * Puts the key of `now` on the elements drawn for `before` (the same transition drawn alike, under
 * another key when a node above it was removed or inserted), when it changed, with `setAttribute`
 * (a `dataset` write goes through a far slower path, and a delete at the top of a large graph
 * re-keys thousands).
 */
function rekeyEdge(before: PearlGraphEdge, now: PearlGraphEdge, drawn: DrawnEdge): void {
  const { key } = now;
  if (key === before.key) return;
  const [edge] = drawn.all;
  edge.setAttribute('data-edge-key', key);
  drawn.label?.setAttribute('data-label-for', key);
  drawn.tag?.setAttribute('data-tag-for', key);
}

/**
 * The key of the node the stub whose tag is at or above `target` goes to (its transition's target
 * as last drawn), or undefined when `target` is not in a tag.
 */
export function stubTargetOf(target: EventTarget | null): string | undefined {
  if (!(target instanceof Element)) return undefined;
  const tag = target.closest('[data-tag-for]');
  return tag ? partsDrawn.get(tag)?.laidOut.edge.target : undefined;
}

/** The transition each label and each stub's tag was drawn for, by the element (its entry kept current as the transition is kept). */
const partsDrawn = new WeakMap<Element, DrawnEdge>();

/** The elements that carry a tooltip: nodes, transitions, their labels and tags. */
const tooltipCarriers = '[data-node-key], [data-edge-key], [data-label-for], [data-tag-for]';

/**
 * Puts its tooltip on the node, transition, label or tag at or above `target`, when pointed at or
 * focused: tooltips are not written for every element of every drawing (a 500-node graph has
 * 1,500 of them, and a node removed near its top changed hundreds), only for the one the user
 * comes to, from what it draws now.
 */
export function showTooltip(target: EventTarget | null): void {
  if (!(target instanceof Element)) return;
  const element = target.closest(tooltipCarriers);
  if (element) putTooltip(element);
}

/** Puts its tooltip on every node, transition, label and tag under `root` (a whole picture, for "Export SVG"). */
export function showAllTooltips(root: Element): void {
  for (const element of Array.from(root.querySelectorAll(tooltipCarriers))) putTooltip(element);
}

/**
 * Makes `element`'s tooltip, a `<title>` as its first child, say what {@link tooltipOf} says:
 * written, changed or removed, only where it differs.
 */
function putTooltip(element: Element): void {
  const text = tooltipOf(element);
  const first = element.firstElementChild;
  const title = first?.tagName === 'title' ? first : undefined;
  if (text === undefined) title?.remove();
  else if (title) {
    if (title.textContent !== text) title.textContent = text;
  } else {
    const made = createSvgElement('title');
    made.textContent = text;
    element.prepend(made);
  }
}

/**
 * The tooltip of a drawing's `element`: a node's type, name, id and diagnostics; a transition's
 * whole name (on its label, which may cut it short, or on its line when it has none), and for a
 * stub where it goes (on its tag, which says it all). Undefined when it has none.
 */
function tooltipOf(element: Element): string | undefined {
  const drawn = drawnAs.get(element);
  if (drawn?.kind === 'node') return describeNode(drawn.laidOut.node);
  const edge = drawn?.kind === 'edge' ? drawn : partsDrawn.get(element);
  if (!edge) return undefined;
  const { laidOut } = edge;
  if (element === edge.tag) return edgeTitle(laidOut);
  // The label carries it when there is one; a stub's tag says it all.
  const carrier = laidOut.tag ? undefined : (edge.label ?? edge.all[0]);
  return laidOut.edge.name !== undefined && element === carrier ? edgeTitle(laidOut) : undefined;
}

/** Whether `b` draws as `a` did: everything a node's drawing depends on but its key (a node renumbered keeps its element). */
function sameNode(a: LaidOutNode, b: LaidOutNode): boolean {
  if (a === b) return true;
  return sameShape(a, b) && sameAppearance(a.node, b.node);
}

/**
 * Whether `b` draws as `a` did but for what {@link drawProblems} draws (its diagnostics, problem
 * classes, tooltip, screen reader label and badge): same place, size, texts and marks.
 */
function sameShape(a: LaidOutNode, b: LaidOutNode): boolean {
  return a === b || (sameBox(a, b) && a.node.isEntry === b.node.isEntry);
}

/** Whether `b` draws as `a` did: everything a transition's drawing (path, label, tag) depends on but its keys and its target's key. */
function sameEdge(a: LaidOutEdge, b: LaidOutEdge): boolean {
  if (a === b) return true;
  if (a.edge.name !== b.edge.name || a.edge.apiResult !== b.edge.apiResult) return false;
  if (a.points !== b.points) {
    if (a.points.length !== b.points.length) return false;
    for (let index = 0; index < a.points.length; index++)
      if (a.points[index].x !== b.points[index].x || a.points[index].y !== b.points[index].y) return false;
  }
  // Plain reads: destructuring an array runs the iterator protocol, slow in code not yet optimised.
  const s = a.label;
  const t = b.label;
  if (
    s !== t &&
    (s === undefined ||
      t === undefined ||
      s.x !== t.x ||
      s.y !== t.y ||
      s.width !== t.width ||
      s.height !== t.height ||
      !sameLines(s.lines, t.lines))
  )
    return false;
  const u = a.tag;
  const v = b.tag;
  return (
    u === v ||
    (u !== undefined &&
      v !== undefined &&
      u.x === v.x &&
      u.y === v.y &&
      u.width === v.width &&
      u.height === v.height &&
      u.text === v.text &&
      u.targetTitle === v.targetTitle &&
      u.family === v.family)
  );
}

/** Classes the page sets on a drawn node, kept when it is redrawn in place. */
const transientClasses = ['selected', 'cursor', 'match', 'match-current', 'bright', 'focused'] as const;

/**
 * Draws `laidOut` again in place of `element` (its previous drawing), at the same position: for a
 * change of diagnostics or marks that leaves the layout as it is. When only what
 * {@link drawProblems} draws changed, `element` is kept and patched. Returns the element drawn.
 */
export function redrawNode(element: Element, laidOut: LaidOutNode): SVGGElement {
  const before = drawnAs.get(element);
  if (before?.kind === 'node' && element instanceof SVGGElement && sameShape(before.laidOut, laidOut)) {
    drawProblems(element, laidOut);
    before.laidOut = laidOut;
    return element;
  }
  const identity = before?.identity ?? laidOut.node.key;
  const drawn = drawNode(laidOut, identity);
  // What the page marks on a node (selection, cursor, search, focus mode) stays marked.
  for (const name of transientClasses) if (element.classList.contains(name)) drawn.classList.add(name);
  // The drawing's index holds the new element (its first layer is the groups' layer, beside this one's).
  const firstLayer = element.parentElement?.parentElement?.firstElementChild;
  const index = firstLayer ? drawnIndexes.get(firstLayer) : undefined;
  if (index?.node.get(identity) === element) index.node.set(identity, drawn);
  element.replaceWith(drawn);
  return drawn;
}

/** One node: a `<g>` with `data-node-key`, focusable, its box, header text, marks and count badge. */
function drawNode(laidOut: LaidOutNode, identity: string): SVGGElement {
  const group = drawNodeElement(laidOut);
  drawnAs.set(group, { kind: 'node', identity, laidOut });
  return group;
}

function drawNodeElement(laidOut: LaidOutNode): SVGGElement {
  const { node, width, height } = laidOut;
  const classes = ['node', `family-${laidOut.family}`];
  if (laidOut.isGroup) classes.push('group');
  if (laidOut.depth > 0) classes.push('nested');
  if (node.isEntry) classes.push('entry');

  // Everything at its place in the graph, no `transform` on the group: Chromium paints each
  // transformed group as a chunk of its own, and a repaint of a 500-node graph cost 10-20 ms more
  // in compositing its chunks than in painting them.
  const group = createSvgElement('g', { class: classes.join(' '), tabindex: 0, role: 'button' });
  group.setAttribute('data-node-key', node.key);
  const [left, top] = [laidOut.x, laidOut.y];
  const box = { class: 'node-box', x: round(left), y: round(top), width: round(width), height: round(height), rx: cornerRadius };
  createSvgElement('rect', { ...box, class: 'node-fill' }, group);
  createSvgElement('rect', box, group);
  if (laidOut.isGroup) {
    createSvgElement(
      'path',
      { class: 'group-rule', d: `M${round(left)} ${round(top + laidOut.headerHeight)} H${round(left + width)}` },
      group,
    );
  }

  let y = top + padY;
  drawText(group, 'node-type', [laidOut.typeText], left + padX + (node.isEntry ? 44 : 0), y, 'type');
  y += textStyles.type.lineHeight + 2;
  drawText(group, 'node-name', laidOut.nameLines, left + padX, y, 'name');
  y += laidOut.nameLines.length * textStyles.name.lineHeight + markGap;

  let x = left + padX;
  for (const mark of laidOut.marks) {
    drawMark(group, mark.kind === 'cannotReachEnd' ? 'mark-cannot-reach-end' : 'mark-no-incoming', mark.text, x, y, mark.width);
    x += mark.width + markGap;
  }
  if (node.isEntry) drawMark(group, 'mark-entry', 'start', left + padX - 2, top + padY, 40);
  drawProblems(group, laidOut);
  return group;
}

/**
 * What a node's diagnostics and data decide of its drawing, on `group` (drawn by
 * {@link drawNodeElement}, or before for the same shape): the problem classes, `data-errors`, the
 * label a screen reader says, the tooltip when it has one ({@link showTooltip}: a `<title>`, its
 * first child) and the count badge (its last two children). A change of diagnostics alone so redraws no
 * text, box or mark, and what did not change is not written again.
 */
function drawProblems(group: SVGGElement, laidOut: LaidOutNode): void {
  const { node, width, x, y } = laidOut;
  let [errors, warnings] = [0, 0];
  for (const diagnostic of node.diagnostics) {
    if (isError(diagnostic)) errors++;
    else if (diagnostic.severity === 2) warnings++;
  }
  group.classList.toggle('has-errors', errors > 0);
  group.classList.toggle('has-warnings', errors === 0 && warnings > 0);
  group.classList.toggle('cannot-reach-end', node.cannotReachEnd === true);
  group.classList.toggle('no-incoming', node.noIncoming === true);
  // Each attribute and text is written only when it changes (a node patched keeps the rest).
  const errorCount = errors > 0 ? String(errors) : null;
  if (group.getAttribute('data-errors') !== errorCount) {
    if (errorCount === null) group.removeAttribute('data-errors');
    else group.setAttribute('data-errors', errorCount);
  }
  const label = ariaLabel(node, errors, warnings);
  if (group.getAttribute('aria-label') !== label) group.setAttribute('aria-label', label);
  const title = group.firstElementChild;
  if (title?.tagName === 'title') {
    const text = describeNode(node);
    if (title.textContent !== text) title.textContent = text;
  }
  // The count badge: a circle (`count-badge`) and its number, the node's last two children.
  const last = group.lastElementChild;
  const number = last?.classList.contains('count-text') ? last : undefined;
  const badge = number?.previousElementSibling ?? undefined;
  if (errors === 0 && warnings === 0) {
    badge?.remove();
    number?.remove();
    return;
  }
  const badgeClass = errors > 0 ? 'count-badge count-errors' : 'count-badge count-warnings';
  const count = String(errors > 0 ? errors : warnings);
  if (badge && number) {
    if (badge.getAttribute('class') !== badgeClass) badge.setAttribute('class', badgeClass);
    if (number.textContent !== count) number.textContent = count;
    return;
  }
  // Copies of a badge drawn once: a delete that leaves hundreds of nodes unreachable adds as many.
  badgeTemplate ??= drawBadgeTemplate();
  const [cx, cy] = [round(x + width - 2), round(y + 2)];
  const circle = badgeTemplate[0].cloneNode() as SVGCircleElement;
  circle.setAttribute('class', badgeClass);
  circle.setAttribute('cx', String(cx));
  circle.setAttribute('cy', String(cy));
  const text = badgeTemplate[1].cloneNode() as SVGTextElement;
  text.setAttribute('x', String(cx));
  text.setAttribute('y', String(round(cy + 3.5)));
  text.textContent = count;
  group.append(circle, text);
}

/** The count badge {@link drawProblems} copies, drawn on first use: its circle and its number. */
let badgeTemplate: readonly [SVGCircleElement, SVGTextElement] | undefined;

/**
 * A count badge with all but its place, colour and count: its circle (`count-badge`, and
 * `count-errors` or `count-warnings` for its colour) and its text (`count-text`), two elements
 * (a group around them would be a third to create for each of hundreds of badges).
 */
function drawBadgeTemplate(): readonly [SVGCircleElement, SVGTextElement] {
  return [
    createSvgElement('circle', { class: 'count-badge', r: 9 }),
    createSvgElement('text', {
      class: 'count-text',
      'text-anchor': 'middle',
      'font-size': textStyles.mark.size,
      'font-weight': textStyles.mark.weight,
    }),
  ];
}

/** What a screen reader says for a node: type, name (cut when very long), and its problem count. */
function ariaLabel(node: PearlGraphNode, errors: number, warnings: number): string {
  const title = getNodeTitle(node);
  const shown = title.length > maxShownChars ? `${clip(title, maxShownChars)}…` : title;
  const problems =
    errors > 0
      ? `, ${errors} ${errors === 1 ? 'error' : 'errors'}`
      : warnings > 0
        ? `, ${warnings} ${warnings === 1 ? 'warning' : 'warnings'}`
        : '';
  return `${node.typeName} ${shown}${node.isEntry ? ', entry node' : ''}${problems}`;
}

function drawMark(parent: SVGGElement, kind: string, text: string, x: number, y: number, width: number): void {
  const mark = createSvgElement('g', { class: `mark ${kind}` }, parent);
  createSvgElement(
    'rect',
    { class: 'mark-box', x: round(x), y: round(y), width: round(width), height: markHeight, rx: markHeight / 2 },
    mark,
  );
  const label = createSvgElement(
    'text',
    {
      class: 'mark-text',
      x: round(x + width / 2),
      y: round(y + 10.5),
      'text-anchor': 'middle',
      'font-size': textStyles.mark.size,
      'font-weight': textStyles.mark.weight,
    },
    mark,
  );
  label.textContent = text;
}

/**
 * Draws `lines` with the first line's top at `top`: one `<tspan>` per line, or for a single line
 * of a type or label the `<text>` alone (a large graph has thousands: fewer elements draw faster).
 */
function drawText(parent: SVGElement, className: string, lines: readonly string[], x: number, top: number, style: TextStyle): void {
  const { size, weight, lineHeight } = textStyles[style];
  if (lines.length === 1 && style !== 'name') {
    const y = round(top + lineHeight * 0.78);
    createSvgElement('text', { class: className, x: round(x), y, 'font-size': size, 'font-weight': weight }, parent).textContent = lines[0];
    return;
  }
  const text = createSvgElement('text', { class: className, 'font-size': size, 'font-weight': weight }, parent);
  lines.forEach((line, index) => {
    // Baseline about 80% down the line box.
    const tspan = createSvgElement('tspan', { x: round(x), y: round(top + index * lineHeight + lineHeight * 0.78) }, text);
    tspan.textContent = line;
  });
}

/**
 * One transition: a `<g>` with `data-edge-key` holding its path, its label's `<g>`
 * (`data-label-for`) and, for a stub, its tag's `<g>` (`data-tag-for`). Returns how it was drawn
 * (also in {@link drawnAs} and {@link drawnByPoints}).
 */
function drawEdge(laidOut: LaidOutEdge, identity: string): DrawnEdge {
  const group = drawEdgeElements(laidOut);
  const [label, tag] = [group.label, group.tag];
  const parts = label && tag ? [label, tag] : label ? [label] : tag ? [tag] : [];
  const drawn: DrawnEdge = { kind: 'edge', identity, laidOut, label, tag, all: [group.edge, ...parts] };
  drawnAs.set(group.edge, drawn);
  for (const part of parts) partsDrawn.set(part, drawn);
  drawnByPoints.set(laidOut.points, group.edge);
  return drawn;
}

function drawEdgeElements(laidOut: LaidOutEdge): { edge: SVGGElement; label?: SVGGElement; tag?: SVGGElement } {
  const { edge } = laidOut;
  const variant = edge.apiResult === 1 ? 'success' : edge.apiResult === 2 ? 'failure' : '';
  const group = createSvgElement('g', { class: variant ? `edge edge-${variant}` : 'edge' });
  group.setAttribute('data-edge-key', edge.key);
  if (laidOut.tag) group.classList.add('stub');
  createSvgElement(
    'path',
    {
      class: variant ? `edge-path edge-${variant}` : 'edge-path',
      d: splinePath(laidOut.points),
      'marker-end': `url(#${variant ? `arrow-${variant}` : 'arrow'})`,
    },
    group,
  );
  const tag = laidOut.tag && drawTag(laidOut);
  const label = laidOut.label;
  if (!label) return { edge: group, tag };
  const labelGroup = createSvgElement('g', { class: variant ? `edge-label edge-${variant}` : 'edge-label' });
  labelGroup.setAttribute('data-label-for', edge.key);
  createSvgElement(
    'rect',
    { class: 'edge-label-box', x: round(label.x), y: round(label.y), width: round(label.width), height: round(label.height), rx: 3 },
    labelGroup,
  );
  drawText(labelGroup, 'edge-label-text', label.lines, label.x + 4, label.y + 2, 'label');
  return { edge: group, label: labelGroup, tag };
}

/** The tooltip of a transition: its name, and for a stub where it goes. */
function edgeTitle(laidOut: LaidOutEdge): string {
  const name = laidOut.edge.name ?? '';
  return laidOut.tag ? `${name ? `${name} ` : ''}→ ${laidOut.tag.targetTitle}` : name;
}

/**
 * The tag ending a stub: a pill in its target's colour naming the target, focusable; clicking it
 * (or Enter) shows the target (`main.ts`). Its text and tooltip go through `textContent`.
 */
function drawTag(laidOut: LaidOutEdge): SVGGElement | undefined {
  const tag = laidOut.tag;
  if (!tag) return undefined;
  const group = createSvgElement('g', { class: `edge-tag family-${tag.family}`, tabindex: 0, role: 'link' });
  group.setAttribute('data-tag-for', laidOut.edge.key);
  group.setAttribute('aria-label', `Go to ${clip(tag.targetTitle, maxShownChars)}`);
  createSvgElement(
    'rect',
    { class: 'edge-tag-box', x: round(tag.x), y: round(tag.y), width: round(tag.width), height: round(tag.height), rx: tag.height / 2 },
    group,
  );
  const text = createSvgElement(
    'text',
    {
      class: 'edge-tag-text',
      x: round(tag.x + 7),
      y: round(tag.y + tag.height / 2 + 3.5),
      'font-size': textStyles.mark.size,
      'font-weight': textStyles.mark.weight,
    },
    group,
  );
  text.textContent = tag.text;
  return group;
}

/**
 * An SVG path for a transition's route as the layouts give it: `points` is the start point, then
 * groups of three cubic Bézier points (two controls, one end); any points left over are joined by
 * lines.
 */
export function splinePath(points: readonly { x: number; y: number }[]): string {
  if (points.length === 0) return '';
  const parts = [`M${round(points[0].x)} ${round(points[0].y)}`];
  let index = 1;
  for (; index + 2 < points.length; index += 3) {
    const [a, b, c] = [points[index], points[index + 1], points[index + 2]];
    parts.push(`C${round(a.x)} ${round(a.y)} ${round(b.x)} ${round(b.y)} ${round(c.x)} ${round(c.y)}`);
  }
  for (; index < points.length; index++) parts.push(`L${round(points[index].x)} ${round(points[index].y)}`);
  return parts.join(' ');
}

/** The tooltip of a node: type, name, id, then each diagnostic on its own line. */
function describeNode(node: PearlGraphNode): string {
  const lines = [`${node.typeName}: ${getNodeTitle(node)}`];
  if (node.nodeId !== undefined && node.nodeId !== node.name) lines.push(`nodeId: ${node.nodeId}`);
  if (node.isEntry) lines.push('Entry node');
  for (const diagnostic of node.diagnostics) lines.push(`${severityName(diagnostic)}: ${diagnostic.message}`);
  return lines.join('\n');
}

function isError(diagnostic: Diagnostic): boolean {
  return diagnostic.severity === undefined || diagnostic.severity === 1;
}

function severityName(diagnostic: Diagnostic): string {
  switch (diagnostic.severity) {
    case 2:
      return 'Warning';
    case 3:
      return 'Info';
    case 4:
      return 'Hint';
    default:
      return 'Error';
  }
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}
