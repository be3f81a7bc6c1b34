import { applyEdits, findNodeAtLocation, type JSONPath, modify, parse, parseTree } from 'jsonc-parser';

/** The manifest beside the templates (`templates/templates.json`) that lists them, in quick-pick order. */
export const templateManifestFile = 'templates.json';

/**
 * One entry of `templates/templates.json`: a starting point of "Pearl: New Pearl…". The template
 * itself is a plain `*.pearl.json` file that lints clean; the manifest adds how it is offered.
 */
export interface PearlTemplate {
  /** Stable id (`text-inbound`). */
  readonly id: string;
  /** The quick pick's label ("Text inbound"). */
  readonly label: string;
  /** The quick pick's description: what kind of Pearl it is. */
  readonly description: string;
  /** The quick pick's detail line: the small agent it holds. */
  readonly detail: string;
  /** The template's file name in `templates/` (`text-inbound.pearl.json`). */
  readonly file: string;
  /** Suggested file name of a new Pearl, without `.pearl.json` (`customer-chat`). */
  readonly fileName: string;
  /**
   * The string values to fill in first, in tab order: JSON paths from the root
   * (`["pearl", "agents", 0, "name"]`). Each must name a string value of the template.
   */
  readonly tabStops: readonly JSONPath[];
  /**
   * Where a tab stop's text is repeated: in each string at `in` (JSON paths of string values), every
   * occurrence of tab stop `tabStop`'s text (1-based, as a whole word) is a mirror of it, so what the
   * user types there is typed there too (the agent's name in the greeting that says "this is Nora").
   */
  readonly mirrors: readonly TemplateMirror[];
}

/** One entry of a template's `mirrors`: tab stop `tabStop`'s text, mirrored in the strings at `in`. */
export interface TemplateMirror {
  readonly tabStop: number;
  readonly in: readonly JSONPath[];
}

/**
 * A piece of the snippet a template becomes: text as it is, or the text of tab stop `tabStop`
 * (1-based); `mirror` when it repeats that tab stop's text elsewhere (VS Code links the two).
 */
export type SnippetPart = { readonly text: string; readonly tabStop?: number; readonly mirror?: boolean };

/**
 * The templates of `templates.json`, from its text (`file` names it in errors; the caller reads it,
 * with `workspace.fs` in the extension, so it works on both extension hosts). Throws an Error naming
 * the file and the entry when the manifest is malformed (a packaging defect, not a user error).
 */
export function parseTemplateManifest(text: string, file: string): PearlTemplate[] {
  const manifest = JSON.parse(text) as { templates?: unknown };
  if (!Array.isArray(manifest.templates)) throw new Error(`${file}: "templates" is not an array`);
  return manifest.templates.map((entry: unknown, index) => {
    const template = entry as Partial<Record<keyof PearlTemplate, unknown>>;
    const strings = ['id', 'label', 'description', 'detail', 'file', 'fileName'] as const;
    const valid =
      strings.every((key) => typeof template[key] === 'string') &&
      Array.isArray(template.tabStops) &&
      template.tabStops.every(isJsonPath) &&
      (template.mirrors === undefined || (Array.isArray(template.mirrors) && template.mirrors.every(isMirror)));
    if (!valid) throw new Error(`${file}: templates[${index}] lacks a string ${strings.join('/')}, its tabStops, or has malformed mirrors`);
    return { ...template, mirrors: template.mirrors ?? [] } as PearlTemplate;
  });
}

function isJsonPath(value: unknown): value is JSONPath {
  return Array.isArray(value) && value.every((part) => typeof part === 'string' || typeof part === 'number');
}

function isMirror(value: unknown): value is TemplateMirror {
  const mirror = value as Partial<Record<keyof TemplateMirror, unknown>> | null;
  return (
    typeof mirror === 'object' &&
    mirror !== null &&
    Number.isInteger(mirror.tabStop) &&
    Array.isArray(mirror.in) &&
    mirror.in.every(isJsonPath)
  );
}

/** The `$schema` value of a template's text (`../schemas/text-pearl.schema.json`), if it has one. */
export function getSchemaReference(text: string): string | undefined {
  const value = (parse(text) as { $schema?: unknown } | undefined)?.$schema;
  return typeof value === 'string' ? value : undefined;
}

/**
 * The `$schema` value for a new file in `fromDir`: the relative path (with `/`) to `schemaFile`
 * when the workspace holds the schema, else its bare file name (`text-pearl.schema.json`), which
 * still tells the language server the kind (it matches `$schema` by file name).
 *
 * @param fromDir absolute path (with `/`, a URI's path) of the folder of the new file.
 * @param schemaFile absolute path (with `/`) of the schema found in the workspace, if any.
 * @param schemaFileName the schema's file name, used when none was found.
 */
export function relativeSchemaReference(fromDir: string, schemaFile: string | undefined, schemaFileName: string): string {
  if (schemaFile === undefined) return schemaFileName;
  const relative = relativePath(fromDir, schemaFile);
  return relative.startsWith('.') ? relative : `./${relative}`;
}

/** The path from folder `from` to `to`, both absolute with `/` (as node's `path.posix.relative`). */
function relativePath(from: string, to: string): string {
  const fromParts = from.split('/').filter((part) => part !== '');
  const toParts = to.split('/').filter((part) => part !== '');
  let common = 0;
  while (common < fromParts.length && common < toParts.length && fromParts[common] === toParts[common]) common++;
  return [...fromParts.slice(common).map(() => '..'), ...toParts.slice(common)].join('/');
}

/** `text` with its top-level `$schema` value replaced by `reference` (nothing else changes). */
export function withSchemaReference(text: string, reference: string): string {
  return applyEdits(text, modify(text, ['$schema'], reference, {}));
}

/** A range of the template's text that becomes a tab stop or a mirror of one. */
interface StopRange {
  readonly start: number;
  readonly end: number;
  readonly tabStop: number;
  readonly mirror: boolean;
}

/**
 * Splits a template's text into the parts of a snippet: the template as it is, with the contents
 * of each string at `tabStops` (between its quotes, JSON escapes kept) as a tab stop numbered in the
 * order given, and each whole-word occurrence of a tab stop's text in the strings its `mirrors` name
 * as a mirror of it. The parts joined give back `text` exactly. Throws an Error naming the path when
 * a tab stop or a mirror's string is not a string value of the template, or a mirror's string does
 * not hold its tab stop's text.
 */
export function toSnippetParts(text: string, tabStops: readonly JSONPath[], mirrors: readonly TemplateMirror[] = []): SnippetPart[] {
  const root = parseTree(text);
  const stringAt = (jsonPath: JSONPath, what: string): { start: number; end: number } => {
    const node = root === undefined ? undefined : findNodeAtLocation(root, [...jsonPath]);
    if (node?.type !== 'string') throw new Error(`the ${what} ${JSON.stringify(jsonPath)} is not a string value of the template`);
    return { start: node.offset + 1, end: node.offset + node.length - 1 };
  };
  const stops: StopRange[] = tabStops.map((jsonPath, index) => ({ ...stringAt(jsonPath, 'tab stop'), tabStop: index + 1, mirror: false }));
  for (const mirror of mirrors) {
    const original = stops[mirror.tabStop - 1] as StopRange | undefined;
    if (original === undefined) throw new Error(`a mirror names tab stop ${mirror.tabStop}, which the template does not have`);
    const word = text.slice(original.start, original.end);
    for (const jsonPath of mirror.in) {
      const found = wholeWordRanges(text, stringAt(jsonPath, 'mirror'), word);
      if (found.length === 0) throw new Error(`the mirror ${JSON.stringify(jsonPath)} does not hold ${JSON.stringify(word)}`);
      stops.push(...found.map((range) => ({ ...range, tabStop: mirror.tabStop, mirror: true })));
    }
  }
  stops.sort((a, b) => a.start - b.start);
  const parts: SnippetPart[] = [];
  let offset = 0;
  for (const stop of stops) {
    if (stop.start < offset) throw new Error('two tab stops of the template overlap');
    if (stop.start > offset) parts.push({ text: text.slice(offset, stop.start) });
    const part = { text: text.slice(stop.start, stop.end), tabStop: stop.tabStop };
    parts.push(stop.mirror ? { ...part, mirror: true } : part);
    offset = stop.end;
  }
  if (offset < text.length) parts.push({ text: text.slice(offset) });
  return parts;
}

/** The ranges of `text` within `within` where `word` occurs with no letter or digit either side. */
function wholeWordRanges(text: string, within: { start: number; end: number }, word: string): { start: number; end: number }[] {
  const ranges: { start: number; end: number }[] = [];
  if (word === '') return ranges;
  const isWordCharacter = (index: number): boolean => index >= within.start && index < within.end && /[\p{L}\p{N}_]/u.test(text[index]);
  for (let at = text.indexOf(word, within.start); at >= 0 && at + word.length <= within.end; at = text.indexOf(word, at + word.length)) {
    if (!isWordCharacter(at - 1) && !isWordCharacter(at + word.length)) ranges.push({ start: at, end: at + word.length });
  }
  return ranges;
}
