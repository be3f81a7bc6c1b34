import { findNodeAtLocation, getNodeValue, type Node as JsonNode, parseTree, type ParseError } from 'jsonc-parser';
import type { Diagnostic } from 'vscode-languageserver-types';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { describeParseError } from '../document/jsonTree';
import { checkRuleEntries, createConfigurationDiagnostic, type RuleConfiguration, RuleConfigurationCode } from './ruleConfiguration';

/** The name of the rule configuration file, looked for upward from each Pearl file. */
export const ruleConfigurationFileName = '.pearlrc.json';

/**
 * The largest `.pearlrc.json` read, in UTF-8 bytes (1 MiB): a larger file gets one
 * {@link RuleConfigurationCode.invalidFile} problem and none of it is read. A host may stop reading
 * a file after this many bytes plus one.
 */
export const maxRuleConfigurationFileBytes = 1024 * 1024;

/** Problems of one `.pearlrc.json` reported at most; one more problem says how many were left out. */
export const maxRuleConfigurationProblems = 100;

/**
 * Reads a file for the configuration lookup, by URI: its text, or undefined when there is no such
 * file. The host's I/O (the service imports no `fs`); it may throw on another error (a folder that
 * cannot be read), which the lookup passes on.
 */
export type ReadConfigurationFile = (uri: string) => string | undefined;

/** A `.pearlrc.json` read and checked. */
export interface RuleConfigurationFile {
  readonly uri: string;
  /** The accepted rules (none when the file is not an object with a `rules` object). */
  readonly configuration: RuleConfiguration;
  /** The file's problems, with ranges in that file: JSON errors, unknown codes, refused severities. */
  readonly diagnostics: Diagnostic[];
}

/**
 * Reads the `.pearlrc.json` nearest to the document at `documentUri`: in its folder, else in each
 * parent folder up to the root, the first that exists (a hierarchical URI: `file:` and the like;
 * none for an untitled document). Undefined when there is none. Throws what `readFile` throws.
 */
export function findRuleConfigurationFile(documentUri: string, readFile: ReadConfigurationFile): RuleConfigurationFile | undefined {
  for (const folder of getParentFolders(documentUri)) {
    const uri = `${folder}${ruleConfigurationFileName}`;
    const text = readFile(uri);
    if (text !== undefined) return parseCached(readFile, uri, text);
  }
  return undefined;
}

/** A file's text and its parse. */
type CachedParse = { readonly text: string; readonly file: RuleConfigurationFile };
/** The last parse of each file, by reader (one per service), then URI: an unchanged text is not parsed again. */
const parses = new WeakMap<ReadConfigurationFile, Map<string, CachedParse>>();
/** Files whose last parse is kept, per reader. */
const maxCachedParses = 64;

/** {@link parseRuleConfigurationFile}, or its last result for `uri` when the text is the same. */
function parseCached(readFile: ReadConfigurationFile, uri: string, text: string): RuleConfigurationFile {
  let cache = parses.get(readFile);
  if (!cache) parses.set(readFile, (cache = new Map<string, CachedParse>()));
  const last = cache.get(uri);
  if (last?.text === text) return last.file;
  const file = parseRuleConfigurationFile(uri, text);
  if (cache.size >= maxCachedParses) cache.clear();
  cache.set(uri, { text, file });
  return file;
}

/**
 * Whether `text` takes more than `limit` bytes in UTF-8. Stops as soon as it is known: at most
 * `limit + 1` characters are looked at.
 */
export function exceedsUtf8Bytes(text: string, limit: number): boolean {
  if (text.length > limit) return true;
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    // A surrogate pair (4 bytes) is two units of 2 bytes each.
    bytes += unit < 0x80 ? 1 : unit < 0x800 || (unit >= 0xd800 && unit <= 0xdfff) ? 2 : 3;
    if (bytes > limit) return true;
  }
  return false;
}

/**
 * The folders containing `uri`, nearest first, each ending in `/`: `file:///a/b/c.json` gives
 * `file:///a/b/`, `file:///a/`, `file:///`. None for a URI without a path (`untitled:Untitled-1`).
 */
export function getParentFolders(uri: string): string[] {
  const match = /^([a-zA-Z][\w+.-]*:\/\/[^/?#]*)(\/[^?#]*)/.exec(uri);
  if (!match) return [];
  const [, authority, path] = match;
  const folders: string[] = [];
  for (let end = path.lastIndexOf('/'); end >= 0; end = path.lastIndexOf('/', end - 1)) {
    folders.push(`${authority}${path.slice(0, end + 1)}`);
    if (end === 0) break;
  }
  return folders;
}

/**
 * Checks the text of a `.pearlrc.json`: JSON with comments, `{ "rules": { "<code>": "<severity>" } }`.
 * JSON errors, a root that is not an object, a `rules` that is not an object are problems
 * ({@link RuleConfigurationCode.invalidFile}; no rule of the file applies then); each entry is
 * checked by {@link checkRuleEntries}, its problem on the key (unknown code) or the value; at most
 * {@link maxRuleConfigurationProblems} problems are reported. Other top-level properties are left
 * to the file's JSON schema. A text over {@link maxRuleConfigurationFileBytes} is not read: one
 * problem says so. Linear in the size of the text; never throws.
 */
export function parseRuleConfigurationFile(uri: string, text: string): RuleConfigurationFile {
  if (exceedsUtf8Bytes(text, maxRuleConfigurationFileBytes)) {
    const message = `This file is larger than 1 MiB (${maxRuleConfigurationFileBytes} bytes), the most a ${ruleConfigurationFileName} may be: it is not read, and no rule of it applies.`;
    const start = { line: 0, character: 0 };
    return {
      uri,
      configuration: { rules: {} },
      diagnostics: [createConfigurationDiagnostic({ start, end: start }, RuleConfigurationCode.invalidFile, message)],
    };
  }
  const document = TextDocument.create(uri, 'json', 0, text);
  const errors: ParseError[] = [];
  const root = parseTree(text, errors, { allowTrailingComma: true, disallowComments: false });
  const at = (offset: number, length: number): Diagnostic['range'] => ({
    start: document.positionAt(offset),
    end: document.positionAt(offset + length),
  });
  const invalid = (offset: number, length: number, message: string): RuleConfigurationFile => ({
    uri,
    configuration: { rules: {} },
    diagnostics: [createConfigurationDiagnostic(at(offset, length), RuleConfigurationCode.invalidFile, message)],
  });
  if (errors.length > 0) {
    const [first] = errors;
    return invalid(first.offset, first.length, `${describeParseError(first.error)} No rule of this file applies.`);
  }
  if (!root || root.type !== 'object')
    return invalid(root?.offset ?? 0, root?.length ?? 0, 'Expected an object with a "rules" object: no rule of this file applies.');
  const rules = findNodeAtLocation(root, ['rules']);
  if (!rules) return { uri, configuration: { rules: {} }, diagnostics: [] };
  if (rules.type !== 'object')
    return invalid(rules.offset, rules.length, '"rules" must be an object of code and severity: no rule of this file applies.');
  const properties = (rules.children ?? []).flatMap((property) => {
    const [key, value] = property.children ?? [];
    return key && value ? [{ key, value }] : [];
  });
  const entries = properties.map(({ key, value }): [string, unknown] => [String(key.value), getNodeValue(value)]);
  const checked = checkRuleEntries(entries, maxRuleConfigurationProblems);
  // The last entry of a code is the one that counts, as in the parsed value: one pass, later entries replacing earlier ones.
  const lastEntry = new Map<string, { key: JsonNode; value: JsonNode }>();
  for (const property of properties) lastEntry.set(String(property.key.value), property);
  const shown = checked.problems.slice(0, maxRuleConfigurationProblems);
  const diagnostics = shown.map((problem) => {
    const entry = lastEntry.get(problem.code);
    const node = entry === undefined ? rules : problem.inSeverity ? entry.value : entry.key;
    return createConfigurationDiagnostic(at(node.offset, node.length), problem.kind, problem.message);
  });
  const leftOut = checked.problems.length - shown.length;
  if (leftOut > 0) {
    const message = `${leftOut} more problem${leftOut === 1 ? '' : 's'} of this file ${leftOut === 1 ? 'is' : 'are'} not shown (the first ${maxRuleConfigurationProblems} are).`;
    diagnostics.push(createConfigurationDiagnostic(at(rules.offset, 1), checked.problems[shown.length].kind, message));
  }
  return { uri, configuration: { rules: checked.rules }, diagnostics };
}
