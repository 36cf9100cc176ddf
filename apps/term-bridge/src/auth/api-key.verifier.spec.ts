import { describe, expect, it } from '@jest/globals';
import { DomainError } from '@platform/service-kit';
import { ApiKeyVerifier } from './api-key.verifier';

function failureOf(action: () => unknown): DomainError {
  try {
    action();
  } catch (error) {
    if (error instanceof DomainError) return error;
  }
  throw new Error('expected a domain error');
}

describe('API key verification', () => {
  const verifier = new ApiKeyVerifier('sk-bridge-secret');

  it('accepts the configured key as a bearer token and identifies the caller by a fingerprint', () => {
    const caller = verifier.verify('Bearer sk-bridge-secret');
    expect(caller.keyId).toMatch(/^key-[0-9a-f]{12}$/);
    expect(caller.keyId).not.toContain('secret');
    expect(verifier.verify('bearer   sk-bridge-secret').keyId).toBe(caller.keyId);
  });

  it.each([
    ['a wrong key', 'Bearer sk-bridge-secreT'],
    ['a prefix of the key', 'Bearer sk-bridge'],
    ['the key plus more', 'Bearer sk-bridge-secret2'],
  ])('rejects %s with invalid_api_key', (_label, header) => {
    const error = failureOf(() => verifier.verify(header));
    expect(error.kind).toBe('unauthenticated');
    expect(error.code).toBe('invalid_api_key');
    expect(error.message).toBe('Incorrect API key provided.');
  });

  it.each([undefined, '', 'sk-bridge-secret', 'Basic c2stYnJpZGdl', 'Bearer'])(
    'rejects a missing bearer token (%j)',
    (header) => {
      const error = failureOf(() => verifier.verify(header));
      expect(error.code).toBe('invalid_api_key');
      expect(error.message).toMatch(/didn't provide an API key/);
    },
  );

  it('lets everyone in, anonymously, only when no key is configured', () => {
    const open = new ApiKeyVerifier(undefined);
    expect(open.enabled).toBe(false);
    expect(open.verify(undefined)).toEqual({ keyId: 'anonymous' });
    expect(verifier.enabled).toBe(true);
  });
});
