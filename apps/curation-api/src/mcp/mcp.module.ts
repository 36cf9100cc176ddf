// The MCP endpoint (/mcp): the catalog, categories, protection and sync as tools for agents,
// behind curation API keys (docs/curation/mcp.md).
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
import { SyncTools } from './sync-tools';

@Module({})
export class McpModule {
  /** `sync` is the app's one SyncModule instance: registering it again would start a second SyncService. */
  static register(sync: DynamicModule): DynamicModule {
    return {
      module: McpModule,
      imports: [CatalogModule, CategoriesModule, MediaServerModule, ProtectionsModule, sync],
      controllers: [McpController],
      providers: [CurationMcpServerFactory, LibraryStatsRepository, LibraryTools, ProtectionTools, SyncTools],
    };
  }
}
