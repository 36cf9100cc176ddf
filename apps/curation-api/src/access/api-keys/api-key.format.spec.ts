import { verifyAppKeyDigest } from '@platform/appkey';
import fc from 'fast-check';
import { API_KEY_PATTERN, generateApiKey, selectorOf } from './api-key.format';

describe('API key format', () => {
  it('generates keys of the documented shape whose digest verifies and whose selector is found', () => {
    const generated = generateApiKey();
    expect(generated.key).toMatch(API_KEY_PATTERN);
    expect(selectorOf(generated.key)).toBe(generated.selector);
    expect(verifyAppKeyDigest(generated.key, generated.digest)).toBe(true);
    expect(generated.digest).not.toContain(generated.key.slice(21));
  });

  it('never finds a selector in text that is not a whole key', () => {
    const key = generateApiKey().key;
    fc.assert(
      fc.property(fc.string(), fc.string(), (before, after) => {
        const text = `${before}${key}${after}`;
        return selectorOf(text) === (text === key ? key.slice(4, 20) : undefined);
      }),
    );
  });

  it('does not verify a key with one character changed', () => {
    const generated = generateApiKey();
    const last = generated.key.endsWith('0') ? '1' : '0';
    expect(verifyAppKeyDigest(`${generated.key.slice(0, -1)}${last}`, generated.digest)).toBe(false);
  });
});
