// The audit ledger as features write it (docs/decisions/042): `record` for a mutation that is
// done, `begin`, `recordStep` and `complete` for one whose effects outside the database (deletes
// through Sonarr and Radarr) may be cut short, so the intent is on record before the first effect,
// each finished step as it finishes, and whether its writer is alive in PostgreSQL's lock table
// (docs/decisions/051). Pass the mutation's own transaction as `manager` so the row lands exactly
// when the change does.
import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { CLOCK, type Clock } from '@platform/service-kit';
import type { EntityManager } from 'typeorm';
import { actorName, type Caller } from '../access/caller';
import type { AuditAction } from './audit-actions';
import {
  type InterruptionFinder,
  type LedgerFilter,
  type LedgerRow,
  AuditLedgerRepository,
} from './audit-ledger.repository';
import { intentLockKey } from './intent-liveness';
import type { IntentOwnerSession } from './intent-owner-sessions';

/**
 * The service acting on its own, not for a caller: the scheduler starting a sync. Its rows name
 * it as the actor; it never passes the access layer, so it is not a Caller.
 */
export type SystemActor = 'scheduler';

export interface LedgerEntry {
  readonly action: AuditAction;
  /** The subject in words: an item's title, `<series> — Season <n>`, a connection's name, … */
  readonly title: string;
  readonly media?: { readonly itemId: string; readonly mediaType: 'movie' | 'series' };
  readonly bytesFreed?: number;
  /** What happened, as a JSON object; never a secret (API keys, tokens). */
  readonly details: Readonly<Record<string, unknown>>;
}

@Injectable()
export class AuditLedger implements OnApplicationBootstrap {
  constructor(
    private readonly ledger: AuditLedgerRepository,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /**
   * Settles the intents whose writers are gone (a crash, a stop), by the same liveness test as
   * everything else: a live peer's intent is never touched, however old.
   */
  async onApplicationBootstrap(): Promise<void> {
    await this.ledger.markInterrupted(this.clock.now(), { by: 'startup' });
  }

  /** Records a finished mutation; answers the row's id. */
  record(caller: Caller | SystemActor, entry: LedgerEntry, manager?: EntityManager): Promise<string> {
    return this.ledger.append(
      { ...this.rowOf(caller, entry), outcome: 'completed', bytesFreed: entry.bytesFreed ?? 0 },
      manager,
    );
  }

  /**
   * Records the intent of a mutation before its first effect, in `owner`'s transaction `manager`,
   * and takes the intent's liveness lock on `owner` before that transaction commits. The row is in
   * progress while `owner` holds the lock (keep the session open until `complete` has answered);
   * once the session ends without completing it, it reads as interrupted. `deadlineAt` is the
   * most the mutation can take, kept on the row for reading, not for judging it.
   */
  async begin(
    caller: Caller,
    entry: LedgerEntry,
    deadlineAt: Date,
    owner: IntentOwnerSession,
    manager: EntityManager,
  ): Promise<string> {
    const id = await this.ledger.appendLockedIntent(
      { ...this.rowOf(caller, entry), outcome: 'in_progress', bytesFreed: 0, deadlineAt },
      manager,
    );
    await owner.hold(manager, intentLockKey(id));
    return id;
  }

  /**
   * Records step `index` of an intent (`details.targets[index]`) as its writer reaches it, with
   * the bytes it freed: a crash afterwards leaves it on record. False when the row is no longer in
   * progress.
   */
  recordStep(
    id: string,
    index: number,
    step: Readonly<Record<string, unknown>>,
    bytesFreed = 0,
  ): Promise<boolean> {
    return this.ledger.recordStep(id, index, step, bytesFreed);
  }

  /**
   * Settles as interrupted the intents of `action` on `itemIds` whose writers are gone; answers
   * their ids. Call it in the transaction that will record the next intent of those items.
   */
  settleAbandoned(
    action: AuditAction,
    itemIds: readonly string[],
    by: InterruptionFinder,
    manager?: EntityManager,
  ): Promise<string[]> {
    return this.ledger.markInterrupted(this.clock.now(), { by, action, itemIds }, manager);
  }

  /** Completes an intent with what happened; false when it was completed already (never twice). */
  complete(
    id: string,
    outcome: { readonly bytesFreed: number; readonly details: Readonly<Record<string, unknown>> },
    manager?: EntityManager,
  ): Promise<boolean> {
    return this.ledger.complete(id, { ...outcome, at: this.clock.now() }, manager);
  }

  /**
   * Per item among `itemIds`, the ledger row of an `action` still running (an intent whose writer
   * is alive): how a change learns that a prune of its item is under way.
   */
  running(
    action: AuditAction,
    itemIds: readonly string[],
    manager?: EntityManager,
  ): Promise<Map<string, string>> {
    return this.ledger.inProgress(action, itemIds, this.clock.now(), manager);
  }

  /** A page of the ledger, newest first, with the filter's row count and the whole ledger's bytes freed. */
  async list(
    filter: LedgerFilter,
    page: { readonly limit: number; readonly offset: number },
  ): Promise<{ rows: LedgerRow[]; total: number; totalBytesFreed: number }> {
    const [found, totalBytesFreed] = await Promise.all([
      this.ledger.page(filter, page, this.clock.now()),
      this.ledger.totalBytesFreed(),
    ]);
    return { ...found, totalBytesFreed };
  }

  private rowOf(caller: Caller | SystemActor, entry: LedgerEntry) {
    return {
      action: entry.action,
      title: entry.title,
      media: entry.media,
      actor: typeof caller === 'string' ? caller : actorName(caller),
      executedAt: this.clock.now(),
      details: entry.details,
    };
  }
}
