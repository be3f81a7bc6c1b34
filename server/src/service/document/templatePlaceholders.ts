import { isJsonObject, type JsonPath } from './jsonValue';

/**
 * Values a template leaves for the user to fill (docs/rulings.md § Template placeholders): a whole
 * string value of the form `<your text channel id>`, a description of what goes there between angle
 * brackets. The form is one recognisable shape, read the same way by the `template-placeholder`
 * rule, the deploy payload (Deploy refuses to send one) and the fixes that write one (Create node).
 */

/** The longest string value read as a placeholder, in UTF-16 code units: a description, not content. */
export const maxPlaceholderLength = 120;

/**
 * The placeholder form: `<`, words of letters and digits separated by spaces (at least two words: a
 * description, not a tag such as `<br>`), with only apostrophes, commas, periods and hyphens
 * between them, `>`. No `=`, quote, slash, brace or line break: an HTML tag with attributes
 * (`<img src=x>`) or a `{variable}` reference is never a placeholder.
 */
const placeholderPattern = /^<[\p{L}\p{N}](?=[^>]* )[\p{L}\p{N}' \u2019,.-]*[\p{L}\p{N}]>$/u;

/** Whether `value` is a template placeholder (`<your voice id>`). */
export function isTemplatePlaceholder(value: unknown): boolean {
  return typeof value === 'string' && value.length <= maxPlaceholderLength && placeholderPattern.test(value);
}

/**
 * The placeholder `<description>` for a value to fill, from a description in words
 * (`your text channel id`). Throws a TypeError when the result is not of the form (a programming
 * error: the description must be two words or more, of letters, digits and `' , . -`).
 */
export function makeTemplatePlaceholder(description: string): string {
  const placeholder = `<${description}>`;
  if (!isTemplatePlaceholder(placeholder)) throw new TypeError(`not a placeholder description: ${description}`);
  return placeholder;
}

/** One placeholder found in a value: where it is and what it says. */
export interface FoundPlaceholder {
  /** Its path from the root: property names and array indexes. */
  readonly path: JsonPath;
  readonly value: string;
}

/** A value met by {@link findTemplatePlaceholders}, with the way back to the root (its path is built only for a placeholder). */
interface Visit {
  readonly value: unknown;
  readonly parent: Visit | undefined;
  readonly key: string | number;
}

/**
 * Every placeholder among the string values of `value` (a parsed request body), in document order,
 * depth first; the top-level `$schema` (editor metadata, never sent) is left out. Iterative, so a
 * deeply nested value cannot overflow the stack. It runs on every keystroke: a value is one small
 * record on the stack, a string is tested only when it starts with `<`, and a path is built only
 * for a placeholder found.
 */
export function findTemplatePlaceholders(value: unknown): FoundPlaceholder[] {
  const found: FoundPlaceholder[] = [];
  const stack: Visit[] = [{ value, parent: undefined, key: '' }];
  for (let visit = stack.pop(); visit !== undefined; visit = stack.pop()) {
    const current = visit.value;
    if (typeof current === 'string') {
      if (current.charCodeAt(0) === 0x3c /* < */ && isTemplatePlaceholder(current)) found.push({ path: pathOf(visit), value: current });
    } else if (Array.isArray(current)) {
      for (let index = current.length - 1; index >= 0; index--) stack.push({ value: current[index], parent: visit, key: index });
    } else if (isJsonObject(current)) {
      const keys = Object.keys(current);
      for (let index = keys.length - 1; index >= 0; index--) {
        const key = keys[index];
        if (visit.parent === undefined && key === '$schema') continue;
        stack.push({ value: current[key], parent: visit, key });
      }
    }
  }
  return found;
}

/** The path from the root to `visit`'s value. */
function pathOf(visit: Visit): JsonPath {
  const path: (string | number)[] = [];
  for (let at: Visit | undefined = visit; at?.parent !== undefined; at = at.parent) path.push(at.key);
  return path.reverse();
}
