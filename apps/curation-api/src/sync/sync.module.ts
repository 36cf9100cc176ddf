// The sync: reads Plex and the connections in bulk, matches them into the catalog and switches it
// in one transaction, on demand and on a schedule (docs/decisions/036-038, docs/curation/sync.md).
import { type DynamicModule, Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import type { CurationConfig } from '../config/curation-config';
import { MediaServerBindingRepository } from '../mediaserver/media-server-binding.repository';
import { CatalogWriteRepository } from './catalog-write.repository';
import { CategoryFactsRepository } from './category-facts.repository';
import { SyncJobRepository } from './sync-job.repository';
import { SyncSourceCacheRepository } from './sync-source-cache.repository';
import { SyncController } from './sync.controller';
import { SyncScheduler } from './sync.scheduler';
import { SyncService } from './sync.service';
import { MediaClientSourceFactory, SYNC_SOURCE_FACTORY } from './sync-sources';

@Module({})
export class SyncModule {
  static register(config: CurationConfig): DynamicModule {
    return {
      module: SyncModule,
      imports: [AuditModule],
      controllers: [SyncController],
      providers: [
        SyncJobRepository,
        CatalogWriteRepository,
        CategoryFactsRepository,
        SyncSourceCacheRepository,
        SyncService,
        { provide: SYNC_SOURCE_FACTORY, useValue: new MediaClientSourceFactory(config.CURATION_PLEX_TV_URL) },
        {
          provide: SyncScheduler,
          inject: [SyncService, SyncJobRepository, MediaServerBindingRepository],
          useFactory: (sync: SyncService, jobs: SyncJobRepository, bindings: MediaServerBindingRepository) =>
            new SyncScheduler(config.CURATION_SYNC_INTERVAL_MINUTES, sync, jobs, bindings),
        },
      ],
      exports: [SyncService, CategoryFactsRepository],
    };
  }
}
