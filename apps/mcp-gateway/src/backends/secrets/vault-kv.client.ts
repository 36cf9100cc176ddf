// One read of one field from HashiCorp Vault's KV version 2 engine:
// `GET <address>/v1/<mount>/data/<path>` with `X-Vault-Token`, then `data.data[<field>]`.
// Never throws; a failure carries a detail fit for logs (never the token or a secret value).
import { fetchJson, type FetchJsonFailure, propertyOf } from '@platform/service-kit';
import type { SecretFailureReason } from './secret-resolution';
import type { VaultSettings } from './secrets.settings';

export const DEFAULT_VAULT_TIMEOUT_MS = 5000;
/** A KV secret is a few KiB at most; a bigger answer (in bytes) is not one we asked for. */
const MAX_RESPONSE_LENGTH = 1024 * 1024;

export type VaultFieldRead =
  | { readonly ok: true; readonly value: string }
  | { readonly ok: false; readonly reason: SecretFailureReason; readonly detail: string };

/** Each path segment percent-encoded, so a path can never leave `/v1/<mount>/data/`. */
export function vaultSecretUrl(settings: VaultSettings, secretPath: string): string {
  const encode = (text: string): string => text.split('/').map(encodeURIComponent).join('/');
  return `${settings.address}/v1/${encode(settings.mount)}/data/${encode(secretPath)}`;
}

export async function readVaultField(
  settings: VaultSettings,
  secretPath: string,
  field: string,
  timeoutMs: number = DEFAULT_VAULT_TIMEOUT_MS,
): Promise<VaultFieldRead> {
  const location = `${settings.mount}/${secretPath}`;
  const headers: Record<string, string> = { 'X-Vault-Token': settings.token };
  if (settings.namespace !== undefined) headers['X-Vault-Namespace'] = settings.namespace;
  // fetchJson never follows a redirect, which would carry X-Vault-Token to wherever Location points.
  const read = await fetchJson({
    url: vaultSecretUrl(settings, secretPath),
    headers,
    timeoutMs,
    maxBytes: MAX_RESPONSE_LENGTH,
  });
  if (!read.ok) return readFailure(read.failure, settings, location, timeoutMs);
  return fieldOf(read.body, location, field);
}

function fieldOf(body: unknown, location: string, field: string): VaultFieldRead {
  const data = propertyOf(propertyOf(body, 'data'), 'data');
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    return failed(
      'invalid',
      `Vault's answer for '${location}' is not a KV version 2 secret (is the mount KV v1?)`,
    );
  }
  if (!Object.hasOwn(data, field))
    return failed('field-missing', `Vault secret '${location}' has no field '${field}'`);
  const value = (data as Record<string, unknown>)[field];
  if (typeof value !== 'string')
    return failed('invalid', `field '${field}' of Vault secret '${location}' is not a string`);
  if (value === '') return failed('invalid', `field '${field}' of Vault secret '${location}' is empty`);
  return { ok: true, value };
}

function statusFailure(status: number, location: string): VaultFieldRead {
  if (status === 401 || status === 403) {
    return failed(
      'permission-denied',
      `Vault denied access to '${location}' (HTTP ${status}); check GATEWAY_VAULT_TOKEN and that its policy allows read`,
    );
  }
  if (status === 404) {
    return failed('not-found', `Vault has no secret at '${location}' (or its latest version is deleted)`);
  }
  if (status >= 300 && status < 400) {
    return failed(
      'unavailable',
      `Vault answered a redirect (HTTP ${status}), which is not followed; point GATEWAY_VAULT_ADDR at the active node or its load balancer`,
    );
  }
  if (status === 503)
    return failed('unavailable', `Vault is sealed or in standby (HTTP 503) reading '${location}'`);
  return failed('unavailable', `Vault answered HTTP ${status} reading '${location}'`);
}

/** Vault's own words for each way the read can fail; never the token or the secret. */
function readFailure(
  failure: FetchJsonFailure,
  settings: VaultSettings,
  location: string,
  timeoutMs: number,
): VaultFieldRead {
  switch (failure.kind) {
    case 'status':
      return statusFailure(failure.status, location);
    case 'too-large':
      return failed('invalid', `Vault's answer for '${location}' is too large`);
    case 'not-json':
      return failed('invalid', `Vault's answer for '${location}' is not JSON`);
    case 'timeout':
      return failed('unavailable', `Vault at ${settings.address} timed out after ${timeoutMs} ms`);
    case 'unreachable':
      return failed('unavailable', `Vault at ${settings.address} is unreachable (${failure.cause})`);
  }
}

function failed(reason: SecretFailureReason, detail: string): VaultFieldRead {
  return { ok: false, reason, detail };
}
