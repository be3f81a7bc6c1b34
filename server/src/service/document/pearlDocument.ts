/**
 * The parse of a `*.pearl.json` file that every rule and feature reads ({@link PearlDocument}) and
 * its one entry point ({@link parsePearlDocument}). The parse is put together from one module per
 * job, each re-exported here so that consumers take the document's vocabulary from one module:
 * - jsonValue.ts: plain JSON values (`JsonObject`, `JsonPath`, `isJsonObject`, `valueAtPath`);
 * - protocol/pearlKind.ts: which create request a file is (`detectPearlKind`), shared with the extension;
 * - pearlModel.ts: the Pearl model and the facts derived from it once (`PearlNode`, `entry`,
 *   `incoming`, `NodeType`);
 * - syntaxTree.ts: the syntax tree, built on first read (`maxNestingDepth`);
 * - parsedPearl.ts: the parse itself (model, tree, locator of values in the text);
 * - stringEditPatch.ts: the description of an edit inside one string, which this entry applies.
 */
import { createScanner, getNodeValue, ParseError, SyntaxKind } from 'jsonc-parser';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { describeParsedJson, everyNumberPlain, type ParsedJsonShape, scanKeyColons, setsKeyTwice, ValueSpan } from './jsonLocator';
import { type CommentSpan, DuplicateKey, JsonNode, JsonTree, parseJsonTree } from './jsonTree';
import type { JsonObject, JsonPath } from './jsonValue';
import { ParsedPearl } from './parsedPearl';
import type { StringPatch } from './stringEditPatch';
import { PearlModel, readPearlModel } from './pearlModel';
import { findStringEdit, isEditTrackingDocument } from './stringEditPatch';
import { maxNestingDepth, SyntaxTree } from './syntaxTree';
import { createTextSnapshot } from './textSnapshot';

export type { ParsedJsonShape, ValueSpan } from './jsonLocator';
export { childPath, isJsonObject, jsonType, valueAtPath, type JsonObject, type JsonPath, type JsonType } from './jsonValue';
export { detectPearlKind, type PearlKind, type PearlKindSource } from '#protocol/pearlKind';
export {
  NodeType,
  VariableGroup,
  perParse,
  type ModelCache,
  type NestedListKey,
  type PearlModel,
  type PearlNode,
  type PearlTransition,
  type PearlVariable,
} from './pearlModel';
export { maxNestingDepth } from './syntaxTree';

/**
 * A parsed `*.pearl.json` file: its plain value (what is sent), its kind, the Pearl model
 * (variables, nodes, transitions, and the facts derived from them: {@link PearlModel}) that every
 * rule and feature reads, and the syntax tree with ranges. Built once per document version by
 * {@link parsePearlDocument}; features never re-parse.
 *
 * Rules read {@link value} and the model's values and ask {@link locate} where a value is only
 * when they report it. Text that `JSON.parse` accepts gets its syntax tree only when something
 * reads {@link root} (or a model object's `node`): checking a document that has no problem builds
 * no tree.
 */
export interface PearlDocument extends PearlModel {
  /** A snapshot of the text that was parsed (editors' documents change in place; this does not). */
  readonly textDocument: TextDocument;
  /** Root of the tolerant syntax tree, or undefined when the text holds no value. Built on first read for strict JSON. */
  readonly root: JsonNode | undefined;
  /** Whether the syntax tree exists already (reading {@link root} builds it). */
  readonly hasSyntaxTree: boolean;
  /** Syntax errors; the tree still holds everything the parser could recover. */
  readonly syntaxErrors: readonly ParseError[];
  /** Offsets of trailing commas. */
  readonly trailingCommas: readonly number[];
  /** The comments, in document order (strict JSON, whose tree may not be built yet, has none). */
  readonly comments: readonly CommentSpan[];
  /** Each later occurrence of a key already set in the same object (the tree keeps only the last). */
  readonly duplicateKeys: readonly DuplicateKey[];
  /**
   * Where the text nests objects and arrays more than {@link maxNestingDepth} levels deep (the
   * bracket that goes one level too deep); the document is then not checked at all: `root` and
   * `value` are undefined.
   */
  readonly nestingTooDeep: { readonly offset: number; readonly length: number } | undefined;
  /** The plain value of the tree (what would be sent, before `$schema` is removed). */
  readonly value: unknown;
  /** The `pearl` object node, when present and an object (the syntax tree is built on first use). */
  readonly pearl: JsonNode | undefined;
  /** The `pearl` object as sent, when present and an object. */
  readonly pearlValue: JsonObject | undefined;
  /**
   * What one walk of {@link value} counted when `JSON.parse` read the text (its keys, its depth, its
   * strings that begin with `<`); undefined for text the tolerant parser read, and for a parse
   * patched from another by an edit inside a string (the edit may change what was counted).
   */
  readonly valueShape: ParsedJsonShape | undefined;
  /**
   * True when every number the text writes is known to be plain: none holds 17 digits in a row, 6
   * digits after a point or an exponent of -100 or below, so none can be a fraction that reads as a
   * whole double (rules/schema/types.ts). Known from the pass `JSON.parse`'s text takes for its keys'
   * colons when every number is a member's value (jsonLocator.ts `everyNumberPlain`); false when not
   * known, and for a parse patched from another.
   */
  readonly everyNumberPlain: boolean;
  /**
   * Where the value at `path` is written (its span, and its key's span for a property value), or
   * undefined when the value has no such path. From the syntax tree when it exists, else read from
   * the text without building one.
   */
  locate(path: JsonPath): ValueSpan | undefined;
  /**
   * Where each value of `paths` is written, as {@link locate} gives it (undefined for a path with
   * no value), for a caller that wants many at once: without a syntax tree, one forward read of the
   * text for all of them (`JsonLocator.locateEach`) rather than a search per path.
   */
  locateEach(paths: readonly JsonPath[]): (ValueSpan | undefined)[];
  /**
   * Identifies this parse among those of the process (a counter), so that what was computed for
   * one parse can be matched with {@link stringPatch}`.from` of the next.
   */
  readonly parseId: number;
  /**
   * When this parse was made from the previous version's by an edit inside one string value
   * (typing in a script): which parse, and where. Undefined for a full parse.
   */
  readonly stringPatch: StringPatch | undefined;
}

/**
 * Parses a document once into a {@link PearlDocument}. Linear in the size of the text; never
 * throws, whatever the text. Given `previous`, the parse of an earlier version of the same
 * document, an edit inside one string value is applied to it instead of parsing again
 * (stringEditPatch.ts); `previous` must not be used afterwards. A UTF-8 byte order mark at the
 * start is read as whitespace (docs/rulings.md § Files: tolerated and never sent).
 *
 * Strict JSON is read by the engine's `JSON.parse` (several times faster than any parser written in
 * JavaScript); one walk of the value counts its keys and its nesting. When the text writes more
 * keys than the value holds ({@link setsKeyTwice}), some object sets a key twice and the text takes the tolerant
 * parser, as does JSON with comments or errors. For strict JSON the syntax tree is built only when
 * something reads it.
 */
export function parsePearlDocument(editorDocument: TextDocument, previous?: PearlDocument): PearlDocument {
  const patched = previous && patchPrevious(previous, editorDocument);
  if (patched) return patched;
  const text = editorDocument.getText();
  // A snapshot: editors' TextDocuments are updated in place, and every range of this parse must
  // stay about the text it was parsed from.
  const textDocument = createTextSnapshot(editorDocument.uri, editorDocument.languageId, editorDocument.version, text);
  // Same length, so every offset still points into the editor's text.
  const parsedText = text.charCodeAt(0) === 0xfeff ? ` ${text.slice(1)}` : text;
  const strict = parseStrictJson(parsedText);
  if (strict.ok) {
    const shape = describeParsedJson(strict.value);
    if (shape.maxDepth > maxNestingDepth) return tooDeep(textDocument, parsedText);
    const colons = scanKeyColons(parsedText);
    if (!setsKeyTwice(parsedText, shape, colons)) {
      return parsed(textDocument, new SyntaxTree(parsedText, strict.value), strict.value, shape, everyNumberPlain(shape, colons));
    }
  }
  let tree: JsonTree | undefined;
  try {
    tree = parseJsonTree(parsedText);
  } catch {
    // A stack overflow in the recursive parser: nesting thousands of levels deep.
    tree = undefined;
  }
  if (!tree || tree.maxDepth > maxNestingDepth) return tooDeep(textDocument, parsedText);
  const value: unknown = tree.root ? getNodeValue(tree.root) : undefined;
  return parsed(textDocument, new SyntaxTree(parsedText, value, tree), value);
}

/**
 * A parse of `value` with its model; `shape` is what {@link describeParsedJson} found in a value
 * `JSON.parse` read, `numbersPlain` whether every number of its text is known to be plain.
 */
function parsed(
  textDocument: TextDocument,
  tree: SyntaxTree,
  value: unknown,
  shape?: ParsedJsonShape,
  numbersPlain = false,
): PearlDocument {
  const parse = new ParsedPearl(textDocument, tree, value, undefined, readPearlModel(value, tree));
  parse.byteOrderMark = tree.parsedText !== textDocument.getText();
  parse.valueShape = shape;
  parse.everyNumberPlain = numbersPlain;
  return parse;
}

/** The parse of a text nested more than {@link maxNestingDepth} levels deep: no value, no model. */
function tooDeep(textDocument: TextDocument, parsedText: string): PearlDocument {
  const tree = SyntaxTree.empty();
  return new ParsedPearl(textDocument, tree, undefined, findTooDeep(parsedText), readPearlModel(undefined, tree));
}

/**
 * The parse of `editorDocument` made from `previous` when the two texts differ only inside one
 * string value the model does not read ({@link findStringEdit}); undefined (parse again) otherwise,
 * or when `previous` was not made here.
 */
function patchPrevious(previous: PearlDocument, editorDocument: TextDocument): PearlDocument | undefined {
  if (!(previous instanceof ParsedPearl) || previous.nestingTooDeep) return undefined;
  const text = editorDocument.getText();
  // An editor's document that keeps its edits says what changed: neither text is read whole.
  const since = isEditTrackingDocument(editorDocument) ? editorDocument.editSince(previous.textDocument.version) : undefined;
  const edit = findStringEdit(previous.stringEditBase, text, since);
  if (!edit) return undefined;
  const snapshot = createTextSnapshot(editorDocument.uri, editorDocument.languageId, editorDocument.version, text, {
    previous: previous.textDocument,
    offset: edit.literal.offset,
    delta: edit.delta,
  });
  return previous.withStringEdit(snapshot, edit);
}

/** The span of the first `{` or `[` that opens a level deeper than {@link maxNestingDepth}. Iterative. */
function findTooDeep(text: string): { offset: number; length: number } {
  const scanner = createScanner(text, false);
  let depth = 0;
  for (let token = scanner.scan(); token !== SyntaxKind.EOF; token = scanner.scan()) {
    if (token === SyntaxKind.OpenBraceToken || token === SyntaxKind.OpenBracketToken) {
      if (++depth > maxNestingDepth) return { offset: scanner.getTokenOffset(), length: 1 };
    } else if (token === SyntaxKind.CloseBraceToken || token === SyntaxKind.CloseBracketToken) {
      depth = Math.max(0, depth - 1);
    }
  }
  return { offset: 0, length: Math.min(text.length, 1) };
}

/** `JSON.parse` of `text`, or `ok: false` when it is not strict JSON (comments, errors). */
function parseStrictJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}
