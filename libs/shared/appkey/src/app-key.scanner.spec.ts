import fc from 'fast-check';
import { APP_KEY_SCAN_PATTERN } from './app-key-format.constants';
import { generateAppKey } from './app-key.generator';
import { REDACTED_SECRET, isPlausibleAppKey, redactAppKeys } from './app-key.scanner';

describe('redactAppKeys', () => {
  const first = generateAppKey({ scopes: ['category:home automation'] });
  const second = generateAppKey({ slug: 'usr' });

  it('replaces the secret of every key, keeping the key prefix', () => {
    const text = `auth failed for Bearer ${first.key}; retry with "${second.key}"&key=${first.key}`;
    expect(redactAppKeys(text)).toBe(
      `auth failed for Bearer ${first.keyPrefix}-${REDACTED_SECRET}; retry with "${second.keyPrefix}-[REDACTED]"` +
        `&key=${first.keyPrefix}-[REDACTED]`,
    );
  });

  it('redacts keys whose checksum or case is wrong, since they still reveal a secret', () => {
    const mistyped = first.key.slice(0, -1) + (first.key.endsWith('0') ? '1' : '0');
    expect(redactAppKeys(mistyped)).toBe(`${first.keyPrefix}-[REDACTED]`);
    expect(redactAppKeys(first.key.toUpperCase())).toBe(`${first.keyPrefix.toUpperCase()}-[REDACTED]`);
  });

  it('leaves text alone when a key-like string is part of a longer word', () => {
    for (const text of [`x${first.key}`, `${first.key}0`, `${first.key}_`, 'mcp-usr-abc', 'no keys here']) {
      expect(redactAppKeys(text)).toBe(text);
    }
  });

  it('is idempotent and leaves no secret behind', () => {
    const keys = fc.array(fc.constantFrom(first.key, second.key), { minLength: 1, maxLength: 3 });
    fc.assert(
      fc.property(fc.string(), keys, fc.string(), (before, found, after) => {
        const text = `${before} ${found.join(' ')} ${after}`;
        const redacted = redactAppKeys(text);
        expect(redactAppKeys(redacted)).toBe(redacted);
        expect(redacted).not.toContain(first.key.slice(-64));
        expect(redacted).not.toContain(second.key.slice(-64));
      }),
    );
  });

  it('works the same after someone drove the shared pattern by hand', () => {
    APP_KEY_SCAN_PATTERN.exec(`${first.key} ${second.key}`);
    expect(redactAppKeys(first.key)).toBe(`${first.keyPrefix}-[REDACTED]`);
    APP_KEY_SCAN_PATTERN.lastIndex = 0;
  });

  it('scans huge adversarial text in linear time', () => {
    const hex = '0123456789abcdef'.repeat(2);
    const inputs = [
      'mcp-'.repeat(25_000),
      'mcp-' + 'a-'.repeat(50_000),
      `mcp-${'a-'.repeat(15)}${hex}-${hex}${hex}`.repeat(600),
      `mcp-x-${hex}-`.repeat(2_500) + '0'.repeat(63),
    ];
    const started = performance.now();
    for (const input of inputs) {
      expect(redactAppKeys(input)).toBe(input);
    }
    expect(performance.now() - started).toBeLessThan(500);
  });
});

describe('isPlausibleAppKey', () => {
  const { key } = generateAppKey({ scopes: ['server:media'] });

  it('accepts a real key, also with its case changed', () => {
    expect(isPlausibleAppKey(key)).toBe(true);
    expect(isPlausibleAppKey(key.toUpperCase())).toBe(true);
  });

  it.each([
    ['a wrong checksum', key.slice(0, -1) + (key.endsWith('0') ? '1' : '0')],
    ['a fragment', key.slice(0, 60)],
    ['surrounding text', ` ${key}`],
    ['a huge string', 'mcp-'.repeat(100_000)],
    ['a non-string', 42],
  ])('rejects %s', (_label, text) => {
    expect(isPlausibleAppKey(text)).toBe(false);
  });

  it('never throws', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'binary' }), fc.anything()), (text) => {
        expect(typeof isPlausibleAppKey(text)).toBe('boolean');
      }),
    );
  });
});
