import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { Diagnostic } from 'vscode-languageserver-types';
import type { PearlDocument, PearlLanguageService } from './service/pearlLanguageService';

/**
 * The parsed form of each open document, one parse per document version: validation and
 * completion of the same version share it (parse once; the caller decides how to cache).
 * A lookup for another version parses again and replaces the entry.
 */
export class PearlDocumentCache {
  private readonly entries = new Map<string, { version: number; pearlDocument: PearlDocument; diagnostics?: Diagnostic[] }>();

  /** @param service the language service whose `parsePearlDocument` fills the cache. */
  constructor(private readonly service: PearlLanguageService) {}

  /**
   * The parse of `textDocument` at its current version, parsing it only if the cache holds none.
   * Valid until the document changes: `TextDocument`s are updated in place, so callers must not keep
   * the result across an `await`.
   */
  get(textDocument: TextDocument): PearlDocument {
    const entry = this.entries.get(textDocument.uri);
    if (entry && entry.version === textDocument.version) return entry.pearlDocument;
    // The previous version's parse is replaced: an edit inside a string value patches it.
    const pearlDocument = this.service.parsePearlDocument(textDocument, entry?.pearlDocument);
    this.entries.set(textDocument.uri, { version: textDocument.version, pearlDocument });
    return pearlDocument;
  }

  /**
   * The diagnostics of `textDocument` at its current version, validating only if this version has
   * not been validated yet: the published diagnostics, the graph and the deploy payload share them.
   */
  getDiagnostics(textDocument: TextDocument): Diagnostic[] {
    const pearlDocument = this.get(textDocument);
    const entry = this.entries.get(textDocument.uri);
    // get() has just stored the entry; without one, validate without caching.
    if (!entry) return this.service.doValidation(pearlDocument);
    entry.diagnostics ??= this.service.doValidation(pearlDocument);
    return entry.diagnostics;
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
