/**
 * Positions in strict JSON text found without a syntax tree. A document that `JSON.parse` accepts is
 * checked on its parsed value (parsePearlDocument in pearlDocument.ts); a rule that finds a problem asks where the value
 * is, and only then is the text read, from the start, skipping every value before it. Each array
 * the search passes through keeps the offsets of the elements read so far, so later searches into
 * the same array start where the last one stopped: locating every element of a long list is linear.
 * An array skipped to reach what follows it (`pearl.nodes` before `pearl.variables`) is read the
 * same way and keeps its end: a long list is read once, whichever search comes first.
 */

import type { JsonPath } from './jsonValue';

/** A string literal of the text: the path of its value, and its span (quotes included), in UTF-16 code units. */
export interface StringSpan {
  readonly path: JsonPath;
  readonly offset: number;
  readonly length: number;
}

/** A string literal found around an offset ({@link JsonLocator.stringAt}), and whether it is a key. */
export type StringLiteral = StringSpan & { readonly isKey: boolean };

/** Where a value is: its span, and for a property's value the span of its quoted key. UTF-16 code units. */
export interface ValueSpan {
  readonly offset: number;
  readonly length: number;
  /** The property's key (with its quotes), when the value is the value of a property. */
  readonly key: { readonly offset: number; readonly length: number } | undefined;
}

/** A located value whose length is measured on first read: a container's end costs a scan of it. */
class LocatedValue implements ValueSpan {
  private measured: number | undefined;

  constructor(
    private readonly locator: JsonLocator,
    readonly offset: number,
    readonly key: ValueSpan['key'],
  ) {}

  get length(): number {
    this.measured ??= this.locator.lengthAt(this.offset);
    return this.measured;
  }
}

/** What is known of one object's members: each key read so far, and where reading goes on. */
interface ObjectProgress {
  /** The members read so far by key (the first of a key: this text sets none twice). */
  readonly members: Map<string, { value: number; key: { offset: number; length: number } }>;
  /**
   * Where reading goes on: the next key's opening quote, or, when {@link afterValue}, the value of
   * the member the last search found (skipped only if a later search needs what follows it); -1
   * when every member has been read.
   */
  next: number;
  afterValue: boolean;
  /** The offset after the object's `}`, once every member has been read; -1 before. */
  end: number;
}

/** What is known of one array's elements: the start offset of each element read so far. */
interface ArrayProgress {
  readonly starts: number[];
  /** Whether every element has been read. */
  done: boolean;
  /** The offset after the array's `]`, once every element has been read (the text's length if it has none). */
  end: number;
}

const quote = 0x22;
const backslash = 0x5c;
const openBrace = 0x7b;
const closeBrace = 0x7d;
const openBracket = 0x5b;
const closeBracket = 0x5d;
const comma = 0x2c;
const colon = 0x3a;

/**
 * Finds values by path in one strict JSON text (`JSON.parse` accepts it, no key set twice). Not for
 * text with comments or errors: that text has a syntax tree. Never throws; an unknown path answers
 * undefined.
 */
export class JsonLocator {
  private readonly arrays = new Map<number, ArrayProgress>();
  private readonly objects = new Map<number, ObjectProgress>();

  /** @param text The text `JSON.parse` read (a byte order mark replaced by a space, so offsets match the editor's). */
  constructor(private readonly text: string) {}

  /** The span of the value at `path`, or undefined when there is none. */
  locate(path: JsonPath): ValueSpan | undefined {
    const text = this.text;
    let offset = this.skipWhitespace(0);
    if (offset >= text.length) return undefined;
    let key: ValueSpan['key'];
    for (const step of path) {
      const code = text.charCodeAt(offset);
      if (code === openBrace && typeof step === 'string') {
        const found = this.findMember(offset, step);
        if (!found) return undefined;
        offset = found.value;
        key = found.key;
      } else if (code === openBracket && typeof step === 'number') {
        const found = this.findElement(offset, step);
        if (found === undefined) return undefined;
        offset = found;
        key = undefined;
      } else {
        return undefined;
      }
    }
    return new LocatedValue(this, offset, key);
  }

  /**
   * The string literal that `offset` is inside of (after its opening quote, up to its closing
   * quote), with its path and whether it is a key; undefined when `offset` is not in a string. One
   * pass over the text up to `offset`, keeping the path of the containers it is in.
   */
  stringAt(offset: number): StringLiteral | undefined {
    const text = this.text;
    // Per open container: its key or index now (the path), and whether it is an object.
    const steps: (string | number)[] = [];
    const inObject: boolean[] = [];
    let expectingKey = false;
    for (let i = 0; i < text.length && i <= offset; i++) {
      const code = text.charCodeAt(i);
      if (code === quote) {
        const end = this.skipString(i);
        const isKey = expectingKey && inObject[inObject.length - 1] === true;
        if (offset > i && offset < end) {
          // Each open container's key or index now is a step of the path; a key replaces its object's.
          const path = isKey ? [...steps.slice(0, -1), this.keyAt(i, end)] : steps.slice();
          return { path, offset: i, length: end - i, isKey };
        }
        if (isKey) {
          steps[steps.length - 1] = this.keyAt(i, end);
          expectingKey = false;
        }
        i = end - 1;
      } else if (code === openBrace || code === openBracket) {
        steps.push(code === openBrace ? '' : 0);
        inObject.push(code === openBrace);
        expectingKey = code === openBrace;
      } else if (code === closeBrace || code === closeBracket) {
        steps.pop();
        inObject.pop();
        expectingKey = false;
      } else if (code === comma) {
        const last = steps.length - 1;
        if (inObject[last]) expectingKey = true;
        else steps[last] = (steps[last] as number) + 1;
      }
    }
    return undefined;
  }

  /** The name of the key written from `start` (its opening quote) to `end`. */
  private keyAt(start: number, end: number): string {
    const raw = this.text.slice(start + 1, end - 1);
    return raw.includes('\\') ? (JSON.parse(this.text.slice(start, end)) as string) : raw;
  }

  /** The length of the value that starts at `offset`. */
  lengthAt(offset: number): number {
    return this.skipValue(offset) - offset;
  }

  /**
   * The value offset and key span of member `name` of the object at `objectOffset`, reading on from
   * where the last search of it stopped (the members before a long one, such as `pearl.nodes`, are
   * read once however many values below it are located). The first one found is the only one:
   * this text sets no key twice.
   */
  private findMember(objectOffset: number, name: string): { value: number; key: { offset: number; length: number } } | undefined {
    return this.readMembers(objectOffset, name);
  }

  /**
   * Reads the object at `objectOffset` on from where the last search of it stopped, until member
   * `name` is found (its value offset and key span) or, with no name or no such member, to the
   * object's end (kept in its progress).
   */
  private readMembers(
    objectOffset: number,
    name: string | undefined,
  ): { value: number; key: { offset: number; length: number } } | undefined {
    const text = this.text;
    let progress = this.objects.get(objectOffset);
    if (!progress) {
      progress = { members: new Map(), next: this.skipWhitespace(objectOffset + 1), afterValue: false, end: -1 };
      this.objects.set(objectOffset, progress);
    }
    const known = name === undefined ? undefined : progress.members.get(name);
    if (known || progress.next < 0) return known;
    let offset = progress.next;
    if (progress.afterValue) {
      // The last search stopped at the value it found: skip it now, not when it was found.
      offset = this.skipWhitespace(this.skipValue(offset));
      if (text.charCodeAt(offset) !== comma) {
        progress.next = -1;
        progress.end = text.charCodeAt(offset) === closeBrace ? offset + 1 : text.length;
        return undefined;
      }
      offset = this.skipWhitespace(offset + 1);
    }
    while (offset < text.length && text.charCodeAt(offset) === quote) {
      const keyEnd = this.skipString(offset);
      const keyName = this.keyAt(offset, keyEnd);
      let valueOffset = this.skipWhitespace(keyEnd);
      if (text.charCodeAt(valueOffset) !== colon) break;
      valueOffset = this.skipWhitespace(valueOffset + 1);
      const member = { value: valueOffset, key: { offset, length: keyEnd - offset } };
      if (!progress.members.has(keyName)) progress.members.set(keyName, member);
      if (keyName === name) {
        progress.next = valueOffset;
        progress.afterValue = true;
        return member;
      }
      offset = this.skipWhitespace(this.skipValue(valueOffset));
      if (text.charCodeAt(offset) !== comma) break;
      offset = this.skipWhitespace(offset + 1);
    }
    progress.next = -1;
    progress.end = text.charCodeAt(offset) === closeBrace ? offset + 1 : text.length;
    return undefined;
  }

  /** The offset of element `index` of the array at `arrayOffset`, reading on from where the last search of it stopped. */
  private findElement(arrayOffset: number, index: number): number | undefined {
    if (index < 0 || !Number.isInteger(index)) return undefined;
    const progress = this.readElements(arrayOffset, index);
    return index < progress.starts.length ? progress.starts[index] : undefined;
  }

  /**
   * What is known of the array at `arrayOffset`, read on until element `index` is known or every
   * element is (`Infinity`: to its end). Elements are skipped with {@link skipText}: only this
   * array's own element starts are kept.
   */
  private readElements(arrayOffset: number, index: number): ArrayProgress {
    const text = this.text;
    let progress = this.arrays.get(arrayOffset);
    if (!progress) {
      const first = this.skipWhitespace(arrayOffset + 1);
      const empty = first >= text.length || text.charCodeAt(first) === closeBracket;
      progress = { starts: empty ? [] : [first], done: empty, end: empty ? Math.min(first + 1, text.length) : -1 };
      this.arrays.set(arrayOffset, progress);
    }
    const { starts } = progress;
    while (index >= starts.length && !progress.done) {
      const after = this.skipWhitespace(this.skipText(starts[starts.length - 1]));
      if (text.charCodeAt(after) !== comma) {
        progress.done = true;
        progress.end = text.charCodeAt(after) === closeBracket ? after + 1 : text.length;
        break;
      }
      starts.push(this.skipWhitespace(after + 1));
    }
    return progress;
  }

  private skipWhitespace(offset: number): number {
    const text = this.text;
    while (offset < text.length) {
      const code = text.charCodeAt(offset);
      if (code !== 0x20 && code !== 0x0a && code !== 0x0d && code !== 0x09) break;
      offset++;
    }
    return offset;
  }

  /** The offset after the string literal that starts at `offset` (its opening quote). */
  private skipString(offset: number): number {
    return stringEnd(this.text, offset);
  }

  /**
   * The offset after the value that starts at `offset`. An array is read by {@link readElements}
   * (its element starts and end kept for later searches and skips); an object a search has begun
   * to read is read on from there ({@link readMembers}); anything else by {@link skipText}.
   */
  private skipValue(offset: number): number {
    const code = this.text.charCodeAt(offset);
    if (code === openBracket) return this.readElements(offset, Infinity).end;
    if (code === openBrace) {
      const progress = this.objects.get(offset);
      if (progress) {
        if (progress.end < 0) this.readMembers(offset, undefined);
        return progress.end;
      }
    }
    return this.skipText(offset);
  }

  /** The offset after the value that starts at `offset`, read character by character, nothing kept. Iterative: any nesting depth. */
  private skipText(offset: number): number {
    const text = this.text;
    const first = text.charCodeAt(offset);
    if (first === quote) return this.skipString(offset);
    if (first !== openBrace && first !== openBracket) {
      // A number, true, false or null: up to the next delimiter.
      let end = offset;
      while (end < text.length) {
        const code = text.charCodeAt(end);
        if (
          code === comma ||
          code === closeBrace ||
          code === closeBracket ||
          code === 0x20 ||
          code === 0x0a ||
          code === 0x0d ||
          code === 0x09
        )
          break;
        end++;
      }
      return end;
    }
    let depth = 0;
    for (let i = offset; i < text.length; i++) {
      const code = text.charCodeAt(i);
      // Whitespace (most of what is outside strings in indented text) first, by one comparison.
      if (code <= 0x20) continue;
      if (code === quote) {
        i = this.skipString(i) - 1;
      } else if (code === openBrace || code === openBracket) {
        depth++;
      } else if (code === closeBrace || code === closeBracket) {
        if (--depth === 0) return i + 1;
      }
    }
    return text.length;
  }
}

/** The offset after the string literal of `text` that starts at `offset` (its opening quote); the text's length when it is not closed. */
function stringEnd(text: string, offset: number): number {
  let end = offset;
  for (;;) {
    end = text.indexOf('"', end + 1);
    if (end < 0) return text.length;
    let backslashes = 0;
    while (text.charCodeAt(end - 1 - backslashes) === backslash) backslashes++;
    if (backslashes % 2 === 0) return end + 1;
  }
}

/** What {@link scanStrictJson} found: how many keys the text writes. */
export interface StrictJsonScan {
  /** Keys written in the text (each `:` outside strings); more than the parsed value holds means a key set twice. */
  readonly keys: number;
}

/**
 * One pass over strict JSON text, outside its strings: the keys it writes. Compared with the keys
 * of the parsed value ({@link describeParsedJson}) it tells whether some object sets a key twice
 * (`JSON.parse` keeps only the last). Linear; strings are skipped with `indexOf`.
 * {@link setsKeyTwice} needs it only for text with an escaped colon.
 */
export function scanStrictJson(text: string): StrictJsonScan {
  let keys = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === quote) i = stringEnd(text, i) - 1;
    else if (code === colon) keys++;
  }
  return { keys };
}

/** What {@link describeParsedJson} found in a parsed value. */
export interface ParsedJsonShape {
  /** Keys its objects hold, nested ones included. */
  readonly keys: number;
  /** The deepest nesting of objects and arrays (0 for a literal). */
  readonly maxDepth: number;
}

/**
 * The keys and deepest nesting of a parsed JSON value: one walk of its objects and arrays (strings
 * are not read). Iterative: any depth.
 */
export function describeParsedJson(value: unknown): ParsedJsonShape {
  let keys = 0;
  let maxDepth = 0;
  // The stack never shrinks (an array shortened by `pop` frees its storage for the next push to
  // allocate again): `size` is its top.
  const stack: unknown[] = [value];
  const depths: number[] = [0];
  let size = 1;
  while (size > 0) {
    size--;
    const current = stack[size];
    stack[size] = undefined;
    const depth = depths[size] + 1;
    if (typeof current !== 'object' || current === null) continue;
    if (depth > maxDepth) maxDepth = depth;
    if (Array.isArray(current)) {
      for (let i = 0; i < current.length; i++) {
        const element: unknown = current[i];
        if (typeof element === 'object' && element !== null) {
          stack[size] = element;
          depths[size] = depth;
          size++;
        }
      }
    } else {
      for (const key in current) {
        keys++;
        const member = (current as Record<string, unknown>)[key];
        if (typeof member === 'object' && member !== null) {
          stack[size] = member;
          depths[size] = depth;
          size++;
        }
      }
    }
  }
  return { keys, maxDepth };
}

/**
 * The `:` characters of `text` that may end a key: those after a `"` that no backslash escapes
 * (whitespace between allowed). Every key's colon is one; a colon inside a string is one only when
 * a string's opening quote comes before it (`" :"`), which Pearl text seldom writes.
 */
function keyColonCandidates(text: string): number {
  let count = 0;
  for (let at = text.indexOf(':'); at >= 0; at = text.indexOf(':', at + 1)) {
    let before = at - 1;
    let code = text.charCodeAt(before);
    while (code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09) code = text.charCodeAt(--before);
    if (code !== quote) continue;
    let backslashes = 0;
    while (text.charCodeAt(before - 1 - backslashes) === backslash) backslashes++;
    if (backslashes % 2 === 0) count++;
  }
  return count;
}

/**
 * Whether strict JSON `text` sets some key twice in one object, given the shape of its parsed
 * value (`JSON.parse` keeps only the last of a key set twice: the text writes more keys than the
 * value holds). The colons that may end a key ({@link keyColonCandidates}) are at least the keys
 * the text writes: as many as the value holds means none is set twice. Otherwise (a key set twice,
 * or a string holding a colon after its opening quote) the text is scanned outside its strings
 * ({@link scanStrictJson}).
 */
export function setsKeyTwice(text: string, shape: ParsedJsonShape): boolean {
  if (keyColonCandidates(text) === shape.keys) return false;
  return scanStrictJson(text).keys !== shape.keys;
}
