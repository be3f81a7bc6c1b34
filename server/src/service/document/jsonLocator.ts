/**
 * Positions in strict JSON text found without a syntax tree. A document that `JSON.parse` accepts is
 * checked on its parsed value (parsePearlDocument in pearlDocument.ts); a rule that finds a problem asks where the value
 * is, and only then is the text read, from the start, skipping every value before it. Each array
 * the search passes through keeps the offsets of the elements read so far, so later searches into
 * the same array start where the last one stopped: locating every element of a long list is linear.
 * An array skipped to reach what follows it (`pearl.nodes` before `pearl.variables`) is read the
 * same way and keeps its end: a long list is read once, whichever search comes first.
 *
 * Strict JSON has no line break inside a string, so the read passes every line break before a
 * value it finds: it counts them, and a located value knows its line (in a text without carriage
 * returns), from which its range follows without the line starts of the whole text (textSpan.ts).
 */

import { isJsonObject, type JsonObject, type JsonPath } from './jsonValue';

/** A string literal of the text: the path of its value, and its span (quotes included), in UTF-16 code units. */
export interface StringSpan {
  readonly path: JsonPath;
  readonly offset: number;
  readonly length: number;
}

/** A string literal found around an offset ({@link JsonLocator.stringAt}), and whether it is a key. */
export type StringLiteral = StringSpan & { readonly isKey: boolean };

/**
 * A span of the text whose start line is known (0-based, as LSP counts): what the locator finds in
 * a text without carriage returns, where a line starts after each `\n`. UTF-16 code units.
 */
export interface LineSpan {
  readonly offset: number;
  readonly length: number;
  /** The line the span starts on; undefined when the text has a carriage return (lines are then found by the document). */
  readonly line: number | undefined;
}

/** Where a value is: its span, and for a property's value the span of its quoted key. UTF-16 code units. */
export interface ValueSpan {
  readonly offset: number;
  readonly length: number;
  /** The property's key (with its quotes), when the value is the value of a property. */
  readonly key: { readonly offset: number; readonly length: number } | undefined;
}

/** A located value whose length is measured on first read: a container's end costs a scan of it. */
class LocatedValue implements ValueSpan, LineSpan {
  private measured: number | undefined;

  constructor(
    private readonly locator: JsonLocator,
    readonly offset: number,
    readonly key: KeySpan | undefined,
    readonly line: number | undefined,
    private readonly lineRead: number,
  ) {}

  get length(): number {
    this.measured ??= this.locator.lengthAt(this.offset, this.lineRead);
    return this.measured;
  }
}

/** A property's key as the locator found it: its span (quotes included) and its line. */
interface KeySpan extends LineSpan {
  readonly offset: number;
  readonly length: number;
}

/** One member of an object as read: its value's offset and line, and its key. */
interface MemberRead {
  readonly value: number;
  /** The line of {@link value}. */
  readonly line: number;
  readonly key: KeySpan;
}

/** What is known of one object's members: each key read so far, and where reading goes on. */
interface ObjectProgress {
  /** The members read so far by key (the first of a key: this text sets none twice). */
  readonly members: Map<string, MemberRead>;
  /**
   * Where reading goes on: the next key's opening quote, or, when {@link afterValue}, the value of
   * the member the last search found (skipped only if a later search needs what follows it); -1
   * when every member has been read.
   */
  next: number;
  /** The line of {@link next}. */
  nextLine: number;
  afterValue: boolean;
  /** The offset after the object's `}`, once every member has been read; -1 before. */
  end: number;
  /** The line of the object's `}`. */
  endLine: number;
}

/** What is known of one array's elements: the start offset of each element read so far. */
interface ArrayProgress {
  readonly starts: number[];
  /** The line of each of {@link starts}. */
  readonly lines: number[];
  /** Whether every element has been read. */
  done: boolean;
  /** The offset after the array's `]`, once every element has been read (the text's length if it has none). */
  end: number;
  /** The line of the array's `]`. */
  endLine: number;
}

/** One member or element as read from its container's end: its value's span and the line breaks after it. */
interface MemberReadBack {
  readonly valueStart: number;
  /** The `\n` at or after {@link valueStart} (to the end of the text). */
  readonly startBack: number;
  /** The offset after the value. */
  readonly valueEnd: number;
  /** The `\n` at or after {@link valueEnd}. */
  readonly endBack: number;
}

/** One step of the paths {@link JsonLocator.locateEach} is asked for: the paths that end there (their indexes) and the steps that go on. */
interface PathStep {
  readonly wanted: number[];
  /** By member name (a string) or element index (a number): a number never names a member, nor a string an element. */
  readonly next: Map<string | number, PathStep>;
}

/** What one {@link JsonLocator.locateEach} has found, and how many of its paths are still to find. */
interface PathsRead {
  readonly found: ((ValueSpan & LineSpan) | undefined)[];
  left: number;
}

/**
 * What is known of one object or array read from its end (keyed by the offset after its `}` or
 * `]`): its members or elements from the last one back; where reading goes on.
 */
interface BackProgress {
  /** The members or elements read so far, the last one first. */
  readonly elements: MemberReadBack[];
  /** Where reading goes on: the offset after the next member or element to read (its end, before whitespace). */
  next: number;
  /** The `\n` at or after {@link next}. */
  nextBack: number;
  /** Whether the container's opening bracket has been reached. */
  done: boolean;
}

const quote = 0x22;
const backslash = 0x5c;
const openBrace = 0x7b;
const closeBrace = 0x7d;
const openBracket = 0x5b;
const closeBracket = 0x5d;
const comma = 0x2c;
const colon = 0x3a;
const lessThan = 0x3c;
const minus = 0x2d;
const plus = 0x2b;
const point = 0x2e;
const digitZero = 0x30;
const digitNine = 0x39;
const lowerE = 0x65;
const upperE = 0x45;

/**
 * Finds values by path in one strict JSON text (`JSON.parse` accepts it, no key set twice). Not for
 * text with comments or errors: that text has a syntax tree. Never throws; an unknown path answers
 * undefined.
 */
export class JsonLocator {
  private readonly arrays = new Map<number, ArrayProgress>();
  private readonly objects = new Map<number, ObjectProgress>();
  /** Whether lines are counted by `\n` alone (the text has no carriage return): located spans then carry their line. */
  private readonly linesByNewline: boolean;
  /**
   * The line of the offset a read has reached: set where each read starts (from what an earlier
   * read kept) and moved on by every `\n` it passes.
   */
  private line = 0;
  /** Containers read from their end, by the offset after their closing bracket. */
  private readonly backs = new Map<number, BackProgress>();
  /**
   * The `\n` at or after the offset a read from the end has reached (to the end of the text):
   * moved on by every `\n` it passes; a line is the text's `\n` count less this.
   */
  private back = 0;
  /** The `\n` of the whole text, counted on the first read from the end. */
  private newlines = -1;
  /**
   * The ends of values found by reads from the end, by the value's offset (with the `\n` at or
   * after the end): a read from the start skips such a value in one step.
   */
  private readonly knownEnds = new Map<number, { readonly end: number; readonly back: number }>();
  /** The offset of each container a {@link locate} passes, by step (reused from search to search). */
  private readonly pathOffsets: number[] = [];
  /** The value of each of {@link pathOffsets} (noValue when not known). */
  private readonly pathValues: unknown[] = [];

  /**
   * @param text The text `JSON.parse` read (a byte order mark replaced by a space, so offsets match the editor's).
   * @param value The value `JSON.parse` gave for it, when known: an element in the later half of a
   * list is then read from the list's end (the list's length is the value's), not past every
   * element before it.
   * @param minListFromEnd The fewest elements of a list read from its end (a short list is read
   * from its start: its few elements cost less than finding its end); the property tests read
   * every list from its end.
   */
  constructor(
    private readonly text: string,
    private readonly value: unknown = noValue,
    private readonly minListFromEnd = defaultMinListFromEnd,
  ) {
    this.linesByNewline = text.indexOf('\r') < 0;
  }

  /** The span of the value at `path` (a {@link LineSpan}, its key too), or undefined when there is none. */
  locate(path: JsonPath): (ValueSpan & LineSpan) | undefined {
    const text = this.text;
    this.line = 0;
    let offset = this.skipWhitespace(0);
    if (offset >= text.length) return undefined;
    let line = this.line;
    let key: KeySpan | undefined;
    // The value at the path so far, walked beside the text (noValue when not known).
    let value = this.value;
    const offsets = this.pathOffsets;
    const values = this.pathValues;
    for (let i = 0; i < path.length; i++) {
      const step = path[i];
      offsets[i] = offset;
      values[i] = value;
      const code = text.charCodeAt(offset);
      if (code === openBrace && typeof step === 'string') {
        this.line = line;
        const found = this.findMember(offset, step);
        if (!found) return undefined;
        offset = found.value;
        line = found.line;
        key = found.key;
      } else if (code === openBracket && typeof step === 'number') {
        if (step < 0 || !Number.isInteger(step)) return undefined;
        const fromEnd = this.elementFromEnd(path, i, offsets, values);
        if (fromEnd) {
          offset = fromEnd.valueStart;
          line = this.lineOf(fromEnd.startBack);
        } else {
          this.line = line;
          const progress = this.readElements(offset, step);
          if (step >= progress.starts.length) return undefined;
          offset = progress.starts[step];
          line = progress.lines[step];
        }
        key = undefined;
      } else {
        return undefined;
      }
      value = childValue(value, step);
    }
    return new LocatedValue(this, offset, key, this.linesByNewline ? line : undefined, line);
  }

  /**
   * The value at each of `paths`, as {@link locate} gives it (undefined for a path with no value),
   * for a caller that wants a great many at once (`pearl-lint --coverage` reports every transition
   * no walk takes, a thousand or more in a large Pearl). The paths, in any order, are gathered into
   * a tree of steps, and the text is read once from its start, into only the members and elements
   * some path goes through, skipping every other value whole ({@link skipText}, the code every
   * search runs), up to where the last value wanted ends. Nothing it reads is kept for later
   * searches, and it changes nothing they keep. Linear in the text read.
   */
  locateEach(paths: readonly JsonPath[]): ((ValueSpan & LineSpan) | undefined)[] {
    const found = new Array<(ValueSpan & LineSpan) | undefined>(paths.length).fill(undefined);
    const root: PathStep = { wanted: [], next: new Map() };
    for (let i = 0; i < paths.length; i++) {
      let step = root;
      for (const name of paths[i]) {
        let next = step.next.get(name);
        if (!next) step.next.set(name, (next = { wanted: [], next: new Map() }));
        step = next;
      }
      step.wanted.push(i);
    }
    this.line = 0;
    const start = this.skipWhitespace(0);
    if (paths.length > 0 && start < this.text.length) this.readPaths(start, root, undefined, { found, left: paths.length });
    return found;
  }

  /**
   * {@link locateEach}'s read of the value at `offset` (at {@link line}), the value of `step`: set
   * in `read.found` for the paths that end there, read into the members or elements a path goes
   * on to, skipped whole otherwise. The offset after the value, or -1 once every value wanted is
   * found with its end (the read stops). Recurses as deep as the paths go, not as the text nests.
   */
  private readPaths(offset: number, step: PathStep, key: KeySpan | undefined, read: PathsRead): number {
    const text = this.text;
    const line = this.line;
    const code = text.charCodeAt(offset);
    let end: number;
    if (step.next.size > 0 && (code === openBrace || code === openBracket)) {
      // Into the members or elements some path names; the others skipped whole.
      const isObject = code === openBrace;
      let at = this.skipWhitespace(offset + 1);
      for (let index = 0; at < text.length; index++) {
        let next: PathStep | undefined;
        let memberKey: KeySpan | undefined;
        if (isObject) {
          if (text.charCodeAt(at) !== quote) break;
          const keyLine = this.line;
          const keyEnd = this.skipString(at);
          next = step.next.get(this.keyAt(at, keyEnd));
          if (next) memberKey = { offset: at, length: keyEnd - at, line: this.linesByNewline ? keyLine : undefined };
          at = this.skipWhitespace(keyEnd);
          if (text.charCodeAt(at) !== colon) break;
          at = this.skipWhitespace(at + 1);
          if (at >= text.length) break;
        } else {
          if (text.charCodeAt(at) === closeBracket) break;
          next = step.next.get(index);
        }
        const valueEnd = next ? this.readPaths(at, next, memberKey, read) : this.skipText(at);
        if (valueEnd < 0) return valueEnd;
        at = this.skipWhitespace(valueEnd);
        if (text.charCodeAt(at) !== comma) break;
        at = this.skipWhitespace(at + 1);
      }
      end = text.charCodeAt(at) === (isObject ? closeBrace : closeBracket) ? at + 1 : text.length;
    } else {
      end = this.skipText(offset);
    }
    if (step.wanted.length > 0) {
      const span: ValueSpan & LineSpan = { offset, length: end - offset, key, line: this.linesByNewline ? line : undefined };
      for (const index of step.wanted) read.found[index] = span;
      read.left -= step.wanted.length;
      if (read.left === 0) return -1;
    }
    return end;
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

  /** The length of the value that starts at `offset`, on line `line`. */
  lengthAt(offset: number, line: number): number {
    this.line = line;
    return this.skipValue(offset) - offset;
  }

  /**
   * The value offset and key span of member `name` of the object at `objectOffset`, reading on from
   * where the last search of it stopped (the members before a long one, such as `pearl.nodes`, are
   * read once however many values below it are located). The first one found is the only one:
   * this text sets no key twice.
   */
  private findMember(objectOffset: number, name: string): MemberRead | undefined {
    return this.readMembers(objectOffset, name);
  }

  /**
   * Reads the object at `objectOffset` on from where the last search of it stopped, until member
   * `name` is found (its value offset and key span) or, with no name or no such member, to the
   * object's end (kept in its progress).
   */
  private readMembers(objectOffset: number, name: string | undefined): MemberRead | undefined {
    const text = this.text;
    let progress = this.objects.get(objectOffset);
    if (!progress) {
      // A new object is read from its `{`, at the line the caller's read has reached.
      const next = this.skipWhitespace(objectOffset + 1);
      progress = { members: new Map(), next, nextLine: this.line, afterValue: false, end: -1, endLine: -1 };
      this.objects.set(objectOffset, progress);
    }
    const known = name === undefined ? undefined : progress.members.get(name);
    if (known) return known;
    if (progress.next < 0) {
      this.line = progress.endLine;
      return undefined;
    }
    let offset = progress.next;
    this.line = progress.nextLine;
    if (progress.afterValue) {
      // The last search stopped at the value it found: skip it now, not when it was found.
      offset = this.skipWhitespace(this.skipValue(offset));
      if (text.charCodeAt(offset) !== comma) {
        progress.next = -1;
        progress.end = text.charCodeAt(offset) === closeBrace ? offset + 1 : text.length;
        progress.endLine = this.line;
        return undefined;
      }
      offset = this.skipWhitespace(offset + 1);
    }
    while (offset < text.length && text.charCodeAt(offset) === quote) {
      const keyLine = this.line;
      const keyEnd = this.skipString(offset);
      const keyName = this.keyAt(offset, keyEnd);
      let valueOffset = this.skipWhitespace(keyEnd);
      if (text.charCodeAt(valueOffset) !== colon) break;
      valueOffset = this.skipWhitespace(valueOffset + 1);
      const valueLine = this.line;
      const member: MemberRead = {
        value: valueOffset,
        line: valueLine,
        key: { offset, length: keyEnd - offset, line: this.linesByNewline ? keyLine : undefined },
      };
      if (!progress.members.has(keyName)) progress.members.set(keyName, member);
      if (keyName === name) {
        progress.next = valueOffset;
        progress.nextLine = valueLine;
        progress.afterValue = true;
        return member;
      }
      offset = this.skipWhitespace(this.skipValue(valueOffset));
      if (text.charCodeAt(offset) !== comma) break;
      offset = this.skipWhitespace(offset + 1);
    }
    progress.next = -1;
    progress.end = text.charCodeAt(offset) === closeBrace ? offset + 1 : text.length;
    progress.endLine = this.line;
    return undefined;
  }

  /**
   * What is known of the array at `arrayOffset` (read from its `[`, at the line the caller's read
   * has reached), read on until element `index` is known or every element is (`Infinity`: to its
   * end; the read then stands at the array's `]`). Elements are skipped with {@link skipText}: only
   * this array's own element starts are kept.
   */
  private readElements(arrayOffset: number, index: number): ArrayProgress {
    const text = this.text;
    let progress = this.arrays.get(arrayOffset);
    if (!progress) {
      const first = this.skipWhitespace(arrayOffset + 1);
      const empty = first >= text.length || text.charCodeAt(first) === closeBracket;
      progress = {
        starts: empty ? [] : [first],
        lines: empty ? [] : [this.line],
        done: empty,
        end: empty ? Math.min(first + 1, text.length) : -1,
        endLine: this.line,
      };
      this.arrays.set(arrayOffset, progress);
    }
    const { starts, lines } = progress;
    if (progress.done) {
      this.line = progress.endLine;
      return progress;
    }
    if (index < starts.length) return progress;
    this.line = lines[lines.length - 1];
    while (index >= starts.length) {
      const after = this.skipWhitespace(this.skipText(starts[starts.length - 1]));
      if (text.charCodeAt(after) !== comma) {
        progress.done = true;
        progress.end = text.charCodeAt(after) === closeBracket ? after + 1 : text.length;
        progress.endLine = this.line;
        break;
      }
      starts.push(this.skipWhitespace(after + 1));
      lines.push(this.line);
    }
    return progress;
  }

  /**
   * Element `path[at]` of the array at `offsets[at]` (whose value is `values[at]`; `offsets` and
   * `values` give each container on `path`), read from the array's end when the element is in the
   * later half of a list of `minListFromEnd` elements or more (see the constructor) and the reads
   * from the start have not reached it yet; undefined otherwise (the caller reads from the start).
   * The array's end is found from the end of the text, through the containers on `path` before it,
   * each read from its end.
   */
  private elementFromEnd(path: JsonPath, at: number, offsets: readonly number[], values: readonly unknown[]): MemberReadBack | undefined {
    const index = path[at] as number;
    const list = values[at];
    if (!Array.isArray(list) || list.length < this.minListFromEnd || index >= list.length || index < list.length / 2) return undefined;
    const forward = this.arrays.get(offsets[at]);
    if (forward && (forward.done || index < forward.starts.length)) return undefined;
    // Every list on the way is entered in its later half too (else reading it from its end costs more).
    for (let i = 0; i < at; i++) {
      const step = path[i];
      const outer = values[i];
      if (typeof step === 'number' && (!Array.isArray(outer) || step < outer.length / 2)) return undefined;
    }
    // The end of each container on the path, from the root's; one found before (by its offset,
    // which the read from the start gave) is not looked for again.
    const text = this.text;
    this.back = 0;
    let end = this.skipWhitespaceBack(text.length);
    let endBack = this.back;
    let from = 0;
    for (let i = at - 1; i >= 0; i--) {
      const known = this.knownEnds.get(offsets[i + 1]);
      if (known) {
        end = known.end;
        endBack = known.back;
        from = i + 1;
        break;
      }
    }
    for (let i = from; i < at; i++) {
      // Where the container's member or element on the path ends (its own value is not read).
      const step = path[i];
      const value = values[i];
      const closing = text.charCodeAt(end - 1);
      let fromLast = -1;
      if (typeof step === 'string' && closing === closeBrace && isJsonObject(value)) fromLast = memberFromLast(value, step);
      else if (typeof step === 'number' && closing === closeBracket && Array.isArray(value)) fromLast = value.length - 1 - step;
      if (fromLast < 0 || !this.endFromLast(end, endBack, fromLast, typeof step === 'string')) return undefined;
      end = this.endRead;
      endBack = this.back;
      // A read from the start that skips this value (to a member after it) jumps to its end.
      this.knownEnds.set(offsets[i + 1], { end, back: endBack });
    }
    if (text.charCodeAt(end - 1) !== closeBracket) return undefined;
    // The element itself, read whole for its start.
    const fromLast = list.length - 1 - index;
    return this.readBackTo(this.backProgress(end, endBack), fromLast + 1, false)[fromLast];
  }

  /** Where the last {@link endFromLast} found its value's end (with {@link back} the `\n` from there). */
  private endRead = 0;

  /**
   * Finds where member or element `fromLast` (counted from the last one, 0) of the container that
   * ends at `end` ends: the members or elements after it are read whole (their values skipped
   * backwards), its own value is not. Sets {@link endRead} and {@link back}; false when the text is
   * not as the value says.
   */
  private endFromLast(end: number, endBack: number, fromLast: number, withKey: boolean): boolean {
    const progress = this.backProgress(end, endBack);
    this.readBackTo(progress, fromLast, withKey);
    if (progress.elements.length > fromLast) {
      this.endRead = progress.elements[fromLast].valueEnd;
      this.back = progress.elements[fromLast].endBack;
      return true;
    }
    if (progress.elements.length < fromLast || progress.done) return false;
    this.back = progress.nextBack;
    this.endRead = this.skipWhitespaceBack(progress.next);
    return this.endRead > 0;
  }

  /**
   * Reads members (`withKey`) or elements of the container of `progress` backwards until `count`
   * of them are read or its opening bracket is reached; gives those read, the last one first.
   */
  private readBackTo(progress: BackProgress, count: number, withKey: boolean): readonly MemberReadBack[] {
    while (progress.elements.length < count && !progress.done) {
      const read = this.readBack(progress, withKey);
      if (!read) break;
      progress.elements.push(read);
    }
    return progress.elements;
  }

  /** What is known of the container that ends at `end`, read from its end. */
  private backProgress(end: number, endBack: number): BackProgress {
    let progress = this.backs.get(end);
    if (!progress) {
      // Its content ends before its closing bracket.
      progress = { elements: [], next: end - 1, nextBack: endBack, done: false };
      this.backs.set(end, progress);
    }
    return progress;
  }

  /**
   * The member (`withKey`) or element before `progress.next`, read backwards; `progress` moves to
   * the one before it, or is done at the opening bracket. Undefined at the opening bracket, or for
   * text that is not strict JSON there.
   */
  private readBack(progress: BackProgress, withKey: boolean): MemberReadBack | undefined {
    const text = this.text;
    this.back = progress.nextBack;
    const valueEnd = this.skipWhitespaceBack(progress.next);
    const last = text.charCodeAt(valueEnd - 1);
    if (valueEnd <= 0 || last === openBrace || last === openBracket) return this.stopBack(progress);
    const endBack = this.back;
    const valueStart = this.skipValueBack(valueEnd);
    const startBack = this.back;
    let before = this.skipWhitespaceBack(valueStart);
    if (withKey) {
      if (text.charCodeAt(before - 1) !== colon) return this.stopBack(progress);
      const keyEnd = this.skipWhitespaceBack(before - 1);
      if (text.charCodeAt(keyEnd - 1) !== quote) return this.stopBack(progress);
      before = this.skipWhitespaceBack(this.stringStartBack(keyEnd - 1));
    }
    if (text.charCodeAt(before - 1) === comma) {
      progress.next = before - 1;
      progress.nextBack = this.back;
    } else {
      progress.done = true;
    }
    return { valueStart, startBack, valueEnd, endBack };
  }

  /** Ends a read from the end: at the container's opening bracket, or at what strict JSON does not write there. */
  private stopBack(progress: BackProgress): undefined {
    progress.done = true;
    return undefined;
  }

  /** The line of an offset with `back` line breaks at or after it. */
  private lineOf(back: number): number {
    if (this.newlines < 0) {
      let count = 0;
      for (let at = this.text.indexOf('\n'); at >= 0; at = this.text.indexOf('\n', at + 1)) count++;
      this.newlines = count;
    }
    return this.newlines - back;
  }

  /** The offset after the last character before `end` that is not whitespace; counts the `\n` passed. */
  private skipWhitespaceBack(end: number): number {
    const text = this.text;
    while (end > 0) {
      const code = text.charCodeAt(end - 1);
      if (code === 0x0a) this.back++;
      else if (code !== 0x20 && code !== 0x0d && code !== 0x09) break;
      end--;
    }
    return end;
  }

  /** The start of the value that ends at `end` (the offset after its last character); counts the `\n` passed. Iterative. */
  private skipValueBack(end: number): number {
    const text = this.text;
    const last = text.charCodeAt(end - 1);
    if (last === quote) return this.stringStartBack(end - 1);
    if (last !== closeBrace && last !== closeBracket) {
      // A number, true, false or null: back to the character before it.
      let start = end - 1;
      while (start > 0) {
        const code = text.charCodeAt(start - 1);
        if (code === comma || code === colon || code === openBracket || code === openBrace || code <= 0x20) break;
        start--;
      }
      return start;
    }
    let depth = 0;
    let back = this.back;
    for (let i = end - 2; i >= 0; i--) {
      const code = text.charCodeAt(i);
      if (code <= 0x20) {
        if (code === 0x0a) back++;
        continue;
      }
      if (code === quote) {
        // A string's closing quote (outside strings): back to its opening one. No string holds a line break.
        i = this.stringStartBack(i);
      } else if (code === closeBrace || code === closeBracket) {
        depth++;
      } else if (code === openBrace || code === openBracket) {
        if (depth === 0) {
          this.back = back;
          return i;
        }
        depth--;
      }
    }
    this.back = back;
    return 0;
  }

  /** The opening quote of the string literal whose closing quote is at `closing`: the quote before it that no backslash escapes. */
  private stringStartBack(closing: number): number {
    const text = this.text;
    let at = closing;
    for (;;) {
      at = text.lastIndexOf('"', at - 1);
      if (at < 0) return 0;
      let backslashes = 0;
      while (text.charCodeAt(at - 1 - backslashes) === backslash) backslashes++;
      if (backslashes % 2 === 0) return at;
    }
  }

  /** The offset of the first character at or after `offset` that is not whitespace; counts the `\n` passed. */
  private skipWhitespace(offset: number): number {
    const text = this.text;
    while (offset < text.length) {
      const code = text.charCodeAt(offset);
      if (code === 0x0a) this.line++;
      else if (code !== 0x20 && code !== 0x0d && code !== 0x09) break;
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
    if (this.knownEnds.size > 0) {
      const known = this.knownEnds.get(offset);
      if (known) {
        this.line = this.lineOf(known.back);
        return known.end;
      }
    }
    const code = this.text.charCodeAt(offset);
    if (code === openBracket) return this.readElements(offset, Infinity).end;
    if (code === openBrace) {
      const progress = this.objects.get(offset);
      if (progress) {
        // Read on to its end, or, read before, the read moves to its end's line.
        if (progress.end < 0) this.readMembers(offset, undefined);
        else this.line = progress.endLine;
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
    let line = this.line;
    for (let i = offset; i < text.length; i++) {
      const code = text.charCodeAt(i);
      // Whitespace (most of what is outside strings in indented text) first, by one comparison.
      if (code <= 0x20) {
        if (code === 0x0a) line++;
        continue;
      }
      if (code === quote) {
        i = this.skipString(i) - 1;
      } else if (code === openBrace || code === openBracket) {
        depth++;
      } else if (code === closeBrace || code === closeBracket) {
        if (--depth === 0) {
          this.line = line;
          return i + 1;
        }
      }
    }
    this.line = line;
    return text.length;
  }
}

/**
 * How many members come after member `name` in the text of the object whose parsed value is
 * `object`, or -1 when that cannot be told from the value: `JSON.parse` adds an object's keys in
 * the order the text writes them (this text sets none twice), and the engine keeps that order,
 * except that keys that are array indexes (`"0"`, `"12"`) come first.
 */
function memberFromLast(object: JsonObject, name: string): number {
  const keys = Object.keys(object);
  let at = -1;
  for (let i = 0; i < keys.length; i++) {
    if (isArrayIndexKey(keys[i])) return -1;
    if (keys[i] === name) at = i;
  }
  return at < 0 ? -1 : keys.length - 1 - at;
}

/** Whether `key` is an array index (a canonical integer below 2^32 - 1), which the engine orders first among an object's keys. */
function isArrayIndexKey(key: string): boolean {
  const code = key.charCodeAt(0);
  if (!(code >= 0x30 && code <= 0x39)) return false;
  const index = Number(key);
  return Number.isInteger(index) && index < 4294967295 && String(index) === key;
}

/**
 * The fewest elements of a list {@link JsonLocator} reads from its end by default: reading the
 * short lists (a node's transitions) of a 500-node Pearl from their ends cost `pearl-lint
 * --coverage` 8% more CPU, for no gain.
 */
const defaultMinListFromEnd = 16;

/** A {@link JsonLocator} built without the parsed value. */
const noValue: unique symbol = Symbol('no value');

/** Member or element `step` of `value`; {@link noValue} when `value` is not known or has none. */
function childValue(value: unknown, step: string | number): unknown {
  if (typeof value !== 'object' || value === null) return noValue;
  // A name an object inherits (`toString`) reads as a function: no list nor object, so reads from
  // the start are used, which find no such member in the text.
  return (value as Record<string | number, unknown>)[step] ?? noValue;
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
  /**
   * Strings in its objects and arrays (values, not keys) that begin with `<`: a template
   * placeholder is one (templatePlaceholders.ts), so a value without any holds none.
   */
  readonly angleBracketStrings: number;
  /** Numbers in its objects and arrays (values; the root itself is not counted). */
  readonly numbers: number;
}

/**
 * The keys, deepest nesting, strings that begin with `<` and numbers of a parsed JSON value: one
 * walk of its objects and arrays (of each string, only the first character is read). Iterative:
 * any depth.
 */
export function describeParsedJson(value: unknown): ParsedJsonShape {
  let keys = 0;
  let maxDepth = 0;
  let angleBracketStrings = 0;
  let numbers = 0;
  // The stack never shrinks (an array shortened by `pop` frees its storage for the next push to
  // allocate again): `size` is its top. It is the one the last walk left, when not too long: a
  // stack made per walk grew, by copies, to as many entries as the longest list (some 250 KB per
  // check of a 5,000-node Pearl, for the garbage collector to take again).
  const stack = spareStack ?? [];
  const depths = spareDepths ?? [];
  spareStack = undefined;
  spareDepths = undefined;
  stack[0] = value;
  depths[0] = 0;
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
        if (typeof element === 'object') {
          if (element !== null) {
            stack[size] = element;
            depths[size] = depth;
            size++;
          }
        } else if (typeof element === 'string') {
          if (element.charCodeAt(0) === lessThan) angleBracketStrings++;
        } else if (typeof element === 'number') numbers++;
      }
    } else {
      for (const key in current) {
        keys++;
        const member = (current as Record<string, unknown>)[key];
        if (typeof member === 'object') {
          if (member !== null) {
            stack[size] = member;
            depths[size] = depth;
            size++;
          }
        } else if (typeof member === 'string') {
          if (member.charCodeAt(0) === lessThan) angleBracketStrings++;
        } else if (typeof member === 'number') numbers++;
      }
    }
  }
  // Every entry was cleared as it was taken: the stack holds no value.
  if (stack.length <= maxSpareStack) {
    spareStack = stack;
    spareDepths = depths;
  }
  return { keys, maxDepth, angleBracketStrings, numbers };
}

/** The stacks of the last {@link describeParsedJson} walk, kept for the next (taken while a walk runs). */
let spareStack: unknown[] | undefined;
let spareDepths: number[] | undefined;
/** The most entries a kept stack may have (a longer one, of a larger value, is left to the garbage collector): 512 KB each. */
const maxSpareStack = 1 << 16;

/** What {@link scanKeyColons} found in a text. */
export interface KeyColonScan {
  /**
   * The `:` characters that may end a key: those after a `"` that no backslash escapes (whitespace
   * between allowed). Every key's colon is one; a colon inside a string is one only when a string's
   * opening quote comes before it (`" :"`), which Pearl text seldom writes.
   */
  readonly candidates: number;
  /**
   * The number literals written right after one of those colons (whitespace between allowed) that
   * are plain: fewer than 17 digits in a row, fewer than 6 digits after the point, and no exponent
   * of -100 or below ({@link isPlainNumberLiteral}).
   */
  readonly plainNumbers: number;
}

/**
 * One pass over `text` by `indexOf(':')`: the colons that may end a key, and the plain number
 * literals written after them ({@link KeyColonScan}).
 */
export function scanKeyColons(text: string): KeyColonScan {
  let candidates = 0;
  let plainNumbers = 0;
  for (let at = text.indexOf(':'); at >= 0; at = text.indexOf(':', at + 1)) {
    let before = at - 1;
    let code = text.charCodeAt(before);
    while (code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09) code = text.charCodeAt(--before);
    if (code !== quote) continue;
    let backslashes = 0;
    while (text.charCodeAt(before - 1 - backslashes) === backslash) backslashes++;
    if (backslashes % 2 !== 0) continue;
    candidates++;
    let after = at + 1;
    code = text.charCodeAt(after);
    while (code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09) code = text.charCodeAt(++after);
    if ((code === minus || (code >= digitZero && code <= digitNine)) && isPlainNumberLiteral(text, after)) plainNumbers++;
  }
  return { candidates, plainNumbers };
}

/**
 * Whether the number literal at `start` of `text` (read up to the first character that is not a
 * digit, `-`, `+`, `.`, `e` or `E`) holds none of: 17 digits in a row (more than a double keeps), 6
 * digits after a point, an `e`/`E` followed by `-` and 3 digits. Only a literal holding one can be
 * a fraction that reads as a whole double (`1e-400` reads as 0; rules/schema/types.ts).
 */
export function isPlainNumberLiteral(text: string, start: number): boolean {
  let digitsInRow = 0;
  // Digits since the last `.` (-1: no point before them), since the last `e-` (-1: none).
  let afterPoint = -1;
  let afterNegativeExponent = -1;
  for (let at = start; at < text.length; at++) {
    const code = text.charCodeAt(at);
    if (code >= digitZero && code <= digitNine) {
      if (++digitsInRow >= 17) return false;
      if (afterPoint >= 0 && ++afterPoint >= 6) return false;
      if (afterNegativeExponent >= 0 && ++afterNegativeExponent >= 3) return false;
      continue;
    }
    digitsInRow = 0;
    afterPoint = -1;
    afterNegativeExponent = -1;
    if (code === point) afterPoint = 0;
    else if ((code === lowerE || code === upperE) && text.charCodeAt(at + 1) === minus) {
      afterNegativeExponent = 0;
      at++;
    } else if (code !== minus && code !== plus && code !== lowerE && code !== upperE) return true;
  }
  return true;
}

/**
 * Whether strict JSON `text` sets some key twice in one object, given the shape of its parsed
 * value and the scan of its colons (`JSON.parse` keeps only the last of a key set twice: the text
 * writes more keys than the value holds). The colons that may end a key
 * ({@link KeyColonScan.candidates}) are at least the keys the text writes: as many as the value
 * holds means none is set twice. Otherwise (a key set twice, or a string holding a colon after its
 * opening quote) the text is scanned outside its strings ({@link scanStrictJson}).
 */
export function setsKeyTwice(text: string, shape: ParsedJsonShape, colons: KeyColonScan = scanKeyColons(text)): boolean {
  if (colons.candidates === shape.keys) return false;
  return scanStrictJson(text).keys !== shape.keys;
}

/**
 * Whether every number `text` writes is known to be plain ({@link isPlainNumberLiteral}), from the
 * shape of its parsed value and the scan of its colons: when the candidate colons are exactly the
 * keys' colons, and as many plain numbers follow them as the value holds numbers, every number is
 * a member's value and each was read plain. False when that is not known (a number in an array, a
 * colon in a string after its opening quote, a key set twice, a literal that is not plain).
 */
export function everyNumberPlain(shape: ParsedJsonShape, colons: KeyColonScan): boolean {
  return colons.candidates === shape.keys && colons.plainNumbers === shape.numbers;
}
