// What the ledger says about a connection change: which connection, and for an update each field
// that changed (from → to). Never the API key: an update says only whether it was replaced.
import { AuditAction } from '../audit/audit-actions';
import type { LedgerEntry } from '../audit/audit-ledger';
import type { ConnectionSummary } from './connection.repository';

function described(connection: ConnectionSummary) {
  return {
    connectionId: connection.id,
    type: connection.type,
    name: connection.name,
    baseUrl: connection.baseUrl,
    is4k: connection.is4k,
  };
}

export function connectionCreatedEntry(connection: ConnectionSummary): LedgerEntry {
  return { action: AuditAction.ConnectionCreated, title: connection.name, details: described(connection) };
}

export function connectionDeletedEntry(connection: ConnectionSummary): LedgerEntry {
  return { action: AuditAction.ConnectionDeleted, title: connection.name, details: described(connection) };
}

export function connectionUpdatedEntry(
  before: ConnectionSummary,
  after: ConnectionSummary,
  apiKeyReplaced: boolean,
): LedgerEntry {
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const field of ['name', 'baseUrl', 'is4k'] as const) {
    if (before[field] !== after[field]) changes[field] = { from: before[field], to: after[field] };
  }
  return {
    action: AuditAction.ConnectionUpdated,
    title: after.name,
    details: { connectionId: after.id, type: after.type, changes, apiKeyReplaced },
  };
}
