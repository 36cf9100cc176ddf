// plex_prune: deletes an item or one season through Sonarr/Radarr with the prune service the REST
// route uses (Admin keys only). Without `confirm: true` it is the service's dry run: what would be
// deleted, with nothing called that changes anything and no ledger row.
import { Injectable } from '@nestjs/common';
import type { PruneResponse } from '../pruning/prune-plan';
import { PruneService } from '../pruning/prune.service';
import { PRUNE_ARGUMENTS } from './mcp-tool-schemas';
import type { CurationToolRegistrar, ToolAnswer } from './mcp-tool-registrar';
import { formatBytes } from '../catalog/byte-size';

@Injectable()
export class PruneTool {
  constructor(private readonly prunes: PruneService) {}

  register(tools: CurationToolRegistrar): void {
    tools.register({
      name: 'plex_prune',
      title: 'Prune an item',
      description:
        'Deletes a catalog item (or one season of a series) with its files through the named Sonarr/Radarr connections (connection ids from plex_get_item). ' +
        'Without confirm: true it only answers what it would delete. Protected items and items with a pending protection request are refused. Recorded in the audit ledger.',
      input: PRUNE_ARGUMENTS,
      roles: ['Admin'],
      effect: 'destructive',
      openWorld: true,
      run: async (args, caller) =>
        answerOf(
          await this.prunes.prune(caller, {
            mediaItemId: args.mediaItemId,
            seasonNumber: args.seasonNumber ?? null,
            // Lower case, as the REST route's DTO makes them (one connection, one spelling).
            targetConnectionIds: args.targetConnectionIds.map((id) => id.toLowerCase()),
            addToImportExclusion: args.addToImportExclusion ?? false,
            dryRun: args.confirm !== true,
          }),
        ),
    });
  }
}

function answerOf(response: PruneResponse): ToolAnswer {
  const lines = [response.message];
  if (!response.dryRun) {
    for (const result of response.results) {
      const freed = result.bytesFreed > 0 ? `, ${formatBytes(result.bytesFreed)} freed` : '';
      lines.push(
        `${result.connectionId}: ${result.status}${freed}${result.error === undefined ? '' : ` (${result.error})`}`,
      );
    }
  } else {
    lines.push('Call again with confirm: true to delete.');
  }
  return { text: lines.join('\n'), structured: { ...response, results: [...response.results] } };
}
