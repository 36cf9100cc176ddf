// The single row of `mcp_gateway.settings`: key quotas (spec 2.1 "Settings", 8 "GlobalMaxKeys,
// UserMaxKeys": integers, default 0, 0 means unlimited), and what the first start decided about
// the default access policy (docs/decisions/023).
import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity({ name: 'settings' })
export class SettingsEntity {
  @PrimaryColumn({ type: 'smallint' })
  id!: number;

  @Column({ name: 'global_max_keys', type: 'integer' })
  globalMaxKeys!: number;

  @Column({ name: 'user_max_keys', type: 'integer' })
  userMaxKeys!: number;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;

  @Column({ name: 'updated_by', type: 'text' })
  updatedBy!: string;

  /** Null until the first start decides; never changes afterwards. */
  @Column({ name: 'default_policy_seeding', type: 'text', nullable: true })
  defaultPolicySeeding!: DefaultPolicySeeding | null;

  @Column({ name: 'default_policy_decided_at', type: 'timestamptz', nullable: true })
  defaultPolicyDecidedAt!: Date | null;
}

/**
 * `seeded`: the first start created the row; `disabled`: GATEWAY_SEED_DEFAULT_POLICIES was false
 * then; `existing-database`: the gateway ran on this database before seeding existed.
 */
export type DefaultPolicySeeding = 'seeded' | 'disabled' | 'existing-database';
