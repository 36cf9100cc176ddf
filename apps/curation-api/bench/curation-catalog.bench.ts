// Benchmark: the catalog list and the smart categories on a generated 100,000-item library in
// PostgreSQL, through HTTP as a client sees them. Goals (issue 17): catalog p95 <= 30 ms over a
// spread of filters and sorts including a deep page; all ten categories <= 150 ms, also for one user.
//   TEST_DATABASE_URL=postgres://... npm run bench -- curation-catalog
// BENCH_KEEP_DATABASE=1 leaves the loaded database in place (its URL is printed) for EXPLAIN;
// BENCH_DATABASE_URL=<that URL> runs on it again (migrations applied, the library reloaded only
// when its item count differs from BENCH_ITEMS).
import type { NestExpressApplication } from '@nestjs/platform-express';
import { getDataSourceToken } from '@nestjs/typeorm';
import { startServiceOn, startTestService } from '@platform/testing-service';
import request from 'supertest';
import type { DataSource } from 'typeorm';
import { generateCatalogFixture, loadCatalogFixture } from '../src/catalog/catalog-fixture.spec-helpers';
import { CURATION_SERVICE } from '../src/curation-api.module';
import { percentiles } from './support/percentiles';

const ITEMS = Number(process.env['BENCH_ITEMS'] ?? 100_000);
const ROUNDS = Number(process.env['BENCH_ROUNDS'] ?? 10);
const CATEGORY_ROUNDS = Math.max(5, Math.ceil(ROUNDS / 2));
const ADMIN_KEY = 'bench-bootstrap-key-0123456789abcdef';
const CATALOG_GOAL_MS = 30;
const CATEGORIES_GOAL_MS = 150;
const KEEP_DATABASE = process.env['BENCH_KEEP_DATABASE'] === '1';
const REUSED_DATABASE_URL = process.env['BENCH_DATABASE_URL'];

interface BenchService {
  readonly app: NestExpressApplication;
  readonly server: ReturnType<NestExpressApplication['getHttpServer']>;
  readonly databaseUrl: string;
  close(): Promise<void>;
}

/** The service on a fresh test database or a kept one; closing drops the database only when fresh and not kept. */
async function startBenchService(environment: Record<string, string>): Promise<BenchService> {
  if (REUSED_DATABASE_URL !== undefined) {
    const app = await startServiceOn(CURATION_SERVICE, REUSED_DATABASE_URL, environment);
    return { app, server: app.getHttpServer(), databaseUrl: REUSED_DATABASE_URL, close: () => app.close() };
  }
  const service = await startTestService(CURATION_SERVICE, environment);
  return {
    app: service.app,
    server: service.server,
    databaseUrl: service.database.url,
    close: () => (KEEP_DATABASE ? service.app.close() : service.close()),
  };
}

function catalogQueries(userId: string): string[] {
  return [
    '',
    'sortBy=title',
    'sortBy=title&sortDesc=true',
    'sortBy=size&sortDesc=true&offset=50000',
    'sortBy=title&offset=90000',
    'sortBy=added&sortDesc=true',
    'sortBy=lastWatched&sortDesc=true',
    'sortBy=plays&sortDesc=true',
    'mediaType=series&sortBy=size&sortDesc=true',
    'resolution=4K&sortBy=title',
    'cutoffUnmet=true&sortBy=size&sortDesc=true',
    'search=amelie&sortBy=title',
    'pre2017Filter=exclude&sortBy=added&sortDesc=true',
    'category=never_watched&sortBy=size&sortDesc=true',
    'category=stale&sortBy=lastWatched',
    'category=space_hogs&sortBy=size&sortDesc=true',
    'category=duplicates&sortBy=title',
    'category=missing&sortBy=title&offset=1000',
    `category=never_watched&userId=${userId}&sortBy=title`,
    `userId=${userId}&sortBy=plays&sortDesc=true`,
    `requestedBy=${userId}&sortBy=title`,
  ];
}

async function timed(run: () => Promise<unknown>): Promise<number> {
  const start = process.hrtime.bigint();
  await run();
  return Number(process.hrtime.bigint() - start) / 1e6;
}

const format = (value: number) => value.toFixed(1).padStart(7);

describe('curation-catalog benchmark', () => {
  let service: BenchService | undefined;

  afterAll(async () => {
    await service?.close();
    if (KEEP_DATABASE && service !== undefined) console.log(`kept database: ${service.databaseUrl}`);
  });

  it(`times the catalog and the categories on ${ITEMS} items`, async () => {
    const started = await startBenchService({ CURATION_BOOTSTRAP_API_KEY: ADMIN_KEY });
    service = started;
    const database = started.app.get<DataSource>(getDataSourceToken());
    const fixture = generateCatalogFixture({ seed: 100, items: ITEMS, users: 20, maxEpisodes: 12 });
    const loadStart = Date.now();
    const [present] = await database.query('SELECT count(*)::int AS "items" FROM "curation"."catalog_items"');
    if (REUSED_DATABASE_URL === undefined || present.items !== ITEMS)
      await loadCatalogFixture(database, fixture);
    const [counts] = await database.query(
      `SELECT (SELECT count(*) FROM "curation"."catalog_items") AS items, (SELECT count(*) FROM "curation"."catalog_copies") AS copies,
              (SELECT count(*) FROM "curation"."catalog_files") AS files, (SELECT count(*) FROM "curation"."catalog_watch") AS watch`,
    );
    console.log(`loaded ${JSON.stringify(counts)} in ${((Date.now() - loadStart) / 1000).toFixed(1)} s`);
    const get = (path: string) => request(started.server).get(path).set('X-Api-Key', ADMIN_KEY).expect(200);
    const userId = fixture.users[3]!.id;

    // Baselines from the same run, so a loaded machine shows as such: one HTTP round trip through
    // the same guard (settings), and one full scan of the items table.
    const baselineHttp: number[] = [];
    const baselineScan: number[] = [];
    for (let round = 0; round < 20; round += 1) {
      baselineHttp.push(await timed(() => get('/api/v1/settings')));
      baselineScan.push(await timed(() => database.query('SELECT count(*) FROM "curation"."catalog_items"')));
    }

    const queries = catalogQueries(userId);
    for (const query of queries) await get(`/api/v1/catalog?${query}`);
    const perQuery = new Map<string, number[]>(queries.map((query) => [query, []]));
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const query of queries)
        perQuery.get(query)!.push(await timed(() => get(`/api/v1/catalog?${query}`)));
    }
    const lines = ['catalog query                                            p50 ms   p95 ms'];
    for (const [query, samples] of perQuery) {
      const stats = percentiles(samples);
      lines.push(`${(query || '(defaults)').padEnd(55)}${format(stats.p50)}  ${format(stats.p95)}`);
    }
    const catalog = percentiles([...perQuery.values()].flat());

    await get('/api/v1/categories');
    const everyone: number[] = [];
    const oneUser: number[] = [];
    for (let round = 0; round < CATEGORY_ROUNDS; round += 1) {
      everyone.push(await timed(() => get('/api/v1/categories')));
      oneUser.push(await timed(() => get(`/api/v1/categories?userId=${userId}`)));
    }
    const all = percentiles(everyone);
    const user = percentiles(oneUser);
    const http = percentiles(baselineHttp);
    const scan = percentiles(baselineScan);
    lines.push(
      '',
      `baseline: GET /settings     p50 ${format(http.p50)} ms; count(*) of ${ITEMS} items p50 ${format(scan.p50)} ms`,
      `catalog p95 / settings p50: ${(catalog.p95 / http.p50).toFixed(1)}x; categories p95 / count(*) p50: ${(all.p95 / scan.p50).toFixed(1)}x`,
      `catalog, all ${perQuery.size} queries         p50 ${format(catalog.p50)} ms  p95 ${format(catalog.p95)} ms  goal p95 ${CATALOG_GOAL_MS} ms  ratio ${(catalog.p95 / CATALOG_GOAL_MS).toFixed(2)}`,
      `categories, everyone        p50 ${format(all.p50)} ms  p95 ${format(all.p95)} ms  goal ${CATEGORIES_GOAL_MS} ms  ratio ${(all.p95 / CATEGORIES_GOAL_MS).toFixed(2)}`,
      `categories, one user        p50 ${format(user.p50)} ms  p95 ${format(user.p95)} ms  goal ${CATEGORIES_GOAL_MS} ms  ratio ${(user.p95 / CATEGORIES_GOAL_MS).toFixed(2)}`,
    );
    console.log(lines.join('\n'));
    // Loading 100,000 items alone can take minutes on a busy 2-core machine.
  }, 3_600_000);
});
