// The `Vault` provider: field `secretField` of the KV version 2 secret at `secretPath`, under the
// mount from GATEWAY_VAULT_MOUNT. Resolved values are cached for GATEWAY_VAULT_CACHE_SECONDS
// (60 s by default); invalidate() forgets them at once, e.g. after a rotation or a record edit.
import { ResolvedSecretCache } from './resolved-secret.cache';
import type { BackendSecretReference, SecretResolution, SecretResolver } from './secret-resolution';
import { secretFailure } from './secret-resolution';
import { unsafeCharacterProblem } from './http-field-syntax';
import type { VaultSettings } from './secrets.settings';
import { DEFAULT_VAULT_TIMEOUT_MS, readVaultField } from './vault-kv.client';

export interface VaultSecretResolverOptions {
  /** Per request to Vault, body included; 5 s by default. */
  readonly timeoutMs?: number;
  /** Clock for cache expiry, in epoch milliseconds. */
  readonly now?: () => number;
}

export class VaultSecretResolver implements SecretResolver {
  readonly #settings: VaultSettings;
  readonly #cache: ResolvedSecretCache;
  readonly #timeoutMs: number;

  constructor(settings: VaultSettings, options: VaultSecretResolverOptions = {}) {
    this.#settings = settings;
    this.#timeoutMs = options.timeoutMs ?? DEFAULT_VAULT_TIMEOUT_MS;
    this.#cache = new ResolvedSecretCache(settings.cacheTtlMs, options.now);
  }

  async resolve(server: BackendSecretReference): Promise<SecretResolution> {
    const secretPath = normalizeSecretPath(server.secretPath);
    if (secretPath === undefined) {
      return secretFailure(
        server,
        'not-configured',
        'secretPath must name a KV secret below the mount, such as apps/github (no empty, . or .. segments)',
      );
    }
    const field = server.secretField?.trim() ?? '';
    if (field === '' || unsafeCharacterProblem(field) !== undefined) {
      return secretFailure(
        server,
        'not-configured',
        'secretField (the field inside the Vault secret) is not set or contains control characters',
      );
    }
    return this.#cache.resolve(cacheKey(server.id, secretPath, field), async () => {
      const read = await readVaultField(this.#settings, secretPath, field, this.#timeoutMs);
      return read.ok
        ? { kind: 'secret', value: read.value }
        : secretFailure(server, read.reason, read.detail);
    });
  }

  /** Forgets the cached secret of one backend, or of all backends. */
  invalidate(server?: Pick<BackendSecretReference, 'id'>): void {
    this.#cache.invalidate(server === undefined ? undefined : `${server.id}\u0000`);
  }

  /** What logging the resolver shows: never the token. */
  toJSON(): Record<string, unknown> {
    const { address, mount, namespace, cacheTtlMs } = this.#settings;
    return { provider: 'Vault', address, mount, namespace, cacheTtlMs, timeoutMs: this.#timeoutMs };
  }
}

/**
 * The backend id is part of the key, so that invalidating one backend is exact; the path and
 * field are too, so that an edited record never gets the secret of its old location.
 */
function cacheKey(serverId: string, secretPath: string, field: string): string {
  return [serverId, secretPath, field].join('\u0000');
}

function normalizeSecretPath(text: string | undefined): string | undefined {
  const trimmed = (text ?? '').trim().replace(/^\/+|\/+$/g, '');
  if (trimmed === '' || unsafeCharacterProblem(trimmed) !== undefined) return undefined;
  const segments = trimmed.split('/');
  return segments.every((segment) => segment !== '' && segment !== '.' && segment !== '..')
    ? trimmed
    : undefined;
}
