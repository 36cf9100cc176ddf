// The MCP endpoint (/mcp): the catalog, categories, protection, sync and pruning as tools for
// agents, behind curation API keys (docs/curation/mcp.md).
import { type DynamicModule, Module } from '@nestjs/common';
import { CatalogModule } from '../catalog/catalog.module';
import { CategoriesModule } from '../categories/categories.module';
import { MediaServerModule } from '../mediaserver/media-server.module';
import { ProtectionsModule } from '../protections/protections.module';
import { CurationMcpServerFactory } from './curation-mcp-server.factory';
import { LibraryStatsRepository } from './library-stats.repository';
import { LibraryTools } from './library-tools';
import { McpController } from './mcp.controller';
import { ProtectionTools } from './protection-tools';
import { PruneTool } from './prune-tool';
import { SyncTools } from './sync-tools';

@Module({})
export class McpModule {
  /** The app's own SyncModule and PruningModule: registering them again would make second services. */
  static register({ sync, pruning }: { sync: DynamicModule; pruning: DynamicModule }): DynamicModule {
    return {
      module: McpModule,
      imports: [CatalogModule, CategoriesModule, MediaServerModule, ProtectionsModule, sync, pruning],
      controllers: [McpController],
      providers: [
        CurationMcpServerFactory,
        LibraryStatsRepository,
        LibraryTools,
        ProtectionTools,
        PruneTool,
        SyncTools,
      ],
    };
  }
}
