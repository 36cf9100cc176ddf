import { describe, expect, it } from '@jest/globals';
import { impliedActions, joinedWords, MAX_JOINED_WORDS } from './query-phrasing';
import { stemWord } from './suffix.stemmer';

describe('joinedWords', () => {
  it('joins adjacent plain words and stems the result like a document word', () => {
    expect(joinedWords(['Roll', 'back', 'the', 'releases'])).toEqual(
      ['rollback', 'backthe', 'thereleases'].map(stemWord),
    );
  });

  it('keeps pairs with a stop word on one side ("log in"), not pairs of stop words or values', () => {
    expect(joinedWords(['log', 'in'])).toEqual(['login']);
    expect(joinedWords(['please', 'help', 'me'])).toEqual([]);
    expect(joinedWords(['read', 'notes/todo.md', 'now'])).toEqual([]);
  });

  it('tries a bounded number of pairs', () => {
    const words = Array.from({ length: 40 }, (_, at) => `word${String.fromCharCode(97 + (at % 26))}`);
    expect(joinedWords(words)).toHaveLength(MAX_JOINED_WORDS);
  });
});

describe('impliedActions', () => {
  it('reads which/what followed closely by a plural noun as asking for a list', () => {
    expect(impliedActions(['Which', 'pods', 'are', 'failing'])).toEqual(['list']);
    expect(impliedActions(['What', 'open', 'tasks', 'do', 'I', 'have'])).toEqual(['list']);
  });

  it('implies nothing for other questions and for statements', () => {
    expect(impliedActions(['What', 'is', 'the', 'weather'])).toEqual([]);
    expect(impliedActions(['What', 'is', 'its', 'status'])).toEqual([]);
    expect(impliedActions(['show', 'pods'])).toEqual([]);
  });
});
