import { Node as JsonNode, ParseError, ParseErrorCode, visit } from 'jsonc-parser';

export type { JsonNode };

/** Result of {@link parseJsonTree}: the tolerant syntax tree and what the parser objected to. */
export interface JsonTree {
  /** Root value node (jsonc-parser `Node` shape), or undefined for an empty or hopeless text. */
  root: JsonNode | undefined;
  /** Syntax errors, offsets in UTF-16 code units of the text. Trailing commas are not among them. */
  errors: ParseError[];
  /** Offset of each trailing comma (a comma directly before `}` or `]`). */
  trailingCommas: number[];
  /** Each comment (a line comment to the end of its line, or a block comment), in document order; none in strict JSON. */
  comments: CommentSpan[];
  /** Each later occurrence of a key already set in the same object, in document order. */
  duplicateKeys: DuplicateKey[];
  /** The deepest nesting of objects and arrays (0 for a literal, 1 for `{}`). */
  maxDepth: number;
}

/** Where a comment is: offset and length in UTF-16 code units, from its first slash to its end. */
export interface CommentSpan {
  readonly offset: number;
  readonly length: number;
}

/**
 * A key set a second (or further) time in one object. As `JSON.parse` keeps the last value, only
 * the last occurrence of a key stays in its object's `children`; earlier ones are left out of the
 * tree, so every reader of the tree sees the value that is sent.
 */
export interface DuplicateKey {
  /** The later occurrence: its property node (out of the tree unless it is the last one). */
  readonly property: JsonNode;
  /** The key node of the later occurrence (the first child of `property`). */
  readonly key: JsonNode;
  /** The key node of the first occurrence, for the message. */
  readonly first: JsonNode;
  /** End offset of the member written just before this occurrence, for removing it with its comma. */
  readonly previousEnd: number;
}

/**
 * Parses JSON with comments into a jsonc-parser compatible tree in a single pass, also recording
 * trailing commas (tolerated while authoring, a Warning: docs/rulings.md § Files). The tree has the
 * same shape as `jsonc-parser`'s `parseTree` (object/array/property/string/number/boolean/null
 * nodes with offset, length, parent, children, value, colonOffset), so every jsonc-parser tree
 * function (findNodeAtOffset, findNodeAtLocation, getNodePath, getNodeValue) works on it.
 * Of a key set twice in one object only the last occurrence stays in the tree, as `JSON.parse`
 * keeps the last value; the others are listed in `duplicateKeys`. A key being typed (no colon, the
 * next property's name on a later line: {@link TypedKey}) is a property without a value and one
 * syntax error, and the members after it are read as written. Throws only a stack overflow, on
 * nesting thousands of levels deep (jsonc-parser's parser is recursive); malformed input gives a
 * partial tree and errors.
 */
export function parseJsonTree(text: string): JsonTree {
  const typedKeys: TypedKey[] = [];
  let parseText = text;
  for (;;) {
    const pass = parsePass(parseText);
    if (!('typedKey' in pass)) return typedKeys.length === 0 ? pass : withTypedKeys(pass, typedKeys);
    typedKeys.push(pass.typedKey);
    if (typedKeys.length > maxTypedKeys) return withTypedKeys(parsePass(parseText, false) as JsonTree, typedKeys.slice(0, -1));
    const { offset, length, colonOffset } = pass.typedKey;
    const end = colonOffset !== undefined ? colonOffset + 1 : offset + length;
    parseText = `${parseText.slice(0, offset)}${' '.repeat(end - offset)}${parseText.slice(end)}`;
  }
}

/**
 * A key being typed: a property name with no colon after it, followed on a later line by the next
 * property's name (`"outb⏎  "inbound": {`). jsonc-parser would skip everything up to the next `,`
 * or `}` after it, nested values included, and so cascade into problems that are not there (a
 * missing `inbound`, keys of a nested object read as the outer object's); the tree is built
 * instead as if the key were not written, and the key is put back as a property without a value
 * (as vscode-json-languageservice reads it), with one syntax error of its own.
 */
interface TypedKey {
  readonly offset: number;
  /** The key's length as written: to the end of its line when its closing quote is missing. */
  readonly length: number;
  readonly name: string;
  readonly terminated: boolean;
  /** The colon after the key, when written (`"outbound": ⏎  "inbound": {`: the value is being typed). */
  readonly colonOffset?: number;
}

/** How many keys being typed one text may have before the rest are left to jsonc-parser's recovery. */
const maxTypedKeys = 8;

/** Thrown by {@link parsePass} to stop at a key being typed, which the next pass blanks out. */
class TypedKeyFound extends Error {
  constructor(readonly typedKey: TypedKey) {
    super('a key being typed');
  }
}

/**
 * The key being typed that a ColonExpected error at `offset` reveals (see {@link TypedKey}): the
 * property just begun in `text`, when the token where its colon should be is a string on a later line.
 */
function typedKeyAt(text: string, property: BuildNode, offset: number): TypedKey | undefined {
  const key = property.type === 'property' ? property.children?.[0] : undefined;
  if (!key || text.charCodeAt(offset) !== 0x22 /* " */ || !/[\r\n]/.test(text.slice(key.offset + key.length, offset))) return undefined;
  const terminated = key.length >= 2 && text.charCodeAt(key.offset + key.length - 1) === 0x22;
  return { offset: key.offset, length: key.length, name: String(key.value), terminated };
}

/**
 * The property whose value is being typed that a CommaExpected error at `offset` reveals (see
 * {@link TypedKey}): the last member of `object` in `text` has a colon, then, on a later line, a
 * string read as its value, which the colon at `offset` shows to be the next property's name.
 */
function typedValueAt(text: string, object: BuildNode, offset: number): TypedKey | undefined {
  const property = object.type === 'object' ? object.children?.[object.children.length - 1] : undefined;
  const [key, value] = property?.children ?? [];
  const colonOffset = property?.colonOffset;
  if (!key || value?.type !== 'string' || colonOffset === undefined || text.charCodeAt(offset) !== 0x3a /* : */) return undefined;
  if (!/[\r\n]/.test(text.slice(colonOffset + 1, value.offset))) return undefined;
  return { offset: key.offset, length: key.length, name: String(key.value), terminated: true, colonOffset };
}

/** The key or value being typed that parse error `error` at `offset` reveals, `current` being the node open there. */
function typedMemberAt(text: string, error: ParseErrorCode, current: BuildNode, offset: number): TypedKey | undefined {
  if (error === ParseErrorCode.ColonExpected) return typedKeyAt(text, current, offset);
  return error === ParseErrorCode.CommaExpected ? typedValueAt(text, current, offset) : undefined;
}

/**
 * The tree of `text`, or the first key being typed it holds ({@link TypedKey}) when `findTypedKey`
 * (default true).
 */
function parsePass(text: string, findTypedKey = true): JsonTree | { typedKey: TypedKey } {
  try {
    return parseTreeOnce(text, findTypedKey);
  } catch (error) {
    if (error instanceof TypedKeyFound) return { typedKey: error.typedKey };
    throw error;
  }
}

/**
 * `tree`, parsed with `typedKeys` blanked out, with each put back as a property without a value in
 * the object around it and with its syntax error: the unterminated string, else the missing colon.
 */
function withTypedKeys(tree: JsonTree, typedKeys: readonly TypedKey[]): JsonTree {
  const errors = [...tree.errors];
  for (const { offset, length, name, terminated, colonOffset } of typedKeys) {
    if (colonOffset !== undefined) errors.push({ error: ParseErrorCode.ValueExpected, offset: colonOffset, length: 1 });
    else errors.push({ error: terminated ? ParseErrorCode.ColonExpected : ParseErrorCode.UnexpectedEndOfString, offset, length });
    const object = tree.root && findNodeAtOffset(tree.root, offset);
    if (object?.type !== 'object' || !object.children) continue;
    const propertyLength = colonOffset !== undefined ? colonOffset + 1 - offset : length;
    const property: BuildNode = { type: 'property', offset, length: propertyLength, parent: object, children: [], colonOffset };
    property.children?.push({ type: 'string', value: name, offset, length, parent: property });
    const index = object.children.findIndex((child) => child.offset > offset);
    object.children.splice(index < 0 ? object.children.length : index, 0, property);
  }
  errors.sort((a, b) => a.offset - b.offset);
  return { ...tree, errors };
}

/** One pass of the tolerant parser over `text` (see {@link parseJsonTree}). */
function parseTreeOnce(text: string, findTypedKey: boolean): JsonTree {
  const errors: ParseError[] = [];
  const trailingCommas: number[] = [];
  const comments: CommentSpan[] = [];
  const duplicateKeys: DuplicateKey[] = [];
  let current: BuildNode = { type: 'array', offset: -1, length: -1, children: [] };
  // Offset of a comma seen in the current container with no member after it yet.
  let pendingComma = -1;
  let depth = 0;
  let maxDepth = 0;
  const open = (node: BuildNode): void => {
    current = addChild(node);
    if (++depth > maxDepth) maxDepth = depth;
  };

  const completeProperty = (endOffset: number): void => {
    if (current.type === 'property') {
      current.length = endOffset - current.offset;
      // eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- a property is always inside an object
      current = current.parent!;
    }
  };
  const addChild = (child: BuildNode): BuildNode => {
    // eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- `current` is a container or a property: both have children
    current.children!.push(child);
    pendingComma = -1;
    return child;
  };
  const closeContainer = (offset: number, length: number): void => {
    if (pendingComma >= 0) trailingCommas.push(pendingComma);
    pendingComma = -1;
    current.length = offset + length - current.offset;
    if (current.type === 'object') dropShadowedProperties(current, duplicateKeys);
    // eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- the top-level container sits in the synthetic root array
    current = current.parent!;
    depth--;
    completeProperty(offset + length);
  };

  visit(
    text,
    {
      onObjectBegin: (offset) => open({ type: 'object', offset, length: -1, parent: current, children: [] }),
      onObjectProperty: (name, offset, length) => {
        current = addChild({ type: 'property', offset, length: -1, parent: current, children: [] });
        // eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- made just above
        current.children!.push({ type: 'string', value: name, offset, length, parent: current });
      },
      onObjectEnd: (offset, length) => {
        completeProperty(offset + length); // a property missing its value
        closeContainer(offset, length);
      },
      onArrayBegin: (offset) => open({ type: 'array', offset, length: -1, parent: current, children: [] }),
      onArrayEnd: (offset, length) => closeContainer(offset, length),
      onLiteralValue: (value: unknown, offset, length) => {
        const type = value === null ? 'null' : (typeof value as 'string' | 'number' | 'boolean');
        addChild({ type, offset, length, parent: current, value });
        completeProperty(offset + length);
      },
      onSeparator: (separator, offset) => {
        if (current.type === 'property' && separator === ':') current.colonOffset = offset;
        else if (separator === ',') {
          completeProperty(offset); // a comma ends the property before it, if any
          pendingComma = offset;
        }
      },
      onComment: (offset, length) => comments.push({ offset, length }),
      onError: (error, offset, length) => {
        const typedKey = findTypedKey ? typedMemberAt(text, error, current, offset) : undefined;
        if (typedKey) throw new TypedKeyFound(typedKey);
        errors.push({ error, offset, length });
      },
    },
    { allowTrailingComma: true, disallowComments: false, allowEmptyContent: false },
  );
  // Close whatever malformed input left open, so every node has a length.
  while (current.parent) {
    if (current.length < 0) current.length = text.length - current.offset;
    if (current.type === 'object') dropShadowedProperties(current, duplicateKeys);
    current = current.parent;
  }
  // eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- the synthetic root array made above
  const root = current.children![0];
  if (root) delete root.parent;
  // Objects close innermost first: put the duplicates in document order.
  duplicateKeys.sort((a, b) => a.property.offset - b.property.offset);
  return { root, errors, trailingCommas, comments, duplicateKeys, maxDepth };
}

/**
 * The {@link parseJsonTree} result for a strict JSON `text` (one `JSON.parse` accepts), built in
 * lockstep with `value`, its `JSON.parse` result: the values come from `value`, so the walk only
 * finds where each token starts and ends (a string's closing quote by `indexOf`, never unescaping
 * it) and allocates exact-size `children` arrays. Several times cheaper than the tolerant parser.
 * Undefined when the text's members do not line up with `value`'s keys (a key set twice, integer
 * keys that `JSON.parse` orders first, a key with an escape) or nest deeper than `depthLimit`:
 * the caller then uses {@link parseJsonTree}. Recursive, to at most `depthLimit` levels.
 */
export function buildStrictJsonTree(text: string, value: unknown, depthLimit: number): JsonTree | undefined {
  const builder = new StrictTreeBuilder(text, depthLimit);
  const root = builder.skipWhitespace() && builder.build(value, undefined, 1);
  if (!root) return undefined;
  delete root.parent;
  return { root, errors: [], trailingCommas: [], comments: [], duplicateKeys: [], maxDepth: builder.maxDepth };
}

/** The walk of {@link buildStrictJsonTree}: `position` moves through the text token by token. */
class StrictTreeBuilder {
  position = 0;
  maxDepth = 0;

  constructor(
    private readonly text: string,
    private readonly depthLimit: number,
  ) {}

  /** Moves past JSON whitespace; true (for chaining). */
  skipWhitespace(): true {
    const text = this.text;
    let position = this.position;
    let code = text.charCodeAt(position);
    while (code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09) code = text.charCodeAt(++position);
    this.position = position;
    return true;
  }

  /** The node of `value`, which starts at `position` (no whitespace before it); undefined on a mismatch. */
  build(value: unknown, parent: BuildNode | undefined, depth: number): BuildNode | undefined {
    const text = this.text;
    const offset = this.position;
    const code = text.charCodeAt(offset);
    if (code === 0x7b /* { */) {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
      return this.buildObject(value as Record<string, unknown>, parent, depth);
    }
    if (code === 0x5b /* [ */) {
      if (!Array.isArray(value)) return undefined;
      return this.buildArray(value, parent, depth);
    }
    let length: number;
    let type: JsonNode['type'];
    if (code === 0x22 /* " */) {
      if (typeof value !== 'string') return undefined;
      length = this.stringLength(offset, value.length);
      type = 'string';
    } else if (typeof value === 'number') {
      let end = offset + 1;
      let next = text.charCodeAt(end);
      // Digits, '.', 'e', 'E', '+', '-': JSON.parse has checked the number's form.
      while ((next >= 0x30 && next <= 0x39) || next === 0x2e || next === 0x65 || next === 0x45 || next === 0x2b || next === 0x2d) {
        next = text.charCodeAt(++end);
      }
      length = end - offset;
      type = 'number';
    } else if (typeof value === 'boolean') {
      length = value ? 4 : 5;
      type = 'boolean';
    } else if (value === null) {
      length = 4;
      type = 'null';
    } else {
      return undefined;
    }
    this.position = offset + length;
    return { type, offset, length, parent, value };
  }

  /** Length of the string literal at `offset` whose value has `valueLength` characters. */
  private stringLength(offset: number, valueLength: number): number {
    const text = this.text;
    let quote = text.indexOf('"', offset + 1);
    // The first quote, unescaped, where a content without escapes would end: it closes the string.
    if (quote === offset + 1 + valueLength && text.charCodeAt(quote - 1) !== 0x5c /* \ */) return valueLength + 2;
    for (;;) {
      let backslash = quote - 1;
      while (text.charCodeAt(backslash) === 0x5c /* \ */) backslash--;
      if ((quote - 1 - backslash) % 2 === 0) return quote + 1 - offset;
      quote = text.indexOf('"', quote + 1);
    }
  }

  private buildObject(value: Record<string, unknown>, parent: BuildNode | undefined, depth: number): BuildNode | undefined {
    if (depth > this.depthLimit) return undefined;
    if (depth > this.maxDepth) this.maxDepth = depth;
    const text = this.text;
    const keys = Object.keys(value);
    const children = new Array<BuildNode>(keys.length);
    const object: BuildNode = { type: 'object', offset: this.position, length: -1, parent, children };
    this.position++;
    for (let i = 0; i < keys.length; i++) {
      this.skipWhitespace();
      if (i > 0) {
        if (text.charCodeAt(this.position) !== 0x2c /* , */) return undefined;
        this.position++;
        this.skipWhitespace();
      }
      const key = keys[i];
      const offset = this.position;
      const keyLength = key.length + 2;
      // The key as written, between quotes: then no escape is in it. A key holding a backslash is
      // always written with one, so its text alone could line up with an escaped quote: give way.
      if (text.charCodeAt(offset + keyLength - 1) !== 0x22 || !text.startsWith(key, offset + 1) || text.charCodeAt(offset) !== 0x22)
        return undefined;
      if (key.includes('\\')) return undefined;
      const property: BuildNode = { type: 'property', offset, length: -1, parent: object, children: undefined, colonOffset: -1 };
      const keyNode: BuildNode = { type: 'string', value: key, offset, length: keyLength, parent: property };
      this.position = offset + keyLength;
      this.skipWhitespace();
      property.colonOffset = this.position++;
      this.skipWhitespace();
      const valueNode = this.build(value[key], property, depth + 1);
      if (!valueNode) return undefined;
      property.children = [keyNode, valueNode];
      property.length = this.position - offset;
      children[i] = property;
    }
    this.skipWhitespace();
    if (text.charCodeAt(this.position) !== 0x7d /* } */) return undefined;
    object.length = ++this.position - object.offset;
    return object;
  }

  private buildArray(value: unknown[], parent: BuildNode | undefined, depth: number): BuildNode | undefined {
    if (depth > this.depthLimit) return undefined;
    if (depth > this.maxDepth) this.maxDepth = depth;
    const children = new Array<BuildNode>(value.length);
    const array: BuildNode = { type: 'array', offset: this.position, length: -1, parent, children };
    this.position++;
    for (let i = 0; i < value.length; i++) {
      this.skipWhitespace();
      if (i > 0) {
        this.position++; // the comma: JSON.parse has checked the array's form
        this.skipWhitespace();
      }
      const item = this.build(value[i], array, depth + 1);
      if (!item) return undefined;
      children[i] = item;
    }
    this.skipWhitespace();
    array.length = ++this.position - array.offset;
    return array;
  }
}

/**
 * Leaves out of `object.children` every property whose key a later property of the object sets
 * again (`JSON.parse` keeps the last value), recording each later occurrence in `duplicates`.
 * A property still missing its value (being typed) neither shadows nor is shadowed. Linear.
 */
function dropShadowedProperties(object: BuildNode, duplicates: DuplicateKey[]): void {
  // eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- an object node always has children
  const children = object.children!;
  if (children.length < 2) return;
  // Most objects are small: a map only pays off for larger ones.
  const firstIndex = children.length > 8 ? new Map<unknown, number>() : undefined;
  let repeated = false;
  for (let index = 0; index < children.length; index++) {
    const key = completeKey(children[index]);
    if (key === undefined) continue;
    let first: number | undefined;
    if (firstIndex) {
      first = firstIndex.get(key.value);
      if (first === undefined) firstIndex.set(key.value, index);
    } else {
      for (let j = 0; j < index && first === undefined; j++) if (completeKey(children[j])?.value === key.value) first = j;
    }
    const firstKey = first === undefined ? undefined : completeKey(children[first]);
    if (!firstKey) continue;
    repeated = true;
    const before = children[index - 1];
    duplicates.push({
      property: children[index],
      key,
      first: firstKey,
      previousEnd: before.offset + before.length,
    });
  }
  if (!repeated) return;
  // Every occurrence but the last is shadowed: the first one and each later one but the last.
  const last = new Map<unknown, number>();
  children.forEach((property, index) => {
    const key = completeKey(property);
    if (key) last.set(key.value, index);
  });
  object.children = children.filter((property, index) => {
    const key = completeKey(property);
    return !key || last.get(key.value) === index;
  });
}

/** The key node of a property that has both a key and a value; undefined otherwise. */
function completeKey(property: BuildNode): BuildNode | undefined {
  const children = property.children;
  return children !== undefined && children.length > 1 ? children[0] : undefined;
}

/** The mutable shape of a jsonc `Node` while the tree is being built. */
interface BuildNode {
  type: JsonNode['type'];
  offset: number;
  length: number;
  parent?: BuildNode;
  children?: BuildNode[];
  value?: unknown;
  colonOffset?: number;
}

/** Plain-language message for a jsonc-parser error code (docs/rulings.md § Files). */
export function describeParseError(code: ParseErrorCode): string {
  switch (code) {
    case ParseErrorCode.InvalidSymbol:
      return 'Unexpected character: this is not JSON.';
    case ParseErrorCode.InvalidNumberFormat:
      return 'Invalid number.';
    case ParseErrorCode.PropertyNameExpected:
      return 'Expected a property name in double quotes.';
    case ParseErrorCode.ValueExpected:
      return 'Expected a value.';
    case ParseErrorCode.ColonExpected:
      return "Expected ':' after the property name.";
    case ParseErrorCode.CommaExpected:
      return "Expected ',' between members.";
    case ParseErrorCode.CloseBraceExpected:
      return "Expected '}' to close the object.";
    case ParseErrorCode.CloseBracketExpected:
      return "Expected ']' to close the array.";
    case ParseErrorCode.EndOfFileExpected:
      return 'Expected the end of the file after the root value.';
    case ParseErrorCode.InvalidCommentToken:
      return 'Invalid comment.';
    case ParseErrorCode.UnexpectedEndOfComment:
      return "Unterminated block comment: expected '*/'.";
    case ParseErrorCode.UnexpectedEndOfString:
      return 'Unterminated string: expected a closing double quote.';
    case ParseErrorCode.UnexpectedEndOfNumber:
      return 'Incomplete number.';
    case ParseErrorCode.InvalidUnicode:
      return 'Invalid unicode escape sequence.';
    case ParseErrorCode.InvalidEscapeCharacter:
      return 'Invalid escape character in string.';
    case ParseErrorCode.InvalidCharacter:
      return 'Invalid character in string (control characters must be escaped).';
    default:
      return 'Syntax error.';
  }
}

/** The value node of property `key` of an object node, or undefined (also for non-objects). */
export function getPropertyNode(object: JsonNode | undefined, key: string): JsonNode | undefined {
  if (!object || object.type !== 'object' || !object.children) return undefined;
  for (const property of object.children) {
    const children = property.children;
    // A key written without a value (being typed) holds none: the value is a later property's.
    if (children && children.length > 1 && children[0].value === key) return children[1];
  }
  return undefined;
}

/** The key node (the quoted name) of property `key` of an object node, or undefined. */
export function getPropertyKeyNode(object: JsonNode | undefined, key: string): JsonNode | undefined {
  if (!object || object.type !== 'object' || !object.children) return undefined;
  for (const property of object.children) {
    const children = property.children;
    if (children && children[0].value === key) return children[0];
  }
  return undefined;
}

/** The value of a string node, or undefined for anything else (absent, null, another type). */
export function getStringValue(node: JsonNode | undefined): string | undefined {
  return node?.type === 'string' ? (node.value as string) : undefined;
}

/** String value of property `key`, or undefined when absent or not a string. */
export function getStringProperty(object: JsonNode | undefined, key: string): string | undefined {
  return getStringValue(getPropertyNode(object, key));
}

/** Number value of property `key`, or undefined when absent or not a number. */
export function getNumberProperty(object: JsonNode | undefined, key: string): number | undefined {
  const node = getPropertyNode(object, key);
  return node?.type === 'number' ? (node.value as number) : undefined;
}

/** The element nodes of an array node; empty for anything else (null, absent, wrong type). */
export function getArrayItems(node: JsonNode | undefined): JsonNode[] {
  return node?.type === 'array' && node.children ? node.children : [];
}

/** The object element nodes of property `key` when it is an array; others are skipped. */
export function getObjectItems(object: JsonNode | undefined, key: string): JsonNode[] {
  return getArrayItems(getPropertyNode(object, key)).filter((item) => item.type === 'object');
}

/**
 * The innermost node at `offset`, like jsonc-parser's `findNodeAtOffset` (same semantics) but
 * iterative, so that no nesting depth can overflow the stack, and with a binary search through the
 * children of a long object or array (children are in document order and do not overlap): a
 * keystroke late in a 5,000-node Pearl tested 4,500 elements of `pearl.nodes` one by one.
 */
export function findNodeAtOffset(root: JsonNode, offset: number, includeRightBound = false): JsonNode | undefined {
  if (!containsOffset(root, offset, includeRightBound)) return undefined;
  let current = root;
  for (;;) {
    const children = current.children;
    let next: JsonNode | undefined;
    if (children) {
      // The first child that contains `offset`, among those that start at or before it.
      let first = 0;
      let end = children.length;
      if (end > linearChildren) {
        // `end`: the number of children that start at or before `offset`.
        let low = 0;
        while (low < end) {
          const middle = (low + end) >>> 1;
          if (children[middle].offset <= offset) low = middle + 1;
          else end = middle;
        }
        // Only the last of them, or those just before it that end at `offset` or later, can contain it.
        first = end;
        while (first > 0 && children[first - 1].offset + children[first - 1].length >= offset) first--;
      }
      for (let i = first; i < end && children[i].offset <= offset; i++) {
        if (containsOffset(children[i], offset, includeRightBound)) {
          next = children[i];
          break;
        }
      }
    }
    if (!next) return current;
    current = next;
  }
}

/** Children past which {@link findNodeAtOffset} searches by halves. */
const linearChildren = 8;

/** Whether `offset` lies in `node` (at its end too, with `includeRightBound`). */
function containsOffset(node: JsonNode, offset: number, includeRightBound: boolean): boolean {
  return (offset >= node.offset && offset < node.offset + node.length) || (includeRightBound && offset === node.offset + node.length);
}

/**
 * The JSON path (property names and array indexes) from the root to `node`, like jsonc-parser's
 * `getNodePath`, but iterative.
 */
export function getNodePath(node: JsonNode): (string | number)[] {
  const path: (string | number)[] = [];
  let current = node;
  while (current.parent?.children) {
    const parent = current.parent;
    if (parent.type === 'property') {
      // eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- the loop's condition: children exist
      path.push(parent.children![0].value as string);
    } else if (parent.type === 'array') {
      // eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- the loop's condition: children exist
      const index = parent.children!.indexOf(current);
      if (index !== -1) path.push(index);
    }
    current = parent;
  }
  return path.reverse();
}

/**
 * The node at `path` (property names and array indexes) from `root`, like jsonc-parser's
 * `findNodeAtLocation`, but iterative; undefined when there is none.
 */
export function getNodeAtPath(root: JsonNode | undefined, path: readonly (string | number)[]): JsonNode | undefined {
  let node = root;
  for (const step of path) {
    if (!node) return undefined;
    if (typeof step === 'string') node = getPropertyNode(node, step);
    else node = node.type === 'array' && node.children ? node.children[step] : undefined;
  }
  return node;
}
