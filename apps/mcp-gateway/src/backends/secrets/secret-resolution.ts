// What resolving a backend's secret can produce, and the interface every provider implements.
// Resolution never throws, and no message ever contains a secret value: messages name the
// backend and the configured location (variable, file, Vault path and field) only.
import type { BackendServerDefinition } from '../backend-server';

/** The fields of a backend record that say where its secret lives. */
export type BackendSecretReference = Pick<
  BackendServerDefinition,
  'id' | 'secretProvider' | 'secretPath' | 'secretField' | 'secretItemKey'
>;

export const SECRET_FAILURE_REASONS = [
  /** The record or the gateway lacks what the provider needs (no path, no field, Vault not set up). */
  'not-configured',
  /** The variable, file, Vault secret or version does not exist. */
  'not-found',
  /** The Vault secret exists but has no such field. */
  'field-missing',
  /** Vault answered 403, the file is unreadable, or the location is off limits to backends. */
  'permission-denied',
  /** Vault is unreachable, timed out, sealed or answered an unexpected status. */
  'unavailable',
  /** Something was found but cannot serve as a secret (empty, not text, too large, not a string). */
  'invalid',
] as const;
export type SecretFailureReason = (typeof SECRET_FAILURE_REASONS)[number];

export type SecretResolution =
  | { readonly kind: 'none' }
  | { readonly kind: 'secret'; readonly value: string }
  | { readonly kind: 'failed'; readonly reason: SecretFailureReason; readonly message: string };

export interface SecretResolver {
  /** Never rejects; a failure comes back as `kind: 'failed'`. */
  resolve(server: BackendSecretReference): Promise<SecretResolution>;
}

/** The one way failures are phrased: `Secret of backend 'github' (Vault): <detail>`. */
export function secretFailure(
  server: Pick<BackendSecretReference, 'id' | 'secretProvider'>,
  reason: SecretFailureReason,
  detail: string,
): SecretResolution {
  return {
    kind: 'failed',
    reason,
    message: `Secret of backend '${server.id}' (${server.secretProvider}): ${detail}`,
  };
}
