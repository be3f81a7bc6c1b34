/**
 * The optimal-string-alignment distance between `a` and `b` (insertions, deletions,
 * substitutions and adjacent transpositions each cost 1), or `limit + 1` as soon as it is known to
 * exceed `limit`. Used to suggest the property, node id or variable id a typo meant. O(|a|·|b|),
 * and O(1) when the lengths alone differ by more than `limit`.
 */
export function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let beforePrevious: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMinimum = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        value = Math.min(value, beforePrevious[j - 2] + 1);
      }
      current.push(value);
      rowMinimum = Math.min(rowMinimum, value);
    }
    if (rowMinimum > limit) return limit + 1;
    beforePrevious = previous;
    previous = current;
  }
  return Math.min(previous[b.length], limit + 1);
}

/**
 * The candidates within edit distance `limit` of `word` (the word itself excluded), nearest first,
 * then alphabetically; at most `max`. `unique` is true when a single candidate is nearest.
 */
export function findNearest(word: string, candidates: Iterable<string>, limit = 2, max = 3): { names: string[]; unique: boolean } {
  const scored: { name: string; distance: number }[] = [];
  for (const name of candidates) {
    if (name === word) continue;
    const distance = editDistance(word, name, limit);
    if (distance <= limit) scored.push({ name, distance });
  }
  scored.sort((x, y) => x.distance - y.distance || (x.name < y.name ? -1 : x.name > y.name ? 1 : 0));
  const unique = scored.length > 0 && (scored.length === 1 || scored[1].distance > scored[0].distance);
  return { names: scored.slice(0, max).map((entry) => entry.name), unique };
}
