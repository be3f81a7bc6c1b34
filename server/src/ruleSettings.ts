// The rules the user tunes, for the language server: the `pearl.rules` setting (pushed by the client
// with workspace/didChangeConfiguration), the nearest `.pearlrc.json` (read from disk on every
// validation, so an edit applies at the next one; the VS Code client also reports changes to the
// file, which re-validates the open documents) and the documents' own `pearl-disable` comments.
// Deploy and the graph keep the diagnostics at their default severities.
import { type Connection, MessageType, ShowMessageNotification } from 'vscode-languageserver/node';
import type { Diagnostic } from 'vscode-languageserver-types';
import {
  checkRuleEntries,
  type PearlDocument,
  type PearlLanguageService,
  type RuleConfiguration,
  type RuleConfigurationFile,
  ruleConfigurationFileName,
} from './service/pearlLanguageService';

/**
 * The user's rules in the language server: call {@link configure} on each document's diagnostics
 * before publishing them. Listens for `workspace/didChangeConfiguration` (the `pearl.rules` setting)
 * and `workspace/didChangeWatchedFiles` (a `.pearlrc.json` changed) and calls `revalidate` then.
 */
export class RuleSettings {
  private hostRules: RuleConfiguration = { rules: {} };
  /** The `.pearlrc.json` files whose problems were published, by URI, with those problems as JSON. */
  private readonly publishedFiles = new Map<string, string>();

  /**
   * @param connection where settings come from and where problems of the configuration go.
   * @param service the language service (created with `readConfigurationFile`).
   * @param revalidate publishes the diagnostics of every open document again.
   * @param filesChanged told of every `workspace/didChangeWatchedFiles` URI too (a connection has one
   *   handler of that notification: walks files listen here).
   */
  constructor(
    private readonly connection: Connection,
    private readonly service: PearlLanguageService,
    private readonly revalidate: () => void,
    filesChanged?: (uris: string[]) => void,
  ) {
    connection.onDidChangeConfiguration(({ settings }) => {
      this.setRules((settings as { pearl?: { rules?: unknown } } | null | undefined)?.pearl?.rules);
      this.revalidate();
    });
    connection.onDidChangeWatchedFiles(({ changes }) => {
      if (changes.some((change) => change.uri.endsWith(`/${ruleConfigurationFileName}`))) this.revalidate();
      filesChanged?.(changes.map((change) => change.uri));
    });
  }

  /**
   * Takes a new `pearl.rules` value: its accepted entries apply from now on; unknown codes, invalid
   * severities and refused ones are shown to the user in one message.
   */
  setRules(value: unknown): void {
    const isObject = value !== null && typeof value === 'object' && !Array.isArray(value);
    const { rules, problems } = checkRuleEntries(isObject ? Object.entries(value) : []);
    this.hostRules = { rules };
    const messages = problems.map((problem) => problem.message);
    if (!isObject && value !== undefined && value !== null) messages.push('It must be an object of code and severity.');
    if (messages.length === 0) return;
    const message = `Setting pearl.rules: ${messages.join(' ')}`;
    this.connection.console.warn(message);
    // A notification, not a request: nothing waits for the user to dismiss it.
    void this.connection.sendNotification(ShowMessageNotification.type, { type: MessageType.Warning, message });
  }

  /**
   * `diagnostics` (at their default severities) of `doc` under the user's rules and its comments;
   * publishes the problems of the `.pearlrc.json` that applies. On a read error, the setting's rules
   * only (the error is logged).
   */
  configure(doc: PearlDocument, diagnostics: readonly Diagnostic[]): Diagnostic[] {
    let configuration = this.hostRules;
    try {
      const resolved = this.service.getRuleConfiguration(doc.textDocument.uri, this.hostRules);
      configuration = resolved.configuration;
      if (resolved.file) this.publishFileProblems(resolved.file);
    } catch (error) {
      this.connection.console.error(`Pearl: cannot read ${ruleConfigurationFileName} for ${doc.textDocument.uri}: ${String(error)}`);
    }
    return this.service.applyRuleConfiguration(doc, diagnostics, configuration);
  }

  /** Publishes the problems of a `.pearlrc.json` (an empty list once fixed), once per text. */
  private publishFileProblems(file: RuleConfigurationFile): void {
    const key = JSON.stringify(file.diagnostics);
    if (this.publishedFiles.get(file.uri) === key) return;
    this.publishedFiles.set(file.uri, key);
    void this.connection.sendDiagnostics({ uri: file.uri, diagnostics: file.diagnostics }).catch(() => undefined);
  }
}
