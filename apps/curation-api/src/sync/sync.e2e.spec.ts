// The sync end to end: the real app over real Postgres against the media-stack simulators. The
// expected catalog is computed here from the generated library (the ground truth), not by the
// sync's own code. Source failures are injected on the simulators' routes.
import type { NestExpressApplication } from '@nestjs/platform-express';
import { getDataSourceToken } from '@nestjs/typeorm';
import request from 'supertest';
import type { DataSource } from 'typeorm';
import { startMediaStack } from '@platform/testing-media-stack';
import type { FaultController, LibraryUser, MediaStack } from '@platform/testing-media-stack';
import { startServiceOn, startTestService, type TestService } from '@platform/testing-service';
import { ledgerRecords } from '../audit/audit.spec-helpers';
import { CURATION_SERVICE } from '../curation-api.module';
import { SyncService } from './sync.service';
import { connectSimulatedStack } from './synced-curation.spec-helpers';

const ADMIN_KEY = 'sync-e2e-bootstrap-key-0123456789';
const ENVIRONMENT = { CURATION_BOOTSTRAP_API_KEY: ADMIN_KEY, CURATION_SYNC_INTERVAL_MINUTES: '0' };

let stack: MediaStack;
let service: TestService;
let database: DataSource;
let owner: LibraryUser;

beforeAll(async () => {
  stack = await startMediaStack({ seed: 'curation-sync-e2e', items: 160 });
  service = await startTestService(CURATION_SERVICE, {
    ...ENVIRONMENT,
    CURATION_PLEX_TV_URL: stack.plexTv.url,
  });
  database = service.app.get<DataSource>(getDataSourceToken());
  owner = await connectSimulatedStack(service, stack, 'sync-e2e');
}, 60_000);

afterAll(async () => {
  await service?.close();
  await stack?.stop();
});

afterEach(() => {
  for (const faults of allFaults()) faults.clear();
});

function allFaults(): FaultController[] {
  return [stack.plex, stack.sonarr, stack.sonarr4k, stack.radarr, stack.radarr4k, stack.overseerr].map(
    (simulator) => simulator.faults,
  );
}

async function startSync(app: NestExpressApplication = service.app): Promise<string> {
  const response = await request(app.getHttpServer()).post('/api/v1/sync').set('X-Api-Key', ADMIN_KEY);
  expect(response.status).toBe(202);
  return (response.body as { jobId: string }).jobId;
}

async function status(app: NestExpressApplication = service.app): Promise<Record<string, unknown>> {
  const response = await request(app.getHttpServer()).get('/api/v1/sync/status').set('X-Api-Key', ADMIN_KEY);
  expect(response.status).toBe(200);
  return response.body as Record<string, unknown>;
}

async function syncToEnd(app: NestExpressApplication = service.app): Promise<Record<string, unknown>> {
  const jobId = await startSync(app);
  await app.get(SyncService).settled();
  const outcome = await status(app);
  expect(outcome['jobId']).toBe(jobId);
  return outcome;
}

/** Every catalog row, in a stable order: "unchanged" means equal to this, byte for byte. */
async function catalogDigest(): Promise<string> {
  const parts: unknown[] = [];
  for (const [table, order] of [
    ['catalog_items', '"id"'],
    ['catalog_files', '"item_id", "file_key"'],
    ['catalog_seasons', '"item_id", "season_number"'],
    ['catalog_watch', '"item_id", "account_id"'],
    ['catalog_requests', '"item_id", "request_id"'],
  ] as const) {
    parts.push(await database.query(`SELECT * FROM "curation"."${table}" ORDER BY ${order}`));
  }
  parts.push(
    await database.query(
      `SELECT "item_id", "connection_id", "external_id", "size_bytes", "is_best" FROM "curation"."catalog_copies"
        ORDER BY "item_id", "connection_id", "external_id", "path"`,
    ),
  );
  return JSON.stringify(parts);
}

describe('sync', () => {
  it('refuses anonymous callers on both routes', async () => {
    expect((await request(service.server).post('/api/v1/sync')).status).toBe(401);
    expect((await request(service.server).get('/api/v1/sync/status')).status).toBe(401);
  });

  it('reports idle before any sync ran', async () => {
    expect(await status()).toEqual({
      state: 'idle',
      jobId: null,
      phase: null,
      processed: 0,
      total: 0,
      startedAt: null,
      finishedAt: null,
      errors: [],
    });
  });

  it('fills the catalog as the library holds it, with progress and the outcome in the status', async () => {
    const outcome = await syncToEnd();
    expect(outcome).toMatchObject({ state: 'succeeded', phase: 'done', errors: [] });
    expect(outcome['processed']).toBe(outcome['total']);
    expect(typeof outcome['finishedAt']).toBe('string');
    const { library } = stack;

    const counts: { media_type: string; count: number }[] = await database.query(
      `SELECT "media_type", count(*)::int AS "count" FROM "curation"."catalog_items" GROUP BY 1 ORDER BY 1`,
    );
    expect(counts).toEqual([
      { media_type: 'movie', count: library.movies.length },
      { media_type: 'series', count: library.series.length },
    ]);

    // Sizes: every distinct path any system holds for the item, each once.
    const sizes = new Map<string, number>(
      (
        (await database.query(`SELECT "id", "size_bytes" FROM "curation"."catalog_items"`)) as {
          id: string;
          size_bytes: string;
        }[]
      ).map((row) => [row.id, Number(row.size_bytes)]),
    );
    const distinctSize = (files: readonly { path: string; size: number }[]) =>
      [...new Map(files.map((file) => [file.path, file.size])).values()].reduce((sum, size) => sum + size, 0);
    let checked = 0;
    for (const movie of library.movies.filter((candidate) => candidate.radarr.length > 0)) {
      const files = [
        ...movie.radarr.flatMap((copy) => (copy.file === null ? [] : [copy.file.file])),
        ...(movie.plex?.versions ?? []).map((version) => version.file),
      ];
      expect([`movie-tmdb-${movie.tmdbId}`, sizes.get(`movie-tmdb-${movie.tmdbId}`)]).toEqual([
        `movie-tmdb-${movie.tmdbId}`,
        distinctSize(files),
      ]);
      checked += 1;
    }
    for (const series of library.series) {
      const files = [
        ...series.sonarr.flatMap((copy) => copy.files.map((file) => file.file)),
        ...series.seasons.flatMap((season) =>
          season.episodes.flatMap((episode) => (episode.plex?.versions ?? []).map((version) => version.file)),
        ),
      ];
      expect([series.tvdbId, sizes.get(`series-tvdb-${series.tvdbId}`)]).toEqual([
        series.tvdbId,
        distinctSize(files),
      ]);
      checked += 1;
    }
    expect(checked).toBeGreaterThan(100);

    // Plays per plex.tv account: the owner's local account 1 is their plex.tv id.
    const expectedPlays = new Map<string, number>();
    for (const play of library.history) {
      const account = play.localAccountId === 1 ? String(owner.plexId) : String(play.localAccountId);
      expectedPlays.set(account, (expectedPlays.get(account) ?? 0) + 1);
    }
    const plays: { account_id: string; plays: number }[] = await database.query(
      `SELECT "account_id"::text AS "account_id", sum("plays")::int AS "plays" FROM "curation"."catalog_watch" GROUP BY 1`,
    );
    expect(new Map(plays.map((row) => [row.account_id, row.plays]))).toEqual(expectedPlays);
    const [itemPlays] = (await database.query(
      `SELECT sum("plays")::int AS "plays" FROM "curation"."catalog_items"`,
    )) as { plays: number }[];
    expect(itemPlays?.plays).toBe(library.history.length);
    // Each watch row carries its item's added_at (one user's never_watched total reads it).
    const [added] = (await database.query(
      `SELECT count(*)::int AS "rows",
              count(*) FILTER (WHERE w."item_added_at" IS DISTINCT FROM i."added_at")::int AS "differing",
              count(w."item_added_at")::int AS "set"
         FROM "curation"."catalog_watch" w JOIN "curation"."catalog_items" i ON i."id" = w."item_id"`,
    )) as { rows: number; differing: number; set: number }[];
    expect(added).toEqual({ rows: expect.any(Number), differing: 0, set: added!.rows });
    expect(added!.rows).toBeGreaterThan(0);

    const [requests] = (await database.query(
      `SELECT count(*)::int AS "count" FROM "curation"."catalog_requests"`,
    )) as { count: number }[];
    expect(requests?.count).toBe(library.requests.length);

    // Bulk and paged: far fewer requests than items.
    const [job] = (await database.query(
      `SELECT "http_requests" FROM "curation"."sync_jobs" WHERE "id" = $1`,
      [outcome['jobId']],
    )) as { http_requests: number }[];
    expect(job?.http_requests).toBeGreaterThan(0);
  });

  it("writes each item's category facts from the copies and requests it synced", async () => {
    // The facts the categories read (decision 046), recomputed here from the synced rows.
    const copies: {
      item_id: string;
      managed: boolean;
      resolution: string | null;
      size_bytes: string;
      file_count: number;
      monitored: boolean;
      is_best: boolean;
      cutoff_unmet: boolean;
    }[] = await database.query(
      `SELECT "item_id", "connection_id" IS NOT NULL AS "managed", "resolution", "size_bytes", "file_count",
              "monitored", "is_best", "cutoff_unmet" FROM "curation"."catalog_copies"`,
    );
    const noCopies = {
      largest: 0,
      largest4k: 0,
      withFiles: 0,
      missing: false,
      beyondBest: 0,
      belowCutoff: 0,
    };
    const expected = new Map<string, Record<string, number | boolean>>();
    for (const copy of copies) {
      const facts = expected.get(copy.item_id) ?? { ...noCopies };
      const size = Number(copy.size_bytes);
      const largest = copy.resolution === '4K' ? 'largest4k' : 'largest';
      facts[largest] = Math.max(Number(facts[largest]), size);
      if (copy.managed && copy.file_count > 0) facts['withFiles'] = Number(facts['withFiles']) + 1;
      if (copy.managed && copy.monitored && copy.file_count === 0) facts['missing'] = true;
      if (!copy.is_best) facts['beyondBest'] = Number(facts['beyondBest']) + size;
      if (copy.cutoff_unmet) facts['belowCutoff'] = Number(facts['belowCutoff']) + size;
      expected.set(copy.item_id, facts);
    }
    const items: { id: string; facts: Record<string, number | boolean> }[] = await database.query(
      `SELECT "id", json_build_object('largest', "largest_copy_bytes", 'largest4k', "largest_4k_copy_bytes",
              'withFiles', "managed_copies_with_files", 'missing', "has_missing_copy",
              'beyondBest', "beyond_best_bytes", 'belowCutoff', "below_cutoff_bytes") AS "facts"
         FROM "curation"."catalog_items"`,
    );
    expect(copies.length).toBeGreaterThan(100);
    expect(new Map(items.map((row) => [row.id, row.facts]))).toEqual(
      new Map(items.map((row) => [row.id, expected.get(row.id) ?? noCopies])),
    );
  });

  it('answers 409 with the running job to a second request while a sync runs', async () => {
    stack.plex.faults.add({ path: '/status/sessions/history/all', delayMs: 1500, times: 1 });
    const jobId = await startSync();
    const second = await request(service.server).post('/api/v1/sync').set('X-Api-Key', ADMIN_KEY);
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({
      code: 'sync.already-running',
      runningJob: { jobId, state: 'running' },
    });
    const running = await status();
    expect(running).toMatchObject({ state: 'running', jobId });
    await service.app.get(SyncService).settled();
    expect(await status()).toMatchObject({ state: 'succeeded', jobId });
  });

  it('records each start in the ledger: by its caller, by the scheduler, a refused one not at all', async () => {
    const before = (await ledgerRecords(service, ADMIN_KEY, { action: 'sync.started' })).length;
    stack.plex.faults.add({ path: '/status/sessions/history/all', delayMs: 1000, times: 1 });
    const manual = await startSync();
    const refused = await request(service.server).post('/api/v1/sync').set('X-Api-Key', ADMIN_KEY);
    expect(refused.status).toBe(409);
    await service.app.get(SyncService).settled();
    const { jobId: scheduled } = await service.app.get(SyncService).start('scheduler');
    await service.app.get(SyncService).settled();
    const rows = await ledgerRecords(service, ADMIN_KEY, { action: 'sync.started' });
    expect(rows).toHaveLength(before + 2);
    expect(
      rows.slice(0, 2).map(({ actor, title, parsed, outcome }) => ({ actor, title, parsed, outcome })),
    ).toEqual([
      {
        actor: 'scheduler',
        title: `Sync ${scheduled}`,
        parsed: { jobId: scheduled, trigger: 'schedule' },
        outcome: 'completed',
      },
      {
        actor: 'bootstrap-api-key',
        title: `Sync ${manual}`,
        parsed: { jobId: manual, trigger: 'manual' },
        outcome: 'completed',
      },
    ]);
  });

  it.each([
    ['plex history', () => stack.plex.faults, '/status/sessions/history/all', 'plex history'],
    ['plex library', () => stack.plex.faults, '/library/sections', 'plex'],
    ['sonarr', () => stack.sonarr4k.faults, '/api/v3/series', 'sonarr: Sonarr 4K'],
    ['radarr', () => stack.radarr.faults, '/api/v3/movie', 'radarr: Radarr'],
    ['overseerr', () => stack.overseerr.faults, '/api/v1/request', 'overseerr: Overseerr'],
  ])(
    'leaves the catalog and every watch state unchanged when %s fails, naming it',
    async (_name, faults, path, source) => {
      const before = await catalogDigest();
      expect(before).toContain('"account_id"');
      faults().add({ path, status: 500 });
      const outcome = await syncToEnd();
      expect(outcome).toMatchObject({ state: 'failed' });
      const errors = outcome['errors'] as { source: string; message: string }[];
      expect(errors.map((error) => error.source)).toEqual([source]);
      expect(errors[0]?.message).toContain('500');
      expect(JSON.stringify(errors)).not.toContain(stack.sonarr4k.apiKey);
      expect(await catalogDigest()).toBe(before);
    },
  );

  it('lets one of two replicas on one database sync at a time, and takes over an abandoned lease', async () => {
    const second = await startServiceOn(CURATION_SERVICE, service.database.url, {
      ...ENVIRONMENT,
      CURATION_PLEX_TV_URL: stack.plexTv.url,
    });
    try {
      stack.plex.faults.add({ path: '/status/sessions/history/all', delayMs: 1500, times: 1 });
      const first = await startSync();
      const refused = await request(second.getHttpServer()).post('/api/v1/sync').set('X-Api-Key', ADMIN_KEY);
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({ runningJob: { jobId: first } });
      await service.app.get(SyncService).settled();
      expect(await status(second)).toMatchObject({ state: 'succeeded', jobId: first });

      // A replica that died mid-sync leaves a running job whose heartbeat stops. While the
      // heartbeat is recent it holds the lease; once older than the lease, the next sync takes over.
      const [dead] = (await database.query(
        `INSERT INTO "curation"."sync_jobs" ("state", "trigger", "phase", "heartbeat_at")
         VALUES ('running', 'schedule', 'fetching', now() - interval '30 seconds') RETURNING "id"`,
      )) as { id: string }[];
      const blocked = await request(second.getHttpServer()).post('/api/v1/sync').set('X-Api-Key', ADMIN_KEY);
      expect(blocked.status).toBe(409);
      expect(blocked.body).toMatchObject({ runningJob: { jobId: dead?.id } });
      await database.query(
        `UPDATE "curation"."sync_jobs" SET "heartbeat_at" = now() - interval '10 minutes' WHERE "id" = $1`,
        [dead?.id],
      );
      const takeover = await syncToEnd(second);
      expect(takeover).toMatchObject({ state: 'succeeded' });
      const [abandoned] = (await database.query(
        `SELECT "state", "errors", "finished_at" FROM "curation"."sync_jobs" WHERE "id" = $1`,
        [dead?.id],
      )) as { state: string; errors: { source: string; message: string }[]; finished_at: Date | null }[];
      expect(abandoned?.state).toBe('failed');
      expect(abandoned?.finished_at).not.toBeNull();
      expect(abandoned?.errors).toEqual([
        { source: 'sync', message: 'abandoned: the replica running it stopped sending heartbeats' },
      ]);
      expect(await status()).toMatchObject({ state: 'succeeded', jobId: takeover['jobId'] });
    } finally {
      await second.close();
    }
  });
});
