import * as vscode from 'vscode';
import { parse } from 'jsonc-parser';
import { detectPearlKind } from '#protocol/pearlKind';
import type { PearlContext } from '../pearlContext';

/** The context key: the active editor shows a text Pearl (the graph preview's editor-title button). */
export const textPearlContextKey = 'pearl.isTextPearl';

/** Milliseconds after the last edit of the active document before its kind is read again. */
const editDelay = 300;

/**
 * Keeps the context key {@link textPearlContextKey} true while the active editor shows a text
 * Pearl (the kind decided as the language server decides it, `detectPearlKind`), so that the
 * "Open Graph Preview" button shows only where there is a graph. Updated when the active editor
 * changes and, debounced, when its document is edited.
 */
export function registerTextPearlContext(ctx: PearlContext): void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let current: boolean | undefined;
  const update = (): void => {
    clearTimeout(timer);
    timer = undefined;
    const document = vscode.window.activeTextEditor?.document;
    const isText =
      document !== undefined &&
      document.languageId === 'pearl' &&
      detectPearlKind(parse(document.getText(), [], { allowTrailingComma: true })).kind === 'text';
    if (isText === current) return;
    current = isText;
    void vscode.commands.executeCommand('setContext', textPearlContextKey, isText);
  };
  ctx.pushCleanup(vscode.window.onDidChangeActiveTextEditor(update));
  ctx.pushCleanup(
    vscode.workspace.onDidChangeTextDocument((event) => {
      if (event.document !== vscode.window.activeTextEditor?.document || event.contentChanges.length === 0) return;
      clearTimeout(timer);
      timer = setTimeout(update, editDelay);
    }),
  );
  // A language mode set after opening (to "Pearl") opens the document again.
  ctx.pushCleanup(vscode.workspace.onDidOpenTextDocument((document) => document === vscode.window.activeTextEditor?.document && update()));
  ctx.pushCleanup({ dispose: () => clearTimeout(timer) });
  update();
}
