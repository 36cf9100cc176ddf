// What the pruning end-to-end tests pick from the generated library (each item once per test
// file, so tests do not disturb each other) and how they send the common prune requests.
import type { LibraryMovie, LibrarySeries } from '@platform/testing-media-stack';
import {
  clearFaults,
  ledgerRows,
  postPrune,
  type PruneFixture,
  startPruneFixture,
} from './prune-e2e.spec-helpers';

/**
 * Registers a test file's set-up: the fixture over a 160-item library with 1 s call bounds (so
 * timeouts are quick to provoke), its picks, and faults cleared after each test.
 */
export function setUpPruneTests(seed: string): { current(): { fixture: PruneFixture; picks: PrunePicks } } {
  let fixture: PruneFixture | undefined;
  let picks: PrunePicks | undefined;
  beforeAll(async () => {
    fixture = await startPruneFixture(seed, 160, { CURATION_PRUNE_CALL_TIMEOUT_MS: '1000' });
    picks = new PrunePicks(fixture);
  }, 90_000);
  afterAll(async () => {
    await fixture?.stop();
  });
  afterEach(() => {
    if (fixture !== undefined) clearFaults(fixture);
  });
  return {
    current: () => {
      if (fixture === undefined || picks === undefined) throw new Error('the prune fixture did not start');
      return { fixture, picks };
    },
  };
}

export const movieId = (movie: LibraryMovie) => `movie-tmdb-${movie.tmdbId}`;
export const seriesId = (series: LibrarySeries) => `series-tvdb-${series.tvdbId}`;

export const fileSize = (movie: LibraryMovie, kind: 'hd' | '4k') =>
  movie.radarr.find((copy) => copy.instance === kind)?.file?.file.size ?? Number.NaN;

export class PrunePicks {
  private readonly used = new Set<string>();

  constructor(private readonly fixture: PruneFixture) {}

  /** A movie not picked before, with a file on each of the given Radarr instances and on no other. */
  movie(instances: readonly ('hd' | '4k')[], plexPlaysOnlyTheirFiles = false): LibraryMovie {
    const managed = (candidate: LibraryMovie) =>
      new Set(candidate.radarr.map((copy) => copy.file?.file.path));
    const movie = this.fixture.stack.library.movies.find(
      (candidate) =>
        !this.used.has(movieId(candidate)) &&
        (!plexPlaysOnlyTheirFiles ||
          (candidate.plex?.versions ?? []).every((version) => managed(candidate).has(version.file.path))) &&
        candidate.radarr.length === instances.length &&
        instances.every((kind) =>
          candidate.radarr.some((copy) => copy.instance === kind && copy.file !== null),
        ),
    );
    if (movie === undefined) throw new Error(`the library has no unused movie on ${instances.join('+')}`);
    this.used.add(movieId(movie));
    return movie;
  }

  /** A series not picked before whose HD Sonarr copy has files in two seasons or more, and no 4K copy. */
  series(): { series: LibrarySeries; seasonNumber: number; seasonBytes: number } {
    for (const series of this.fixture.stack.library.series) {
      if (this.used.has(seriesId(series)) || series.sonarr.length !== 1) continue;
      const copy = series.sonarr[0];
      if (copy?.instance !== 'hd') continue;
      const seasons = [...new Set(copy.files.map((file) => file.seasonNumber))];
      const seasonNumber = seasons[0];
      if (seasons.length < 2 || seasonNumber === undefined) continue;
      this.used.add(seriesId(series));
      const files = copy.files.filter((file) => file.seasonNumber === seasonNumber);
      return { series, seasonNumber, seasonBytes: files.reduce((sum, file) => sum + file.file.size, 0) };
    }
    throw new Error('the library has no unused HD-only series with two seasons of files');
  }

  /** A movie not picked before that only the HD Radarr holds, with Overseerr requests, and their media ids. */
  requestedMovie(): { movie: LibraryMovie; mediaIds: number[] } {
    const { library } = this.fixture.stack;
    for (const [index, movie] of library.movies.entries()) {
      if (this.used.has(movieId(movie)) || movie.radarr.length !== 1 || movie.radarr[0]?.instance !== 'hd')
        continue;
      const requests = library.requests.filter(
        (entry) => entry.target.kind === 'movie' && entry.target.movieIndex === index,
      );
      if (requests.length === 0) continue;
      this.used.add(movieId(movie));
      return { movie, mediaIds: [...new Set(requests.map((entry) => entry.mediaId))] };
    }
    throw new Error('the library has no unused requested HD-only movie');
  }

  /** A whole-movie prune, not a dry run. */
  pruneWholeMovie(movie: LibraryMovie, targetConnectionIds: string[], addToImportExclusion: boolean) {
    return postPrune(this.fixture, {
      mediaItemId: movieId(movie),
      seasonNumber: null,
      targetConnectionIds,
      addToImportExclusion,
    });
  }

  /** A season prune on the HD Sonarr, not a dry run. */
  pruneSeasonOnSonarr(series: LibrarySeries, seasonNumber: number, addToImportExclusion: boolean) {
    return postPrune(this.fixture, {
      mediaItemId: seriesId(series),
      seasonNumber,
      targetConnectionIds: [this.fixture.connectionIds.sonarr],
      addToImportExclusion,
    });
  }

  /** The ledger row an answer names. */
  async ledgerRowOf(body: unknown) {
    return (await ledgerRows(this.fixture)).find(
      (entry) => entry.id === (body as { auditId: string }).auditId,
    );
  }
}
