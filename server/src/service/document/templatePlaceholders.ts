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

/**
 * Every placeholder among the string values of `value` (a parsed request body), in document order,
 * depth first; the top-level `$schema` (editor metadata, never sent) is left out. It runs on every
 * keystroke and on every file `pearl-lint` checks: a string is tested only when it starts with `<`,
 * a path is built only for a placeholder found, and the walk allocates nothing else. It recurses
 * (small recursive calls are compiled early, where one long loop runs unoptimised through most of a
 * lint of many small files: 3-5 times slower); a value nested deeper than {@link maxRecursionDepth}
 * levels, which no parse gives, is walked again iteratively, so no value overflows the stack.
 */
export function findTemplatePlaceholders(value: unknown): FoundPlaceholder[] {
  const found: FoundPlaceholder[] = [];
  if (typeof value === 'string') {
    if (value.charCodeAt(0) === 0x3c /* < */ && isTemplatePlaceholder(value)) found.push({ path: [], value });
  } else if (typeof value === 'object' && value !== null && !collectPlaceholders(value, [], found)) {
    return findPlaceholdersIteratively(value);
  }
  return found;
}

/** The deepest nesting {@link collectPlaceholders} recurses to (a parse refuses deeper values: maxNestingDepth). */
const maxRecursionDepth = 1000;

/**
 * Appends the placeholders under the object or array `container` (at `keys`, the path from the root,
 * restored on return) to `found`; false, with `found` incomplete, when the value nests deeper than
 * {@link maxRecursionDepth}.
 */
function collectPlaceholders(container: object, keys: (string | number)[], found: FoundPlaceholder[]): boolean {
  if (keys.length > maxRecursionDepth) return false;
  if (Array.isArray(container)) {
    for (let index = 0; index < container.length; index++) {
      if (!visitMember(container[index], index, keys, found)) return false;
    }
    return true;
  }
  const members = container as Readonly<Record<string, unknown>>;
  for (const key in members) {
    if (keys.length === 0 && key === '$schema') continue;
    if (!visitMember(members[key], key, keys, found)) return false;
  }
  return true;
}

/** {@link collectPlaceholders} for one member `value` of the container at `keys`; its key is `key`. */
function visitMember(value: unknown, key: string | number, keys: (string | number)[], found: FoundPlaceholder[]): boolean {
  if (typeof value === 'string') {
    if (value.charCodeAt(0) === 0x3c /* < */ && isTemplatePlaceholder(value)) found.push({ path: keys.concat(key), value });
    return true;
  }
  if (typeof value !== 'object' || value === null) return true;
  keys.push(key);
  const complete = collectPlaceholders(value, keys, found);
  keys.pop();
  return complete;
}

/** A value met by {@link findPlaceholdersIteratively}, with the way back to the root (its path is built only for a placeholder). */
interface Visit {
  readonly value: unknown;
  readonly parent: Visit | undefined;
  readonly key: string | number;
}

/** {@link findTemplatePlaceholders} without recursion: for a value of any nesting depth. */
function findPlaceholdersIteratively(value: unknown): FoundPlaceholder[] {
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
