// All SQL about group mappings (external identifier → internal group).
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { type EntityManager, Repository } from 'typeorm';
import { type IdentitySource, LEGACY_SOURCE, UNASSIGNED_SOURCE } from '../identity';
import { GroupMappingEntity } from './group-mapping.entity';

export type NewGroupMapping = Pick<
  GroupMappingEntity,
  'externalId' | 'internalGroup' | 'identitySource' | 'createdBy'
>;

@Injectable()
export class GroupMappingRepository {
  constructor(
    @InjectRepository(GroupMappingEntity) private readonly mappings: Repository<GroupMappingEntity>,
  ) {}

  /** The same queries on a transaction's manager. */
  within(manager: EntityManager): GroupMappingRepository {
    return new GroupMappingRepository(manager.getRepository(GroupMappingEntity));
  }

  /** Every row, in no particular order (the access rules snapshot sorts what it needs). */
  all(): Promise<GroupMappingEntity[]> {
    return this.mappings.find();
  }

  /** Every row, sorted for the administration API. */
  list(): Promise<GroupMappingEntity[]> {
    return this.mappings.find({ order: { externalId: 'ASC', internalGroup: 'ASC', identitySource: 'ASC' } });
  }

  findById(id: string): Promise<GroupMappingEntity | null> {
    return this.mappings.findOneBy({ id });
  }

  /** Throws the unique index's violation when the mapping exists (isUniqueViolation). */
  insert(mapping: NewGroupMapping): Promise<GroupMappingEntity> {
    return this.mappings.save(this.mappings.create(mapping));
  }

  async delete(id: string): Promise<void> {
    await this.mappings.delete({ id });
  }

  /**
   * Moves the mappings recorded in the `legacy` source to `target`; returns how many moved. A
   * mapping made since for the same user and group in `target` keeps its place; the old row, which
   * would now be its duplicate, becomes unassigned.
   */
  async placeLegacyMappings(target: IdentitySource): Promise<number> {
    const result: unknown = await this.mappings.query(
      `UPDATE "mcp_gateway"."group_mappings" AS old
          SET "identity_source" = CASE WHEN EXISTS (
            SELECT 1 FROM "mcp_gateway"."group_mappings" AS other
             WHERE other."identity_source" = $1
               AND lower(other."external_id" COLLATE "C") = lower(old."external_id" COLLATE "C")
               AND lower(other."internal_group" COLLATE "C") = lower(old."internal_group" COLLATE "C")
          ) THEN $3 ELSE $1 END
        WHERE old."identity_source" = $2`,
      [target, LEGACY_SOURCE, UNASSIGNED_SOURCE],
    );
    return affectedRows(result);
  }
}

/** What a raw UPDATE returns through TypeORM's query(): [rows, affected count] on PostgreSQL. */
function affectedRows(result: unknown): number {
  return Array.isArray(result) && typeof result[1] === 'number' ? result[1] : 0;
}
