/**
 * The preview's own layered layout (Sugiyama's method), fast enough to draw a graph of a thousand
 * nodes at once; ELK's layered algorithm (`layoutGraph.ts`) takes seconds from about a hundred
 * nodes. The same picture as ELK's, top to bottom: cycles broken by the document order of the nodes
 * (the entry node first), nodes in layers by the longest path from the start, every transition given a box
 * ("dummy") in each row it crosses, rows ordered by barycenter sweeps (the best order by crossing
 * count kept), and x positions from repeated least-squares placement of each row toward its
 * neighbours (pool-adjacent-violators, exact and linear per row), which keeps long transitions
 * straight.
 *
 * Between two rows of nodes lies a channel row; each transition's label is a box of its own in the
 * channel row just after its source, so a label never covers a node or another label. Passing
 * transitions are vertical between the nodes of the rows they cross. Nested actions are laid out in
 * one row inside their parent's group box, as in the ELK layout. The result is a
 * {@link GraphLayout} like ELK's: absolute coordinates, edges as cubic Bézier points.
 */
import type { PearlGraph, PearlGraphEdge, PearlGraphNode } from '../../../../protocol/graphTypes';
import {
  childSpacing,
  type EdgeLabelSize,
  type GraphLayout,
  getNodeFamily,
  groupPadding,
  type Header,
  type LaidOutEdge,
  type LaidOutNode,
  type MeasureText,
  measureEdgeLabel,
  measureHeader,
  mergeThreshold,
} from './layoutGraph';

/** Space around the drawing, px. */
export const padding = 24;
/** Horizontal space between two nodes of a row, px. */
export const nodeSpacing = 28;
/** Horizontal space between a passing transition and anything beside it, px. */
const edgeSpacing = 10;
/** Vertical space between a node row and a channel row, px. */
export const rowGap = 12;
/** Height of a channel row without labels, px: room for the curves. */
const minChannelHeight = 16;
/** Barycenter sweeps of the ordering (half down, half up). */
const orderingSweeps = 8;
/** Rounds of x placement (a down and an up pass each). */
const placementRounds = 6;
/** Width of the loop drawn for a transition to its own node, px. */
const loopWidth = 22;
/** Weight of a link between two dummies in x placement: long transitions stay straight. */
const straightWeight = 2;

/** A point, px. */
export interface Point {
  x: number;
  y: number;
}

/** A top-level node's box before placement: its header, size and nested actions relative to its corner. */
export interface Box {
  readonly node: PearlGraphNode;
  /** Index among the top-level nodes (for a nested action, its top-level node's). */
  readonly index: number;
  readonly header: Header;
  readonly width: number;
  readonly height: number;
  readonly children: readonly { readonly box: Box; readonly dx: number; readonly dy: number }[];
}

/** A box in a row: a top-level node, or the dummy of a transition crossing the row. */
interface Item {
  readonly row: number;
  readonly width: number;
  /** The top-level node, for a node item. */
  readonly unit?: Unit;
  /** The dummy's transition, for a dummy item. */
  readonly route?: Route;
  readonly up: Item[];
  readonly down: Item[];
  /** Centre x. */
  x: number;
  /** Index in its row. */
  pos: number;
  /** Sort key of the ordering sweep under way. */
  key: number;
}

interface Unit {
  readonly box: Box;
  readonly index: number;
  /** Room right of the box for self-loops and their labels. */
  loopRoom: number;
  rank: number;
  item?: Item;
}

/** A transition between two top-level nodes, as laid out: downward from `upper` to `lower`. */
interface Route {
  readonly edge: PearlGraphEdge;
  readonly upper: Unit;
  readonly lower: Unit;
  /** Drawn from `lower` to `upper` (a transition that goes back up). */
  readonly reversed: boolean;
  readonly label?: EdgeLabelSize;
  readonly dummies: Item[];
  /** The dummy that carries the label. */
  labelItem?: Item;
}

/** Lays out `graph` (see the module comment). Edges whose endpoints are not in `graph.nodes` are left out. */
export function layeredLayout(graph: PearlGraph, measure: MeasureText): GraphLayout {
  const { boxes, boxOfKey } = measureBoxes(graph, measure);
  const units = boxes.map((box, index): Unit => ({ box, index, loopRoom: 0, rank: 0 }));
  const unitOf = new Map<string, Unit>();
  for (const [key, box] of boxOfKey) unitOf.set(key, units[box.index]);

  // Transitions between top-level nodes; a transition to its own node (or its nested action) is a loop.
  const links: { edge: PearlGraphEdge; from: Unit; to: Unit }[] = [];
  const loops: { edge: PearlGraphEdge; unit: Unit; label?: EdgeLabelSize }[] = [];
  const incoming = new Map<string, number>();
  for (const edge of graph.edges) {
    const from = unitOf.get(edge.source);
    const to = unitOf.get(edge.target);
    if (!from || !to) continue;
    incoming.set(edge.target, (incoming.get(edge.target) ?? 0) + 1);
    if (from === to) {
      const label = measureEdgeLabel(edge, measure);
      loops.push({ edge, unit: from, label });
      from.loopRoom = Math.max(from.loopRoom, loopWidth + (label ? label.width + 4 : 0));
    } else links.push({ edge, from, to });
  }

  const reversed = breakCycles(
    links,
    graph.nodes.find((node) => node.isEntry),
  );
  assignRanks(units, links, reversed);

  const routes: Route[] = links.map((link, index) => {
    const back = reversed.has(index);
    return {
      edge: link.edge,
      upper: back ? link.to : link.from,
      lower: back ? link.from : link.to,
      reversed: back,
      label: measureEdgeLabel(link.edge, measure),
      dummies: [],
    };
  });
  const rows = buildRows(units, routes);
  orderRows(rows);
  placeRows(rows);

  // Rows' vertical extents: node rows as tall as their tallest node, channel rows as their tallest label.
  const rowTop: number[] = [];
  const rowHeight: number[] = [];
  let y = padding;
  for (const [index, row] of rows.entries()) {
    let height = index % 2 === 0 ? 0 : minChannelHeight;
    for (const item of row) {
      if (item.unit) height = Math.max(height, item.unit.box.height);
      else if (item.route?.labelItem === item && item.route.label) height = Math.max(height, item.route.label.height);
    }
    rowTop.push(y);
    rowHeight.push(height);
    y += height + rowGap;
  }
  const layoutHeight = y - rowGap + padding;

  let minLeft = Infinity;
  let maxRight = -Infinity;
  for (const row of rows) {
    for (const item of row) {
      minLeft = Math.min(minLeft, item.x - item.width / 2);
      maxRight = Math.max(maxRight, item.x + item.width / 2);
    }
  }
  if (!Number.isFinite(minLeft)) [minLeft, maxRight] = [0, 0];
  const shift = padding - minLeft;

  const nodes: LaidOutNode[] = [];
  const corner = new Map<Unit, Point>();
  for (const unit of units) {
    const item = unit.item!;
    const point = { x: item.x - item.width / 2 + shift, y: rowTop[item.row] };
    corner.set(unit, point);
    emitBox(unit.box, point.x, point.y, 0, nodes);
  }
  const boxByKey = new Map(nodes.map((laidOut) => [laidOut.node.key, laidOut] as const));

  const edges: LaidOutEdge[] = [];
  const ports = assignPorts(routes, corner, incoming);
  for (const route of routes) {
    const start = ports.get(route)!;
    const upperCorner = corner.get(route.upper)!;
    const lowerCorner = corner.get(route.lower)!;
    const upperRow = route.upper.item!.row;
    const path: Point[] = [{ x: start.from, y: upperCorner.y + route.upper.box.height }];
    if (route.upper.box.height < rowHeight[upperRow]) path.push({ x: start.from, y: rowTop[upperRow] + rowHeight[upperRow] });
    let label: LaidOutEdge['label'];
    for (const dummy of route.dummies) {
      const x = dummy.x + shift;
      if (dummy.row % 2 === 1) {
        const middle = rowTop[dummy.row] + rowHeight[dummy.row] / 2;
        path.push({ x, y: middle });
        if (dummy === route.labelItem && route.label) {
          const { width, height, lines } = route.label;
          label = { x: x - width / 2, y: middle - height / 2, width, height, lines };
        }
      } else {
        path.push({ x, y: rowTop[dummy.row] }, { x, y: rowTop[dummy.row] + rowHeight[dummy.row] });
      }
    }
    // A transition to a nested action ends on the action's box.
    const targetKey = route.reversed ? route.edge.source : route.edge.target;
    const nested = route.lower.box.node.key !== targetKey ? boxByKey.get(targetKey) : undefined;
    path.push(nested ? { x: nested.x + nested.width / 2, y: nested.y } : { x: start.to, y: lowerCorner.y });
    edges.push({ edge: route.edge, points: bumpCurve(route.reversed ? path.reverse() : path), label });
  }
  for (const loop of loops) {
    const box = corner.get(loop.unit)!;
    const right = box.x + loop.unit.box.width;
    const top = box.y + loop.unit.box.height / 3;
    const bottom = box.y + (loop.unit.box.height * 2) / 3;
    const out = right + loopWidth - 4;
    const points = [
      { x: right, y: top },
      { x: out, y: top },
      { x: out, y: bottom },
      { x: right, y: bottom },
    ];
    const label = loop.label && {
      x: out + 4,
      y: (top + bottom) / 2 - loop.label.height / 2,
      width: loop.label.width,
      height: loop.label.height,
      lines: loop.label.lines,
    };
    edges.push({ edge: loop.edge, points: [points[0], points[1], points[2], points[3]], label });
  }
  // The edges in the order of the graph's transitions, as ELK gives them.
  const order = new Map(graph.edges.map((edge, index) => [edge.key, index] as const));
  edges.sort((a, b) => order.get(a.edge.key)! - order.get(b.edge.key)!);
  return { width: maxRight - minLeft + 2 * padding, height: layoutHeight, nodes, edges };
}

/**
 * The links to reverse so that the rest has no cycle: those that go back in the document's order
 * of nodes, the entry node counted first (ELK's model-order cycle breaking; a Pearl lists its nodes
 * roughly in the order of the conversation). Returns their indexes in `links`.
 */
function breakCycles(links: readonly { from: Unit; to: Unit }[], entry: PearlGraphNode | undefined): Set<number> {
  const isEntry = (unit: Unit): boolean => unit.box.node.key === entry?.key || unit.box.node.key === entry?.parent?.key;
  const order = (unit: Unit): number => (isEntry(unit) ? -1 : unit.index);
  const reversed = new Set<number>();
  links.forEach((link, index) => {
    if (order(link.to) < order(link.from)) reversed.add(index);
  });
  return reversed;
}

/**
 * Ranks (layers) by the longest path from a start, in topological order; a node without incoming
 * transitions (other than the entry) then moves down to just above its first successor, and
 * PostCallActions (no transitions, runs after the call) goes below everything.
 */
function assignRanks(units: readonly Unit[], links: readonly { from: Unit; to: Unit }[], reversed: ReadonlySet<number>): void {
  const out: Unit[][] = units.map(() => []);
  const inDegree = new Uint32Array(units.length);
  links.forEach((link, index) => {
    const [from, to] = reversed.has(index) ? [link.to, link.from] : [link.from, link.to];
    out[from.index].push(to);
    inDegree[to.index]++;
  });
  const order: Unit[] = units.filter((unit) => inDegree[unit.index] === 0);
  const remaining = Uint32Array.from(inDegree);
  for (let head = 0; head < order.length; head++) {
    const unit = order[head];
    for (const next of out[unit.index]) {
      next.rank = Math.max(next.rank, unit.rank + 1);
      if (--remaining[next.index] === 0) order.push(next);
    }
  }
  for (let index = order.length - 1; index >= 0; index--) {
    const unit = order[index];
    if (inDegree[unit.index] === 0 && out[unit.index].length > 0 && !unit.box.node.isEntry) {
      unit.rank = Math.min(...out[unit.index].map((next) => next.rank)) - 1;
    }
  }
  let last = 0;
  for (const unit of units) last = Math.max(last, unit.rank);
  for (const unit of units) {
    if (unit.box.node.nodeType === 200 && inDegree[unit.index] === 0 && out[unit.index].length === 0 && units.length > 1)
      unit.rank = last + 1;
  }
  const first = Math.min(...units.map((unit) => unit.rank));
  for (const unit of units) unit.rank -= first;
}

/** The rows: node row 2r for rank r, channel row 2r + 1 after it; a dummy per row a transition crosses. */
function buildRows(units: readonly Unit[], routes: readonly Route[]): Item[][] {
  const rankCount = Math.max(0, ...units.map((unit) => unit.rank)) + 1;
  const rows: Item[][] = Array.from({ length: 2 * rankCount - 1 }, () => []);
  const add = (item: Item): Item => {
    item.pos = rows[item.row].length;
    rows[item.row].push(item);
    return item;
  };
  for (const unit of units) {
    unit.item = add({ row: 2 * unit.rank, width: unit.box.width + unit.loopRoom, unit, up: [], down: [], x: 0, pos: 0, key: 0 });
  }
  for (const route of routes) {
    let previous = route.upper.item!;
    const lastRow = route.lower.item!.row;
    // The label goes in the middle channel row of the transition (as ELK's centre labels).
    const channels = (lastRow - previous.row) / 2;
    const labelRow = previous.row + 1 + 2 * Math.floor((channels - (route.reversed ? 0 : 1)) / 2);
    for (let row = previous.row + 1; row < lastRow; row++) {
      const carriesLabel = row === labelRow && route.label !== undefined;
      const dummy = add({ row, width: carriesLabel ? route.label.width : 0, route, up: [previous], down: [], x: 0, pos: 0, key: 0 });
      if (carriesLabel) route.labelItem = dummy;
      previous.down.push(dummy);
      route.dummies.push(dummy);
      previous = dummy;
    }
    previous.down.push(route.lower.item!);
    route.lower.item!.up.push(previous);
  }
  return rows;
}

/** Orders each row by barycenter sweeps, keeping the order with the fewest crossings. */
function orderRows(rows: Item[][]): void {
  let best = rows.map((row) => [...row]);
  let bestCrossings = countCrossings(rows);
  for (let sweep = 0; sweep < orderingSweeps && bestCrossings > 0; sweep++) {
    const down = sweep % 2 === 0;
    for (let step = 1; step < rows.length; step++) {
      const index = down ? step : rows.length - 1 - step;
      const row = rows[index];
      const otherLength = rows[down ? index - 1 : index + 1].length;
      const scale = row.length > 1 ? (otherLength - 1) / (row.length - 1) : 0;
      for (const item of row) {
        const neighbours = down ? item.up : item.down;
        let sum = 0;
        for (const neighbour of neighbours) sum += neighbour.pos;
        item.key = neighbours.length > 0 ? sum / neighbours.length : item.pos * scale;
      }
      row.sort((a, b) => a.key - b.key || a.pos - b.pos);
      row.forEach((item, pos) => (item.pos = pos));
    }
    const crossings = countCrossings(rows);
    if (crossings < bestCrossings) {
      bestCrossings = crossings;
      best = rows.map((row) => [...row]);
    }
  }
  best.forEach((row, index) => {
    rows[index] = row;
    row.forEach((item, pos) => (item.pos = pos));
  });
}

/** Crossings between each row and the next (inversions counted with a Fenwick tree). */
function countCrossings(rows: readonly Item[][]): number {
  let total = 0;
  const tree = new Uint32Array(Math.max(...rows.map((row) => row.length)) + 1);
  const ends: number[] = [];
  for (let index = 0; index + 1 < rows.length; index++) {
    const size = rows[index + 1].length;
    tree.fill(0, 0, size + 1);
    let seen = 0;
    // The row's items are in order; each one's links are taken by the position they go to.
    for (const item of rows[index]) {
      ends.length = 0;
      for (const next of item.down) ends.push(next.pos);
      if (ends.length > 1) ends.sort((a, b) => a - b);
      for (const position of ends) {
        let atOrBelow = 0;
        for (let i = position + 1; i > 0; i -= i & -i) atOrBelow += tree[i];
        total += seen - atOrBelow;
        for (let i = position + 1; i <= size; i += i & -i) tree[i]++;
        seen++;
      }
    }
  }
  return total;
}

/** x positions: rows packed, then moved toward their neighbours row by row, down and up. */
function placeRows(rows: readonly Item[][]): void {
  for (const row of rows) {
    let x = 0;
    row.forEach((item, index) => {
      if (index > 0) x += gap(row[index - 1], item);
      item.x = x;
    });
    for (const item of row) item.x -= x / 2;
  }
  const scratch = new Scratch(Math.max(...rows.map((row) => row.length)));
  for (let round = 0; round < placementRounds; round++) {
    for (let index = 1; index < rows.length; index++) placeRow(rows[index], 'up', scratch);
    for (let index = rows.length - 2; index >= 0; index--) placeRow(rows[index], 'down', scratch);
  }
  for (const row of rows) placeRow(row, 'both', scratch);
  // A row of nodes without transitions (PostCallActions) goes under the middle of the rest.
  let left = Infinity;
  let right = -Infinity;
  for (const row of rows) {
    for (const item of row) {
      if (item.up.length + item.down.length === 0) continue;
      left = Math.min(left, item.x);
      right = Math.max(right, item.x);
    }
  }
  if (!Number.isFinite(left)) return;
  for (const row of rows) {
    if (row.length === 0 || row.some((item) => item.up.length + item.down.length > 0)) continue;
    const shift = (left + right) / 2 - (row[0].x + row[row.length - 1].x) / 2;
    for (const item of row) item.x += shift;
  }
}

/** Buffers of {@link placeRow}, allocated once per layout. */
class Scratch {
  readonly target: Float64Array;
  readonly weight: Float64Array;
  readonly means: Float64Array;
  readonly weights: Float64Array;
  readonly counts: Uint32Array;
  constructor(size: number) {
    this.target = new Float64Array(size);
    this.weight = new Float64Array(size);
    this.means = new Float64Array(size);
    this.weights = new Float64Array(size);
    this.counts = new Uint32Array(size);
  }
}

/** Least distance between the centres of two neighbours in a row. */
function gap(a: Item, b: Item): number {
  return (a.width + b.width) / 2 + (a.unit && b.unit ? nodeSpacing : edgeSpacing);
}

/**
 * Moves the items of `row` (order kept, gaps respected) to the positions nearest, in weighted
 * least squares, the mean x of their neighbours on `side`: isotonic regression by
 * pool-adjacent-violators.
 */
function placeRow(row: readonly Item[], side: 'up' | 'down' | 'both', scratch: Scratch): void {
  const n = row.length;
  if (n === 0) return;
  const { target, weight, means, weights, counts } = scratch;
  let offset = 0;
  for (let index = 0; index < n; index++) {
    const item = row[index];
    if (index > 0) offset += gap(row[index - 1], item);
    let sum = 0;
    let total = 0;
    const add = (neighbours: readonly Item[]): void => {
      for (const neighbour of neighbours) {
        const w = item.route && neighbour.route ? straightWeight : 1;
        sum += neighbour.x * w;
        total += w;
      }
    };
    if (side !== 'down') add(item.up);
    if (side !== 'up') add(item.down);
    // An item with no neighbour on that side stays about where it is.
    target[index] = (total > 0 ? sum / total : item.x) - offset;
    weight[index] = total > 0 ? total : 0.01;
  }
  // Blocks of pooled items: mean, weight, and how many items.
  let blocks = 0;
  for (let index = 0; index < n; index++) {
    let mean = target[index];
    let w = weight[index];
    let count = 1;
    while (blocks > 0 && means[blocks - 1] > mean) {
      blocks--;
      mean = (means[blocks] * weights[blocks] + mean * w) / (weights[blocks] + w);
      w += weights[blocks];
      count += counts[blocks];
    }
    means[blocks] = mean;
    weights[blocks] = w;
    counts[blocks] = count;
    blocks++;
  }
  let index = 0;
  offset = 0;
  for (let block = 0; block < blocks; block++) {
    for (let k = 0; k < counts[block]; k++, index++) {
      if (index > 0) offset += gap(row[index - 1], row[index]);
      row[index].x = means[block] + offset;
    }
  }
}

/**
 * Where each transition leaves its upper node and enters its lower one (x, px): spread along the
 * bottom and top sides in the order of where they go, or, into a node many transitions reach
 * (EndCall), all at the middle of its top side so that they merge.
 */
function assignPorts(
  routes: readonly Route[],
  corner: ReadonlyMap<Unit, Point>,
  incoming: ReadonlyMap<string, number>,
): Map<Route, { from: number; to: number }> {
  const outOf = new Map<Unit, Route[]>();
  const into = new Map<Unit, Route[]>();
  for (const route of routes) {
    let list = outOf.get(route.upper);
    if (!list) outOf.set(route.upper, (list = []));
    list.push(route);
    list = into.get(route.lower);
    if (!list) into.set(route.lower, (list = []));
    list.push(route);
  }
  const firstX = (route: Route): number => (route.dummies[0] ?? route.lower.item!).x;
  const lastX = (route: Route): number => (route.dummies[route.dummies.length - 1] ?? route.upper.item!).x;
  const result = new Map<Route, { from: number; to: number }>();
  for (const route of routes) result.set(route, { from: 0, to: 0 });
  const spread = (unit: Unit, list: Route[], at: (route: Route) => number, set: (route: Route, x: number) => void): void => {
    const left = corner.get(unit)!.x;
    const { width } = unit.box;
    list.sort((a, b) => at(a) - at(b));
    list.forEach((route, index) => set(route, left + (width * (index + 1)) / (list.length + 1)));
  };
  for (const [unit, list] of outOf) spread(unit, list, firstX, (route, x) => (result.get(route)!.from = x));
  for (const [unit, list] of into) {
    const merged = (incoming.get(unit.box.node.key) ?? 0) >= mergeThreshold && unit.box.children.length === 0;
    if (merged) for (const route of list) result.get(route)!.to = corner.get(unit)!.x + unit.box.width / 2;
    else spread(unit, list, lastX, (route, x) => (result.get(route)!.to = x));
  }
  return result;
}

/**
 * A smooth curve through `points` for a top-to-bottom drawing, as cubic Bézier points (start, then
 * two controls and an end per segment, the format of ELK's spline routes): each segment leaves and
 * arrives vertically, so the curve has no kinks; a vertical segment stays straight.
 */
export function bumpCurve(points: readonly Point[]): Point[] {
  const result: Point[] = [points[0]];
  for (let index = 1; index < points.length; index++) {
    const p = points[index - 1];
    const q = points[index];
    const middle = (p.y + q.y) / 2;
    result.push({ x: p.x, y: middle }, { x: q.x, y: middle }, q);
  }
  return result;
}

/**
 * The boxes of `graph`'s top-level nodes, in document order, each with its nested actions in one
 * row inside (group padding around, the header on top); and, by node key, the box of the
 * top-level node holding each node (itself for a top-level one).
 */
export function measureBoxes(graph: PearlGraph, measure: MeasureText): { boxes: Box[]; boxOfKey: Map<string, Box> } {
  const byKey = new Map(graph.nodes.map((node) => [node.key, node] as const));
  const childrenOf = new Map<string, PearlGraphNode[]>();
  const topLevel: PearlGraphNode[] = [];
  for (const node of graph.nodes) {
    if (node.parent && byKey.has(node.parent.key)) {
      let list = childrenOf.get(node.parent.key);
      if (!list) childrenOf.set(node.parent.key, (list = []));
      list.push(node);
    } else topLevel.push(node);
  }
  const boxOf = (node: PearlGraphNode, index: number): Box => {
    const header = measureHeader(node, measure);
    const kids = (childrenOf.get(node.key) ?? []).map((child) => boxOf(child, index));
    if (kids.length === 0) return { node, index, header, width: header.width, height: header.height, children: [] };
    let x = groupPadding;
    const children = kids.map((box) => {
      const child = { box, dx: x, dy: header.height + groupPadding };
      x += box.width + childSpacing;
      return child;
    });
    const rowWidth = x - childSpacing + groupPadding;
    const rowHeight = Math.max(...kids.map((box) => box.height));
    return { node, index, header, width: Math.max(header.width, rowWidth), height: header.height + 2 * groupPadding + rowHeight, children };
  };
  const boxes = topLevel.map(boxOf);
  const boxOfKey = new Map<string, Box>();
  const claim = (box: Box, top: Box): void => {
    boxOfKey.set(box.node.key, top);
    for (const child of box.children) claim(child.box, top);
  };
  for (const box of boxes) claim(box, box);
  return { boxes, boxOfKey };
}

/** Appends to `out` the laid-out node of `box` with its corner at (`x`, `y`), then its nested actions. */
export function emitBox(box: Box, x: number, y: number, depth: number, out: LaidOutNode[]): void {
  out.push({
    node: box.node,
    x,
    y,
    width: box.width,
    height: box.height,
    isGroup: box.children.length > 0,
    headerHeight: box.header.height,
    nameLines: box.header.nameLines,
    typeText: box.node.typeName,
    marks: box.header.marks,
    family: getNodeFamily(box.node.nodeType),
    depth,
  });
  for (const child of box.children) emitBox(child.box, x + child.dx, y + child.dy, depth + 1, out);
}
