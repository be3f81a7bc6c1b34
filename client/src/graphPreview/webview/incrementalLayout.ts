/**
 * The stable layout after a small change of structure: every node and transition that is still
 * there keeps its place and route from the layout on screen (layered or incremental); only what
 * is new or changed is fitted in. A new node goes to the free spot nearest below the node its first
 * transition comes from (or above the node it leads to), clear of every node, label and drawn
 * transition; a new or changed transition goes straight down (or up) from its source and steps
 * aside of each node in its way, with its label on the first free stretch after its source. The
 * terminal nodes (EndCall, and steps reached that lead nowhere: the layered layout's last layer)
 * stay below everything: a new node that reaches down to their row moves them down below it, and
 * only their transitions drawn whole are routed again (a stub hangs from its source). A
 * bigger change (more than a fifth of the nodes new, and more than 4) is left to a whole new
 * layout: {@link incrementalLayout} returns undefined.
 *
 * Nodes are matched by nodeId (keys are indexes, which shift when a node above is removed), then a
 * node whose nodeId is new by key (a renamed nodeId); transitions by their source, target and rank
 * among the transitions between the two.
 */
import type { PearlGraph, PearlGraphNode } from '#protocol/graphTypes';
import {
  type Box,
  emitBox,
  maxDrawnIn,
  measureBoxes,
  nodeSpacing,
  padding,
  type Point,
  rowGap,
  sideCurve,
  stubGap,
  stubLead,
} from './layeredLayout';
import {
  type GraphLayout,
  type LaidOutEdge,
  type LaidOutNode,
  type LaidOutTag,
  measuredWith,
  type Rect,
  recordMeasure,
  rectsOverlap,
} from './graphLayout';
import {
  diffLayout,
  edgeIdentities,
  layoutIdentities,
  nodeIdentities,
  recordLayoutIdentities,
  sameData,
  sameNodeDrawing,
} from './layoutDelta';
import { getNodeTitle, type MeasureText, measureEdgeLabel, measureTag, tagHeight } from './layoutText';

/** New nodes from which the whole graph is laid out again: a share of the nodes, at least 4. */
const maxNewShare = 0.2;
const minNewAllowed = 4;
/** How far along a new route from its source its label may go, px. */
const labelReach = 240;
/** Space kept free around a placed node, px. */
const clearance = 14;
/** Grid step of the free-spot search, px. */
const searchStep = 10;
/** How far around the wanted spot the search looks, in steps. */
const searchRadius = 60;
/**
 * Grid step of the second, wider search for a new node, px: where the nodes are packed for
 * {@link searchRadius} steps around the wanted spot (a tall graph drawn in columns side by side),
 * the new node still goes near the node it comes from, not to the right of the whole drawing.
 */
const wideSearchStep = 40;
/** Space a route keeps from the nodes it passes, px. */
const routeClearance = 8;
/** Room for a transition's label of two lines between two nodes one above the other, px. */
const labelRoom = 2 * 14 + 4;
/** Vertical distance between two nodes from which a new transition between them is drawn as a stub, px. */
const stubDistance = 600;

/** The layout of `graph` that keeps `previous` (see the module comment); undefined when the change is too big. */
export function incrementalLayout(graph: PearlGraph, previous: GraphLayout, measure: MeasureText): GraphLayout | undefined {
  if (previous.nodes.length === 0) return undefined;
  const { boxes, boxOfKey } = measureBoxes(graph, measure);
  const matched = matchNodes(graph, boxes, previous);
  const { corner, resized } = matched;
  const fresh = boxes.filter((box) => !corner.has(box));
  if (fresh.length > Math.max(minNewAllowed, maxNewShare * boxes.length)) return undefined;

  const obstacles: Rect[] = [];
  const rectOf = (box: Box): Rect => {
    const at = cornerOf(corner, box);
    return { x: at.x, y: at.y, width: box.width, height: box.height };
  };
  const resizedSet = new Set(resized);
  for (const box of boxes) if (corner.has(box) && !resizedSet.has(box)) obstacles.push(rectOf(box));
  for (const box of resized) {
    if (obstacles.some((other) => rectsOverlap(inflate(rectOf(box), clearance / 2), other))) {
      corner.delete(box);
      fresh.push(box);
    } else obstacles.push(rectOf(box));
  }
  const moved = new Set<Box>([...fresh, ...resized]);
  const fitting: Fitting = { graph, measure, boxes, boxOfKey, corner, moved, obstacles, curvePoints: [] };
  const edgeIds = edgeIdentities(graph.edges, matched.matchedIdentity);
  const edges = keptEdges(fitting, previous, edgeIds);
  for (const laidOut of edges) {
    if (!laidOut) continue;
    if (laidOut.label) obstacles.push(laidOut.label);
    if (laidOut.tag) obstacles.push(laidOut.tag);
    fitting.curvePoints.push(curveOf(laidOut.points));
  }
  const shifted = placeNodes(fitting, fresh);
  // A terminal moved down: its transitions drawn whole are routed again, its stubs (drawn from their source) stay.
  const kept =
    shifted.size === 0
      ? edges
      : edges.map((laidOut, index) => {
          if (!laidOut) return undefined;
          const source = boxOfKey.get(graph.edges[index].source);
          const target = boxOfKey.get(graph.edges[index].target);
          if (source && shifted.has(source)) return undefined;
          return target && shifted.has(target) && !laidOut.tag ? undefined : laidOut;
        });
  if (shifted.size > 0) forgetRerouted(fitting, edges, kept);
  const nodes = emitNodes(fitting, previous, matched);
  const result = routeNew(fitting, kept, nodes, boxes.map(rectOf));
  const layout = { ...extentOf(nodes, result), nodes, edges: result };
  shareIdentities(layout, graph, matched.matchedIdentity, edgeIds);
  recordMeasure(layout, measure);
  return layout;
}

/**
 * Records the identities of the new `layout` ({@link recordLayoutIdentities}) from those of its
 * graph computed to match it (`nodeIds`, `edgeIds`), for the diff the worker posts and the next
 * edit's match, when they are the layout's own: every transition drawn, and every node under the
 * identity {@link nodeIdentities} gives it in the layout's order (not so for a node matched by its
 * key after its nodeId changed, nor for a nested action listed before its parent).
 */
function shareIdentities(
  layout: GraphLayout,
  graph: PearlGraph,
  nodeIds: ReadonlyMap<string, string>,
  edgeIds: ReadonlyMap<string, string>,
): void {
  if (layout.edges.length !== graph.edges.length) return;
  const own = nodeIdentities(layout.nodes.map((laidOut) => laidOut.node));
  if (own.size !== nodeIds.size) return;
  for (const [key, identity] of own) if (nodeIds.get(key) !== identity) return;
  recordLayoutIdentities(layout, { nodes: own, edges: edgeIds });
}

/** How many nodes before the one {@link warmUpSteps} removes it marks as no longer reaching an end. */
const markedBefore = 32;

/**
 * The steps that warm the incremental layout up (the worker runs them, one per task, before the
 * user's first edit; see `warmUpIncremental` in layoutWorker.ts): `rounds` times, the middle node
 * of `graph` deleted from `layout` (the nodes after it renumbered, as a delete in the text does; the
 * {@link markedBefore} nodes before it marked as no longer reaching an end, as when the removal cuts
 * a chain), then added
 * back, each laid out and diffed as the worker answers an edit; the results are dropped. Covers the
 * paths of the three small edits: nodes and transitions kept, renumbered, new, grown, re-measured
 * (`bench:layout-worker`, first+warm-up: the first removal from a 500-node chain took 27-34 ms after
 * a warm-up with no marks or 8, 8-15 with 32, 8.5 warm; more marks make the hub's warm-up steps
 * long, 270-540 ms with 250, which an edit arriving meanwhile would wait behind). Empty for a graph
 * of fewer than 2 nodes. A step may throw (an edit it did not foresee).
 */
export function warmUpSteps(graph: PearlGraph, layout: GraphLayout, measure: MeasureText, rounds: number): (() => void)[] {
  const middle = graph.nodes[graph.nodes.length >> 1];
  if (graph.nodes.length < 2 || middle === undefined) return [];
  // As a removal that cuts a chain does: the steps just before it can no longer reach an end (a
  // mark in their header, which changes their size).
  const cut = withoutNode(graph, middle.key);
  const middleIndex = graph.nodes.indexOf(middle);
  const marked = (index: number): boolean => index < middleIndex && index >= middleIndex - markedBefore;
  const without = {
    ...cut,
    nodes: cut.nodes.map((node, index) => (marked(index) ? { ...node, cannotReachEnd: !node.cannotReachEnd } : node)),
  };
  let removed: GraphLayout | undefined;
  const steps: (() => void)[] = [];
  for (let round = 0; round < rounds; round++) {
    steps.push(() => {
      removed = incrementalLayout(without, layout, measure);
      if (removed) diffLayout(layout, 0, removed, without);
    });
    steps.push(() => {
      const added = removed && incrementalLayout(graph, removed, measure);
      if (removed && added) diffLayout(removed, 0, added, graph);
    });
  }
  return steps;
}

/** `graph` without the node `key` and its transitions, the nodes after it taking the keys of the ones before them (as in the text). */
function withoutNode(graph: PearlGraph, key: string): PearlGraph {
  const nodes = graph.nodes.filter((node) => node.key !== key);
  const renamed = new Map(nodes.map((node, index) => [node.key, graph.nodes[index].key] as const));
  const now = (old: string): string => renamed.get(old) ?? old;
  return {
    ...graph,
    nodes: nodes.map((node) => ({ ...node, key: now(node.key), parent: node.parent && { ...node.parent, key: now(node.parent.key) } })),
    edges: graph.edges
      .filter((edge) => edge.source !== key && edge.target !== key)
      .map((edge) => ({
        ...edge,
        key: edge.key.startsWith(edge.source) ? now(edge.source) + edge.key.slice(edge.source.length) : edge.key,
        source: now(edge.source),
        target: now(edge.target),
      })),
  };
}

/** What fitting the change in needs: the new graph's boxes, the corners kept or found, what is drawn so far. */
interface Fitting {
  readonly graph: PearlGraph;
  readonly measure: MeasureText;
  readonly boxes: readonly Box[];
  readonly boxOfKey: ReadonlyMap<string, Box>;
  /** The corner of each top-level box placed so far. */
  readonly corner: Map<Box, Point>;
  /** New boxes, boxes whose size changed, and terminals moved down: their transitions are routed again. */
  readonly moved: Set<Box>;
  /** Nodes, labels and tags drawn so far. */
  readonly obstacles: Rect[];
  /** The routes kept. */
  readonly curvePoints: Curve[];
}

/** How the new graph's nodes match the previous layout's. */
interface Matched {
  /** Top-level boxes that keep their corner (matched). */
  readonly corner: Map<Box, Point>;
  /** Matched boxes whose size changed. */
  readonly resized: Box[];
  /** Identity of each old node, by key. */
  readonly oldIdentity: ReadonlyMap<string, string>;
  /** Identity of each new node, by key. */
  readonly newIdentity: ReadonlyMap<string, string>;
  /** Each new node under the identity of the node it matched, so that its transitions match too. */
  readonly matchedIdentity: ReadonlyMap<string, string>;
  /** The previous layout's node each matched top-level box was matched to. */
  readonly oldOf: ReadonlyMap<Box, LaidOutNode>;
}

function cornerOf(corner: ReadonlyMap<Box, Point>, box: Box): Point {
  return corner.get(box) ?? { x: padding, y: padding };
}

/** Matches the top-level boxes of the new graph to the previous layout's nodes: by identity, then a renamed nodeId by key. */
function matchNodes(graph: PearlGraph, boxes: readonly Box[], previous: GraphLayout): Matched {
  const oldIdentity = layoutIdentities(previous).nodes;
  const newIdentity = nodeIdentities(graph.nodes);
  const identityOf = (identities: ReadonlyMap<string, string>, key: string): string => identities.get(key) ?? `key:${key}`;
  const oldByIdentity = new Map<string, LaidOutNode>();
  for (const laidOut of previous.nodes) if (laidOut.depth === 0) oldByIdentity.set(identityOf(oldIdentity, laidOut.node.key), laidOut);
  const oldByKey = new Map(previous.nodes.filter((laidOut) => laidOut.depth === 0).map((laidOut) => [laidOut.node.key, laidOut] as const));
  const newIdentityValues = new Set(newIdentity.values());
  const taken = new Set<LaidOutNode>();
  const matchOf = (box: Box): LaidOutNode | undefined => {
    const byIdentity = oldByIdentity.get(identityOf(newIdentity, box.node.key));
    if (byIdentity && !taken.has(byIdentity)) return byIdentity;
    // A node whose nodeId changed (renamed) is still the node at its index, unless that one is matched otherwise.
    const byKey = oldByKey.get(box.node.key);
    return byKey && !taken.has(byKey) && !newIdentityValues.has(identityOf(oldIdentity, byKey.node.key)) ? byKey : undefined;
  };
  const corner = new Map<Box, Point>();
  const resized: Box[] = [];
  const matchedIdentity = new Map(newIdentity);
  const oldOf = new Map<Box, LaidOutNode>();
  for (const box of boxes) {
    const old = matchOf(box);
    if (!old) continue;
    taken.add(old);
    oldOf.set(box, old);
    matchedIdentity.set(box.node.key, identityOf(oldIdentity, old.node.key));
    corner.set(box, { x: old.x, y: old.y });
    if (Math.abs(old.width - box.width) > 0.5 || Math.abs(old.height - box.height) > 0.5) resized.push(box);
  }
  return { corner, resized, oldIdentity, newIdentity, matchedIdentity, oldOf };
}

/**
 * Transitions kept with their route (by the new graph's order; undefined for one to route again):
 * matched (`newEdgeIds`: the new graph's transitions under the identities of the nodes they
 * matched), both ends kept where they were and the same size, the same label; a stub's tag names
 * its target as it is called now. A transition unchanged keeps its laid-out entry itself, so that
 * the diff the page gets sees it as the same at once.
 */
function keptEdges(fitting: Fitting, previous: GraphLayout, newEdgeIds: ReadonlyMap<string, string>): (LaidOutEdge | undefined)[] {
  const { graph, measure, boxOfKey, moved } = fitting;
  const oldEdges = new Map<string, LaidOutEdge>();
  const oldEdgeIds = layoutIdentities(previous).edges;
  for (const laidOut of previous.edges) oldEdges.set(oldEdgeIds.get(laidOut.edge.key) ?? laidOut.edge.key, laidOut);
  const nodeByKey = new Map(graph.nodes.map((node) => [node.key, node] as const));
  // Labels measured with `measure` already: one of the same text is the same (`recordMeasure`).
  const sameMeasure = measuredWith(previous) === measure;
  return graph.edges.map((edge) => {
    const source = boxOfKey.get(edge.source);
    const target = boxOfKey.get(edge.target);
    if (!source || !target || moved.has(source) || moved.has(target)) return undefined;
    const old = oldEdges.get(newEdgeIds.get(edge.key) ?? edge.key);
    if (!old) return undefined;
    const sameText = sameMeasure && old.edge.name === edge.name && old.edge.apiResult === edge.apiResult;
    if (!sameText && !sameLabel(old.label?.lines, measureEdgeLabel(edge, measure)?.lines)) return undefined;
    const tag = old.tag && renamedTag(old.tag, edge.target, nodeByKey, measure);
    // (Keys first: after a delete most transitions kept are renumbered.)
    if (tag === old.tag && old.edge.key === edge.key && sameData(old.edge, edge)) return old;
    return { edge, points: old.points, label: old.label, tag };
  });
}

/**
 * Places the new boxes (in document order), each at the free spot nearest a node it is joined to,
 * then moves the terminals down below them where they reach the terminals' row
 * ({@link keepTerminalsLast}). Returns the terminals moved (also added to `moved`).
 */
function placeNodes(fitting: Fitting, fresh: Box[]): Set<Box> {
  const { graph, boxOfKey, corner, obstacles, curvePoints } = fitting;
  fresh.sort((a, b) => a.index - b.index);
  const bounds = boundsOf(obstacles);
  for (const box of fresh) {
    const wanted = wantedSpot(box, graph, boxOfKey, corner, bounds);
    const spot = findFreeSpot(wanted, box, obstacles, curvePoints, clearance) ??
      findFreeSpot(wanted, box, obstacles, curvePoints, clearance, wideSearchStep) ?? { x: bounds.right + nodeSpacing, y: wanted.y };
    corner.set(box, spot);
    obstacles.push({ ...spot, width: box.width, height: box.height });
    bounds.right = Math.max(bounds.right, spot.x + box.width);
  }
  const shifted = keepTerminalsLast(fitting, fresh);
  for (const box of shifted) fitting.moved.add(box);
  return shifted;
}

/**
 * After terminals moved down: the labels, tags and lines of the transitions that will be routed
 * again (`edges` kept before, undefined in `kept`) are no longer in the way of the new ones.
 */
function forgetRerouted(fitting: Fitting, edges: readonly (LaidOutEdge | undefined)[], kept: readonly (LaidOutEdge | undefined)[]): void {
  const gone = new Set<Rect>();
  for (const [index, laidOut] of edges.entries()) {
    if (!laidOut || kept[index]) continue;
    if (laidOut.label) gone.add(laidOut.label);
    if (laidOut.tag) gone.add(laidOut.tag);
  }
  const { obstacles, curvePoints } = fitting;
  const staying = obstacles.filter((rect) => !gone.has(rect));
  obstacles.splice(0, obstacles.length, ...staying);
  curvePoints.splice(0, curvePoints.length, ...kept.flatMap((laidOut) => (laidOut ? [curveOf(laidOut.points)] : [])));
}

/**
 * Keeps the terminal nodes below everything, as the layered layout draws them (its last layer:
 * EndCall, and a node reached by transitions that has none of its own): when a new box reaches
 * down into their row, within their column (the nodes drawn above them, side by side with them), the
 * terminals move down together, below the lowest such box by the gap of two rows and a label, each
 * at the free spot nearest there. Returns the terminals moved; a new terminal is not one of them.
 */
function keepTerminalsLast(fitting: Fitting, fresh: readonly Box[]): Set<Box> {
  const { graph, boxes, boxOfKey, corner, obstacles, curvePoints } = fitting;
  const shifted = new Set<Box>();
  if (fresh.length === 0) return shifted;
  const outgoing = new Set<Box>();
  const incoming = new Set<Box>();
  for (const edge of graph.edges) {
    const source = boxOfKey.get(edge.source);
    const target = boxOfKey.get(edge.target);
    if (!source || !target || source === target) continue;
    outgoing.add(source);
    incoming.add(target);
  }
  const freshSet = new Set(fresh);
  const terminals = boxes.filter(
    (box) => !freshSet.has(box) && corner.has(box) && (box.node.nodeType === 100 || (!outgoing.has(box) && incoming.has(box))),
  );
  if (terminals.length === 0) return shifted;
  const rectOf = (box: Box): Rect => ({ ...cornerOf(corner, box), width: box.width, height: box.height });
  const row = terminals.map(rectOf);
  const top = Math.min(...row.map((rect) => rect.y));
  // Their column: widened by every kept node beside or above it (a tall graph is drawn in columns side by side).
  let left = Math.min(...row.map((rect) => rect.x));
  let right = Math.max(...row.map((rect) => rect.x + rect.width));
  for (let grown = true; grown;) {
    grown = false;
    for (const box of boxes) {
      if (freshSet.has(box)) continue;
      const { x } = cornerOf(corner, box);
      if (x > right + nodeSpacing || x + box.width < left - nodeSpacing) continue;
      if (x < left || x + box.width > right) {
        left = Math.min(left, x);
        right = Math.max(right, x + box.width);
        grown = true;
      }
    }
  }
  let lowest = -Infinity;
  for (const box of fresh) {
    const rect = rectOf(box);
    if (rect.x > right + nodeSpacing || rect.x + rect.width < left - nodeSpacing) continue;
    if (rect.y + rect.height > top) lowest = Math.max(lowest, rect.y + rect.height);
  }
  if (lowest === -Infinity) return shifted;
  const drop = lowest + 2 * rowGap + labelRoom - top;
  for (const box of terminals) {
    const at = cornerOf(corner, box);
    if (at.y < top - 0.5 || at.y > lowest) continue;
    const wanted = { x: at.x, y: at.y + drop };
    // Where it was is free now: the labels placed from here on may go there.
    const was = obstacles.findIndex((rect) => rect.x === at.x && rect.y === at.y && rect.width === box.width && rect.height === box.height);
    if (was >= 0) obstacles.splice(was, 1);
    const spot = findFreeSpot(wanted, box, obstacles, curvePoints, clearance) ?? wanted;
    corner.set(box, spot);
    obstacles.push({ ...spot, width: box.width, height: box.height });
    shifted.add(box);
  }
  return shifted;
}

/**
 * The laid-out nodes: every box at its corner; nested actions of a box that stayed keep their
 * places. A node drawn as it was, the same node, keeps its laid-out entry itself, so that the diff
 * the page gets sees it as the same at once.
 */
function emitNodes(fitting: Fitting, previous: GraphLayout, matched: Matched): LaidOutNode[] {
  const { boxes, corner, moved } = fitting;
  const oldNested = new Map<string, LaidOutNode>();
  for (const laidOut of previous.nodes) if (laidOut.depth > 0) oldNested.set(matched.oldIdentity.get(laidOut.node.key) ?? '', laidOut);
  const nodes: LaidOutNode[] = [];
  for (const box of boxes) {
    const first = nodes.length;
    const at = cornerOf(corner, box);
    emitBox(box, at.x, at.y, 0, nodes);
    if (moved.has(box)) continue;
    const top = matched.oldOf.get(box);
    if (top && sameLaidOutNode(top, nodes[first])) nodes[first] = top;
    for (let index = first + 1; index < nodes.length; index++) {
      const old = oldNested.get(matched.newIdentity.get(nodes[index].node.key) ?? '');
      if (old && old.width === nodes[index].width && old.height === nodes[index].height) {
        const kept = { ...nodes[index], x: old.x, y: old.y };
        nodes[index] = sameLaidOutNode(old, kept) ? old : kept;
      }
    }
  }
  return nodes;
}

/** Whether `old` draws `now` exactly, the same node ({@link sameNodeDrawing} and the same keys): then `old` is kept for it. */
function sameLaidOutNode(old: LaidOutNode, now: LaidOutNode): boolean {
  return old.node.key === now.node.key && old.node.parent?.key === now.node.parent?.key && sameNodeDrawing(old, now);
}

/**
 * Every transition of the graph: the kept ones as they were, the others routed around the nodes
 * with their label on the first free stretch, or drawn as stubs where the layered layout would
 * (into a node that already has {@link maxDrawnIn} drawn whole, or far away).
 */
function routeNew(
  fitting: Fitting,
  edges: readonly (LaidOutEdge | undefined)[],
  nodes: readonly LaidOutNode[],
  nodeObstacles: readonly Rect[],
): LaidOutEdge[] {
  const { graph, measure, obstacles, curvePoints } = fitting;
  const nodeRect = new Map(nodes.map((laidOut) => [laidOut.node.key, laidOut] as const));
  const drawnInto = new Map<string, number>();
  for (const laidOut of edges)
    if (laidOut && !laidOut.tag) drawnInto.set(laidOut.edge.target, (drawnInto.get(laidOut.edge.target) ?? 0) + 1);
  const ports = new Ports(edges);
  const result: LaidOutEdge[] = [];
  for (const [index, edge] of graph.edges.entries()) {
    const kept = edges[index];
    if (kept) {
      result.push(kept);
      continue;
    }
    const from = nodeRect.get(edge.source);
    const to = nodeRect.get(edge.target);
    if (!from || !to) continue;
    if (from !== to && ((drawnInto.get(edge.target) ?? 0) >= maxDrawnIn || Math.abs(to.y - from.y) > stubDistance)) {
      const stub = placeStub(edge, from, to, { measure, obstacles, curvePoints });
      obstacles.push(...(stub.label ? [stub.label] : []), ...(stub.tag ? [stub.tag] : []));
      result.push(stub);
      continue;
    }
    drawnInto.set(edge.target, (drawnInto.get(edge.target) ?? 0) + 1);
    const points = from === to ? selfLoop(from) : route(from, to, nodeObstacles, ports.choose(edge.source, from, edge.target, to));
    if (from !== to) {
      ports.add(edge.source, points[0]);
      ports.add(edge.target, points[points.length - 1]);
    }
    const size = measureEdgeLabel(edge, measure);
    let label: LaidOutEdge['label'];
    if (size) {
      const at = placeLabel(points, size, obstacles, curvePoints);
      label = { ...at, width: size.width, height: size.height, lines: size.lines };
      obstacles.push(label);
    }
    result.push({ edge, points, label });
  }
  return result;
}

/** The drawing's size: everything drawn, and {@link padding} beyond. */
function extentOf(nodes: readonly LaidOutNode[], edges: readonly LaidOutEdge[]): { width: number; height: number } {
  let right = 0;
  let bottom = 0;
  const cover = (rect: Rect | undefined): void => {
    if (rect === undefined) return;
    right = Math.max(right, rect.x + rect.width);
    bottom = Math.max(bottom, rect.y + rect.height);
  };
  for (const rect of nodes) cover(rect);
  for (const laidOut of edges) {
    cover(laidOut.label);
    cover(laidOut.tag);
    // The route's furthest point, kept with its curve: a kept route is not read again.
    const curve = curveOf(laidOut.points);
    right = Math.max(right, curve.right);
    bottom = Math.max(bottom, curve.bottom);
  }
  return { width: right + padding, height: bottom + padding };
}

/** `tag` (of a kept stub) naming its target, key `target`, as it is called now: the same place, the new text and width. */
function renamedTag(tag: LaidOutTag, target: string, nodes: ReadonlyMap<string, PearlGraphNode>, measure: MeasureText): LaidOutTag {
  const node = nodes.get(target);
  if (!node || getNodeTitle(node) === tag.targetTitle) return tag.target === target ? tag : { ...tag, target };
  const now = measureTag(node, tag.text.startsWith('↑'), measure);
  // The target's key may have changed too (a node above it removed): the tag takes the new one.
  return now.text === tag.text && now.targetTitle === tag.targetTitle ? { ...tag, target } : { ...tag, ...now };
}

/**
 * A new transition drawn as a stub: its label and tag in a line at the free spot nearest the right
 * side of its source, a curve from the source's side running under the label into the tag.
 */
function placeStub(
  edge: PearlGraph['edges'][number],
  from: LaidOutNode,
  to: LaidOutNode,
  around: { measure: MeasureText; obstacles: readonly Rect[]; curvePoints: readonly Curve[] },
): LaidOutEdge {
  const label = measureEdgeLabel(edge, around.measure);
  const tag = measureTag(to.node, to.y < from.y, around.measure);
  const width = (label ? label.width + stubGap : 0) + tag.width;
  const height = Math.max(label?.height ?? 0, tagHeight);
  const start = { x: from.x + from.width, y: from.y + Math.min(from.height, 2 * tagHeight) / 2 };
  const wanted = { x: start.x + stubLead, y: from.y };
  const spot = findFreeSpot(wanted, { width, height }, around.obstacles, around.curvePoints, 2) ?? wanted;
  const y = spot.y + height / 2;
  const tagX = spot.x + (label ? label.width + stubGap : 0);
  const points = [...sideCurve(start, { x: spot.x, y }), { x: spot.x, y }, { x: tagX, y }, { x: tagX, y }];
  return {
    edge,
    points,
    label: label && { x: spot.x, y: y - label.height / 2, width: label.width, height: label.height, lines: label.lines },
    tag: { ...tag, x: tagX, y: y - tagHeight / 2, height: tagHeight },
  };
}

/** The offsets (in steps) the free-spot search tries, cheapest first; the same for every search, sorted once. */
let searchOffsets: readonly (readonly [number, number])[] | undefined;

/** {@link searchOffsets}: sideways costs 1.5 a step, down 1, up 6 (a new node goes below what leads to it). */
function searchOrder(): readonly (readonly [number, number])[] {
  if (searchOffsets) return searchOffsets;
  const offsets: { dx: number; dy: number; cost: number }[] = [];
  for (let dy = -searchRadius; dy <= searchRadius; dy++)
    for (let dx = -searchRadius; dx <= searchRadius; dx++) offsets.push({ dx, dy, cost: Math.abs(dx) * 1.5 + (dy < 0 ? 6 * -dy : dy) });
  // Stable: equal costs keep the row-by-row order the search always had.
  offsets.sort((a, b) => a.cost - b.cost);
  searchOffsets = offsets.map(({ dx, dy }) => [dx, dy] as const);
  return searchOffsets;
}

/** Where a new node would best go: below its first placed source, else above its first placed target, else right of everything. */
function wantedSpot(
  box: Box,
  graph: PearlGraph,
  boxOfKey: ReadonlyMap<string, Box>,
  corner: ReadonlyMap<Box, Point>,
  bounds: { right: number },
): Point {
  for (const edge of graph.edges) {
    if (boxOfKey.get(edge.target) !== box) continue;
    const source = boxOfKey.get(edge.source);
    const at = source && source !== box ? corner.get(source) : undefined;
    if (source && at) return { x: at.x + source.width / 2 - box.width / 2, y: at.y + source.height + 2 * rowGap + labelRoom };
  }
  for (const edge of graph.edges) {
    if (boxOfKey.get(edge.source) !== box) continue;
    const target = boxOfKey.get(edge.target);
    const at = target && target !== box ? corner.get(target) : undefined;
    if (target && at) return { x: at.x + target.width / 2 - box.width / 2, y: at.y - 2 * rowGap - labelRoom - box.height };
  }
  return { x: bounds.right + nodeSpacing, y: padding };
}

/**
 * The corner nearest `wanted` (on a grid, a step down cheaper than a step sideways and much cheaper
 * than a step up, nothing left of or above the padding) where a `size` box is clear of the
 * obstacles and of the drawn transitions (`curvePoints`). Obstacles are marked on an occupancy
 * grid of the searched area first, so each candidate costs a look at the cells it would cover.
 * `step` is the grid's step, px: the search reaches {@link searchRadius} steps around `wanted`.
 */
function findFreeSpot(
  wanted: Point,
  size: { width: number; height: number },
  obstacles: readonly Rect[],
  curvePoints: readonly Curve[],
  margin: number,
  step = searchStep,
): Point | undefined {
  const boxColumns = Math.ceil((size.width + 2 * margin) / step);
  const boxRows = Math.ceil((size.height + 2 * margin) / step);
  const columns = 2 * searchRadius + boxColumns + 1;
  const rows = 2 * searchRadius + boxRows + 1;
  const left = wanted.x - margin - searchRadius * step;
  const top = wanted.y - margin - searchRadius * step;
  const used = new Uint8Array(columns * rows);
  const mark = (x0: number, y0: number, x1: number, y1: number): void => {
    const c0 = Math.max(0, Math.floor((x0 - left) / step));
    const c1 = Math.min(columns - 1, Math.floor((x1 - left) / step));
    const r0 = Math.max(0, Math.floor((y0 - top) / step));
    const r1 = Math.min(rows - 1, Math.floor((y1 - top) / step));
    for (let r = r0; r <= r1; r++) if (c0 <= c1) used.fill(1, r * columns + c0, r * columns + c1 + 1);
  };
  const right = left + columns * step;
  const bottom = top + rows * step;
  for (const rect of obstacles) {
    if (rect.x > right || rect.y > bottom || rect.x + rect.width < left || rect.y + rect.height < top) continue;
    mark(rect.x, rect.y, rect.x + rect.width, rect.y + rect.height);
  }
  for (const curve of curvePoints) {
    const box = curve.box;
    if (box.x > right || box.y > bottom || box.x + box.width < left || box.y + box.height < top) continue;
    // Sampled only here, for the few routes near the searched area.
    for (const point of samplePath(curve.points))
      if (point.x >= left && point.x <= right && point.y >= top && point.y <= bottom) mark(point.x, point.y, point.x, point.y);
  }
  const free = (column: number, row: number): boolean => {
    for (let r = row; r < row + boxRows; r++) {
      for (let c = column; c < column + boxColumns; c++) if (used[r * columns + c]) return false;
    }
    return true;
  };
  for (const [dx, dy] of searchOrder()) {
    if (wanted.x + dx * step < padding || wanted.y + dy * step < padding) continue;
    const [column, row] = [searchRadius + dx, searchRadius + dy];
    if (free(column, row)) return { x: left + column * step + margin, y: top + row * step + margin };
  }
  return undefined;
}

/** A drawn route and the box around its points, so that a search looks only at the routes near it. */
interface Curve {
  readonly points: readonly Point[];
  readonly box: Rect;
  /** The largest x and y of its points (-Infinity when it has none), px. */
  readonly right: number;
  readonly bottom: number;
}

/** Whether two labels have the same lines (often the same array: the measured labels are cached), or neither is drawn. */
function sameLabel(a: readonly string[] | undefined, b: readonly string[] | undefined): boolean {
  return a === b || (a !== undefined && b !== undefined && a.length === b.length && a.every((line, index) => line === b[index]));
}

/** {@link curveOf} by route: a kept transition keeps its points array, so the next layout finds its curve here. */
const curves = new WeakMap<readonly Point[], Curve>();

/** The {@link Curve} of a route's Bézier points. */
function curveOf(points: readonly Point[]): Curve {
  let curve = curves.get(points);
  if (curve === undefined) {
    curve = boundCurve(points);
    curves.set(points, curve);
  }
  return curve;
}

function boundCurve(points: readonly Point[]): Curve {
  let [left, top, right, bottom] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const point of points) {
    left = Math.min(left, point.x);
    top = Math.min(top, point.y);
    right = Math.max(right, point.x);
    bottom = Math.max(bottom, point.y);
  }
  return { points, box: { x: left, y: top, width: right - left, height: bottom - top }, right, bottom };
}

/** Points along a drawn route, at most {@link searchStep} px apart on the lines between its Bézier points. */
function samplePath(points: readonly Point[]): Point[] {
  const result: Point[] = [];
  for (let index = 1; index < points.length; index++) {
    const [a, b] = [points[index - 1], points[index]];
    const steps = Math.max(1, Math.ceil(Math.hypot(b.x - a.x, b.y - a.y) / searchStep));
    for (let step = 0; step < steps; step++) result.push({ x: a.x + ((b.x - a.x) * step) / steps, y: a.y + ((b.y - a.y) * step) / steps });
  }
  if (points.length > 0) result.push(points[points.length - 1]);
  return result;
}

/**
 * A route from `from` to `to` that keeps off every other node: from the middle of the side of
 * `from` that faces `to` (its bottom when `to` is lower), straight on vertically, stepping aside
 * (to the side nearer `to`) just before each node in the way, then into the middle of the facing
 * side of `to`. Linear in the nodes between the two. Drawn with straight runs and rounded corners.
 */
function route(from: Rect, to: Rect, nodes: readonly Rect[], at: PortsAt): Point[] {
  if (to.y >= from.y + from.height) return sweep(from, to, nodes, at);
  if (to.y + to.height <= from.y) {
    // Upward: the same sweep in a mirrored drawing.
    const flip = (rect: Rect): Rect => ({ x: rect.x, y: -rect.y - rect.height, width: rect.width, height: rect.height });
    return sweep(flip(from), flip(to), nodes.map(flip), at).map((point) => ({ x: point.x, y: -point.y }));
  }
  // Side by side: a curve from the bottom of one to the bottom of the other.
  const start = { x: at.start, y: from.y + from.height };
  const end = { x: at.end, y: to.y + to.height };
  const low = Math.max(start.y, end.y) + 2 * rowGap;
  return [start, { x: start.x, y: low }, { x: end.x, y: low }, end];
}

/** {@link route} for `to` below `from`. */
function sweep(from: Rect, to: Rect, nodes: readonly Rect[], at: PortsAt): Point[] {
  const start = { x: at.start, y: from.y + from.height };
  const end = { x: at.end, y: to.y };
  const gapAbove = rowGap;
  const inWay = nodes
    .filter((rect) => rect.y + rect.height > start.y && rect.y < end.y - gapAbove && !inside(start, rect) && !inside(end, rect))
    .map((rect) => inflate(rect, routeClearance))
    .sort((a, b) => a.y - b.y);
  const corners: Point[] = [start];
  let x = start.x;
  let y = start.y;
  for (;;) {
    const hit = inWay.find((rect) => rect.y + rect.height > y && rect.x < x && x < rect.x + rect.width);
    if (!hit) break;
    // The nodes beside the one hit, in its band, that a step aside must clear too.
    const band = inWay.filter((rect) => rect.y < hit.y + hit.height && rect.y + rect.height > hit.y);
    const [left, right] = freeSides(x, band);
    const next = Math.abs(left - end.x) <= Math.abs(right - end.x) ? left : right;
    const turn = Math.max(y, hit.y - routeClearance);
    corners.push({ x, y: turn }, { x: next, y: turn });
    x = next;
    y = turn;
  }
  const approach = end.y - gapAbove;
  if (Math.abs(x - end.x) > 0.5) corners.push({ x, y: Math.max(y, approach) }, { x: end.x, y: Math.max(y, approach) });
  corners.push(end);
  return roundedPolyline(
    corners.filter((point, index) => index === 0 || point.x !== corners[index - 1].x || point.y !== corners[index - 1].y),
  );
}

/** Where a route leaves its source and reaches its target (x, px): on the side of each box that faces the other. */
interface PortsAt {
  readonly start: number;
  readonly end: number;
}

/** The shares of a box's width tried in turn for a new route's end: the middle first. */
const portShares = [1 / 2, 1 / 3, 2 / 3, 1 / 4, 3 / 4, 1 / 6, 5 / 6];

/** Closest two routes may leave or reach the same side of a box, px. */
const portSpacing = 12;

/**
 * The ends of the routes drawn on the sides of the nodes, so that a new route leaves and reaches a
 * node where no other does: two routes out of the same side of a node would run on one line with
 * their labels side by side, telling nothing of which is which. The routes kept are looked at only
 * for the nodes a new route joins (a small edit routes a few; nothing is indexed for the thousands kept).
 */
class Ports {
  /** The ends of the routes added: node key, then the point. */
  private readonly added: [string, Point][] = [];

  constructor(private readonly kept: readonly (LaidOutEdge | undefined)[]) {}

  /** Records a new route's end `point` on node `key`. */
  add(key: string, point: Point | undefined): void {
    if (point) this.added.push([key, point]);
  }

  /** Where a route from `from` (node `source`) to `to` (node `target`) leaves and arrives: see {@link route} for the sides. */
  choose(source: string, from: Rect, target: string, to: Rect): PortsAt {
    const below = to.y >= from.y + from.height;
    const above = to.y + to.height <= from.y;
    const startY = above ? from.y : from.y + from.height;
    const endY = below ? to.y : to.y + to.height;
    return { start: this.free(source, from, startY), end: this.free(target, to, endY) };
  }

  /** The first share of `rect`'s width ({@link portShares}) at least {@link portSpacing} from every route on its side at `y`. */
  private free(key: string, rect: Rect, y: number): number {
    const xs: number[] = [];
    const onSide = (point: Point | undefined): void => {
      if (point && Math.abs(point.y - y) < 1) xs.push(point.x);
    };
    for (const laidOut of this.kept) {
      if (!laidOut || laidOut.tag) continue;
      if (laidOut.edge.source === key) onSide(laidOut.points[0]);
      if (laidOut.edge.target === key) onSide(laidOut.points[laidOut.points.length - 1]);
    }
    for (const [node, point] of this.added) if (node === key) onSide(point);
    for (const share of portShares) {
      const x = rect.x + rect.width * share;
      if (xs.every((used) => Math.abs(used - x) >= portSpacing)) return x;
    }
    return rect.x + rect.width / 2;
  }
}

/** The nearest x left and right of `x` outside every rectangle of `band` (merged where they touch). */
function freeSides(x: number, band: readonly Rect[]): [number, number] {
  let left = x;
  let right = x;
  for (let changed = true; changed;) {
    changed = false;
    for (const rect of band) {
      if (rect.x < left && left < rect.x + rect.width + 0.5) {
        left = rect.x - 0.5;
        changed = true;
      }
      if (rect.x - 0.5 < right && right < rect.x + rect.width) {
        right = rect.x + rect.width + 0.5;
        changed = true;
      }
    }
  }
  return [left, right];
}

/**
 * Cubic Bézier points (the format of the layouts' routes, drawn by splinePath in renderGraph.ts) for
 * straight runs between `corners`, each corner rounded.
 */
function roundedPolyline(corners: readonly Point[]): Point[] {
  const radius = 6;
  const result: Point[] = [corners[0]];
  const line = (to: Point): void => {
    const from = result[result.length - 1];
    result.push(
      { x: from.x + (to.x - from.x) / 3, y: from.y + (to.y - from.y) / 3 },
      { x: from.x + (2 * (to.x - from.x)) / 3, y: from.y + (2 * (to.y - from.y)) / 3 },
      to,
    );
  };
  for (let index = 1; index < corners.length - 1; index++) {
    const [before, corner, after] = [corners[index - 1], corners[index], corners[index + 1]];
    const into = Math.min(radius, Math.hypot(corner.x - before.x, corner.y - before.y) / 2);
    const out = Math.min(radius, Math.hypot(after.x - corner.x, after.y - corner.y) / 2);
    line(toward(corner, before, into));
    result.push(corner, corner, toward(corner, after, out));
  }
  line(corners[corners.length - 1]);
  return result;
}

/** The point `distance` px from `from` toward `to`. */
function toward(from: Point, to: Point, distance: number): Point {
  const length = Math.hypot(to.x - from.x, to.y - from.y) || 1;
  return { x: from.x + ((to.x - from.x) * distance) / length, y: from.y + ((to.y - from.y) * distance) / length };
}

/** A loop on the right side of a node, for a transition to itself. */
function selfLoop(box: Rect): Point[] {
  const right = box.x + box.width;
  const out = right + 18;
  return [
    { x: right, y: box.y + box.height / 3 },
    { x: out, y: box.y + box.height / 3 },
    { x: out, y: box.y + (box.height * 2) / 3 },
    { x: right, y: box.y + (box.height * 2) / 3 },
  ];
}

/**
 * The label's corner: centred on the route as near its source as it covers nothing (the first
 * {@link labelReach} px of the route tried), else the free spot nearest the route's start.
 */
function placeLabel(
  points: readonly Point[],
  size: { width: number; height: number },
  obstacles: readonly Rect[],
  curvePoints: readonly Curve[],
): Point {
  const ends = points.filter((_, index) => index % 3 === 0);
  const near = obstacles.filter(
    (rect) =>
      Math.abs(rect.y - ends[0].y) < labelReach + rect.height + size.height &&
      Math.abs(rect.x - ends[0].x) < labelReach + rect.width + size.width,
  );
  let travelled = 0;
  for (let index = 1; index < ends.length && travelled < labelReach; index++) {
    const [a, b] = [ends[index - 1], ends[index]];
    const length = Math.hypot(b.x - a.x, b.y - a.y);
    for (let at = 0; at < length && travelled + at < labelReach; at += 8) {
      const corner = {
        x: a.x + ((b.x - a.x) * at) / (length || 1) - size.width / 2,
        y: a.y + ((b.y - a.y) * at) / (length || 1) - size.height / 2,
      };
      if (!near.some((other) => rectsOverlap(inflate({ ...corner, ...size }, 2), other))) return corner;
    }
    travelled += length;
  }
  const start = points[Math.min(3, points.length - 1)];
  return (
    findFreeSpot({ x: start.x - size.width / 2, y: start.y }, size, obstacles, curvePoints, 2) ?? {
      x: start.x - size.width / 2,
      y: start.y,
    }
  );
}

function boundsOf(rects: readonly Rect[]): { right: number; bottom: number } {
  let right = 0;
  let bottom = 0;
  for (const rect of rects) {
    right = Math.max(right, rect.x + rect.width);
    bottom = Math.max(bottom, rect.y + rect.height);
  }
  return { right, bottom };
}

function inflate(rect: Rect, by: number): Rect {
  return { x: rect.x - by, y: rect.y - by, width: rect.width + 2 * by, height: rect.height + 2 * by };
}

function inside(point: Point, rect: Rect): boolean {
  return point.x >= rect.x && point.x <= rect.x + rect.width && point.y >= rect.y && point.y <= rect.y + rect.height;
}
