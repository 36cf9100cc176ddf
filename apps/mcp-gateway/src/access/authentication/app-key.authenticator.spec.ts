import { jest } from '@jest/globals';
import { generateAppKey, verifyAppKeyDigest } from '@platform/appkey';
import { SYSTEM_CLOCK } from '@platform/service-kit';
import type { AppKeyEntity } from '../app-keys/app-key.entity';
import type { AppKeyRepository } from '../app-keys/app-key.repository';
import { KeyVerificationCache } from '../app-keys/key-verification.cache';
import { AppKeyAuthenticator, type DigestVerifier } from './app-key.authenticator';

function rowFor(
  generated: ReturnType<typeof generateAppKey>,
  overrides: Partial<AppKeyEntity> = {},
): AppKeyEntity {
  return {
    id: '7c0d7f2e-54c4-4c8b-9a53-0e0f6a1c2b3d',
    kind: 'app_key',
    name: 'ci',
    username: 'alice',
    identitySource: 'sso',
    keyPrefix: generated.keyPrefix,
    encryptedKey: generated.digest.toUpperCase(),
    scopes: ['server:files'],
    expiresAt: null,
    createdAt: new Date('2026-01-01T00:00:00Z'),
    ownerSid: '',
    createdBy: 'alice',
    lastUsedAt: null,
    revokedAt: null,
    revokedBy: null,
    rotatedFrom: null,
    ...overrides,
  };
}

function authenticatorWith(rows: AppKeyEntity[], verify: DigestVerifier) {
  const lookups: string[] = [];
  const repository = {
    findByKeyPrefix: async (prefix: string) => {
      lookups.push(prefix);
      return rows.find((row) => row.keyPrefix === prefix) ?? null;
    },
    touchLastUsed: async () => undefined,
  } as unknown as AppKeyRepository;
  return {
    authenticator: new AppKeyAuthenticator(
      repository,
      new KeyVerificationCache(0, SYSTEM_CLOCK),
      SYSTEM_CLOCK,
      verify,
    ),
    lookups,
  };
}

describe('AppKeyAuthenticator', () => {
  const generated = generateAppKey({ scopes: ['server:files'] });

  it('accepts a valid key (stored digest in either case) as an McpClient principal with its scopes', async () => {
    const { authenticator } = authenticatorWith([rowFor(generated)], verifyAppKeyDigest);
    const result = await authenticator.authenticate(generated.key);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.principal).toMatchObject({
      method: 'app-key',
      username: 'alice',
      roles: ['McpClient'],
      appKey: { keyPrefix: generated.keyPrefix, kind: 'app_key', scopes: ['server:files'] },
    });
  });

  it('shares one frozen principal per stored row, and a fresh row gives a fresh principal', async () => {
    const rows = [rowFor(generated)];
    const { authenticator } = authenticatorWith(rows, verifyAppKeyDigest);
    const first = await authenticator.authenticate(generated.key);
    const second = await authenticator.authenticate(generated.key);
    if (!first.ok || !second.ok) throw new Error('the key was refused');
    // The cache TTL is 0 here, so each call looked the same row object up again.
    expect(second.principal).toBe(first.principal);
    expect(Object.isFrozen(first.principal.appKey?.scopes)).toBe(true);
    rows[0] = rowFor(generated, { scopes: ['server:git'] });
    const changed = await authenticator.authenticate(generated.key);
    if (!changed.ok) throw new Error('the key was refused');
    expect(changed.principal.appKey?.scopes).toEqual(['server:git']);
  });

  it('runs the constant-time comparison even when the prefix is unknown', async () => {
    const verify = jest.fn<DigestVerifier>(() => false);
    const { authenticator, lookups } = authenticatorWith([], verify);
    const result = await authenticator.authenticate(generated.key);
    expect(result).toMatchObject({ ok: false, reason: 'unknown-prefix', message: 'Invalid App Key prefix.' });
    expect(lookups).toEqual([generated.keyPrefix]);
    expect(verify).toHaveBeenCalledTimes(1);
    expect(verify.mock.calls[0]?.[0]).toBe(generated.key);
    expect(verify.mock.calls[0]?.[1]).toMatch(/^[0-9a-f]{64}$/);
  });

  it('rejects garbage and mistyped keys before touching the database', async () => {
    const verify = jest.fn<DigestVerifier>(() => true);
    const { authenticator, lookups } = authenticatorWith([rowFor(generated)], verify);
    const typo = `${generated.key.slice(0, -1)}${generated.key.endsWith('0') ? '1' : '0'}`;
    expect(await authenticator.authenticate(typo)).toMatchObject({
      ok: false,
      reason: 'bad-checksum',
      message: 'Invalid App Key.',
    });
    expect(await authenticator.authenticate('not-a-key')).toMatchObject({
      ok: false,
      reason: 'malformed',
      message: 'Invalid App Key prefix.',
    });
    expect(await authenticator.authenticate(generated.key.toUpperCase())).toMatchObject({
      ok: false,
      reason: 'malformed',
    });
    expect(lookups).toEqual([]);
    expect(verify).not.toHaveBeenCalled();
  });

  it('gives the spec messages for a wrong secret, a revoked key and an expired key', async () => {
    const other = generateAppKey({ scopes: ['*'] });
    const forgedSecret = rowFor(generated, { encryptedKey: other.digest });
    const { authenticator: wrong } = authenticatorWith([forgedSecret], verifyAppKeyDigest);
    expect(await wrong.authenticate(generated.key)).toMatchObject({
      reason: 'wrong-secret',
      message: 'Invalid App Key.',
    });

    const revoked = rowFor(generated, { revokedAt: new Date() });
    const { authenticator: gone } = authenticatorWith([revoked], verifyAppKeyDigest);
    expect(await gone.authenticate(generated.key)).toMatchObject({
      reason: 'revoked',
      message: 'Invalid App Key.',
    });

    const expired = rowFor(generated, { expiresAt: new Date('2026-06-01T00:00:00Z') });
    const { authenticator: old } = authenticatorWith([expired], verifyAppKeyDigest);
    expect(await old.authenticate(generated.key, new Date('2026-06-01T00:00:00Z'))).toMatchObject({
      reason: 'expired',
      message: 'App Key has expired.',
    });
    expect((await old.authenticate(generated.key, new Date('2026-05-31T23:59:59Z'))).ok).toBe(true);
  });

  it('denies everything when the stored scope list is malformed', async () => {
    const broken = rowFor(generated, { scopes: [42, 'server:files'] });
    const { authenticator } = authenticatorWith([broken], verifyAppKeyDigest);
    const result = await authenticator.authenticate(generated.key);
    expect(result.ok && result.principal.appKey?.scopes).toBeNull();
  });

  it('authenticates administrator keys as operators named by their prefix, not as AppKey callers', async () => {
    const admin = generateAppKey({ slug: 'adm' });
    // The name stored before identity sources: it names no principal, the prefix does.
    const row = rowFor(admin, { kind: 'admin', username: 'admin', identitySource: 'admin-key' });
    const { authenticator } = authenticatorWith([row], verifyAppKeyDigest);
    const result = await authenticator.authenticate(admin.key);
    expect(result.ok && result.principal).toMatchObject({
      method: 'admin-key',
      username: admin.keyPrefix,
      identitySource: 'admin-key',
      roles: [],
    });
    expect(result.ok && result.principal.appKey).toBeUndefined();
  });

  it("acts for the key's owner in the owner's source, and for nobody when the source is unknown", async () => {
    const owned = await authenticatorWith(
      [rowFor(generated, { identitySource: 'oidc:https://idp.example#preferred_username' })],
      verifyAppKeyDigest,
    ).authenticator.authenticate(generated.key);
    expect(owned.ok && owned.principal).toMatchObject({
      username: 'alice',
      identitySource: 'oidc:https://idp.example#preferred_username',
    });
    const unknown = await authenticatorWith(
      [rowFor(generated, { identitySource: 'ldap:corp' as never })],
      verifyAppKeyDigest,
    ).authenticator.authenticate(generated.key);
    expect(unknown.ok && unknown.principal.identitySource).toBe('unassigned');
  });

  it('tells whether the key behind a principal is still live (sessions that outlive a revocation end)', async () => {
    const rows = [rowFor(generated, { expiresAt: new Date('2026-06-01T00:00:00Z') })];
    const { authenticator } = authenticatorWith(rows, verifyAppKeyDigest);
    const result = await authenticator.authenticate(generated.key, new Date('2026-02-01T00:00:00Z'));
    if (!result.ok || result.principal.appKey === undefined) throw new Error('the key was refused');
    const credential = result.principal.appKey;
    expect(result.principal.credentialValidUntil).toEqual(new Date('2026-06-01T00:00:00Z'));
    expect(await authenticator.isLive(credential, new Date('2026-02-01T00:00:00Z'))).toBe(true);
    expect(await authenticator.isLive(credential, new Date('2026-06-01T00:00:00Z'))).toBe(false);
    rows[0] = rowFor(generated, { revokedAt: new Date('2026-02-02T00:00:00Z') });
    expect(await authenticator.isLive(credential, new Date('2026-02-03T00:00:00Z'))).toBe(false);
    // A row under the same prefix with another id (deleted and reissued) is not this key.
    rows[0] = rowFor(generated, { id: '00000000-0000-4000-8000-000000000000' });
    expect(await authenticator.isLive(credential, new Date('2026-02-03T00:00:00Z'))).toBe(false);
    rows.pop();
    expect(await authenticator.isLive(credential, new Date('2026-02-03T00:00:00Z'))).toBe(false);
  });
});
