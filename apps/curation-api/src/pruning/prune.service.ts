// POST /api/v1/prune as a use case (docs/decisions/043): plan and refuse from the database alone,
// record the intent in the ledger in the transaction that checks protection, prune the targets
// with bounded concurrency (one target's failure never hides another's success), update the
// catalog at once, and complete the ledger row with exactly what happened.
import { Inject, Injectable, Logger } from '@nestjs/common';
import { mapWithConcurrency } from '@platform/curation-media-clients';
import { CLOCK, type Clock } from '@platform/service-kit';
import type { Caller } from '../access/caller';
import { AuditAction } from '../audit/audit-actions';
import { AuditLedger } from '../audit/audit-ledger';
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
import { dryRunResponse, ledgerIntent, ledgerOutcome, pruneResponse } from './prune-report';
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
  ) {}

  async prune(caller: Caller, request: PruneRequestDto): Promise<PruneResponse> {
    const plan = await this.planner.plan(request);
    if (request.dryRun === true) {
      // Refuses as the real prune would (protected, pending request), then answers without a write.
      await this.prunes.transaction((manager) => this.checkBlockers(plan, manager));
      return dryRunResponse(plan);
    }
    const { auditId, deadline } = await this.recordIntent(caller, plan);
    const outcomes = await mapWithConcurrency(plan.targets, this.tuning.concurrency, (target) =>
      this.pruneTarget(plan, target),
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
        details: ledgerOutcome(plan, outcomes, catalog, { ...followUps }),
      });
      if (!completed) this.logger.error(`audit record ${auditId} was completed already`);
    } catch (error) {
      // The row stays in progress and reads as interrupted after its deadline: the record errs on
      // the side of "look at the instances", never on a false "done".
      this.logger.error(`could not complete audit record ${auditId}: ${String(error)}`);
      return { ...response, message: `${response.message} The audit record could not be completed.` };
    }
    return response;
  }

  /**
   * The intent, in the transaction whose locks keep a protect or request from slipping in between
   * the check and the row (PruneRepository.lockAndReadBlockers). Its deadline is the most the
   * prune can take by its bounds; a crash leaves a row that then reads as interrupted.
   */
  private recordIntent(caller: Caller, plan: PrunePlan): Promise<{ auditId: string; deadline: Date }> {
    return this.prunes.transaction(async (manager) => {
      await this.checkBlockers(plan, manager);
      const deadline = new Date(
        this.clock.now().getTime() + pruneDeadlineMs(this.tuning, plan.targets.length),
      );
      const auditId = await this.ledger.begin(
        caller,
        {
          action: AuditAction.Prune,
          title: titleOf(plan.item, plan.seasonNumber),
          media: { itemId: plan.item.id, mediaType: plan.item.mediaType },
          details: ledgerIntent(plan),
        },
        deadline,
        manager,
      );
      return { auditId, deadline };
    });
  }

  private async checkBlockers(
    plan: PrunePlan,
    manager: Parameters<PruneRepository['lockAndReadBlockers']>[2],
  ): Promise<void> {
    const { item } = plan;
    const blockers = await this.prunes.lockAndReadBlockers(item.id, this.clock.now(), manager);
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
    if (blockers.runningPruneId !== null)
      throw PruneErrors.pruneInProgress(item.title, blockers.runningPruneId);
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
