// Protecting and unprotecting catalog items, one or many at once (docs/decisions/044). A change to
// many items is all or nothing, and each item that changed gets its own ledger row in the same
// transaction, so the ledger says exactly who protected what, when and why.
import { Inject, Injectable } from '@nestjs/common';
import { CLOCK, type Clock } from '@platform/service-kit';
import type { EntityManager } from 'typeorm';
import { actorName, type Caller } from '../access/caller';
import { AuditAction } from '../audit/audit-actions';
import { AuditLedger } from '../audit/audit-ledger';
import { checkedText } from './checked-text';
import { ProtectionErrors } from './protection-errors';
import { type CatalogSubject, type Protection, ProtectionRepository } from './protection.repository';
import { type BulkProtectionView, protectionStateView, type ProtectionStateView } from './protection-views';

export interface ProtectionChange {
  readonly isProtected: boolean;
  /** Required to protect; to unprotect, an optional word for the ledger. */
  readonly reason?: string;
}

/** The ledger's media fields for an item id: the id itself says movie or series. */
export function mediaOf(itemId: string): { itemId: string; mediaType: 'movie' | 'series' } {
  return { itemId, mediaType: itemId.startsWith('series-') ? 'series' : 'movie' };
}

/**
 * 409 when a prune of any of `ids` is deleting files (its intent row in progress). Call it inside
 * ProtectionRepository.transaction: its table locks make a committed intent visible here, and keep
 * a new one out until the change commits (docs/decisions/044).
 */
export async function refuseWhilePruning(
  ledger: AuditLedger,
  ids: readonly string[],
  manager: EntityManager,
): Promise<void> {
  const running = await ledger.running(AuditAction.Prune, ids, manager);
  if (running.size > 0) throw ProtectionErrors.pruneRunning(running);
}

@Injectable()
export class ProtectionService {
  constructor(
    private readonly protections: ProtectionRepository,
    private readonly ledger: AuditLedger,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** Sets one item's protection; 404 for an id that is neither in the catalog nor protected. */
  async protect(caller: Caller, itemId: string, change: ProtectionChange): Promise<ProtectionStateView> {
    const result = await this.apply(caller, [itemId], change, {
      bulk: false,
      unknownError: () => ProtectionErrors.itemNotFound(itemId),
    });
    const { isProtected, reason, protectedBy, protectedAt } =
      result.items[0] ?? protectionStateView(undefined);
    return { isProtected, reason, protectedBy, protectedAt };
  }

  /** Sets the protection of every item in `ids` (distinct), all or nothing. */
  async protectMany(
    caller: Caller,
    ids: readonly string[],
    change: ProtectionChange,
  ): Promise<BulkProtectionView> {
    const repeated = [...new Set(ids.filter((id, index) => ids.indexOf(id) !== index))];
    if (repeated.length > 0) throw ProtectionErrors.duplicateIds(repeated);
    return this.apply(caller, ids, change, {
      bulk: true,
      unknownError: (unknown) => ProtectionErrors.itemsNotFound(unknown),
    });
  }

  private async apply(
    caller: Caller,
    ids: readonly string[],
    change: ProtectionChange,
    how: { readonly bulk: boolean; readonly unknownError: (unknown: string[]) => Error },
  ): Promise<BulkProtectionView> {
    const reason = checkedText('reason', change.reason);
    if (change.isProtected && reason === undefined) throw ProtectionErrors.reasonRequired();
    return this.protections.transaction(async (manager) => {
      const subjects = await this.protections.catalogItems(ids, manager);
      const before = await this.protections.protections(ids, manager);
      // An item gone from the catalog may still be unprotected: its protection outlives syncs.
      const unknown = ids.filter((id) => !subjects.has(id) && (change.isProtected || !before.has(id)));
      if (unknown.length > 0) throw how.unknownError(unknown);
      if (change.isProtected) await refuseWhilePruning(this.ledger, ids, manager);
      const after =
        reason !== undefined && change.isProtected
          ? await this.writeProtection(ids, reason, caller, manager)
          : await this.unprotect(ids, before, manager);
      const changed = change.isProtected ? ids : ids.filter((id) => before.has(id));
      for (const id of changed) {
        const entry = {
          id,
          subject: subjects.get(id),
          before: before.get(id),
          change: { isProtected: change.isProtected, reason },
          bulk: how.bulk,
        };
        await this.record(caller, entry, manager);
      }
      return {
        items: ids.map((id) => ({ id, ...protectionStateView(after.get(id)) })),
        changed: changed.length,
      };
    });
  }

  private writeProtection(
    ids: readonly string[],
    reason: string,
    caller: Caller,
    manager: EntityManager,
  ): Promise<Map<string, Protection>> {
    return this.protections.protect(
      ids,
      { reason, protectedBy: actorName(caller), at: this.clock.now() },
      manager,
    );
  }

  private async unprotect(
    ids: readonly string[],
    before: ReadonlyMap<string, Protection>,
    manager: EntityManager,
  ): Promise<Map<string, Protection>> {
    const protectedIds = ids.filter((id) => before.has(id));
    if (protectedIds.length > 0) await this.protections.unprotect(protectedIds, manager);
    return new Map();
  }

  private async record(
    caller: Caller,
    entry: {
      readonly id: string;
      readonly subject: CatalogSubject | undefined;
      readonly before: Protection | undefined;
      readonly change: ProtectionChange;
      readonly bulk: boolean;
    },
    manager: EntityManager,
  ): Promise<void> {
    await this.ledger.record(
      caller,
      {
        action: entry.change.isProtected ? AuditAction.Protect : AuditAction.Unprotect,
        title: entry.subject?.title ?? entry.id,
        media: mediaOf(entry.id),
        details: {
          reason: entry.change.reason ?? null,
          previous:
            entry.before === undefined
              ? null
              : {
                  reason: entry.before.reason,
                  protectedBy: entry.before.protectedBy,
                  protectedAt: entry.before.protectedAt.toISOString(),
                },
          ...(entry.bulk ? { bulk: true } : {}),
        },
      },
      manager,
    );
  }
}
