// Benchmark of pruning (issue 18): 1,000 movies, each held by two instances (HD and 4K Radarr), pruned through POST /api/v1/prune against the simulators
// with 20 ms added to every Sonarr/Radarr call (a fault rule delay), four prunes in flight and each
// prune's two targets at once. Baseline from the same run: as many bare calls as the prunes made,
// to the same simulators with the same delay and as many in flight, so the ratio shows what the
// ledger, the checks and the catalog updates add to the unavoidable round trips.
//   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench -- curation-prune
//   CURATION_PRUNE_BENCH_ITEMS=200 for fewer prunes
import { mapWithConcurrency } from '@platform/curation-media-clients';
import { generateMediaLibrary } from '@platform/testing-media-stack';
import type { LibraryMovie, MediaLibrary, RadarrCopy } from '@platform/testing-media-stack';
import {
  INSTANCES,
  postPrune,
  type PruneFixture,
  startPruneFixture,
} from '../src/pruning/prune-e2e.spec-helpers';

const PRUNES = Number(process.env['CURATION_PRUNE_BENCH_ITEMS'] ?? 1000);
const LATENCY_MS = 20;
/** Prunes in flight; each prune also works on its two targets at once (CURATION_PRUNE_CONCURRENCY). */
const IN_FLIGHT = 4;

interface Row {
  readonly scenario: string;
  readonly seconds: number;
  readonly calls: number;
}

/**
 * A generated library in which every movie with an HD Radarr file is also on the 4K instance (its
 * own ids, file and path): the generator puts few movies on both, and this benchmark needs 1,000.
 */
function libraryHeldTwice(items: number): MediaLibrary {
  const library = generateMediaLibrary({ seed: 'curation-prune-bench', items });
  const profile4k = library.radarrInstances.find((instance) => instance.kind === '4k')?.qualityProfiles[0];
  if (profile4k === undefined) throw new Error('the library has no 4K Radarr profile');
  const movies = library.movies.map((movie): LibraryMovie => {
    const hd = movie.radarr.find((copy) => copy.instance === 'hd');
    if (hd === undefined || hd.file === null) return movie;
    const copy4k: RadarrCopy = {
      ...hd,
      instance: '4k',
      movieId: hd.movieId + 10_000_000,
      qualityProfileId: profile4k.id,
      file: {
        fileId: hd.file.fileId + 10_000_000,
        file: { ...hd.file.file, path: `${hd.file.file.path}.4k.mkv` },
      },
    };
    return { ...movie, radarr: [hd, copy4k] };
  });
  return { ...library, movies };
}

function heldTwice(fixture: PruneFixture): { id: string; targets: string[] }[] {
  const ids = fixture.connectionIds;
  return fixture.stack.library.movies
    .filter((movie) => movie.radarr.length === 2 && movie.radarr.every((copy) => copy.file !== null))
    .map((movie) => ({ id: `movie-tmdb-${movie.tmdbId}`, targets: [ids.radarr, ids.radarr4k] }));
}

function arrCalls(fixture: PruneFixture): number {
  return INSTANCES.reduce((sum, name) => sum + fixture.stack[name].requests.length, 0);
}

describe(`curation prune benchmark (${PRUNES} items, ${LATENCY_MS} ms per call)`, () => {
  let fixture: PruneFixture;

  afterAll(async () => {
    await fixture?.stop();
  });

  it('prunes items held by two instances, against as many bare calls', async () => {
    fixture = await startPruneFixture(
      'curation-prune-bench',
      0,
      { CURATION_PRUNE_CONCURRENCY: '2' },
      libraryHeldTwice(Math.max(10, Math.ceil(PRUNES * 1.6))),
    );
    const candidates = heldTwice(fixture);
    if (candidates.length < PRUNES)
      throw new Error(`only ${candidates.length} items are held by two instances`);
    const items = candidates.slice(0, PRUNES);
    for (const name of INSTANCES) fixture.stack[name].faults.add({ path: /./, delayMs: LATENCY_MS });

    const callsBefore = arrCalls(fixture);
    const started = performance.now();
    const outcomes = await mapWithConcurrency(items, IN_FLIGHT, async (item) => {
      const response = await postPrune(fixture, {
        mediaItemId: item.id,
        seasonNumber: null,
        targetConnectionIds: item.targets,
        addToImportExclusion: true,
      });
      return (response.body as { success?: boolean }).success === true;
    });
    const pruneSeconds = (performance.now() - started) / 1000;
    const calls = arrCalls(fixture) - callsBefore;
    expect(outcomes.every(Boolean)).toBe(true);

    // The baseline: the same number of calls, bare, spread over the same instances.
    const urls = INSTANCES.map((name) => ({
      url: `${fixture.stack[name].url}/api/v3/system/status`,
      key: fixture.stack[name].apiKey,
    }));
    const baselineStart = performance.now();
    await mapWithConcurrency(
      Array.from({ length: calls }, (_, index) => urls[index % urls.length] as { url: string; key: string }),
      IN_FLIGHT * 2,
      async ({ url, key }) => {
        const response = await fetch(url, { headers: { 'X-Api-Key': key } });
        await response.arrayBuffer();
      },
    );
    const baselineSeconds = (performance.now() - baselineStart) / 1000;

    const rows: Row[] = [
      {
        scenario: `baseline: ${calls} bare calls, ${IN_FLIGHT * 2} in flight`,
        seconds: baselineSeconds,
        calls,
      },
      {
        scenario: `prune ${PRUNES} items x 2 instances, ${IN_FLIGHT} prunes in flight`,
        seconds: pruneSeconds,
        calls,
      },
    ];
    const table = [
      `library: ${fixture.stack.library.movies.length} movies, ${fixture.stack.library.series.length} series, ` +
        `${candidates.length} held by two instances; ${LATENCY_MS} ms added to every Sonarr/Radarr call`,
      '| scenario | seconds | ratio to baseline | calls | calls per item | ms per item |',
      '|---|---|---|---|---|---|',
      ...rows.map(
        (row) =>
          `| ${row.scenario} | ${row.seconds.toFixed(1)} | ${(row.seconds / baselineSeconds).toFixed(2)}x | ${row.calls} | ` +
          `${(row.calls / PRUNES).toFixed(2)} | ${((row.seconds * 1000) / PRUNES).toFixed(1)} |`,
      ),
    ].join('\n');
    process.stdout.write(`\n${table}\n`);
  });
});
