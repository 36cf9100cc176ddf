// `/api/v1/auth/api-keys` (Admin): keys for machine clients, sent as X-Api-Key.
import { Body, Controller, Delete, Get, HttpCode, Param, ParseUUIDPipe, Post } from '@nestjs/common';
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
import { CurrentCaller, type Caller } from '../caller';
import { AdminOnly } from '../curation-roles';
import { ApiKeyService } from './api-key.service';
import { ApiKeyView, CreatedApiKeyView, toApiKeyView } from './api-key.view';
import { CreateApiKeyDto } from './dto/create-api-key.dto';

@ApiTags('auth')
@AdminOnly()
@Controller('api/v1/auth/api-keys')
export class ApiKeysController {
  constructor(private readonly keys: ApiKeyService) {}

  @Post()
  @ApiOperation({ summary: 'Create a key with a role; the key is in `key`, shown this once only.' })
  @ApiCreatedResponse({ type: CreatedApiKeyView })
  @ApiBadRequestResponse({ description: 'A missing or invalid name or role.' })
  @ApiConflictResponse({ description: 'A key with this name exists.' })
  async create(@Body() body: CreateApiKeyDto, @CurrentCaller() caller: Caller): Promise<CreatedApiKeyView> {
    const created = await this.keys.create(body.name, body.role, caller);
    return { ...toApiKeyView(created), key: created.key };
  }

  @Get()
  @ApiOperation({ summary: 'Every key, without secrets.' })
  @ApiOkResponse({ type: [ApiKeyView] })
  async list(): Promise<ApiKeyView[]> {
    return (await this.keys.list()).map(toApiKeyView);
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiOperation({ summary: 'Revoke a key: it never authenticates again.' })
  @ApiNoContentResponse({ description: 'Revoked.' })
  @ApiBadRequestResponse({ description: 'The id is not a UUID.' })
  @ApiNotFoundResponse({ description: 'No such key.' })
  async revoke(@Param('id', ParseUUIDPipe) id: string, @CurrentCaller() caller: Caller): Promise<void> {
    await this.keys.revoke(id, caller);
  }
}
