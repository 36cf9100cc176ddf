// Shared set-up of the pruning end-to-end tests: the app over real Postgres, bound to the media
// stack's Plex, with its Sonarr/Radarr connections and a first sync; helpers that read the
// simulators' request logs, the ledger and the catalog, and emulate Plex noticing deleted files.
import { getDataSourceToken } from '@nestjs/typeorm';
import { startMediaStack } from '@platform/testing-media-stack';
import type { MediaLibrary, MediaStack, RecordedRequest } from '@platform/testing-media-stack';
import { startTestService, type TestService } from '@platform/testing-service';
import request from 'supertest';
import type { DataSource } from 'typeorm';
import { ConnectionRepository } from '../connections/connection.repository';
import { CURATION_SERVICE } from '../curation-api.module';
import { SyncService } from '../sync/sync.service';
import { bindSimulatedPlex } from '../sync/synced-curation.spec-helpers';

export const ADMIN_KEY = 'prune-e2e-bootstrap-key-0123456789';

export type InstanceName = 'sonarr' | 'sonarr4k' | 'radarr' | 'radarr4k';
export const INSTANCES: readonly InstanceName[] = ['sonarr', 'sonarr4k', 'radarr', 'radarr4k'];

export interface PruneFixture {
  readonly stack: MediaStack;
  readonly service: TestService;
  readonly database: DataSource;
  /** Connection id per simulator. */
  readonly connectionIds: Readonly<Record<InstanceName, string>>;
  readonly overseerrConnectionId: string;
  stop(): Promise<void>;
}

export async function startPruneFixture(
  seed: string,
  items: number,
  environment: Readonly<Record<string, string>> = {},
  library?: MediaLibrary,
): Promise<PruneFixture> {
  const stack = await startMediaStack(library === undefined ? { seed, items } : { library });
  const service = await startTestService(CURATION_SERVICE, {
    CURATION_BOOTSTRAP_API_KEY: ADMIN_KEY,
    CURATION_SYNC_INTERVAL_MINUTES: '0',
    CURATION_PLEX_TV_URL: stack.plexTv.url,
    ...environment,
  });
  await bindSimulatedPlex(service, stack, 'prune-e2e');
  const connections = service.app.get(ConnectionRepository);
  const ids: Partial<Record<InstanceName, string>> = {};
  for (const [name, type, label, is4k] of [
    ['sonarr', 'sonarr', 'Sonarr', false],
    ['sonarr4k', 'sonarr', 'Sonarr 4K', true],
    ['radarr', 'radarr', 'Radarr', false],
    ['radarr4k', 'radarr', 'Radarr 4K', true],
  ] as const) {
    const simulator = stack[name];
    ids[name] = (
      await connections.insert({ type, name: label, baseUrl: simulator.url, apiKey: simulator.apiKey, is4k })
    ).id;
  }
  const overseerr = await connections.insert({
    type: 'overseerr',
    name: 'Overseerr',
    baseUrl: stack.overseerr.url,
    apiKey: stack.overseerr.apiKey,
    is4k: false,
  });
  const fixture: PruneFixture = {
    stack,
    service,
    database: service.app.get<DataSource>(getDataSourceToken()),
    connectionIds: ids as Record<InstanceName, string>,
    overseerrConnectionId: overseerr.id,
    stop: async () => {
      await service.close();
      await stack.stop();
    },
  };
  await fullSync(fixture);
  return fixture;
}

export async function fullSync(fixture: PruneFixture): Promise<void> {
  const started = await request(fixture.service.server).post('/api/v1/sync').set('X-Api-Key', ADMIN_KEY);
  if (started.status !== 202) throw new Error(`sync refused: ${started.status}`);
  await fixture.service.app.get(SyncService).settled();
  // A failed sync leaves the catalog as it was: a comparison after it would compare a catalog with itself.
  const status = await request(fixture.service.server).get('/api/v1/sync/status').set('X-Api-Key', ADMIN_KEY);
  const body = status.body as { state?: string; jobId?: string; errors?: unknown };
  if (body.state !== 'succeeded' || body.jobId !== (started.body as { jobId?: string }).jobId)
    throw new Error(`the sync did not succeed: ${JSON.stringify(body)}`);
}

export function postPrune(fixture: PruneFixture, body: unknown) {
  return request(fixture.service.server)
    .post('/api/v1/prune')
    .set('X-Api-Key', ADMIN_KEY)
    .send(body as object);
}

/** Every request every simulator has seen so far, as `<instance> <METHOD> <path>`. */
export function allRequests(fixture: PruneFixture): string[] {
  const { stack } = fixture;
  const logs: [string, readonly RecordedRequest[]][] = [
    ...INSTANCES.map((name): [string, readonly RecordedRequest[]] => [name, stack[name].requests]),
    ['plex', stack.plex.requests],
    ['overseerr', stack.overseerr.requests],
    ['tautulli', stack.tautulli.requests],
  ];
  return logs.flatMap(([name, requests]) => requests.map((entry) => `${name} ${entry.method} ${entry.path}`));
}

export function clearFaults(fixture: PruneFixture): void {
  for (const name of INSTANCES) fixture.stack[name].faults.clear();
}

export interface LedgerRowView {
  id: string;
  title: string;
  media_type: string | null;
  media_item_id: string | null;
  bytes_freed: string;
  actor: string;
  outcome: string;
  details: Record<string, unknown>;
}

export async function ledgerRows(fixture: PruneFixture): Promise<LedgerRowView[]> {
  return fixture.database.query(
    `SELECT "id"::text AS "id", "title", "media_type", "media_item_id", "bytes_freed"::text AS "bytes_freed",
            "actor", "outcome", "details" FROM "curation"."audit_log" WHERE "action" = 'prune' ORDER BY "audit_log"."id"`,
  );
}

export async function ledgerTotal(fixture: PruneFixture): Promise<number> {
  const rows: { total: string }[] = await fixture.database.query(
    'SELECT "bytes_freed"::text AS "total" FROM "curation"."audit_totals" WHERE "id" = 1',
  );
  return Number(rows[0]?.total ?? 'NaN');
}

/** What Plex does once it has scanned: versions whose files were deleted through the managers go. */
export function plexNoticesDeletedFiles(fixture: PruneFixture): void {
  const { stack } = fixture;
  const deleted = new Set(INSTANCES.flatMap((name) => stack[name].state.deletedFilePaths));
  const versions = [
    ...stack.library.movies.flatMap((movie) => movie.plex?.versions ?? []),
    ...stack.library.series.flatMap((series) =>
      series.seasons.flatMap((season) => season.episodes.flatMap((episode) => episode.plex?.versions ?? [])),
    ),
  ];
  for (const version of versions)
    if (deleted.has(version.file.path)) stack.plex.state.removeMedia(version.mediaId);
}

/**
 * One item's catalog rows in a form two catalogs can be compared by: copies by their instance
 * and id (copy ids are handed out anew by each sync), files by path with their copy's instance.
 */
export async function itemRows(fixture: PruneFixture, itemId: string, except: readonly string[] = []) {
  const items: Record<string, unknown>[] = await fixture.database.query(
    'SELECT * FROM "curation"."catalog_items" WHERE "id" = $1',
    [itemId],
  );
  for (const item of items) for (const column of except) delete item[column];
  const copies = await fixture.database.query(
    `SELECT "connection_id", "external_id", "is_4k", "quality_profile", "resolution", "resolution_rank",
            "size_bytes", "file_count", "path", "monitored", "cutoff_unmet", "is_best"
       FROM "curation"."catalog_copies" WHERE "item_id" = $1 ORDER BY "connection_id" NULLS LAST, "path"`,
    [itemId],
  );
  const files = await fixture.database.query(
    `SELECT f."file_key", c."connection_id", f."season_number", f."size_bytes", f."resolution", f."below_cutoff"
       FROM "curation"."catalog_files" f JOIN "curation"."catalog_copies" c ON c."id" = f."copy_id"
      WHERE f."item_id" = $1 ORDER BY f."file_key"`,
    [itemId],
  );
  const seasons = await fixture.database.query(
    `SELECT "season_number", "episode_count", "file_count", "size_bytes", "monitored"
       FROM "curation"."catalog_seasons" WHERE "item_id" = $1 ORDER BY "season_number"`,
    [itemId],
  );
  return { items, copies, files, seasons };
}

export async function protect(fixture: PruneFixture, itemId: string, reason: string): Promise<void> {
  await fixture.database.query(
    `INSERT INTO "curation"."protections" ("item_id", "reason", "protected_by") VALUES ($1, $2, 'prune-e2e')`,
    [itemId, reason],
  );
}

export async function requestProtection(
  fixture: PruneFixture,
  itemId: string,
  reason: string,
): Promise<void> {
  await fixture.database.query(
    `INSERT INTO "curation"."protection_requests" ("item_id", "account_id", "reason") VALUES ($1, 42, $2)`,
    [itemId, reason],
  );
}
