/**
 * The preview's layered layout (Sugiyama's method), top to bottom, in time near-linear in nodes +
 * transitions whatever the shape of the graph. Cycles are broken by the document order of the
 * nodes (the entry node first); nodes go in layers by the longest path from the start; the terminal
 * nodes (EndCall, and every node with incoming but no outgoing transitions) are pinned to a last
 * layer of their own, PostCallActions below it. A transition crossing at most {@link maxSpan}
 * layers gets a box ("dummy") in each row it crosses; a longer one, and every transition into a
 * node beyond the {@link maxDrawnIn} shortest ones, is drawn as a **stub**: a short arrow out of
 * the right side of its source, its label on it, ending in a tag that names the target (as
 * Graphviz's concentrate or yEd's edge grouping would bundle them); a node's stubs are stacked
 * beside it. So there are at most {@link maxSpan} dummies per transition, and a hub (one EndCall
 * with hundreds of transitions into it, a main menu every node goes back to) costs one small tag
 * per transition instead of a dummy in every layer.
 *
 * A drawing much taller than wide (a long chain of steps) is cut into bands of layers set side by
 * side as columns, read like a newspaper's ({@link columnsFor}); a transition from one column to
 * another is a stub too, so a column ends in tags naming where the flow goes on.
 *
 * Rows are ordered by barycenter sweeps (the order with the fewest crossings kept) and x positions
 * come from repeated least-squares placement of each row toward its neighbours
 * (pool-adjacent-violators, exact and linear per row), which keeps long transitions straight.
 * Between two rows of nodes lies a channel row: each drawn transition's label is a box of its own
 * there (on its edge, where the edge passes), so no label covers a node or another label; a node's
 * stubs, loops and their labels take room of their own beside it in its row. Nested actions are laid out in one row
 * inside their parent's group box. The result is a {@link GraphLayout}: absolute coordinates in
 * px, edges as cubic Bézier points.
 */
import type { PearlGraph, PearlGraphEdge, PearlGraphNode } from '#protocol/graphTypes';
import { type GraphLayout, type LaidOutEdge, type LaidOutNode, recordMeasure } from './graphLayout';
import {
  childSpacing,
  type EdgeLabelSize,
  getNodeFamily,
  groupPadding,
  type Header,
  type MeasureText,
  measureEdgeLabel,
  measureHeader,
  measureTag,
  mergeThreshold,
  tagHeight,
  type TagText,
} from './layoutText';

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
/** Most layers a transition drawn whole may cross; a longer one is a stub. */
export const maxSpan = 4;
/** Most transitions drawn whole into one node (the shortest); the others are stubs. */
export const maxDrawnIn = 6;
/** Horizontal space between a stub's label and its tag, and between a node (or its loops) and its stubs, px. */
export const stubGap = 8;
/** Length of the curve from a node's side to the start of its stubs, px. */
export const stubLead = 18;
/** Vertical space between two stubs stacked beside a node, px. */
const stubSpacing = 4;
/** Horizontal space between two columns of a drawing cut into columns, px. */
export const columnGap = 90;
/** Width over height the columns aim at (a wide editor panel). */
const targetAspect = 1.3;
/** Most columns. */
const maxColumns = 16;
/** Fewest layers in a column. */
const minColumnLayers = 6;

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

/** A box in a row: a top-level node (with its loops and stubs beside it), or the dummy of a transition crossing the row. */
interface Item {
  readonly row: number;
  readonly width: number;
  /** Where transitions attach, from the centre x: left of it for a node with loops or stubs on its right. */
  readonly anchor: number;
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
  /** The transitions drawn as stubs beside the box, top to bottom. */
  readonly stubs: Stub[];
  rank: number;
  item?: Item;
}

/** A transition between two top-level nodes. */
interface Link {
  readonly edge: PearlGraphEdge;
  readonly from: Unit;
  readonly to: Unit;
  readonly order: number;
}

/** A transition drawn whole, downward from `upper` to `lower`. */
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

/** A transition drawn as a stub beside its source, ending in a tag that names its target. */
interface Stub {
  readonly edge: PearlGraphEdge;
  readonly source: Unit;
  readonly label?: EdgeLabelSize;
  readonly tag: TagText;
}

/** Everything placed, before the drawing's coordinates are made. */
interface Placed {
  readonly units: readonly Unit[];
  readonly routes: readonly Route[];
  readonly loops: readonly { edge: PearlGraphEdge; unit: Unit; label?: EdgeLabelSize }[];
  readonly rows: readonly Item[][];
  /** The column of each rank. */
  readonly columnOf: (rank: number) => number;
}

/** Lays out `graph` (see the module comment). Edges whose endpoints are not in `graph.nodes` are left out. */
export function layeredLayout(graph: PearlGraph, measure: MeasureText): GraphLayout {
  const { boxes, boxOfKey } = measureBoxes(graph, measure);
  const units = boxes.map((box, index): Unit => ({ box, index, loopRoom: 0, stubs: [], rank: 0 }));
  const unitOf = new Map<string, Unit>();
  for (const [key, box] of boxOfKey) unitOf.set(key, units[box.index]);
  const nodeByKey = new Map(graph.nodes.map((node) => [node.key, node] as const));

  // Transitions between top-level nodes; a transition to its own node (or its nested action) is a loop.
  const links: Link[] = [];
  const loops: Placed['loops'][number][] = [];
  for (const [order, edge] of graph.edges.entries()) {
    const from = unitOf.get(edge.source);
    const to = unitOf.get(edge.target);
    if (!from || !to) continue;
    if (from === to) {
      const label = measureEdgeLabel(edge, measure);
      loops.push({ edge, unit: from, label });
      from.loopRoom = Math.max(from.loopRoom, loopWidth + (label ? label.width + 4 : 0));
    } else links.push({ edge, from, to, order });
  }
  const reversed = breakCycles(
    links,
    graph.nodes.find((node) => node.isEntry),
  );
  assignRanks(units, links, reversed);
  const columnOf = columnsFor(units);
  const drawn = chooseDrawn(links, columnOf);
  const routes: Route[] = [];
  for (const link of links) {
    if (drawn.has(link)) {
      const back = link.to.rank < link.from.rank;
      const [upper, lower] = back ? [link.to, link.from] : [link.from, link.to];
      routes.push({ edge: link.edge, upper, lower, reversed: back, label: measureEdgeLabel(link.edge, measure), dummies: [] });
    } else {
      const target = nodeByKey.get(link.edge.target) ?? link.to.box.node;
      const tag = measureTag(target, link.to.rank <= link.from.rank, measure);
      const stub = { edge: link.edge, source: link.from, label: measureEdgeLabel(link.edge, measure), tag };
      link.from.stubs.push(stub);
    }
  }
  const rows = buildRows(units, routes);
  orderRows(rows);
  placeRows(rows);
  const layout = drawLayout(graph, { units, routes, loops, rows, columnOf });
  recordMeasure(layout, measure);
  return layout;
}

/**
 * The links drawn whole: those crossing at most {@link maxSpan} layers (and at least one) within
 * one column, at most {@link maxDrawnIn} into each node, the shortest first (then in document order).
 */
function chooseDrawn(links: readonly Link[], columnOf: (rank: number) => number): Set<Link> {
  const into = new Map<Unit, Link[]>();
  for (const link of links) {
    const span = Math.abs(link.to.rank - link.from.rank);
    if (span === 0 || span > maxSpan || columnOf(link.to.rank) !== columnOf(link.from.rank)) continue;
    let list = into.get(link.to);
    if (!list) into.set(link.to, (list = []));
    list.push(link);
  }
  const drawn = new Set<Link>();
  const span = (link: Link): number => Math.abs(link.to.rank - link.from.rank);
  for (const list of into.values()) {
    if (list.length > maxDrawnIn) list.sort((a, b) => span(a) - span(b) || a.order - b.order);
    for (const link of list.slice(0, maxDrawnIn)) drawn.add(link);
  }
  return drawn;
}

/**
 * The column of each rank: one column, unless the drawing would be more than {@link targetAspect}
 * times taller than wide; then as many columns of consecutive layers (at least
 * {@link minColumnLayers} each) as bring it nearest that shape, the last layer (the terminal nodes)
 * with the layers before it. Estimated from the nodes' sizes, with room for stubs beside them.
 */
function columnsFor(units: readonly Unit[]): (rank: number) => number {
  let rankCount = 0;
  for (const unit of units) rankCount = Math.max(rankCount, unit.rank + 1);
  const rankHeight = new Float64Array(rankCount);
  const rankWidth = new Float64Array(rankCount);
  for (const unit of units) {
    rankHeight[unit.rank] = Math.max(rankHeight[unit.rank], unit.box.height + 2 * rowGap + minChannelHeight + 14);
    rankWidth[unit.rank] += unit.box.width + nodeSpacing;
  }
  let height = 0;
  let width = 0;
  for (let rank = 0; rank < rankCount; rank++) {
    height += rankHeight[rank];
    width = Math.max(width, rankWidth[rank]);
  }
  // Stubs and passing transitions widen a column: about two stubs' width beside the widest layer.
  const columnWidth = width + 520;
  const columns = Math.min(
    maxColumns,
    Math.floor((rankCount - 1) / minColumnLayers),
    Math.round(Math.sqrt((targetAspect * height) / columnWidth)),
  );
  if (columns <= 1) return () => 0;
  const perColumn = Math.ceil((rankCount - 1) / columns);
  return (rank) => Math.min(columns - 1, Math.floor(rank / perColumn));
}

/**
 * The rows' vertical extents: node rows as tall as their tallest node (or its stubs), channel rows
 * as their tallest label; each column's first row at the top, {@link padding} below the edge.
 */
function rowExtents(
  rows: readonly Item[][],
  columnOfRow: (row: number) => number,
): { rowTop: number[]; rowHeight: number[]; height: number } {
  const rowTop: number[] = [];
  const rowHeight: number[] = [];
  let y = padding;
  let bottom = 0;
  for (const [index, row] of rows.entries()) {
    if (index > 0 && columnOfRow(index) !== columnOfRow(index - 1)) y = padding;
    const lastOfColumn = index === rows.length - 1 || columnOfRow(index + 1) !== columnOfRow(index);
    let height = index % 2 === 0 ? 0 : row.length > 0 || !lastOfColumn ? minChannelHeight : 0;
    for (const item of row) {
      if (item.unit) height = Math.max(height, item.unit.box.height, stackHeight(item.unit));
      else if (item.route?.labelItem === item && item.route.label) height = Math.max(height, item.route.label.height);
    }
    if (lastOfColumn && index % 2 === 1 && row.length === 0) height = 0;
    rowTop.push(y);
    rowHeight.push(height);
    if (height > 0) y += height + rowGap;
    bottom = Math.max(bottom, y - rowGap);
  }
  return { rowTop, rowHeight, height: bottom + padding };
}

/** Height of one stub's line: its label or its tag, the taller, px. */
function stubHeight(stub: Stub): number {
  return Math.max(stub.label?.height ?? 0, tagHeight);
}

/** Height of the stubs stacked beside `unit`, px. */
function stackHeight(unit: Unit): number {
  let height = 0;
  for (const stub of unit.stubs) height += stubHeight(stub) + stubSpacing;
  return Math.max(0, height - stubSpacing);
}

/** Width of the stubs beside `unit` (curve, label, tag), px; 0 without stubs. */
function stubRoom(unit: Unit): number {
  let width = 0;
  for (const stub of unit.stubs) width = Math.max(width, (stub.label ? stub.label.width + stubGap : 0) + stub.tag.width);
  return width > 0 ? width + stubLead + stubGap : 0;
}

/** The drawing: node corners, routes through their dummies, stubs, loops; columns side by side, {@link padding} around. */
function drawLayout(graph: PearlGraph, placed: Placed): GraphLayout {
  const { units, routes, loops, rows } = placed;
  const columnOfRow = (row: number): number => placed.columnOf(Math.floor(row / 2));
  const { rowTop, rowHeight, height } = rowExtents(rows, columnOfRow);
  const shiftOfRow = columnShifts(rows, columnOfRow);
  let width = 0;
  for (const [index, row] of rows.entries()) {
    for (const item of row) width = Math.max(width, item.x + item.width / 2 + shiftOfRow[index] + padding);
  }
  const nodes: LaidOutNode[] = [];
  const corner = new Map<Unit, Point>();
  for (const unit of units) {
    const item = itemOf(unit);
    const point = { x: item.x - item.width / 2 + shiftOfRow[item.row], y: rowTop[item.row] };
    corner.set(unit, point);
    emitBox(unit.box, point.x, point.y, 0, nodes);
  }
  const boxByKey = new Map(nodes.map((laidOut) => [laidOut.node.key, laidOut] as const));
  const ports = assignPorts(routes, corner);
  const rowBottom = (unit: Unit): number => rowTop[itemOf(unit).row] + rowHeight[itemOf(unit).row];
  const geometry = { rowTop, rowHeight, shiftOfRow, corner, ports, boxByKey, rowBottom };
  const edges: LaidOutEdge[] = [
    ...routes.map((route) => drawRoute(route, geometry)),
    ...units.flatMap((unit) => drawStubs(unit, cornerOf(corner, unit))),
    ...loops.map((loop) => drawLoop(loop, cornerOf(corner, loop.unit))),
  ];
  // The edges in the order of the graph's transitions.
  const order = new Map(graph.edges.map((edge, index) => [edge.key, index] as const));
  edges.sort((a, b) => (order.get(a.edge.key) ?? 0) - (order.get(b.edge.key) ?? 0));
  return { width: Math.max(width, 2 * padding), height, nodes, edges };
}

/** The x shift of each row: its column's items start {@link columnGap} right of the column before (the first at {@link padding}). */
function columnShifts(rows: readonly Item[][], columnOfRow: (row: number) => number): number[] {
  const left: number[] = [];
  const right: number[] = [];
  for (const [index, row] of rows.entries()) {
    const column = columnOfRow(index);
    for (const item of row) {
      left[column] = Math.min(left[column] ?? Infinity, item.x - item.width / 2);
      right[column] = Math.max(right[column] ?? -Infinity, item.x + item.width / 2);
    }
  }
  const start: number[] = [];
  let x = padding;
  for (let column = 0; column < left.length; column++) {
    if (left[column] === undefined) continue;
    start[column] = x - left[column];
    x += right[column] - left[column] + columnGap;
  }
  return rows.map((_, index) => start[columnOfRow(index)] ?? padding);
}

/** What drawing a route or stub needs of the placed rows. */
interface Geometry {
  readonly rowTop: readonly number[];
  readonly rowHeight: readonly number[];
  readonly shiftOfRow: readonly number[];
  readonly corner: ReadonlyMap<Unit, Point>;
  readonly ports: Ports;
  readonly boxByKey: ReadonlyMap<string, LaidOutNode>;
  rowBottom(unit: Unit): number;
}

/** A drawn route: from its upper node's bottom through its dummies (label on the middle channel one) to its lower node's top. */
function drawRoute(route: Route, geometry: Geometry): LaidOutEdge {
  const { rowTop, rowHeight, shiftOfRow, corner, ports, boxByKey } = geometry;
  const from = ports.from.get(route.edge) ?? 0;
  const upperCorner = cornerOf(corner, route.upper);
  const path: Point[] = [{ x: from, y: upperCorner.y + route.upper.box.height }];
  const bottom = geometry.rowBottom(route.upper);
  if (upperCorner.y + route.upper.box.height < bottom) path.push({ x: from, y: bottom });
  let label: LaidOutEdge['label'];
  for (const dummy of route.dummies) {
    const x = dummy.x + shiftOfRow[dummy.row];
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
  const to = ports.to.get(route.edge) ?? 0;
  path.push(nested ? { x: nested.x + nested.width / 2, y: nested.y } : { x: to, y: cornerOf(corner, route.lower).y });
  return { edge: route.edge, points: bumpCurve(route.reversed ? path.reverse() : path), label };
}

/**
 * The stubs of `unit`, stacked beside its box (right of its loops), each a curve out of the middle
 * of the box's right side into a horizontal line that runs under its label into its tag.
 */
function drawStubs(unit: Unit, corner: Point): LaidOutEdge[] {
  const start = { x: corner.x + unit.box.width, y: corner.y + Math.min(unit.box.height, 2 * tagHeight) / 2 };
  const left = start.x + unit.loopRoom + stubLead;
  let top = corner.y;
  return unit.stubs.map((stub) => {
    const height = stubHeight(stub);
    const y = top + height / 2;
    top += height + stubSpacing;
    const tagX = left + (stub.label ? stub.label.width + stubGap : 0);
    const points = [...sideCurve(start, { x: left, y }), { x: left, y }, { x: tagX, y }, { x: tagX, y }];
    const label = stub.label && {
      x: left,
      y: y - stub.label.height / 2,
      width: stub.label.width,
      height: stub.label.height,
      lines: stub.label.lines,
    };
    return { edge: stub.edge, points, label, tag: { ...stub.tag, x: tagX, y: y - tagHeight / 2, height: tagHeight } };
  });
}

/** A curve from `p` to `q` leaving and arriving horizontally, as cubic Bézier points (start, two controls, end). */
export function sideCurve(p: Point, q: Point): Point[] {
  const middle = (p.x + q.x) / 2;
  return [p, { x: middle, y: p.y }, { x: middle, y: q.y }, q];
}

/** A loop on the right of a node, for a transition to itself, its label beside it. */
function drawLoop(loop: Placed['loops'][number], box: Point): LaidOutEdge {
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
  return { edge: loop.edge, points, label };
}

/** The row item of a placed unit (every unit gets one in {@link buildRows}). */
function itemOf(unit: Unit): Item {
  if (!unit.item) throw new Error(`layeredLayout: ${unit.box.node.key} has no row`);
  return unit.item;
}

function cornerOf(corner: ReadonlyMap<Unit, Point>, unit: Unit): Point {
  return corner.get(unit) ?? { x: 0, y: 0 };
}

/**
 * The links to reverse so that the rest has no cycle: those that go back in the document's order
 * of nodes, the entry node counted first (ELK's model-order cycle breaking; a Pearl lists its nodes
 * roughly in the order of the conversation).
 */
function breakCycles(links: readonly Link[], entry: PearlGraphNode | undefined): Set<Link> {
  const isEntry = (unit: Unit): boolean => unit.box.node.key === entry?.key || unit.box.node.key === entry?.parent?.key;
  const order = (unit: Unit): number => (isEntry(unit) ? -1 : unit.index);
  return new Set(links.filter((link) => order(link.to) < order(link.from)));
}

/** Whether `unit` is pinned to the last layer: EndCall, or a node reached by transitions that has none of its own. */
function isTerminal(unit: Unit, outDegree: Uint32Array, inDegree: Uint32Array): boolean {
  return unit.box.node.nodeType === 100 || (outDegree[unit.index] === 0 && inDegree[unit.index] > 0);
}

/**
 * Ranks (layers) by the longest path from a start, in topological order; the terminal nodes
 * ({@link isTerminal}) then go to a last layer of their own, a node without incoming transitions
 * (other than the entry) moves down to just above its first successor, and PostCallActions (no
 * transitions, runs after the call) goes below everything. Linear in nodes + links.
 */
function assignRanks(units: readonly Unit[], links: readonly Link[], reversed: ReadonlySet<Link>): void {
  const out: Unit[][] = units.map(() => []);
  const inDegree = new Uint32Array(units.length);
  const linkOut = new Uint32Array(units.length);
  const linkIn = new Uint32Array(units.length);
  for (const link of links) {
    linkOut[link.from.index]++;
    linkIn[link.to.index]++;
    const [from, to] = reversed.has(link) ? [link.to, link.from] : [link.from, link.to];
    out[from.index].push(to);
    inDegree[to.index]++;
  }
  const order: Unit[] = units.filter((unit) => inDegree[unit.index] === 0);
  const remaining = Uint32Array.from(inDegree);
  for (let head = 0; head < order.length; head++) {
    const unit = order[head];
    for (const next of out[unit.index]) {
      next.rank = Math.max(next.rank, unit.rank + 1);
      if (--remaining[next.index] === 0) order.push(next);
    }
  }
  const terminals = units.filter((unit) => isTerminal(unit, linkOut, linkIn));
  const terminalSet = new Set(terminals);
  let last = -1;
  for (const unit of units) if (!terminalSet.has(unit) && linkOut[unit.index] + linkIn[unit.index] > 0) last = Math.max(last, unit.rank);
  for (const unit of terminals) unit.rank = last + 1;
  for (let index = order.length - 1; index >= 0; index--) {
    const unit = order[index];
    if (inDegree[unit.index] === 0 && out[unit.index].length > 0 && !unit.box.node.isEntry && !terminalSet.has(unit)) {
      let lowest = Infinity;
      for (const next of out[unit.index]) lowest = Math.min(lowest, next.rank);
      unit.rank = lowest - 1;
    }
  }
  let bottom = 0;
  for (const unit of units) bottom = Math.max(bottom, unit.rank);
  for (const unit of units) {
    if (unit.box.node.nodeType === 200 && inDegree[unit.index] === 0 && out[unit.index].length === 0 && units.length > 1)
      unit.rank = bottom + 1;
  }
  let first = Infinity;
  for (const unit of units) first = Math.min(first, unit.rank);
  for (const unit of units) unit.rank -= first;
}

/** The rows: node row 2r for rank r, channel row 2r + 1 after it; a dummy per row a drawn transition crosses. */
function buildRows(units: readonly Unit[], routes: readonly Route[]): Item[][] {
  let rankCount = 0;
  for (const unit of units) rankCount = Math.max(rankCount, unit.rank + 1);
  const rows: Item[][] = Array.from({ length: 2 * rankCount }, () => []);
  const add = (item: Item): Item => {
    item.pos = rows[item.row].length;
    rows[item.row].push(item);
    return item;
  };
  for (const unit of units) {
    const side = unit.loopRoom + stubRoom(unit);
    unit.item = add({ row: 2 * unit.rank, width: unit.box.width + side, anchor: -side / 2, unit, up: [], down: [], x: 0, pos: 0, key: 0 });
  }
  for (const route of routes) {
    let previous = itemOf(route.upper);
    const lower = itemOf(route.lower);
    // The label goes in the middle channel row of the transition.
    const channels = (lower.row - previous.row) / 2;
    const labelRow = previous.row + 1 + 2 * Math.floor((channels - (route.reversed ? 0 : 1)) / 2);
    for (let row = previous.row + 1; row < lower.row; row++) {
      const carriesLabel = row === labelRow && route.label !== undefined;
      const width = carriesLabel ? route.label.width : 0;
      const dummy = add({ row, width, anchor: 0, route, up: [previous], down: [], x: 0, pos: 0, key: 0 });
      if (carriesLabel) route.labelItem = dummy;
      previous.down.push(dummy);
      route.dummies.push(dummy);
      previous = dummy;
    }
    previous.down.push(lower);
    lower.up.push(previous);
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
  let widest = 0;
  for (const row of rows) widest = Math.max(widest, row.length);
  const tree = new Uint32Array(widest + 1);
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
  let widest = 0;
  for (const row of rows) {
    widest = Math.max(widest, row.length);
    let x = 0;
    row.forEach((item, index) => {
      if (index > 0) x += gap(row[index - 1], item);
      item.x = x;
    });
    for (const item of row) item.x -= x / 2;
  }
  const scratch = new Scratch(widest);
  for (let round = 0; round < placementRounds; round++) {
    for (let index = 1; index < rows.length; index++) placeRow(rows[index], 'up', scratch);
    for (let index = rows.length - 2; index >= 0; index--) placeRow(rows[index], 'down', scratch);
  }
  for (const row of rows) placeRow(row, 'both', scratch);
  centreLoneRows(rows);
}

/** A row of nodes without any transition (PostCallActions) goes under the middle of the rest. */
function centreLoneRows(rows: readonly Item[][]): void {
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
        sum += (neighbour.x + neighbour.anchor) * w;
        total += w;
      }
    };
    if (side !== 'down') add(item.up);
    if (side !== 'up') add(item.down);
    // An item with no neighbour on that side stays about where it is.
    target[index] = (total > 0 ? sum / total - item.anchor : item.x) - offset;
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

/** Where each transition leaves its node's bottom (`from`) and enters its lower node's top (`to`), x in px, by edge. */
interface Ports {
  readonly from: Map<PearlGraphEdge, number>;
  readonly to: Map<PearlGraphEdge, number>;
}

/**
 * Where each transition leaves its upper node and enters its lower one: spread along the bottom
 * and top sides in the order of where they go (stubs among them, by their tag), or, into a node
 * that {@link mergeThreshold} or more drawn transitions reach, all at the middle of its top side so
 * that they merge.
 */
function assignPorts(routes: readonly Route[], corner: ReadonlyMap<Unit, Point>): Ports {
  const bottoms = new Map<Unit, { edge: PearlGraphEdge; at: number }[]>();
  const tops = new Map<Unit, { edge: PearlGraphEdge; at: number }[]>();
  const push = (map: Map<Unit, { edge: PearlGraphEdge; at: number }[]>, unit: Unit, edge: PearlGraphEdge, at: number): void => {
    let list = map.get(unit);
    if (!list) map.set(unit, (list = []));
    list.push({ edge, at });
  };
  for (const route of routes) {
    push(bottoms, route.upper, route.edge, (route.dummies[0] ?? itemOf(route.lower)).x);
    push(tops, route.lower, route.edge, (route.dummies[route.dummies.length - 1] ?? itemOf(route.upper)).x);
  }
  const ports: Ports = { from: new Map(), to: new Map() };
  const spread = (unit: Unit, list: { edge: PearlGraphEdge; at: number }[], into: Map<PearlGraphEdge, number>): void => {
    const left = cornerOf(corner, unit).x;
    const { width } = unit.box;
    list.sort((a, b) => a.at - b.at);
    list.forEach((port, index) => into.set(port.edge, left + (width * (index + 1)) / (list.length + 1)));
  };
  for (const [unit, list] of bottoms) spread(unit, list, ports.from);
  for (const [unit, list] of tops) {
    if (list.length >= mergeThreshold && unit.box.children.length === 0) {
      for (const port of list) ports.to.set(port.edge, cornerOf(corner, unit).x + unit.box.width / 2);
    } else spread(unit, list, ports.to);
  }
  return ports;
}

/**
 * A smooth curve through `points` for a top-to-bottom drawing, as cubic Bézier points (start, then
 * two controls and an end per segment): each segment leaves and arrives vertically, so the curve
 * has no kinks; a vertical segment stays straight.
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
