import type { PearlDocument, PearlVariable } from '../../document/pearlDocument';
import { isReferenceId } from '../../document/variableReferences';

/**
 * The declared variables of one parse (its `variablesById`: the first declaration of each id),
 * looked up by a span of a string without cutting the span out: the `{id}` references of every
 * (V) string of a Pearl are checked against them, and a slice per reference was most of what
 * that check allocated. Only ids a reference can write are held (so a span found is a reference).
 * An open-addressing table hashed on a few of the id's UTF-16 code units; a candidate is compared
 * in place.
 */
export class DeclaredIds {
  private readonly ids: (string | undefined)[];
  private readonly variables: (PearlVariable | undefined)[];
  private readonly mask: number;
  /** Per slot, the set {@link addReferenced} last added its id to. */
  private readonly addedTo: (Set<string> | undefined)[];

  /** @param variablesById The parse's first declaration of each id. */
  constructor(readonly variablesById: ReadonlyMap<string, PearlVariable>) {
    let size = 8;
    while (size < variablesById.size * 2) size *= 2;
    // Empty slots read as undefined.
    this.ids = new Array<string | undefined>(size);
    this.variables = new Array<PearlVariable | undefined>(size);
    this.addedTo = new Array<Set<string> | undefined>(size);
    this.mask = size - 1;
    // forEach, not for-of with destructuring: made once per file checked, mostly by code not yet
    // optimised, where each entry of an iteration is an object and an array.
    variablesById.forEach((variable, id) => {
      // An id no reference can write (empty, too long, a space) is never looked up.
      if (!isReferenceId(id, 0, id.length)) return;
      let slot = hashSpan(id, 0, id.length) & this.mask;
      while (this.ids[slot] !== undefined) slot = (slot + 1) & this.mask;
      this.ids[slot] = id;
      this.variables[slot] = variable;
    });
  }

  /** The variable declared with the id written in `text` from `start` to `end` (UTF-16 offsets), or undefined. Allocates nothing. */
  lookup(text: string, start: number, end: number): PearlVariable | undefined {
    const slot = this.slotOf(text, start, end);
    return slot < 0 ? undefined : this.variables[slot];
  }

  /** The slot of the id written in `text` from `start` to `end`, or -1 when no variable is declared with it. */
  slotOf(text: string, start: number, end: number): number {
    const length = end - start;
    for (let slot = hashSpan(text, start, end) & this.mask; ; slot = (slot + 1) & this.mask) {
      const id = this.ids[slot];
      if (id === undefined) return -1;
      if (id.length === length && sameAt(text, start, id)) return slot;
    }
  }

  /** The variable of a slot {@link slotOf} found. */
  variableAt(slot: number): PearlVariable {
    return this.variables[slot] as PearlVariable;
  }

  /**
   * Adds the id of a slot {@link slotOf} found to `used`, the ids a check found referenced: once
   * per set (a Pearl references its few ids thousands of times; a set made for one check is added
   * each id once, and not hashed again for every reference).
   */
  addReferenced(slot: number, used: Set<string>): void {
    if (this.addedTo[slot] === used) return;
    this.addedTo[slot] = used;
    used.add(this.ids[slot] as string);
  }
}

/** The {@link DeclaredIds} of `doc`'s declared variables, made once per set of declarations and kept with the model. */
export function declaredIdsOf(doc: PearlDocument): DeclaredIds {
  const kept = doc.modelCache.declaredIds as DeclaredIds | undefined;
  if (kept && kept.variablesById === doc.variablesById) return kept;
  const made = new DeclaredIds(doc.variablesById);
  doc.modelCache.declaredIds = made;
  return made;
}

/**
 * A 32-bit hash of `text` from `start` to `end` (not empty): of its length and its first, middle
 * and last code units, which tell a Pearl's few dozen ids apart (the rest is compared on a hit).
 */
function hashSpan(text: string, start: number, end: number): number {
  const length = end - start;
  let hash = Math.imul(length, 0x9e3779b1);
  hash = Math.imul(hash ^ text.charCodeAt(start), 0x01000193);
  hash = Math.imul(hash ^ text.charCodeAt(start + (length >> 1)), 0x01000193);
  hash = Math.imul(hash ^ text.charCodeAt(end - 1), 0x01000193);
  return hash ^ (hash >>> 15);
}

/** Whether `text` holds `id` at `start` (compared code unit by code unit: no string is made). */
function sameAt(text: string, start: number, id: string): boolean {
  for (let i = 0; i < id.length; i++) if (text.charCodeAt(start + i) !== id.charCodeAt(i)) return false;
  return true;
}
