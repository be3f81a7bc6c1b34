import * as vscode from 'vscode';

/** The setting that limits the outline (protocol/outlineLimit.ts; applied by the server). */
const maxItemsComputedSetting = 'pearl.maxItemsComputed';

/**
 * The language status item that says the active Pearl's outline was cut to `pearl.maxItemsComputed`
 * symbols, with a Configure link to the setting (after VS Code's JSON support, whose item says the
 * same of `json.maxItemsComputed`). The outline provider's middleware tells it, per document, after
 * each outline; the item shows while the active editor's document is one whose last outline was cut.
 */
export class OutlineLimitStatus implements vscode.Disposable {
  /** The documents whose last outline was cut, with the limit it was cut to. */
  private readonly limited = new Map<vscode.TextDocument, number>();
  private item: vscode.LanguageStatusItem | undefined;
  private readonly listeners: vscode.Disposable[];

  /** @param selector the documents whose outline the server gives (the language client's selector). */
  constructor(private readonly selector: vscode.DocumentSelector) {
    this.listeners = [
      vscode.window.onDidChangeActiveTextEditor(() => this.show()),
      vscode.workspace.onDidCloseTextDocument((document) => {
        this.limited.delete(document);
        this.show();
      }),
    ];
  }

  /** Records whether the outline just given for `document` was cut, to `limit` symbols, or not (`false`). */
  update(document: vscode.TextDocument, limit: number | false): void {
    if (limit === false) this.limited.delete(document);
    else this.limited.set(document, limit);
    this.show();
  }

  /** Shows the item for the active editor's document when its outline was cut; removes it otherwise. */
  private show(): void {
    const document = vscode.window.activeTextEditor?.document;
    const limit = document && this.limited.get(document);
    if (limit === undefined) {
      this.item?.dispose();
      this.item = undefined;
      return;
    }
    this.item ??= vscode.languages.createLanguageStatusItem('pearl.outlineLimit', this.selector);
    this.item.name = 'Pearl Outline Limit';
    this.item.severity = vscode.LanguageStatusSeverity.Warning;
    this.item.text = 'Outline';
    this.item.detail =
      limit === 0 ? 'no symbols shown: the limit is 0' : `only ${limit.toLocaleString('en-US')} symbols shown, for performance`;
    this.item.command = { title: 'Configure', command: 'workbench.action.openSettings', arguments: [maxItemsComputedSetting] };
  }

  dispose(): void {
    this.item?.dispose();
    this.item = undefined;
    this.limited.clear();
    for (const listener of this.listeners) listener.dispose();
  }
}
