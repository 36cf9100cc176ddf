// Every kind of row the audit ledger holds (docs/decisions/042). The codes are stable: clients
// filter on them (`GET /api/v1/audit?action=`), so a new mutation adds a code, never renames one.
export const AuditAction = {
  Prune: 'prune',
  Protect: 'protect',
  Unprotect: 'unprotect',
  ProtectionRequested: 'protection-request.created',
  ProtectionRequestApproved: 'protection-request.approved',
  ProtectionRequestDenied: 'protection-request.denied',
  ProtectionRequestWithdrawn: 'protection-request.withdrawn',
  UserRoleChanged: 'user.role-changed',
  UserRemoved: 'user.removed',
  ApiKeyCreated: 'api-key.created',
  ApiKeyRevoked: 'api-key.revoked',
  MediaServerBound: 'mediaserver.bound',
  ConnectionCreated: 'connection.created',
  ConnectionUpdated: 'connection.updated',
  ConnectionDeleted: 'connection.deleted',
  SettingsUpdated: 'settings.updated',
  SyncStarted: 'sync.started',
} as const;

export type AuditAction = (typeof AuditAction)[keyof typeof AuditAction];

export const AUDIT_ACTIONS: readonly AuditAction[] = Object.values(AuditAction);
