import fc from 'fast-check';
import { parseCategories } from './categories.parser';

describe('parseCategories', () => {
  it.each([
    ['a JSON array', '["Media", " TV "]', ['media', 'tv']],
    ['a JSON array with surrounding whitespace', '  ["media"]  ', ['media']],
    ['a comma-separated list', ' Media, TV ,,media ', ['media', 'tv']],
    ['a single name', 'Home Automation', ['home automation']],
    ['an array value', ['Media', 'media', '', 7, null], ['media']],
    ['a JSON array with non-string items', '["media", 1, {"a": 1}, ""]', ['media']],
    ['a broken JSON array', '["media", "tv"', []],
    ['two JSON arrays in a row', '[1][2]', []],
    ['an empty string', '', []],
    ['null', null, []],
    ['undefined', undefined, []],
    ['a number', 42, []],
  ])('reads %s', (_label, stored, expected) => {
    expect(parseCategories(stored)).toEqual(expected);
  });

  it('never throws and yields unique, non-empty, normalized names', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.json(), fc.array(fc.anything()), fc.anything()), (stored) => {
        const names = parseCategories(stored);
        expect(new Set(names).size).toBe(names.length);
        for (const name of names) {
          expect(name).toBe(name.trim().toLowerCase());
          expect(name.length).toBeGreaterThan(0);
        }
      }),
    );
  });

  it('reads the JSON and comma-separated forms of the same names alike', () => {
    const names = fc.array(fc.stringMatching(/^[a-z][a-z0-9 ]{0,20}$/), { minLength: 1 });
    fc.assert(
      fc.property(names, (list) => {
        expect(parseCategories(JSON.stringify(list))).toEqual(parseCategories(list.join(',')));
      }),
    );
  });
});
