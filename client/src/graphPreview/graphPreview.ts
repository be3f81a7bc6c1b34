import * as vscode from 'vscode';
import { activePearlDocument } from '../activePearlDocument';
import type { CmdFactory, PearlContext } from '../pearlContext';
import { GraphPreviewPanel, graphPreviewViewType } from './graphPreviewPanel';
import { registerTextPearlContext } from './textPearlContext';
import { showError, showInformation } from '../notify';

/**
 * Registers `pearl.openGraphPreview` ("Pearl: Open Graph Preview", editor title button for text
 * Pearls, context key `pearl.isTextPearl`, and command palette): opens the graph preview of a Pearl document beside its editor, one panel per document
 * (a second call reveals the open one). The panels are closed with the context.
 */
export function registerGraphPreview(ctx: PearlContext): void {
  const panels = new Map<string, GraphPreviewPanel>();
  ctx.registerCommand('openGraphPreview', openGraphPreview(panels));
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
 * The command: its argument is the resource `Uri` when run from the editor title, nothing from the
 * palette (then the active editor's document, or the Pearl shown when the Welcome page's walkthrough
 * has the focus: {@link activePearlDocument}). Says so when there is no Pearl document to preview.
 */
function openGraphPreview(panels: Map<string, GraphPreviewPanel>): CmdFactory {
  return (ctx) => async (resource?: unknown) => {
    const active = vscode.window.activeTextEditor;
    const uri = resource instanceof vscode.Uri ? resource : activePearlDocument()?.uri;
    if (uri === undefined) {
      void showInformation('Open a Pearl file (*.pearl.json) to preview its graph.');
      return;
    }
    const key = uri.toString();
    const open = panels.get(key);
    if (open !== undefined) {
      open.reveal();
      return;
    }
    let document: vscode.TextDocument;
    try {
      document = await vscode.workspace.openTextDocument(uri);
    } catch (error) {
      void showError(`Cannot open ${uri.toString()}: ${error instanceof Error ? error.message : String(error)}`);
      return;
    }
    const openedMeanwhile = panels.get(key);
    if (openedMeanwhile !== undefined) {
      openedMeanwhile.reveal();
      return;
    }
    if (document.languageId !== 'pearl') {
      void showInformation('The graph preview is for Pearl files (*.pearl.json, language "Pearl").');
      return;
    }
    const editor = vscode.window.visibleTextEditors.find((candidate) => candidate.document.uri.toString() === key);
    const column = editor?.viewColumn ?? active?.viewColumn;
    panels.set(key, new GraphPreviewPanel(ctx, uri, column, () => panels.delete(key)));
  };
}
