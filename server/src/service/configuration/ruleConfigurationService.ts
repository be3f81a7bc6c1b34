import type { Diagnostic } from 'vscode-languageserver-types';
import type { PearlDocument } from '../document/pearlDocument';
import { applyInlineDirectives, findInlineDirectives, mayHaveDirective } from './inlineDirectives';
import { minimatch } from 'minimatch';
import { type Diagnostic as LspDiagnostic, DiagnosticSeverity } from 'vscode-languageserver-types';
import { getDefaultSeverity, getRegisteredCodes } from './diagnosticRegistry';
import {
  applyRuleSeverities,
  createConfigurationDiagnostic,
  mergeRuleConfigurations,
  type RuleConfiguration,
  RuleConfigurationCode,
  type RuleSeverityName,
} from './ruleConfiguration';
import {
  findRuleConfigurationFile,
  getParentFolders,
  parseCachedText,
  type ReadConfigurationFile,
  type RuleConfigurationFile,
  type RuleConfigurationOverride,
} from './ruleConfigurationFile';

/** The rules in effect for one document, and the `.pearlrc.json` files they were read from. */
export interface ResolvedRuleConfiguration {
  /** The files' rules (extended ones first, then the file's own, then its overrides that match the document) with the host's on top: what `doValidation` takes. */
  readonly configuration: RuleConfiguration;
  /** The `.pearlrc.json` that applies (the nearest, or the one the host chose), with its problems; undefined when there is none or no file access. */
  readonly file: RuleConfigurationFile | undefined;
  /**
   * That file and every file it extends, in the order they apply (extended first), each with its
   * problems (those of `extends` included: a file or preset not found, a cycle). Empty without a file.
   */
  readonly files: readonly RuleConfigurationFile[];
}

/** How the rules of a document are found (pearl-lint's options). */
export interface RuleConfigurationOptions {
  /** The `.pearlrc.json` to use instead of the nearest one upward (`--config`), by URI. */
  readonly configUri?: string;
  /** False: the documents' `pearl-disable` comments are ignored (`--no-inline-config`). */
  readonly inlineConfig?: boolean;
}

/**
 * The presets this project ships, for `extends`: `pearl:recommended`, every code at its default
 * severity (what the service would reject is an Error, the rest Warnings, Infos and Hints as
 * docs/rules.md lists); `pearl:strict`, every Warning raised to an error.
 */
export function getPresetRules(name: string): Readonly<Record<string, RuleSeverityName>> | undefined {
  if (name === 'recommended') return {};
  if (name !== 'strict') return undefined;
  const rules: Record<string, RuleSeverityName> = {};
  for (const code of getRegisteredCodes()) if (getDefaultSeverity(code) === DiagnosticSeverity.Warning) rules[code] = 'error';
  return rules;
}

/** The names of the presets ({@link getPresetRules}). */
export const presetNames: readonly string[] = ['recommended', 'strict'];

/** `.pearlrc.json` files a chain of `extends` reads at most. */
export const maxExtendedFiles = 32;

/**
 * The `.pearlrc.json` that applies to `documentUri` (the nearest upward, or `options.configUri`)
 * and the files it extends, loaded once: {@link configurationForDocument} applies it to each
 * document of its folder. Throws what `readFile` throws.
 */
export interface RuleConfigurationChain {
  /** The file that applies, or undefined. */
  readonly file: RuleConfigurationFile | undefined;
  /** Every file read, extended ones first, each with its problems (see {@link ResolvedRuleConfiguration.files}). */
  readonly files: readonly RuleConfigurationFile[];
  /** The rule layers in the order they apply: rules, and the overrides after them. */
  readonly layers: readonly { readonly rules: RuleConfiguration['rules']; readonly overrides: readonly RuleConfigurationOverride[] }[];
}

/**
 * Loads the {@link RuleConfigurationChain} for the document at `documentUri`: the nearest
 * `.pearlrc.json` upward (or `configUri`), then its `extends`, depth first and in order: a relative
 * path from the file's folder, a preset `pearl:<name>`, or a package's file (`pkg/pearlrc.json`)
 * looked for as Node looks for it: in `node_modules` of the file's folder and of each folder above
 * (with `.json` added when the name has no extension). A file or preset not found, a cycle (the
 * chain is named) and more than {@link maxExtendedFiles} files are problems on the `extends` entry.
 * Throws what `readFile` throws.
 */
export function loadRuleConfigurationChain(
  documentUri: string,
  readFile: ReadConfigurationFile | undefined,
  configUri?: string,
): RuleConfigurationChain {
  if (!readFile) return { file: undefined, files: [], layers: [] };
  const root = configUri !== undefined ? readConfigurationAt(configUri, readFile) : findRuleConfigurationFile(documentUri, readFile);
  if (!root) return { file: undefined, files: [], layers: [] };
  const files: RuleConfigurationFile[] = [];
  const layers: { rules: RuleConfiguration['rules']; overrides: readonly RuleConfigurationOverride[] }[] = [];
  let budget = maxExtendedFiles;
  const visit = (file: RuleConfigurationFile, chain: readonly string[]): RuleConfigurationFile => {
    const problems: LspDiagnostic[] = [];
    for (const entry of file.extends) {
      const problem = (message: string): void => {
        problems.push(createConfigurationDiagnostic(entry.range, RuleConfigurationCode.invalidExtends, message));
      };
      if (entry.specifier.startsWith('pearl:')) {
        const rules = getPresetRules(entry.specifier.slice('pearl:'.length));
        if (rules) layers.push({ rules, overrides: [] });
        else problem(`Unknown preset "${entry.specifier}": the presets are ${presetNames.map((name) => `"pearl:${name}"`).join(' and ')}.`);
        continue;
      }
      const found = findExtendedFile(entry.specifier, file.uri, readFile);
      if (!found) {
        problem(`"${entry.specifier}" names no file: ${describeExtendsLookup(entry.specifier)}. Its rules do not apply.`);
        continue;
      }
      if (chain.includes(found.uri) || found.uri === file.uri) {
        const names = [...chain, file.uri, found.uri].slice(chain.indexOf(found.uri) === -1 ? chain.length : chain.indexOf(found.uri));
        problem(`"extends" makes a cycle: ${names.map(shortName).join(' → ')}. The file is not read again.`);
        continue;
      }
      if (--budget < 0) {
        problem(`"extends" reads more than ${maxExtendedFiles} files: "${entry.specifier}" and what follows are not read.`);
        continue;
      }
      visit(parseCachedText(readFile, found.uri, found.text), [...chain, file.uri]);
    }
    const shown = problems.length > 0 ? { ...file, diagnostics: [...file.diagnostics, ...problems] } : file;
    files.push(shown);
    layers.push({ rules: file.configuration.rules, overrides: file.overrides });
    return shown;
  };
  const file = visit(root, []);
  return { file, files, layers };
}

/** The last path segments of a URI, as a cycle's message names files. */
function shortName(uri: string): string {
  const parts = uri.split('/');
  return decodeURIComponent(parts.slice(-2).join('/'));
}

/** Where a specifier is looked for, for the message of one not found. */
function describeExtendsLookup(specifier: string): string {
  return isRelativeSpecifier(specifier)
    ? "a relative path is read from this file's folder"
    : "a package's file is looked for in node_modules of this folder and of each folder above";
}

function isRelativeSpecifier(specifier: string): boolean {
  return specifier.startsWith('./') || specifier.startsWith('../') || specifier.startsWith('/');
}

/** The file an `extends` specifier of the file at `fromUri` names, read through `readFile`, or undefined. */
function findExtendedFile(specifier: string, fromUri: string, readFile: ReadConfigurationFile): { uri: string; text: string } | undefined {
  const candidates: string[] = [];
  const withExtension = (uri: string): string[] => (/\.[^/]*$/.test(specifier) ? [uri] : [uri, `${uri}.json`]);
  if (isRelativeSpecifier(specifier)) {
    try {
      candidates.push(...withExtension(new URL(specifier, fromUri).href));
    } catch {
      return undefined;
    }
  } else {
    // A package name: `name/...` or `@scope/name/...`; no `..` climbing out of node_modules.
    if (!/^(@[^/]+\/)?[^/.][^/]*(\/[^/]+)*$/.test(specifier) || specifier.split('/').includes('..')) return undefined;
    const path = specifier.split('/').map(encodeURIComponent).join('/');
    for (const folder of getParentFolders(fromUri)) candidates.push(...withExtension(`${folder}node_modules/${path}`));
  }
  for (const uri of candidates) {
    const text = readFile(uri);
    if (text !== undefined) return { uri, text };
  }
  return undefined;
}

/** The `.pearlrc.json` at `uri` (the host's choice), or one problem when there is none. */
function readConfigurationAt(uri: string, readFile: ReadConfigurationFile): RuleConfigurationFile {
  const text = readFile(uri);
  if (text !== undefined) return parseCachedText(readFile, uri, text);
  const start = { line: 0, character: 0 };
  return {
    uri,
    configuration: { rules: {} },
    extends: [],
    overrides: [],
    diagnostics: [
      createConfigurationDiagnostic({ start, end: start }, RuleConfigurationCode.invalidFile, 'There is no such file: no rule applies.'),
    ],
  };
}

/**
 * The rules of `chain` for the document at `documentUri`: each layer's rules, then those of its
 * overrides whose `files` match the document's path relative to the folder of the chain's file (and
 * no `excludedFiles` does), later ones replacing earlier ones; then `hostRules` on top.
 */
export function configurationForDocument(
  chain: RuleConfigurationChain,
  documentUri: string,
  hostRules: RuleConfiguration | undefined,
  inlineConfig = true,
): RuleConfiguration {
  const folder = chain.file ? chain.file.uri.slice(0, chain.file.uri.lastIndexOf('/') + 1) : '';
  const relative = chain.file && documentUri.startsWith(folder) ? safeDecode(documentUri.slice(folder.length)) : undefined;
  const rules: Record<string, RuleSeverityName> = {};
  for (const layer of chain.layers) {
    Object.assign(rules, layer.rules);
    for (const override of layer.overrides) {
      if (relative !== undefined && matchesOverride(relative, override)) Object.assign(rules, override.rules);
    }
  }
  const merged = mergeRuleConfigurations({ rules }, hostRules);
  return inlineConfig ? merged : { ...merged, inlineConfig: false };
}

function safeDecode(path: string): string | undefined {
  try {
    return decodeURIComponent(path);
  } catch {
    return undefined;
  }
}

/** Glob options as ESLint's overrides: dot files match, and a pattern without `/` matches a file's name. */
const globOptions = { dot: true, matchBase: true } as const;

/** Whether `relativePath` (with `/`) is matched by one of the override's `files` and none of its `excludedFiles`. */
export function matchesOverride(relativePath: string, override: RuleConfigurationOverride): boolean {
  return (
    override.files.some((glob) => minimatch(relativePath, glob, globOptions)) &&
    !override.excludedFiles.some((glob) => minimatch(relativePath, glob, globOptions))
  );
}

/**
 * The rules for the document at `documentUri`: those of the nearest `.pearlrc.json` (read through
 * `readFile`, the host's I/O; none without it) or `options.configUri`, with what it extends and its
 * matching overrides ({@link loadRuleConfigurationChain}, {@link configurationForDocument}), then
 * `hostRules` (the editor setting or the `--rule` options, already checked) on top. Throws what
 * `readFile` throws.
 */
export function resolveRuleConfiguration(
  documentUri: string,
  hostRules: RuleConfiguration | undefined,
  readFile: ReadConfigurationFile | undefined,
  options: RuleConfigurationOptions = {},
): ResolvedRuleConfiguration {
  const chain = loadRuleConfigurationChain(documentUri, readFile, options.configUri);
  return {
    configuration: configurationForDocument(chain, documentUri, hostRules, options.inlineConfig),
    file: chain.file,
    files: chain.files,
  };
}

/**
 * `diagnostics` of `doc` under `configuration` and the document's `pearl-disable` comments: the
 * configured severities ({@link applyRuleSeverities}), without what the comments turn off, and with
 * the comments' own problems. Codes the service would reject are never dropped nor lowered.
 */
export function configureDiagnostics(
  doc: PearlDocument,
  diagnostics: readonly Diagnostic[],
  configuration: RuleConfiguration,
): Diagnostic[] {
  const { textDocument } = doc;
  const configured = applyRuleSeverities(diagnostics, configuration);
  if (configuration.inlineConfig === false || hasNoDirective(doc)) return configured;
  return applyInlineDirectives(configured, findInlineDirectives(textDocument), textDocument, configuration.unusedDirectives);
}

/**
 * Whether `doc`'s text is known to hold no `pearl-disable` or `pearl-enable` comment, without
 * reading all of it: `JSON.parse` read it (strict JSON has no comment), or, on a keystroke, the
 * parse it was patched from held none, and neither does the edited string (an occurrence holds no
 * quote, so it is inside the string or outside it). Else the text is searched, and a parse without
 * any is remembered in the model's cache.
 */
function hasNoDirective(doc: PearlDocument): boolean {
  const cache = doc.modelCache;
  const patch = doc.stringPatch;
  const known =
    // Text `JSON.parse` read (it has a value shape) holds no comment, so no directive.
    doc.valueShape !== undefined ||
    cache.directiveFreeParse === doc.parseId ||
    (patch !== undefined && cache.directiveFreeParse === patch.from && !mayHaveDirective(patch.content));
  if (!known && mayHaveDirective(doc.textDocument.getText())) return false;
  cache.directiveFreeParse = doc.parseId;
  return true;
}
