import { createScanner, getNodeValue, ParseError, SyntaxKind } from 'jsonc-parser';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { createTextSnapshot } from './textSnapshot';
import { describeParsedJson, JsonLocator, JsonPath, setsKeyTwice, ValueSpan } from './jsonLocator';
import {
  buildStrictJsonTree,
  DuplicateKey,
  getNodeAtPath,
  getPropertyKeyNode,
  getPropertyNode,
  JsonNode,
  JsonTree,
  parseJsonTree,
} from './jsonTree';
import { patchStringEdit } from './stringEditPatch';

export type { JsonPath, ValueSpan };

/** The slots of {@link PearlDocument.modelCache}, one per rule that keeps something. */
export interface ModelCache {
  /** variableRules.ts: the (V) strings of the document and what was found in each. */
  variableFieldStrings?: unknown;
  /** variableRules.ts: whether the variables of this model have been checked once. */
  variablesChecked?: boolean;
}

/** A string literal of the text: where its value is, and its span (quotes included) in UTF-16 code units. */
export interface EditedString {
  readonly path: JsonPath;
  readonly offset: number;
  readonly length: number;
}

/** A string literal found around an offset, and whether it is a key. */
export type StringLiteral = EditedString & { readonly isKey: boolean };

/** A JSON object as `JSON.parse` gives it. */
export type JsonObject = Readonly<Record<string, unknown>>;

/** The JSON type of a parsed value, as messages name it. */
export type JsonType = 'object' | 'array' | 'string' | 'number' | 'boolean' | 'null';

/** The JSON type of a parsed value; `undefined` (a property written without a value) counts as null. */
export function jsonType(value: unknown): JsonType {
  if (value === null || value === undefined) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value as 'object' | 'string' | 'number' | 'boolean';
}

/**
 * The value at `path` in a parsed JSON value: property names of objects (own properties only) and
 * indexes of arrays; undefined when there is none.
 */
export function valueAtPath(value: unknown, path: JsonPath): unknown {
  for (const step of path) {
    if (typeof step === 'number' ? !Array.isArray(value) : !isJsonObject(value)) return undefined;
    if (!Object.prototype.hasOwnProperty.call(value, step)) return undefined;
    value = (value as Record<string | number, unknown>)[step];
  }
  return value;
}

/** True for a JSON object (not null, not an array). */
export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Which create request a file is (docs/rulings.md § Files): `text` is the Text Pearl create request
 * (`POST /v2/Pearl/Text`), `simple` the Simple Pearl create request (`POST /v2/Pearl`).
 */
export type PearlKind = 'text' | 'simple';

/** What decided the kind: the `$schema` property, the content, or nothing (defaulted to text). */
export type PearlKindSource = 'schema' | 'content' | 'default';

/** Variable group values of DataSettings.group (docs/interface.md § DataSettings). */
export enum VariableGroup {
  PreCall = 1,
  InCall = 2,
  PostCall = 3,
}

/** Node type values (docs/interface.md § Node types). */
export enum NodeType {
  OpeningSentence = 2,
  PreCallAPI = 3,
  Dialogue = 10,
  HandoffChatToHuman = 31,
  API = 40,
  SMS = 50,
  Email = 51,
  TransferCall = 60,
  StartCallRecording = 65,
  SearchKnowledgeBase = 80,
  EndCall = 100,
  PostCallActions = 200,
}

/** A declared variable: one element of the top-level `variables` array (§ DataSettings). */
export interface PearlVariable {
  /** The element as sent. */
  readonly value: JsonObject;
  /** Where the element is: `['variables', index]`. */
  readonly path: JsonPath;
  /** The element's object node (the syntax tree is built on first use). */
  readonly node: JsonNode;
  /** `id` when it is a string. */
  readonly id: string | undefined;
  /** The `id` value node, for ranges. */
  readonly idNode: JsonNode | undefined;
  /** `name` when it is a string. */
  readonly name: string | undefined;
  /** `group` (1 PreCall, 2 InCall, 3 PostCall) when it is a number. */
  readonly group: number | undefined;
  /** `type` (1 String ... 7 DateTime) when it is a number. */
  readonly type: number | undefined;
}

/** A transition of a node (§ Transition). */
export interface PearlTransition {
  /** The transition object as sent. */
  readonly value: JsonObject;
  /** Where the transition is: its node's path, `'transitions'`, its index. */
  readonly path: JsonPath;
  /** The transition's object node (the syntax tree is built on first use). */
  readonly node: JsonNode;
  /** The node the transition leaves from. */
  readonly source: PearlNode;
  readonly name: string | undefined;
  readonly nameNode: JsonNode | undefined;
  readonly toNodeId: string | undefined;
  readonly toNodeIdNode: JsonNode | undefined;
  /** `apiResult` (1 Success, 2 Failure) when it is a number. */
  readonly apiResult: number | undefined;
  /** The `apiResult` value node when present, null included. */
  readonly apiResultNode: JsonNode | undefined;
  /**
   * The top-level node `toNodeId` names (its first holder when the nodeId is duplicated), or
   * undefined when it names none: resolved once per parse through {@link PearlDocument.nodesById}.
   */
  readonly target: PearlNode | undefined;
}

/** Which nested list holds a nested action node. */
export type NestedListKey = 'handOffAction' | 'postCallActions';

/** A node of `pearl.nodes`, or a nested action of a node's handOffAction/postCallActions (§ Node). */
export interface PearlNode {
  /** The node object as sent. */
  readonly value: JsonObject;
  /** Where the node is: `['pearl', 'nodes', index]`, or its container's path, the list's key, its index. */
  readonly path: JsonPath;
  /** The node's object node (the syntax tree is built on first use). */
  readonly node: JsonNode;
  /** Position in its array. */
  readonly index: number;
  readonly nodeId: string | undefined;
  readonly nodeIdNode: JsonNode | undefined;
  readonly name: string | undefined;
  readonly nameNode: JsonNode | undefined;
  readonly nodeType: number | undefined;
  readonly nodeTypeNode: JsonNode | undefined;
  readonly transitions: readonly PearlTransition[];
  /** For a nested action: the node whose list holds it, and which list. */
  readonly container: { readonly node: PearlNode; readonly list: NestedListKey } | undefined;
  /** Nested action nodes of handOffAction and postCallActions, in document order. */
  readonly nested: readonly PearlNode[];
}

/**
 * A parsed `*.pearl.json` file: its plain value (what is sent), its kind, the Pearl model
 * (variables, nodes, transitions) that every rule and feature reads, and the syntax tree with
 * ranges. Built once per document version by {@link parsePearlDocument}; features never re-parse.
 *
 * Rules read {@link value} and the model's values and ask {@link locate} where a value is only
 * when they report it. Text that `JSON.parse` accepts gets its syntax tree only when something
 * reads {@link root} (or a model object's `node`): checking a document that has no problem builds
 * no tree.
 */
export interface PearlDocument {
  readonly textDocument: TextDocument;
  /** Root of the tolerant syntax tree, or undefined when the text holds no value. Built on first read for strict JSON. */
  readonly root: JsonNode | undefined;
  /** Whether the syntax tree exists already (reading {@link root} builds it). */
  readonly hasSyntaxTree: boolean;
  /** Syntax errors; the tree still holds everything the parser could recover. */
  readonly syntaxErrors: readonly ParseError[];
  /** Offsets of trailing commas. */
  readonly trailingCommas: readonly number[];
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
  readonly kind: PearlKind;
  readonly kindSource: PearlKindSource;
  /** The `pearl` object node, when present and an object (the syntax tree is built on first use). */
  readonly pearl: JsonNode | undefined;
  /** The `pearl` object as sent, when present and an object. */
  readonly pearlValue: JsonObject | undefined;
  /** Declared variables, in document order. */
  readonly variables: readonly PearlVariable[];
  /** First declaration of each variable id. */
  readonly variablesById: ReadonlyMap<string, PearlVariable>;
  /** Top-level nodes of `pearl.nodes` (text Pearls), in document order. */
  readonly nodes: readonly PearlNode[];
  /** First top-level node of each nodeId. */
  readonly nodesById: ReadonlyMap<string, PearlNode>;
  /** Every node: each top-level node of `pearl.nodes` followed by its nested actions at any depth, in document order. */
  readonly allNodes: readonly PearlNode[];
  /**
   * The node the conversation starts from (§ Graph rules, rule 1): the first PreCallAPI node, else
   * the first OpeningSentence node; undefined when there is neither.
   */
  readonly entry: PearlNode | undefined;
  /**
   * The transitions of top-level nodes that lead to each top-level node, by resolved
   * {@link PearlTransition.target}, in document order. Transitions into a PostCallActions container
   * are left out: it is not part of the graph. A node no transition leads to has no entry.
   */
  readonly incoming: ReadonlyMap<PearlNode, readonly PearlTransition[]>;
  /**
   * What rules derive from the model and keep while edits inside strings patch it: shared by the
   * parses patched from one another, new with each full parse. (A WeakMap keyed by the parse
   * would do the same, but its entries cost the garbage collector about a tenth of checking many
   * small files.)
   */
  readonly modelCache: ModelCache;
  /**
   * Where the value at `path` is written (its span, and its key's span for a property value), or
   * undefined when the value has no such path. From the syntax tree when it exists, else read from
   * the text without building one.
   */
  locate(path: JsonPath): ValueSpan | undefined;
}

const schemaFileKinds: ReadonlyArray<[string, PearlKind]> = [
  ['text-pearl.schema.json', 'text'],
  ['simple-pearl.schema.json', 'simple'],
];

/**
 * The kind of a document, as docs/rulings.md § Files decides it: a `$schema` naming one of the
 * project's schemas (matched by file name), else `pearl.nodes` means text and any of
 * `pearl.openingSentence`, `pearl.flowScript`, `pearl.agents` means simple, else text by default.
 * `value` is the document's plain value.
 */
export function detectPearlKind(value: unknown): { kind: PearlKind; source: PearlKindSource } {
  if (!isJsonObject(value)) return { kind: 'text', source: 'default' };
  const schema = value.$schema;
  if (typeof schema === 'string') {
    const lower = schema.toLowerCase();
    for (const [fileName, kind] of schemaFileKinds) {
      if (lower.endsWith(fileName)) return { kind, source: 'schema' };
    }
  }
  const pearl = value.pearl;
  if (isJsonObject(pearl)) {
    if ('nodes' in pearl) return { kind: 'text', source: 'content' };
    for (const key of ['openingSentence', 'flowScript', 'agents']) {
      if (key in pearl) return { kind: 'simple', source: 'content' };
    }
  }
  return { kind: 'text', source: 'default' };
}

/**
 * The deepest nesting of objects and arrays a document may have. A Pearl needs about a dozen
 * levels; far deeper text is hostile or broken, and every recursive reader of the value (the
 * schema validator, `JSON.stringify` of the body, jsonc-parser) would overflow the stack at a few
 * thousand levels. Deeper documents are reported and not checked.
 */
export const maxNestingDepth = 1000;

/**
 * Parses a document once into a {@link PearlDocument}. Linear in the size of the text; never
 * throws, whatever the text. Given `previous`, the parse of an earlier version of the same
 * document, an edit inside one string value is applied to it instead of parsing again
 * ({@link patchStringEdit}); `previous` must not be used afterwards. A UTF-8 byte order mark at
 * the start is read as whitespace (docs/rulings.md § Files: tolerated and never sent).
 *
 * Strict JSON is read by the engine's `JSON.parse` (several times faster than any parser written in
 * JavaScript); one walk of the value counts its keys, the colons inside its strings and its
 * nesting. When the text writes more keys than the value holds (its colons less those inside
 * strings, {@link setsKeyTwice}), some object sets a key twice and the text takes the tolerant
 * parser, as does JSON with comments or errors. For strict JSON the syntax tree is built only when
 * something reads it.
 */
export function parsePearlDocument(editorDocument: TextDocument, previous?: PearlDocument): PearlDocument {
  const patched = previous && patchStringEdit(previous, editorDocument);
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
    if (shape.maxDepth > maxNestingDepth) return new ParsedPearl(textDocument, emptyTree(), undefined, findTooDeep(parsedText));
    if (!setsKeyTwice(parsedText, shape))
      return new ParsedPearl(textDocument, new SyntaxTree(parsedText, strict.value), strict.value, undefined);
  }
  let tree: JsonTree | undefined;
  try {
    tree = parseJsonTree(parsedText);
  } catch {
    // A stack overflow in the recursive parser: nesting thousands of levels deep.
    tree = undefined;
  }
  if (!tree || tree.maxDepth > maxNestingDepth) return new ParsedPearl(textDocument, emptyTree(), undefined, findTooDeep(parsedText));
  const value: unknown = tree.root ? getNodeValue(tree.root) : undefined;
  return new ParsedPearl(textDocument, new SyntaxTree(parsedText, value, tree), value, undefined);
}

function emptyTree(): SyntaxTree {
  return new SyntaxTree('', undefined, { root: undefined, errors: [], trailingCommas: [], duplicateKeys: [], maxDepth: 0 });
}

/**
 * The syntax tree of one text, built on first read when the text is strict JSON (in lockstep with
 * its parsed value, {@link buildStrictJsonTree}), given when the tolerant parser made it. Shared by
 * the parses an edit inside a string makes from one another (stringEditPatch.ts updates it in place).
 */
export class SyntaxTree {
  private tree: JsonTree | undefined;

  /**
   * @param text The parsed text (a byte order mark replaced by a space).
   * @param value Its plain value.
   * @param tree The tolerant parser's tree, when it made one.
   */
  constructor(
    private text: string,
    private readonly value: unknown,
    tree?: JsonTree,
  ) {
    this.tree = tree;
  }

  /**
   * The text after an edit inside a string that the value has taken in place, before any tree was
   * built (the model's objects keep this object, so their nodes come from the new text).
   */
  replaceText(text: string): void {
    if (this.tree) throw new Error('The syntax tree of the earlier text is built already.');
    this.text = text;
  }

  /** The text the tree is (or will be) built from: the document's, a byte order mark read as a space. */
  get parsedText(): string {
    return this.text;
  }

  /** Whether the tree has been built. */
  get built(): boolean {
    return this.tree !== undefined;
  }

  /** The tree, built now if it was not. */
  get(): JsonTree {
    this.tree ??= buildStrictJsonTree(this.text, this.value, maxNestingDepth) ?? parseJsonTree(this.text);
    return this.tree;
  }

  /** The node at `path`; undefined when there is none. */
  nodeAt(path: JsonPath): JsonNode | undefined {
    return getNodeAtPath(this.get().root, path);
  }

  /** The node at `path`, which the model read from the value, so it exists. */
  modelNode(path: JsonPath): JsonNode {
    const node = this.nodeAt(path);
    if (!node) throw new Error(`The syntax tree has no node at ${path.join('.')}.`);
    return node;
  }
}

/** The one implementation of {@link PearlDocument}. */
class ParsedPearl implements PearlDocument {
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
  private locator: JsonLocator | undefined;

  constructor(
    readonly textDocument: TextDocument,
    /** The syntax tree, shared with the parses patched from this one. */
    readonly syntaxTree: SyntaxTree,
    readonly value: unknown,
    readonly nestingTooDeep: PearlDocument['nestingTooDeep'],
    model?: ParsedPearl,
  ) {
    if (model) {
      ({ kind: this.kind, kindSource: this.kindSource, pearlValue: this.pearlValue } = model);
      ({ variables: this.variables, variablesById: this.variablesById, nodes: this.nodes, nodesById: this.nodesById } = model);
      ({ allNodes: this.allNodes, entry: this.entry, incoming: this.incoming, modelCache: this.modelCache } = model);
      return;
    }
    this.modelCache = {};
    const { kind, source } = detectPearlKind(value);
    this.kind = kind;
    this.kindSource = source;
    const root = isJsonObject(value) ? value : undefined;
    const pearl = root && isJsonObject(root.pearl) ? root.pearl : undefined;
    this.pearlValue = pearl;
    const variables: PearlVariable[] = [];
    const variablesById = new Map<string, PearlVariable>();
    const variableList = root?.variables;
    if (Array.isArray(variableList)) {
      for (let index = 0; index < variableList.length; index++) {
        const element: unknown = variableList[index];
        if (!isJsonObject(element)) continue;
        const variable = new ModelVariable(syntaxTree, element, ['variables', index]);
        variables.push(variable);
        if (variable.id !== undefined && !variablesById.has(variable.id)) variablesById.set(variable.id, variable);
      }
    }
    this.variables = variables;
    this.variablesById = variablesById;
    const nodes: PearlNode[] = [];
    if (kind === 'text' && pearl) readNodes(syntaxTree, pearl.nodes, ['pearl', 'nodes'], undefined, nodes);
    const nodesById = new Map<string, PearlNode>();
    for (const node of nodes) {
      if (node.nodeId !== undefined && !nodesById.has(node.nodeId)) nodesById.set(node.nodeId, node);
    }
    this.nodes = nodes;
    this.nodesById = nodesById;
    ({ allNodes: this.allNodes, entry: this.entry, incoming: this.incoming } = deriveGraphFacts(nodes, nodesById));
  }

  get root(): JsonNode | undefined {
    return this.syntaxTree.get().root;
  }

  get hasSyntaxTree(): boolean {
    return this.syntaxTree.built;
  }

  get syntaxErrors(): readonly ParseError[] {
    return this.syntaxTree.built ? this.syntaxTree.get().errors : noErrors;
  }

  get trailingCommas(): readonly number[] {
    return this.syntaxTree.built ? this.syntaxTree.get().trailingCommas : noOffsets;
  }

  get duplicateKeys(): readonly DuplicateKey[] {
    return this.syntaxTree.built ? this.syntaxTree.get().duplicateKeys : noDuplicates;
  }

  get pearl(): JsonNode | undefined {
    if (!this.pearlValue) return undefined;
    const pearl = getPropertyNode(this.root, 'pearl');
    return pearl?.type === 'object' ? pearl : undefined;
  }

  locate(path: JsonPath): ValueSpan | undefined {
    if (this.syntaxTree.built) {
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
    return this.getLocator().locate(path);
  }

  /** The reader of positions in this parse's text without a tree, made on first use. */
  private getLocator(): JsonLocator {
    this.locator ??= new JsonLocator(this.syntaxTree.parsedText);
    return this.locator;
  }

  /**
   * This parse with the text of `textDocument`, which differs only inside one string value that
   * stringEditPatch.ts has updated in the shared tree and value: the model stays.
   */
  withText(textDocument: TextDocument, edited?: EditedString): ParsedPearl {
    const parse = new ParsedPearl(textDocument, this.syntaxTree, this.value, this.nestingTooDeep, this);
    parse.editedString = edited;
    return parse;
  }

  /**
   * The string literal `offset` is inside of (see {@link JsonLocator.stringAt}); strict JSON without
   * a syntax tree only. The string the last edit patched is known without reading the text: typing
   * goes on in the same string.
   */
  stringAt(offset: number): StringLiteral | undefined {
    if (this.syntaxTree.built) return undefined;
    const edited = this.editedString;
    if (edited && offset > edited.offset && offset < edited.offset + edited.length) return { ...edited, isKey: false };
    return this.getLocator().stringAt(offset);
  }

  /** The string value the edit that made this parse changed, where it is now. */
  private editedString: EditedString | undefined;
}

const noErrors: readonly ParseError[] = [];
const noOffsets: readonly number[] = [];
const noDuplicates: readonly DuplicateKey[] = [];

/**
 * The parse of an earlier text with the text of `textDocument` (see {@link ParsedPearl.withText}),
 * its syntax errors and trailing commas moved by `shift`; for stringEditPatch.ts, which has patched
 * the shared tree (when one was built) and value in place. Undefined for a document this module
 * did not make.
 */
export function withPatchedText(
  previous: PearlDocument,
  textDocument: TextDocument,
  shift: (offset: number) => number,
  edited?: EditedString,
): PearlDocument | undefined {
  if (!(previous instanceof ParsedPearl)) return undefined;
  if (!previous.syntaxTree.built) {
    // Strict JSON, and still after the edit: the tree, when one is wanted, is built from the new text.
    previous.syntaxTree.replaceText(textDocument.getText());
    return previous.withText(textDocument, edited);
  }
  const tree = previous.syntaxTree.get();
  tree.errors = tree.errors.map((error): ParseError => ({ ...error, offset: shift(error.offset) }));
  tree.trailingCommas = tree.trailingCommas.map(shift);
  return previous.withText(textDocument);
}

/**
 * The string literal at `offset` in the text of `doc`, found without a syntax tree; undefined when
 * `doc` has a tree (use it) or `offset` is in no string. For stringEditPatch.ts.
 */
export function findStringWithoutTree(doc: PearlDocument, offset: number): StringLiteral | undefined {
  return doc instanceof ParsedPearl ? doc.stringAt(offset) : undefined;
}

/** Resolves every transition's target once, and derives what the graph rules and the preview share. */
function deriveGraphFacts(
  nodes: readonly PearlNode[],
  nodesById: ReadonlyMap<string, PearlNode>,
): Pick<PearlDocument, 'allNodes' | 'entry' | 'incoming'> {
  const allNodes: PearlNode[] = [];
  const incoming = new Map<PearlNode, PearlTransition[]>();
  let preCall: PearlNode | undefined;
  let opening: PearlNode | undefined;
  const stack: PearlNode[] = [];
  for (let i = nodes.length - 1; i >= 0; i--) stack.push(nodes[i]);
  for (let node = stack.pop(); node; node = stack.pop()) {
    allNodes.push(node);
    for (let i = node.nested.length - 1; i >= 0; i--) stack.push(node.nested[i]);
    for (const transition of node.transitions) {
      const target = transition.toNodeId !== undefined ? nodesById.get(transition.toNodeId) : undefined;
      (transition as ModelTransition).target = target;
      if (!target || node.container || target.nodeType === NodeType.PostCallActions) continue;
      let list = incoming.get(target);
      if (!list) incoming.set(target, (list = []));
      list.push(transition);
    }
    if (node.container) continue;
    if (node.nodeType === NodeType.PreCallAPI) preCall ??= node;
    else if (node.nodeType === NodeType.OpeningSentence) opening ??= node;
  }
  return { allNodes, entry: preCall ?? opening, incoming };
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

function stringOf(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function numberOf(value: unknown): number | undefined {
  return typeof value === 'number' ? value : undefined;
}

/** The value node of `key` of the object node at `path`, the object's node found on first use. */
class ModelObject {
  private objectNode: JsonNode | undefined;

  constructor(
    protected readonly tree: SyntaxTree,
    readonly value: JsonObject,
    readonly path: JsonPath,
  ) {}

  get node(): JsonNode {
    this.objectNode ??= this.tree.modelNode(this.path);
    return this.objectNode;
  }

  protected property(key: string): JsonNode | undefined {
    return key in this.value ? getPropertyNode(this.node, key) : undefined;
  }
}

class ModelVariable extends ModelObject implements PearlVariable {
  readonly id = stringOf(this.value.id);
  readonly name = stringOf(this.value.name);
  readonly group = numberOf(this.value.group);
  readonly type = numberOf(this.value.type);

  get idNode(): JsonNode | undefined {
    return this.property('id');
  }
}

class ModelTransition extends ModelObject implements PearlTransition {
  readonly name = stringOf(this.value.name);
  readonly toNodeId = stringOf(this.value.toNodeId);
  readonly apiResult = numberOf(this.value.apiResult);
  target: PearlNode | undefined = undefined;

  constructor(
    tree: SyntaxTree,
    value: JsonObject,
    path: JsonPath,
    readonly source: PearlNode,
  ) {
    super(tree, value, path);
  }

  get nameNode(): JsonNode | undefined {
    return this.property('name');
  }

  get toNodeIdNode(): JsonNode | undefined {
    return this.property('toNodeId');
  }

  get apiResultNode(): JsonNode | undefined {
    return this.property('apiResult');
  }
}

class ModelNode extends ModelObject implements PearlNode {
  readonly nodeId = stringOf(this.value.nodeId);
  readonly name = stringOf(this.value.name);
  readonly nodeType = numberOf(this.value.nodeType);
  readonly transitions: PearlTransition[] = [];
  readonly nested: PearlNode[] = [];

  constructor(
    tree: SyntaxTree,
    value: JsonObject,
    path: JsonPath,
    readonly index: number,
    readonly container: PearlNode['container'],
  ) {
    super(tree, value, path);
  }

  get nodeIdNode(): JsonNode | undefined {
    return this.property('nodeId');
  }

  get nameNode(): JsonNode | undefined {
    return this.property('name');
  }

  get nodeTypeNode(): JsonNode | undefined {
    return this.property('nodeType');
  }
}

/** Reads the node objects of `list` (the value at `path`) into `into`; other elements are skipped, keeping each node's index. */
function readNodes(tree: SyntaxTree, list: unknown, path: JsonPath, container: PearlNode['container'], into: PearlNode[]): void {
  if (!Array.isArray(list)) return;
  for (let index = 0; index < list.length; index++) {
    const element: unknown = list[index];
    if (isJsonObject(element)) into.push(readNode(tree, element, [...path, index], index, container));
  }
}

function readNode(tree: SyntaxTree, value: JsonObject, path: JsonPath, index: number, container: PearlNode['container']): PearlNode {
  const result = new ModelNode(tree, value, path, index, container);
  const transitions = value.transitions;
  if (Array.isArray(transitions)) {
    for (let i = 0; i < transitions.length; i++) {
      const transition: unknown = transitions[i];
      if (isJsonObject(transition)) result.transitions.push(new ModelTransition(tree, transition, [...path, 'transitions', i], result));
    }
  }
  readNodes(tree, value.handOffAction, [...path, 'handOffAction'], { node: result, list: 'handOffAction' }, result.nested);
  readNodes(tree, value.postCallActions, [...path, 'postCallActions'], { node: result, list: 'postCallActions' }, result.nested);
  return result;
}
