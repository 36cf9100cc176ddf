// How the Media Curation API is assembled: its descriptor, configuration and root module.
import { type DynamicModule, Module } from '@nestjs/common';
import { type ServiceDefinition, type ServiceDescriptor, ServiceKitModule } from '@platform/service-kit';
import { AccessModule } from './access/access.module';
import { AuditModule } from './audit/audit.module';
import { CatalogModule } from './catalog/catalog.module';
import { CategoriesModule } from './categories/categories.module';
import { CurationConfig } from './config/curation-config';
import { ConnectionsModule } from './connections/connections.module';
import { MIGRATIONS } from './database/migrations';
import { MediaSourcesModule } from './database/media-sources.module';
import { McpModule } from './mcp/mcp.module';
import { MediaServerModule } from './mediaserver/media-server.module';
import { ProtectionsModule } from './protections/protections.module';
import { PruningModule } from './pruning/pruning.module';
import { SecretsModule } from './secrets/secrets.module';
import { SettingsModule } from './settings/settings.module';
import { SyncModule } from './sync/sync.module';

export const DESCRIPTOR: ServiceDescriptor = {
  name: 'curation-api',
  title: 'Media Curation API',
  description:
    'Groups Plex media managed by Sonarr and Radarr into smart categories, prunes and protects items, and keeps an audit ledger.',
  version: '0.1.0',
  database: {
    schema: 'curation',
    migrations: MIGRATIONS,
    entities: [],
    // Without parallel workers (decision 060): the catalog's statements are passes of at most one
    // index over the catalog, ~10 ms serial, and launching workers cost 45 ms more on 2 cores.
    sessionSettings: { max_parallel_workers_per_gather: '0' },
  },
  // The triage app (libs/web/curation-app) at the root; everything the API routes stays the API's.
  webApp: { mountPath: '/', reservedPrefixes: ['api', 'mcp', 'docs', 'health', 'ready', 'metrics'] },
};

@Module({})
export class CurationModule {
  static register(config: CurationConfig): DynamicModule {
    // One instance each, shared with the MCP endpoint (registering them again would make a second
    // SyncService and PruneService).
    const sync = SyncModule.register(config);
    const pruning = PruningModule.register(config);
    return {
      module: CurationModule,
      imports: [
        ServiceKitModule.forRoot(DESCRIPTOR, config),
        SecretsModule.register(config),
        MediaSourcesModule,
        AccessModule.register(config),
        MediaServerModule,
        ConnectionsModule,
        SettingsModule,
        CategoriesModule,
        CatalogModule,
        ProtectionsModule,
        AuditModule,
        sync,
        pruning,
        McpModule.register({ sync, pruning }),
      ],
    };
  }
}

export const CURATION_SERVICE: ServiceDefinition<CurationConfig> = {
  descriptor: DESCRIPTOR,
  configClass: CurationConfig,
  configDefaults: { PORT: '8081', DATABASE_DATA_DIR: './.data/curation-api' },
  rootModule: (config) => CurationModule.register(config),
};
