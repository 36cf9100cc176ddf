// Pruning: deletes items and seasons through Sonarr and Radarr, records each prune in the audit
// ledger and updates the catalog at once (docs/decisions/043, docs/curation/pruning.md).
import { type DynamicModule, Module } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { AuditModule } from '../audit/audit.module';
import { IntentOwnerSessions } from '../audit/intent-owner-sessions';
import type { CurationConfig } from '../config/curation-config';
import { SettingsModule } from '../settings/settings.module';
import { CategoryFactsRepository } from '../sync/category-facts.repository';
import { MediaClientPruneFactory, PRUNE_CLIENT_FACTORY, PRUNE_TUNING, pruneTuning } from './prune-clients';
import { PruneController } from './prune.controller';
import { PruneFollowUps } from './prune-follow-ups';
import { PrunePlanner } from './prune-planner';
import { PruneRepository } from './prune.repository';
import { PruneService } from './prune.service';

@Module({})
export class PruningModule {
  static register(config: CurationConfig): DynamicModule {
    const tuning = pruneTuning(config.CURATION_PRUNE_CALL_TIMEOUT_MS, config.CURATION_PRUNE_CONCURRENCY);
    // Each running prune holds a connection of the prunes' own pool (docs/decisions/051): as many
    // prunes at once as the service's pool has connections.
    const runningPrunes = config.DATABASE_POOL_SIZE;
    return {
      module: PruningModule,
      imports: [AuditModule, SettingsModule],
      controllers: [PruneController],
      providers: [
        PruneRepository,
        PrunePlanner,
        PruneFollowUps,
        PruneService,
        CategoryFactsRepository,
        { provide: PRUNE_TUNING, useValue: tuning },
        {
          provide: IntentOwnerSessions,
          inject: [getDataSourceToken()],
          useFactory: (database: DataSource) => new IntentOwnerSessions(database, runningPrunes),
        },
        { provide: PRUNE_CLIENT_FACTORY, useValue: new MediaClientPruneFactory(tuning) },
      ],
      exports: [PruneService],
    };
  }
}
