// Key management use cases: create, list, revoke, rotate, and report quotas (spec 2.1, 3.1,
// 4.2, 5.1 "Storage rules", "Ownership", "Creation rules for non-administrators", 8).
import { Inject, Injectable } from '@nestjs/common';
import { generateAppKey } from '@platform/appkey';
import { parseScope, trimAsciiWhitespace, validateScopes } from '@platform/scopes';
import { CLOCK, type Clock, DomainError, withAdvisoryLock } from '@platform/service-kit';
import { DataSource } from 'typeorm';
import { ChangeFeed } from '../../replicas/change-feed';
import { AuditService } from '../../audit/audit.service';
import { AuditEventKind } from '../../audit/audit-event-kind';
import { type Actor, auditedActor } from '../actor';
import { accessError, AccessErrorCode } from '../access.errors';
import { BACKEND_CATALOG, type BackendCatalog } from '../backend-catalog';
import { SettingsRepository } from '../settings/settings.repository';
import { type Identity, identityOf, isSameIdentity, SIGN_IN_SOURCES, type SignInSources } from '../identity';
import type { AppKeyEntity, AppKeyKind } from './app-key.entity';
import { AppKeyRepository } from './app-key.repository';
import { type AppKeyView, type CreatedAppKeyView, toAppKeyView } from './app-key-view';
import { KeyVerificationCache } from './key-verification.cache';
import type { CreateAppKeyDto } from './dto/create-app-key.dto';

export type MachineKeyKind = Extract<AppKeyKind, 'app_key' | 'client'>;

export interface KeyLimits {
  globalMaxKeys: number;
  userMaxKeys: number;
  globalCount: number;
  userCount: number;
}

const DAY_MS = 86_400_000;
const PREFIX_COLLISION_RETRIES = 3;

@Injectable()
export class AppKeyService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly keys: AppKeyRepository,
    private readonly settings: SettingsRepository,
    private readonly audit: AuditService,
    private readonly cache: KeyVerificationCache,
    private readonly feed: ChangeFeed,
    @Inject(BACKEND_CATALOG) private readonly catalog: BackendCatalog,
    @Inject(SIGN_IN_SOURCES) private readonly sources: SignInSources,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async create(kind: MachineKeyKind, request: CreateAppKeyDto, actor: Actor): Promise<CreatedAppKeyView> {
    const own = identityOf(actor.principal);
    const owner = this.ownerNamedBy(request, actor);
    const forSomeoneElse = !isSameIdentity(owner, own);
    if (forSomeoneElse && !actor.isAdministrator) {
      throw accessError(
        AccessErrorCode.AppKeyUsernameForbidden,
        'Only administrators may create keys for another user.',
      );
    }
    const scopes = this.checkScopes(request.scopes, actor);
    // The creator's SID only when they create for themselves; never an administrator's SID on
    // someone else's key (spec 5.1 "Ownership").
    const ownerSid = forSomeoneElse ? '' : (actor.principal.userSid ?? '');
    const expiresAt =
      request.expiresInDays === undefined
        ? null
        : new Date(this.clock.nowMs() + request.expiresInDays * DAY_MS);
    // The lock serializes quota checks with inserts, so concurrent creations cannot overshoot a quota.
    const { entity, key } = await withAdvisoryLock(this.dataSource, 'gatewayKeyQuota', async (manager) => {
      const keys = this.keys.within(manager);
      if (!actor.isAdministrator) await this.checkQuotas(owner, keys, this.settings.within(manager));
      return this.insertWithFreshKey(keys, {
        kind,
        name: request.name.trim() || request.name,
        username: owner.name,
        identitySource: owner.source,
        scopes,
        expiresAt,
        ownerSid,
        createdBy: own.name,
      });
    });
    await this.audit.record({
      kind: AuditEventKind.AppKeyCreated,
      ...auditedActor(actor),
      details: {
        id: entity.id,
        kind,
        keyPrefix: entity.keyPrefix,
        for: owner.name,
        forIdentitySource: owner.source,
        scopes,
        expiresAt,
      },
    });
    return { ...toAppKeyView(entity), plaintextKey: key };
  }

  /**
   * The owner a creation request names: the caller when it names nobody, else that name in the
   * source it names (or the one it means: SignInSources.ownerSource).
   */
  private ownerNamedBy(request: CreateAppKeyDto, actor: Actor): Identity {
    const named = request.username === undefined ? '' : trimAsciiWhitespace(request.username);
    const requestedSource =
      request.identitySource === undefined ? undefined : trimAsciiWhitespace(request.identitySource);
    const source = this.sources.ownerSource(requestedSource, named !== '', actor.principal);
    return { source, name: named || actor.principal.username };
  }

  async list(kind: MachineKeyKind, actor: Actor): Promise<AppKeyView[]> {
    const rows = await this.keys.listLive(
      [kind],
      actor.isAdministrator ? undefined : identityOf(actor.principal),
    );
    return rows.map(toAppKeyView);
  }

  async revoke(kind: MachineKeyKind, id: string, actor: Actor): Promise<void> {
    const key = await this.requireVisible(kind, id, actor);
    // A concurrent revocation may win between the read and the write: then this one is a 404.
    if (!(await this.keys.revoke(id, [kind], actor.principal.username))) {
      throw accessError(AccessErrorCode.AppKeyNotFound, `No active ${describe(kind)} with id ${id}.`);
    }
    this.cache.forget(key.keyPrefix);
    await this.feed.announce({ kind: 'app-key', keyPrefix: key.keyPrefix });
    await this.audit.record({
      kind: AuditEventKind.AppKeyRevoked,
      ...auditedActor(actor),
      details: {
        id,
        kind,
        keyPrefix: key.keyPrefix,
        for: key.username,
        forIdentitySource: key.identitySource,
      },
    });
  }

  /** A new secret for the same key; the old key stops working at once. */
  async rotate(kind: MachineKeyKind, id: string, actor: Actor): Promise<CreatedAppKeyView> {
    const current = await this.requireVisible(kind, id, actor);
    const { entity, key } = await this.dataSource.transaction(async (manager) => {
      const keys = this.keys.within(manager);
      // The kind was checked by requireVisible and never changes, so naming it here narrows nothing.
      if (!(await keys.revoke(id, [kind], actor.principal.username)))
        throw accessError(AccessErrorCode.AppKeyNotFound, `No active ${describe(kind)} with id ${id}.`);
      return this.insertWithFreshKey(keys, {
        ...current,
        rotatedFrom: current.id,
        createdBy: actor.principal.username,
      });
    });
    this.cache.forget(current.keyPrefix);
    await this.feed.announce({ kind: 'app-key', keyPrefix: current.keyPrefix });
    await this.audit.record({
      kind: AuditEventKind.AppKeyRotated,
      ...auditedActor(actor),
      details: {
        id: entity.id,
        rotatedFrom: id,
        kind,
        keyPrefix: entity.keyPrefix,
        oldKeyPrefix: current.keyPrefix,
      },
    });
    return { ...toAppKeyView(entity), plaintextKey: key };
  }

  async limits(actor: Actor): Promise<KeyLimits> {
    const settings = await this.settings.read();
    const [globalCount, userCount] = await Promise.all([
      this.keys.countLive(),
      this.keys.countLive(identityOf(actor.principal)),
    ]);
    return {
      globalMaxKeys: settings.globalMaxKeys,
      userMaxKeys: settings.userMaxKeys,
      globalCount,
      userCount,
    };
  }

  private checkScopes(requested: readonly string[], actor: Actor): string[] {
    const validation = validateScopes(requested);
    if (!validation.ok) {
      const problems = validation.problems.map((problem) => problem.message);
      throw accessError(AccessErrorCode.AppKeyInvalidScopes, problems.join('; '), { errors: problems });
    }
    const scopes = [...validation.scopes];
    if (actor.isAdministrator) return scopes;
    // Non-administrators may only name categories that exist now (administrators may plan ahead).
    const registered = this.catalog.registeredCategories();
    for (const scope of scopes) {
      const parsed = parseScope(scope);
      if (parsed.kind === 'category' && !registered.has(parsed.category)) {
        throw accessError(
          AccessErrorCode.AppKeyUnknownCategory,
          `Category '${parsed.category}' does not exist among registered servers.`,
        );
      }
    }
    return scopes;
  }

  private async checkQuotas(
    owner: Identity,
    keys: AppKeyRepository,
    settingsRepository: SettingsRepository,
  ): Promise<void> {
    const settings = await settingsRepository.read();
    if (settings.globalMaxKeys > 0 && (await keys.countLive()) >= settings.globalMaxKeys) {
      throw quotaExceeded(`The gateway allows at most ${settings.globalMaxKeys} active keys.`);
    }
    if (settings.userMaxKeys > 0 && (await keys.countLive(owner)) >= settings.userMaxKeys) {
      throw quotaExceeded(
        `Each user may have at most ${settings.userMaxKeys} active keys; ${owner.name} has reached that limit.`,
      );
    }
  }

  private async insertWithFreshKey(
    keys: AppKeyRepository,
    row: Pick<
      AppKeyEntity,
      'kind' | 'name' | 'username' | 'identitySource' | 'expiresAt' | 'ownerSid' | 'createdBy'
    > & {
      scopes: unknown;
      rotatedFrom?: string | null;
    },
  ): Promise<{ entity: AppKeyEntity; key: string }> {
    const scopes = Array.isArray(row.scopes) ? (row.scopes as string[]) : [];
    for (let attempt = 1; ; attempt += 1) {
      const generated = generateAppKey({ scopes });
      const taken = await keys.isKeyPrefixTaken(generated.keyPrefix);
      if (taken && attempt < PREFIX_COLLISION_RETRIES) continue;
      const entity = await keys.insert({
        kind: row.kind,
        name: row.name,
        username: row.username,
        identitySource: row.identitySource,
        keyPrefix: generated.keyPrefix,
        encryptedKey: generated.digest,
        scopes,
        expiresAt: row.expiresAt,
        ownerSid: row.ownerSid,
        createdBy: row.createdBy,
        rotatedFrom: row.rotatedFrom ?? null,
      });
      return { entity, key: generated.key };
    }
  }

  /** The key if the actor may see it: administrators see all, others their own. */
  private async requireVisible(kind: MachineKeyKind, id: string, actor: Actor): Promise<AppKeyEntity> {
    const key = await this.keys.findLiveById(id, [kind]);
    const visible =
      key !== null &&
      (actor.isAdministrator ||
        isSameIdentity({ source: key.identitySource, name: key.username }, identityOf(actor.principal)));
    // Someone else's key answers like a missing one: no existence oracle.
    if (!visible)
      throw accessError(AccessErrorCode.AppKeyNotFound, `No active ${describe(kind)} with id ${id}.`);
    return key;
  }
}

function quotaExceeded(message: string): DomainError {
  return accessError(AccessErrorCode.AppKeyQuotaExceeded, message);
}

function describe(kind: MachineKeyKind): string {
  return kind === 'client' ? 'client' : 'AppKey';
}
