// One RBAC row of `mcp_gateway.access_policies` (spec 2.1: TargetId, RequiredGroup, IsAllowed 0/1).
import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { IdentitySource } from '../identity/identity-source';

@Entity({ name: 'access_policies' })
export class AccessPolicyEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'target_id', type: 'text' })
  targetId!: string;

  @Column({ name: 'required_group', type: 'text' })
  requiredGroup!: string;

  @Column({ name: 'is_allowed', type: 'smallint' })
  isAllowed!: 0 | 1;

  /** Only people signed in from this source (authorization/source-scope.ts); null: everyone. */
  @Column({ name: 'identity_source', type: 'text', nullable: true })
  identitySource!: IdentitySource | null;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;

  @Column({ name: 'created_by', type: 'text' })
  createdBy!: string;
}
