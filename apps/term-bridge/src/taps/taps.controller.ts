// GET /taps: the most recent diagnostic events, filterable by session and kind (bearer key).
import { Controller, Get, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiProperty, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Max, Min } from 'class-validator';
import { BridgeRoles } from '../auth/bearer-auth.authorizer';
import { TAP_KINDS, type TapKind } from './tap-event';
import { TapsService } from './taps.service';

export class TapsQuery {
  @ApiPropertyOptional({ description: 'Only events of this session.' })
  @IsOptional()
  @IsString()
  session?: string;

  @ApiPropertyOptional({ enum: TAP_KINDS })
  @IsOptional()
  @IsIn(TAP_KINDS)
  kind?: TapKind;

  @ApiPropertyOptional({ default: 100, minimum: 1, maximum: 100_000 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(100_000)
  limit?: number;
}

class TapEventView {
  @ApiProperty() id!: number;
  @ApiProperty({ example: '2026-11-22T10:00:00.000Z' }) at!: string;
  @ApiProperty({ enum: TAP_KINDS }) kind!: string;
  @ApiProperty({ nullable: true, type: String }) session!: string | null;
  @ApiProperty({ type: Object }) data!: Record<string, unknown>;
}

class TapsView {
  @ApiProperty({ type: [TapEventView], description: 'Oldest first.' }) events!: TapEventView[];
  @ApiProperty({ description: 'Events the ring holds at most.' }) capacity!: number;
  @ApiProperty({ description: 'Events pushed out of the ring since start.' }) dropped!: number;
}

@ApiTags('diagnostics')
@ApiBearerAuth()
@BridgeRoles('client')
@Controller('taps')
export class TapsController {
  constructor(private readonly taps: TapsService) {}

  @Get()
  @ApiOkResponse({
    type: TapsView,
    description: 'Recent diagnostic events (in memory; see TERM_BRIDGE_TAPS_CAPACITY).',
  })
  list(@Query() query: TapsQuery): TapsView {
    return this.taps.list({
      limit: query.limit ?? 100,
      ...(query.session === undefined ? {} : { session: query.session }),
      ...(query.kind === undefined ? {} : { kind: query.kind }),
    });
  }
}
