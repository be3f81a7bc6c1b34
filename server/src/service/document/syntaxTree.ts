import type { ParseError } from 'jsonc-parser';
import type { JsonPath } from './jsonValue';
import { buildStrictJsonTree, getNodeAtPath, JsonNode, JsonTree, parseJsonTree } from './jsonTree';

/**
 * The deepest nesting of objects and arrays a document may have. A Pearl needs about a dozen
 * levels; far deeper text is hostile or broken, and every recursive reader of the value (the
 * schema validator, `JSON.stringify` of the body, jsonc-parser) would overflow the stack at a few
 * thousand levels. Deeper documents are reported and not checked.
 */
export const maxNestingDepth = 1000;

/**
 * The syntax tree of one text, built on first read when the text is strict JSON (in lockstep with
 * its parsed value, {@link buildStrictJsonTree}), given when the tolerant parser made it. Shared by
 * the parses an edit inside a string makes from one another: the string-edit patch updates it in
 * place (stringEditPatch.ts; `ParsedPearl.withStringEdit` in parsedPearl.ts).
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

  /** The tree of a document that holds no value (empty, or nested too deeply to be read). */
  static empty(): SyntaxTree {
    return new SyntaxTree('', undefined, { root: undefined, errors: [], trailingCommas: [], comments: [], duplicateKeys: [], maxDepth: 0 });
  }

  /**
   * The text after an edit inside a string that the value has taken in place, before any tree was
   * built (the model's objects keep this object, so their nodes come from the new text). Throws
   * when the tree of the earlier text is built already (a programming error: patch that tree).
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

  /** The syntax errors when the tree is built; none otherwise (strict JSON has none). */
  get errors(): readonly ParseError[] {
    return this.tree ? this.tree.errors : noErrors;
  }

  /** The node at `path`; undefined when there is none. Builds the tree. */
  nodeAt(path: JsonPath): JsonNode | undefined {
    return getNodeAtPath(this.get().root, path);
  }

  /**
   * The node at `path`, which the model read from the value, so it exists. Builds the tree; throws
   * when there is no such node (the model and the tree disagree: a bug).
   */
  modelNode(path: JsonPath): JsonNode {
    const node = this.nodeAt(path);
    if (!node) throw new Error(`The syntax tree has no node at ${path.join('.')}.`);
    return node;
  }
}

const noErrors: readonly ParseError[] = [];
