// The curation API's MCP server: one fresh McpServer per request (the SDK's per-request factory)
// for the caller the request authenticated as, with the tools of each feature. Tool names start
// with `plex_`, the gateway's native prefix for the media server (spec 2.1, docs/decisions/045).
import { Inject, Injectable, Logger } from '@nestjs/common';
import { McpServer } from '@modelcontextprotocol/server';
import { SERVICE_DESCRIPTOR, type ServiceDescriptor } from '@platform/service-kit';
import type { Caller } from '../access/caller';
import { LibraryTools } from './library-tools';
import { CurationToolRegistrar } from './mcp-tool-registrar';
import { ProtectionTools } from './protection-tools';
import { PruneTool } from './prune-tool';
import { SyncTools } from './sync-tools';

const INSTRUCTIONS =
  'Curates a Plex library managed by Sonarr and Radarr. Start with plex_library_stats or plex_list_categories, ' +
  'find items with plex_search_catalog, read one with plex_get_item (its instances name the connection ids ' +
  'plex_prune takes). plex_prune only says what it would delete unless called with confirm: true. ' +
  'Sizes are bytes in structuredContent.';

@Injectable()
export class CurationMcpServerFactory {
  private readonly logger = new Logger('Mcp');

  constructor(
    @Inject(SERVICE_DESCRIPTOR) private readonly descriptor: ServiceDescriptor,
    private readonly library: LibraryTools,
    private readonly protection: ProtectionTools,
    private readonly prune: PruneTool,
    private readonly sync: SyncTools,
  ) {}

  create(caller: Caller): McpServer {
    const server = new McpServer(
      { name: this.descriptor.name, title: this.descriptor.title, version: this.descriptor.version },
      { instructions: INSTRUCTIONS },
    );
    const tools = new CurationToolRegistrar(server, caller, this.logger);
    this.library.register(tools);
    this.protection.register(tools);
    this.sync.register(tools);
    this.prune.register(tools);
    return server;
  }
}
