// `/api/settings`: key quotas (spec 2.1 Settings, 8), administrators only.
import { Body, Controller, Get, Patch } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiProperty, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import type { Actor } from '../actor';
import { CurrentActor } from '../authentication/current-actor.decorator';
import { SettingsService } from './settings.service';
import { ApiRoles } from '../authentication/api-access.decorators';

export class SettingsView {
  @ApiProperty({ description: 'Active machine keys allowed in total; 0 = unlimited.' })
  globalMaxKeys!: number;

  @ApiProperty({ description: 'Active machine keys allowed per user; 0 = unlimited.' })
  userMaxKeys!: number;

  @ApiProperty({ format: 'date-time' })
  updatedAt!: string;

  @ApiProperty()
  updatedBy!: string;
}

export class UpdateSettingsDto {
  @ApiPropertyOptional({ minimum: 0, maximum: 1_000_000 })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(1_000_000)
  globalMaxKeys?: number;

  @ApiPropertyOptional({ minimum: 0, maximum: 1_000_000 })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(1_000_000)
  userMaxKeys?: number;
}

@ApiTags('settings')
@ApiBearerAuth()
@ApiRoles('administrator')
@Controller('api/settings')
export class SettingsController {
  constructor(private readonly settings: SettingsService) {}

  @Get()
  @ApiOkResponse({ type: SettingsView })
  read(): Promise<SettingsView> {
    return this.settings.read();
  }

  @Patch()
  @ApiOkResponse({ type: SettingsView })
  update(@Body() body: UpdateSettingsDto, @CurrentActor() actor: Actor): Promise<SettingsView> {
    return this.settings.update(body, actor);
  }
}
