/**
 * "Save as walk" (issue 18: the walks file format, docs/user/walks.md § Walk a conversation): the text change that appends one walk to
 * the walks file beside a Pearl, `<name>.walks.json` for `<name>.pearl.json`. A missing file is
 * created with `"pearl"` naming the Pearl's file and the walk; an existing one gets the walk at the
 * end of its `walks` list, written in the file's own indentation (spaces or tabs) and line endings,
 * its comments and everything else untouched. Imports nothing from `vscode`: the host turns the
 * change into one `WorkspaceEdit`, the unit tests read the text.
 */
import { modify, type Node as JsonNode, parseTree, type ParseError } from 'jsonc-parser';
import { detectFormattingOptions } from '../../../../server/src/service/document/indentation';
import type { WalkStep, WalkValues } from '#protocol/walkTypes';

/** One walk as the walks file keeps it. */
export interface SavedWalk {
  readonly name: string;
  /** Values known before the conversation. */
  readonly variables: WalkValues;
  readonly steps: readonly WalkStep[];
  /** The walk must finish at EndCall (true when the walk saved did). */
  readonly end: boolean;
}

/**
 * What to do to the walks file: create it with `text`; replace `length` characters at `offset` of
 * the existing text with `text`; or nothing, with a sentence saying why (the file does not parse, or
 * its root or its `walks` is not what the format says).
 */
export type WalksFileChange =
  | { readonly kind: 'create'; readonly text: string }
  | { readonly kind: 'edit'; readonly offset: number; readonly length: number; readonly text: string }
  | { readonly kind: 'refused'; readonly message: string };

/** Lines longer than this are written over several lines (a step, the variables). */
const inlineWidth = 100;

/** The walks file's name for a Pearl file's name: `booking.pearl.json` → `booking.walks.json`. */
export function walksFileName(pearlFileName: string): string {
  const base = pearlFileName.replace(/\.pearl\.json$/i, '').replace(/\.json$/i, '');
  return `${base}.walks.json`;
}

/**
 * The change appending `walk` to the walks file whose text is `existing` (undefined: there is none
 * yet) of the Pearl file named `pearlFileName` (beside it).
 */
export function planWalksFileChange(existing: string | undefined, pearlFileName: string, walk: SavedWalk): WalksFileChange {
  if (existing === undefined || existing.trim() === '') {
    const unit = '  ';
    const text = [
      '{',
      `${unit}"pearl": ${JSON.stringify(pearlFileName)},`,
      `${unit}"walks": [`,
      walkText(walk, unit, 2),
      `${unit}]`,
      '}',
      '',
    ];
    return { kind: 'create', text: text.join('\n') };
  }
  const errors: ParseError[] = [];
  const root = parseTree(existing, errors, { allowTrailingComma: true });
  if (errors.length > 0 || root === undefined)
    return { kind: 'refused', message: 'The walks file does not parse: fix it, then save the walk again.' };
  if (root.type !== 'object') return { kind: 'refused', message: 'The walks file is not a JSON object: fix it, then save the walk again.' };
  const options = detectFormattingOptions(existing);
  const unit = options.insertSpaces === false ? '\t' : ' '.repeat(options.tabSize ?? 2);
  const eol = options.eol ?? '\n';
  const walks = root.children?.find((property) => property.children?.[0]?.value === 'walks')?.children?.[1];
  if (walks === undefined) {
    const [edit] = modify(existing, ['walks'], [], { formattingOptions: options });
    if (edit === undefined) return { kind: 'refused', message: 'The walks file could not be extended.' };
    const withList = existing.slice(0, edit.offset) + edit.content + existing.slice(edit.offset + edit.length);
    // Plan the append on the text with an empty list, then give the one replacement of both.
    const appended = planWalksFileChange(withList, pearlFileName, walk);
    if (appended.kind !== 'edit') return appended;
    const merged = withList.slice(0, appended.offset) + appended.text + withList.slice(appended.offset + appended.length);
    return { kind: 'edit', offset: 0, length: existing.length, text: merged };
  }
  if (walks.type !== 'array')
    return { kind: 'refused', message: 'The walks file\'s "walks" is not a list: fix it, then save the walk again.' };
  return appendTo(existing, walks, walk, unit, eol);
}

/** The edit adding `walk` at the end of the list `walks`. */
function appendTo(text: string, walks: JsonNode, walk: SavedWalk, unit: string, eol: string): WalksFileChange {
  const listIndent = indentOfLine(text, walks.offset);
  const last = walks.children?.[walks.children.length - 1];
  if (last === undefined) {
    // `[]` (with whatever is inside, comments only): the walk between the brackets.
    const inner = `${eol}${walkText(walk, unit, 0, listIndent + unit)
      .split('\n')
      .join(eol)}${eol}${listIndent}`;
    const close = walks.offset + walks.length - 1;
    return { kind: 'edit', offset: walks.offset + 1, length: close - walks.offset - 1, text: inner };
  }
  const itemIndent = indentOfLine(text, last.offset);
  const entry = walkText(walk, unit, 0, itemIndent).split('\n').join(eol);
  const end = last.offset + last.length;
  // A line comment after the last walk stays with it: the new walk goes on the next line.
  const rest = /^[ \t]*\/\/[^\r\n]*/.exec(text.slice(end))?.[0];
  if (rest !== undefined) return { kind: 'edit', offset: end, length: rest.length, text: `,${rest}${eol}${entry}` };
  return { kind: 'edit', offset: end, length: 0, text: `,${eol}${entry}` };
}

/**
 * The walk as JSON text, each line starting with `indent` (or `unit` × `level` when `indent` is not
 * given), lines joined by `\n`: name, variables, steps one per line, end.
 */
export function walkText(walk: SavedWalk, unit: string, level: number, indent = unit.repeat(level)): string {
  const inner = indent + unit;
  const lines = [`${indent}{`, `${inner}"name": ${JSON.stringify(walk.name)},`];
  lines.push(`${inner}"variables": ${valueText(walk.variables, unit, inner)},`);
  if (walk.steps.length === 0) lines.push(`${inner}"steps": [],`);
  else {
    lines.push(`${inner}"steps": [`);
    walk.steps.forEach((step, index) => {
      lines.push(`${inner}${unit}${valueText(step, unit, inner + unit)}${index < walk.steps.length - 1 ? ',' : ''}`);
    });
    lines.push(`${inner}],`);
  }
  lines.push(`${inner}"end": ${walk.end}`, `${indent}}`);
  return lines.join('\n');
}

/** `value` on one line (`{ "take": "Yes" }`) when short enough, else expanded with `unit`, continuing at `indent`. */
function valueText(value: unknown, unit: string, indent: string): string {
  const inline = inlineJson(value);
  if (inline.length + indent.length <= inlineWidth) return inline;
  return JSON.stringify(value, null, unit).split('\n').join(`\n${indent}`);
}

/** JSON on one line with a space inside braces and after colons and commas, as the issue writes steps. */
function inlineJson(value: unknown): string {
  if (Array.isArray(value)) return value.length === 0 ? '[]' : `[${value.map(inlineJson).join(', ')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, entry]) => entry !== undefined);
    return entries.length === 0 ? '{}' : `{ ${entries.map(([key, entry]) => `${JSON.stringify(key)}: ${inlineJson(entry)}`).join(', ')} }`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** The white space at the start of the line holding `offset`. */
function indentOfLine(text: string, offset: number): string {
  const start = text.lastIndexOf('\n', offset - 1) + 1;
  return /^[ \t]*/.exec(text.slice(start, offset))?.[0] ?? '';
}

/** The names of the walks in a walks file's text (to refuse a name already used); none when it does not parse. */
export function walkNamesIn(text: string): string[] {
  const root = parseTree(text, [], { allowTrailingComma: true });
  const walks = root?.children?.find((property) => property.children?.[0]?.value === 'walks')?.children?.[1];
  const names: string[] = [];
  for (const walk of walks?.children ?? []) {
    const name: unknown = walk.children?.find((property) => property.children?.[0]?.value === 'name')?.children?.[1]?.value;
    if (typeof name === 'string') names.push(name);
  }
  return names;
}
