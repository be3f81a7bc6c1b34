import { TextDocument } from 'vscode-languageserver-textdocument';
import type { Diagnostic } from 'vscode-languageserver/node';
import type { WalkCoverage } from '#protocol/pearlRequests';
import type { PearlDocument, PearlLanguageService, UnresolvedPearl, WalksFileText } from '../service/pearlLanguageService';
import { describePearlReadError, isInsideFolder, isWalksFileUri, pearlOutsideReason } from '../service/pearlLanguageService';
import type { PearlDocumentCache } from '../documentCache';
import { walksFileLimits } from './walksFileLimits';

/**
 * The file access walks files need beyond the open documents (docs/user/walks.md § In the editor): the
 * Pearl a walks file names when it is not open, and the workspace's walks files, so that a change
 * to a Pearl re-checks its walks files open or not. The language server passes node's file system
 * (nodeWalksFileAccess.ts); a web host passes its own. Every method rejects on any failure.
 */
export interface WalksFileAccess {
  /**
   * The text of the regular file `uri` (UTF-8); rejects when missing, unreadable, not a regular
   * file (`ENOTFILE`; a FIFO or a device is never opened for a blocking read) or larger than the
   * host's bound (`EFBIG`). With `folderUri`, also when the file, its symbolic links followed
   * where the host has them, is not inside that folder (`EOUTSIDE`); then nothing of it is read.
   */
  readFile(uri: string, folderUri?: string): Promise<string>;
  /** The URIs of the `*.walks.json` files under `folderUris` (bounded by the host; no symbolic links followed). */
  findWalksFiles(folderUris: readonly string[]): Promise<string[]>;
}

/** What the walks workspace needs of the server. */
export interface WalksHost {
  readonly service: PearlLanguageService;
  readonly cache: PearlDocumentCache;
  /** The open document `uri`, or undefined. */
  getOpenDocument(uri: string): TextDocument | undefined;
  /** Every open document. */
  allOpenDocuments(): readonly TextDocument[];
  /** The workspace folders' URIs. */
  workspaceFolders(): readonly string[];
  /** Validates the open walks document again and publishes its diagnostics. */
  revalidateOpen(textDocument: TextDocument): void;
  /** Publishes the diagnostics of a walks file that is not open (no version). */
  publish(uri: string, diagnostics: Diagnostic[]): void;
  /** Logs an unexpected failure (a bug). */
  logError(what: string, uri: string, error: unknown): void;
}

/** Quiet time after a Pearl's last change before its walks files that are not open are checked again, in milliseconds. */
export const walksRecheckDelayMs = 300;

/**
 * How long the re-checks after a Pearl changes use the workspace's walks files as last listed,
 * with the Pearl each names, before listing them again, in milliseconds. Within it a walks file
 * created, changed or deleted on disk is learnt from the client's file events
 * ({@link WalksWorkspace.checkUnopened}); the lifetime bounds what an editor that sends none misses.
 */
export const walksListingLifetimeMs = 60_000;

/**
 * The workspace's walks files as listed at `listedAt` (`Date.now()`, ms) under `folders` (open
 * ones too: the re-checks and the coverage skip those), each with the Pearl URI it named when last
 * read from disk, `null` when it names none that can be read, `undefined` when not read since it
 * was listed.
 */
interface WalksListing {
  readonly folders: string;
  readonly listedAt: number;
  readonly pearlOf: Map<string, string | null | undefined>;
}

/** A Pearl read from disk: its parse, or why it could not be read. */
type DiskPearl = PearlDocument | UnresolvedPearl;

/** Where a walks file's Pearl may be read: its URI and the workspace folder it must stay in. */
interface PearlPlace {
  readonly uri: string;
  readonly folderUri: string;
}

/** Why a read of a walks file's Pearl failed, for its diagnostic (`walk-pearl-outside` for `EOUTSIDE`). */
function unreadPearl(error: unknown): UnresolvedPearl {
  const code = error instanceof Error ? (error as { code?: unknown }).code : undefined;
  return code === 'EOUTSIDE'
    ? { reason: 'its real path, symbolic links followed, is outside the workspace folder', outside: true }
    : { reason: describePearlReadError(error) };
}

/**
 * Walks files in the language server: validation of an open walks file against its Pearl (the
 * open document, else the file read from disk and kept until the Pearl opens, changes or its file
 * changes), the re-check of every walks file of a Pearl that changed (open ones through the
 * diagnostics scheduler, the others read from disk and published without a version), and
 * `pearl/walkCoverage`.
 */
export class WalksWorkspace {
  private readonly diskPearls = new Map<string, DiskPearl>();
  private readonly loading = new Map<string, Promise<void>>();
  private readonly recheckTimers = new Map<string, ReturnType<typeof setTimeout>>();
  /** The time bound of each read under way, with what gives it up. */
  private readonly readTimers = new Map<ReturnType<typeof setTimeout>, () => void>();
  /** Unopened walks files whose diagnostics were published, so a fixed or deleted one can be cleared. */
  private readonly publishedUnopened = new Set<string>();
  /** The walks files as last listed for the re-checks, or the listing under way. */
  private listing: WalksListing | undefined;
  private pendingListing: Promise<WalksListing> | undefined;

  /**
   * @param readTimeoutMs how long a read may take before it is given up, in milliseconds
   *   ({@link walksFileLimits.readTimeoutMs} by default).
   * @param listingLifetimeMs how long the re-checks use a listing of the walks files, in
   *   milliseconds ({@link walksListingLifetimeMs} by default).
   */
  constructor(
    private readonly host: WalksHost,
    private readonly access: WalksFileAccess,
    private readonly readTimeoutMs: number = walksFileLimits.readTimeoutMs,
    private readonly listingLifetimeMs: number = walksListingLifetimeMs,
  ) {}

  /** Whether `uri` is a walks file. */
  isWalksFile(uri: string): boolean {
    return isWalksFileUri(uri);
  }

  /**
   * The diagnostics of the open walks file `textDocument` now. When its Pearl is neither open nor
   * read yet, only the file's own problems: the Pearl is read and the file validated again.
   */
  validate(textDocument: TextDocument): Diagnostic[] {
    const walksDoc = this.host.cache.get(textDocument);
    const pearl = this.pearlOf(walksDoc, () => this.host.revalidateOpen(textDocument));
    return this.host.service
      .checkWalksFile(walksDoc, pearl ?? { reason: 'it is being read' })
      .filter((diagnostic) => pearl !== undefined || diagnostic.code !== 'walk-pearl-unresolved');
  }

  /** The Pearl of an open walks document for completion and hover (the open Pearl or the one read from disk), or undefined. */
  pearlForFeatures(textDocument: TextDocument): { walksDoc: PearlDocument; pearl: PearlDocument } | undefined {
    const walksDoc = this.host.cache.get(textDocument);
    const pearl = this.pearlOf(walksDoc, () => undefined);
    return pearl && !('reason' in pearl) ? { walksDoc, pearl } : undefined;
  }

  /** The Pearl `walksDoc` names: open, read, unresolvable, or undefined while it is read (then `loaded` runs). */
  private pearlOf(walksDoc: PearlDocument, loaded: () => void): DiskPearl | undefined {
    const place = this.placePearl(walksDoc);
    if ('reason' in place) return place;
    const open = this.host.getOpenDocument(place.uri);
    if (open) return this.host.cache.get(open);
    const read = this.diskPearls.get(place.uri);
    if (read) return read;
    void this.load(place).then(loaded);
    return undefined;
  }

  /**
   * Where the Pearl of `walksDoc` is, or why it is not read (docs/user/walks.md § Walks files): its
   * `pearl` must stay inside the workspace folder of the walks file (the innermost one holding it;
   * the walks file's own folder when none does). A path refused as written (absolute, a URL,
   * backslashes) is the service's `walk-pearl-outside`, whatever is answered here.
   */
  private placePearl(walksDoc: PearlDocument): PearlPlace | UnresolvedPearl {
    const uri = this.host.service.getWalksFilePearlUri(walksDoc);
    if (uri === undefined) return { reason: 'its path is not a string' };
    const folderUri = this.folderOf(walksDoc.textDocument.uri);
    return isInsideFolder(uri, folderUri) ? { uri, folderUri } : { reason: pearlOutsideReason, outside: true };
  }

  /** The innermost workspace folder holding `uri`, else the folder `uri` is in. */
  private folderOf(uri: string): string {
    let found: string | undefined;
    for (const folder of this.host.workspaceFolders()) {
      if (isInsideFolder(uri, folder) && (found === undefined || folder.length > found.length)) found = folder;
    }
    return found ?? new URL('.', uri).href;
  }

  /**
   * Reads the Pearl at `place` into the cache; a read already under way is shared, not repeated.
   * A read that takes more than the read time bound is given up (a stalled file
   * system or client): the Pearl is then unresolved until it changes.
   */
  private load(place: PearlPlace): Promise<void> {
    const { uri, folderUri } = place;
    const pending = this.loading.get(uri);
    if (pending) return pending;
    const read = this.readBounded(uri, folderUri)
      .then(
        (text) => this.diskPearls.set(uri, this.host.service.parsePearlDocument(TextDocument.create(uri, 'pearl', 0, text))),
        (error: unknown) => this.diskPearls.set(uri, unreadPearl(error)),
      )
      .then(() => {
        this.loading.delete(uri);
      });
    this.loading.set(uri, read);
    return read;
  }

  /** `access.readFile`, rejected with `ETIMEDOUT` after the read time bound (or at {@link dispose}). */
  private readBounded(uri: string, folderUri?: string): Promise<string> {
    return new Promise<string>((resolve, reject) => {
      const giveUp = (): void => {
        this.readTimers.delete(timer);
        reject(Object.assign(new Error(`reading ${uri} took too long`), { code: 'ETIMEDOUT' }));
      };
      const timer = setTimeout(giveUp, this.readTimeoutMs);
      this.readTimers.set(timer, giveUp);
      this.access.readFile(uri, folderUri).then(
        (text) => {
          clearTimeout(timer);
          this.readTimers.delete(timer);
          resolve(text);
        },
        (error: unknown) => {
          clearTimeout(timer);
          this.readTimers.delete(timer);
          reject(error instanceof Error ? error : new Error(String(error)));
        },
      );
    });
  }

  /**
   * The Pearl `uri` changed (opened, edited, closed, or its file changed on disk): forgets its copy
   * read from disk and, after {@link walksRecheckDelayMs} of quiet, checks again every walks file
   * that names it.
   */
  pearlChanged(uri: string): void {
    this.diskPearls.delete(uri);
    const timer = this.recheckTimers.get(uri);
    if (timer !== undefined) clearTimeout(timer);
    this.recheckTimers.set(
      uri,
      setTimeout(() => {
        this.recheckTimers.delete(uri);
        void this.recheckWalksOf(uri).catch((error: unknown) => this.host.logError('re-checking walks files', uri, error));
      }, walksRecheckDelayMs),
    );
  }

  /**
   * Checks again every walks file naming the Pearl `pearlUri`: open ones through the scheduler, the
   * others from disk. Those come from the last listing of the workspace's walks files while it is
   * younger than the listing lifetime, and of them only the ones that named this Pearl when last
   * read, or were not read since: typing in a Pearl does not walk the workspace's folders and read
   * every walks file at each pause.
   */
  async recheckWalksOf(pearlUri: string): Promise<void> {
    for (const document of this.host.allOpenDocuments()) {
      if (!isWalksFileUri(document.uri)) continue;
      if (this.host.service.getWalksFilePearlUri(this.host.cache.get(document)) === pearlUri) this.host.revalidateOpen(document);
    }
    const listing = await this.currentListing();
    for (const [uri, named] of [...listing.pearlOf]) {
      if (named === undefined || named === pearlUri) await this.checkUnopened(uri, pearlUri);
    }
  }

  /** Whether the walks file `uri`, not in `listing`, may join it: inside one of the workspace folders, and room left under the bound of a listing. */
  private isListable(uri: string, listing: WalksListing): boolean {
    return listing.pearlOf.size < walksFileLimits.maxFiles && this.host.workspaceFolders().some((folder) => isInsideFolder(uri, folder));
  }

  /** The listing of the walks files for the re-checks: the last one while young enough and of the same folders, else a new one. */
  private currentListing(): Promise<WalksListing> {
    const folders = this.host.workspaceFolders();
    const key = JSON.stringify(folders);
    const last = this.listing;
    if (last && last.folders === key && Date.now() - last.listedAt < this.listingLifetimeMs) return Promise.resolve(last);
    if (this.pendingListing) return this.pendingListing;
    const listedAt = Date.now();
    const pending = this.access
      .findWalksFiles(folders)
      .catch((): string[] => [])
      .then((found) => {
        const listing: WalksListing = { folders: key, listedAt, pearlOf: new Map(found.map((uri) => [uri, undefined])) };
        this.listing = listing;
        return listing;
      })
      .finally(() => {
        this.pendingListing = undefined;
      });
    this.pendingListing = pending;
    return pending;
  }

  /**
   * Checks the walks file `uri`, not open, from disk, and publishes its diagnostics (none once it
   * is gone); only when it names `onlyPearl`, if given. What it reads updates the listing the
   * re-checks use: a file gone leaves it, one new or changed (the client's file events come here)
   * is in it with the Pearl it names now.
   */
  async checkUnopened(uri: string, onlyPearl?: string): Promise<void> {
    if (this.host.getOpenDocument(uri)) return;
    const read = await this.readWalksFile(uri);
    if (!read) {
      if (this.publishedUnopened.delete(uri)) this.host.publish(uri, []);
      return;
    }
    const { walksDoc, named } = read;
    if (onlyPearl !== undefined && named !== onlyPearl) return;
    const pearl = await this.currentPearl(walksDoc);
    if (this.host.getOpenDocument(uri)) return;
    this.publishedUnopened.add(uri);
    this.host.publish(uri, this.host.service.checkWalksFile(walksDoc, pearl));
  }

  /**
   * The walks file `uri` read from disk and parsed, with the Pearl URI it names (undefined: none), or
   * undefined when it cannot be read; the listing learns what it names, or that it is gone.
   */
  private async readWalksFile(uri: string): Promise<{ walksDoc: PearlDocument; named: string | undefined } | undefined> {
    const listing = this.listing;
    let text: string;
    try {
      text = await this.readBounded(uri);
    } catch {
      listing?.pearlOf.delete(uri);
      return undefined;
    }
    const walksDoc = this.host.service.parsePearlDocument(TextDocument.create(uri, 'jsonc', 0, text));
    const named = this.host.service.getWalksFilePearlUri(walksDoc);
    if (listing && (listing.pearlOf.has(uri) || this.isListable(uri, listing))) listing.pearlOf.set(uri, named ?? null);
    return { walksDoc, named };
  }

  /** The Pearl `walksDoc` names as the editor has it (open) or as read from disk, or why it is not read. */
  private async currentPearl(walksDoc: PearlDocument): Promise<DiskPearl> {
    const place = this.placePearl(walksDoc);
    if ('reason' in place) return place;
    const open = this.host.getOpenDocument(place.uri);
    if (open) return this.host.cache.get(open);
    if (!this.diskPearls.has(place.uri)) await this.load(place);
    return this.diskPearls.get(place.uri) ?? { reason: 'it could not be read' };
  }

  /** The workspace's walks files that are not open. */
  private async unopenedWalksFiles(): Promise<string[]> {
    const found = await this.access.findWalksFiles(this.host.workspaceFolders()).catch(() => []);
    return found.filter((uri) => !this.host.getOpenDocument(uri));
  }

  /**
   * `pearl/walkCoverage` for the open Pearl `pearlDoc`: every walks file of the workspace, open or
   * not (the graph asks again after each change while the coverage is shown: the files not open
   * come from the listing the re-checks use, and only those that named this Pearl when last read,
   * or were not read since, are read).
   */
  async coverage(pearlDoc: PearlDocument): Promise<WalkCoverage> {
    const pearlUri = pearlDoc.textDocument.uri;
    const files: PearlDocument[] = this.host
      .allOpenDocuments()
      .filter((document) => isWalksFileUri(document.uri))
      .map((document) => this.host.cache.get(document));
    const listing = await this.currentListing();
    for (const [uri, named] of [...listing.pearlOf]) {
      if ((named !== undefined && named !== pearlUri) || this.host.getOpenDocument(uri)) continue;
      const read = await this.readWalksFile(uri);
      if (read) files.push(read.walksDoc);
    }
    // A walks file whose `pearl` leaves its workspace folder walks nothing.
    const inside = files.filter((file) => !('reason' in this.placePearl(file)));
    return this.host.service.getWalkCoverage(pearlDoc, inside);
  }

  /**
   * The parses of the workspace's walks files whose `pearl` names `pearlUri`, open ones as the
   * editor has them, the others read from disk (an unreadable one is skipped): what a rename in
   * the Pearl must also edit (docs/user/walks.md § In the editor).
   */
  async walksFilesOf(pearlUri: string): Promise<PearlDocument[]> {
    const files: PearlDocument[] = this.host
      .allOpenDocuments()
      .filter((document) => isWalksFileUri(document.uri))
      .map((document) => this.host.cache.get(document));
    for (const uri of await this.unopenedWalksFiles()) {
      const text = await this.access.readFile(uri).catch(() => undefined);
      if (text !== undefined) files.push(this.host.service.parsePearlDocument(TextDocument.create(uri, 'jsonc', 0, text)));
    }
    return files.filter((walksDoc) => this.host.service.getWalksFilePearlUri(walksDoc) === pearlUri);
  }

  /**
   * The walks file `uri` as "Save as walk" must extend it
   * (docs/user/walks.md § Walk a conversation): the open document's text and version, else the file read from disk within the
   * bounds (version null), else no text when there is no such file (`ENOENT`). Rejects when the
   * file is there but cannot be read (too large, not a regular file, too slow).
   */
  async walksFileText(uri: string): Promise<WalksFileText> {
    const open = this.host.getOpenDocument(uri);
    if (open) return { uri, text: open.getText(), version: open.version };
    try {
      return { uri, text: await this.readBounded(uri), version: null };
    } catch (error) {
      if ((error as { code?: unknown }).code === 'ENOENT') return { uri, text: undefined, version: null };
      throw error;
    }
  }

  /** Stops the pending re-checks and gives up the reads under way (the server shuts down): no timer is left. */
  dispose(): void {
    for (const timer of this.recheckTimers.values()) clearTimeout(timer);
    this.recheckTimers.clear();
    for (const [timer, giveUp] of [...this.readTimers]) {
      clearTimeout(timer);
      giveUp();
    }
  }
}
