// Turns a valid prune request into a plan, or refuses it, from the database alone: nothing is
// called on any instance before every check here has passed (issue 18's refusals). Protection and
// pending requests are checked again where the intent is recorded (PruneService), under the lock.
import { Injectable } from '@nestjs/common';
import { ConnectionRepository } from '../connections/connection.repository';
import type { PruneRequestDto } from './dto/prune-request.dto';
import { PruneErrors } from './prune-errors';
import type { PrunePlan, PruneTarget } from './prune-plan';
import { PruneRepository } from './prune.repository';

@Injectable()
export class PrunePlanner {
  constructor(
    private readonly prunes: PruneRepository,
    private readonly connections: ConnectionRepository,
  ) {}

  async plan(request: PruneRequestDto): Promise<PrunePlan> {
    const item = await this.prunes.findItem(request.mediaItemId);
    if (item === null) throw PruneErrors.itemNotFound(request.mediaItemId);
    const { seasonNumber } = request;
    if (seasonNumber !== null) {
      if (item.mediaType === 'movie') throw PruneErrors.seasonOfMovie(item.title);
      const seasons = await this.prunes.seasonNumbers(item.id);
      if (!seasons.includes(seasonNumber))
        throw PruneErrors.seasonNotFound(item.title, seasonNumber, seasons);
    }
    const copies = new Map(
      (await this.prunes.managedCopies(item.id, seasonNumber)).map((copy) => [copy.connectionId, copy]),
    );
    const targets: PruneTarget[] = [];
    for (const id of request.targetConnectionIds) {
      const connection = await this.connections.find(id);
      if (connection === null) throw PruneErrors.connectionNotFound(id);
      // Defence in depth behind the DTO's check: whatever spelling of an id reached here, one
      // connection is one target, or its bytes would be counted twice.
      if (targets.some((target) => target.connection.id === connection.id))
        throw PruneErrors.connectionNamedTwice(connection.name, connection.id);
      const copy = copies.get(connection.id);
      // A copy is held by a Sonarr (series) or Radarr (movie) connection, so this also refuses
      // a connection of the wrong kind, an Overseerr or Tautulli one included.
      if (copy === undefined)
        throw PruneErrors.connectionLacksItem(connection.name, connection.id, item.title);
      targets.push({
        connection,
        externalId: copy.externalId,
        catalogBytes: seasonNumber === null ? copy.sizeBytes : copy.seasonBytes,
      });
    }
    return { item, seasonNumber, addToImportExclusion: request.addToImportExclusion, targets };
  }
}
