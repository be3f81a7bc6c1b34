/**
 * The text of the graph and its measures: the text styles, node families and titles, transition
 * label texts, and how node headers, labels and stub tags are wrapped and sized with an injected
 * {@link MeasureText} (no DOM here), with the sizes of what is drawn around them. The layouts
 * (layeredLayout.ts, incrementalLayout.ts) place what this measures; graphLayout.ts says what a
 * layout is.
 */
import type { PearlGraphEdge, PearlGraphNode } from '#protocol/graphTypes';
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

/** Drawn incoming transitions from which they merge into one point of their target's top side. */
export const mergeThreshold = 4;

/** Room kept on the type line for the error/warning count badge, so diagnostics never change the layout. */
const badgeRoom = 24;
/** Widest text of a stub's tag, px. */
const tagMaxTextWidth = 150;
/** Height of a stub's tag, px. */
export const tagHeight = 18;

/** The measured header of a node: its size as a leaf box, wrapped name and marks. */
export interface Header {
  readonly width: number;
  readonly height: number;
  readonly nameLines: readonly string[];
  readonly marks: readonly NodeMark[];
}

/** Entries of one measuring cache before it is emptied: bounded over a session. */
const maxMeasured = 20_000;
/** What was measured with each {@link MeasureText}, by what it depends on (see {@link measured}). */
const measuredBy = new WeakMap<MeasureText, Map<string, unknown>>();

/**
 * `compute()`, or what it gave before for the same `key` with the same `measure`: a layout after
 * an edit measures and wraps only the headers and labels whose text changed (wrapping a name is a
 * dozen measurements), not the whole graph's again. The results are read only.
 */
function measured<T>(measure: MeasureText, key: string, compute: () => T): T {
  let cache = measuredBy.get(measure);
  if (cache === undefined) measuredBy.set(measure, (cache = new Map<string, unknown>()));
  if (cache.has(key)) return cache.get(key) as T;
  if (cache.size >= maxMeasured) cache.clear();
  const value = compute();
  cache.set(key, value);
  return value;
}

/** Size of a node's header: type line, wrapped name, and a row of marks when it has any. */
export function measureHeader(node: PearlGraphNode, measure: MeasureText): Header {
  const flags = `${node.isEntry ? 'E' : ''}${node.cannotReachEnd ? 'C' : ''}${node.noIncoming ? 'I' : ''}`;
  return measured(measure, `h\u0000${getNodeTitle(node)}\u0000${node.typeName}\u0000${flags}`, () => measureHeaderNow(node, measure));
}

function measureHeaderNow(node: PearlGraphNode, measure: MeasureText): Header {
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
  return measured(measure, `l\u0000${text}`, () => measureLabelNow(text, measure));
}

function measureLabelNow(text: string, measure: MeasureText): EdgeLabelSize {
  const lines = wrapText(text, labelMaxWidth, 2, (part) => measure(part, 'label'));
  const width = Math.ceil(Math.max(...lines.map((part) => measure(part, 'label')))) + 8;
  return { lines, width, height: lines.length * textStyles.label.lineHeight + 4 };
}

/** What a stub's tag shows of its target, before it is placed: `LaidOutTag` (graphLayout.ts) but the position and height. */
export interface TagText {
  /** `↓ name` or `↑ name` of the target (cut to fit). */
  readonly text: string;
  /** Width of the tag, px. */
  readonly width: number;
  /** Key of the target node. */
  readonly target: string;
  /** The target's whole title ({@link getNodeTitle}). */
  readonly targetTitle: string;
  /** The target's colour family. */
  readonly family: NodeFamily;
}

/** The tag naming `target` at the end of a stub (its width in px); `upward` when the target lies above the stub. */
export function measureTag(target: PearlGraphNode, upward: boolean, measure: MeasureText): TagText {
  const targetTitle = getNodeTitle(target);
  const { text, width } = measured(measure, `t\u0000${upward ? '↑' : '↓'} ${targetTitle}`, () => {
    const [line] = wrapText(`${upward ? '↑' : '↓'} ${targetTitle}`, tagMaxTextWidth, 1, (part) => measure(part, 'mark'));
    return { text: line, width: Math.ceil(measure(line, 'mark')) + 14 };
  });
  return {
    text,
    width,
    target: target.key,
    targetTitle,
    family: getNodeFamily(target.nodeType),
  };
}
