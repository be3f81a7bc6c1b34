// The rules the user tunes, for the language server: the `pearl.rules` setting (pushed by the client
// with workspace/didChangeConfiguration), the nearest `.pearlrc.json` (read from disk again once
// its last reading is older than a second, so an edit applies within a second in any editor,
// while typing reads no file per keystroke; the VS Code client also reports changes to the file,
// which forgets every reading and re-validates the open documents) and the documents' own
// `pearl-disable` comments.
// Deploy keeps the diagnostics at their default severities; the graph shows them as published.
import { type Connection, MessageType, ShowMessageNotification } from 'vscode-languageserver';
import type { Diagnostic } from 'vscode-languageserver-types';
import {
  checkRuleEntries,
  type PearlDocument,
  type PearlLanguageService,
  type ResolvedRuleConfiguration,
  type RuleConfiguration,
  type RuleConfigurationFile,
  ruleConfigurationFileName,
} from './service/pearlLanguageService';

/** How long a reading of the `.pearlrc.json` rules serves a document, ms. */
const readingLifetimeMs = 1_000;
/** Readings kept at most (one per open document in practice). */
const maxReadings = 1_000;

/**
 * The user's rules in the language server: call {@link configure} on each document's diagnostics
 * before publishing them. Listens for `workspace/didChangeConfiguration` (the `pearl.rules` setting)
 * and `workspace/didChangeWatchedFiles` (a `.pearlrc.json` changed) and calls `revalidate` then.
 */
export class RuleSettings {
  private hostRules: RuleConfiguration = { rules: {} };
  /** The `.pearlrc.json` files whose problems were published, by URI, with those problems as JSON. */
  private readonly publishedFiles = new Map<string, string>();
  /** The last reading of the rules for each document URI, and when it was made (`Date.now()`, ms). */
  private readonly readings = new Map<string, { readonly at: number; readonly resolved: ResolvedRuleConfiguration }>();

  /**
   * @param connection where settings come from and where problems of the configuration go.
   * @param service the language service (created with `readConfigurationFile`).
   * @param revalidate publishes the diagnostics of every open document again.
   * @param filesChanged told of every `workspace/didChangeWatchedFiles` URI too (a connection has one
   *   handler of that notification: walks files listen here).
   * @param settingsChanged given the `pearl` section of every `workspace/didChangeConfiguration`
   *   (undefined when it has none), before the documents are validated again: the other settings
   *   the server reads (one handler of that notification too).
   */
  constructor(
    private readonly connection: Connection,
    private readonly service: PearlLanguageService,
    private readonly revalidate: () => void,
    filesChanged?: (uris: string[]) => void,
    settingsChanged?: (pearl: Readonly<Record<string, unknown>> | undefined) => void,
  ) {
    connection.onDidChangeConfiguration(({ settings }) => {
      const pearl: unknown = (settings as { pearl?: unknown } | null | undefined)?.pearl;
      const section = pearl !== null && typeof pearl === 'object' && !Array.isArray(pearl) ? (pearl as Record<string, unknown>) : undefined;
      settingsChanged?.(section);
      this.setRules(section?.rules);
      this.readings.clear();
      this.revalidate();
    });
    connection.onDidChangeWatchedFiles(({ changes }) => {
      if (changes.some((change) => change.uri.endsWith(`/${ruleConfigurationFileName}`))) {
        this.readings.clear();
        this.revalidate();
      }
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
   * publishes the problems of the `.pearlrc.json` that applies and of the files it extends (its
   * `extends` and the `overrides` matching the document apply as in pearl-lint). On a read error, the setting's rules
   * only (the error is logged).
   */
  configure(doc: PearlDocument, diagnostics: readonly Diagnostic[]): Diagnostic[] {
    let configuration = this.hostRules;
    try {
      const resolved = this.resolve(doc.textDocument.uri);
      configuration = resolved.configuration;
      // The file that applies and those it extends: each gets its own problems.
      for (const file of resolved.files) this.publishFileProblems(file);
    } catch (error) {
      this.connection.console.error(`Pearl: cannot read ${ruleConfigurationFileName} for ${doc.textDocument.uri}: ${String(error)}`);
    }
    return this.service.applyRuleConfiguration(doc, diagnostics, configuration);
  }

  /**
   * The rules for the document at `uri`: the last reading when it is less than
   * {@link readingLifetimeMs} old, else a new one (at most {@link maxReadings} kept). Throws what
   * reading the file throws.
   */
  private resolve(uri: string): ResolvedRuleConfiguration {
    const now = Date.now();
    const last = this.readings.get(uri);
    if (last && now - last.at < readingLifetimeMs) return last.resolved;
    const resolved = this.service.getRuleConfiguration(uri, this.hostRules);
    if (this.readings.size >= maxReadings) this.readings.clear();
    this.readings.set(uri, { at: now, resolved });
    return resolved;
  }

  /** Publishes the problems of a `.pearlrc.json` (an empty list once fixed), once per text; a preset or other non-file URI has none. */
  private publishFileProblems(file: RuleConfigurationFile): void {
    const key = JSON.stringify(file.diagnostics);
    if (this.publishedFiles.get(file.uri) === key) return;
    this.publishedFiles.set(file.uri, key);
    void this.connection.sendDiagnostics({ uri: file.uri, diagnostics: file.diagnostics }).catch(() => undefined);
  }
}
