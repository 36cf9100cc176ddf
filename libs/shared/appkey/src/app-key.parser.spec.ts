import fc from 'fast-check';
import { APP_KEY_PATTERN, MAX_APP_KEY_LENGTH } from './app-key-format.constants';
import { digestAppKey } from './app-key-digest.util';
import { generateAppKey } from './app-key.generator';
import { parseAppKey } from './app-key.parser';

const slugs = fc.stringMatching(/^[a-z0-9]{1,10}(?:-[a-z0-9]{1,10}){0,2}$/);
const HEX = '0123456789abcdef';

describe('parseAppKey', () => {
  const { key, selector, keyPrefix } = generateAppKey({ slug: 'grp-home-automation' });

  it('splits a key right to left, so the slug may contain hyphens', () => {
    expect(parseAppKey(key)).toEqual({
      ok: true,
      key: { scopeSlug: 'grp-home-automation', selector, secret: key.slice(-64), keyPrefix },
    });
  });

  it('accepts the longest possible key', () => {
    const longest = generateAppKey({ slug: 'x'.repeat(32) }).key;
    expect(longest).toHaveLength(MAX_APP_KEY_LENGTH);
    expect(parseAppKey(longest).ok).toBe(true);
  });

  it.each([
    ['not-a-string', undefined],
    ['not-a-string', null],
    ['not-a-string', 42],
    ['not-a-string', { key: 'mcp-' }],
    ['too-long', 'mcp-' + 'a'.repeat(MAX_APP_KEY_LENGTH)],
    ['too-long', `${key}x`.padStart(MAX_APP_KEY_LENGTH + 1, 'a')],
    ['malformed', ''],
    ['malformed', 'mcp-usr'],
    ['malformed', key.toUpperCase()],
    ['malformed', key.replace('mcp-', 'MCP-')],
    ['malformed', key.replace('mcp-', 'mcx-')],
    ['malformed', ` ${key}`.slice(0, -1)],
    ['malformed', `${key} `],
    ['malformed', key.replace('grp-home-automation', '')],
    ['malformed', key.replace('grp-home-automation', 'grp--home')],
    ['malformed', key.replace('grp-home-automation', '-grp')],
    ['malformed', key.replace('grp-home-automation', 'grp_home')],
    ['malformed', key.replace(`-${selector}-`, `_${selector}-`)],
    ['malformed', key.replace(`-${selector}-`, `-${selector}_`)],
    ['malformed', key.replace(selector, selector.slice(0, -1) + 'g')],
    ['malformed', key.slice(0, -1) + 'g'],
    ['malformed', key.slice(0, -1)],
    ['bad-checksum', key.replace('grp-home-automation', 'grp-home-automatio0')],
  ])('rejects as %s: %p', (reason, input) => {
    expect(parseAppKey(input)).toEqual({ ok: false, reason });
  });

  it('rejects a slug edit that keeps selector and secret (checksum)', () => {
    fc.assert(
      fc.property(slugs, slugs, (original, edited) => {
        fc.pre(original !== edited);
        const generated = generateAppKey({ slug: original });
        const forged = generated.key.replace(`mcp-${original}-`, `mcp-${edited}-`);
        expect(parseAppKey(forged)).toEqual({ ok: false, reason: 'bad-checksum' });
        expect(digestAppKey(forged)).not.toBe(generated.digest);
      }),
    );
  });

  it('rejects, or digests differently, any single-character substitution', () => {
    const characters = fc.constantFrom(...`${HEX}ghxyzAF-_ .:/\u00e9\u0000`);
    fc.assert(
      fc.property(slugs, fc.nat(), characters, (slug, position, replacement) => {
        const generated = generateAppKey({ slug });
        const index = position % generated.key.length;
        fc.pre(generated.key[index] !== replacement);
        const mutated = generated.key.slice(0, index) + replacement + generated.key.slice(index + 1);
        const parsed = parseAppKey(mutated);
        expect(parsed.ok && digestAppKey(mutated) === generated.digest).toBe(false);
        // CRC32 detects every single substitution, so no mutation even parses.
        expect(parsed.ok).toBe(false);
      }),
    );
  });

  it('catches every single hex substitution in the checksummed part of one key', () => {
    const generated = generateAppKey({ slug: 'srv-media' });
    const firstHex = generated.key.length - 96 - 1;
    for (let index = firstHex; index < generated.key.length; index += 1) {
      for (const digit of HEX) {
        if (generated.key[index] !== digit && generated.key[index] !== '-') {
          const mutated = generated.key.slice(0, index) + digit + generated.key.slice(index + 1);
          expect(parseAppKey(mutated)).toEqual({ ok: false, reason: 'bad-checksum' });
        }
      }
    }
  });

  it('never throws and agrees with APP_KEY_PATTERN on the shape', () => {
    const nearKeys = fc
      .tuple(slugs, fc.string({ unit: 'binary', maxLength: 4 }), fc.nat())
      .map(([slug, noise, position]) => {
        const { key: valid } = generateAppKey({ slug });
        const index = position % valid.length;
        return valid.slice(0, index) + noise + valid.slice(index);
      });
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'binary' }), nearKeys, fc.anything()), (input) => {
        const parsed = parseAppKey(input);
        const shaped = typeof input === 'string' && APP_KEY_PATTERN.test(input);
        expect(parsed.ok || (!parsed.ok && parsed.reason === 'bad-checksum')).toBe(shaped);
      }),
    );
  });

  it('answers quickly for huge and adversarial inputs', () => {
    const inputs = [
      'mcp-'.repeat(25_000),
      'a'.repeat(100_000),
      'mcp-' + 'a-'.repeat(50_000),
      'mcp-' + '0'.repeat(100_000),
      'x'.repeat(10_000_000),
    ];
    const started = performance.now();
    for (const input of inputs) {
      expect(parseAppKey(input)).toEqual({ ok: false, reason: 'too-long' });
    }
    expect(performance.now() - started).toBeLessThan(50);
  });

  it('runs APP_KEY_PATTERN in linear time on adversarial input', () => {
    const inputs = ['mcp-' + 'a-'.repeat(50_000) + '0'.repeat(32), 'mcp-' + '0'.repeat(100_000) + '-'];
    const started = performance.now();
    for (const input of inputs) {
      expect(APP_KEY_PATTERN.test(input)).toBe(false);
    }
    expect(performance.now() - started).toBeLessThan(100);
  });
});
