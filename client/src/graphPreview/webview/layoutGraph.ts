/**
 * Lays out a {@link PearlGraph} with ELK's layered algorithm (the ELK instance is injected: the
 * preview runs it in its layout worker, `layoutWorker.ts`), top to bottom, spline edges, each transition's label placed by ELK at the middle of its edge (a
 * label gets room of its own between the layers, so labels never cover nodes). Nested actions (handOffAction, postCallActions) are ELK children of their parent, which becomes a
 * compound node: a group box with the parent's header on top and its actions inside. All
 * coordinates in the result are absolute (ELK `json.shapeCoords` / `json.edgeCoords` = ROOT), in
 * CSS pixels at zoom 1. Text is measured by the injected {@link MeasureText}, so this module needs
 * no DOM.
 */
import type { ElkExtendedEdge, ElkLabel, ElkNode, ElkPoint } from 'elkjs/lib/elk-api';
import type { PearlGraph, PearlGraphEdge, PearlGraphNode } from '../../../../protocol/graphTypes';
import { wrapText } from './textWrap';

/** The text styles the graph uses; sizes in px, shared by measuring and drawing. */
export const textStyles = {
  name: { size: 13, weight: 600, lineHeight: 17 },
  type: { size: 11, weight: 400, lineHeight: 14 },
  label: { size: 11, weight: 400, lineHeight: 14 },
  mark: { size: 10, weight: 600, lineHeight: 14 },
} as const;

/** A text style name of {@link textStyles}. */
export type TextStyle = keyof typeof textStyles;

/** Width in px of `text` drawn in `style`. */
export type MeasureText = (text: string, style: TextStyle) => number;

/** The little pills drawn on a node: entry, cannot reach EndCall, no incoming transition. */
export interface NodeMark {
  readonly kind: 'entry' | 'cannotReachEnd' | 'noIncoming';
  readonly text: string;
  readonly width: number;
}

/** A node placed by ELK, with its text already wrapped to lines. */
export interface LaidOutNode {
  readonly node: PearlGraphNode;
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  /** Holds nested actions: drawn as a group box, its header on top. */
  readonly isGroup: boolean;
  /** Height of the header (type, name, marks) from the top of the box. */
  readonly headerHeight: number;
  readonly nameLines: readonly string[];
  readonly typeText: string;
  /** Marks drawn in the header's bottom row (the entry mark sits on the top border instead). */
  readonly marks: readonly NodeMark[];
  readonly family: NodeFamily;
  /** Nesting depth: 0 for `pearl.nodes`, 1 for their nested actions. */
  readonly depth: number;
}

/** A label box placed by ELK. */
export interface LaidOutLabel {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  readonly lines: readonly string[];
}

/** A transition routed by ELK: a polyline from source to target. */
export interface LaidOutEdge {
  readonly edge: PearlGraphEdge;
  readonly points: readonly ElkPoint[];
  readonly label?: LaidOutLabel;
}

/** The laid-out graph; `width` × `height` bounds everything, origin at 0,0. */
export interface GraphLayout {
  readonly width: number;
  readonly height: number;
  /** Parents before their children, so a group box is drawn under its actions. */
  readonly nodes: readonly LaidOutNode[];
  readonly edges: readonly LaidOutEdge[];
}

/** Colour family of a node type (docs/interface.md § Node types). */
export type NodeFamily = 'opening' | 'api' | 'dialogue' | 'message' | 'handoff' | 'end' | 'postcall' | 'other';

const familyByType: Readonly<Record<number, NodeFamily>> = {
  2: 'opening',
  3: 'api',
  10: 'dialogue',
  31: 'handoff',
  40: 'api',
  50: 'message',
  51: 'message',
  60: 'handoff',
  65: 'handoff',
  80: 'dialogue',
  100: 'end',
  200: 'postcall',
};

/** The colour family of `nodeType`; `other` for an unknown or missing type. */
export function getNodeFamily(nodeType: number | undefined): NodeFamily {
  return (nodeType !== undefined && familyByType[nodeType]) || 'other';
}

/** Text of an edge's label: the transition name, prefixed ✓ / ✗ for apiResult Success / Failure. */
export function getEdgeLabelText(edge: PearlGraphEdge): string {
  const prefix = edge.apiResult === 1 ? '✓ ' : edge.apiResult === 2 ? '✗ ' : '';
  const name = edge.name ?? '';
  return prefix + (name || (prefix ? (edge.apiResult === 1 ? 'Success' : 'Failure') : ''));
}

/** An axis-aligned rectangle of the drawing, in px: its top-left corner and size. */
export interface Rect {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** Whether two rectangles share any area (touching edges do not count). */
export function rectsOverlap(a: Rect, b: Rect): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** Text shown as a node's name: name, else nodeId, else a placeholder. */
export function getNodeTitle(node: PearlGraphNode): string {
  return node.name || node.nodeId || '(unnamed node)';
}

const padX = 10;
const padY = 8;
const nodeMinWidth = 130;
const nodeMaxTextWidth = 190;
const labelMaxWidth = 180;
const markHeight = 14;
const markGap = 4;
/** Space between a group box's border and its nested actions, px. */
export const groupPadding = 12;
/** Space between two nested actions side by side in a group, px. */
export const childSpacing = 14;

/** Most nodes laid out with network simplex node placement (see the layout options). */
const networkSimplexLimit = 24;

/** Incoming transitions from which they merge into one port of their target. */
export const mergeThreshold = 4;

/** The id of the shared input port of a node with merged incoming transitions. */
function inputPort(key: string): string {
  return `${key}#in`;
}

/** Room kept on the type line for the error/warning count badge, so diagnostics never change the layout. */
const badgeRoom = 24;

/** What {@link layoutGraph} needs of ELK: its `layout` call. */
export interface ElkLayouter {
  layout(graph: ElkNode): Promise<ElkNode>;
}

/** Layout direction: DOWN suits the usual tall flows. */
export type LayoutDirection = 'DOWN' | 'RIGHT';

/**
 * Lays out `graph`. Resolves with absolute positions; rejects only if ELK itself fails. Edges whose
 * endpoints are not in `graph.nodes` are left out (the server never sends such edges).
 */
export async function layoutGraph(
  graph: PearlGraph,
  measure: MeasureText,
  elk: ElkLayouter,
  direction: LayoutDirection = 'DOWN',
): Promise<GraphLayout> {
  const byKey = new Map(graph.nodes.map((node) => [node.key, node] as const));
  const childrenOf = new Map<string | undefined, PearlGraphNode[]>();
  for (const node of graph.nodes) {
    const parentKey = node.parent && byKey.has(node.parent.key) ? node.parent.key : undefined;
    let list = childrenOf.get(parentKey);
    if (!list) childrenOf.set(parentKey, (list = []));
    list.push(node);
  }

  // Nodes many transitions go into (EndCall, a shared menu): their incoming transitions end at one
  // shared port on the top side, so they merge there instead of fanning in all over the box.
  const incoming = new Map<string, number>();
  for (const edge of graph.edges) incoming.set(edge.target, (incoming.get(edge.target) ?? 0) + 1);
  const mergedTargets = new Set(
    [...incoming].filter(([key, count]) => count >= mergeThreshold && childrenOf.get(key) === undefined).map(([key]) => key),
  );

  const headers = new Map<string, Header>();
  const toElk = (node: PearlGraphNode): ElkNode => {
    const header = measureHeader(node, measure);
    headers.set(node.key, header);
    const children = childrenOf.get(node.key) ?? [];
    // PostCallActions runs after the conversation and has no transitions: below everything else.
    const last: Record<string, string> = node.nodeType === 200 && !node.parent ? { 'elk.layered.layering.layerConstraint': 'LAST' } : {};
    if (children.length === 0 && mergedTargets.has(node.key)) {
      return {
        id: node.key,
        width: header.width,
        height: header.height,
        layoutOptions: { ...last, 'elk.portConstraints': 'FIXED_SIDE' },
        ports: [
          { id: inputPort(node.key), width: 1, height: 1, layoutOptions: { 'elk.port.side': direction === 'DOWN' ? 'NORTH' : 'WEST' } },
        ],
      };
    }
    if (children.length === 0) return { id: node.key, width: header.width, height: header.height, layoutOptions: last };
    const elkChildren = children.map(toElk);
    // The actions have no transitions between them, so ELK puts them in one row. Widen the right
    // padding when the header is wider than that row (ELK's minimum node size is unreliable for
    // compound nodes laid out DOWN).
    const rowWidth = elkChildren.reduce((sum, child) => sum + (child.width ?? 0), 0) + childSpacing * (elkChildren.length - 1);
    const right = Math.max(groupPadding, header.width - rowWidth - groupPadding);
    return {
      id: node.key,
      children: elkChildren,
      layoutOptions: {
        ...last,
        'elk.padding': `[top=${header.height + groupPadding},left=${groupPadding},bottom=${groupPadding},right=${right}]`,
        'elk.spacing.nodeNode': String(childSpacing),
      },
    };
  };

  const labels = new Map<string, readonly string[]>();
  const edges: ElkExtendedEdge[] = [];
  for (const edge of graph.edges) {
    if (!byKey.has(edge.source) || !byKey.has(edge.target)) continue;
    const size = measureEdgeLabel(edge, measure);
    const elkLabels: ElkLabel[] = [];
    if (size) {
      labels.set(edge.key, size.lines);
      elkLabels.push({
        id: `${edge.key}#label`,
        text: getEdgeLabelText(edge),
        width: size.width,
        height: size.height,
        layoutOptions: { 'elk.edgeLabels.placement': 'CENTER' },
      });
    }
    edges.push({
      id: edge.key,
      sources: [edge.source],
      targets: [mergedTargets.has(edge.target) ? inputPort(edge.target) : edge.target],
      labels: elkLabels,
    });
  }

  const root: ElkNode = {
    id: '#root',
    layoutOptions: {
      'elk.algorithm': 'layered',
      'elk.direction': direction,
      // Splines read better than orthogonal routes here: flows have many long, crossing transitions.
      'elk.edgeRouting': 'SPLINES',
      'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
      'elk.json.shapeCoords': 'ROOT',
      'elk.json.edgeCoords': 'ROOT',
      'elk.padding': '[top=24,left=24,bottom=24,right=24]',
      'elk.spacing.nodeNode': '28',
      'elk.spacing.edgeNode': '12',
      'elk.spacing.edgeEdge': '8',
      'elk.spacing.edgeLabel': '2',
      'elk.layered.spacing.nodeNodeBetweenLayers': '14',
      'elk.layered.spacing.edgeNodeBetweenLayers': '6',
      'elk.layered.spacing.edgeEdgeBetweenLayers': '4',
      // Network simplex places nodes compactly, but takes seconds from about 30 nodes on;
      // Brandes-Köpf is wider and fast at any size (measured with npm run bench:graph).
      ...(graph.nodes.length <= networkSimplexLimit
        ? { 'elk.layered.nodePlacement.strategy': 'NETWORK_SIMPLEX' }
        : { 'elk.layered.nodePlacement.strategy': 'BRANDES_KOEPF', 'elk.layered.nodePlacement.bk.fixedAlignment': 'BALANCED' }),
      // Stability: the document's order of nodes and transitions breaks ties, so adding or removing
      // one node moves the others as little as ELK allows.
      'elk.layered.considerModelOrder.strategy': 'NODES_AND_EDGES',
    },
    children: (childrenOf.get(undefined) ?? []).map(toElk),
    edges,
  };

  const result = await elk.layout(root);

  const nodes: LaidOutNode[] = [];
  const collect = (elkNode: ElkNode, depth: number): void => {
    const node = byKey.get(elkNode.id);
    const header = headers.get(elkNode.id);
    if (!node || !header) return;
    const isGroup = (elkNode.children?.length ?? 0) > 0;
    nodes.push({
      node,
      x: elkNode.x ?? 0,
      y: elkNode.y ?? 0,
      width: elkNode.width ?? header.width,
      height: elkNode.height ?? header.height,
      isGroup,
      headerHeight: header.height,
      nameLines: header.nameLines,
      typeText: node.typeName,
      marks: header.marks,
      family: getNodeFamily(node.nodeType),
      depth,
    });
    for (const child of elkNode.children ?? []) collect(child, depth + 1);
  };
  for (const child of result.children ?? []) collect(child, 0);

  const edgeByKey = new Map(graph.edges.map((edge) => [edge.key, edge] as const));
  const laidOutEdges: LaidOutEdge[] = [];
  const collectEdges = (container: ElkNode): void => {
    for (const elkEdge of container.edges ?? []) {
      const edge = edgeByKey.get(elkEdge.id);
      if (!edge) continue;
      const points: ElkPoint[] = [];
      for (const section of elkEdge.sections ?? []) {
        points.push(section.startPoint, ...(section.bendPoints ?? []), section.endPoint);
      }
      const elkLabel = elkEdge.labels?.[0];
      const lines = labels.get(edge.key);
      const label =
        elkLabel && lines
          ? { x: elkLabel.x ?? 0, y: elkLabel.y ?? 0, width: elkLabel.width ?? 0, height: elkLabel.height ?? 0, lines }
          : undefined;
      laidOutEdges.push({ edge, points, label });
    }
    for (const child of container.children ?? []) collectEdges(child);
  };
  collectEdges(result);

  return { width: result.width ?? 0, height: result.height ?? 0, nodes, edges: laidOutEdges };
}

/** The measured header of a node: its size as a leaf box, wrapped name and marks. */
export interface Header {
  readonly width: number;
  readonly height: number;
  readonly nameLines: readonly string[];
  readonly marks: readonly NodeMark[];
}

/** Size of a node's header: type line, wrapped name, and a row of marks when it has any. */
export function measureHeader(node: PearlGraphNode, measure: MeasureText): Header {
  const nameLines = wrapText(getNodeTitle(node), nodeMaxTextWidth, 3, (part) => measure(part, 'name'));
  const marks: NodeMark[] = [];
  const addMark = (kind: NodeMark['kind'], text: string): void => {
    marks.push({ kind, text, width: Math.ceil(measure(text, 'mark')) + 12 });
  };
  if (node.cannotReachEnd) addMark('cannotReachEnd', '↛ no path to End');
  if (node.noIncoming) addMark('noIncoming', '⇥ no incoming');
  const marksWidth = marks.reduce((sum, mark) => sum + mark.width, 0) + markGap * Math.max(0, marks.length - 1);
  const textWidth = Math.max(
    measure(node.typeName, 'type') + (node.isEntry ? 44 : 0) + badgeRoom,
    ...nameLines.map((line) => measure(line, 'name')),
    marksWidth,
  );
  const width = Math.max(nodeMinWidth, Math.ceil(textWidth) + 2 * padX);
  const height =
    padY +
    textStyles.type.lineHeight +
    2 +
    nameLines.length * textStyles.name.lineHeight +
    (marks.length > 0 ? markGap + markHeight : 0) +
    padY;
  return { width, height, nameLines, marks };
}

/** A transition's label box: the wrapped lines (at most two) and the box around them, px. */
export interface EdgeLabelSize {
  readonly lines: readonly string[];
  readonly width: number;
  readonly height: number;
}

/** The label box of `edge`, or undefined when it has no label text ({@link getEdgeLabelText}). */
export function measureEdgeLabel(edge: PearlGraphEdge, measure: MeasureText): EdgeLabelSize | undefined {
  const text = getEdgeLabelText(edge);
  if (!text) return undefined;
  const lines = wrapText(text, labelMaxWidth, 2, (part) => measure(part, 'label'));
  const width = Math.ceil(Math.max(...lines.map((part) => measure(part, 'label')))) + 8;
  return { lines, width, height: lines.length * textStyles.label.lineHeight + 4 };
}
