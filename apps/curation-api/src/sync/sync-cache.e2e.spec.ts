// The sync's source cache end to end (docs/decisions/052): the real app over real Postgres against
// the simulators. A resync with nothing changed reads no section items and no episode files and
// leaves the catalog untouched; a change in any source shows up after a resync; a corrupt, stale
// or foreign cache entry is read from the source instead. Expectations come from the simulators'
// state and request logs, not from the sync's own code.
import { getDataSourceToken } from '@nestjs/typeorm';
import request from 'supertest';
import type { DataSource } from 'typeorm';
import {
  generateMediaLibrary,
  isBelowCutoff,
  startMediaStack,
  startPlexMediaServer,
} from '@platform/testing-media-stack';
import type {
  LibraryMovie,
  LibraryUser,
  MediaStack,
  PlexMediaServerSimulator,
  RecordedRequest,
} from '@platform/testing-media-stack';
import { startTestService, type TestService } from '@platform/testing-service';
import { ConnectionRepository } from '../connections/connection.repository';
import { CURATION_SERVICE } from '../curation-api.module';
import { MediaServerBindingRepository } from '../mediaserver/media-server-binding.repository';
import { digestOfBytes } from './source-cache';
import { SyncService } from './sync.service';
import { connectSimulatedStack } from './synced-curation.spec-helpers';

const ADMIN_KEY = 'sync-cache-e2e-bootstrap-key-0123456789';

let stack: MediaStack;
let service: TestService;
let database: DataSource;

beforeAll(async () => {
  stack = await startMediaStack({ seed: 'curation-sync-cache-e2e', items: 160 });
  service = await startTestService(CURATION_SERVICE, {
    CURATION_BOOTSTRAP_API_KEY: ADMIN_KEY,
    CURATION_SYNC_INTERVAL_MINUTES: '0',
    CURATION_PLEX_TV_URL: stack.plexTv.url,
  });
  database = service.app.get<DataSource>(getDataSourceToken());
  await connectSimulatedStack(service, stack, 'sync-cache-e2e');
  await sync();
}, 60_000);

afterAll(async () => {
  await service?.close();
  await stack?.stop();
});

type Simulator = 'plex' | 'sonarr' | 'sonarr4k' | 'radarr' | 'radarr4k' | 'overseerr';
const SIMULATORS: readonly Simulator[] = ['plex', 'sonarr', 'sonarr4k', 'radarr', 'radarr4k', 'overseerr'];

/** Runs a sync to its end; what each simulator was asked meanwhile, and the job's row. */
async function sync(): Promise<{
  requests: Record<Simulator, RecordedRequest[]>;
  job: { state: string; http_requests: number; total: number };
}> {
  const before = Object.fromEntries(SIMULATORS.map((name) => [name, stack[name].requests.length]));
  const started = await request(service.server).post('/api/v1/sync').set('X-Api-Key', ADMIN_KEY);
  expect(started.status).toBe(202);
  await service.app.get(SyncService).settled();
  const [job] = (await database.query(
    `SELECT "state", "http_requests", "total", "errors" FROM "curation"."sync_jobs" WHERE "id" = $1`,
    [(started.body as { jobId: string }).jobId],
  )) as { state: string; http_requests: number; total: number; errors: unknown }[];
  expect(job).toMatchObject({ state: 'succeeded', errors: [] });
  const requests = Object.fromEntries(
    SIMULATORS.map((name) => [name, stack[name].requests.slice(before[name])]),
  ) as Record<Simulator, RecordedRequest[]>;
  return { requests, job: job as { state: string; http_requests: number; total: number } };
}

/** Every catalog row in a stable order (copy ids aside: each rewrite hands them out anew). */
async function catalogRows(): Promise<string> {
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
  return JSON.stringify(parts);
}

/** Row versions of the items table: a rewrite gives every row a new one. */
async function itemRowVersions(): Promise<string[]> {
  const rows: { version: string }[] = await database.query(
    `SELECT "xmin"::text AS "version" FROM "curation"."catalog_items" ORDER BY "id"`,
  );
  return rows.map((row) => row.version);
}

const itemReads = (requests: readonly RecordedRequest[]) =>
  requests.filter((entry) => /^\/library\/sections\/[0-9]+\/(all|allLeaves)$/.test(entry.path));
const episodeFileReads = (requests: readonly RecordedRequest[]) =>
  requests.filter((entry) => entry.path === '/api/v3/episodefile');
const historyReads = (requests: readonly RecordedRequest[]) =>
  requests.filter((entry) => entry.path === '/status/sessions/history/all');

async function plays(itemId: string): Promise<number> {
  const rows: { plays: number }[] = await database.query(
    `SELECT "plays" FROM "curation"."catalog_items" WHERE "id" = $1`,
    [itemId],
  );
  return rows[0]?.plays ?? Number.NaN;
}

/** A movie no system has held before, with fresh ids, cloned from one the library has. */
function newMovie(
  shape: LibraryMovie,
  ids: { tmdbId: number; ratingKey?: number; radarrMovieId?: number },
): LibraryMovie {
  const versions = (shape.plex?.versions ?? []).map((version, index) => ({
    mediaId: 900_000 + ids.tmdbId * 10 + index,
    partId: 900_000 + ids.tmdbId * 10 + index,
    file: { ...version.file, path: `/data/movies/Cache Test ${ids.tmdbId}/movie-${index}.mkv` },
  }));
  return {
    ...shape,
    title: `Cache Test ${ids.tmdbId}`,
    tmdbId: ids.tmdbId,
    imdbId: null,
    plex:
      ids.ratingKey === undefined || shape.plex === null
        ? null
        : { ...shape.plex, ratingKey: ids.ratingKey, versions },
    radarr:
      ids.radarrMovieId === undefined
        ? []
        : [
            {
              instance: 'hd',
              movieId: ids.radarrMovieId,
              monitored: true,
              qualityProfileId: 4,
              addedAt: stack.library.now - 86_400,
              file: null,
            },
          ],
  };
}

describe('sync with the source cache', () => {
  it('resyncs an unchanged library without reading section items or episode files, and leaves the catalog as it was', async () => {
    const rowsBefore = await catalogRows();
    const versionsBefore = await itemRowVersions();
    const { requests, job } = await sync();

    expect(itemReads(requests.plex)).toEqual([]);
    expect(episodeFileReads([...requests.sonarr, ...requests.sonarr4k])).toEqual([]);
    // The history: the plays since the newest cached one, and the total that proves the merge.
    expect(historyReads(requests.plex).map((entry) => entry.query['viewedAt>'] !== undefined)).toContain(
      true,
    );
    expect(historyReads(requests.plex).some((entry) => entry.headers['x-plex-container-size'] === '0')).toBe(
      true,
    );
    expect(await catalogRows()).toBe(rowsBefore);
    expect(await itemRowVersions()).toEqual(versionsBefore);
    expect(job.total).toBe(versionsBefore.length);
    expect(job.http_requests).toBe(Object.values(requests).reduce((sum, list) => sum + list.length, 0));
  });

  it('shows a movie Plex added and one Plex deleted, reading only the movie section again', async () => {
    const shape = stack.library.movies.find(
      (movie) => movie.plex !== null && movie.radarr.length === 0,
    ) as LibraryMovie;
    const ratingKey = 7_000_001; // not a multiple of 3: the simulator gives it external ids
    stack.plex.state.addMovie(newMovie(shape, { tmdbId: 9_100_001, ratingKey }));
    const gone = stack.library.movies.find(
      (movie) => movie.plex !== null && movie.radarr.length === 0 && movie !== shape,
    ) as LibraryMovie;
    const goneKey = gone.plex?.ratingKey ?? 0;
    stack.plex.state.removeItem(stack.plex.state.index.entity(goneKey));

    const { requests } = await sync();
    expect(itemReads(requests.plex).map((entry) => entry.path)).toEqual(
      expect.arrayContaining(['/library/sections/1/all']),
    );
    expect(itemReads(requests.plex).filter((entry) => entry.path.startsWith('/library/sections/2/'))).toEqual(
      [],
    );
    const keys: { plex_rating_key: string }[] = await database.query(
      `SELECT "plex_rating_key" FROM "curation"."catalog_items" WHERE "plex_rating_key" = ANY($1::text[])`,
      [[String(ratingKey), String(goneKey)]],
    );
    expect(keys).toEqual([{ plex_rating_key: String(ratingKey) }]);
  });

  it('leaves the catalog unwritten when the sources changed but the rows it makes did not', async () => {
    // A play of an item Plex no longer has: the history changes, the catalog leaves such plays out.
    const removed = [...stack.plex.state.removedRatingKeys][0];
    if (removed === undefined) throw new Error('no item removed from Plex');
    const rowsBefore = await catalogRows();
    const versionsBefore = await itemRowVersions();
    stack.plex.state.addPlay({
      localAccountId: 1,
      ratingKey: removed,
      viewedAt: stack.library.now + 60,
      deviceId: 1,
    });
    await sync();
    expect(await catalogRows()).toBe(rowsBefore);
    expect(await itemRowVersions()).toEqual(versionsBefore);
  });

  it('counts a new play, and a play deleted from the history, after a resync', async () => {
    const { state } = stack.plex;
    // A play more than the overlap older than the newest: deleting it leaves the recent plays alone.
    const old = state.history.find((row) => {
      const entity = state.index.byRatingKey.get(row.ratingKey);
      return (
        row.viewedAt < stack.library.now - 30 * 86_400 &&
        entity?.kind === 'movie' &&
        entity.movie.radarr.length > 0 &&
        !state.removedRatingKeys.has(row.ratingKey)
      );
    });
    const entity = old === undefined ? undefined : state.index.byRatingKey.get(old.ratingKey);
    if (old === undefined || entity?.kind !== 'movie') throw new Error('no old play of a movie');
    const itemId = `movie-tmdb-${entity.movie.tmdbId}`;
    const before = await plays(itemId);
    state.addPlay({
      localAccountId: 1,
      ratingKey: old.ratingKey,
      viewedAt: stack.library.now + 3_600,
      deviceId: 1,
    });
    const added = await sync();
    expect(await plays(itemId)).toBe(before + 1);
    // Only the recent plays were read: every history request is filtered, or an empty page for the total.
    expect(historyReads(added.requests.plex).length).toBeGreaterThan(0);
    expect(
      historyReads(added.requests.plex).every(
        (entry) => entry.query['viewedAt>'] !== undefined || entry.headers['x-plex-container-size'] === '0',
      ),
    ).toBe(true);

    // The server's total no longer equals the merge, so the whole history is read.
    state.removePlay(old.historyId);
    const removed = await sync();
    expect(await plays(itemId)).toBe(before);
    expect(
      historyReads(removed.requests.plex).some(
        (entry) => entry.query['viewedAt>'] === undefined && entry.headers['x-plex-container-size'] !== '0',
      ),
    ).toBe(true);
  });

  it('reads again only the episode files of a series whose file Sonarr upgraded', async () => {
    const sonarr = stack.sonarr.state;
    const fileState = [...sonarr.episodeFiles.values()].find(
      (file) => sonarr.filesOf(file.seriesId).length > 1,
    );
    if (fileState === undefined) throw new Error('no series with several files');
    const seriesId = fileState.seriesId;
    const upgraded = { ...fileState.file.file, size: fileState.file.file.size + 123_457 };
    sonarr.replaceEpisodeFile(fileState.file.fileId, upgraded);

    const { requests } = await sync();
    expect(episodeFileReads(requests.sonarr).map((entry) => entry.query['seriesId'])).toEqual([
      String(seriesId),
    ]);
    expect(episodeFileReads(requests.sonarr4k)).toEqual([]);
    const files: { size_bytes: string }[] = await database.query(
      `SELECT "size_bytes" FROM "curation"."catalog_files" WHERE "file_key" = $1`,
      [upgraded.path],
    );
    expect(files.map((file) => Number(file.size_bytes))).toEqual([upgraded.size]);
  });

  it("re-reads the files of the series whose quality profile's cutoff changed, with the new cutoff flags", async () => {
    const sonarr = stack.sonarr.state;
    const used = new Set([...sonarr.series.values()].map((series) => series.qualityProfileId));
    const profile = sonarr.qualityProfiles.find(
      (candidate) => used.has(candidate.id) && candidate.qualityIds.length > 1,
    );
    if (profile === undefined) throw new Error('no profile with several qualities in use');
    const changed = { ...profile, cutoffQualityId: profile.qualityIds.at(-1) as number };
    sonarr.updateQualityProfile(changed);

    const { requests } = await sync();
    const seriesOfProfile = [...sonarr.series.values()].filter(
      (series) => series.qualityProfileId === profile.id && sonarr.filesOf(series.id).length > 0,
    );
    expect(
      new Set(episodeFileReads(requests.sonarr).map((entry) => Number(entry.query['seriesId']))),
    ).toEqual(new Set(seriesOfProfile.map((series) => series.id)));
    const expected = new Map(
      seriesOfProfile.flatMap((series) =>
        sonarr
          .filesOf(series.id)
          .map((file) => [file.file.file.path, isBelowCutoff(changed, file.file.file.qualityId)]),
      ),
    );
    const rows: { file_key: string; below_cutoff: boolean }[] = await database.query(
      `SELECT "file_key", "below_cutoff" FROM "curation"."catalog_files" WHERE "file_key" = ANY($1::text[])`,
      [[...expected.keys()]],
    );
    expect(new Map(rows.map((row) => [row.file_key, row.below_cutoff]))).toEqual(expected);
    expect([...expected.values()]).toContain(true);
  });

  it('shows a movie Radarr added', async () => {
    const shape = stack.library.movies[0] as LibraryMovie;
    stack.radarr.state.addMovie(newMovie(shape, { tmdbId: 9_100_002, radarrMovieId: 8_000_001 }));
    await sync();
    const rows: { id: string; has_missing_copy: boolean }[] = await database.query(
      `SELECT "id", "has_missing_copy" FROM "curation"."catalog_items" WHERE "id" = 'movie-tmdb-9100002'`,
    );
    expect(rows).toEqual([{ id: 'movie-tmdb-9100002', has_missing_copy: true }]);
  });

  it('reads a section again when its cache entry is corrupt, or a day old, and the catalog stays the same', async () => {
    await sync();
    const rowsBefore = await catalogRows();
    await database.query(
      `UPDATE "curation"."sync_source_cache" SET "payload" = '\\x1f8b0800deadbeef'::bytea WHERE "key" = 'plex/section/2'`,
    );
    const corrupt = await sync();
    expect(new Set(itemReads(corrupt.requests.plex).map((entry) => entry.path))).toEqual(
      new Set(['/library/sections/2/all', '/library/sections/2/allLeaves']),
    );
    expect(await catalogRows()).toBe(rowsBefore);

    await database.query(
      `UPDATE "curation"."sync_source_cache" SET "read_at" = now() - interval '25 hours' WHERE "key" <> 'catalog'`,
    );
    const due = await sync();
    expect(new Set(itemReads(due.requests.plex).map((entry) => entry.path))).toEqual(
      new Set(['/library/sections/1/all', '/library/sections/2/all', '/library/sections/2/allLeaves']),
    );
    expect(episodeFileReads(due.requests.sonarr).length).toBeGreaterThan(1);
    expect(await catalogRows()).toBe(rowsBefore);
    // Read whole, the entries start a new day.
    const stale: unknown[] = await database.query(
      `SELECT "key" FROM "curation"."sync_source_cache" WHERE "read_at" < now() - interval '1 hour'`,
    );
    expect(stale).toEqual([]);
  });

  it('rewrites the catalog after anything else wrote to it, even when the sources did not change', async () => {
    await sync();
    const rowsBefore = await catalogRows();
    await database.query(`UPDATE "curation"."catalog_items" SET "title" = 'Edited' WHERE "id" = (
      SELECT min("id") FROM "curation"."catalog_items")`);
    await sync();
    expect(await catalogRows()).toBe(rowsBefore);
  });

  it('fails once, then reads every source, when a payload matching its digest does not decode (a defect)', async () => {
    await sync();
    const rowsBefore = await catalogRows();
    const garbage = Buffer.from('not what the sync writes');
    await database.query(
      `UPDATE "curation"."sync_source_cache" SET "payload" = $1, "payload_digest" = $2 WHERE "key" = 'plex/section/1'`,
      [garbage, digestOfBytes(garbage)],
    );
    const started = await request(service.server).post('/api/v1/sync').set('X-Api-Key', ADMIN_KEY);
    expect(started.status).toBe(202);
    await service.app.get(SyncService).settled();
    const failed = await request(service.server).get('/api/v1/sync/status').set('X-Api-Key', ADMIN_KEY);
    expect(failed.body).toMatchObject({ state: 'failed', errors: [{ source: 'sync' }] });
    expect(await database.query(`SELECT "key" FROM "curation"."sync_source_cache"`)).toEqual([]);
    expect(await catalogRows()).toBe(rowsBefore);

    const { requests } = await sync();
    expect(new Set(itemReads(requests.plex).map((entry) => entry.path))).toEqual(
      new Set(['/library/sections/1/all', '/library/sections/2/all', '/library/sections/2/allLeaves']),
    );
    expect(await catalogRows()).toBe(rowsBefore);
  });

  it("drops a removed connection's copies and cache entry", async () => {
    const connections = service.app.get(ConnectionRepository);
    const sonarr4k = (await connections.list()).find((connection) => connection.name === 'Sonarr 4K');
    if (sonarr4k === undefined) throw new Error('no Sonarr 4K connection');
    await connections.delete(sonarr4k.id);
    await sync();
    const copies: unknown[] = await database.query(
      `SELECT 1 FROM "curation"."catalog_copies" WHERE "connection_id" = $1`,
      [sonarr4k.id],
    );
    expect(copies).toEqual([]);
    const entries: { key: string }[] = await database.query(
      `SELECT "key" FROM "curation"."sync_source_cache" ORDER BY "key"`,
    );
    expect(entries.map((entry) => entry.key)).not.toContain(`sonarr/${sonarr4k.id}`);
    expect(entries.map((entry) => entry.key)).toContain('catalog');
  });

  it('reads everything from a server bound in place of the first one, whose sections have the same keys', async () => {
    const otherLibrary = generateMediaLibrary({ seed: 'curation-sync-cache-other', items: 40 });
    const other: PlexMediaServerSimulator = await startPlexMediaServer({ library: otherLibrary });
    try {
      const otherOwner = otherLibrary.users.find((user) => user.kind === 'owner') as LibraryUser;
      // The show section has not changed on the first server: both servers send the same uuid,
      // change stamp and settings time for section 2, so only the cache's scope tells them apart.
      expect(other.state.contentChangedAt.get('2')).toBe(stack.plex.state.contentChangedAt.get('2'));
      await service.app.get(MediaServerBindingRepository).replace({
        machineIdentifier: otherLibrary.server.machineIdentifier,
        name: otherLibrary.server.name,
        baseUrl: other.url,
        token: otherOwner.serverToken,
        ownerAccountId: String(otherOwner.plexId),
        boundBy: 'sync-cache-e2e',
      });
      const before = other.requests.length;
      await sync();
      expect(new Set(itemReads(other.requests.slice(before)).map((entry) => entry.path))).toEqual(
        new Set(['/library/sections/1/all', '/library/sections/2/all', '/library/sections/2/allLeaves']),
      );
      const plexMovies: { plex_rating_key: string }[] = await database.query(
        `SELECT "plex_rating_key" FROM "curation"."catalog_items"
          WHERE "media_type" = 'movie' AND "plex_rating_key" IS NOT NULL ORDER BY 1`,
      );
      expect(plexMovies.map((row) => row.plex_rating_key)).toEqual(
        otherLibrary.movies
          .flatMap((movie) => (movie.plex === null ? [] : [String(movie.plex.ratingKey)]))
          .sort(),
      );
    } finally {
      await other.stop();
    }
  });
});
