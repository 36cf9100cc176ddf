// The entry point for callers: resolves a backend's secret with the provider its record names.
// Built once at start-up from SecretSettings and the process environment.
import type { EnvironmentMap } from './environment-secret.resolver';
import { EnvironmentSecretResolver } from './environment-secret.resolver';
import { FileSecretResolver } from './file-secret.resolver';
import { NoneSecretResolver } from './none-secret.resolver';
import type { BackendSecretReference, SecretResolution, SecretResolver } from './secret-resolution';
import { secretFailure } from './secret-resolution';
import type { SecretSettings } from './secrets.settings';
import { VaultSecretResolver } from './vault-secret.resolver';
import type { VaultSecretResolverOptions } from './vault-secret.resolver';

export interface SecretProviders {
  readonly none: SecretResolver;
  readonly environment: SecretResolver;
  readonly file: SecretResolver;
  /** Undefined when Vault is not configured; `Vault` records then fail with `not-configured`. */
  readonly vault: VaultSecretResolver | undefined;
}

export class BackendSecretResolver implements SecretResolver {
  constructor(private readonly providers: SecretProviders) {}

  static fromSettings(
    settings: SecretSettings,
    environment: EnvironmentMap,
    vaultOptions: VaultSecretResolverOptions = {},
  ): BackendSecretResolver {
    return new BackendSecretResolver({
      none: new NoneSecretResolver(),
      environment: new EnvironmentSecretResolver(environment),
      file: new FileSecretResolver({ allowedDirectories: settings.fileDirectories }),
      vault: settings.vault === undefined ? undefined : new VaultSecretResolver(settings.vault, vaultOptions),
    });
  }

  async resolve(server: BackendSecretReference): Promise<SecretResolution> {
    try {
      return await this.providerFor(server).resolve(server);
    } catch {
      // Providers do not throw; this keeps the "never throws" promise even if one someday does,
      // without echoing an error text that might quote a secret.
      return secretFailure(server, 'unavailable', 'the provider failed unexpectedly');
    }
  }

  /** Forgets cached secrets (Vault only: the other providers read afresh every time). */
  invalidate(server?: Pick<BackendSecretReference, 'id'>): void {
    this.providers.vault?.invalidate(server);
  }

  private providerFor(server: BackendSecretReference): SecretResolver {
    switch (server.secretProvider) {
      case 'None':
        return this.providers.none;
      case 'Environment':
        return this.providers.environment;
      case 'File':
        return this.providers.file;
      case 'Vault':
        return this.providers.vault ?? unconfiguredVault;
    }
  }
}

const unconfiguredVault: SecretResolver = {
  resolve: (server) =>
    Promise.resolve(
      secretFailure(
        server,
        'not-configured',
        'Vault is not configured (set GATEWAY_VAULT_ADDR and GATEWAY_VAULT_TOKEN)',
      ),
    ),
};
