import type { TextSpan } from './textSpan';
import type { JsonNode } from './jsonTree';

/** A `{id}` variable reference found in a string literal of the document. */
export interface VariableReference {
  /** The variable id between the braces. */
  readonly id: string;
  /** Offset of the `{` in the document text (UTF-16 code units). */
  readonly offset: number;
  /** Length of `{id}` including both braces, as written (an escaped brace counts its escape). */
  readonly length: number;
  /** Where the id between the braces is written in the document text. */
  readonly idSpan: { readonly offset: number; readonly length: number };
}

/**
 * A reference is `{id}` with id of 1 to 40 characters of `A-Z a-z 0-9 _ -` (docs/rulings.md
 * § Variables); `{ color: red }` is not one.
 */
const maxIdLength = 40;

/** Whether a UTF-16 code unit is one of `A-Z a-z 0-9 _ -`, the characters of a variable id. */
function isIdCode(code: number): boolean {
  return (
    (code >= 0x61 && code <= 0x7a) || (code >= 0x41 && code <= 0x5a) || (code >= 0x30 && code <= 0x39) || code === 0x5f || code === 0x2d
  );
}

/** The characters a variable id may contain (DataSettings.id, docs/interface.md § DataSettings). */
export const variableIdCharacter = /[A-Za-z0-9_-]/;

/**
 * The span of a string literal's content in the document (inside the quotes), given the literal's
 * span (quotes included; a string node is one). For an unterminated string the content runs to
 * the end of the literal.
 */
export function stringContentSpan(text: string, literal: TextSpan): { start: number; end: number } {
  const start = literal.offset + 1;
  const last = literal.offset + literal.length - 1;
  const terminated = literal.length >= 2 && text.charCodeAt(last) === 0x22; /* " */
  return { start, end: terminated ? last : literal.offset + literal.length };
}

/** A `{id}` variable reference in a decoded string value (what is sent), by its indexes in the value. */
export interface ValueReference {
  /** The variable id between the braces. */
  readonly id: string;
  /** Index of the `{` in the value (UTF-16 code units). */
  readonly start: number;
  /** Index just after the `}`. */
  readonly end: number;
}

/**
 * The variable references in a string value as sent (decoded: `\u007bid\u007d` is a reference,
 * docs/rulings.md § Files), in order. Linear in the value's length; allocates nothing for a value
 * without a `{`.
 */
export function findValueReferences(value: string): readonly ValueReference[] {
  let open = value.indexOf('{');
  if (open < 0) return noValueReferences;
  const references: ValueReference[] = [];
  while (open >= 0) {
    const end = referenceEndAt(value, open);
    if (end < 0) {
      open = value.indexOf('{', open + 1);
      continue;
    }
    references.push({ id: value.slice(open + 1, end - 1), start: open, end });
    // Scanning resumes after a reference's `}`.
    open = value.indexOf('{', end);
  }
  return references.length > 0 ? references : noValueReferences;
}

/**
 * Where a reference `{id}` starting at `open` (a `{` of `value`) ends: the index just after its
 * `}`, or -1 when that `{` starts none. For a walk over the references of a string that allocates
 * nothing but the ids it reads (`value.slice(open + 1, end - 1)`), as {@link findValueReferences}
 * walks them: the next reference is searched from `end` after one, from `open + 1` after a `{`
 * that starts none.
 */
export function referenceEndAt(value: string, open: number): number {
  // A `{` followed by 1 to 40 id characters and a `}`.
  let close = open + 1;
  while (close - open <= maxIdLength && isIdCode(value.charCodeAt(close))) close++;
  return close === open + 1 || value.charCodeAt(close) !== 0x7d /* } */ ? -1 : close + 1;
}

/**
 * Whether `value` from `start` to `end` (UTF-16 offsets) is an id as a reference writes it between
 * its braces: 1 to 40 id characters (the same ids as {@link referenceEndAt} reads).
 */
export function isReferenceId(value: string, start: number, end: number): boolean {
  if (end <= start || end - start > maxIdLength) return false;
  for (let i = start; i < end; i++) if (!isIdCode(value.charCodeAt(i))) return false;
  return true;
}

const noValueReferences: readonly ValueReference[] = [];

/**
 * The variable references in a string literal node, found in its decoded value (what is sent:
 * `\u007bid\u007d` is a reference, docs/rulings.md § Files), each with its exact span in the
 * document's text. Linear in the string's length.
 */
export function findVariableReferences(text: string, node: JsonNode): VariableReference[] {
  const { start, end } = stringContentSpan(text, node);
  const raw = text.slice(start, end);
  // A `{` in the value is written as itself or as a \u escape: without either, no reference.
  if (!raw.includes('{') && !raw.includes('\\u')) return [];
  const literal = decodeLiteral(raw, start);
  return placeReferences(literal, findValueReferences(literal.value));
}

/**
 * Where `references`, found by {@link findValueReferences} in `value`, the value of the string
 * literal written at `literal`, are written in `text`: the `{id}` with its escapes, and the id
 * between the braces. Decodes only this literal; a literal without escapes maps one to one. In text
 * with errors the tolerant parser drops an invalid escape that this decoding keeps: each reference
 * is then placed on the same `{id}` as written (the n-th of that id), else by its index.
 */
export function placeValueReferences(
  text: string,
  literal: TextSpan,
  value: string,
  references: readonly ValueReference[],
): VariableReference[] {
  const { start, end } = stringContentSpan(text, literal);
  const decoded = decodeLiteral(text.slice(start, end), start);
  if (decoded.value === value) return placeReferences(decoded, references);
  const written = new Map<string, ValueReference[]>();
  for (const reference of findValueReferences(decoded.value)) {
    const same = written.get(reference.id);
    if (same) same.push(reference);
    else written.set(reference.id, [reference]);
  }
  // How many references to the same id come before each one in `value`, by its start.
  const occurrence = new Map<number, number>();
  const seen = new Map<string, number>();
  for (const reference of findValueReferences(value)) {
    const count = seen.get(reference.id) ?? 0;
    occurrence.set(reference.start, count);
    seen.set(reference.id, count + 1);
  }
  return placeReferences(
    decoded,
    references.map((reference) => written.get(reference.id)?.[occurrence.get(reference.start) ?? -1] ?? reference),
  );
}

/** A literal's decoded value, and where each of its indexes (and one past its end) is written in the text. */
interface DecodedLiteral {
  readonly value: string;
  /** The text offset of value index `index`; an index past the value is read as its end. */
  at(index: number): number;
}

/** Decodes the raw content `raw` of a literal whose content starts at text offset `start`. */
function decodeLiteral(raw: string, start: number): DecodedLiteral {
  // Most strings hold no escape: their text is their value, offsets map one to one.
  if (!raw.includes('\\')) return { value: raw, at: (index) => start + Math.min(index, raw.length) };
  const { value, offsets } = decodeWithOffsets(raw);
  return { value, at: (index) => start + offsets[Math.min(index, value.length)] };
}

function placeReferences(literal: DecodedLiteral, references: readonly ValueReference[]): VariableReference[] {
  return references.map(({ id, start, end }) => {
    const offset = literal.at(start);
    const idStart = literal.at(start + 1);
    return { id, offset, length: literal.at(end) - offset, idSpan: { offset: idStart, length: literal.at(end - 1) - idStart } };
  });
}

const simpleEscapes: Readonly<Record<string, string>> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };

/**
 * The value of a JSON string's raw content, and for each index of the value (and one past its
 * end) the index in `raw` where that character is written. An invalid escape is kept as written.
 * Runs without a backslash are copied whole.
 */
function decodeWithOffsets(raw: string): { value: string; offsets: Int32Array } {
  // The value is never longer than its raw text.
  const offsets = new Int32Array(raw.length + 1);
  const parts: string[] = [];
  let length = 0;
  let i = 0;
  while (i < raw.length) {
    const backslash = raw.indexOf('\\', i);
    // A run up to the next escape; a backslash that ends the text is kept as written.
    const runEnd = backslash < 0 || backslash + 1 >= raw.length ? raw.length : backslash;
    for (let k = i; k < runEnd; k++) offsets[length++] = k;
    parts.push(raw.slice(i, runEnd));
    i = runEnd;
    if (i >= raw.length) break;
    offsets[length++] = i;
    const escape = raw[i + 1];
    if (escape === 'u' && /^[0-9a-fA-F]{4}$/.test(raw.slice(i + 2, i + 6))) {
      parts.push(String.fromCharCode(parseInt(raw.slice(i + 2, i + 6), 16)));
      i += 6;
    } else if (simpleEscapes[escape] !== undefined) {
      parts.push(simpleEscapes[escape]);
      i += 2;
    } else {
      parts.push('\\');
      i++;
    }
  }
  offsets[length] = raw.length;
  return { value: parts.join(''), offsets };
}
