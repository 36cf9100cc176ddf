// `POST /api/v1/sync` (Admin) starts a sync; `GET /api/v1/sync/status` (signed in) shows the
// newest one's progress or outcome.
import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiConflictResponse,
  ApiOkResponse,
  ApiOperation,
  ApiProperty,
  ApiTags,
} from '@nestjs/swagger';
import { CurrentCaller } from '../access/caller';
import type { Caller } from '../access/caller';
import { AdminOnly, SignedIn } from '../access/curation-roles';
import type { SyncState, SyncStatus } from './sync-job.repository';
import { SyncService } from './sync.service';

class SyncStartedView {
  @ApiProperty({ format: 'uuid' })
  jobId!: string;
}

class SyncErrorView {
  @ApiProperty({ example: 'sonarr: Sonarr 4K' })
  source!: string;
  @ApiProperty()
  message!: string;
}

class SyncStatusView implements SyncStatus {
  @ApiProperty({ enum: ['idle', 'running', 'succeeded', 'failed'] })
  state!: SyncState;
  @ApiProperty({ type: String, nullable: true, format: 'uuid' })
  jobId!: string | null;
  @ApiProperty({ type: String, nullable: true, example: 'fetching' })
  phase!: string | null;
  @ApiProperty({ type: 'integer' })
  processed!: number;
  @ApiProperty({ type: 'integer' })
  total!: number;
  @ApiProperty({ type: String, nullable: true, format: 'date-time' })
  startedAt!: string | null;
  @ApiProperty({ type: String, nullable: true, format: 'date-time' })
  finishedAt!: string | null;
  @ApiProperty({ type: [SyncErrorView] })
  errors!: SyncErrorView[];
}

@ApiTags('sync')
@Controller('api/v1/sync')
export class SyncController {
  constructor(private readonly sync: SyncService) {}

  @Post()
  @HttpCode(202)
  @AdminOnly()
  @ApiOperation({ summary: 'Start a sync of the catalog from Plex and the connections' })
  @ApiAcceptedResponse({ type: SyncStartedView })
  @ApiConflictResponse({
    description: 'A sync is already running (its status is in `runningJob`), or no server is bound.',
  })
  start(@CurrentCaller() caller: Caller): Promise<SyncStartedView> {
    return this.sync.start(caller);
  }

  @Get('status')
  @SignedIn()
  @ApiOperation({ summary: 'The newest sync: progress while it runs, its outcome after' })
  @ApiOkResponse({ type: SyncStatusView })
  status(): Promise<SyncStatus> {
    return this.sync.status();
  }
}
