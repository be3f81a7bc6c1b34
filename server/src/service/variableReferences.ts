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
 * The span of a string literal's content in the document (inside the quotes). For an unterminated
 * string the content runs to the end of the node.
 */
export function stringContentSpan(text: string, node: JsonNode): { start: number; end: number } {
  const start = node.offset + 1;
  const last = node.offset + node.length - 1;
  const terminated = node.length >= 2 && text.charCodeAt(last) === 0x22; /* " */
  return { start, end: terminated ? last : node.offset + node.length };
}

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
  // Most strings hold no escape: their text is their value, offsets map one to one.
  const decoded = raw.includes('\\') ? decodeWithOffsets(raw) : undefined;
  const value = decoded ? decoded.value : raw;
  if (!value.includes('{')) return [];
  const at = (index: number): number => start + (decoded ? decoded.offsets[index] : index);
  const references: VariableReference[] = [];
  // Each `{` followed by 1 to 40 id characters and a `}`; scanning resumes after a reference's `}`.
  for (let open = value.indexOf('{'); open >= 0; open = value.indexOf('{', open + 1)) {
    let close = open + 1;
    while (close - open <= maxIdLength && isIdCode(value.charCodeAt(close))) close++;
    if (close === open + 1 || value.charCodeAt(close) !== 0x7d /* } */) continue;
    const offset = at(open);
    const idStart = at(open + 1);
    references.push({
      id: value.slice(open + 1, close),
      offset,
      length: at(close + 1) - offset,
      idSpan: { offset: idStart, length: at(close) - idStart },
    });
    open = close;
  }
  return references;
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
