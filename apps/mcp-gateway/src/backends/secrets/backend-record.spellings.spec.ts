import { ConfigurationError } from '@platform/service-kit';
import fc from 'fast-check';
import { AUTH_SHAPES, SECRET_PROVIDERS } from '../backend-server';
import {
  normalizeAuthShape,
  normalizeSecretProvider,
  parseAuthShape,
  parseSecretProvider,
} from './backend-record.spellings';

describe('secretProvider spellings', () => {
  it.each([
    ['Environment', 'Environment'],
    ['None', 'None'],
    ['File', 'File'],
    ['Vault', 'Vault'],
    ['vault', 'Vault'],
    ['VAULT', 'Vault'],
    ['HashiCorpVault', 'Vault'],
    ['hashicorp-vault', 'Vault'],
    ['hashicorp_vault', 'Vault'],
    [' environment ', 'Environment'],
  ])('reads %j as %s', (text, provider) => {
    expect(parseSecretProvider(text)).toEqual({ ok: true, value: provider });
  });

  it('treats a blank provider as None', () => {
    expect(parseSecretProvider(undefined)).toEqual({ ok: true, value: 'None' });
    expect(parseSecretProvider('  ')).toEqual({ ok: true, value: 'None' });
  });

  it('refuses unknown spellings with a message listing the allowed values', () => {
    const result = parseSecretProvider('WindowsRegistry');
    expect(result).toEqual({
      ok: false,
      message:
        'unknown secretProvider "WindowsRegistry"; allowed values (case-insensitive): None, Environment, File, Vault, HashiCorpVault',
    });
  });

  it('throws a ConfigurationError naming the location at start-up', () => {
    expect(() => normalizeSecretProvider('Registry', 'servers[2].secretProvider')).toThrow(
      ConfigurationError,
    );
    try {
      normalizeSecretProvider('Registry', 'servers[2].secretProvider');
    } catch (error) {
      expect((error as ConfigurationError).problems[0]).toMatch(/^servers\[2\]\.secretProvider: unknown/);
    }
    expect(normalizeSecretProvider('hashicorpvault')).toBe('Vault');
  });

  it('accepts every canonical value in any letter case (property)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...SECRET_PROVIDERS), fc.array(fc.boolean()), (provider, upper) => {
        const text = [...provider].map((char, index) =>
          upper[index] ? char.toUpperCase() : char.toLowerCase(),
        );
        expect(parseSecretProvider(text.join(''))).toEqual({ ok: true, value: provider });
      }),
    );
  });
});

describe('authShape spellings', () => {
  it.each([
    ['bearer', 'bearer'],
    ['Bearer', 'bearer'],
    ['x-api-key', 'x-api-key'],
    ['XApiKey', 'x-api-key'],
    ['basic', 'basic'],
    ['Raw', 'raw'],
    ['custom-header', 'custom-header'],
    ['CustomHeader', 'custom-header'],
    ['query', 'query'],
  ])('reads %j as %s', (text, shape) => {
    expect(parseAuthShape(text)).toEqual({ ok: true, value: shape });
  });

  it('defaults to bearer and refuses unknown shapes listing the allowed ones', () => {
    expect(normalizeAuthShape('')).toBe('bearer');
    const result = parseAuthShape('digest');
    expect(!result.ok && result.message).toBe(
      `unknown authShape "digest"; allowed values (case-insensitive): ${AUTH_SHAPES.join(', ')}`,
    );
    expect(() => normalizeAuthShape('oauth')).toThrow(ConfigurationError);
  });
});
