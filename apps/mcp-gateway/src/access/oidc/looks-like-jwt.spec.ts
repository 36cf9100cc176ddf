import fc from 'fast-check';
import { looksLikeJwt } from './looks-like-jwt';

const segment = fc.stringMatching(/^[A-Za-z0-9_-]{1,60}$/);

describe('looksLikeJwt', () => {
  it('accepts any three base64url segments, including an empty signature', () => {
    fc.assert(
      fc.property(segment, segment, fc.option(segment, { nil: '' }), (a, b, c) =>
        looksLikeJwt(`${a}.${b}.${c}`),
      ),
    );
  });

  it('never claims an AppKey', () => {
    const appKey = fc.tuple(fc.stringMatching(/^[a-z0-9-]{1,32}$/), fc.stringMatching(/^[0-9a-f]{96}$/));
    fc.assert(
      fc.property(appKey, ([slug, hex]) => !looksLikeJwt(`mcp-${slug}-${hex.slice(0, 32)}-${hex.slice(32)}`)),
    );
  });

  it.each([
    ['two segments', 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ4In0'],
    ['five segments (an encrypted JWT)', 'a.b.c.d.e'],
    ['an empty payload', 'eyJhbGciOiJSUzI1NiJ9..c2ln'],
    ['standard base64 characters', 'eyJ+.eyJ/.c2ln'],
    ['padding', 'eyJ=.eyJ.c2ln'],
    ['surrounding whitespace', ' a.b.c'],
    ['a Bearer prefix', 'Bearer a.b.c'],
    ['not a string', 42],
  ])('rejects %s', (_name, text) => {
    expect(looksLikeJwt(text)).toBe(false);
  });
});
