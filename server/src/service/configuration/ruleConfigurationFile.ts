import { findNodeAtLocation, getNodeValue, type Node as JsonNode, parseTree, type ParseError } from 'jsonc-parser';
import type { Diagnostic, Range } from 'vscode-languageserver-types';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { describeParseError } from '../document/jsonTree';
import { findNearest } from '../utils/editDistance';
import {
  checkRuleEntries,
  createConfigurationDiagnostic,
  type RuleConfiguration,
  RuleConfigurationCode,
  type RuleSeverityName,
} from './ruleConfiguration';

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

/** One entry of a `.pearlrc.json`'s `extends`, as written, and where. */
export interface RuleConfigurationExtends {
  /** A relative path (`./base.json`), a package's file (`some-package/pearlrc.json`) or a preset (`pearl:strict`). */
  readonly specifier: string;
  readonly range: Range;
}

/** One entry of a `.pearlrc.json`'s `overrides`: rules for the files its globs match. */
export interface RuleConfigurationOverride {
  /** minimatch globs, relative to the folder of the `.pearlrc.json` that applies; one without `/` matches a file's name. */
  readonly files: readonly string[];
  /** Globs of files left out, as `files`. */
  readonly excludedFiles: readonly string[];
  /** The accepted rules. */
  readonly rules: Readonly<Record<string, RuleSeverityName>>;
}

/** A `.pearlrc.json` read and checked. */
export interface RuleConfigurationFile {
  readonly uri: string;
  /** The accepted rules of its own `rules` (none when the file is not an object with a `rules` object). */
  readonly configuration: RuleConfiguration;
  /** Its `extends` entries, in order (followed by ruleConfigurationService.ts). */
  readonly extends: readonly RuleConfigurationExtends[];
  /** Its `overrides`, in order. */
  readonly overrides: readonly RuleConfigurationOverride[];
  /** The file's problems, with ranges in that file: JSON errors, unknown properties and codes, refused severities. */
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
    if (text !== undefined) return parseCachedText(readFile, uri, text);
  }
  return undefined;
}

/** A file's text and its parse. */
type CachedParse = { readonly text: string; readonly file: RuleConfigurationFile };
/** The last parse of each file, by reader (one per service), then URI: an unchanged text is not parsed again. */
const parses = new WeakMap<ReadConfigurationFile, Map<string, CachedParse>>();
/** Files whose last parse is kept, per reader. */
const maxCachedParses = 64;

/** {@link parseRuleConfigurationFile}, or its last result for `uri` read through `readFile` when the text is the same. */
export function parseCachedText(readFile: ReadConfigurationFile, uri: string, text: string): RuleConfigurationFile {
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

/** The top-level properties a `.pearlrc.json` takes. */
export const ruleConfigurationKeys: readonly string[] = ['$schema', 'extends', 'rules', 'overrides'];
/** The properties an entry of `overrides` takes. */
export const ruleOverrideKeys: readonly string[] = ['files', 'excludedFiles', 'rules'];

/**
 * Checks the text of a `.pearlrc.json` (JSON with comments; a leading byte order mark is dropped):
 * `{ "extends": ..., "rules": { "<code>": "<severity>" }, "overrides": [{ "files": ..., "rules": ... }] }`.
 * JSON errors, a root that is not an object, a `rules` that is not an object are problems
 * ({@link RuleConfigurationCode.invalidFile}; no rule of the file applies then); a property the
 * file does not take is a {@link RuleConfigurationCode.unknownKey} problem on its name; a malformed
 * `extends` or `overrides` a {@link RuleConfigurationCode.invalidExtends} or `invalidFile` problem
 * on it. Each rule entry is checked by {@link checkRuleEntries}, its problem on the key (unknown
 * code) or the value; at most {@link maxRuleConfigurationProblems} problems are reported. A text over
 * {@link maxRuleConfigurationFileBytes} is not read: one problem says so. Linear in the size of the
 * text; never throws. `extends` is only read here: {@link ./ruleConfigurationService} follows it.
 */
export function parseRuleConfigurationFile(uri: string, text: string): RuleConfigurationFile {
  const empty = { uri, configuration: { rules: {} }, extends: [], overrides: [] };
  if (exceedsUtf8Bytes(text, maxRuleConfigurationFileBytes)) {
    const message = `This file is larger than 1 MiB (${maxRuleConfigurationFileBytes} bytes), the most a ${ruleConfigurationFileName} may be: it is not read, and no rule of it applies.`;
    const start = { line: 0, character: 0 };
    return { ...empty, diagnostics: [createConfigurationDiagnostic({ start, end: start }, RuleConfigurationCode.invalidFile, message)] };
  }
  // Editors do not show a byte order mark nor count it in positions.
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  const document = TextDocument.create(uri, 'json', 0, text);
  const errors: ParseError[] = [];
  const root = parseTree(text, errors, { allowTrailingComma: true, disallowComments: false });
  const at = (offset: number, length: number): Diagnostic['range'] => ({
    start: document.positionAt(offset),
    end: document.positionAt(offset + length),
  });
  const invalid = (offset: number, length: number, message: string): RuleConfigurationFile => ({
    ...empty,
    diagnostics: [createConfigurationDiagnostic(at(offset, length), RuleConfigurationCode.invalidFile, message)],
  });
  if (errors.length > 0) {
    const [first] = errors;
    return invalid(first.offset, first.length, `${describeParseError(first.error)} No rule of this file applies.`);
  }
  if (!root || root.type !== 'object')
    return invalid(root?.offset ?? 0, root?.length ?? 0, 'Expected an object with a "rules" object: no rule of this file applies.');
  const rules = findNodeAtLocation(root, ['rules']);
  if (rules && rules.type !== 'object')
    return invalid(rules.offset, rules.length, '"rules" must be an object of code and severity: no rule of this file applies.');
  const problems = new ProblemList(at);
  checkKeys(root, ruleConfigurationKeys, `a ${ruleConfigurationFileName}`, problems);
  const own = rules ? checkRulesObject(rules, problems) : {};
  const extendsNode = findNodeAtLocation(root, ['extends']);
  const extendsEntries = extendsNode ? readExtends(extendsNode, problems) : [];
  const overridesNode = findNodeAtLocation(root, ['overrides']);
  const overrides = overridesNode ? readOverrides(overridesNode, problems) : [];
  return { uri, configuration: { rules: own }, extends: extendsEntries, overrides, diagnostics: problems.finish(root) };
}

/** The problems of one file, at most {@link maxRuleConfigurationProblems} kept; the others counted. */
class ProblemList {
  readonly diagnostics: Diagnostic[] = [];
  private leftOut = 0;
  /** The kind of the first problem left out: the summary has it (a left-out Warning does not fail a run). */
  private leftOutKind: RuleConfigurationCode | undefined;
  constructor(readonly at: (offset: number, length: number) => Diagnostic['range']) {}
  /** Room for this many more problems. */
  get room(): number {
    return Math.max(0, maxRuleConfigurationProblems - this.diagnostics.length);
  }
  add(node: { offset: number; length: number }, kind: RuleConfigurationCode, message: string): void {
    if (this.diagnostics.length >= maxRuleConfigurationProblems) this.skip(1, kind);
    else this.diagnostics.push(createConfigurationDiagnostic(this.at(node.offset, node.length), kind, message));
  }
  /** Counts `count` problems left out (past the room), the first of kind `kind`. */
  skip(count: number, kind: RuleConfigurationCode): void {
    if (count <= 0) return;
    this.leftOutKind ??= kind;
    this.leftOut += count;
  }
  /** The diagnostics, with one more at the start of `root` saying how many were left out. */
  finish(root: JsonNode): Diagnostic[] {
    if (this.leftOut > 0) {
      const n = this.leftOut;
      const message = `${n} more problem${n === 1 ? '' : 's'} of this file ${n === 1 ? 'is' : 'are'} not shown (the first ${maxRuleConfigurationProblems} are).`;
      this.diagnostics.push(
        createConfigurationDiagnostic(this.at(root.offset, 1), this.leftOutKind ?? RuleConfigurationCode.unknownCode, message),
      );
    }
    return this.diagnostics;
  }
}

/** The key and value nodes of each property of an object node. */
function propertiesOf(object: JsonNode): { key: JsonNode; value: JsonNode }[] {
  return (object.children ?? []).flatMap((property) => {
    const [key, value] = property.children ?? [];
    return key && value ? [{ key, value }] : [];
  });
}

/** A problem on each property of `object` whose name is not one of `known`. */
function checkKeys(object: JsonNode, known: readonly string[], what: string, problems: ProblemList): void {
  for (const { key } of propertiesOf(object)) {
    const name = String(key.value);
    if (known.includes(name)) continue;
    const { names } = findNearest(name, known);
    const hint = names.length > 0 ? ` Did you mean "${names[0]}"?` : '';
    problems.add(
      key,
      RuleConfigurationCode.unknownKey,
      `Unknown property "${name}" in ${what}: it takes ${known.map((k) => `"${k}"`).join(', ')}.${hint}`,
    );
  }
}

/** The accepted rules of a `rules` object node; a problem on each other entry. */
function checkRulesObject(rules: JsonNode, problems: ProblemList): Record<string, RuleSeverityName> {
  const properties = propertiesOf(rules);
  const entries = properties.map(({ key, value }): [string, unknown] => [String(key.value), getNodeValue(value)]);
  const checked = checkRuleEntries(entries, problems.room);
  // The last entry of a code is the one that counts, as in the parsed value: one pass, later entries replacing earlier ones.
  const lastEntry = new Map<string, { key: JsonNode; value: JsonNode }>();
  for (const property of properties) lastEntry.set(String(property.key.value), property);
  const room = problems.room;
  for (const problem of checked.problems.slice(0, room)) {
    const entry = lastEntry.get(problem.code);
    problems.add(entry === undefined ? rules : problem.inSeverity ? entry.value : entry.key, problem.kind, problem.message);
  }
  if (checked.problems.length > room) problems.skip(checked.problems.length - room, checked.problems[room].kind);
  return checked.rules;
}

/** The strings of a node that must be a string or an array of strings, or undefined when it is neither. */
function readStrings(node: JsonNode): { value: string; node: JsonNode }[] | undefined {
  if (node.type === 'string') return [{ value: String(node.value), node }];
  if (node.type !== 'array') return undefined;
  const items = node.children ?? [];
  if (items.some((item) => item.type !== 'string')) return undefined;
  return items.map((item) => ({ value: String(item.value), node: item }));
}

/** The entries of `extends`: a string or a list of strings. */
function readExtends(node: JsonNode, problems: ProblemList): RuleConfigurationExtends[] {
  const strings = readStrings(node);
  if (!strings) {
    problems.add(
      node,
      RuleConfigurationCode.invalidExtends,
      '"extends" must be a path, a package\'s file or a preset (pearl:recommended, pearl:strict), or a list of them.',
    );
    return [];
  }
  return strings.map(({ value, node: item }) => ({ specifier: value, range: problems.at(item.offset, item.length) }));
}

/** The entries of `overrides`: a list of objects with `files`, `excludedFiles` and `rules`. */
function readOverrides(node: JsonNode, problems: ProblemList): RuleConfigurationOverride[] {
  if (node.type !== 'array') {
    problems.add(node, RuleConfigurationCode.invalidFile, '"overrides" must be a list of { "files": [...], "rules": {...} }.');
    return [];
  }
  const overrides: RuleConfigurationOverride[] = [];
  for (const entry of node.children ?? []) {
    if (entry.type !== 'object') {
      problems.add(entry, RuleConfigurationCode.invalidFile, 'Each entry of "overrides" must be an object with "files" and "rules".');
      continue;
    }
    checkKeys(entry, ruleOverrideKeys, 'an entry of "overrides"', problems);
    const filesNode = findNodeAtLocation(entry, ['files']);
    const files = filesNode && readStrings(filesNode);
    if (!files || files.length === 0) {
      problems.add(
        filesNode ?? entry,
        RuleConfigurationCode.invalidFile,
        '"files" must be a glob or a list of globs, relative to this file\'s folder: this entry applies to no file.',
      );
      continue;
    }
    const excludedNode = findNodeAtLocation(entry, ['excludedFiles']);
    const excluded = excludedNode ? readStrings(excludedNode) : [];
    if (!excluded) {
      problems.add(excludedNode ?? entry, RuleConfigurationCode.invalidFile, '"excludedFiles" must be a glob or a list of globs.');
    }
    const rulesNode = findNodeAtLocation(entry, ['rules']);
    if (rulesNode && rulesNode.type !== 'object') {
      problems.add(
        rulesNode,
        RuleConfigurationCode.invalidFile,
        '"rules" must be an object of code and severity: this entry applies nothing.',
      );
      continue;
    }
    overrides.push({
      files: files.map((file) => file.value),
      excludedFiles: (excluded ?? []).map((file) => file.value),
      rules: rulesNode ? checkRulesObject(rulesNode, problems) : {},
    });
  }
  return overrides;
}
