import * as vscode from 'vscode';
import type { LocatedField } from '#protocol/pearlRequests';

/** Name and `source` of the deploy diagnostics: what the service said, apart from the server's own. */
export const deployDiagnosticSource = 'pearl-deploy';

/** `code` of a diagnostic made from a ValidationProblemDetails `errors` entry. */
export const serviceValidationCode = 'service-validation';

/**
 * The service's 400 answers shown in the file (docs/interface.md § Errors): each message of each
 * `errors` key is an Error diagnostic `<key>: <message>` at the range the language server located
 * for the key (docs/rulings.md § Service: a key that maps nowhere goes on the root). A file's entries
 * describe the content that was sent, so they are dropped as soon as the file changes, and when a
 * later deploy of it succeeds.
 */
export class DeployDiagnostics implements vscode.Disposable {
  private readonly collection = vscode.languages.createDiagnosticCollection(deployDiagnosticSource);
  private readonly subscription: vscode.Disposable;

  constructor() {
    this.subscription = vscode.workspace.onDidChangeTextDocument((event) => {
      if (event.contentChanges.length > 0 && this.collection.has(event.document.uri)) this.collection.delete(event.document.uri);
    });
  }

  /**
   * Replaces the diagnostics of `uri` with one per message of `errors`, each at the range of its key
   * in `located` (the first line's start when the key was not located). Returns how many were set.
   */
  set(uri: vscode.Uri, errors: Readonly<Record<string, readonly string[]>>, located: readonly LocatedField[]): number {
    const ranges = new Map(located.map((field) => [field.key, field.range]));
    const diagnostics: vscode.Diagnostic[] = [];
    for (const [key, messages] of Object.entries(errors)) {
      const lspRange = ranges.get(key);
      const range = lspRange
        ? new vscode.Range(lspRange.start.line, lspRange.start.character, lspRange.end.line, lspRange.end.character)
        : new vscode.Range(0, 0, 0, 0);
      for (const message of messages.length > 0 ? messages : ['rejected by the service']) {
        const diagnostic = new vscode.Diagnostic(range, `${key}: ${message}`, vscode.DiagnosticSeverity.Error);
        diagnostic.source = deployDiagnosticSource;
        diagnostic.code = serviceValidationCode;
        diagnostics.push(diagnostic);
      }
    }
    this.collection.set(uri, diagnostics);
    return diagnostics.length;
  }

  /** Removes the diagnostics of `uri`. */
  clear(uri: vscode.Uri): void {
    this.collection.delete(uri);
  }

  dispose(): void {
    this.subscription.dispose();
    this.collection.dispose();
  }
}
