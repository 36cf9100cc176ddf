// `/api/policies`: RBAC rows (spec 5.1 step 4), administrators only.
import { Body, Controller, Delete, Get, HttpCode, Param, ParseUUIDPipe, Post, Put } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiTags,
} from '@nestjs/swagger';
import type { Actor } from '../actor';
import { CurrentActor } from '../authentication/current-actor.decorator';
import { AccessPolicyService } from './access-policy.service';
import { AccessPolicyDto, AccessPolicyView } from './dto/access-policy.dto';
import { ApiRoles } from '../authentication/api-access.decorators';

@ApiTags('policies')
@ApiBearerAuth()
@ApiRoles('administrator')
@Controller('api/policies')
export class AccessPoliciesController {
  constructor(private readonly policies: AccessPolicyService) {}

  @Get()
  @ApiOkResponse({ type: [AccessPolicyView] })
  list(): Promise<AccessPolicyView[]> {
    return this.policies.list();
  }

  @Post()
  @ApiCreatedResponse({ type: AccessPolicyView })
  create(@Body() body: AccessPolicyDto, @CurrentActor() actor: Actor): Promise<AccessPolicyView> {
    return this.policies.create(body, actor);
  }

  @Put(':id')
  @ApiOkResponse({ type: AccessPolicyView })
  replace(
    @Param('id', ParseUUIDPipe) id: string,
    @Body() body: AccessPolicyDto,
    @CurrentActor() actor: Actor,
  ): Promise<AccessPolicyView> {
    return this.policies.replace(id, body, actor);
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'Deleted.' })
  remove(@Param('id', ParseUUIDPipe) id: string, @CurrentActor() actor: Actor): Promise<void> {
    return this.policies.remove(id, actor);
  }
}
