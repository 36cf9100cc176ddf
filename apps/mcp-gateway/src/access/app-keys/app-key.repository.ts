// All SQL about keys. Lookups go by KeyPrefix (unique index): one round trip per
// verification; writes are single statements so concurrent revocations cannot interleave.
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { type EntityManager, IsNull, Repository, type SelectQueryBuilder } from 'typeorm';
import {
  comparesNamesExactly,
  type Identity,
  type IdentitySource,
  LEGACY_SOURCE,
  ownsNothing,
} from '../identity';
import { userNameKey, userNameKeySql } from '../../user-names/user-names';
import { AppKeyEntity, type AppKeyKind } from './app-key.entity';

export type NewAppKey = Pick<
  AppKeyEntity,
  | 'kind'
  | 'name'
  | 'username'
  | 'identitySource'
  | 'keyPrefix'
  | 'encryptedKey'
  | 'scopes'
  | 'expiresAt'
  | 'ownerSid'
  | 'createdBy'
> &
  Partial<Pick<AppKeyEntity, 'rotatedFrom'>>;

/** LastUsedAt is written at most this often per key, to bound write load. */
const LAST_USED_RESOLUTION_SECONDS = 60;

/**
 * Narrows a query over `key` to the keys of one identity (identity/identity.ts): the same source,
 * and the same name there, compared as user-names.ts says (ASCII letters ignore case, nothing else
 * is folded; the database's own lower() would fold U+212A) or exactly for OIDC subjects. An
 * identity that owns nothing owns no key.
 */
function ownedBy(query: SelectQueryBuilder<AppKeyEntity>, owner: Identity): SelectQueryBuilder<AppKeyEntity> {
  if (ownsNothing(owner.source)) return query.andWhere('false');
  query.andWhere(`key.identity_source = :ownerSource AND ${userNameKeySql('key.username')} = :ownerNameKey`, {
    ownerSource: owner.source,
    ownerNameKey: userNameKey(owner.name),
  });
  return comparesNamesExactly(owner.source)
    ? query.andWhere('key.username = :ownerName', { ownerName: owner.name })
    : query;
}

@Injectable()
export class AppKeyRepository {
  constructor(@InjectRepository(AppKeyEntity) private readonly keys: Repository<AppKeyEntity>) {}

  /** The same queries on a transaction's manager (see withAdvisoryLock for why they must use it). */
  within(manager: EntityManager): AppKeyRepository {
    return new AppKeyRepository(manager.getRepository(AppKeyEntity));
  }

  findByKeyPrefix(keyPrefix: string): Promise<AppKeyEntity | null> {
    return this.keys.findOneBy({ keyPrefix });
  }

  findLiveById(id: string, kinds: readonly AppKeyKind[]): Promise<AppKeyEntity | null> {
    return this.keys
      .createQueryBuilder('key')
      .where('key.id = :id AND key.revoked_at IS NULL AND key.kind = ANY(:kinds)', { id, kinds })
      .getOne();
  }

  isKeyPrefixTaken(keyPrefix: string): Promise<boolean> {
    return this.keys.existsBy({ keyPrefix });
  }

  hasAdministratorKey(): Promise<boolean> {
    return this.keys.existsBy({ kind: 'admin' });
  }

  async insert(key: NewAppKey): Promise<AppKeyEntity> {
    return this.keys.save(this.keys.create({ ...key, rotatedFrom: key.rotatedFrom ?? null }));
  }

  /** Live (not revoked) keys of the given kinds, newest first; everyone's when owner is undefined. */
  listLive(kinds: readonly AppKeyKind[], owner?: Identity): Promise<AppKeyEntity[]> {
    const query = this.keys
      .createQueryBuilder('key')
      .where('key.revoked_at IS NULL AND key.kind = ANY(:kinds)', { kinds })
      .orderBy('key.created_at', 'DESC')
      .addOrderBy('key.id', 'ASC');
    if (owner !== undefined) ownedBy(query, owner);
    return query.getMany();
  }

  /** Live keys counted for quotas: machine keys only (administrator keys are not quota-bound). */
  countLive(owner?: Identity): Promise<number> {
    const query = this.keys
      .createQueryBuilder('key')
      .where("key.revoked_at IS NULL AND key.kind IN ('app_key', 'client')");
    if (owner !== undefined) ownedBy(query, owner);
    return query.getCount();
  }

  async countLiveAdministratorKeys(): Promise<number> {
    return this.keys.countBy({ kind: 'admin', revokedAt: IsNull() });
  }

  /** Revokes a live key of these kinds; false when there is none (already revoked, or another kind). */
  async revoke(id: string, kinds: readonly AppKeyKind[], revokedBy: string): Promise<boolean> {
    const result = await this.keys
      .createQueryBuilder()
      .update(AppKeyEntity)
      .set({ revokedAt: () => 'now()', revokedBy })
      .where('id = :id AND revoked_at IS NULL AND kind = ANY(:kinds)', { id, kinds })
      .execute();
    return result.affected === 1;
  }

  /** Moves every key owned in the `legacy` source to `target`; returns how many moved. */
  async placeLegacyOwners(target: IdentitySource): Promise<number> {
    const result = await this.keys
      .createQueryBuilder()
      .update(AppKeyEntity)
      .set({ identitySource: target })
      .where('identity_source = :legacy', { legacy: LEGACY_SOURCE })
      .execute();
    return result.affected ?? 0;
  }

  /** Records use, at most once a minute per key whatever the request rate. */
  async touchLastUsed(id: string): Promise<void> {
    await this.keys
      .createQueryBuilder()
      .update(AppKeyEntity)
      .set({ lastUsedAt: () => 'now()' })
      .where(
        'id = :id AND (last_used_at IS NULL OR last_used_at < now() - make_interval(secs => :seconds))',
        {
          id,
          seconds: LAST_USED_RESOLUTION_SECONDS,
        },
      )
      .execute();
  }
}
