import * as vscode from 'vscode';
import { parse } from 'jsonc-parser';
import { detectPearlKind, type PearlKind } from '#protocol/pearlKind';
import { pearlKindRequest } from '#protocol/pearlRequests';
import type { PearlContext } from '../pearlContext';

/** The context key: the active editor shows a text Pearl (the graph preview's editor-title button). */
export const textPearlContextKey = 'pearl.isTextPearl';

/** Milliseconds after the last edit of the active document before its kind is read again. */
const editDelay = 300;

/**
 * Keeps the context key {@link textPearlContextKey} true while the active editor shows a text
 * Pearl (the kind decided as the language server decides it, `detectPearlKind`), so that the
 * "Open Graph Preview" button shows only where there is a graph. Updated when the active editor
 * changes and, debounced, when its document is edited. The kind is the language server's
 * (`pearl/kind`, from the parse it keeps); only without a running server, or for a document it
 * does not hold yet, is the text parsed here (a 5,000-node Pearl takes some 90 ms of the extension
 * host, after every pause in typing).
 */
export function registerTextPearlContext(ctx: PearlContext): void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let current: boolean | undefined;
  const set = (isText: boolean): void => {
    if (isText === current) return;
    current = isText;
    void vscode.commands.executeCommand('setContext', textPearlContextKey, isText);
  };
  const update = (): void => {
    clearTimeout(timer);
    timer = undefined;
    const document = vscode.window.activeTextEditor?.document;
    if (document === undefined || document.languageId !== 'pearl') return set(false);
    const version = document.version;
    void kindOf(ctx, document).then((kind) => {
      // A later edit or another editor has its own update.
      if (vscode.window.activeTextEditor?.document === document && document.version === version) set(kind === 'text');
    });
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

/** The kind of Pearl `document` is: the language server's answer, else the kind of its text parsed here. */
async function kindOf(ctx: PearlContext, document: vscode.TextDocument): Promise<PearlKind> {
  // A server still starting would hold the answer back until it runs: the text is read here then.
  const client = ctx.runningClient({ quiet: true });
  if (client !== undefined) {
    try {
      const kind = await client.sendRequest(pearlKindRequest, { textDocument: { uri: document.uri.toString() } });
      if (kind !== null) return kind;
    } catch {
      // A server stopping or restarting: the text is read here.
    }
  }
  return detectPearlKind(parse(document.getText(), [], { allowTrailingComma: true })).kind;
}
