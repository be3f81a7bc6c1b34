import type { TextDocument } from 'vscode-languageserver-textdocument';
import { createTextSnapshot } from './textSnapshot';
import { findNodeAtOffset, getNodePath, JsonNode } from './jsonTree';
import { findStringWithoutTree, valueAtPath, withPatchedText, type PearlDocument } from './pearlDocument';

/**
 * Keys whose string values the Pearl model reads when it is built (nodeId, names, toNodeId, variable
 * ids, `$schema`): an edit of one of them changes the model, so it is parsed again.
 */
const modelKeys: ReadonlySet<string> = new Set(['nodeId', 'name', 'toNodeId', 'id', '$schema']);

/** Characters compared at once while looking for where two texts differ. */
const chunk = 4096;

/**
 * The parse of `editorDocument` made from `previous`, the parse of an earlier version of the same
 * document, when the two texts differ only inside one string value that the model does not read
 * (typing in a script, a description, an URL): the string's node and its value in
 * {@link PearlDocument.value} take the new text, every node after it moves by the length
 * difference, its ancestors grow or shrink by it. The tree and the value of `previous` are updated
 * in place and shared, so `previous` must not be read afterwards. Undefined (parse again) whenever
 * the edit could change anything else: a key, an escape, a quote, a control character, a string
 * with a syntax error, a document with duplicate keys or too deeply nested. Linear in the number
 * of nodes, allocating nothing per node: several times cheaper than a parse. Strict JSON without a
 * syntax tree is patched without one ({@link patchWithoutTree}).
 */
export function patchStringEdit(previous: PearlDocument, editorDocument: TextDocument): PearlDocument | undefined {
  if (previous.nestingTooDeep || previous.value === undefined) return undefined;
  if (previous.hasSyntaxTree && (!previous.root || previous.duplicateKeys.length > 0)) return undefined;
  const oldText = previous.textDocument.getText();
  const text = editorDocument.getText();
  if (text.charCodeAt(0) === 0xfeff || oldText.charCodeAt(0) === 0xfeff) return undefined;
  // The changed span: [start, oldEnd) of the old text became [start, newEnd) of the new one.
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
  const oldEnd = oldText.length - suffix;
  const delta = text.length - oldText.length;

  if (!previous.hasSyntaxTree) return patchWithoutTree(previous, editorDocument, oldText, text, start, oldEnd, delta);
  const root = previous.root;
  if (!root) return undefined;
  const node = findNodeAtOffset(root, start);
  if (!node || node.type !== 'string' || typeof node.value !== 'string') return undefined;
  const contentStart = node.offset + 1;
  const closingQuote = node.offset + node.length - 1;
  if (start < contentStart || oldEnd > closingQuote || oldText.charCodeAt(closingQuote) !== 0x22 /* " */) return undefined;
  const property = node.parent;
  if (property?.type === 'property') {
    const key = property.children?.[0];
    if (key === node || (key && modelKeys.has(key.value as string))) return undefined;
  }
  if (previous.syntaxErrors.some((error) => error.offset < node.offset + node.length && error.offset + error.length > node.offset)) {
    return undefined;
  }
  // Only a string without escapes has its text as its value.
  const content = text.slice(contentStart, closingQuote + delta);
  if (!isPlainStringContent(content)) return undefined;

  const holder = findStringHolder(previous.value, getNodePath(node));
  if (!holder) return undefined;

  holder.container[holder.key] = content;
  shiftNodesAfter(root, node, delta);
  for (let ancestor: MutableNode | undefined = node.parent; ancestor; ancestor = ancestor.parent) ancestor.length += delta;
  const edited = node as MutableNode;
  edited.length += delta;
  edited.value = content;

  const shift = (offset: number): number => (offset > node.offset ? offset + delta : offset);
  return withPatchedText(previous, createTextSnapshot(editorDocument.uri, editorDocument.languageId, editorDocument.version, text), shift);
}

/**
 * {@link patchStringEdit} of strict JSON that has no syntax tree: the edited string is found by one
 * descent through the old text (jsonLocator.ts), its value set in the shared parsed value, and the
 * new parse builds its own tree from the new text if anything asks for one.
 */
function patchWithoutTree(
  previous: PearlDocument,
  editorDocument: TextDocument,
  oldText: string,
  text: string,
  start: number,
  oldEnd: number,
  delta: number,
): PearlDocument | undefined {
  const literal = findStringWithoutTree(previous, start);
  if (!literal || literal.isKey) return undefined;
  const closingQuote = literal.offset + literal.length - 1;
  if (start < literal.offset + 1 || oldEnd > closingQuote || oldText.charCodeAt(closingQuote) !== 0x22 /* " */) return undefined;
  const key = literal.path[literal.path.length - 1];
  if (typeof key === 'string' && modelKeys.has(key)) return undefined;
  const content = text.slice(literal.offset + 1, closingQuote + delta);
  if (!isPlainStringContent(content)) return undefined;
  const holder = findStringHolder(previous.value, literal.path);
  if (!holder) return undefined;
  holder.container[holder.key] = content;
  const textDocument = createTextSnapshot(editorDocument.uri, editorDocument.languageId, editorDocument.version, text);
  return withPatchedText(previous, textDocument, (offset) => offset, {
    path: literal.path,
    offset: literal.offset,
    length: literal.length + delta,
  });
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

/** Moves every node that starts after `edited` (a leaf) by `delta`; iterative, skips subtrees before it. */
function shiftNodesAfter(root: JsonNode, edited: JsonNode, delta: number): void {
  const stack: JsonNode[] = [root];
  while (stack.length > 0) {
    const current = stack.pop() as MutableNode;
    if (current.offset > edited.offset) {
      current.offset += delta;
    } else if (current.offset + current.length <= edited.offset) {
      continue; // entirely before the edit, and so are its children
    }
    if (current.colonOffset !== undefined && current.colonOffset > edited.offset) current.colonOffset += delta;
    const children = current.children;
    if (children) for (let i = 0; i < children.length; i++) stack.push(children[i]);
  }
}

/** The object or array holding the string at `path` of a plain JSON value, and its key there. */
function findStringHolder(
  value: unknown,
  path: readonly (string | number)[],
): { container: Record<string | number, unknown>; key: string | number } | undefined {
  if (path.length === 0) return undefined;
  const container = valueAtPath(value, path.slice(0, -1));
  if (typeof container !== 'object' || container === null) return undefined;
  const key = path[path.length - 1];
  const holder = container as Record<string | number, unknown>;
  return typeof holder[key] === 'string' ? { container: holder, key } : undefined;
}
