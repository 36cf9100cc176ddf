// Property (fast-check) over the real app and the simulators: whatever the library, protections,
// pending requests, faults and sequence of prunes, (1) an item that is protected or has a pending
// protection request is never changed on any instance, and (2) the ledger's bytes (each row and
// the running total) equal the sum of the bytesFreed the answers reported.
import fc from 'fast-check';
import {
  fullSync,
  INSTANCES,
  type InstanceName,
  ledgerRows,
  ledgerTotal,
  postPrune,
  protect,
  type PruneFixture,
  requestProtection,
  startPruneFixture,
} from './prune-e2e.spec-helpers';

let fixture: PruneFixture;

beforeAll(async () => {
  fixture = await startPruneFixture('curation-prune-property', 60, {
    CURATION_PRUNE_CALL_TIMEOUT_MS: '1000',
  });
}, 90_000);

afterAll(async () => {
  await fixture?.stop();
});

const command = fc.record({
  item: fc.nat(),
  season: fc.option(fc.nat(), { nil: null }),
  targets: fc.integer({ min: 0, max: 15 }),
  exclusion: fc.boolean(),
  dryRun: fc.boolean(),
  fault: fc.option(fc.constantFrom(...INSTANCES), { nil: null }),
});
const block = fc.record({ item: fc.nat(), kind: fc.constantFrom('protect' as const, 'request' as const) });

interface CatalogEntry {
  id: string;
  tmdb_id: number | null;
  tvdb_id: number | null;
  connections: string[];
  seasons: number[];
}

async function catalog(): Promise<CatalogEntry[]> {
  return fixture.database.query(
    `SELECT i."id", i."tmdb_id", i."tvdb_id",
            coalesce(array_agg(DISTINCT c."connection_id"::text) FILTER (WHERE c."connection_id" IS NOT NULL), '{}') AS "connections",
            coalesce((SELECT array_agg(s."season_number" ORDER BY s."season_number") FROM "curation"."catalog_seasons" s
                       WHERE s."item_id" = i."id"), '{}') AS "seasons"
       FROM "curation"."catalog_items" i LEFT JOIN "curation"."catalog_copies" c ON c."item_id" = i."id"
      GROUP BY i."id" ORDER BY i."id"`,
  );
}

/** What every instance holds of an item: movie or series ids, each series' files and season flags. */
function holdings(entry: CatalogEntry): string {
  const { stack } = fixture;
  const parts: unknown[] = [];
  for (const name of ['radarr', 'radarr4k'] as const) {
    parts.push(
      [...stack[name].state.movies.values()]
        .filter((movie) => movie.movie.tmdbId === entry.tmdb_id)
        .map((movie) => [movie.id, movie.fileId]),
    );
  }
  for (const name of ['sonarr', 'sonarr4k'] as const) {
    const state = stack[name].state;
    parts.push(
      [...state.series.values()]
        .filter((series) => series.series.tvdbId === entry.tvdb_id)
        .map((series) => [
          series.id,
          [...series.seasonMonitored],
          state.filesOf(series.id).map((file) => file.file.fileId),
        ]),
    );
  }
  return JSON.stringify(parts);
}

function targetsFor(entry: CatalogEntry, mask: number): string[] {
  const chosen = entry.connections.filter((_, index) => (mask >> index) & 1);
  if (chosen.length > 0) return chosen;
  // Sometimes a connection that does not hold the item: refused, and must change nothing.
  const all = INSTANCES.map((name) => fixture.connectionIds[name]);
  return [all[mask % all.length] as string];
}

it('never changes a protected or requested item, and the ledger adds up to the answers', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.array(block, { maxLength: 6 }),
      fc.array(command, { minLength: 1, maxLength: 6 }),
      async (blocks, commands) => {
        await fixture.database.query('DELETE FROM "curation"."protections"');
        await fixture.database.query('DELETE FROM "curation"."protection_requests"');
        await fullSync(fixture);
        const items = await catalog();
        const blocked = new Map<string, CatalogEntry>();
        for (const { item, kind } of blocks) {
          const entry = items[item % items.length] as CatalogEntry;
          if (blocked.has(entry.id)) continue;
          blocked.set(entry.id, entry);
          if (kind === 'protect') await protect(fixture, entry.id, 'property');
          else await requestProtection(fixture, entry.id, 'property');
        }
        const held = new Map([...blocked.values()].map((entry) => [entry.id, holdings(entry)]));
        const ledgerBefore = new Set((await ledgerRows(fixture)).map((row) => row.id));
        const totalBefore = await ledgerTotal(fixture);
        let reported = 0;
        const audited = new Map<string, number>();
        for (const step of commands) {
          const entry = items[step.item % items.length] as CatalogEntry;
          const seasonNumber =
            step.season === null || entry.seasons.length === 0
              ? null
              : (entry.seasons[step.season % entry.seasons.length] as number);
          if (step.fault !== null)
            fixture.stack[step.fault as InstanceName].faults.add({
              method: 'DELETE',
              path: /./,
              status: 500,
              times: 1,
            });
          const response = await postPrune(fixture, {
            mediaItemId: entry.id,
            seasonNumber,
            targetConnectionIds: targetsFor(entry, step.targets),
            addToImportExclusion: step.exclusion,
            dryRun: step.dryRun,
          });
          for (const name of INSTANCES) fixture.stack[name].faults.clear();
          // Refused: 409, or 400 when the request is wrong anyway (checked first, from the catalog).
          if (blocked.has(entry.id)) expect(response.status).not.toBe(200);
          expect([200, 400, 409]).toContain(response.status);
          if (response.status !== 200) continue;
          const body = response.body as {
            bytesFreed: number;
            results: { bytesFreed: number }[];
            auditId: string | null;
          };
          expect(body.bytesFreed).toBe(body.results.reduce((sum, result) => sum + result.bytesFreed, 0));
          if (body.auditId === null) {
            expect(body.bytesFreed).toBe(0);
            continue;
          }
          reported += body.bytesFreed;
          audited.set(body.auditId, body.bytesFreed);
        }
        for (const [id, entry] of blocked) expect(holdings(entry)).toBe(held.get(id));
        const rows = (await ledgerRows(fixture)).filter((row) => !ledgerBefore.has(row.id));
        expect(rows.map((row) => [row.id, Number(row.bytes_freed), row.outcome])).toEqual(
          [...audited].map(([id, bytes]) => [id, bytes, 'completed']),
        );
        expect(await ledgerTotal(fixture)).toBe(totalBefore + reported);
      },
    ),
    { numRuns: 12 },
  );
}, 300_000);
