import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { Diagnostic } from 'vscode-languageserver';

/** Quiet time after the last change before a document is validated, in milliseconds. */
export const diagnosticsDelayMs = 200;

/**
 * Longest time a change waits for its diagnostics while changes keep coming, in milliseconds: a
 * user typing without pause still sees diagnostics at least once a second.
 */
export const diagnosticsMaxWaitMs = 1000;

/** What the scheduler needs of the server: the open documents, validation, publishing. */
export interface DiagnosticsHost {
  /** The open document `uri` at its current version; undefined once it is closed. */
  getDocument(uri: string): TextDocument | undefined;
  /** The diagnostics of `textDocument`'s current version; never throws (the handlers' error boundary answers `[]`). */
  validate(textDocument: TextDocument): Diagnostic[];
  /** Sends `publishDiagnostics`; `version` omitted when clearing a closed document's. Never throws. */
  publish(params: { uri: string; version?: number; diagnostics: Diagnostic[] }): void;
}

/** The clock and timers the scheduler runs on (the globals by default; tests pass a fake one). Times in milliseconds. */
export interface SchedulerClock {
  now(): number;
  setTimeout(callback: () => void, delayMs: number): unknown;
  clearTimeout(handle: unknown): void;
}

const systemClock: SchedulerClock = {
  now: () => performance.now(),
  setTimeout: (callback, delayMs) => setTimeout(callback, delayMs),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/**
 * When each open document is validated and its diagnostics published: at once when it opens;
 * {@link diagnosticsDelayMs} after the last change, or at the latest {@link diagnosticsMaxWaitMs}
 * after the first change not yet validated (debounce with a maximum wait); cleared when it closes.
 * A pending validation is cancelled by a newer change, a close or {@link dispose}; diagnostics of
 * a version the editor no longer shows are never published. Times in milliseconds.
 */
export class DiagnosticsScheduler {
  private readonly pending = new Map<string, unknown>();
  /** When the oldest change not yet validated came, per document (the debounce's maximum wait). */
  private readonly firstPendingChange = new Map<string, number>();
  /**
   * The version whose diagnostics were last published, so the change event that follows every
   * open does not validate the same version a second time.
   */
  private readonly publishedVersions = new Map<string, number>();

  /**
   * @param host The server's documents, validation and publishing.
   * @param delayMs Quiet time before a validation.
   * @param maxWaitMs Longest wait of a change for its validation.
   * @param clock The clock and timers.
   */
  constructor(
    private readonly host: DiagnosticsHost,
    private readonly delayMs = diagnosticsDelayMs,
    private readonly maxWaitMs = diagnosticsMaxWaitMs,
    private readonly clock: SchedulerClock = systemClock,
  ) {}

  /** A document was opened: validates it now. */
  opened(textDocument: TextDocument): void {
    this.cancel(textDocument.uri);
    this.validate(textDocument);
  }

  /** A document changed (or was opened): validates it after the debounce, unless this version's diagnostics are published. */
  changed(textDocument: TextDocument): void {
    if (this.publishedVersions.get(textDocument.uri) === textDocument.version) return;
    const { uri, version } = textDocument;
    this.cancel(uri);
    const now = this.clock.now();
    const since = this.firstPendingChange.get(uri) ?? now;
    this.firstPendingChange.set(uri, since);
    const delay = Math.max(0, Math.min(this.delayMs, since + this.maxWaitMs - now));
    const timer = this.clock.setTimeout(() => {
      if (this.pending.get(uri) === timer) this.pending.delete(uri);
      const current = this.host.getDocument(uri);
      // The document moved on (another timer is pending) or was closed.
      if (!current || current.version !== version) return;
      this.validate(current);
    }, delay);
    this.pending.set(uri, timer);
  }

  /** A document was closed: cancels its validation, forgets it, and clears its diagnostics. */
  closed(uri: string): void {
    this.cancel(uri);
    this.publishedVersions.delete(uri);
    this.firstPendingChange.delete(uri);
    this.host.publish({ uri, diagnostics: [] });
  }

  /** Cancels every pending validation (the server shuts down). */
  dispose(): void {
    for (const timer of this.pending.values()) this.clock.clearTimeout(timer);
    this.pending.clear();
  }

  private cancel(uri: string): void {
    const timer = this.pending.get(uri);
    if (timer === undefined) return;
    this.clock.clearTimeout(timer);
    this.pending.delete(uri);
  }

  /** Validates the current version of `textDocument` and publishes its diagnostics. */
  private validate(textDocument: TextDocument): void {
    const { uri, version } = textDocument;
    const diagnostics = this.host.validate(textDocument);
    // Diagnostics of a version the editor no longer shows would flicker onto the wrong text.
    if (this.host.getDocument(uri)?.version !== version) return;
    this.firstPendingChange.delete(uri);
    this.publishedVersions.set(uri, version);
    this.host.publish({ uri, version, diagnostics });
  }
}
