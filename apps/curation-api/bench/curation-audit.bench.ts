// Benchmark: GET /api/v1/audit on a 100,000-row ledger, through HTTP as a client sees it. Goal
// (issue 18): p95 <= 30 ms for the first page, a deep page and each filter, shown against a
// same-run baseline (GET /settings: one guarded round trip with one tiny query).
//   TEST_DATABASE_URL=postgres://... npm run bench -- curation-audit
import { getDataSourceToken } from '@nestjs/typeorm';
import { startTestService, type TestService } from '@platform/testing-service';
import request from 'supertest';
import type { DataSource } from 'typeorm';
import { AUDIT_ACTIONS } from '../src/audit/audit-actions';
import { CURATION_SERVICE } from '../src/curation-api.module';
import { percentiles } from './support/percentiles';

const ROWS = Number(process.env['BENCH_AUDIT_ROWS'] ?? 100_000);
const ROUNDS = Number(process.env['BENCH_ROUNDS'] ?? 20);
const ADMIN_KEY = 'bench-audit-bootstrap-key-0123456789abcdef';
const GOAL_MS = 30;
const ACTORS = 50;
const SPAN_DAYS = 365;

const QUERIES = [
  '',
  'limit=1000',
  `offset=${Math.max(0, ROWS / 2)}`,
  `offset=${Math.max(0, ROWS - 250)}`,
  'action=prune',
  'action=prune&offset=10000',
  'action=settings.updated',
  'actor=user-7',
  'actor=user-7&action=protect',
  'from=2026-03-01&to=2026-04-01',
  'from=2026-03-01T00:00:00Z&to=2026-03-02T00:00:00Z&action=prune',
  'actor=nobody-at-all',
];

/**
 * Writes `rows` ledger rows in one statement, as the features would have over a year: a fifth
 * prunes (with bytes), the rest spread over the other actions, 50 actors; then the running total.
 */
async function seedLedger(database: DataSource, rows: number): Promise<void> {
  await database.query(
    `INSERT INTO "curation"."audit_log"
       ("action", "title", "media_type", "media_item_id", "bytes_freed", "actor", "executed_at", "details", "outcome", "completed_at")
     SELECT a."action",
            CASE WHEN a."media" THEN 'Movie ' || n ELSE 'Subject ' || n END,
            CASE WHEN a."media" THEN 'movie' END,
            CASE WHEN a."media" THEN 'movie-tmdb-' || (n % 20000) END,
            CASE WHEN a."action" = 'prune' THEN (n % 97 + 1) * 1073741824::bigint ELSE 0 END,
            'user-' || (n % $2),
            timestamptz '2026-01-01' + (n::double precision / $1) * interval '${SPAN_DAYS} days',
            jsonb_build_object('n', n),
            'completed',
            timestamptz '2026-01-01' + (n::double precision / $1) * interval '${SPAN_DAYS} days'
       FROM generate_series(1, $1) AS n
       JOIN LATERAL (
         SELECT ($3::text[])[1 + (n * 7) % array_length($3::text[], 1)] AS "action"
       ) picked ON true
       JOIN LATERAL (
         SELECT CASE WHEN n % 5 = 0 THEN 'prune' ELSE picked."action" END AS "action",
                (n % 5 = 0 OR picked."action" IN ('protect', 'unprotect') OR picked."action" LIKE 'protection-request.%') AS "media"
       ) a ON true`,
    [rows, ACTORS, AUDIT_ACTIONS.filter((action) => action !== 'prune')],
  );
  await database.query(
    `UPDATE "curation"."audit_totals" SET ("bytes_freed", "rows") =
       (SELECT COALESCE(sum("bytes_freed"), 0), count(*) FROM "curation"."audit_log")`,
  );
  await database.query('VACUUM ANALYZE "curation"."audit_log"');
}

async function timed(run: () => Promise<unknown>): Promise<number> {
  const start = process.hrtime.bigint();
  await run();
  return Number(process.hrtime.bigint() - start) / 1e6;
}

const format = (value: number) => value.toFixed(1).padStart(7);

describe('curation-audit benchmark', () => {
  let service: TestService;

  afterAll(async () => {
    await service?.close();
  });

  it(`times GET /api/v1/audit on ${ROWS} ledger rows`, async () => {
    service = await startTestService(CURATION_SERVICE, { CURATION_BOOTSTRAP_API_KEY: ADMIN_KEY });
    const database = service.app.get<DataSource>(getDataSourceToken());
    const loadStart = Date.now();
    await seedLedger(database, ROWS);
    console.log(`seeded ${ROWS} ledger rows in ${((Date.now() - loadStart) / 1000).toFixed(1)} s`);
    const get = (path: string) => request(service.server).get(path).set('X-Api-Key', ADMIN_KEY).expect(200);

    for (const query of QUERIES) await get(`/api/v1/audit?${query}`);
    const baseline: number[] = [];
    const perQuery = new Map<string, number[]>(QUERIES.map((query) => [query, []]));
    for (let round = 0; round < ROUNDS; round += 1) {
      baseline.push(await timed(() => get('/api/v1/settings')));
      for (const query of QUERIES)
        perQuery.get(query)?.push(await timed(() => get(`/api/v1/audit?${query}`)));
    }
    const settings = percentiles(baseline);
    const lines = [
      'audit query                                                    p50 ms   p95 ms  p95/goal  p95/baseline p50',
    ];
    for (const [query, samples] of perQuery) {
      const stats = percentiles(samples);
      lines.push(
        `${(query || '(defaults: limit 250)').padEnd(62)}${format(stats.p50)}  ${format(stats.p95)}  ${(stats.p95 / GOAL_MS).toFixed(2).padStart(8)}  ${(stats.p95 / settings.p50).toFixed(1).padStart(8)}x`,
      );
    }
    const all = percentiles([...perQuery.values()].flat());
    lines.push(
      '',
      `baseline GET /settings                                        ${format(settings.p50)}  ${format(settings.p95)}`,
      `all ${QUERIES.length} audit queries                                            ${format(all.p50)}  ${format(all.p95)}  ${(all.p95 / GOAL_MS).toFixed(2).padStart(8)}  goal p95 ${GOAL_MS} ms`,
    );
    console.log(lines.join('\n'));
  }, 3_600_000);
});
