import fc from 'fast-check';
import { createHash } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { APP_KEY_PATTERN } from './app-key-format.constants';
import { AppKeyError, AppKeyErrorCode } from './app-key.error';
import { generateAppKey } from './app-key.generator';
import { parseAppKey } from './app-key.parser';

const slugs = fc.stringMatching(/^[a-z0-9]{1,10}(?:-[a-z0-9]{1,10}){0,2}$/);

describe('generateAppKey', () => {
  it('builds mcp-<slug>-<selector>-<secret> with its prefix, digest and slug', () => {
    const generated = generateAppKey({ scopes: ['server:media'] });
    expect(generated.key).toMatch(/^mcp-srv-media-[0-9a-f]{32}-[0-9a-f]{64}$/);
    expect(generated.scopeSlug).toBe('srv-media');
    expect(generated.keyPrefix).toBe(`mcp-srv-media-${generated.selector}`);
    expect(generated.key.startsWith(`${generated.keyPrefix}-`)).toBe(true);
    expect(generated.digest).toBe(createHash('sha256').update(generated.key).digest('hex'));
  });

  it('ends the secret with the CRC32 of everything before it', () => {
    const { key } = generateAppKey({ slug: 'usr' });
    const expected = crc32(key.slice(0, -8)).toString(16).padStart(8, '0');
    expect(key.slice(-8)).toBe(expected);
  });

  it('derives the slug from the scopes, honouring the administrator flag', () => {
    expect(generateAppKey({ scopes: ['*'] }).scopeSlug).toBe('glb');
    expect(generateAppKey({ scopes: ['*'], administrator: true }).scopeSlug).toBe('adm');
    expect(generateAppKey({ scopes: ['tool:plex_x'], nativeToolPrefixes: { plex: 'p2' } }).scopeSlug).toBe(
      'tool-p2',
    );
  });

  it.each(['', 'A', 'a--b', '-a', 'a_b', 'x'.repeat(33)])('refuses the explicit slug %p', (slug) => {
    expect(() => generateAppKey({ slug })).toThrow(AppKeyError);
    expect(() => generateAppKey({ slug })).toThrow(
      expect.objectContaining({ code: AppKeyErrorCode.InvalidScopeSlug }),
    );
  });

  it('round-trips through parseAppKey for arbitrary valid slugs', () => {
    fc.assert(
      fc.property(slugs, (slug) => {
        const generated = generateAppKey({ slug });
        expect(generated.key).toMatch(APP_KEY_PATTERN);
        expect(parseAppKey(generated.key)).toEqual({
          ok: true,
          key: {
            scopeSlug: slug,
            selector: generated.selector,
            secret: generated.key.slice(-64),
            keyPrefix: generated.keyPrefix,
          },
        });
      }),
    );
  });

  it('round-trips through parseAppKey for arbitrary scope lists', () => {
    const scopes = fc.array(
      fc.oneof(
        fc.string(),
        fc.string().map((value) => `category:${value}`),
      ),
    );
    fc.assert(
      fc.property(scopes, fc.boolean(), (list, administrator) => {
        const generated = generateAppKey({ scopes: list, administrator });
        const parsed = parseAppKey(generated.key);
        expect(parsed.ok && parsed.key.scopeSlug).toBe(generated.scopeSlug);
      }),
    );
  });

  it('never repeats a selector or a secret', () => {
    const count = 5000;
    const keys = Array.from({ length: count }, () => generateAppKey({ slug: 'usr' }));
    expect(new Set(keys.map((generated) => generated.selector)).size).toBe(count);
    expect(new Set(keys.map((generated) => generated.key.slice(-64, -8))).size).toBe(count);
  });

  it('draws selector and random secret digits evenly from all 16 hex digits', () => {
    const digits = Array.from({ length: 500 }, () => {
      const { key, selector } = generateAppKey({ slug: 'usr' });
      return selector + key.slice(-64, -8);
    }).join('');
    const counts = new Map<string, number>();
    for (const digit of digits) {
      counts.set(digit, (counts.get(digit) ?? 0) + 1);
    }
    expect([...counts.keys()].sort().join('')).toBe('0123456789abcdef');
    // 44,000 digits: each expected 2,750 times, standard deviation about 51.
    for (const count of counts.values()) {
      expect(count).toBeGreaterThan(2400);
      expect(count).toBeLessThan(3100);
    }
  });
});
