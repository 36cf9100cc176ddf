// `/api/group-mappings`: external identifier → internal group (spec 5.1 step 2), administrators only.
import { Body, Controller, Delete, Get, HttpCode, Param, ParseUUIDPipe, Post } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiTags,
} from '@nestjs/swagger';
import type { Actor } from '../actor';
import { CurrentActor } from '../authentication/current-actor.decorator';
import { GroupMappingService } from './group-mapping.service';
import { GroupMappingDto, GroupMappingView } from './dto/group-mapping.dto';
import { ApiRoles } from '../authentication/api-access.decorators';

@ApiTags('group-mappings')
@ApiBearerAuth()
@ApiRoles('administrator')
@Controller('api/group-mappings')
export class GroupMappingsController {
  constructor(private readonly mappings: GroupMappingService) {}

  @Get()
  @ApiOkResponse({ type: [GroupMappingView] })
  list(): Promise<GroupMappingView[]> {
    return this.mappings.list();
  }

  @Post()
  @ApiCreatedResponse({ type: GroupMappingView })
  create(@Body() body: GroupMappingDto, @CurrentActor() actor: Actor): Promise<GroupMappingView> {
    return this.mappings.create(body, actor);
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'Deleted.' })
  remove(@Param('id', ParseUUIDPipe) id: string, @CurrentActor() actor: Actor): Promise<void> {
    return this.mappings.remove(id, actor);
  }
}
