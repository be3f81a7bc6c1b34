/**
 * Typing inside a string value without parsing again: {@link findStringEdit} compares the earlier
 * text with the new one and describes the edit when it stays inside one string value the model
 * does not read; {@link applyStringEdit} sets it into the earlier value (and tree, when built). The
 * parse entry (parsePearlDocument in pearlDocument.ts) makes the new parse from the description:
 * this module knows nothing of the parse.
 */
import type { Position, Range } from 'vscode-languageserver-types';
import type { StringLiteral, StringSpan } from './jsonLocator';
import { findNodeAtOffset, getNodePath, JsonNode, JsonTree } from './jsonTree';
import { JsonPath, valueAtPath } from './jsonValue';

/**
 * An edit inside one string value that turned one parse's text into the next one's: the string
 * literal starts at `offset` (the same in both texts) and its length changed by `delta` from
 * `oldLength`. The literal holds no line break, so lines are unchanged and only what follows the
 * literal on its line moves, by `delta` characters (UTF-16 code units).
 */
export interface StringPatch {
  /** `PearlDocument.parseId` of the parse the edit was applied to. */
  readonly from: number;
  readonly offset: number;
  readonly oldLength: number;
  readonly delta: number;
  /** The edited string value's path from the root (the same in both parses). */
  readonly path: JsonPath;
  /** The string's value before the edit (decoded) and after it (written without escapes). */
  readonly oldContent: string;
  readonly content: string;
}

/** A value computed for one parse and kept in its model's cache (pearlModel.ts `ModelCache`): the parse's id and the value. */
export interface KeptForParse<T> {
  readonly parseId: number;
  readonly value: T;
}

/**
 * What to keep for the parse of `doc`, given what was `kept` for an earlier one: `kept` itself when
 * it is this parse's; when this parse was patched from kept's by an edit inside a string, what
 * `carry` makes of its value (moved past the edit; undefined when the edit may have changed it);
 * else what `compute` gives. The caller stores the result for the next parse.
 */
export function keepAcrossStringEdit<T>(
  doc: { readonly parseId: number; readonly stringPatch: StringPatch | undefined },
  kept: KeptForParse<T> | undefined,
  carry: (value: T, patch: StringPatch) => T | undefined,
  compute: () => T,
): KeptForParse<T> {
  if (kept && kept.parseId === doc.parseId) return kept;
  const patch = doc.stringPatch;
  const carried = kept && patch && kept.parseId === patch.from ? carry(kept.value, patch) : undefined;
  return { parseId: doc.parseId, value: carried ?? compute() };
}

/** A span of a text: offset and length in UTF-16 code units (textSpan.ts's TextSpan, which imports the parse). */
type PatchedSpan = { readonly offset: number; readonly length: number };

/**
 * Where `span` of the text `patch` was applied to lies in the patched text: a span after the edited
 * string literal moves by the edit's length, one around it (a container holding the string) grows
 * by it, one before it stays. (A span of the literal itself is not one this answers for: its
 * content changed.) The literal holds no line break, so a span's line is the same in both texts.
 */
export function spanAfterPatch(span: PatchedSpan, patch: StringPatch): PatchedSpan {
  if (span.offset > patch.offset) return { offset: span.offset + patch.delta, length: span.length };
  if (span.offset + span.length > patch.offset) return { offset: span.offset, length: span.length + patch.delta };
  return { offset: span.offset, length: span.length };
}

/**
 * How ranges (LSP positions) of the text `patch` was applied to lie in the patched text, for
 * `positionAt` of either text (they agree up to the edited literal): a position after the literal
 * on its line moves by the edit's length, every other stays. `move` gives the same range object
 * when nothing of it moves, and undefined for a range with an end inside the edited literal (what
 * it spans changed: the caller computes it again); `line` is the edited literal's line, the only
 * one whose positions move.
 */
export function rangeMoverAfterPatch(
  patch: StringPatch,
  positionAt: (offset: number) => Position,
): { readonly line: number; readonly move: (range: Range) => Range | undefined } {
  const { line, character } = positionAt(patch.offset);
  const oldEnd = character + patch.oldLength;
  const inside = (position: Position): boolean => position.line === line && position.character > character && position.character < oldEnd;
  const movePosition = (position: Position): Position =>
    position.line === line && position.character >= oldEnd ? { line, character: position.character + patch.delta } : position;
  const move = (range: Range): Range | undefined => {
    if (inside(range.start) || inside(range.end)) return undefined;
    const start = movePosition(range.start);
    const end = movePosition(range.end);
    return start === range.start && end === range.end ? range : { start, end };
  };
  return { line, move };
}

/**
 * What changed in a text since an earlier version, as an editor's document that keeps its edits can
 * say without reading its whole text (the language server's, server/src/editorTextDocument.ts): the
 * earlier text's `[offset, offset + oldLength)` became `text`. Offsets in UTF-16 code units.
 */
export interface TextEditSince {
  readonly offset: number;
  readonly oldLength: number;
  readonly text: string;
}

/**
 * A text document that can describe its edits since an earlier version
 * ({@link TextEditSince}), so that typing in a string does not read the whole new text: in a
 * large file, the first read of a text built from pieces copies all of it into fresh memory.
 */
export interface EditTrackingDocument {
  /** The edits since `version` as one replacement, or undefined when they are not known (then the texts are compared). */
  editSince(version: number): TextEditSince | undefined;
}

/** Whether `document` is an {@link EditTrackingDocument}. */
export function isEditTrackingDocument(document: object): document is EditTrackingDocument {
  return typeof (document as Partial<EditTrackingDocument>).editSince === 'function';
}

/** What {@link findStringEdit} reads of the earlier parse. */
export interface StringEditBase {
  /** The earlier text (the editor's; a byte order mark means no patch). Read only when the edit is not known ({@link TextEditSince}). */
  readonly text: string;
  /** Whether the earlier text starts with a byte order mark (then no patch). */
  readonly byteOrderMark: boolean;
  /** Its plain value; undefined (no value, or nested too deeply) means no patch. */
  readonly value: unknown;
  /** Its syntax tree when built; undefined when not (then {@link stringAt} finds the string). */
  readonly tree: JsonTree | undefined;
  /** The string literal around `offset` in the earlier text, found without a tree; asked only when {@link tree} is undefined. */
  stringAt(offset: number): StringLiteral | undefined;
}

/** An edit inside one string value, as {@link findStringEdit} found it. Offsets in UTF-16 code units. */
export interface StringEdit {
  /** The string value's path, and its literal in the new text (quotes included). */
  readonly literal: StringSpan;
  /** The string's new value: the new text between its quotes, which holds no escape. */
  readonly content: string;
  /** The string's value before the edit. */
  readonly oldContent: string;
  /** The new text's length minus the earlier one's. */
  readonly delta: number;
  /** The object or array holding the string in the earlier value, and the string's key there. */
  readonly holder: { readonly container: Record<string | number, unknown>; readonly key: string | number };
  /** The string's node in the earlier tree, when that tree is built. */
  readonly node: JsonNode | undefined;
}

/**
 * Keys whose string values the Pearl model reads when it is built (nodeId, names, toNodeId, variable
 * ids, `$schema`): an edit of one of them, wherever the key is, changes the model, so it is parsed
 * again. These are the only string values a check whose diagnostics are kept across patched parses
 * may read (rules/structuralModel.ts holds it to them).
 */
export const modelStringKeys = ['nodeId', 'name', 'toNodeId', 'id', '$schema'] as const;

/** One of {@link modelStringKeys}. */
export type ModelStringKey = (typeof modelStringKeys)[number];

const modelKeys: ReadonlySet<string> = new Set(modelStringKeys);

/** Characters compared at once while looking for where two texts differ. */
const chunk = 4096;

/**
 * The edit that turns the earlier text of `previous` into `text`, when the two differ only inside
 * one string value that the model does not read (typing in a script, a description, an URL).
 * Undefined (parse again) whenever the edit could change anything else: a key, an escape, a quote,
 * a control character, a string with a syntax error, a document with duplicate keys, without a
 * value or with a byte order mark. Reads the texts up to the edit, or neither of them when `since`
 * (the editor's description of the edit) is given; changes nothing.
 */
export function findStringEdit(previous: StringEditBase, text: string, since?: TextEditSince): StringEdit | undefined {
  const { tree, value } = previous;
  if (value === undefined || (tree && (!tree.root || tree.duplicateKeys.length > 0))) return undefined;
  if (previous.byteOrderMark) return undefined;
  if (since) return findKnownStringEdit(previous, since);
  const oldText = previous.text;
  if (text.charCodeAt(0) === 0xfeff || oldText.charCodeAt(0) === 0xfeff) return undefined;
  const { start, oldEnd } = findChangedSpan(oldText, text);
  const delta = text.length - oldText.length;
  const found = tree ? findStringInTree(tree, start) : findStringWithoutTree(previous, start);
  if (!found) return undefined;
  const { literal, node } = found;
  const closingQuote = literal.offset + literal.length - 1;
  if (start < literal.offset + 1 || oldEnd > closingQuote || oldText.charCodeAt(closingQuote) !== 0x22 /* " */) return undefined;
  const key = literal.path[literal.path.length - 1];
  if (typeof key === 'string' && modelKeys.has(key)) return undefined;
  // Only a string without escapes has its text as its value.
  const content = text.slice(literal.offset + 1, closingQuote + delta);
  if (!isPlainStringContent(content)) return undefined;
  const holder = findStringHolder(value, literal.path);
  if (!holder) return undefined;
  const oldContent = holder.container[holder.key] as string;
  return {
    literal: { path: literal.path, offset: literal.offset, length: literal.length + delta },
    content,
    oldContent,
    delta,
    holder,
    node,
  };
}

/**
 * {@link findStringEdit} when the editor says what changed (`since`): reads neither text whole. The
 * earlier string must be written without escapes (its literal is its value and two quotes long),
 * so that its new value is the old one with the edit applied.
 */
function findKnownStringEdit(previous: StringEditBase, since: TextEditSince): StringEdit | undefined {
  const { tree, value } = previous;
  const start = since.offset;
  const oldEnd = since.offset + since.oldLength;
  const delta = since.text.length - since.oldLength;
  const found = tree ? findStringInTree(tree, start) : findStringWithoutTree(previous, start);
  if (!found) return undefined;
  const { literal, node } = found;
  const closingQuote = literal.offset + literal.length - 1;
  if (start < literal.offset + 1 || oldEnd > closingQuote) return undefined;
  const key = literal.path[literal.path.length - 1];
  if (typeof key === 'string' && modelKeys.has(key)) return undefined;
  const holder = findStringHolder(value, literal.path);
  if (!holder) return undefined;
  const oldContent = holder.container[holder.key] as string;
  if (oldContent.length !== literal.length - 2 || !isPlainStringContent(oldContent)) return undefined;
  const from = start - literal.offset - 1;
  const content = oldContent.slice(0, from) + since.text + oldContent.slice(oldEnd - literal.offset - 1);
  if (!isPlainStringContent(content)) return undefined;
  return {
    literal: { path: literal.path, offset: literal.offset, length: literal.length + delta },
    content,
    oldContent,
    delta,
    holder,
    node,
  };
}

/**
 * Sets `edit` into the earlier value it was found in and, when `tree` (the earlier tree the edit's
 * node belongs to) is given, into the tree: the string's node takes the new value and length,
 * every node after it moves by the length difference, its ancestors grow or shrink by it, syntax
 * errors and trailing commas after it move. Linear in the number of nodes, allocating nothing per
 * node. The earlier value and tree are changed in place: whoever held them must not read them as
 * the earlier text's any more.
 */
export function applyStringEdit(edit: StringEdit, tree: JsonTree | undefined): void {
  edit.holder.container[edit.holder.key] = edit.content;
  const node: MutableNode | undefined = edit.node;
  if (!tree || !node) return;
  const { delta } = edit;
  shiftNodesAfter(node, delta);
  for (let ancestor: MutableNode | undefined = node.parent; ancestor; ancestor = ancestor.parent) ancestor.length += delta;
  node.length += delta;
  node.value = edit.content;
  const shift = (offset: number): number => (offset > node.offset ? offset + delta : offset);
  tree.errors = tree.errors.map((error) => ({ ...error, offset: shift(error.offset) }));
  tree.trailingCommas = tree.trailingCommas.map(shift);
  if (tree.comments.length > 0) tree.comments = tree.comments.map((comment) => ({ offset: shift(comment.offset), length: comment.length }));
}

/** Where two texts differ: `[start, oldEnd)` of the old text became `[start, newEnd)` of the new one. */
function findChangedSpan(oldText: string, text: string): { start: number; oldEnd: number } {
  const shorter = Math.min(oldText.length, text.length);
  // Whole chunks first (a native comparison), then character by character.
  let start = 0;
  while (start + chunk <= shorter && oldText.slice(start, start + chunk) === text.slice(start, start + chunk)) start += chunk;
  while (start < shorter && oldText.charCodeAt(start) === text.charCodeAt(start)) start++;
  let suffix = 0;
  while (
    suffix + chunk <= shorter - start &&
    oldText.slice(oldText.length - suffix - chunk, oldText.length - suffix) ===
      text.slice(text.length - suffix - chunk, text.length - suffix)
  ) {
    suffix += chunk;
  }
  while (suffix < shorter - start && oldText.charCodeAt(oldText.length - 1 - suffix) === text.charCodeAt(text.length - 1 - suffix)) {
    suffix++;
  }
  return { start, oldEnd: oldText.length - suffix };
}

/** The string value literal the tree has at `offset` (not a key, no syntax error in it), with its node. */
function findStringInTree(tree: JsonTree, offset: number): { literal: StringSpan; node: JsonNode } | undefined {
  const node = tree.root && findNodeAtOffset(tree.root, offset);
  if (!node || node.type !== 'string' || typeof node.value !== 'string') return undefined;
  const property = node.parent;
  if (property?.type === 'property' && property.children?.[0] === node) return undefined;
  if (tree.errors.some((error) => error.offset < node.offset + node.length && error.offset + error.length > node.offset)) return undefined;
  return { literal: { path: getNodePath(node), offset: node.offset, length: node.length }, node };
}

/** The string value literal at `offset` of strict JSON without a tree: one descent through the text (jsonLocator.ts). */
function findStringWithoutTree(previous: StringEditBase, offset: number): { literal: StringSpan; node: undefined } | undefined {
  const literal = previous.stringAt(offset);
  return literal && !literal.isKey ? { literal, node: undefined } : undefined;
}

/** A tree node being patched: the parse's nodes are updated in place. */
type MutableNode = { -readonly [K in keyof JsonNode]: JsonNode[K] } & { parent?: MutableNode };

/** No quote, backslash or control character: the raw text of a string literal is its value. */
function isPlainStringContent(content: string): boolean {
  for (let i = 0; i < content.length; i++) {
    const code = content.charCodeAt(i);
    if (code < 0x20 || code === 0x22 || code === 0x5c) return false;
  }
  return true;
}

/**
 * Moves every node that starts after `edited` (a string value, not a key) by `delta`: the children
 * after it of each of its ancestors, with everything in them. Nothing before it is visited (a
 * keystroke late in a 5,000-node Pearl tested the 4,500 elements of `pearl.nodes` before it), and
 * no ancestor moves (each starts before it, and a property ancestor's colon is before its value).
 * Iterative: no nesting depth can overflow the stack.
 */
function shiftNodesAfter(edited: JsonNode, delta: number): void {
  const stack: MutableNode[] = [];
  let child: JsonNode = edited;
  for (let parent = edited.parent; parent; child = parent, parent = parent.parent) {
    const siblings = parent.children;
    if (!siblings) continue;
    for (let i = siblings.indexOf(child) + 1; i > 0 && i < siblings.length; i++) stack.push(siblings[i]);
    while (stack.length > 0) {
      const current = stack.pop() as MutableNode;
      current.offset += delta;
      if (current.colonOffset !== undefined) current.colonOffset += delta;
      const children = current.children;
      if (children) for (let i = 0; i < children.length; i++) stack.push(children[i]);
    }
  }
}

/** The object or array holding the string at `path` of a plain JSON value, and its key there. */
function findStringHolder(value: unknown, path: JsonPath): StringEdit['holder'] | undefined {
  if (path.length === 0) return undefined;
  const container = valueAtPath(value, path.slice(0, -1));
  if (typeof container !== 'object' || container === null) return undefined;
  const key = path[path.length - 1];
  const holder = container as Record<string | number, unknown>;
  return typeof holder[key] === 'string' ? { container: holder, key } : undefined;
}
