import * as vscode from 'vscode';
import { activePearlDocument } from '../activePearlDocument';
import type { PearlContext } from '../pearlContext';
import { GraphPreviewPanel, graphPreviewViewType } from './graphPreviewPanel';
import { previewColumnFor } from './previewColumn';
import { registerTextPearlContext } from './textPearlContext';
import { showError, showInformation } from '../notify';

/**
 * Registers `pearl.openGraphPreview` ("Pearl: Open Graph Preview", editor title button for text
 * Pearls, context key `pearl.isTextPearl`, and command palette): opens the graph preview of a Pearl document beside its editor, one panel per document
 * (a second call reveals the open one; another document's preview opens in the column of the one already open beside its editor); and `pearl.walkConversation` ("Pearl: Walk Conversation",
 * command palette for a text Pearl): the same preview with its walk panel open. The panels are
 * closed with the context.
 */
export function registerGraphPreview(ctx: PearlContext): void {
  const panels = new Map<string, GraphPreviewPanel>();
  ctx.registerCommand('openGraphPreview', (ctx) => async (resource?: unknown) => void (await openGraphPreview(ctx, panels, resource)));
  // "Pearl: Walk Conversation": the preview, with its walk panel open (issue 18).
  ctx.registerCommand(
    'walkConversation',
    (ctx) => async (resource?: unknown, start?: unknown) =>
      (await openGraphPreview(ctx, panels, resource))?.startWalk(walkVariablesOf(start)),
  );
  registerTextPearlContext(ctx);
  // Previews open when the window reloads come back, showing the same document (activation event
  // onWebviewPanel:pearl.graphPreview); the page keeps the document's uri in its state.
  ctx.pushCleanup(
    vscode.window.registerWebviewPanelSerializer(graphPreviewViewType, {
      deserializeWebviewPanel: async (panel, state: unknown) => {
        const saved = typeof state === 'object' && state !== null ? (state as { uri?: unknown }).uri : undefined;
        if (typeof saved !== 'string') {
          panel.dispose();
          return;
        }
        const uri = vscode.Uri.parse(saved);
        const key = uri.toString();
        if (panels.has(key)) {
          panel.dispose();
          return;
        }
        panels.set(key, new GraphPreviewPanel(ctx, uri, undefined, () => panels.delete(key), panel));
      },
    }),
  );
  ctx.pushCleanup({
    dispose: () => {
      for (const panel of [...panels.values()]) panel.dispose();
    },
  });
}

/**
 * The commands' work: their argument is the resource `Uri` when run from the editor title, nothing
 * from the palette (then the active editor's document, or the Pearl shown when the Welcome page's
 * walkthrough has the focus: {@link activePearlDocument}). Opens the document's preview, or reveals
 * the open one, and resolves to it; says so, and resolves to undefined, when there is no Pearl
 * document to preview.
 */
async function openGraphPreview(
  ctx: PearlContext,
  panels: Map<string, GraphPreviewPanel>,
  resource: unknown,
): Promise<GraphPreviewPanel | undefined> {
  const active = vscode.window.activeTextEditor;
  const uri = resource instanceof vscode.Uri ? resource : activePearlDocument()?.uri;
  if (uri === undefined) {
    void showInformation('Open a Pearl file (*.pearl.json) to preview its graph.');
    return undefined;
  }
  const key = uri.toString();
  const open = panels.get(key);
  if (open !== undefined) {
    open.reveal();
    return open;
  }
  let document: vscode.TextDocument;
  try {
    document = await vscode.workspace.openTextDocument(uri);
  } catch (error) {
    void showError(`Cannot open ${uri.toString()}: ${error instanceof Error ? error.message : String(error)}`);
    return undefined;
  }
  const openedMeanwhile = panels.get(key);
  if (openedMeanwhile !== undefined) {
    openedMeanwhile.reveal();
    return openedMeanwhile;
  }
  if (document.languageId !== 'pearl') {
    void showInformation('The graph preview is for Pearl files (*.pearl.json, language "Pearl").');
    return undefined;
  }
  const editor = vscode.window.visibleTextEditors.find((candidate) => candidate.document.uri.toString() === key);
  const column = editor?.viewColumn ?? active?.viewColumn;
  // A preview already open beside the editor: the new one opens in its column, not in a third one.
  const previewColumn = previewColumnFor(
    column,
    [...panels.values()].map((open) => open.viewColumn),
    vscode.window.tabGroups.all.map((group) => group.viewColumn),
  );
  const panel = new GraphPreviewPanel(
    ctx,
    uri,
    column,
    () => panels.delete(key),
    undefined,
    previewColumn === 'beside' ? vscode.ViewColumn.Beside : previewColumn,
  );
  panels.set(key, panel);
  return panel;
}

/**
 * The walk's starting values given to `pearl.walkConversation` as its second argument
 * (`{ variables: { id: text } }`, from "Walk with this call's values"): string values only, at most
 * 1,000; undefined otherwise.
 */
function walkVariablesOf(start: unknown): Record<string, string> | undefined {
  if (typeof start !== 'object' || start === null) return undefined;
  const given = (start as { variables?: unknown }).variables;
  if (typeof given !== 'object' || given === null || Array.isArray(given)) return undefined;
  const variables: Record<string, string> = {};
  for (const [id, value] of Object.entries(given).slice(0, 1000)) if (typeof value === 'string') variables[id] = value;
  return variables;
}
