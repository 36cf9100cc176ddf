// The read tools any key may call: library statistics, the smart categories, catalog search and
// one item's details. Each one calls the service its REST route calls, with the same checks.
import { Injectable } from '@nestjs/common';
import { parseCatalogQuery } from '../catalog/catalog-query.parser';
import { CatalogService } from '../catalog/catalog.service';
import { CategoriesService } from '../categories/categories.service';
import { MediaServerService } from '../mediaserver/media-server.service';
import { SyncService } from '../sync/sync.service';
import { LibraryStatsRepository } from './library-stats.repository';
import {
  GET_ITEM_ARGUMENTS,
  LIST_CATEGORIES_ARGUMENTS,
  MCP_SEARCH_DEFAULT_LIMIT,
  NO_ARGUMENTS,
  SEARCH_CATALOG_ARGUMENTS,
  type SearchCatalogArguments,
} from './mcp-tool-schemas';
import type { CurationToolRegistrar, ToolAnswer } from './mcp-tool-registrar';
import { formatBytes } from '../catalog/byte-size';
import { itemLine } from './tool-text';

const EVERYONE = ['Admin', 'Guest'] as const;

@Injectable()
export class LibraryTools {
  constructor(
    private readonly catalog: CatalogService,
    private readonly categories: CategoriesService,
    private readonly stats: LibraryStatsRepository,
    private readonly mediaServer: MediaServerService,
    private readonly sync: SyncService,
  ) {}

  register(tools: CurationToolRegistrar): void {
    tools.register({
      name: 'plex_library_stats',
      title: 'Library statistics',
      description:
        'Size of the curated Plex library by media type (items, bytes, plays, never played, protected), the bound server and its health, and the last sync.',
      input: NO_ARGUMENTS,
      roles: EVERYONE,
      effect: 'read',
      run: () => this.libraryStats(),
    });
    tools.register({
      name: 'plex_list_categories',
      title: 'Smart categories',
      description:
        'The ten smart categories (never watched, stale, space hogs, duplicates, ...) with their rule, item count, size and reclaimable size.',
      input: LIST_CATEGORIES_ARGUMENTS,
      roles: EVERYONE,
      effect: 'read',
      run: async ({ userId }) => {
        const summaries = await this.categories.summaries(userId);
        const lines = summaries.map(
          (c) =>
            `${c.id} (${c.name}): ${c.count} items, ${formatBytes(c.sizeBytes)}, reclaimable ${formatBytes(c.reclaimableSizeBytes)}. ${c.description}`,
        );
        return { text: lines.join('\n'), structured: { categories: summaries } };
      },
    });
    tools.register({
      name: 'plex_search_catalog',
      title: 'Search the catalog',
      description:
        'Finds catalog items (movies and series) by title words, smart category, media type, resolution or requester; sorted by size, title, plays, added or lastWatched; paged.',
      input: SEARCH_CATALOG_ARGUMENTS,
      roles: EVERYONE,
      effect: 'read',
      run: (args) => this.search(args),
    });
    tools.register({
      name: 'plex_get_item',
      title: 'Item details',
      description:
        'One catalog item in full: its copies in each Sonarr/Radarr instance and Plex, seasons, per-user watch statistics, requests and protection.',
      input: GET_ITEM_ARGUMENTS,
      roles: EVERYONE,
      effect: 'read',
      run: async ({ id }) => {
        const item = await this.catalog.item(id);
        return { text: `${itemLine(item)}\n${JSON.stringify(item, null, 2)}`, structured: { item } };
      },
    });
  }

  private async libraryStats(): Promise<ToolAnswer> {
    const [byMediaType, server, sync] = await Promise.all([
      this.stats.totalsByMediaType(),
      this.mediaServer.status(),
      this.sync.status(),
    ]);
    const lines = Object.entries(byMediaType).map(
      ([type, t]) =>
        `${type}: ${t.items} items, ${formatBytes(t.sizeBytes)}, ${t.plays} plays, ${t.neverPlayed} never played, ${t.protected} protected, ${t.protectionRequested} with a pending protection request`,
    );
    if (lines.length === 0) lines.push('The catalog is empty: bind a server and run plex_start_sync.');
    lines.push(
      server.bound
        ? `Server: ${server.name ?? server.machineIdentifier ?? 'bound'} (${server.health.reachable ? 'reachable' : `unreachable: ${server.health.error ?? 'unknown'}`})`
        : 'Server: none bound',
      `Last sync: ${sync.state}${sync.finishedAt === null ? '' : `, finished ${sync.finishedAt}`}`,
    );
    return {
      text: lines.join('\n'),
      structured: {
        byMediaType,
        server: { bound: server.bound, name: server.name, reachable: server.health.reachable },
        sync: { state: sync.state, startedAt: sync.startedAt, finishedAt: sync.finishedAt },
      },
    };
  }

  private async search(args: SearchCatalogArguments): Promise<ToolAnswer> {
    // Through the REST route's parser, so both answer one query the same way (decision 040).
    const query = Object.fromEntries(
      Object.entries({ limit: MCP_SEARCH_DEFAULT_LIMIT, ...args })
        .filter(([, value]) => value !== undefined)
        .map(([name, value]) => [name, String(value)]),
    );
    const page = await this.catalog.list(parseCatalogQuery(query));
    const shown = `${page.offset + 1}–${page.offset + page.items.length}`;
    const header =
      page.items.length === 0 ? `No items match (total ${page.total}).` : `${shown} of ${page.total} items:`;
    return {
      text: [header, ...page.items.map(itemLine)].join('\n'),
      structured: { ...page },
    };
  }
}
