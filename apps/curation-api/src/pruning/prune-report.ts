// What a prune says about itself: the answer's message and results, and the ledger's details
// (the item snapshot and every target's outcome), from the plan and the targets' outcomes. Pure.
import { formatBytes } from '../catalog/byte-size';
import type { PrunePlan, PruneResponse, TargetOutcome } from './prune-plan';
import { titleOf } from './prune-plan';

export type CatalogUpdateOutcome = 'updated' | 'item-left-catalog' | 'failed';

const SEASON_EXCLUSION_NOTE =
  'Import exclusions apply to whole-series prunes only; none was added for a season.';

/** `1.5 GiB (1610612736 bytes)`: readable, and exact for whoever adds them up. */
function describeBytes(bytes: number): string {
  return bytes < 1024 ? `${bytes} bytes` : `${formatBytes(bytes)} (${bytes} bytes)`;
}

function targetsOf(plan: PrunePlan) {
  return plan.targets.map((target) => ({
    connectionId: target.connection.id,
    connectionName: target.connection.name,
    app: target.connection.type,
    is4k: target.connection.is4k,
  }));
}

/**
 * The ledger's snapshot of the item (the catalog row may change or go after the prune), and the
 * earlier prunes of the item this one found interrupted. The first `startingAtOnce` targets (the
 * concurrency's first wave, called as soon as the intent is written) are `running` from the start,
 * which saves a write each; the others `pending` (certainly not called) until they start.
 */
export function ledgerIntent(
  plan: PrunePlan,
  interruptedPrunes: readonly string[],
  startingAtOnce: number,
): Record<string, unknown> {
  return {
    item: plan.item,
    seasonNumber: plan.seasonNumber,
    addToImportExclusion: plan.addToImportExclusion,
    targets: targetsOf(plan).map((target, index) => ({
      ...target,
      status: index < startingAtOnce ? 'running' : 'pending',
    })),
    ...(interruptedPrunes.length === 0 ? {} : { interruptedPrunes }),
  };
}

/**
 * Target `index` as the ledger records it while the prune runs: `running` once its first call
 * may go out (from then on it may have deleted: look at that instance), then its outcome.
 */
export function ledgerStep(
  plan: PrunePlan,
  index: number,
  outcome: TargetOutcome | 'running',
): Record<string, unknown> {
  const target = targetsOf(plan)[index];
  if (target === undefined) throw new Error(`the plan has no target ${index}`);
  if (outcome === 'running') return { ...target, status: 'running' };
  return {
    ...target,
    externalId: outcome.externalId,
    status: outcome.status,
    bytesFreed: outcome.bytesFreed,
    exclusion: outcome.exclusion,
    ...(outcome.error === undefined ? {} : { error: outcome.error }),
    ...(plan.seasonNumber === null
      ? {}
      : { seasonUnmonitored: outcome.seasonUnmonitored, filesDeleted: outcome.deletedPaths.length }),
  };
}

export function ledgerOutcome(
  plan: PrunePlan,
  outcomes: readonly TargetOutcome[],
  catalog: CatalogUpdateOutcome,
  followUps: Readonly<Record<string, string>>,
  interruptedPrunes: readonly string[] = [],
): Record<string, unknown> {
  return {
    item: plan.item,
    seasonNumber: plan.seasonNumber,
    addToImportExclusion: plan.addToImportExclusion,
    targets: plan.targets.map((_, index) => {
      const outcome = outcomes[index];
      if (outcome === undefined) throw new Error('an outcome per target');
      return ledgerStep(plan, index, outcome);
    }),
    ...(interruptedPrunes.length === 0 ? {} : { interruptedPrunes }),
    catalog,
    followUps,
  };
}

export function pruneResponse(
  plan: PrunePlan,
  outcomes: readonly TargetOutcome[],
  auditId: string,
  notes: readonly string[],
): PruneResponse {
  const bytesFreed = outcomes.reduce((sum, outcome) => sum + outcome.bytesFreed, 0);
  const succeeded = outcomes.filter(
    (outcome) => outcome.status === 'deleted' || outcome.status === 'already_gone',
  );
  const success = succeeded.length === outcomes.length;
  const title = titleOf(plan.item, plan.seasonNumber);
  const failures = outcomes.flatMap((outcome, index) =>
    outcome.status === 'failed'
      ? [`${plan.targets[index]?.connection.name ?? outcome.connectionId}: ${outcome.error ?? 'failed'}`]
      : [],
  );
  const sentences = [
    success
      ? `Pruned ${title} from ${count(outcomes.length, 'instance')}; ${describeBytes(bytesFreed)} freed.`
      : `Pruned ${title} from ${succeeded.length} of ${count(outcomes.length, 'instance')}; ${describeBytes(bytesFreed)} freed. Failed on ${failures.join('; ')}.`,
  ];
  if (plan.seasonNumber !== null && plan.addToImportExclusion) sentences.push(SEASON_EXCLUSION_NOTE);
  sentences.push(...notes);
  return {
    success,
    bytesFreed,
    message: sentences.join(' '),
    results: outcomes.map((outcome) => ({
      connectionId: outcome.connectionId,
      status: outcome.status,
      bytesFreed: outcome.bytesFreed,
      ...(outcome.error === undefined ? {} : { error: outcome.error }),
    })),
    auditId,
    dryRun: false,
  };
}

/**
 * A dry run: what would be deleted where, by the catalog's sizes; nothing called, nothing written.
 * `success` is false: it is true only when every target ended deleted or already_gone (issue 18),
 * and a dry run deletes nothing, so a caller testing `success` never takes it for a done prune.
 */
export function dryRunResponse(plan: PrunePlan): PruneResponse {
  const estimate = plan.targets.reduce((sum, target) => sum + target.catalogBytes, 0);
  const names = plan.targets.map((target) => target.connection.name).join(', ');
  const what =
    plan.seasonNumber === null
      ? `delete ${plan.item.title} with its files${plan.addToImportExclusion ? ' and add an import exclusion' : ''}`
      : `unmonitor and delete the files of ${titleOf(plan.item, plan.seasonNumber)}`;
  const sentences = [
    `Dry run: would ${what} on ${names}, about ${describeBytes(estimate)} by the last sync. Nothing was changed.`,
  ];
  if (plan.seasonNumber !== null && plan.addToImportExclusion) sentences.push(SEASON_EXCLUSION_NOTE);
  return {
    success: false,
    bytesFreed: 0,
    message: sentences.join(' '),
    results: plan.targets.map((target) => ({
      connectionId: target.connection.id,
      status: 'skipped',
      bytesFreed: 0,
    })),
    auditId: null,
    dryRun: true,
  };
}

function count(value: number, noun: string): string {
  return `${value} ${noun}${value === 1 ? '' : 's'}`;
}
