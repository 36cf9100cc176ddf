// The kinds of audit events, as stored in `audit_log.event_kind`.
export const AuditEventKind = {
  AppKeyCreated: 'appkey.created',
  AppKeyRotated: 'appkey.rotated',
  AppKeyRevoked: 'appkey.revoked',
  AuthenticationFailed: 'authentication.failed',
  PolicyChanged: 'policy.changed',
  GroupMappingChanged: 'group-mapping.changed',
  SettingsChanged: 'settings.changed',
  ServerChanged: 'server.changed',
  /** Keys and `user:` mappings from before identity sources were placed (docs/decisions/019). */
  IdentitySourcesPlaced: 'identity.sources-placed',
  Invocation: 'mcp.invocation',
} as const;

export type AuditEventKind = (typeof AuditEventKind)[keyof typeof AuditEventKind];
