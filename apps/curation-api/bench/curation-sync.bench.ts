// Benchmark of the curation sync over a 100,000-item generated library (issue 17 goals: a full
// sync within 120 s, a resync with nothing changed within 30 s, HTTP requests growing with pages,
// not items). Baseline from the same run: the fetch phase alone (the same clients reading every
// source, nothing matched or written), so the ratio shows what matching and the switch add.
//   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench -- curation-sync
//   CURATION_SYNC_BENCH_ITEMS=10000 for a smaller library
import { getDataSourceToken } from '@nestjs/typeorm';
import request from 'supertest';
import type { DataSource } from 'typeorm';
import { startMediaStack } from '@platform/testing-media-stack';
import type { LibraryUser, MediaStack } from '@platform/testing-media-stack';
import { startTestService, type TestService } from '@platform/testing-service';
import { ConnectionRepository } from '../src/connections/connection.repository';
import { CURATION_SERVICE } from '../src/curation-api.module';
import { MediaServerBindingRepository } from '../src/mediaserver/media-server-binding.repository';
import { SourceFetcher } from '../src/sync/source-fetcher';
import { SyncService } from '../src/sync/sync.service';
import { SYNC_SOURCE_FACTORY } from '../src/sync/sync-sources';
import type { SyncSourceFactory } from '../src/sync/sync-sources';

const ITEMS = Number(process.env['CURATION_SYNC_BENCH_ITEMS'] ?? 100_000);
const ADMIN_KEY = 'curation-sync-bench-bootstrap-key';

interface Row {
  scenario: string;
  seconds: number;
  httpRequests: number;
  items: number;
  goalSeconds: number | null;
}

describe(`curation sync benchmark (${ITEMS} items)`, () => {
  let stack: MediaStack;
  let service: TestService;

  afterAll(async () => {
    await service?.close();
    await stack?.stop();
  });

  it('measures a full sync and a resync against the fetch phase alone', async () => {
    const generation = performance.now();
    stack = await startMediaStack({ seed: 'curation-sync-bench', items: ITEMS });
    const generationSeconds = (performance.now() - generation) / 1000;
    service = await startTestService(CURATION_SERVICE, {
      CURATION_BOOTSTRAP_API_KEY: ADMIN_KEY,
      CURATION_SYNC_INTERVAL_MINUTES: '0',
      CURATION_PLEX_TV_URL: stack.plexTv.url,
    });
    const owner = stack.library.users.find((user) => user.kind === 'owner') as LibraryUser;
    const binding = {
      machineIdentifier: stack.library.server.machineIdentifier,
      name: stack.library.server.name,
      baseUrl: stack.plex.url,
      token: owner.serverToken,
      ownerAccountId: String(owner.plexId),
      boundBy: 'bench',
    };
    await service.app.get(MediaServerBindingRepository).replace(binding);
    const connections = service.app.get(ConnectionRepository);
    for (const [type, name, simulator, is4k] of [
      ['sonarr', 'Sonarr', stack.sonarr, false],
      ['sonarr', 'Sonarr 4K', stack.sonarr4k, true],
      ['radarr', 'Radarr', stack.radarr, false],
      ['radarr', 'Radarr 4K', stack.radarr4k, true],
      ['overseerr', 'Overseerr', stack.overseerr, false],
    ] as const) {
      await connections.insert({ type, name, baseUrl: simulator.url, apiKey: simulator.apiKey, is4k });
    }
    const database = service.app.get<DataSource>(getDataSourceToken());
    const rows: Row[] = [];

    const fetchStart = performance.now();
    const fetcher = new SourceFetcher(
      service.app.get<SyncSourceFactory>(SYNC_SOURCE_FACTORY),
      () => undefined,
    );
    const fetched = await fetcher.fetch(
      { ...binding, boundAt: new Date() },
      await connections.listWithKeys(),
    );
    expect(fetched.ok).toBe(true);
    rows.push({
      scenario: 'baseline: fetch phase only',
      seconds: (performance.now() - fetchStart) / 1000,
      httpRequests: fetcher.httpRequests,
      items: 0,
      goalSeconds: null,
    });

    for (const [scenario, goalSeconds] of [
      ['full sync (empty catalog)', 120],
      ['resync (nothing changed)', 30],
    ] as const) {
      const started = performance.now();
      const response = await request(service.server).post('/api/v1/sync').set('X-Api-Key', ADMIN_KEY);
      expect(response.status).toBe(202);
      await service.app.get(SyncService).settled();
      const seconds = (performance.now() - started) / 1000;
      const [job] = (await database.query(
        `SELECT "state", "http_requests", "total", "errors" FROM "curation"."sync_jobs" WHERE "id" = $1`,
        [(response.body as { jobId: string }).jobId],
      )) as { state: string; http_requests: number; total: number; errors: unknown }[];
      expect(job).toMatchObject({ state: 'succeeded' });
      rows.push({
        scenario,
        seconds,
        httpRequests: job?.http_requests ?? 0,
        items: job?.total ?? 0,
        goalSeconds,
      });
    }

    const library = stack.library;
    const episodes = library.series.reduce(
      (sum, series) => sum + series.seasons.reduce((count, season) => count + season.episodes.length, 0),
      0,
    );
    const baseline = rows[0]?.seconds ?? NaN;
    const table = [
      `library: ${library.movies.length} movies, ${library.series.length} series, ${episodes} episodes, ` +
        `${library.history.length} plays, ${library.requests.length} requests (generated and served in ${generationSeconds.toFixed(1)} s)`,
      '| scenario | seconds | ratio to fetch only | HTTP requests | items written | goal |',
      '|---|---|---|---|---|---|',
      ...rows.map(
        (row) =>
          `| ${row.scenario} | ${row.seconds.toFixed(1)} | ${(row.seconds / baseline).toFixed(2)}x | ${row.httpRequests} | ` +
          `${row.items} | ${row.goalSeconds === null ? '' : `<= ${row.goalSeconds} s`} |`,
      ),
    ].join('\n');
    process.stdout.write(`\n${table}\n`);
  });
});
