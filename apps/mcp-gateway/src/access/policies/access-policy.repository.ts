// All SQL about access policy rows (the RBAC table the authorization pipeline reads through
// AccessRulesSnapshot).
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { type EntityManager, Repository } from 'typeorm';
import { AccessPolicyEntity } from './access-policy.entity';

export type NewAccessPolicy = Pick<
  AccessPolicyEntity,
  'targetId' | 'requiredGroup' | 'isAllowed' | 'createdBy'
> &
  Partial<Pick<AccessPolicyEntity, 'identitySource'>>;

@Injectable()
export class AccessPolicyRepository {
  constructor(
    @InjectRepository(AccessPolicyEntity) private readonly policies: Repository<AccessPolicyEntity>,
  ) {}

  /** The same queries on a transaction's manager. */
  within(manager: EntityManager): AccessPolicyRepository {
    return new AccessPolicyRepository(manager.getRepository(AccessPolicyEntity));
  }

  /** Every row, in no particular order (the access rules snapshot sorts what it needs). */
  all(): Promise<AccessPolicyEntity[]> {
    return this.policies.find();
  }

  /** Every row, sorted for the administration API. */
  list(): Promise<AccessPolicyEntity[]> {
    return this.policies.find({ order: { targetId: 'ASC', requiredGroup: 'ASC', identitySource: 'ASC' } });
  }

  findById(id: string): Promise<AccessPolicyEntity | null> {
    return this.policies.findOneBy({ id });
  }

  /** The row for this target and group, compared case-insensitively as the unique index does. */
  findByTargetAndGroup(targetId: string, requiredGroup: string): Promise<AccessPolicyEntity | null> {
    return this.policies
      .createQueryBuilder('policy')
      .where('lower(policy.targetId) = lower(:targetId) AND lower(policy.requiredGroup) = lower(:group)', {
        targetId,
        group: requiredGroup,
      })
      .getOne();
  }

  /** Throws the unique index's violation when the row exists (isUniqueViolation). */
  insert(policy: NewAccessPolicy): Promise<AccessPolicyEntity> {
    return this.policies.save(this.policies.create(policy));
  }

  /** Writes the row's changed columns; the unique index's violation as for insert. */
  update(row: AccessPolicyEntity): Promise<AccessPolicyEntity> {
    return this.policies.save(row);
  }

  async delete(id: string): Promise<void> {
    await this.policies.delete({ id });
  }
}
