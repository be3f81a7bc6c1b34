/**
 * What the host posts for a new graph: the whole graph when the page has none to change (or a
 * graph of another document or kind), else a {@link GraphChangesMessage}: the nodes and
 * transitions that changed, sent whole, and for every other one its index in the graph last sent,
 * which the page renumbers and moves (`graphChanges.ts`). Typing in a script sends one node;
 * removing a node from a 500-node Pearl a few nodes and about 1,500 numbers instead of half a
 * megabyte, which both sides would otherwise copy. Each reference is checked here: the page's
 * mapping of it must equal the new graph's node or transition exactly, else it goes whole. No
 * `vscode` or Node import: the host (desktop and web), the tests and `npm run bench:graph` share it.
 * Deep equality is fast-deep-equal's (the one ajv uses): own enumerable fields, as JSON sends them.
 */
import equal from 'fast-deep-equal';
import type { Position } from 'vscode-languageserver-types';
import type { GraphChangesMessage, GraphMessage, NodeChange, PositionMove, Renumbering } from '#protocol/graphPreviewMessages';
import type { PearlGraph, PearlGraphEdge, PearlGraphNode } from '#protocol/graphTypes';
import { GraphMapping, topLevelIndex } from '#protocol/graphChanges';

/** The message that brings a page showing `previous` (undefined: nothing yet) to `next`. */
export function graphUpdate(previous: PearlGraph | undefined, next: PearlGraph): GraphMessage | GraphChangesMessage {
  // The page keeps no graph for a simple Pearl or one without nodes (it shows a text instead).
  if (
    previous === undefined ||
    previous.uri !== next.uri ||
    previous.kind !== next.kind ||
    next.kind === 'simple' ||
    previous.nodes.length === 0 ||
    next.nodes.length === 0
  ) {
    return { type: 'graph', graph: next };
  }
  const renumbering = renumberingOf(previous, next);
  const keys = new GraphMapping(next.uri, renumbering, []);
  const nodeAt = indexByKey(previous.nodes, keys);
  const edgeAt = indexByKey(previous.edges, keys);
  const moves = movesOf(previous, next, nodeAt, edgeAt);
  const mapping = new GraphMapping(next.uri, renumbering, moves);
  let kept = 0;
  const nodes = next.nodes.map((node): PearlGraphNode | number | NodeChange => {
    const index = nodeAt.get(node.key);
    if (index === undefined) return node;
    const mapped = mapping.node(previous.nodes[index]);
    if (equal(mapped, node)) {
      kept++;
      return index;
    }
    const fields = changedFields(mapped, node);
    if (fields === undefined) return node;
    kept++;
    return { index, fields };
  });
  const edges = next.edges.map((edge): PearlGraphEdge | number => {
    const index = edgeAt.get(edge.key);
    if (index === undefined || !equal(mapping.edge(previous.edges[index]), edge)) return edge;
    kept++;
    return index;
  });
  if (kept === 0) return { type: 'graph', graph: next };
  const message: GraphChangesMessage = {
    type: 'graphChanges',
    uri: next.uri,
    base: previous.version,
    version: next.version,
    kind: next.kind,
    moves,
    nodes,
    edges,
  };
  return { ...message, ...(next.name !== undefined && { name: next.name }), ...(renumbering && { renumbering }) };
}

/**
 * The fields of `now` whose values differ from `then`'s, with their new values; undefined when
 * `then` has a field `now` has not (a message cannot say a field went: the node goes whole).
 */
function changedFields(then: PearlGraphNode, now: PearlGraphNode): Partial<PearlGraphNode> | undefined {
  if (Object.keys(then).some((field) => !Object.hasOwn(now, field))) return undefined;
  const before = new Map<string, unknown>(Object.entries(then));
  const fields: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(now)) if (!equal(before.get(field), value)) fields[field] = value;
  return fields;
}

/**
 * The renumbering of the nodes after some were added or removed in one place: the longest run of
 * top-level nodes at the end of both graphs that look the same (type, nodeId, name) and whose
 * indexes differ by the same number. Undefined when the indexes did not change.
 */
function renumberingOf(previous: PearlGraph, next: PearlGraph): Renumbering | undefined {
  const before = previous.nodes.filter((node) => node.parent === undefined);
  const after = next.nodes.filter((node) => node.parent === undefined);
  let by: number | undefined;
  let from: number | undefined;
  for (let i = before.length - 1, j = after.length - 1; i >= 0 && j >= 0; i--, j--) {
    const [a, b] = [before[i], after[j]];
    if (a.typeName !== b.typeName || a.nodeId !== b.nodeId || a.name !== b.name) break;
    const [indexBefore, indexAfter] = [topLevelIndex(a.key), topLevelIndex(b.key)];
    if (indexBefore === undefined || indexAfter === undefined) break;
    if (by !== undefined && indexAfter - indexBefore !== by) break;
    by = indexAfter - indexBefore;
    from = indexBefore;
  }
  return by === undefined || by === 0 || from === undefined ? undefined : { from, by };
}

/**
 * The index of each item of the previous graph by its key after the renumbering. Where a
 * renumbered key meets one that kept its number (the node removed had it), the renumbered wins.
 */
function indexByKey(items: readonly { readonly key: string }[], keys: GraphMapping): Map<string, number> {
  const byKey = new Map<string, number>();
  for (const [index, item] of items.entries()) {
    const key = keys.key(item.key);
    if (key !== item.key || !byKey.has(key)) byKey.set(key, index);
  }
  return byKey;
}

/**
 * Where the text moved: the start of each node and transition of the previous graph that has one
 * under its (renumbered) key in the next, in text order; a move wherever the ones before do not
 * already put it where it is now.
 */
function movesOf(
  previous: PearlGraph,
  next: PearlGraph,
  nodeAt: ReadonlyMap<string, number>,
  edgeAt: ReadonlyMap<string, number>,
): PositionMove[] {
  const pairs: [Position, Position][] = [];
  const pair = (items: readonly Item[], at: ReadonlyMap<string, number>, now: readonly Item[]): void => {
    for (const item of now) {
      const index = at.get(item.key);
      if (index !== undefined) pairs.push([items[index].range.start, item.range.start]);
    }
  };
  pair(previous.nodes, nodeAt, next.nodes);
  pair(previous.edges, edgeAt, next.edges);
  pairs.sort(([a], [b]) => a.line - b.line || a.character - b.character);
  const moves: PositionMove[] = [];
  const mapping = new GraphMapping(next.uri, undefined, moves);
  for (const [from, to] of pairs) {
    const mapped = mapping.position(from);
    if (mapped.line !== to.line || mapped.character !== to.character) moves.push({ from, to });
  }
  return moves;
}

/** What {@link movesOf} reads of a node or transition. */
interface Item {
  readonly key: string;
  readonly range: { readonly start: Position };
}
