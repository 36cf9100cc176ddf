// POST /api/v1/prune as a use case (docs/decisions/043, 051): plan and refuse from the database
// alone, record the intent in the ledger in the transaction that checks protection, on a connection
// held for the whole prune whose session lock says the prune is alive, prune the targets with
// bounded concurrency (one target's failure never hides another's success, each recorded as it
// ends), update the catalog at once, complete the ledger row with exactly what happened, and only
// then let go of the connection and its lock.
import { Inject, Injectable, Logger } from '@nestjs/common';
import { mapWithConcurrency } from '@platform/curation-media-clients';
import { CLOCK, type Clock } from '@platform/service-kit';
import type { EntityManager } from 'typeorm';
import type { Caller } from '../access/caller';
import { AuditAction } from '../audit/audit-actions';
import { AuditLedger } from '../audit/audit-ledger';
import { type IntentOwnerSession, IntentOwnerSessions } from '../audit/intent-owner-sessions';
import { CategoryFactsRepository } from '../sync/category-facts.repository';
import { catalogAfterPrune } from './catalog-after-prune';
import type { PruneRequestDto } from './dto/prune-request.dto';
import type { PruneClientFactory, PruneTuning } from './prune-clients';
import { PRUNE_CLIENT_FACTORY, PRUNE_TUNING, pruneDeadlineMs } from './prune-clients';
import { PruneErrors } from './prune-errors';
import type { PrunePlan, PruneResponse, PruneTarget, TargetOutcome } from './prune-plan';
import { titleOf } from './prune-plan';
import { PruneFollowUps } from './prune-follow-ups';
import { PrunePlanner } from './prune-planner';
import type { CatalogUpdateOutcome } from './prune-report';
import { dryRunResponse, ledgerIntent, ledgerOutcome, ledgerStep, pruneResponse } from './prune-report';
import { describeFailure, pruneMovie, pruneSeason, pruneSeries } from './prune-target.runner';
import { PruneRepository } from './prune.repository';

@Injectable()
export class PruneService {
  private readonly logger = new Logger('Prune');

  constructor(
    private readonly planner: PrunePlanner,
    private readonly prunes: PruneRepository,
    private readonly ledger: AuditLedger,
    private readonly followUps: PruneFollowUps,
    @Inject(PRUNE_CLIENT_FACTORY) private readonly clients: PruneClientFactory,
    @Inject(PRUNE_TUNING) private readonly tuning: PruneTuning,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly facts: CategoryFactsRepository,
    private readonly owners: IntentOwnerSessions,
  ) {}

  async prune(caller: Caller, request: PruneRequestDto): Promise<PruneResponse> {
    const plan = await this.planner.plan(request);
    if (request.dryRun === true) {
      // Refuses as the real prune would (protected, pending request, a live prune), then answers
      // without a write: an abandoned intent is left for the real prune to settle.
      await this.prunes.transaction((manager) => this.checkBlockers(plan, manager, false));
      return dryRunResponse(plan);
    }
    // Held until the row is completed: its session's lock is how everyone else knows this prune
    // is alive. Closed on every path, refusals and failures included.
    const owner = await this.owners.open();
    try {
      return await this.pruneAsOwner(caller, plan, owner);
    } finally {
      await owner.close();
    }
  }

  private async pruneAsOwner(
    caller: Caller,
    plan: PrunePlan,
    owner: IntentOwnerSession,
  ): Promise<PruneResponse> {
    const { auditId, deadline, interruptedPrunes } = await this.recordIntent(caller, plan, owner);
    const outcomes = await mapWithConcurrency(
      plan.targets,
      this.tuning.concurrency,
      async (target, index) => {
        // The first wave is recorded as running with the intent (mapWithConcurrency starts items in
        // order, `concurrency` at once); a later target before its first call.
        if (index >= this.tuning.concurrency) await this.recordStep(auditId, plan, index, 'running');
        const outcome = await this.pruneTarget(plan, target);
        await this.recordStep(auditId, plan, index, outcome);
        return outcome;
      },
    );
    const catalog = await this.updateCatalog(plan, outcomes);
    const followUps = await this.followUps.run(plan, outcomes, catalog, deadline);
    const notes: string[] = [];
    if (catalog === 'failed')
      notes.push('The catalog could not be updated; the next sync will show the change.');
    const response = pruneResponse(plan, outcomes, auditId, notes);
    try {
      const completed = await this.ledger.complete(auditId, {
        bytesFreed: response.bytesFreed,
        details: ledgerOutcome(plan, outcomes, catalog, { ...followUps }, interruptedPrunes),
      });
      if (!completed) this.logger.error(`audit record ${auditId} was completed already`);
    } catch (error) {
      // The row stays in progress until the session closes, then reads as interrupted with the
      // steps recorded: the record errs on the side of "look at the instances", never on a false "done".
      this.logger.error(`could not complete audit record ${auditId}: ${String(error)}`);
      return { ...response, message: `${response.message} The audit record could not be completed.` };
    }
    return response;
  }

  /**
   * The intent, in the transaction whose locks keep a protect or request from slipping in between
   * the check and the row (PruneRepository.lockAndReadBlockers), on `owner`'s connection, which
   * takes the intent's liveness lock before the row commits. An earlier intent of the item whose
   * writer is gone is settled as interrupted here, with what it recorded, and the prune goes ahead
   * (docs/decisions/051); one whose writer is alive refuses it. The deadline only bounds the
   * follow-ups now: a live prune's row never reads interrupted.
   */
  private recordIntent(
    caller: Caller,
    plan: PrunePlan,
    owner: IntentOwnerSession,
  ): Promise<{ auditId: string; deadline: Date; interruptedPrunes: string[] }> {
    return owner.transaction(async (manager) => {
      const interruptedPrunes = await this.checkBlockers(plan, manager, true);
      const deadline = new Date(
        this.clock.now().getTime() + pruneDeadlineMs(this.tuning, plan.targets.length),
      );
      const auditId = await this.ledger.begin(
        caller,
        {
          action: AuditAction.Prune,
          title: titleOf(plan.item, plan.seasonNumber),
          media: { itemId: plan.item.id, mediaType: plan.item.mediaType },
          details: ledgerIntent(plan, interruptedPrunes, this.tuning.concurrency),
        },
        deadline,
        owner,
        manager,
      );
      return { auditId, deadline, interruptedPrunes };
    });
  }

  /** A step of the intent on record; never throws (the completion records everything anyway). */
  private async recordStep(
    auditId: string,
    plan: PrunePlan,
    index: number,
    outcome: TargetOutcome | 'running',
  ): Promise<void> {
    try {
      const bytes = outcome === 'running' ? 0 : outcome.bytesFreed;
      await this.ledger.recordStep(auditId, index, ledgerStep(plan, index, outcome), bytes);
    } catch (error) {
      this.logger.error(`could not record target ${index} of audit record ${auditId}: ${String(error)}`);
    }
  }

  /**
   * Refuses a protected item, one with a pending protection request, or one a live prune is
   * working on; with `settle`, first settles the item's abandoned prunes as interrupted and
   * answers their ids.
   */
  private async checkBlockers(plan: PrunePlan, manager: EntityManager, settle: boolean): Promise<string[]> {
    const { item } = plan;
    const blockers = await this.prunes.lockAndReadBlockers(item.id, manager);
    if (blockers.protection !== null)
      throw PruneErrors.itemProtected(
        item.title,
        blockers.protection.reason,
        blockers.protection.protectedBy,
      );
    if (blockers.pendingRequests.count > 0)
      throw PruneErrors.protectionRequestPending(
        item.title,
        blockers.pendingRequests.count,
        blockers.pendingRequests.firstReason,
      );
    const interrupted = settle
      ? await this.ledger.settleAbandoned(AuditAction.Prune, [item.id], 'prune', manager)
      : [];
    const running = (await this.ledger.running(AuditAction.Prune, [item.id], manager)).get(item.id);
    if (running !== undefined) throw PruneErrors.pruneInProgress(item.title, running);
    return interrupted;
  }

  /** Never throws: a failure is the target's outcome. */
  private async pruneTarget(plan: PrunePlan, target: PruneTarget): Promise<TargetOutcome> {
    const { connection } = target;
    const work = {
      connectionId: connection.id,
      item: plan.item,
      seasonNumber: plan.seasonNumber,
      addToImportExclusion: plan.addToImportExclusion,
    };
    const options = { confirmWaitsMs: this.tuning.confirmWaitsMs };
    try {
      if (plan.item.mediaType === 'movie')
        return await pruneMovie(work, this.clients.radarr(connection.baseUrl, connection.apiKey), options);
      const sonarr = this.clients.sonarr(connection.baseUrl, connection.apiKey);
      if (plan.seasonNumber === null) return await pruneSeries(work, sonarr, options);
      return await pruneSeason({ ...work, seasonNumber: plan.seasonNumber }, sonarr, options);
    } catch (error) {
      this.logger.error(`prune of ${plan.item.id} on ${connection.id} failed unexpectedly: ${String(error)}`);
      return {
        connectionId: connection.id,
        status: 'failed',
        bytesFreed: 0,
        error: describeFailure(error),
        exclusion: 'failed',
        externalId: null,
        removedWhole: false,
        deletedPaths: [],
        seasonUnmonitored: false,
      };
    }
  }

  /** The catalog as the prune left the item, in one transaction; never throws. */
  private async updateCatalog(
    plan: PrunePlan,
    outcomes: readonly TargetOutcome[],
  ): Promise<CatalogUpdateOutcome> {
    try {
      return await this.prunes.transaction(async (manager) => {
        const before = await this.prunes.lockItemState(plan.item.id, manager);
        if (before === null) return 'item-left-catalog';
        const after = catalogAfterPrune(plan.item.id, before, outcomes, plan.seasonNumber);
        await this.prunes.writeItemState(plan.item.id, before, after, manager);
        // The one place a prune changes catalog rows: the item's category facts (decision 046),
        // derived from them, are refreshed here, for this item, in this transaction.
        await this.facts.refresh(manager, [plan.item.id]);
        return 'updated';
      });
    } catch (error) {
      this.logger.error(`could not update the catalog after pruning ${plan.item.id}: ${String(error)}`);
      return 'failed';
    }
  }
}
