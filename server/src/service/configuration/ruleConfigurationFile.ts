import { findNodeAtLocation, getNodeValue, type Node as JsonNode, parseTree, type ParseError } from 'jsonc-parser';
import type { Diagnostic } from 'vscode-languageserver-types';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { describeParseError } from '../document/jsonTree';
import { checkRuleEntries, createConfigurationDiagnostic, type RuleConfiguration, RuleConfigurationCode } from './ruleConfiguration';

/** The name of the rule configuration file, looked for upward from each Pearl file. */
export const ruleConfigurationFileName = '.pearlrc.json';

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
    if (text !== undefined) return parseRuleConfigurationFile(uri, text);
  }
  return undefined;
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
 * checked by {@link checkRuleEntries}, its problem on the key (unknown code) or the value. Other
 * top-level properties are left to the file's JSON schema. Never throws.
 */
export function parseRuleConfigurationFile(uri: string, text: string): RuleConfigurationFile {
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
  const checked = checkRuleEntries(entries);
  // The last entry of a code is the one that counts, as in the parsed value.
  const nodeOf = (code: string): { key: JsonNode; value: JsonNode } | undefined =>
    [...properties].reverse().find(({ key }) => key.value === code);
  const diagnostics = checked.problems.map((problem) => {
    const entry = nodeOf(problem.code);
    const node = entry === undefined ? rules : problem.inSeverity ? entry.value : entry.key;
    return createConfigurationDiagnostic(at(node.offset, node.length), problem.kind, problem.message);
  });
  return { uri, configuration: { rules: checked.rules }, diagnostics };
}
