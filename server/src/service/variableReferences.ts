import type { JsonNode } from './jsonTree';

/** A `{id}` variable reference found in a string literal of the document. */
export interface VariableReference {
  /** The variable id between the braces. */
  readonly id: string;
  /** Offset of the `{` in the document text (UTF-16 code units). */
  readonly offset: number;
  /** Length of `{id}` including both braces. */
  readonly length: number;
}

/**
 * A reference is `{id}` with id of 1 to 40 characters of `A-Z a-z 0-9 _ -` (DECISIONS.md
 * § Variables); `{ color: red }` is not one.
 */
const referencePattern = /\{([A-Za-z0-9_-]{1,40})\}/g;

/** The characters a variable id may contain (DataSettings.id, pearl-agent-service.md § DataSettings). */
export const variableIdCharacter = /[A-Za-z0-9_-]/;

/**
 * The span of a string literal's content in the document (inside the quotes). For an unterminated
 * string the content runs to the end of the node.
 */
export function stringContentSpan(text: string, node: JsonNode): { start: number; end: number } {
  const start = node.offset + 1;
  const last = node.offset + node.length - 1;
  const terminated = node.length >= 2 && text.charCodeAt(last) === 0x22 /* " */;
  return { start, end: terminated ? last : node.offset + node.length };
}

/**
 * The variable references in a string literal node, scanned on the document's raw text so that
 * each range is exact even when the string has escapes elsewhere. Linear in the string's length.
 */
export function findVariableReferences(text: string, node: JsonNode): VariableReference[] {
  const { start, end } = stringContentSpan(text, node);
  let brace = start;
  while (brace < end && text.charCodeAt(brace) !== 0x7b /* { */) brace++;
  if (brace >= end) return [];
  const raw = text.slice(start, end);
  const references: VariableReference[] = [];
  referencePattern.lastIndex = 0;
  for (let match = referencePattern.exec(raw); match; match = referencePattern.exec(raw)) {
    references.push({ id: match[1], offset: start + match.index, length: match[0].length });
  }
  return references;
}
