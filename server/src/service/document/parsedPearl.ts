import type { ParseError } from 'jsonc-parser';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { JsonLocator, type ParsedJsonShape, StringLiteral, StringSpan, ValueSpan } from './jsonLocator';
import { type CommentSpan, DuplicateKey, getPropertyKeyNode, getPropertyNode, JsonNode } from './jsonTree';
import type { JsonObject, JsonPath } from './jsonValue';
import type { PearlKind, PearlKindSource } from '#protocol/pearlKind';
import type { ModelCache, PearlModel, PearlNode, PearlTransition, PearlVariable } from './pearlModel';
import { applyStringEdit, StringEdit, StringEditBase, type StringPatch } from './stringEditPatch';
import type { SyntaxTree } from './syntaxTree';

/**
 * One parse of a document: its text, value, model and syntax tree, and where values are written.
 * The implementation of `PearlDocument` (pearlDocument.ts, which documents each member); made only
 * by `parsePearlDocument` there.
 */
export class ParsedPearl {
  readonly kind: PearlKind;
  readonly kindSource: PearlKindSource;
  readonly pearlValue: JsonObject | undefined;
  readonly variables: readonly PearlVariable[];
  readonly variablesById: ReadonlyMap<string, PearlVariable>;
  readonly nodes: readonly PearlNode[];
  readonly nodesById: ReadonlyMap<string, PearlNode>;
  readonly allNodes: readonly PearlNode[];
  readonly entry: PearlNode | undefined;
  readonly incoming: ReadonlyMap<PearlNode, readonly PearlTransition[]>;
  readonly modelCache: ModelCache;
  readonly parseId = ++lastParseId;
  /** See PearlDocument.stringPatch; set by {@link withStringEdit}. */
  stringPatch: StringPatch | undefined;
  /** Whether the text starts with a byte order mark (parsed as a space); set by the parse entry. */
  byteOrderMark = false;
  /** See PearlDocument.valueShape; set by the parse entry, never by {@link withStringEdit}. */
  valueShape: ParsedJsonShape | undefined = undefined;
  /** See PearlDocument.everyNumberPlain; set by the parse entry, never by {@link withStringEdit}. */
  everyNumberPlain = false;
  private locator: JsonLocator | undefined;
  /** The string value the edit that made this parse changed, where it is now. */
  private editedString: StringSpan | undefined;

  /**
   * @param textDocument A snapshot of the text that was parsed.
   * @param syntaxTree The syntax tree, shared with the parses patched from this one.
   * @param value The plain value; undefined when the text holds none or is nested too deeply.
   * @param nestingTooDeep The bracket that opens one level too deep, when one does.
   * @param model The model read from `value`, shared with the parses patched from this one.
   */
  constructor(
    readonly textDocument: TextDocument,
    readonly syntaxTree: SyntaxTree,
    readonly value: unknown,
    readonly nestingTooDeep: { readonly offset: number; readonly length: number } | undefined,
    readonly model: PearlModel,
  ) {
    // Copied rather than read through getters: rules read them often, in code not yet optimised.
    this.kind = model.kind;
    this.kindSource = model.kindSource;
    this.pearlValue = model.pearlValue;
    this.variables = model.variables;
    this.variablesById = model.variablesById;
    this.nodes = model.nodes;
    this.nodesById = model.nodesById;
    this.allNodes = model.allNodes;
    this.entry = model.entry;
    this.incoming = model.incoming;
    this.modelCache = model.modelCache;
  }

  get transitionsTo(): ReadonlyMap<string, readonly PearlTransition[]> {
    return this.model.transitionsTo;
  }

  get root(): JsonNode | undefined {
    return this.syntaxTree.get().root;
  }

  get hasSyntaxTree(): boolean {
    return this.syntaxTree.built;
  }

  get syntaxErrors(): readonly ParseError[] {
    return this.syntaxTree.errors;
  }

  get trailingCommas(): readonly number[] {
    return this.syntaxTree.built ? this.syntaxTree.get().trailingCommas : noOffsets;
  }

  get comments(): readonly CommentSpan[] {
    return this.syntaxTree.built ? this.syntaxTree.get().comments : noComments;
  }

  get duplicateKeys(): readonly DuplicateKey[] {
    return this.syntaxTree.built ? this.syntaxTree.get().duplicateKeys : noDuplicates;
  }

  get pearl(): JsonNode | undefined {
    if (!this.model.pearlValue) return undefined;
    const pearl = getPropertyNode(this.root, 'pearl');
    return pearl?.type === 'object' ? pearl : undefined;
  }

  locate(path: JsonPath): ValueSpan | undefined {
    if (!this.syntaxTree.built) return this.getLocator().locate(path);
    const node = this.syntaxTree.nodeAt(path);
    if (!node) {
      // A property written without a value (text with errors): its key stands for it.
      const last = path[path.length - 1];
      const key = typeof last === 'string' ? getPropertyKeyNode(this.syntaxTree.nodeAt(path.slice(0, -1)), last) : undefined;
      return key && { offset: key.offset, length: key.length, key: { offset: key.offset, length: key.length } };
    }
    const property = node.parent?.type === 'property' ? node.parent.children?.[0] : undefined;
    return { offset: node.offset, length: node.length, key: property && { offset: property.offset, length: property.length } };
  }

  locateEach(paths: readonly JsonPath[]): (ValueSpan | undefined)[] {
    if (!this.syntaxTree.built) return this.getLocator().locateEach(paths);
    return paths.map((path) => this.locate(path));
  }

  /** What the string-edit patch reads of this parse (stringEditPatch.ts). */
  get stringEditBase(): StringEditBase {
    return {
      text: this.textDocument.getText(),
      byteOrderMark: this.byteOrderMark,
      value: this.value,
      tree: this.syntaxTree.built ? this.syntaxTree.get() : undefined,
      stringAt: (offset) => this.stringAt(offset),
    };
  }

  /**
   * The parse of `textDocument`, whose text is this parse's with `edit` (found by `findStringEdit`
   * on {@link stringEditBase}) applied: the edit is set into the shared value and tree, the model
   * stays. This parse must not be read afterwards.
   */
  withStringEdit(textDocument: TextDocument, edit: StringEdit): ParsedPearl {
    const tree = this.syntaxTree.built ? this.syntaxTree.get() : undefined;
    applyStringEdit(edit, tree);
    // Strict JSON without a tree: the tree, when one is wanted, is built from the new text.
    if (!tree) this.syntaxTree.replaceText(textDocument.getText());
    const parse = new ParsedPearl(textDocument, this.syntaxTree, this.value, this.nestingTooDeep, this.model);
    parse.byteOrderMark = this.byteOrderMark;
    parse.stringPatch = {
      from: this.parseId,
      offset: edit.literal.offset,
      oldLength: edit.literal.length - edit.delta,
      delta: edit.delta,
      path: edit.literal.path,
      oldContent: edit.oldContent,
      content: edit.content,
    };
    if (!tree) parse.editedString = edit.literal;
    return parse;
  }

  /**
   * The string literal `offset` is inside of (see {@link JsonLocator.stringAt}); strict JSON without
   * a syntax tree only. The string the last edit patched is known without reading the text: typing
   * goes on in the same string.
   */
  private stringAt(offset: number): StringLiteral | undefined {
    if (this.syntaxTree.built) return undefined;
    const edited = this.editedString;
    if (edited && offset > edited.offset && offset < edited.offset + edited.length) return { ...edited, isKey: false };
    return this.getLocator().stringAt(offset);
  }

  /** The reader of positions in this parse's text without a tree, made on first use. */
  private getLocator(): JsonLocator {
    this.locator ??= new JsonLocator(this.syntaxTree.parsedText, this.value);
    return this.locator;
  }
}

/** The last {@link ParsedPearl.parseId} given. */
let lastParseId = 0;
const noOffsets: readonly number[] = [];
const noDuplicates: readonly DuplicateKey[] = [];
const noComments: readonly CommentSpan[] = [];
