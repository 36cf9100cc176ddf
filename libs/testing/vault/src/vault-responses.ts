// Response bodies shaped like Vault's HTTP API: the common envelope around `data`, the KV v2
// version metadata, the `{"errors": [...]}` error body and `sys/health`.
import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { VaultSecretVersion } from './vault-kv.store';

/** The version the simulator reports in `sys/health`; clearly not a real release. */
export const SIMULATOR_VERSION = '1.19.0+simulator';

export const PERMISSION_DENIED = 'permission denied';

export function sendJson(response: ServerResponse, status: number, body: unknown): void {
  if (response.destroyed) return;
  const text = JSON.stringify(body);
  response.writeHead(status, {
    'Content-Type': 'application/json',
    'Content-Length': Buffer.byteLength(text),
    // Vault marks every API response as not cacheable.
    'Cache-Control': 'no-store',
  });
  response.end(text);
}

/** Vault's error body; a 404 for a missing KV secret carries an empty list. */
export function sendErrors(response: ServerResponse, status: number, errors: readonly string[]): void {
  sendJson(response, status, { errors });
}

/** KV v2 version metadata, as returned by reads (inside `data.metadata`) and writes (as `data`). */
export function versionMetadata(version: VaultSecretVersion): Record<string, unknown> {
  return {
    created_time: version.createdTime,
    custom_metadata: null,
    deletion_time: '',
    destroyed: false,
    version: version.version,
  };
}

/** The envelope every non-error Vault response shares. */
export function envelope(data: unknown): Record<string, unknown> {
  return {
    request_id: randomUUID(),
    lease_id: '',
    renewable: false,
    lease_duration: 0,
    data,
    wrap_info: null,
    warnings: null,
    auth: null,
    mount_type: 'kv',
  };
}

export function readResponseBody(version: VaultSecretVersion): Record<string, unknown> {
  return envelope({ data: version.data, metadata: versionMetadata(version) });
}

/** `GET /v1/sys/health`: 200 when active and unsealed, 503 when sealed (Vault's defaults). */
export function sendHealth(response: ServerResponse, sealed: boolean, head: boolean): void {
  const body = {
    initialized: true,
    sealed,
    standby: false,
    performance_standby: false,
    replication_performance_mode: 'disabled',
    replication_dr_mode: 'disabled',
    server_time_utc: Math.floor(Date.now() / 1000),
    version: SIMULATOR_VERSION,
    cluster_name: 'vault-simulator',
    cluster_id: '00000000-0000-4000-8000-000000000000',
  };
  if (head) {
    response.writeHead(sealed ? 503 : 200).end();
    return;
  }
  sendJson(response, sealed ? 503 : 200, body);
}
