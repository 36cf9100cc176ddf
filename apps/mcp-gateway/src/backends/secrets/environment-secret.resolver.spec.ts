import type { SecretProvider } from '../backend-server';
import { BackendSecretResolver } from './backend-secret.resolver';
import { EnvironmentSecretResolver } from './environment-secret.resolver';
import type { BackendSecretReference } from './secret-resolution';

const server = (secretItemKey: string | undefined, secretProvider: SecretProvider = 'Environment') =>
  ({ id: 'github', secretProvider, secretItemKey }) satisfies BackendSecretReference;

describe('EnvironmentSecretResolver', () => {
  const environment = {
    GITHUB_TOKEN: 'ghp_example',
    EMPTY_TOKEN: '',
    GATEWAY_VAULT_TOKEN: 'hvs.gateway-own-token',
    DATABASE_URL: 'postgres://user:pw@db/gateway',
  };
  const resolver = new EnvironmentSecretResolver(environment);

  it('reads the variable named by secretItemKey', async () => {
    expect(await resolver.resolve(server('GITHUB_TOKEN'))).toEqual({ kind: 'secret', value: 'ghp_example' });
  });

  it('fails, naming the variable, when it is missing or empty', async () => {
    expect(await resolver.resolve(server('GITLAB_TOKEN'))).toEqual({
      kind: 'failed',
      reason: 'not-found',
      message: "Secret of backend 'github' (Environment): variable GITLAB_TOKEN is not set",
    });
    expect(await resolver.resolve(server('EMPTY_TOKEN'))).toMatchObject({
      kind: 'failed',
      reason: 'invalid',
    });
  });

  it('does not read inherited properties of the map', async () => {
    expect(await resolver.resolve(server('constructor'))).toMatchObject({ reason: 'not-found' });
  });

  it('needs a valid variable name and does not echo an invalid one', async () => {
    expect(await resolver.resolve(server(undefined))).toMatchObject({ reason: 'not-configured' });
    const pasted = await resolver.resolve(server('ghp_pasted-secret-by-mistake'));
    expect(pasted).toMatchObject({ kind: 'failed', reason: 'not-configured' });
    expect(JSON.stringify(pasted)).not.toContain('pasted-secret');
  });

  it("refuses the gateway's own settings, so a backend record cannot exfiltrate them", async () => {
    for (const name of ['GATEWAY_VAULT_TOKEN', 'gateway_vault_token', 'DATABASE_URL']) {
      const result = await resolver.resolve(server(name));
      expect(result).toMatchObject({ kind: 'failed', reason: 'permission-denied' });
      expect(JSON.stringify(result)).not.toMatch(/hvs\.gateway-own-token|user:pw/);
    }
  });
});

describe('BackendSecretResolver', () => {
  const resolver = BackendSecretResolver.fromSettings(
    { vault: undefined, fileDirectories: [] },
    { API_KEY: 'from-environment' },
  );

  it('dispatches on secretProvider', async () => {
    expect(await resolver.resolve(server('API_KEY'))).toEqual({ kind: 'secret', value: 'from-environment' });
    expect(await resolver.resolve(server('API_KEY', 'None'))).toEqual({ kind: 'none' });
    expect(await resolver.resolve({ ...server(undefined, 'File'), secretPath: '/etc/passwd' })).toMatchObject(
      {
        kind: 'failed',
        reason: 'permission-denied',
      },
    );
  });

  it('fails Vault records when Vault is not configured', async () => {
    const result = await resolver.resolve({
      ...server(undefined, 'Vault'),
      secretPath: 'a',
      secretField: 'b',
    });
    expect(result).toEqual({
      kind: 'failed',
      reason: 'not-configured',
      message:
        "Secret of backend 'github' (Vault): Vault is not configured (set GATEWAY_VAULT_ADDR and GATEWAY_VAULT_TOKEN)",
    });
    expect(() => resolver.invalidate()).not.toThrow();
  });

  it('turns an unexpected provider exception into a failure without its text', async () => {
    const throwing = new BackendSecretResolver({
      none: { resolve: () => Promise.reject(new Error('boom with s3cr3t')) },
      environment: { resolve: () => Promise.resolve({ kind: 'none' }) },
      file: { resolve: () => Promise.resolve({ kind: 'none' }) },
      vault: undefined,
    });
    const result = await throwing.resolve(server(undefined, 'None'));
    expect(result).toMatchObject({ kind: 'failed', reason: 'unavailable' });
    expect(JSON.stringify(result)).not.toContain('s3cr3t');
  });
});
