import * as vscode from 'vscode';

const secretKey = 'pearl.api.token';

/**
 * The Pearl API bearer token, kept only in VS Code's secret storage (docs/rulings.md § Service):
 * never in settings, files or logs. NLPearl tokens have the form `AccountId:SecretKey`.
 */
export class TokenStore implements vscode.Disposable {
  private readonly changeEmitter = new vscode.EventEmitter<void>();
  /** Fires when the token is set or deleted, here or in another window. */
  readonly onDidChange = this.changeEmitter.event;
  private readonly subscription: vscode.Disposable;

  constructor(private readonly secrets: vscode.SecretStorage) {
    this.subscription = secrets.onDidChange((event) => {
      if (event.key === secretKey) this.changeEmitter.fire();
    });
  }

  /** The stored token, or undefined. */
  async get(): Promise<string | undefined> {
    const token = await this.secrets.get(secretKey);
    return token ? token : undefined;
  }

  /** Stores `token` (trimmed). */
  async set(token: string): Promise<void> {
    await this.secrets.store(secretKey, token.trim());
  }

  /** Forgets the token. */
  async delete(): Promise<void> {
    await this.secrets.delete(secretKey);
  }

  /**
   * Asks for the token in a password input box and stores it. Resolves to the token, or undefined
   * when the user cancels.
   */
  async prompt(reason?: string): Promise<string | undefined> {
    const token = await vscode.window.showInputBox({
      title: 'Pearl API token',
      prompt: reason ?? 'The bearer token of your NLPearl account (AccountId:SecretKey). It is kept in the secret storage.',
      password: true,
      ignoreFocusOut: true,
      validateInput: (value) => (value.trim() === '' ? 'Enter a token, or press Escape to cancel.' : undefined),
    });
    if (token === undefined) return undefined;
    await this.set(token);
    return token.trim();
  }

  /** The stored token, or the one the user enters now; undefined when cancelled. */
  async getOrPrompt(reason?: string): Promise<string | undefined> {
    return (await this.get()) ?? this.prompt(reason);
  }

  dispose(): void {
    this.subscription.dispose();
    this.changeEmitter.dispose();
  }
}
