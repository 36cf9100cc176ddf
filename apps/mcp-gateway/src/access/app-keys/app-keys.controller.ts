// `/api/appkeys` and `/api/clients` (spec 4.2): the same operations for the two kinds of
// machine keys. Controllers parse and delegate; AppKeyService decides.
import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Injectable,
  Param,
  ParseUUIDPipe,
  Post,
} from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import type { Actor } from '../actor';
import { CurrentActor } from '../authentication/current-actor.decorator';
import { AppKeyService, type KeyLimits, type MachineKeyKind } from './app-key.service';
import { AppKeyView, CreatedAppKeyView } from './app-key-view';
import { CreateAppKeyDto } from './dto/create-app-key.dto';
import { KeyLimitsView } from './key-limits.view';
import { ApiRoles } from '../authentication/api-access.decorators';

// @Injectable so the compiler records the constructor's parameter types for the subclasses.
@Injectable()
abstract class MachineKeysController {
  protected abstract readonly kind: MachineKeyKind;

  constructor(protected readonly keys: AppKeyService) {}

  @Post()
  @ApiOperation({ summary: 'Create a key; the plaintext key is in `plaintextKey`, shown this once only.' })
  @ApiCreatedResponse({ type: CreatedAppKeyView })
  create(@Body() body: CreateAppKeyDto, @CurrentActor() actor: Actor): Promise<CreatedAppKeyView> {
    return this.keys.create(this.kind, body, actor);
  }

  @Get()
  @ApiOperation({
    summary: 'Active keys: all of them for administrators, your own otherwise. Never digests.',
  })
  @ApiOkResponse({ type: [AppKeyView] })
  list(@CurrentActor() actor: Actor): Promise<AppKeyView[]> {
    return this.keys.list(this.kind, actor);
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiOperation({ summary: 'Revoke a key at once; it never authenticates again.' })
  @ApiNoContentResponse({ description: 'Revoked.' })
  revoke(@Param('id', ParseUUIDPipe) id: string, @CurrentActor() actor: Actor): Promise<void> {
    return this.keys.revoke(this.kind, id, actor);
  }

  @Post(':id/rotate')
  @ApiOperation({ summary: 'Replace the secret: the old key stops working, the new one is returned once.' })
  @ApiCreatedResponse({ type: CreatedAppKeyView })
  rotate(@Param('id', ParseUUIDPipe) id: string, @CurrentActor() actor: Actor): Promise<CreatedAppKeyView> {
    return this.keys.rotate(this.kind, id, actor);
  }
}

@ApiTags('appkeys')
@ApiBearerAuth()
@ApiRoles('user')
@Controller('api/appkeys')
export class AppKeysController extends MachineKeysController {
  protected readonly kind = 'app_key';

  @Get('limits')
  @ApiOperation({ summary: 'Key quotas (0 = unlimited) and how many active keys count against them.' })
  @ApiOkResponse({ type: KeyLimitsView })
  limits(@CurrentActor() actor: Actor): Promise<KeyLimits> {
    return this.keys.limits(actor);
  }
}

@ApiTags('clients')
@ApiBearerAuth()
@ApiRoles('user')
@Controller('api/clients')
export class ClientsController extends MachineKeysController {
  protected readonly kind = 'client';
}
