import type { PearlDocument, PearlVariable } from '../../document/pearlDocument';

/**
 * The declared variables of one parse (its `variablesById`: the first declaration of each id),
 * looked up by a span of a string without cutting the span out: the `{id}` references of every
 * (V) string of a Pearl are checked against them, and a slice per reference was most of what
 * that check allocated. An open-addressing table hashed on the id's UTF-16 code units; found ids
 * are compared in place (`startsWith`).
 */
export class DeclaredIds {
  private readonly ids: (string | undefined)[];
  private readonly variables: (PearlVariable | undefined)[];
  private readonly mask: number;

  /** @param variablesById The parse's first declaration of each id. */
  constructor(readonly variablesById: ReadonlyMap<string, PearlVariable>) {
    let size = 8;
    while (size < variablesById.size * 2) size *= 2;
    this.ids = new Array<string | undefined>(size).fill(undefined);
    this.variables = new Array<PearlVariable | undefined>(size).fill(undefined);
    this.mask = size - 1;
    for (const [id, variable] of variablesById) {
      let slot = hashSpan(id, 0, id.length) & this.mask;
      while (this.ids[slot] !== undefined) slot = (slot + 1) & this.mask;
      this.ids[slot] = id;
      this.variables[slot] = variable;
    }
  }

  /** The variable declared with the id written in `text` from `start` to `end` (UTF-16 offsets), or undefined. Allocates nothing. */
  lookup(text: string, start: number, end: number): PearlVariable | undefined {
    const length = end - start;
    for (let slot = hashSpan(text, start, end) & this.mask; ; slot = (slot + 1) & this.mask) {
      const id = this.ids[slot];
      if (id === undefined) return undefined;
      if (id.length === length && text.startsWith(id, start)) return this.variables[slot];
    }
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

/** A 32-bit hash of `text` from `start` to `end`. */
function hashSpan(text: string, start: number, end: number): number {
  let hash = 0;
  for (let i = start; i < end; i++) hash = (Math.imul(hash, 31) + text.charCodeAt(i)) | 0;
  return hash;
}
