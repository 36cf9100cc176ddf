import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { editDistanceWithin, WordsByLength } from './edit-distance';

/** Textbook optimal-string-alignment distance over the full matrix: the oracle. */
function referenceDistance(a: string, b: string): number {
  const table = Array.from({ length: a.length + 1 }, (_, row) =>
    Array.from({ length: b.length + 1 }, (_, column) => (row === 0 ? column : column === 0 ? row : 0)),
  );
  const at = (row: number, column: number) => table[row]?.[column] as number;
  for (let row = 1; row <= a.length; row += 1) {
    for (let column = 1; column <= b.length; column += 1) {
      const cost = a[row - 1] === b[column - 1] ? 0 : 1;
      let best = Math.min(at(row - 1, column) + 1, at(row, column - 1) + 1, at(row - 1, column - 1) + cost);
      if (row > 1 && column > 1 && a[row - 1] === b[column - 2] && a[row - 2] === b[column - 1]) {
        best = Math.min(best, at(row - 2, column - 2) + 1);
      }
      (table[row] as number[])[column] = best;
    }
  }
  return at(a.length, b.length);
}

describe('editDistanceWithin', () => {
  it.each([
    ['email', 'emial', 1],
    ['search', 'serch', 1],
    ['issues', 'isues', 1],
    ['deployment', 'deploymnet', 1],
    ['kubernetes', 'kubernets', 1],
    ['message', 'mesage', 1],
    ['repository', 'repositroy', 1],
    ['same', 'same', 0],
  ])('%s and %s are %i apart', (a, b, distance) => {
    expect(editDistanceWithin(a, b, 2)).toBe(distance);
  });

  it('gives up beyond the bound', () => {
    expect(editDistanceWithin('weather', 'whether', 1)).toBeUndefined();
    expect(editDistanceWithin('weather', 'whether', 2)).toBe(2);
    expect(editDistanceWithin('abc', 'abcdef', 2)).toBeUndefined();
  });

  it('agrees with the full-matrix distance whenever that is within the bound', () => {
    const text = fc.stringMatching(/^[abcd]{0,8}$/);
    fc.assert(
      fc.property(text, text, fc.integer({ min: 0, max: 3 }), (a, b, max) => {
        const expected = referenceDistance(a, b);
        expect(editDistanceWithin(a, b, max)).toBe(expected <= max ? expected : undefined);
      }),
      { numRuns: 2_000 },
    );
  });
});

describe('WordsByLength', () => {
  it('finds the words within the distance, not the word itself, and forgets deleted words', () => {
    const words = new WordsByLength();
    for (const word of ['search', 'starch', 'sear', 'research', 'serch']) words.add(word);
    expect(words.neighbours('serch', 1).sort()).toEqual([['search', 1]]);
    expect(words.neighbours('serch', 2).sort()).toEqual([
      ['search', 1],
      ['starch', 2],
    ]);
    expect(words.neighbours('serch', 3).map(([word]) => word)).toContain('sear');
    words.delete('search');
    expect(words.neighbours('serch', 1)).toEqual([]);
  });
});
