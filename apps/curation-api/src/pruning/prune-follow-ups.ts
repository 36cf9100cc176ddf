// What a prune does after its deletes when the settings ask for it (docs/decisions/043), best
// effort: reset Overseerr's media entry of an item no instance holds any more, so people can request
// it again, and ask Plex to scan its sections of the item's kind. Never throws: each outcome is
// recorded in the ledger's details, and a failure here never changes the prune's result. Bounded by
// the prune's ledger deadline: what is not done by then is recorded as unfinished, so a prune ends
// within the bound its row states (prune-clients.ts pruneDeadlineMs; whether it is alive is told by
// its lock, docs/decisions/051, not by that deadline).
import { Inject, Injectable } from '@nestjs/common';
import { CLOCK, type Clock } from '@platform/service-kit';
import { ConnectionRepository } from '../connections/connection.repository';
import { MediaServerBindingRepository } from '../mediaserver/media-server-binding.repository';
import { SettingsRepository } from '../settings/settings.repository';
import type { CatalogUpdateOutcome } from './prune-report';
import type { PruneClientFactory } from './prune-clients';
import { LEDGER_COMPLETION_RESERVE_MS, PRUNE_CLIENT_FACTORY } from './prune-clients';
import type { PrunePlan, TargetOutcome } from './prune-plan';
import { describeFailure } from './prune-target.runner';
import { PruneRepository } from './prune.repository';

export interface FollowUpOutcomes {
  /** `off`, `not-needed`, `no-entry-known`, `reset media <ids>`, or `failed: …`. */
  readonly overseerr: string;
  /** `off`, `not-needed`, `refreshed sections <keys>`, or `failed: …`. */
  readonly plex: string;
}

@Injectable()
export class PruneFollowUps {
  constructor(
    private readonly settings: SettingsRepository,
    private readonly prunes: PruneRepository,
    private readonly connections: ConnectionRepository,
    private readonly bindings: MediaServerBindingRepository,
    @Inject(PRUNE_CLIENT_FACTORY) private readonly clients: PruneClientFactory,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /**
   * The follow-ups, given up on (not waited for) once `deadline` less the ledger's reserve has
   * come: a call then still under way may yet land, which the outcome says.
   */
  async run(
    plan: PrunePlan,
    outcomes: readonly TargetOutcome[],
    catalog: CatalogUpdateOutcome,
    deadline: Date,
  ): Promise<FollowUpOutcomes> {
    const leftMs = deadline.getTime() - LEDGER_COMPLETION_RESERVE_MS - this.clock.nowMs();
    if (leftMs <= 0) {
      const skipped = "skipped: no time left before the prune's deadline";
      return { overseerr: skipped, plex: skipped };
    }
    let timer: NodeJS.Timeout | undefined;
    const cutOff = new Promise<FollowUpOutcomes>((resolve) => {
      const unfinished = "failed: not finished by the prune's deadline (a call under way may still complete)";
      timer = setTimeout(() => resolve({ overseerr: unfinished, plex: unfinished }), leftMs);
    });
    try {
      return await Promise.race([this.runAll(plan, outcomes, catalog), cutOff]);
    } finally {
      clearTimeout(timer);
    }
  }

  private async runAll(
    plan: PrunePlan,
    outcomes: readonly TargetOutcome[],
    catalog: CatalogUpdateOutcome,
  ): Promise<FollowUpOutcomes> {
    let settings;
    try {
      settings = await this.settings.current();
    } catch {
      const failed = 'failed: the settings could not be read';
      return { overseerr: failed, plex: failed };
    }
    const deletedSomething = outcomes.some(
      (outcome) => outcome.status === 'deleted' || outcome.bytesFreed > 0,
    );
    const [overseerr, plex] = await Promise.all([
      settings.pruneResetsOverseerr ? this.resetOverseerr(plan, outcomes, catalog) : Promise.resolve('off'),
      !settings.pruneRefreshesPlex
        ? Promise.resolve('off')
        : deletedSomething
          ? this.refreshPlex(plan)
          : Promise.resolve('not-needed'),
    ]);
    return { overseerr, plex };
  }

  /** Only for a whole item that, by the updated catalog, no instance holds any more. */
  private async resetOverseerr(
    plan: PrunePlan,
    outcomes: readonly TargetOutcome[],
    catalog: CatalogUpdateOutcome,
  ): Promise<string> {
    if (plan.seasonNumber !== null || !outcomes.some((outcome) => outcome.removedWhole)) return 'not-needed';
    if (catalog === 'failed')
      return 'failed: the catalog could not be updated, so whether an instance still holds the item is unknown';
    try {
      if ((await this.prunes.managedCopies(plan.item.id, null)).length > 0) return 'not-needed';
      const connection = (await this.connections.listWithKeys()).find(
        (candidate) => candidate.type === 'overseerr',
      );
      if (connection === undefined) return 'not-needed';
      const overseerr = this.clients.overseerr(connection.baseUrl, connection.apiKey);
      const mediaIds = new Set<number>();
      for (const requestId of await this.prunes.requestIds(plan.item.id)) {
        const request = await overseerr.getRequest(requestId);
        if (request?.media !== null && request?.media !== undefined) mediaIds.add(request.media.id);
      }
      if (mediaIds.size === 0) return 'no-entry-known';
      for (const mediaId of mediaIds) await overseerr.deleteMedia(mediaId);
      return `reset media ${[...mediaIds].join(', ')}`;
    } catch (error) {
      return `failed: ${describeFailure(error)}`;
    }
  }

  private async refreshPlex(plan: PrunePlan): Promise<string> {
    try {
      const binding = await this.bindings.current();
      if (binding === null) return 'not-needed';
      const plex = this.clients.plexServer(binding.baseUrl, binding.token);
      const kind = plan.item.mediaType === 'movie' ? 'movie' : 'show';
      const keys = (await plex.getSections())
        .filter((section) => section.type === kind)
        .map((section) => section.key);
      for (const key of keys) await plex.refreshSection(key);
      return `refreshed sections ${keys.join(', ')}`;
    } catch (error) {
      return `failed: ${describeFailure(error)}`;
    }
  }
}
