// /api/v1/connections: Sonarr, Radarr, Overseerr and Tautulli connections, Admin only. Parses and
// delegates to ConnectionsService.
import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { type Caller, CurrentCaller } from '../access/caller';
import { AdminOnly } from '../access/curation-roles';
import { ConnectionTestView, ConnectionView } from './connection-views';
import { ConnectionsService } from './connections.service';
import { CreateConnectionDto } from './dto/create-connection.dto';
import { UpdateConnectionDto } from './dto/update-connection.dto';

@ApiTags('connections')
@AdminOnly()
@Controller('api/v1/connections')
export class ConnectionsController {
  constructor(private readonly connections: ConnectionsService) {}

  @Get()
  @ApiOperation({ summary: 'Every connection, by type then name; keys are never returned.' })
  @ApiOkResponse({ type: [ConnectionView] })
  list(): Promise<ConnectionView[]> {
    return this.connections.list();
  }

  @Post()
  @ApiOperation({
    summary: 'Tests the connection, then stores it (key encrypted). 400 names why a test failed.',
  })
  @ApiCreatedResponse({ type: ConnectionView })
  @ApiBadRequestResponse({
    description: 'An invalid field, is4k on another type, or the connection test failed.',
  })
  @ApiConflictResponse({
    description: 'The name is taken, or an Overseerr/Tautulli connection exists already.',
  })
  create(@CurrentCaller() caller: Caller, @Body() request: CreateConnectionDto): Promise<ConnectionView> {
    return this.connections.create(caller, request);
  }

  @Get(':id')
  @ApiOkResponse({ type: ConnectionView })
  @ApiNotFoundResponse({ description: 'No such connection.' })
  get(@Param('id') id: string): Promise<ConnectionView> {
    return this.connections.get(id);
  }

  @Put(':id')
  @ApiOperation({
    summary:
      'Replaces the fields after testing them; apiKey may be left out to keep the key while baseUrl stays.',
  })
  @ApiOkResponse({ type: ConnectionView })
  @ApiBadRequestResponse({
    description:
      'An invalid field, a changed type, a new baseUrl without apiKey, or the connection test failed.',
  })
  @ApiNotFoundResponse({ description: 'No such connection.' })
  @ApiConflictResponse({ description: 'The name is taken.' })
  update(
    @CurrentCaller() caller: Caller,
    @Param('id') id: string,
    @Body() request: UpdateConnectionDto,
  ): Promise<ConnectionView> {
    return this.connections.update(caller, id, request);
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'Deleted.' })
  @ApiNotFoundResponse({ description: 'No such connection.' })
  async delete(@CurrentCaller() caller: Caller, @Param('id') id: string): Promise<void> {
    await this.connections.delete(caller, id);
  }

  @Post(':id/test')
  @HttpCode(200)
  @ApiOperation({ summary: 'Tests the stored connection; 200 with ok false and the reason when it fails.' })
  @ApiOkResponse({ type: ConnectionTestView })
  @ApiNotFoundResponse({ description: 'No such connection.' })
  test(@Param('id') id: string): Promise<ConnectionTestView> {
    return this.connections.test(id);
  }
}
