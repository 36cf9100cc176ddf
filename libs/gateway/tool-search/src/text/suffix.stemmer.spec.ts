import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { stemWord } from './suffix.stemmer';

describe('stemWord', () => {
  it.each([
    [['files', 'file', 'filing'], 'fil'],
    [['creates', 'created', 'creating', 'create'], 'creat'],
    [['issues', 'issue'], 'issu'],
    [['entries', 'entry'], 'entry'],
    [['directories', 'directory'], 'directory'],
    [['boxes', 'box'], 'box'],
    [['branches', 'branch'], 'branch'],
    [['searches', 'search'], 'search'],
    [['lists', 'listing', 'listed', 'list'], 'list'],
    [['statuses', 'status'], 'status'],
    [['classes', 'class'], 'class'],
    [['copies', 'copied'], 'copy'],
    [['thoughts', 'thought'], 'thought'],
  ])('brings %j together as %s', (forms, stem) => {
    for (const form of forms) expect(stemWord(form)).toBe(stem);
  });

  it.each(['process', 'analysis', 'access', 'need', 'speed', 'get', 'run', 'k8s', 'base64', 'café', 'HTTP'])(
    'leaves %s alone',
    (word) => {
      expect(stemWord(word)).toBe(word);
    },
  );

  it('is idempotent, never lengthens a word and keeps at least three characters', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z]{1,14}$/), (word) => {
        const stem = stemWord(word);
        expect(stemWord(stem)).toBe(stem);
        expect(stem.length).toBeLessThanOrEqual(word.length);
        expect(stem.length).toBeGreaterThanOrEqual(Math.min(word.length, 3));
      }),
    );
  });

  it('keeps the beginning of the word', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z]{4,14}$/), (word) => {
        const stem = stemWord(word);
        // Rewrites only ever touch the last three letters (-ies → -y, -ied → -y).
        expect(word.startsWith(stem.slice(0, Math.max(0, stem.length - 1)))).toBe(true);
      }),
    );
  });
});
