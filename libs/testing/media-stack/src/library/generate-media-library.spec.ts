// The generator: same seed and options give the same library, and the library is consistent across
// systems (ids unique per system, files shared between a manager and Plex, plays of real items).
import { generateMediaLibrary } from './generate-media-library';
import type { MediaLibrary } from './media-library.types';
import { HD_PROFILES, UHD_PROFILES, isBelowCutoff } from './qualities';
import { SeededRandom } from './seeded-random';

const DAY = 86_400;

describe('generateMediaLibrary', () => {
  const library = generateMediaLibrary({ seed: 'consistency', items: 2000 });

  it('gives the same library for the same seed, and another for another seed', () => {
    const again = generateMediaLibrary({ seed: 'consistency', items: 2000 });
    expect(JSON.stringify(again)).toBe(JSON.stringify(library));
    const other = generateMediaLibrary({ seed: 'other', items: 2000 });
    expect(other.movies.map((movie) => movie.title)).not.toEqual(library.movies.map((movie) => movie.title));
  });

  it('accepts 10 to 100,000 items', () => {
    expect(() => generateMediaLibrary({ seed: 1, items: 9 })).toThrow(RangeError);
    expect(() => generateMediaLibrary({ seed: 1, items: 100_001 })).toThrow(RangeError);
    expect(() => generateMediaLibrary({ seed: 1, items: 10, users: 3 })).toThrow(RangeError);
    expect(() => generateMediaLibrary({ seed: 1, items: 10, seriesShare: 1.5 })).toThrow(RangeError);
    expect(generateMediaLibrary({ seed: 1, items: 10, seriesShare: 0 }).series).toHaveLength(0);
    const smallest = generateMediaLibrary({ seed: 1, items: 10 });
    expect(smallest.movies.length + smallest.series.length).toBe(10);
    expect(smallest.users.map((user) => user.kind)).toEqual(
      expect.arrayContaining(['owner', 'shared', 'home']),
    );
  });

  it('keeps ids unique per system and per instance', () => {
    const unique = (values: readonly unknown[]) => new Set(values).size === values.length;
    expect(unique(library.movies.map((movie) => movie.tmdbId))).toBe(true);
    expect(unique(library.series.map((series) => series.tvdbId))).toBe(true);
    expect(unique(library.movies.flatMap((movie) => (movie.imdbId === null ? [] : [movie.imdbId])))).toBe(
      true,
    );
    expect(unique(allRatingKeys(library))).toBe(true);
    for (const instance of ['hd', '4k'] as const) {
      expect(
        unique(
          library.movies.flatMap((movie) =>
            movie.radarr.filter((copy) => copy.instance === instance).map((copy) => copy.movieId),
          ),
        ),
      ).toBe(true);
      expect(
        unique(
          library.series.flatMap((series) =>
            series.sonarr.filter((copy) => copy.instance === instance).map((copy) => copy.seriesId),
          ),
        ),
      ).toBe(true);
    }
    expect(unique(library.users.map((user) => user.plexId))).toBe(true);
    expect(library.users.filter((user) => user.localAccountId === 1).map((user) => user.kind)).toEqual([
      'owner',
    ]);
  });

  it("shares each managed file with Plex: a Plex version's part is the manager's file", () => {
    for (const movie of library.movies) {
      if (movie.plex === null) continue;
      for (const copy of movie.radarr) {
        if (copy.file !== null)
          expect(movie.plex.versions.some((version) => version.file === copy.file?.file)).toBe(true);
      }
    }
    for (const series of library.series) {
      for (const copy of series.sonarr) {
        for (const file of copy.files) {
          const episode = series.seasons[file.seasonNumber - 1]?.episodes[(file.episodeNumbers[0] ?? 0) - 1];
          expect(episode?.plex?.versions.some((version) => version.file === file.file)).toBe(true);
        }
      }
    }
  });

  it('covers the cases a curation API must handle', () => {
    const movies = library.movies;
    expect(
      movies.some((movie) => movie.radarr.length === 2 && movie.radarr.every((copy) => copy.file !== null)),
    ).toBe(true);
    expect(movies.some((movie) => (movie.plex?.versions.length ?? 0) > 1 && movie.radarr.length === 1)).toBe(
      true,
    );
    expect(
      movies.some(
        (movie) => movie.plex === null && movie.radarr.some((copy) => copy.monitored && copy.file === null),
      ),
    ).toBe(true);
    expect(
      movies.some((movie) => movie.plex === null && movie.radarr.some((copy) => copy.file !== null)),
    ).toBe(true);
    expect(movies.some((movie) => movie.plex !== null && movie.radarr.length === 0)).toBe(true);
    expect(library.series.some((series) => series.sonarr.length === 2)).toBe(true);
    expect(library.series.some((series) => series.plex === null && series.sonarr.length > 0)).toBe(true);
    expect(
      library.series.some((series) =>
        series.sonarr.some((copy) => copy.files.some((file) => file.episodeNumbers.length > 1)),
      ),
    ).toBe(true);
    const resolutions = new Set(
      movies.flatMap((movie) => movie.plex?.versions.map((version) => version.file.resolution) ?? []),
    );
    expect([...resolutions].sort()).toEqual(['1080', '2k', '480', '4k', '576', '720', null, 'sd'].sort());
    const profiles = [...HD_PROFILES, ...UHD_PROFILES];
    const cutoff = movies.flatMap((movie) =>
      movie.radarr.flatMap((copy) => {
        const profile = profiles.find((candidate) => candidate.id === copy.qualityProfileId);
        return copy.file === null || profile === undefined
          ? []
          : [isBelowCutoff(profile, copy.file.file.qualityId)];
      }),
    );
    expect(cutoff).toContain(true);
    expect(cutoff).toContain(false);
    expect(
      movies.some((movie) => movie.plex?.versions.some((version) => version.file.size > 20 * 1024 ** 3)),
    ).toBe(true);
  });

  it('has users of every kind, watch histories spanning years, and requests by imported users', () => {
    const kinds = new Set(library.users.map((user) => user.kind));
    expect(kinds).toEqual(new Set(['owner', 'shared', 'home']));
    expect(
      library.users.some((user) => user.kind === 'home' && user.username === null && user.email === null),
    ).toBe(true);
    expect(library.users.some((user) => !user.hasServerAccess)).toBe(true);
    const ratingKeys = new Set(allRatingKeys(library));
    const accounts = new Set(
      library.users.filter((user) => user.hasServerAccess).map((user) => user.localAccountId),
    );
    expect(
      library.history.every(
        (play) =>
          ratingKeys.has(play.ratingKey) && accounts.has(play.localAccountId) && play.viewedAt <= library.now,
      ),
    ).toBe(true);
    const times = library.history.map((play) => play.viewedAt);
    expect(Math.max(...times) - Math.min(...times)).toBeGreaterThan(3 * 365 * DAY);
    expect(new Set(library.history.map((play) => play.localAccountId)).size).toBeGreaterThan(3);
    const requesters = new Set(
      library.users.filter((user) => user.overseerrUserId !== null).map((user) => user.plexId),
    );
    expect(library.requests.length).toBeGreaterThan(50);
    expect(library.requests.every((request) => requesters.has(request.requesterPlexId))).toBe(true);
    const added = library.movies.flatMap((movie) => (movie.plex === null ? [] : [movie.plex.addedAt]));
    expect(Math.max(...added) - Math.min(...added)).toBeGreaterThan(5 * 365 * DAY);
  });
});

describe('SeededRandom', () => {
  it('repeats its sequence for a seed and stays in range', () => {
    const first = new SeededRandom('x');
    const second = new SeededRandom('x');
    const values = Array.from({ length: 1000 }, () => first.int(3, 9));
    expect(values).toEqual(Array.from({ length: 1000 }, () => second.int(3, 9)));
    expect(Math.min(...values)).toBe(3);
    expect(Math.max(...values)).toBe(9);
  });
});

function allRatingKeys(library: MediaLibrary): number[] {
  return [
    ...library.movies.flatMap((movie) => (movie.plex === null ? [] : [movie.plex.ratingKey])),
    ...library.series.flatMap((series) => [
      ...(series.plex === null ? [] : [series.plex.ratingKey]),
      ...series.seasons.flatMap((season) => [
        ...(season.plex === null ? [] : [season.plex.ratingKey]),
        ...season.episodes.flatMap((episode) => (episode.plex === null ? [] : [episode.plex.ratingKey])),
      ]),
    ]),
  ];
}
