import fc from 'fast-check';
import { parseStoredScopes } from './stored-scopes.parser';

describe('parseStoredScopes', () => {
  it('returns the stored strings of a JSON array', () => {
    expect(parseStoredScopes('["server:media", "tool:tv__search"]')).toEqual([
      'server:media',
      'tool:tv__search',
    ]);
  });

  it.each([
    ['missing', null],
    ['undefined', undefined],
    ['not JSON', '[server:media'],
    ['a JSON object', '{"scopes": ["*"]}'],
    ['a JSON string', '"*"'],
    ['JSON null', 'null'],
    ['an empty array', '[]'],
    ['an array with a non-string item', '["*", 1]'],
    ['an array with a null item', '["*", null]'],
    ['not text at all', ['*']],
  ])('returns null (deny) for %s', (_label, stored) => {
    expect(parseStoredScopes(stored)).toBeNull();
  });

  it('never throws and only ever returns null or a non-empty list of strings', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.json(), fc.anything()), (stored) => {
        const scopes = parseStoredScopes(stored);
        expect(scopes === null || (scopes.length > 0 && scopes.every((s) => typeof s === 'string'))).toBe(
          true,
        );
      }),
    );
  });
});
