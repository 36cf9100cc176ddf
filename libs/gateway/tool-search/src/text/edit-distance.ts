// Typo tolerance: the optimal-string-alignment distance (Levenshtein plus swaps of adjacent letters,
// so "emial" is one edit from "email"), computed only as far as a small bound allows. Written without
// `Math` in the inner loop: Jest's sandbox makes those builtins calls instead of CPU instructions.

/** Three rows of the distance matrix: two back (for swaps), previous and current. */
type Rows = [Uint8Array, Uint8Array, Uint8Array];

function rowsFor(length: number): Rows {
  return [new Uint8Array(length + 1), new Uint8Array(length + 1), new Uint8Array(length + 1)];
}

/**
 * The distance between `a` and `b` when it is at most `max`, else undefined. `rows`, scratch space
 * for at least `b.length + 1` columns, lets a caller comparing many words allocate it once.
 */
export function editDistanceWithin(
  a: string,
  b: string,
  max: number,
  rows: Rows = rowsFor(b.length),
): number | undefined {
  const lengthGap = a.length > b.length ? a.length - b.length : b.length - a.length;
  if (lengthGap > max) return undefined;
  if (a === b) return 0;
  const columns = b.length + 1;
  let [beforePrevious, previous, current] = rows;
  const cap = max + 1;
  for (let column = 0; column < columns; column += 1) previous[column] = column < cap ? column : cap;
  for (let row = 1; row <= a.length; row += 1) {
    current[0] = row < cap ? row : cap;
    let rowMinimum = current[0] as number;
    for (let column = 1; column < columns; column += 1) {
      const cost = a.charCodeAt(row - 1) === b.charCodeAt(column - 1) ? 0 : 1;
      let best = (previous[column - 1] as number) + cost;
      const deletion = (previous[column] as number) + 1;
      const insertion = (current[column - 1] as number) + 1;
      if (deletion < best) best = deletion;
      if (insertion < best) best = insertion;
      if (
        row > 1 &&
        column > 1 &&
        a.charCodeAt(row - 1) === b.charCodeAt(column - 2) &&
        a.charCodeAt(row - 2) === b.charCodeAt(column - 1)
      ) {
        const swap = (beforePrevious[column - 2] as number) + 1;
        if (swap < best) best = swap;
      }
      current[column] = best < cap ? best : cap;
      if (best < rowMinimum) rowMinimum = best;
    }
    if (rowMinimum > max) return undefined;
    [beforePrevious, previous, current] = [previous, current, beforePrevious];
  }
  const distance = previous[b.length] as number;
  return distance <= max ? distance : undefined;
}

/** Words grouped by length, so a typo lookup compares a word only with words of a reachable length. */
export class WordsByLength {
  private readonly buckets = new Map<number, Set<string>>();

  add(word: string): void {
    const bucket = this.buckets.get(word.length) ?? new Set<string>();
    bucket.add(word);
    this.buckets.set(word.length, bucket);
  }

  delete(word: string): void {
    const bucket = this.buckets.get(word.length);
    bucket?.delete(word);
    if (bucket?.size === 0) this.buckets.delete(word.length);
  }

  /** Words at distance 1 to `max` from `word` (not the word itself), with their distance. */
  neighbours(word: string, max: number): [string, number][] {
    const found: [string, number][] = [];
    const rows = rowsFor(word.length + max);
    for (let length = word.length - max; length <= word.length + max; length += 1) {
      for (const candidate of this.buckets.get(length) ?? []) {
        const distance = editDistanceWithin(word, candidate, max, rows);
        if (distance !== undefined && distance > 0) found.push([candidate, distance]);
      }
    }
    return found;
  }
}
