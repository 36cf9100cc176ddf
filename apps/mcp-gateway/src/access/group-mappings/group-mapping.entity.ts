// One row of `mcp_gateway.group_mappings` (spec 2.1: ExternalId → InternalGroup).
import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

@Entity({ name: 'group_mappings' })
export class GroupMappingEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'external_id', type: 'text' })
  externalId!: string;

  @Column({ name: 'internal_group', type: 'text' })
  internalGroup!: string;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;

  @Column({ name: 'created_by', type: 'text' })
  createdBy!: string;
}
