// `--cache`: the results of a file are reused when nothing that could change them changed: its
// text, the configuration in effect for it, for a walks file the text of the Pearl it names, the
// options that change results, and the pearl-lint version. Each is hashed into the file's key;
// a file whose key differs is checked again. ESLint's `--cache` (content strategy) does the same.
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { TextDocument } from 'vscode-languageserver-textdocument';
import {
  getLanguageService,
  isInsideFolder,
  isWalksFileUri,
  type PearlLanguageService,
  type RuleConfiguration,
} from '../service/pearlLanguageService';
import type { LintTarget } from './findPearlFiles';
import type { LintRecord } from './lintReport';
import { readRegularFile } from './readInput';

/** The cache file's format; another value is a cache of another pearl-lint and is ignored. */
const cacheFormat = 1;
/** Files a cache keeps at most: the oldest are dropped first. */
const maxCachedFiles = 100_000;

/** A file's cached result: its key and its records (without the file's name, which the run gives). */
interface CachedResult {
  readonly key: string;
  readonly records: Omit<LintRecord, 'file'>[];
}

/** The cache file's content. */
interface CacheContent {
  readonly format: number;
  readonly version: string;
  readonly files: Record<string, CachedResult>;
}

let service: PearlLanguageService | undefined;

/**
 * The results of earlier runs, read from `location` (an absolute path; a folder holds the file as
 * `.pearllintcache`): a missing, unreadable or malformed cache, or one of another version, is empty.
 */
export class LintCache {
  private readonly files: Map<string, CachedResult>;
  /** The key of each file of this run, by absolute path (computed by {@link lookUp}). */
  private readonly keys = new Map<string, string>();

  private constructor(
    readonly location: string,
    private readonly version: string,
    files: Record<string, CachedResult>,
    private readonly workspace: string,
  ) {
    this.files = new Map(Object.entries(files));
  }

  /**
   * Reads the cache at `location` for pearl-lint `version`, run in `workspace` (the folder a walks
   * file's Pearl must be in). Never throws.
   */
  static read(location: string, version: string, workspace: string = process.cwd()): LintCache {
    let file = location;
    try {
      if (fs.statSync(location).isDirectory()) file = path.join(location, '.pearllintcache');
    } catch {
      // No such file yet.
    }
    try {
      const content = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<CacheContent>;
      const valid =
        content.format === cacheFormat && content.version === version && typeof content.files === 'object' && content.files !== null;
      return new LintCache(file, version, valid ? content.files : {}, workspace);
    } catch {
      return new LintCache(file, version, {}, workspace);
    }
  }

  /**
   * The records of `target` from an earlier run when its key is the same (see the module's
   * comment; `options` are the results-changing options, as JSON), else undefined: it must be
   * checked. A file that cannot be read is never a hit.
   */
  lookUp(target: LintTarget, rules: RuleConfiguration, options: string): LintRecord[] | undefined {
    let text: string;
    try {
      text = readRegularFile(target.absolutePath);
    } catch {
      return undefined;
    }
    const key = computeKey(target.absolutePath, text, rules, options, this.version, this.workspace);
    this.keys.set(target.absolutePath, key);
    const cached = this.files.get(target.absolutePath);
    if (cached?.key !== key || !Array.isArray(cached.records)) return undefined;
    return cached.records.map((record) => ({ file: target.displayPath, ...record }));
  }

  /** Keeps the records of `target`, checked in this run (after {@link lookUp}). */
  store(target: LintTarget, records: readonly LintRecord[]): void {
    const key = this.keys.get(target.absolutePath);
    if (key === undefined) return;
    this.files.delete(target.absolutePath);
    this.files.set(target.absolutePath, { key, records: records.map(({ file: _file, ...rest }) => rest) });
  }

  /** Writes the cache (the newest {@link maxCachedFiles} files); throws what writing throws. */
  write(): void {
    const entries = [...this.files].slice(-maxCachedFiles);
    const content: CacheContent = { format: cacheFormat, version: this.version, files: Object.fromEntries(entries) };
    const temporary = `${this.location}.${process.pid}.tmp`;
    fs.writeFileSync(temporary, JSON.stringify(content));
    fs.renameSync(temporary, this.location);
  }
}

/**
 * The key of a file's result: a SHA-256 of its text, the rules in effect for it, `options`, the
 * pearl-lint version and, for a walks file, the text of the Pearl it names (or that it has none).
 */
export function computeKey(
  absolutePath: string,
  text: string,
  rules: RuleConfiguration,
  options: string,
  version: string,
  workspace: string = process.cwd(),
): string {
  const hash = createHash('sha256');
  for (const part of [version, options, JSON.stringify(rules), text]) hash.update(part).update('\0');
  const uri = pathToFileURL(absolutePath).href;
  if (isWalksFileUri(uri))
    hash
      .update(workspace)
      .update('\0')
      .update(walkedPearlText(uri, text, workspace));
  return hash.digest('hex');
}

/** The text of the Pearl a walks file names, or a marker saying why there is none. */
function walkedPearlText(uri: string, text: string, workspace: string): string {
  service ??= getLanguageService();
  const pearlUri = service.getWalksFilePearlUri(service.parsePearlDocument(TextDocument.create(uri, 'jsonc', 1, text)));
  if (pearlUri === undefined || !pearlUri.startsWith('file:')) return `no pearl: ${String(pearlUri)}`;
  // A Pearl outside the working folder is refused by the check (walk-pearl-outside): not read here either.
  if (!isInsideFolder(pearlUri, pathToFileURL(`${workspace}${path.sep}`).href)) return `outside pearl ${pearlUri}`;
  try {
    return `pearl ${pearlUri}\0${readRegularFile(fileURLToPath(pearlUri))}`;
  } catch (error) {
    return `unreadable pearl ${pearlUri}: ${String((error as NodeJS.ErrnoException).code)}`;
  }
}
