import { ConfigurationError } from '@platform/service-kit';
import { createVaultSettings, DEFAULT_SECRET_FILE_DIRECTORIES, readSecretSettings } from './secrets.settings';

const TOKEN = 'hvs.CAESIexampletoken';

function problemsOf(environment: Record<string, string>): readonly string[] {
  try {
    readSecretSettings(environment);
  } catch (error) {
    if (error instanceof ConfigurationError) return error.problems;
    throw error;
  }
  throw new Error('expected a ConfigurationError');
}

describe('readSecretSettings', () => {
  it('leaves Vault off and uses the default secret directory when nothing is set', () => {
    expect(readSecretSettings({})).toEqual({
      vault: undefined,
      fileDirectories: DEFAULT_SECRET_FILE_DIRECTORIES,
    });
  });

  it('reads the Vault settings with their defaults', () => {
    const { vault } = readSecretSettings({
      GATEWAY_VAULT_ADDR: 'https://vault.example:8200/',
      GATEWAY_VAULT_TOKEN: TOKEN,
    });
    expect(vault).toMatchObject({
      address: 'https://vault.example:8200',
      token: TOKEN,
      mount: 'secret',
      namespace: undefined,
      cacheTtlMs: 60_000,
    });
  });

  it('reads mount, namespace, cache time and secret directories', () => {
    const settings = readSecretSettings({
      GATEWAY_VAULT_ADDR: 'http://127.0.0.1:8200',
      GATEWAY_VAULT_TOKEN: TOKEN,
      GATEWAY_VAULT_MOUNT: '/kv/team/',
      GATEWAY_VAULT_NAMESPACE: 'admin/team-a',
      GATEWAY_VAULT_CACHE_SECONDS: '0',
      GATEWAY_SECRET_FILE_DIRS: '/run/secrets/a, /run/secrets/b/',
    });
    expect(settings.vault).toMatchObject({ mount: 'kv/team', namespace: 'admin/team-a', cacheTtlMs: 0 });
    expect(settings.fileDirectories).toEqual(['/run/secrets/a', '/run/secrets/b']);
  });

  it('requires https except on loopback, and no credentials, query or fragment', () => {
    for (const address of ['http://localhost:8200', 'http://127.0.0.2:8200', 'http://[::1]:8200']) {
      expect(
        readSecretSettings({ GATEWAY_VAULT_ADDR: address, GATEWAY_VAULT_TOKEN: TOKEN }).vault,
      ).toBeDefined();
    }
    for (const address of [
      'http://vault.internal:8200',
      'https://u:p@vault',
      'https://vault/?x=1',
      'vault:8200',
    ]) {
      expect(problemsOf({ GATEWAY_VAULT_ADDR: address, GATEWAY_VAULT_TOKEN: TOKEN })[0]).toMatch(
        /^GATEWAY_VAULT_ADDR: /,
      );
    }
  });

  it('lists every problem, never echoing the token', () => {
    const problems = problemsOf({
      GATEWAY_VAULT_ADDR: 'https://vault',
      GATEWAY_VAULT_TOKEN: 'has space in-it',
      GATEWAY_VAULT_MOUNT: 'a/../b',
      GATEWAY_VAULT_NAMESPACE: 'bad namespace',
      GATEWAY_VAULT_CACHE_SECONDS: '1.5',
      GATEWAY_SECRET_FILE_DIRS: 'relative/dir,/',
    });
    expect(problems.map((problem) => problem.split(':')[0])).toEqual([
      'GATEWAY_VAULT_TOKEN',
      'GATEWAY_VAULT_MOUNT',
      'GATEWAY_VAULT_NAMESPACE',
      'GATEWAY_VAULT_CACHE_SECONDS',
      'GATEWAY_SECRET_FILE_DIRS',
      'GATEWAY_SECRET_FILE_DIRS',
    ]);
    expect(problems.join('\n')).not.toContain('in-it');
  });

  it('refuses a token without an address and an address without a token', () => {
    expect(problemsOf({ GATEWAY_VAULT_TOKEN: TOKEN })).toEqual([
      'GATEWAY_VAULT_TOKEN: is set but GATEWAY_VAULT_ADDR is not',
    ]);
    expect(problemsOf({ GATEWAY_VAULT_ADDR: 'https://vault' })[0]).toMatch(
      /^GATEWAY_VAULT_TOKEN: must be set/,
    );
  });

  it('hides the token when the settings are logged', () => {
    const settings = createVaultSettings({ address: 'https://vault', token: TOKEN });
    expect(JSON.stringify(settings)).not.toContain(TOKEN);
    expect(JSON.stringify({ settings })).toContain('[REDACTED]');
  });
});
