// The Vault provider's cache, observed through the simulator's request count.
import { startVaultSimulator } from '@platform/testing-vault';
import type { VaultSimulator } from '@platform/testing-vault';
import type { BackendSecretReference } from './secret-resolution';
import { createVaultSettings } from './secrets.settings';
import type { VaultSettings } from './secrets.settings';
import { VaultSecretResolver } from './vault-secret.resolver';
import type { VaultSecretResolverOptions } from './vault-secret.resolver';

const github: BackendSecretReference = {
  id: 'github',
  secretProvider: 'Vault',
  secretPath: 'apps/github',
  secretField: 'token',
};

describe('VaultSecretResolver cache', () => {
  let vault: VaultSimulator;
  const resolverFor = (overrides: Partial<VaultSettings> = {}, options: VaultSecretResolverOptions = {}) =>
    new VaultSecretResolver(
      { ...createVaultSettings({ address: vault.address, token: vault.token }), ...overrides },
      options,
    );

  beforeEach(async () => {
    vault = await startVaultSimulator();
    vault.put('apps/github', { token: 'ghp_from_vault', user: 'bot' });
  });
  afterEach(async () => {
    await vault.stop();
  });

  it('serves repeated and concurrent resolutions from one request', async () => {
    const resolver = resolverFor();
    const results = await Promise.all(Array.from({ length: 5 }, () => resolver.resolve(github)));
    expect(results.every((result) => result.kind === 'secret')).toBe(true);
    await resolver.resolve(github);
    expect(vault.requestCount()).toBe(1);
  });

  it('reads again once the TTL has passed', async () => {
    let now = 1_000_000;
    const resolver = resolverFor({ cacheTtlMs: 60_000 }, { now: () => now });
    await resolver.resolve(github);
    now += 59_999;
    await resolver.resolve(github);
    expect(vault.requestCount()).toBe(1);
    now += 1;
    await resolver.resolve(github);
    expect(vault.requestCount()).toBe(2);
  });

  it('keeps backends apart and invalidates one backend or all at once', async () => {
    const resolver = resolverFor();
    const twin = { ...github, id: 'github-twin' };
    await resolver.resolve(github);
    await resolver.resolve(twin);
    expect(vault.requestCount()).toBe(2);
    vault.put('apps/github', { token: 'ghp_rotated' });
    expect(await resolver.resolve(github)).toEqual({ kind: 'secret', value: 'ghp_from_vault' });
    resolver.invalidate(github);
    expect(await resolver.resolve(github)).toEqual({ kind: 'secret', value: 'ghp_rotated' });
    expect(await resolver.resolve(twin)).toEqual({ kind: 'secret', value: 'ghp_from_vault' });
    resolver.invalidate();
    expect(await resolver.resolve(twin)).toEqual({ kind: 'secret', value: 'ghp_rotated' });
    expect(vault.requestCount()).toBe(4);
  });

  it('does not cache a value whose read started before an invalidation', async () => {
    const resolver = resolverFor();
    vault.setLatency(100);
    const inFlight = resolver.resolve(github);
    await new Promise((resolve) => setTimeout(resolve, 20));
    resolver.invalidate(github);
    expect(await inFlight).toEqual({ kind: 'secret', value: 'ghp_from_vault' });
    vault.setLatency(0);
    await resolver.resolve(github);
    expect(vault.requestCount()).toBe(2);
  });

  it('does not cache failures, so a fixed Vault is used at once', async () => {
    const resolver = resolverFor();
    vault.failNext({ status: 503, errors: ['Vault is sealed'] });
    expect(await resolver.resolve(github)).toMatchObject({ kind: 'failed' });
    expect(await resolver.resolve(github)).toMatchObject({ kind: 'secret' });
    expect(vault.requestCount()).toBe(2);
  });

  it('is off with a TTL of 0', async () => {
    const resolver = resolverFor({ cacheTtlMs: 0 });
    await resolver.resolve(github);
    await resolver.resolve(github);
    expect(vault.requestCount()).toBe(2);
  });
});
