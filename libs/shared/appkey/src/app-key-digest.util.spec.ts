import fc from 'fast-check';
import { createHash } from 'node:crypto';
import { digestAppKey, verifyAppKeyDigest } from './app-key-digest.util';
import { generateAppKey } from './app-key.generator';

describe('digestAppKey', () => {
  it('is the SHA-256 hex of the whole key', () => {
    expect(digestAppKey('mcp-usr-x')).toBe(createHash('sha256').update('mcp-usr-x', 'utf8').digest('hex'));
  });

  it('is always 64 lowercase hex', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (key) => {
        expect(digestAppKey(key)).toMatch(/^[0-9a-f]{64}$/);
      }),
    );
  });
});

describe('verifyAppKeyDigest', () => {
  const { key, digest } = generateAppKey({ scopes: ['server:media'] });

  it('accepts the key its digest was made from, the stored hex in any case', () => {
    expect(verifyAppKeyDigest(key, digest)).toBe(true);
    expect(verifyAppKeyDigest(key, digest.toUpperCase())).toBe(true);
    const mixed = [...digest].map((char, index) => (index % 2 ? char.toUpperCase() : char)).join('');
    expect(verifyAppKeyDigest(key, mixed)).toBe(true);
  });

  it('rejects another key', () => {
    expect(verifyAppKeyDigest(generateAppKey({ scopes: ['server:media'] }).key, digest)).toBe(false);
    expect(verifyAppKeyDigest(key.toUpperCase(), digest)).toBe(false);
  });

  it.each([
    ['empty', ''],
    ['too short', 'ab'],
    ['one hex digit short', 'a'.repeat(63)],
    ['one hex digit long', 'a'.repeat(65)],
    ['not hex', 'g'.repeat(64)],
    ['base64 of the right digest', Buffer.from('x'.repeat(32)).toString('base64')],
    ['null', null],
    ['a number', 42],
  ])('returns false for a stored digest that is %s', (_label, stored) => {
    expect(verifyAppKeyDigest(key, stored as string)).toBe(false);
  });

  it('returns false for a presented key that is not a string, even against the empty-string digest', () => {
    expect(verifyAppKeyDigest(undefined as unknown as string, digestAppKey(''))).toBe(false);
  });

  it('never throws and is false on garbage', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string(), fc.anything()),
        fc.oneof(fc.string(), fc.anything()),
        (presented, stored) => {
          expect(verifyAppKeyDigest(presented as string, stored as string)).toBe(false);
        },
      ),
    );
  });

  it('accepts every key against its own digest and no other', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), fc.string({ unit: 'binary' }), (a, b) => {
        expect(verifyAppKeyDigest(a, digestAppKey(a))).toBe(true);
        expect(verifyAppKeyDigest(a, digestAppKey(b))).toBe(a === b);
      }),
    );
  });
});
