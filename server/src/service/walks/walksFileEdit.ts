/**
 * "Save as walk" (docs/user/walks.md § Walk a conversation), planned by the language service like a
 * graph edit: the walks file beside a Pearl, `<name>.walks.json` for `<name>.pearl.json`, and the
 * edit appending one walk to it. A missing file is created with `"pearl"` naming the Pearl's file
 * and the walk; an existing one gets the walk at the end of its `walks` list, written in the file's
 * own indentation (spaces or tabs) and line endings, its comments and everything else untouched.
 * The host reads the walks file ({@link WalksFileText}); the client applies the `WorkspaceEdit`.
 */
import { modify, type Node as JsonNode, parseTree, type ParseError } from 'jsonc-parser';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { CreateFile, TextDocumentEdit, TextEdit, type WorkspaceEdit } from 'vscode-languageserver-types';
import type { SaveWalkTarget, WalkInput, WalkStep, WalkTrace, WalkValues } from '#protocol/walkTypes';
import { detectFormattingOptions } from '../document/indentation';
import type { PearlDocument } from '../document/pearlDocument';
import { walkPearl } from './walkEngine';

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

/**
 * A walks file as the host has it: the open document's text and version, else the file's text
 * read from disk (version null), else no text (there is no such file).
 */
export interface WalksFileText {
  readonly uri: string;
  /** Undefined when there is no such file. */
  readonly text: string | undefined;
  /** The open document's version; null when read from disk or missing. */
  readonly version: number | null;
}

/** A result of "Save as walk", or a sentence for the user saying why there is none. */
export type SaveWalkOutcome<T> = { readonly result: T } | { readonly refusal: string };

/** Why a Pearl that has no file has no walks file. */
const unsavedPearl = 'Save the Pearl file first: its walks file goes beside it.';

/**
 * The URI of the walks file beside the Pearl `pearlUri` (`booking.pearl.json` →
 * `booking.walks.json`, the rest of the URI as written), or a refusal when the Pearl is not a saved
 * file (an `untitled:` document, a URI without a path).
 */
export function walksFileOf(pearlUri: string): SaveWalkOutcome<string> {
  const place = splitPearlUri(pearlUri);
  return place === undefined ? { refusal: unsavedPearl } : { result: `${place.folder}${walksFileName(place.encodedName)}` };
}

/** The Pearl URI's folder part (up to its last `/`), its file name as in the URI and decoded; undefined when it has none. */
function splitPearlUri(pearlUri: string): { folder: string; encodedName: string; name: string } | undefined {
  let url: URL;
  try {
    url = new URL(pearlUri);
  } catch {
    return undefined;
  }
  if (url.protocol === 'untitled:' || /[?#]/.test(pearlUri) || !url.pathname.startsWith('/')) return undefined;
  const slash = pearlUri.lastIndexOf('/');
  const encodedName = pearlUri.slice(slash + 1);
  if (encodedName === '') return undefined;
  let name = encodedName;
  try {
    name = decodeURIComponent(encodedName);
  } catch {
    // A stray `%` is the name's own character.
  }
  return { folder: pearlUri.slice(0, slash + 1), encodedName, name };
}

/**
 * `pearl/prepareSaveWalk`: where `input` would be saved for the Pearl `doc`, given its walks file
 * `walksFile` (which {@link walksFileOf} names): the names taken and the name to offer. Refused
 * when the walk fails on a step (the user goes Back first), when the Pearl has no file, or when
 * the walks file is there but is not a walks file the walk can be added to.
 */
export function prepareSaveWalk(doc: PearlDocument, input: WalkInput, walksFile: WalksFileText): SaveWalkOutcome<SaveWalkTarget> {
  const checked = checkSave(doc, input, walksFile);
  if ('refusal' in checked) return checked;
  const last = checked.result.trace.frames[checked.result.trace.frames.length - 1];
  return {
    result: {
      walksFile: walksFile.uri,
      exists: walksFile.text !== undefined,
      takenNames: walksFile.text === undefined ? [] : walkNamesIn(walksFile.text),
      suggestedName: last === undefined ? 'A walk' : `Reaches ${last.name ?? last.nodeId ?? last.typeName}`,
    },
  };
}

/**
 * `pearl/saveWalk`: the edit saving `input` as the walk `name` (trimmed) in `walksFile`: a
 * `CreateFile` and its text when there is no file, else one replacement in the file's text at its
 * `version`. Refused as {@link prepareSaveWalk} is, and for an empty name or one already taken.
 */
export function planSaveWalk(doc: PearlDocument, input: WalkInput, name: string, walksFile: WalksFileText): SaveWalkOutcome<WorkspaceEdit> {
  const checked = checkSave(doc, input, walksFile);
  if ('refusal' in checked) return checked;
  const walkName = name.trim();
  if (walkName === '') return { refusal: 'Give the walk a name.' };
  const { text } = walksFile;
  if (text !== undefined && walkNamesIn(text).includes(walkName)) return { refusal: `A walk named "${walkName}" is already in the file.` };
  const walk: SavedWalk = { name: walkName, variables: input.variables ?? {}, steps: input.steps, end: checked.result.trace.ended };
  const change = planWalksFileChange(text, checked.result.pearlFileName, walk);
  if (change.kind === 'refused') return { refusal: `${checked.result.walksFileName}: ${change.message}` };
  if (text === undefined) {
    const created = change.kind === 'create' ? change.text : '';
    return {
      result: {
        documentChanges: [
          CreateFile.create(walksFile.uri, { overwrite: false, ignoreIfExists: false }),
          TextDocumentEdit.create({ uri: walksFile.uri, version: null }, [TextEdit.insert({ line: 0, character: 0 }, created)]),
        ],
      },
    };
  }
  // A blank file is written whole; otherwise the one replacement, at offsets of `text`.
  const [offset, length, newText] = change.kind === 'create' ? [0, text.length, change.text] : [change.offset, change.length, change.text];
  const document = TextDocument.create(walksFile.uri, 'jsonc', 0, text);
  const range = { start: document.positionAt(offset), end: document.positionAt(offset + length) };
  return {
    result: {
      documentChanges: [TextDocumentEdit.create({ uri: walksFile.uri, version: walksFile.version }, [TextEdit.replace(range, newText)])],
    },
  };
}

/** What both steps of "Save as walk" check: the Pearl has a file, the walk does not fail, the walks file can take a walk. */
function checkSave(
  doc: PearlDocument,
  input: WalkInput,
  walksFile: WalksFileText,
): SaveWalkOutcome<{ trace: WalkTrace; pearlFileName: string; walksFileName: string }> {
  const pearl = splitPearlUri(doc.textDocument.uri);
  if (pearl === undefined) return { refusal: unsavedPearl };
  const trace = walkPearl(doc, input);
  if (trace.failure !== undefined) {
    return {
      refusal:
        trace.failure.step < 0 ? trace.failure.message : `The walk stops at step ${trace.failure.step + 1}: go Back before saving it.`,
    };
  }
  const walksFileName = splitPearlUri(walksFile.uri)?.name ?? walksFile.uri;
  if (walksFile.text !== undefined && walksFile.text.trim() !== '') {
    // The same checks as the append, on a walk that only stands in for the one to come.
    const probe = planWalksFileChange(walksFile.text, pearl.name, { name: '', variables: {}, steps: [], end: false });
    if (probe.kind === 'refused') return { refusal: `${walksFileName}: ${probe.message}` };
  }
  return { result: { trace, pearlFileName: pearl.name, walksFileName } };
}
