// One row of `mcp_gateway.group_mappings` (spec 2.1: ExternalId → InternalGroup).
import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { IdentitySource } from '../identity/identity-source';

@Entity({ name: 'group_mappings' })
export class GroupMappingEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'external_id', type: 'text' })
  externalId!: string;

  @Column({ name: 'internal_group', type: 'text' })
  internalGroup!: string;

  /**
   * Which identity source the row is for (authorization.types.ts GroupMappingRow): required for
   * `user:` rows (a name is a person only within a source), optional for the others.
   */
  @Column({ name: 'identity_source', type: 'text', nullable: true })
  identitySource!: IdentitySource | null;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;

  @Column({ name: 'created_by', type: 'text' })
  createdBy!: string;
}
