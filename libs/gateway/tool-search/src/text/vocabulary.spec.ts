// The vocabulary's words must be able to meet something: a stop word is dropped from queries and
// documents before the vocabulary is looked up, so an entry naming one is dead (and its stem may
// collide with an unrelated word: "done" stems to "don").
import { describe, expect, it } from '@jest/globals';
import { isStopWord } from './stop-words';
import { stemWord } from './suffix.stemmer';
import { RELATED_TERMS } from './related-terms';
import { SYNONYM_GROUPS } from './vocabulary';

const WORDS = [
  ...SYNONYM_GROUPS.flat(),
  ...Object.keys(RELATED_TERMS),
  ...Object.values(RELATED_TERMS).flat(),
];

describe('vocabulary', () => {
  it('names no stop word', () => {
    expect(WORDS.filter((word) => isStopWord(word))).toEqual([]);
  });

  it('is written in lowercase words that stem to themselves or a shorter stem', () => {
    expect(WORDS.filter((word) => !/^[a-z0-9]+$/.test(word) || stemWord(word).length === 0)).toEqual([]);
  });

  it('points no related word at itself', () => {
    const selfReferences = Object.entries(RELATED_TERMS).filter(([word, targets]) =>
      targets.some((target) => stemWord(target) === stemWord(word)),
    );
    expect(selfReferences.map(([word]) => word)).toEqual([]);
  });
});
