// One row of `mcp_gateway.audit_log`: an invocation or a security event (spec 2.1 "Audit log
// rows", 5.1 "Creation, revocation and authentication failures are audited").
import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** What a jsonb column holds once sanitized. */
export type AuditJson = string | number | boolean | object | null;

@Entity({ name: 'audit_log' })
export class AuditEventEntity {
  @PrimaryGeneratedColumn('identity', { type: 'bigint', generatedIdentity: 'ALWAYS' })
  id!: string;

  @Column({ name: 'occurred_at', type: 'timestamptz', default: () => 'now()' })
  occurredAt!: Date;

  @Column({ name: 'event_kind', type: 'text' })
  eventKind!: string;

  @Column({ type: 'text', nullable: true })
  username!: string | null;

  /** Where `username` comes from (`sso`, `oidc:<issuer>#<claim>`, `admin-key`): one name, many people. */
  @Column({ name: 'identity_source', type: 'text', nullable: true })
  identitySource!: string | null;

  @Column({ name: 'server_id', type: 'text', nullable: true })
  serverId!: string | null;

  @Column({ type: 'text', nullable: true })
  method!: string | null;

  @Column({ name: 'duration_ms', type: 'integer', nullable: true })
  durationMs!: number | null;

  @Column({ name: 'status_code', type: 'integer', nullable: true })
  statusCode!: number | null;

  @Column({ name: 'source_address', type: 'text', nullable: true })
  sourceAddress!: string | null;

  /** Sanitized request parameters (see sanitizeForAudit). */
  @Column({ type: 'jsonb', nullable: true })
  parameters!: AuditJson;

  /** Event-specific facts: reason, key prefix, before and after of a change. Never secrets. */
  @Column({ type: 'jsonb', nullable: true })
  details!: AuditJson;
}
