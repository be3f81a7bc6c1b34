/**
 * The messages between the graph preview's host (the extension, `graphPreviewPanel.ts`) and its
 * webview (`webview/main.ts`), and between the webview and its layout worker
 * (`webview/layoutWorker.ts`), declared once for both sides. Positions are LSP positions (0-based
 * line, UTF-16 character), the same as the ranges in {@link PearlGraph}.
 */
import type { Position } from 'vscode-languageserver-types';
import type { NodeSettingForm, PearlGraph, PearlGraphEdge, PearlGraphNode } from './pearlRequests';
import { type GraphEditMessage, isGraphEditMessage } from './graphEditMessages';
import { isWalkPageMessage, type WalkHostMessage, type WalkPageMessage } from './walkPanelMessages';

/** Host → webview: draw this graph (replaces the previous one, keeps zoom and position). */
export interface GraphMessage {
  readonly type: 'graph';
  readonly graph: PearlGraph;
}

/**
 * Host → webview: the graph of a new version, as changes to the graph last sent (version `base`):
 * each node and transition is either sent whole or given as the index of one in the base graph,
 * which the page renumbers and moves ({@link renumbering}, {@link moves}) to get it exactly as the
 * new graph has it. Typing in a script sends one node; removing a node from a 500-node Pearl a few
 * nodes and numbers, instead of the whole graph (`graphUpdate.ts`, rebuilt by `graphChanges.ts`).
 * A page whose graph is not version `base` posts {@link ReadyMessage} to get the whole graph.
 */
export interface GraphChangesMessage {
  readonly type: 'graphChanges';
  readonly uri: string;
  /** The document version of the graph these changes apply to (the one last sent). */
  readonly base: number;
  /** The document version of the new graph. */
  readonly version: number;
  readonly kind: PearlGraph['kind'];
  readonly name?: string;
  /** The nodes renumbered by a node added or removed (absent: keys kept). */
  readonly renumbering?: Renumbering;
  /** Where the text moved, in increasing order of `from` (empty: nothing moved). */
  readonly moves: readonly PositionMove[];
  /**
   * The new graph's nodes, in order: a node, the index of the node in the base graph it is, or that
   * index with the fields that changed ({@link NodeChange}).
   */
  readonly nodes: readonly (PearlGraphNode | number | NodeChange)[];
  /** The new graph's transitions, in order: a transition, or the index of the transition in the base graph it is. */
  readonly edges: readonly (PearlGraphEdge | number)[];
}

/**
 * A node of the new graph as a node of the base graph (renumbered and moved) with some of its
 * fields replaced: removing a node in a 500-node Pearl changes only the diagnostics and marks of
 * the nodes it cut off.
 */
export interface NodeChange {
  /** The index of the node in the base graph. */
  readonly index: number;
  /** The fields whose values differ, with their new values. */
  readonly fields: Partial<PearlGraphNode>;
}

/**
 * A renumbering of the nodes after some were added or removed: a key of the base graph whose
 * index in `pearl.nodes` (`n:<index>`, nested actions' and transitions' keys start with it) is
 * `from` or more has that index plus `by` (negative after a removal).
 */
export interface Renumbering {
  readonly from: number;
  readonly by: number;
}

/**
 * Positions of the base text at or after `from` (up to the next move) are in the new text where
 * `from` went, `to`: on `from`'s line a position keeps its distance from `from`, on a later line
 * it keeps its character and moves by as many lines as `from` did.
 */
export interface PositionMove {
  readonly from: Position;
  readonly to: Position;
}

/** Host → webview: the editor's cursor moved; highlight the innermost node whose range holds it. */
export interface CursorMessage {
  readonly type: 'cursor';
  readonly position: Position;
}

/** Host → webview: show `text` instead of a graph (simple Pearl, server not running, document closed). */
export interface TextMessage {
  readonly type: 'message';
  readonly text: string;
}

/** Every message the host posts to the webview. */
export type HostMessage =
  | GraphMessage
  | GraphChangesMessage
  | CursorMessage
  | TextMessage
  | DocumentMessage
  | SelectMessage
  | EditRefusedMessage
  | QuickFixesMessage
  | SettingFieldsMessage
  | WalkHostMessage;

/** One quick fix offered for a node's diagnostic: its title, and what to send back to apply it. */
export interface QuickFixTitle {
  readonly title: string;
  /** Index of the fix in the host's list for the node (sent back in {@link ApplyQuickFixMessage}). */
  readonly index: number;
  /** Index of the diagnostic it fixes in the node's {@link PearlGraphNode.diagnostics}. */
  readonly diagnostic: number;
}

/** Host → webview: the quick fixes (the server's code actions) for the diagnostics of node `key`. */
export interface QuickFixesMessage {
  readonly type: 'quickFixes';
  readonly key: string;
  readonly fixes: readonly QuickFixTitle[];
}

/** Webview → host: list the quick fixes for the diagnostics of node `key` (the side panel shows them). */
export interface RequestQuickFixesMessage {
  readonly type: 'requestQuickFixes';
  readonly key: string;
}

/**
 * Webview → host: list the settings fields of node `key` (the side panel shows them); answered with
 * a {@link SettingFieldsMessage} from `pearl/nodeSettingFields`, so the page never loads the schema.
 */
export interface RequestSettingFieldsMessage {
  readonly type: 'requestSettingFields';
  readonly key: string;
}

/** Host → webview: the settings fields and lists of node `form.node`, computed by the language server. */
export interface SettingFieldsMessage {
  readonly type: 'settingFields';
  readonly form: NodeSettingForm;
}

/** Webview → host: apply quick fix `index` of the list last sent for node `key`. */
export interface ApplyQuickFixMessage {
  readonly type: 'applyQuickFix';
  readonly key: string;
  readonly index: number;
}

/** Host → webview: an edit was applied and created `key` (a node or edge key); select it once drawn. */
export interface SelectMessage {
  readonly type: 'select';
  readonly key: string;
}

/** Host → webview: the language server refused the edit; `text` is its sentence for the user (shown as text). */
export interface EditRefusedMessage {
  readonly type: 'editRefused';
  readonly text: string;
}

/** Webview → host: Ctrl+Z or Ctrl+Y in the preview; run the editor's `undo` or `redo` on the document. */
export interface HistoryMessage {
  readonly type: 'history';
  readonly command: 'undo' | 'redo';
}

export type { GraphEditMessage } from './graphEditMessages';
export type * from './walkPanelMessages';

/** Webview → host: the script is running and listens; send the current graph and cursor. */
export interface ReadyMessage {
  readonly type: 'ready';
}

/** Webview → host: a node was clicked; reveal its `selectionRange` in the editor. */
export interface RevealMessage {
  readonly type: 'reveal';
  /** {@link PearlGraphNode.key} of the clicked node. */
  readonly key: string;
}

/** Webview → host: "Export SVG" was pressed; `svg` is a standalone SVG document (colours resolved). */
export interface ExportSvgMessage {
  readonly type: 'exportSvg';
  readonly svg: string;
}

/** Every message the webview posts to the host. */
export type WebviewMessage =
  | ReadyMessage
  | RevealMessage
  | ExportSvgMessage
  | OpenOutlineMessage
  | GraphEditMessage
  | HistoryMessage
  | RequestQuickFixesMessage
  | RequestSettingFieldsMessage
  | ApplyQuickFixMessage
  | WalkPageMessage;

/** Type guard for a message received from the webview: the webview is ours, but its content is data. */
export function isWebviewMessage(value: unknown): value is WebviewMessage {
  if (typeof value !== 'object' || value === null) return false;
  const message = value as Record<string, unknown>;
  switch (message.type) {
    case 'ready':
    case 'openOutline':
      return true;
    case 'reveal':
      return typeof message.key === 'string';
    case 'exportSvg':
      return typeof message.svg === 'string';
    case 'graphEdit':
      return isGraphEditMessage(message);
    case 'history':
      return message.command === 'undo' || message.command === 'redo';
    case 'requestQuickFixes':
    case 'requestSettingFields':
      return typeof message.key === 'string';
    case 'applyQuickFix':
      return typeof message.key === 'string' && Number.isInteger(message.index);
    default:
      // The walk panel's messages (walkPanelMessages.ts).
      return isWalkPageMessage(message);
  }
}

/** Host → webview: the document this preview shows (kept in the webview state, so a reload restores it). */
export interface DocumentMessage {
  readonly type: 'document';
  /** The document's URI, as `Uri.toString()`. */
  readonly uri: string;
}

/** Webview → host: "Open Outline" was pressed (a simple Pearl has no graph); run `outline.focus`. */
export interface OpenOutlineMessage {
  readonly type: 'openOutline';
}
