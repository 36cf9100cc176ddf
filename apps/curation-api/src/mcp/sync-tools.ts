// Sync through MCP: start one (Admin keys) and watch it (any key), through the sync service the
// REST routes use; a sync that is already running is a tool error naming it.
import { Injectable } from '@nestjs/common';
import type { SyncStatus } from '../sync/sync-job.repository';
import { SyncService } from '../sync/sync.service';
import { NO_ARGUMENTS } from './mcp-tool-schemas';
import type { CurationToolRegistrar, ToolAnswer } from './mcp-tool-registrar';

@Injectable()
export class SyncTools {
  constructor(private readonly sync: SyncService) {}

  register(tools: CurationToolRegistrar): void {
    tools.register({
      name: 'plex_start_sync',
      title: 'Start a sync',
      description:
        'Starts reading Plex, Sonarr, Radarr and Overseerr into the catalog in the background; watch it with plex_sync_status.',
      input: NO_ARGUMENTS,
      roles: ['Admin'],
      effect: 'write',
      openWorld: true,
      run: async (_args, caller) => {
        const { jobId } = await this.sync.start(caller);
        return { text: `Sync ${jobId} started; plex_sync_status shows its progress.`, structured: { jobId } };
      },
    });
    tools.register({
      name: 'plex_sync_status',
      title: 'Sync status',
      description: 'The newest sync: its phase and progress while it runs, its outcome and errors after.',
      input: NO_ARGUMENTS,
      roles: ['Admin', 'Guest'],
      effect: 'read',
      run: async () => statusAnswer(await this.sync.status()),
    });
  }
}

function statusAnswer(status: SyncStatus): ToolAnswer {
  const progress = status.total > 0 ? ` (${status.processed}/${status.total})` : '';
  const lines = [
    status.jobId === null
      ? 'No sync has run yet.'
      : `Sync ${status.jobId}: ${status.state}${status.phase === null ? '' : `, ${status.phase}`}${progress}`,
  ];
  if (status.startedAt !== null) lines.push(`Started ${status.startedAt}`);
  if (status.finishedAt !== null) lines.push(`Finished ${status.finishedAt}`);
  for (const error of status.errors) lines.push(`Error from ${error.source}: ${error.message}`);
  return { text: lines.join('\n'), structured: { ...status, errors: [...status.errors] } };
}
