// The signing keys of each configured issuer, found by discovery on first use and then kept:
// jose's remote key set refetches the JWKS when a token names an unknown `kid` (key rotation,
// at most once per cooldown) and when its copy is older than ten minutes.
import { createRemoteJWKSet, errors } from 'jose';
import type { JWTVerifyGetKey } from 'jose';
import { describeFetchError } from '@platform/service-kit';
import { discoverIssuer } from './oidc-discovery';

export interface IssuerKeysOptions {
  readonly discoveryTimeoutMs: number;
  /** After a failed discovery, calls fail fast for this long before the next attempt. */
  readonly discoveryRetryMs: number;
  /** Minimum time between two JWKS refetches caused by unknown `kid`s. */
  readonly jwksCooldownMs: number;
  readonly now: () => Date;
}

export type IssuerKeysResult =
  { readonly ok: true; readonly getKey: JWTVerifyGetKey } | { readonly ok: false; readonly message: string };

/** The JWKS could not be fetched: the token may be fine, the gateway just cannot check it now. */
export class KeysUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'KeysUnavailableError';
  }
}

interface FailedDiscovery {
  readonly message: string;
  readonly at: number;
}

export class OidcIssuerKeys {
  private readonly keys = new Map<string, Promise<IssuerKeysResult>>();
  private readonly failures = new Map<string, FailedDiscovery>();

  constructor(private readonly options: IssuerKeysOptions) {}

  /** `issuer` must already be one of the configured issuers. Never throws. */
  async keysFor(issuer: string): Promise<IssuerKeysResult> {
    const failure = this.failures.get(issuer);
    if (failure !== undefined && this.options.now().getTime() - failure.at < this.options.discoveryRetryMs) {
      return { ok: false, message: `${failure.message} (not retried yet)` };
    }
    let pending = this.keys.get(issuer);
    if (pending === undefined) {
      // Concurrent first requests share one discovery.
      pending = this.discover(issuer);
      this.keys.set(issuer, pending);
    }
    const result = await pending;
    if (!result.ok && this.keys.get(issuer) === pending) {
      this.keys.delete(issuer);
      this.failures.set(issuer, { message: result.message, at: this.options.now().getTime() });
    }
    return result;
  }

  private async discover(issuer: string): Promise<IssuerKeysResult> {
    const discovery = await discoverIssuer(issuer, this.options.discoveryTimeoutMs);
    if (!discovery.ok) return discovery;
    this.failures.delete(issuer);
    const remote = createRemoteJWKSet(discovery.jwksUri, {
      timeoutDuration: this.options.discoveryTimeoutMs,
      cooldownDuration: this.options.jwksCooldownMs,
    });
    const where = discovery.jwksUri.href;
    const timeoutMs = this.options.discoveryTimeoutMs;
    const getKey: JWTVerifyGetKey = async (header, token) => {
      try {
        return await remote(header, token);
      } catch (error) {
        // A missing or ambiguous key is the token's problem; anything else is the key server's.
        if (error instanceof errors.JWKSNoMatchingKey || error instanceof errors.JWKSMultipleMatchingKeys)
          throw error;
        const detail =
          error instanceof errors.JOSEError
            ? `failed (${error.message})`
            : describeFetchError(error, timeoutMs);
        throw new KeysUnavailableError(`fetching ${where} ${detail}`);
      }
    };
    return { ok: true, getKey };
  }
}
