// The Vault provider against the Vault simulator over real HTTP (@platform/testing-vault).
import { startVaultSimulator } from '@platform/testing-vault';
import type { VaultSimulator } from '@platform/testing-vault';
import { BackendSecretResolver } from './backend-secret.resolver';
import type { BackendSecretReference } from './secret-resolution';
import { createVaultSettings, readSecretSettings } from './secrets.settings';
import type { VaultSettings } from './secrets.settings';
import { VaultSecretResolver } from './vault-secret.resolver';
import type { VaultSecretResolverOptions } from './vault-secret.resolver';

const github: BackendSecretReference = {
  id: 'github',
  secretProvider: 'Vault',
  secretPath: 'apps/github',
  secretField: 'token',
};

describe('VaultSecretResolver', () => {
  let vault: VaultSimulator;
  const settingsFor = (overrides: Partial<VaultSettings> = {}): VaultSettings => ({
    ...createVaultSettings({ address: vault.address, token: vault.token, mount: vault.mount }),
    ...overrides,
  });
  const resolverFor = (overrides: Partial<VaultSettings> = {}, options: VaultSecretResolverOptions = {}) =>
    new VaultSecretResolver(settingsFor(overrides), options);

  beforeEach(async () => {
    vault = await startVaultSimulator();
    vault.put('apps/github', { token: 'ghp_from_vault', user: 'bot' });
  });
  afterEach(async () => {
    await vault.stop();
  });

  it('reads data.data[secretField] of the latest version', async () => {
    vault.put('apps/github', { token: 'ghp_rotated' });
    expect(await resolverFor().resolve(github)).toEqual({ kind: 'secret', value: 'ghp_rotated' });
    expect(vault.requests()[0]).toMatchObject({ method: 'GET', path: '/v1/secret/data/apps/github' });
  });

  it('names the field when the secret lacks it', async () => {
    expect(await resolverFor().resolve({ ...github, secretField: 'password' })).toEqual({
      kind: 'failed',
      reason: 'field-missing',
      message:
        "Secret of backend 'github' (Vault): Vault secret 'secret/apps/github' has no field 'password'",
    });
  });

  it('maps a wrong token to permission-denied without showing either token', async () => {
    const result = await resolverFor({ token: 'hvs.wrong-token' }).resolve(github);
    expect(result).toMatchObject({ kind: 'failed', reason: 'permission-denied' });
    expect(JSON.stringify(result)).not.toMatch(/hvs\./);
  });

  it('maps an unknown path to not-found', async () => {
    expect(await resolverFor().resolve({ ...github, secretPath: 'apps/gitlab' })).toMatchObject({
      kind: 'failed',
      reason: 'not-found',
      message: expect.stringContaining("'secret/apps/gitlab'"),
    });
  });

  it('maps a stopped Vault to unavailable', async () => {
    const resolver = resolverFor();
    await vault.stop();
    expect(await resolver.resolve(github)).toMatchObject({
      kind: 'failed',
      reason: 'unavailable',
      message: expect.stringContaining('is unreachable (ECONNREFUSED)'),
    });
  });

  it('gives up after the timeout when Vault is slow', async () => {
    vault.setLatency(2_000);
    const started = Date.now();
    const result = await resolverFor({}, { timeoutMs: 200 }).resolve(github);
    expect(result).toMatchObject({
      reason: 'unavailable',
      message: expect.stringContaining('timed out after 200 ms'),
    });
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it('maps sealed, failing and redirecting Vaults to unavailable', async () => {
    const resolver = resolverFor({ cacheTtlMs: 0 });
    vault.setSealed(true);
    expect(await resolver.resolve(github)).toMatchObject({
      reason: 'unavailable',
      message: expect.stringContaining('sealed'),
    });
    vault.setSealed(false);
    vault.failNext({ status: 500, errors: ['internal error'] });
    expect(await resolver.resolve(github)).toMatchObject({
      reason: 'unavailable',
      message: expect.stringContaining('HTTP 500'),
    });
    vault.failNext({ status: 307 });
    expect(await resolver.resolve(github)).toMatchObject({
      reason: 'unavailable',
      message: expect.stringContaining('redirect'),
    });
    vault.failNext('reset-connection');
    expect(await resolver.resolve(github)).toMatchObject({ reason: 'unavailable' });
  });

  it('refuses non-string and empty fields', async () => {
    vault.put('apps/odd', { number: 42, empty: '', nested: { token: 'x' } });
    const resolver = resolverFor();
    for (const field of ['number', 'empty', 'nested']) {
      expect(await resolver.resolve({ ...github, secretPath: 'apps/odd', secretField: field })).toMatchObject(
        {
          reason: 'invalid',
        },
      );
    }
  });

  it('checks the record before calling Vault', async () => {
    const resolver = resolverFor();
    for (const record of [
      { ...github, secretPath: undefined },
      { ...github, secretPath: 'apps/../sys/seal' },
      { ...github, secretPath: 'apps//github' },
      { ...github, secretField: ' ' },
    ]) {
      expect(await resolver.resolve(record)).toMatchObject({ reason: 'not-configured' });
    }
    expect(vault.requestCount()).toBe(0);
  });

  it('percent-encodes path segments and sends the namespace header', async () => {
    vault.put('teams/a b/c?d', { token: 'encoded' });
    const resolver = resolverFor({ namespace: 'admin/team-a' });
    expect(await resolver.resolve({ ...github, secretPath: '/teams/a b/c?d/' })).toEqual({
      kind: 'secret',
      value: 'encoded',
    });
    expect(vault.requests()[0]).toMatchObject({
      path: '/v1/secret/data/teams/a%20b/c%3Fd',
      namespace: 'admin/team-a',
    });
  });

  it('works end to end from environment variables, and never logs the token', async () => {
    const environment = { GATEWAY_VAULT_ADDR: vault.address, GATEWAY_VAULT_TOKEN: vault.token };
    const resolver = BackendSecretResolver.fromSettings(readSecretSettings(environment), environment);
    expect(await resolver.resolve(github)).toEqual({ kind: 'secret', value: 'ghp_from_vault' });
    resolver.invalidate(github);
    await resolver.resolve(github);
    expect(vault.requestCount()).toBe(2);
    expect(JSON.stringify(resolverFor())).not.toContain(vault.token);
  });
});
