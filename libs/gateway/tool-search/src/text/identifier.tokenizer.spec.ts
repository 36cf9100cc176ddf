import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { MAX_TOKEN_LENGTH, tokenizeText } from './identifier.tokenizer';

const word = fc.stringMatching(/^[a-z]{2,8}$/);
const words = fc.array(word, { minLength: 2, maxLength: 4 });
const capitalize = (text: string) => `${text[0]?.toUpperCase() ?? ''}${text.slice(1)}`;

describe('tokenizeText', () => {
  it.each([
    ['snake_case', 'read_text_file', ['read', 'text', 'file', 'readtextfile']],
    ['kebab-case', 'get-sum', ['get', 'sum', 'getsum']],
    ['dot.case', 'issues.list', ['issues', 'list', 'issueslist']],
    ['camelCase', 'getFileContents', ['get', 'file', 'contents', 'getfilecontents']],
    ['an acronym before a word', 'getHTTPResponse', ['get', 'http', 'response', 'gethttpresponse']],
    ['letter/digit boundaries', 'base64 k8s', ['base', '64', 'base64', 'k8s']],
    ['prose with punctuation', 'Read the file, then stop.', ['read', 'the', 'file', 'then', 'stop']],
    ['diacritics', 'Café Ñandú', ['cafe', 'nandu']],
    ['letters without case', '日本語 テキスト', ['日本語', 'テキスト']],
    ['single characters', 'a b c_d', ['cd']],
  ])('splits %s', (_label, text, expected) => {
    expect(tokenizeText(text)).toEqual(expected);
  });

  it('drops blobs longer than the maximum token length', () => {
    const blob = 'x'.repeat(MAX_TOKEN_LENGTH + 1);
    expect(tokenizeText(`keep ${blob} this`)).toEqual(['keep', 'this']);
  });

  it('leaves compounds out on request', () => {
    expect(tokenizeText('read_text_file getFileContents', { compounds: false })).toEqual([
      'read',
      'text',
      'file',
      'get',
      'file',
      'contents',
    ]);
  });

  it('yields only lowercase letters and digits, 2 to 64 characters long, for any input', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 80 }), (text) => {
        for (const token of tokenizeText(text)) {
          expect(token).toMatch(/^[\p{L}\p{N}]{2,64}$/u);
          expect(token).toBe(token.toLowerCase());
        }
      }),
    );
  });

  it('keeps every token when a token is tokenized again', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 40 }), (text) => {
        for (const token of tokenizeText(text)) expect(tokenizeText(token)).toContain(token);
      }),
    );
  });

  it('reads the same words from snake, kebab, dot, camel and Pascal case', () => {
    fc.assert(
      fc.property(words, (parts) => {
        const expected = tokenizeText(parts.join('_'));
        expect(expected).toEqual([...parts, parts.join('')]);
        for (const spelling of [
          parts.join('-'),
          parts.join('.'),
          parts.map((part, index) => (index === 0 ? part : capitalize(part))).join(''),
          parts.map(capitalize).join(''),
        ]) {
          expect(tokenizeText(spelling)).toEqual(expected);
        }
      }),
    );
  });
});
