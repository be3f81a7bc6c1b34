/**
 * The graph a {@link GraphChangesMessage} describes, rebuilt from the graph it changes: shared by
 * the host, which makes the message (client/src/graphPreview/graphUpdate.ts) and checks that each node or transition it
 * sends by reference comes out exactly as in the new graph, and the page, which rebuilds the graph
 * (client/src/graphPreview/webview/main.ts). No imports but types: the page bundles it.
 *
 * An edit moves what follows it in the text and renumbers the nodes after an added or removed one
 * (keys are `n:<index in pearl.nodes>`, docs/interface.md § Node). {@link GraphMapping} does both to
 * a node or transition of the previous graph: its key, parent, source and target renumbered by the
 * message's {@link Renumbering}, its ranges (and those of its diagnostics) moved by its
 * {@link PositionMove}s.
 */
import type { Diagnostic, Position, Range } from 'vscode-languageserver-types';
import type { GraphChangesMessage, PositionMove, Renumbering } from './graphPreviewMessages';
import type { PearlGraph, PearlGraphEdge, PearlGraphNode } from './graphTypes';

const topLevelKey = /^n:(\d+)(.*)$/s;

/** The index in `pearl.nodes` a key starts with (`n:12/handOffAction:0>t:1` → 12), or undefined. */
export function topLevelIndex(key: string): number | undefined {
  const match = topLevelKey.exec(key);
  return match ? Number(match[1]) : undefined;
}

/** How the keys and positions of the previous graph map to the new one (see the module comment). */
export class GraphMapping {
  /**
   * @param uri the document: ranges of related information elsewhere do not move.
   * @param renumbering the nodes renumbered, if any.
   * @param moves where positions moved, in increasing order of `from` (positions before the first do not move).
   */
  constructor(
    private readonly uri: string,
    private readonly renumbering: Renumbering | undefined,
    private readonly moves: readonly PositionMove[],
  ) {}

  /** `key` after the renumbering (a node's, a nested action's or a transition's). */
  key(key: string): string {
    const renumbering = this.renumbering;
    if (renumbering === undefined) return key;
    const match = topLevelKey.exec(key);
    if (!match) return key;
    const index = Number(match[1]);
    return index >= renumbering.from ? `n:${index + renumbering.by}${match[2]}` : key;
  }

  /** Where `position` of the previous text is in the new one (the same object when it did not move). */
  position(position: Position): Position {
    const moves = this.moves;
    // The last move at or before the position (binary search: moves are sorted by `from`).
    let low = 0;
    let high = moves.length - 1;
    let found = -1;
    while (low <= high) {
      const middle = (low + high) >> 1;
      if (before(moves[middle].from, position)) {
        found = middle;
        low = middle + 1;
      } else high = middle - 1;
    }
    if (found < 0) return position;
    const { from, to } = moves[found];
    const moved =
      position.line === from.line
        ? { line: to.line, character: position.character - from.character + to.character }
        : { line: position.line + to.line - from.line, character: position.character };
    return moved.line === position.line && moved.character === position.character ? position : moved;
  }

  /** `range` moved (the same object when it did not move). */
  range(range: Range): Range {
    const start = this.position(range.start);
    const end = this.position(range.end);
    return start === range.start && end === range.end ? range : { start, end };
  }

  /** A node of the previous graph as it would be in the new one (the same object when nothing changed). */
  node(node: PearlGraphNode): PearlGraphNode {
    const key = this.key(node.key);
    const range = this.range(node.range);
    const selectionRange = this.range(node.selectionRange);
    const diagnostics = this.diagnostics(node.diagnostics);
    const parentKey = node.parent && this.key(node.parent.key);
    if (
      key === node.key &&
      range === node.range &&
      selectionRange === node.selectionRange &&
      diagnostics === node.diagnostics &&
      parentKey === node.parent?.key
    )
      return node;
    const moved = { ...node, key, range, selectionRange, diagnostics };
    return node.parent && parentKey !== undefined ? { ...moved, parent: { ...node.parent, key: parentKey } } : moved;
  }

  /** A transition of the previous graph as it would be in the new one (the same object when nothing changed). */
  edge(edge: PearlGraphEdge): PearlGraphEdge {
    const key = this.key(edge.key);
    const source = this.key(edge.source);
    const target = this.key(edge.target);
    const range = this.range(edge.range);
    if (key === edge.key && source === edge.source && target === edge.target && range === edge.range) return edge;
    return { ...edge, key, source, target, range };
  }

  private diagnostics(diagnostics: readonly Diagnostic[]): readonly Diagnostic[] {
    let moved: Diagnostic[] | undefined;
    for (const [index, diagnostic] of diagnostics.entries()) {
      const next = this.diagnostic(diagnostic);
      if (next === diagnostic && moved === undefined) continue;
      moved ??= diagnostics.slice(0, index);
      moved.push(next);
    }
    return moved ?? diagnostics;
  }

  private diagnostic(diagnostic: Diagnostic): Diagnostic {
    const range = this.range(diagnostic.range);
    let related = diagnostic.relatedInformation;
    if (
      related?.some(
        (information) => information.location.uri === this.uri && this.range(information.location.range) !== information.location.range,
      )
    ) {
      related = related.map((information) =>
        information.location.uri === this.uri
          ? { ...information, location: { ...information.location, range: this.range(information.location.range) } }
          : information,
      );
    }
    if (range === diagnostic.range && related === diagnostic.relatedInformation) return diagnostic;
    const moved: Diagnostic = { ...diagnostic, range };
    if (related !== undefined) moved.relatedInformation = related;
    return moved;
  }
}

/** Whether `a` is at or before `b`. */
function before(a: Position, b: Position): boolean {
  return a.line < b.line || (a.line === b.line && a.character <= b.character);
}

/**
 * The graph `message` describes, from `base`, the graph it was made against; undefined when it
 * was made against another (`base.version` is not `message.base`, or a reference is out of range):
 * the page then asks for the whole graph again.
 */
export function applyGraphChanges(base: PearlGraph, message: GraphChangesMessage): PearlGraph | undefined {
  if (base.uri !== message.uri || base.version !== message.base) return undefined;
  const mapping = new GraphMapping(message.uri, message.renumbering, message.moves);
  const nodes: PearlGraphNode[] = [];
  for (const item of message.nodes) {
    if (typeof item === 'number') {
      if (!(item >= 0 && item < base.nodes.length)) return undefined;
      nodes.push(mapping.node(base.nodes[item]));
    } else if ('fields' in item) {
      if (!(item.index >= 0 && item.index < base.nodes.length)) return undefined;
      nodes.push({ ...mapping.node(base.nodes[item.index]), ...item.fields });
    } else nodes.push(item);
  }
  const edges: PearlGraphEdge[] = [];
  for (const item of message.edges) {
    if (typeof item !== 'number') edges.push(item);
    else if (item >= 0 && item < base.edges.length) edges.push(mapping.edge(base.edges[item]));
    else return undefined;
  }
  const graph: PearlGraph = { uri: message.uri, version: message.version, kind: message.kind, nodes, edges };
  return message.name === undefined ? graph : { ...graph, name: message.name };
}
