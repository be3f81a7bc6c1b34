import { TextDocument } from 'vscode-languageserver-textdocument';
import { SymbolInformation, SymbolKind } from 'vscode-languageserver-types';
import { spanToRange } from '../document/textSpan';
import { getNodeLabel, getNodeSymbolKind } from './documentSymbols';
import { getStringProperty } from '../document/jsonTree';
import { parsePearlDocument, PearlDocument } from '../document/pearlDocument';

/**
 * The file I/O the workspace symbol index needs, given by the host (the language server passes
 * node's file system; tests pass a map). Every URI is a folder or file URI as the host hands
 * them out; each method rejects on any failure (missing, unreadable, not that scheme).
 */
export interface WorkspaceFileSystem {
  /** The entries of the folder `uri`: their names and whether each is a file or a folder (symbolic links are neither). */
  readDirectory(uri: string): Promise<{ name: string; type: 'file' | 'directory' | 'other' }[]>;
  /** Modification time (milliseconds since the epoch) and size (bytes) of the file `uri`. */
  stat(uri: string): Promise<{ mtime: number; size: number }>;
  /** The text of the file `uri`, as UTF-8. */
  readFile(uri: string): Promise<string>;
}

/** Bounds of a workspace scan; every one keeps a huge or odd workspace from costing more. */
export interface WorkspaceScanLimits {
  /** Most `*.pearl.json` files indexed (500). */
  readonly maxFiles: number;
  /** Largest file read, in bytes (1 MB; a Pearl is a few kilobytes). */
  readonly maxFileSize: number;
  /** Most folder entries looked at in one scan (20,000). */
  readonly maxEntries: number;
  /** Deepest folder below a workspace folder (12). */
  readonly maxDepth: number;
  /** How long a scan's file list is reused before the folders are listed again, in ms (5,000). */
  readonly listTtlMs: number;
  /** Longest a request waits for a running scan before answering from what is indexed, in ms (1,500). */
  readonly maxWaitMs: number;
  /** Most symbols in one answer (1,000). */
  readonly maxResults: number;
}

const defaultLimits: WorkspaceScanLimits = {
  maxFiles: 500,
  maxFileSize: 1_000_000,
  maxEntries: 20_000,
  maxDepth: 12,
  listTtlMs: 5_000,
  maxWaitMs: 1_500,
  maxResults: 1_000,
};

const pearlFileSuffix = '.pearl.json';

/**
 * The symbols `workspace/symbol` offers for one Pearl: every node (top level and nested actions),
 * named as in the outline (`talk — Ask the question`, kind by node type), and every declared
 * variable (its id, kind Variable), each with the Pearl's `name` as container. Linear.
 */
export function getPearlWorkspaceSymbols(doc: PearlDocument): SymbolInformation[] {
  const uri = doc.textDocument.uri;
  const containerName = getStringProperty(doc.root, 'name')?.trim() || fileName(uri);
  const symbols: SymbolInformation[] = [];
  for (const node of doc.allNodes) {
    const name = getNodeLabel(node);
    if (name === undefined || name.trim() === '') continue;
    const span = node.nodeIdNode ?? node.nameNode ?? node.node;
    symbols.push({ name, kind: getNodeSymbolKind(node), location: { uri, range: spanToRange(doc, span) }, containerName });
  }
  for (const variable of doc.variables) {
    if (variable.id === undefined || variable.id.trim() === '' || !variable.idNode) continue;
    symbols.push({
      name: variable.id,
      kind: SymbolKind.Variable,
      location: { uri, range: spanToRange(doc, variable.idNode) },
      containerName,
    });
  }
  return symbols;
}

/**
 * Whether `name` matches a workspace symbol `query` as editors filter: the query's characters
 * appear in the name in order, ignoring case (`tlk` matches `talk`). An empty query matches all.
 */
export function matchesQuery(name: string, query: string): boolean {
  const lowerName = name.toLowerCase();
  let at = 0;
  for (const character of query.toLowerCase()) {
    if (character === ' ') continue;
    at = lowerName.indexOf(character, at);
    if (at < 0) return false;
    at++;
  }
  return true;
}

interface IndexedFile {
  readonly mtime: number;
  readonly size: number;
  readonly symbols: SymbolInformation[];
}

/**
 * The workspace symbol index: finds every `*.pearl.json` under the workspace folders through the
 * injected {@link WorkspaceFileSystem} (skipping `node_modules` and dot-folders, within
 * {@link WorkspaceScanLimits}), and keeps each file's symbols until its mtime or size changes.
 * One scan runs at a time and its file list is reused for `listTtlMs`; a request waits for a
 * running scan at most `maxWaitMs`, then answers from the files indexed so far. Open documents are
 * given by the caller and take precedence over their file on disk. Never rejects.
 */
export class WorkspaceSymbolIndex {
  private folders: string[] = [];
  private readonly files = new Map<string, IndexedFile>();
  private scan: Promise<void> | undefined;
  private scannedAt = -Infinity;
  /** Counts folder changes, so a scan of the previous folders does not count as a scan of the new ones. */
  private generation = 0;
  private readonly limits: WorkspaceScanLimits;

  /**
   * @param fileSystem the host's file access
   * @param limits bounds replacing the defaults
   * @param now the clock, in milliseconds (tests pass their own)
   */
  constructor(
    private readonly fileSystem: WorkspaceFileSystem,
    limits: Partial<WorkspaceScanLimits> = {},
    private readonly now: () => number = Date.now,
  ) {
    this.limits = { ...defaultLimits, ...limits };
  }

  /** Sets the workspace folder URIs; the next request scans them. */
  setFolders(folderUris: readonly string[]): void {
    this.folders = [...folderUris];
    this.scannedAt = -Infinity;
    this.generation++;
  }

  /**
   * The symbols matching `query` (see {@link matchesQuery}) of the open documents `openDocuments`
   * and of every indexed file not open, sorted by name, at most `maxResults`.
   */
  async findSymbols(query: string, openDocuments: readonly PearlDocument[]): Promise<SymbolInformation[]> {
    await this.waitForScan();
    const open = new Set(openDocuments.map((doc) => uriKey(doc.textDocument.uri)));
    const result: SymbolInformation[] = [];
    const add = (symbols: readonly SymbolInformation[]): void => {
      for (const symbol of symbols) {
        if (result.length < this.limits.maxResults && matchesQuery(symbol.name, query)) result.push(symbol);
      }
    };
    for (const doc of openDocuments) add(getPearlWorkspaceSymbols(doc));
    for (const [uri, file] of this.files) {
      if (!open.has(uriKey(uri))) add(file.symbols);
    }
    return result.sort((a, b) => a.name.localeCompare(b.name) || a.location.uri.localeCompare(b.location.uri));
  }

  private async waitForScan(): Promise<void> {
    if (!this.scan && this.now() - this.scannedAt >= this.limits.listTtlMs) {
      const generation = this.generation;
      this.scan = this.runScan().finally(() => {
        if (generation === this.generation) this.scannedAt = this.now();
        this.scan = undefined;
      });
    }
    if (!this.scan) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, this.limits.maxWaitMs)));
    await Promise.race([this.scan, timeout]);
    clearTimeout(timer);
  }

  private async runScan(): Promise<void> {
    const found = new Set<string>();
    let entries = 0;
    const queue: { uri: string; depth: number }[] = this.folders.map((uri) => ({ uri: uri.replace(/\/+$/, ''), depth: 0 }));
    for (let i = 0; i < queue.length && found.size < this.limits.maxFiles && entries < this.limits.maxEntries; i++) {
      const folder = queue[i];
      let children: Awaited<ReturnType<WorkspaceFileSystem['readDirectory']>>;
      try {
        children = await this.fileSystem.readDirectory(folder.uri);
      } catch {
        continue;
      }
      for (const child of children.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
        if (++entries > this.limits.maxEntries || found.size >= this.limits.maxFiles) break;
        const uri = `${folder.uri}/${encodeURIComponent(child.name)}`;
        if (child.type === 'directory') {
          if (folder.depth < this.limits.maxDepth && child.name !== 'node_modules' && !child.name.startsWith('.')) {
            queue.push({ uri, depth: folder.depth + 1 });
          }
        } else if (child.type === 'file' && child.name.toLowerCase().endsWith(pearlFileSuffix)) {
          if (await this.indexFile(uri)) found.add(uri);
        }
      }
    }
    for (const uri of this.files.keys()) {
      if (!found.has(uri)) this.files.delete(uri);
    }
  }

  /** Indexes one file unless its mtime and size are those already indexed; false when it cannot be. */
  private async indexFile(uri: string): Promise<boolean> {
    try {
      const { mtime, size } = await this.fileSystem.stat(uri);
      if (size > this.limits.maxFileSize) return false;
      const known = this.files.get(uri);
      if (known && known.mtime === mtime && known.size === size) return true;
      const text = await this.fileSystem.readFile(uri);
      const doc = parsePearlDocument(TextDocument.create(uri, 'pearl', 0, text));
      this.files.set(uri, { mtime, size, symbols: getPearlWorkspaceSymbols(doc) });
      return true;
    } catch {
      return false;
    }
  }
}

/** A URI compared without its percent-encoding, so an editor's spelling matches the scan's. */
function uriKey(uri: string): string {
  try {
    return decodeURIComponent(uri);
  } catch {
    return uri;
  }
}

function fileName(uri: string): string {
  return uriKey(uri.slice(uri.lastIndexOf('/') + 1));
}
