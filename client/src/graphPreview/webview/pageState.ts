/**
 * What the graph preview page knows between two messages (`main.ts` holds one): the graph on
 * screen and the one being laid out, the drawn elements, the editor's cursor, the selection and
 * what follows it across edits, undos and redraws, and the counters the tests read. The operations
 * here change only this object; drawing and the view stay in `main.ts`.
 */
import type { Position } from 'vscode-languageserver-types';
import type { PearlGraph, PearlGraphNode } from '#protocol/graphTypes';
import type { GraphLayout } from './graphLayout';

/** The graph on screen: the graph last received, its layout and structure. */
export interface Shown {
  graph: PearlGraph;
  layout: GraphLayout;
  /** The layout worker's number of the layout drawn: the next layout keeps it. */
  readonly layoutSeq: number;
  readonly signature: string;
}

/** The page's state (see the module comment). */
export class PageState {
  /** The graph on screen, if any. */
  shown: Shown | undefined;
  /** Signature of the structure being laid out, while the worker runs. */
  laying: string | undefined;
  /** The newest graph received: a layout that finishes draws this one's marks. */
  latest: PearlGraph | undefined;
  /** The drawn group of each node, by key. */
  nodeElements = new Map<string, SVGGElement>();
  /** The drawn elements of each transition (path, label, tag), by key. */
  edgeElements = new Map<string, readonly SVGGElement[]>();
  /** The editor's cursor in the document, as the host last sent it. */
  cursor: Position | undefined;
  /** The element marked as holding the editor's cursor, if any. */
  cursorElement: Element | undefined;
  /** Whether the drawing may have nodes marked as search matches (none: a drawing without a search touches no node). */
  searchMarked = false;
  /** Layouts asked for, drawings made, refreshes of the marks (for tests and debugging: `data-*` on the svg). */
  layoutCount = 0;
  renderCount = 0;
  refreshCount = 0;

  /** The node last clicked or focused with the keyboard: the centre of focus mode. */
  private selectedKey: string | undefined;
  /** The selected node's nodeId, when it has one: the selection follows the node when the keys (indexes) shift. */
  private selectedNodeId: string | undefined;
  /** The version on screen when the page asked for an undo or redo, until the graph of the text it made is shown. */
  private historyVersion: number | undefined;
  /** The nodeId of the node selected when the last edit was sent: an undo that removes what the edit selected goes back to it. */
  private selectedBeforeEdit: string | undefined;

  /** The key of the selected node, if any (it may not be drawn: check {@link nodeElements}). */
  get selected(): string | undefined {
    return this.selectedKey;
  }

  /** The selected node's key when it is drawn. */
  get selectedDrawn(): string | undefined {
    return this.selectedKey !== undefined && this.nodeElements.has(this.selectedKey) ? this.selectedKey : undefined;
  }

  /** Node `key` of the graph on screen becomes the selection; undefined clears it. */
  select(key: string | undefined): void {
    this.selectedKey = key;
    this.selectedNodeId = key === undefined ? undefined : this.shown?.graph.nodes.find((node) => node.key === key)?.nodeId;
  }

  /**
   * A new drawing of `graph`: the selection moves to the key of the same node (its nodeId, else the
   * same key), or is cleared when the node is gone. Returns the selected key.
   */
  followSelection(graph: PearlGraph): string | undefined {
    if (this.selectedKey !== undefined) {
      const found = this.selectedNodeId === undefined ? [] : graph.nodes.filter((node) => node.nodeId === this.selectedNodeId);
      if (found.length === 1) this.selectedKey = found[0].key;
      else if (!graph.nodes.some((node) => node.key === this.selectedKey)) this.selectedKey = undefined;
    }
    if (this.selectedKey === undefined) this.selectedNodeId = undefined;
    return this.selectedKey;
  }

  /** The page sent an edit of the graph on screen: an undo of it may go back to the node selected now. */
  editSent(): void {
    this.selectedBeforeEdit = this.selectedNodeId;
  }

  /** The page asked the editor for an undo or redo of the graph on screen. */
  historySent(): void {
    if (this.shown) this.historyVersion = this.shown.graph.version;
  }

  /**
   * Once after an undo or redo, when `graph` (the text it made) is shown: the node to select, the
   * node holding the editor's cursor (where the editor put it, on what was undone); when the
   * cursor is in no node and nothing is selected (the undo removed the added node), the node
   * selected before that edit. Undefined when the selection stays.
   */
  nodeAfterHistory(graph: PearlGraph): PearlGraphNode | undefined {
    if (this.historyVersion === undefined || graph.version === this.historyVersion) return undefined;
    this.historyVersion = undefined;
    let node = this.cursorNode();
    if (node === undefined && this.selectedKey === undefined && this.selectedBeforeEdit !== undefined) {
      const found = graph.nodes.filter((candidate) => candidate.nodeId === this.selectedBeforeEdit);
      node = found.length === 1 ? found[0] : undefined;
    }
    return node === undefined || node.key === this.selectedKey ? undefined : node;
  }

  /** The innermost node of the graph on screen whose range holds the cursor (a nested action before its parent). */
  cursorNode(): PearlGraphNode | undefined {
    const { cursor, shown } = this;
    if (!cursor || !shown) return undefined;
    let best: PearlGraphNode | undefined;
    for (const node of shown.graph.nodes) {
      if (contains(node.range, cursor) && (!best || contains(best.range, node.range.start))) best = node;
    }
    return best;
  }

  /** No graph on screen any more (a message or a simple Pearl shown instead). */
  clearGraph(): void {
    this.laying = undefined;
    this.shown = undefined;
    this.latest = undefined;
    this.nodeElements = new Map();
    this.edgeElements = new Map();
  }
}

function contains(range: { start: Position; end: Position }, position: Position): boolean {
  return compare(range.start, position) <= 0 && compare(position, range.end) <= 0;
}

function compare(a: Position, b: Position): number {
  return a.line !== b.line ? a.line - b.line : a.character - b.character;
}
