import * as vscode from 'vscode';

/** The URI scheme of the read-only documents of live settings and of Compare with file. */
export const liveScheme = 'pearl-live';

/**
 * The read-only documents the Pearls view opens: a Pearl's live settings, and the two sides of
 * Compare with file. A `TextDocumentContentProvider` for the `pearl-live` scheme: VS Code shows such
 * documents read-only. Their paths end in `.pearl.json`, so VS Code gives them the `pearl` language
 * (package.json `filenamePatterns`) and the language client, whose document selector is
 * `{ language: 'pearl' }` with no scheme, sends them to the server: diagnostics, hover, symbols and
 * the graph preview work on them as on a file.
 *
 * The text is kept in memory by URI; a document whose text is gone (after a window reload) says to
 * open it again from the view.
 */
export class LiveDocuments implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly contents = new Map<string, string>();
  private readonly changeEmitter = new vscode.EventEmitter<vscode.Uri>();
  /** Fires when the text of an open URI is replaced. */
  readonly onDidChange = this.changeEmitter.event;

  /** The live settings document of `pearlId`: `pearl-live:/live/<id>/<stem>.pearl.json`. */
  static liveUri(pearlId: string, stem: string): vscode.Uri {
    return vscode.Uri.from({ scheme: liveScheme, path: `/live/${encodeURIComponent(pearlId)}/${stem}.pearl.json` });
  }

  /**
   * The two sides of Compare with file: `pearl-live:/compare/<id>/live-<stem>.pearl.json` and
   * `…/sent-<stem>.pearl.json` (named apart from the file itself, whose tab may be open beside).
   */
  static compareUris(pearlId: string, stem: string): { live: vscode.Uri; file: vscode.Uri } {
    const base = `/compare/${encodeURIComponent(pearlId)}`;
    return {
      live: vscode.Uri.from({ scheme: liveScheme, path: `${base}/live-${stem}.pearl.json` }),
      file: vscode.Uri.from({ scheme: liveScheme, path: `${base}/sent-${stem}.pearl.json` }),
    };
  }

  /** Sets the text of `uri` (and tells an open document to reload). */
  set(uri: vscode.Uri, text: string): void {
    const key = uri.toString();
    const changed = this.contents.has(key);
    this.contents.set(key, text);
    if (changed) this.changeEmitter.fire(uri);
  }

  /** The text of `uri`. */
  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.contents.get(uri.toString()) ?? '// This live document is no longer in memory: open it again from the Pearls view.\n{}\n';
  }

  dispose(): void {
    this.changeEmitter.dispose();
    this.contents.clear();
  }
}
