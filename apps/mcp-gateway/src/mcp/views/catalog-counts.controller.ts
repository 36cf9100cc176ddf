// `GET /api/catalog/counts`: how many tools, prompts and resources each listed server offers, for
// the dashboard's server cards. Connected servers are asked (through the same cached lists the
// aggregated views use); any other server answers from its last listing, or not at all, so a look
// at the dashboard never starts an idle stdio server.
import { Controller, Get } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { ApiRoles } from '../../access/authentication/api-access.decorators';
import { ConnectionManager } from '../../backends/connections/connection-manager.service';
import { BackendListsCache, type ListKind } from './backend-lists.cache';

export class CatalogCountsView {
  @ApiProperty() serverId!: string;
  @ApiProperty({
    type: Number,
    nullable: true,
    description: 'null: not known until the server is connected.',
  })
  tools!: number | null;
  @ApiProperty({ type: Number, nullable: true }) prompts!: number | null;
  @ApiProperty({ type: Number, nullable: true }) resources!: number | null;
  @ApiProperty({ type: Number, nullable: true }) resourceTemplates!: number | null;
}

@ApiTags('servers')
@ApiBearerAuth()
@ApiRoles('administrator')
@Controller('api/catalog')
export class CatalogCountsController {
  constructor(
    private readonly lists: BackendListsCache,
    private readonly connections: ConnectionManager,
  ) {}

  @Get('counts')
  @ApiOperation({
    summary:
      'Items each listed (enabled, not hidden) server offers; null where unknown (a server not connected and never listed).',
  })
  @ApiOkResponse({ type: [CatalogCountsView] })
  counts(): Promise<CatalogCountsView[]> {
    return Promise.all(
      this.lists.listedServers().map(async (serverId) => {
        const connected = this.connections.stateOf(serverId)?.status === 'Connected';
        const count = async (kind: ListKind): Promise<number | null> => {
          if (connected) {
            const items = await this.lists.of(serverId, kind).catch(() => undefined);
            if (items !== undefined) return items.length;
          }
          return this.lists.knownCount(serverId, kind) ?? null;
        };
        const [tools, prompts, resources, resourceTemplates] = await Promise.all([
          count('tools'),
          count('prompts'),
          count('resources'),
          count('resourceTemplates'),
        ]);
        return { serverId, tools, prompts, resources, resourceTemplates };
      }),
    );
  }
}
