/**
 * The messages between the graph preview's host (the extension, `graphPreviewPanel.ts`) and its
 * webview (`webview/main.ts`), and between the webview and its layout worker
 * (`webview/layoutWorker.ts`), declared once for both sides. Positions are LSP positions (0-based
 * line, UTF-16 character), the same as the ranges in {@link PearlGraph}.
 */
import type { Position } from 'vscode-languageserver-types';
import type { NodeSettingForm, PearlGraph, PearlGraphNode } from './pearlRequests';
import { type GraphEditMessage, isGraphEditMessage } from './graphEditMessages';
import { isWalkPageMessage, type WalkHostMessage, type WalkPageMessage } from './walkPanelMessages';

/** Host → webview: draw this graph (replaces the previous one, keeps zoom and position). */
export interface GraphMessage {
  readonly type: 'graph';
  readonly graph: PearlGraph;
}

/**
 * Host → webview: the graph has the nodes (same keys) and transitions last sent (a script, a name
 * or another field was edited): these are its nodes whose data changed, the others are as they
 * were. Sent instead of a {@link GraphMessage} to keep a large graph's updates small
 * (`graphUpdate.ts`); the page lays the graph out again when what it draws changed (a name).
 */
export interface NodesMessage {
  readonly type: 'nodes';
  readonly uri: string;
  /** The document version of the graph these nodes belong to. */
  readonly version: number;
  readonly nodes: readonly PearlGraphNode[];
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
  | NodesMessage
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
