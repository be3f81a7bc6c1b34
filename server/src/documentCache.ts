import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { Diagnostic } from 'vscode-languageserver-types';
import type { PearlDocument, PearlLanguageService } from './service/pearlLanguageService';

/** One document's parse at one version, and its diagnostics once validated. */
interface CacheEntry {
  readonly version: number;
  readonly pearlDocument: PearlDocument;
  diagnostics?: Diagnostic[];
}

/**
 * The parsed form of each open document, one parse per document version: validation and
 * completion of the same version share it (parse once; the caller decides how to cache).
 * A lookup for another version parses again and replaces the entry.
 */
export class PearlDocumentCache {
  private readonly entries = new Map<string, CacheEntry>();

  /** @param service the language service whose `parsePearlDocument` fills the cache. */
  constructor(private readonly service: PearlLanguageService) {}

  /**
   * The parse of `textDocument` at its current version, parsing it only if the cache holds none.
   * Valid until the document changes: `TextDocument`s are updated in place, so callers must not keep
   * the result across an `await`.
   */
  get(textDocument: TextDocument): PearlDocument {
    return this.entry(textDocument).pearlDocument;
  }

  /**
   * The diagnostics of `textDocument` at its current version, validating only if this version has
   * not been validated yet: the published diagnostics, the graph and the deploy payload share them.
   */
  getDiagnostics(textDocument: TextDocument): Diagnostic[] {
    const entry = this.entry(textDocument);
    entry.diagnostics ??= this.service.doValidation(entry.pearlDocument);
    return entry.diagnostics;
  }

  /** The entry of `textDocument` at its current version, parsing it only if the cache holds none. */
  private entry(textDocument: TextDocument): CacheEntry {
    const entry = this.entries.get(textDocument.uri);
    if (entry && entry.version === textDocument.version) return entry;
    // The previous version's parse is replaced: an edit inside a string value patches it.
    const pearlDocument = this.service.parsePearlDocument(textDocument, entry?.pearlDocument);
    const fresh: CacheEntry = { version: textDocument.version, pearlDocument };
    this.entries.set(textDocument.uri, fresh);
    return fresh;
  }

  /** Forgets the parse of `uri` (the document was closed). */
  delete(uri: string): void {
    this.entries.delete(uri);
  }

  /** Forgets every parse. */
  clear(): void {
    this.entries.clear();
  }
}
