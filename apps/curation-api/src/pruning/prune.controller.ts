// `POST /api/v1/prune` (Admin): parses the request and hands it to PruneService. 200 whenever the
// request was valid, also when a target failed (the results say which); refusals are problem+json.
import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiProperty,
  ApiPropertyOptional,
  ApiTags,
} from '@nestjs/swagger';
import { type Caller, CurrentCaller } from '../access/caller';
import { AdminOnly } from '../access/curation-roles';
import { PruneRequestDto } from './dto/prune-request.dto';
import type { PruneResponse, PruneResultView, TargetStatus } from './prune-plan';
import { PruneService } from './prune.service';

class PruneResultBody implements PruneResultView {
  @ApiProperty({ format: 'uuid' })
  connectionId!: string;
  @ApiProperty({ enum: ['deleted', 'already_gone', 'failed', 'skipped'] })
  status!: TargetStatus;
  @ApiProperty({
    type: 'integer',
    description: 'Bytes this instance held of what was deleted, read just before its delete.',
  })
  bytesFreed!: number;
  @ApiPropertyOptional({ description: 'What went wrong on this instance (failed only).' })
  error?: string;
}

class PruneResponseBody implements PruneResponse {
  @ApiProperty({
    description: 'True when every target ended deleted or already_gone (a dry run: would be tried).',
  })
  success!: boolean;
  @ApiProperty({ type: 'integer', description: 'The sum of the results’ bytesFreed.' })
  bytesFreed!: number;
  @ApiProperty()
  message!: string;
  @ApiProperty({ type: [PruneResultBody] })
  results!: PruneResultBody[];
  @ApiProperty({ type: String, nullable: true, description: 'The audit ledger row; null for a dry run.' })
  auditId!: string | null;
  @ApiProperty()
  dryRun!: boolean;
}

@ApiTags('prune')
@Controller('api/v1/prune')
export class PruneController {
  constructor(private readonly prunes: PruneService) {}

  @Post()
  @HttpCode(200)
  @AdminOnly()
  @ApiOperation({
    summary: 'Delete an item or one season of a series from Sonarr/Radarr instances, with its files',
  })
  @ApiOkResponse({ type: PruneResponseBody })
  @ApiBadRequestResponse({
    description:
      'A field is missing or invalid, a connection is unknown or does not hold the item, or the season does not exist.',
  })
  @ApiNotFoundResponse({ description: 'No catalog item has this id.' })
  @ApiConflictResponse({
    description: 'The item is protected, has a pending protection request, or is being pruned already.',
  })
  prune(@CurrentCaller() caller: Caller, @Body() request: PruneRequestDto): Promise<PruneResponse> {
    return this.prunes.prune(caller, request);
  }
}
