// `/api/servers`: the backend server registry for administrators (spec 4.2: "server
// administration: not shown"). Bodies use the spec's field names, as in the declarative file.
import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiBody,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { backendError, BackendErrorCode } from '../backend.errors';
import type { Actor } from '../../access/actor';
import { CurrentActor } from '../../access/authentication/current-actor.decorator';
import { ConnectionManager } from '../connections/connection-manager.service';
import { ServerAdminService } from './server-admin.service';
import { ServerRegistry } from './server-registry.service';
import { BackendServerInputDoc, ServerView, toServerView } from './server.view';
import { ApiRoles } from '../../access/authentication/api-access.decorators';

@ApiTags('servers')
@ApiBearerAuth()
@ApiRoles('administrator')
@Controller('api/servers')
export class ServersController {
  constructor(
    private readonly registry: ServerRegistry,
    private readonly admin: ServerAdminService,
    private readonly connections: ConnectionManager,
  ) {}

  @Get()
  @ApiOkResponse({ type: [ServerView] })
  list(): ServerView[] {
    return this.registry
      .list()
      .map((server) => toServerView(server, this.connections.stateOf(server.definition.id)));
  }

  @Get(':id')
  @ApiOkResponse({ type: ServerView })
  read(@Param('id') id: string): ServerView {
    const server = this.registry.get(id);
    if (server === undefined)
      throw backendError(BackendErrorCode.ServerNotFound, `No server with id "${id}".`);
    return toServerView(server, this.connections.stateOf(id));
  }

  @Post()
  @ApiOperation({ summary: 'Register a server (fields as in GATEWAY_SERVERS_FILE entries).' })
  @ApiBody({ type: BackendServerInputDoc })
  @ApiCreatedResponse({ type: ServerView })
  async create(@Body() body: unknown, @CurrentActor() actor: Actor): Promise<ServerView> {
    const server = await this.admin.create(body, actor);
    return this.read(server.id);
  }

  @Put(':id')
  @ApiBody({ type: BackendServerInputDoc })
  @ApiOkResponse({ type: ServerView })
  async replace(
    @Param('id') id: string,
    @Body() body: unknown,
    @CurrentActor() actor: Actor,
  ): Promise<ServerView> {
    await this.admin.replace(id, body, actor);
    return this.read(id);
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'Removed.' })
  remove(@Param('id') id: string, @CurrentActor() actor: Actor): Promise<void> {
    return this.admin.remove(id, actor);
  }

  @Post(':id/reconnect')
  @HttpCode(200)
  @ApiOperation({ summary: 'Drop the session to the server and connect again now.' })
  @ApiOkResponse({ type: ServerView })
  async reconnect(@Param('id') id: string): Promise<ServerView> {
    this.read(id);
    await this.connections.reconnect(id);
    return this.read(id);
  }

  @Post(':id/enable')
  @HttpCode(200)
  @ApiOkResponse({ type: ServerView })
  async enable(@Param('id') id: string, @CurrentActor() actor: Actor): Promise<ServerView> {
    await this.admin.setEnabled(id, true, actor);
    return this.read(id);
  }

  @Post(':id/disable')
  @HttpCode(200)
  @ApiOkResponse({ type: ServerView })
  async disable(@Param('id') id: string, @CurrentActor() actor: Actor): Promise<ServerView> {
    await this.admin.setEnabled(id, false, actor);
    return this.read(id);
  }
}
