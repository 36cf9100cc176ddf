// The clients' changes against the simulators: look-ups by TMDB/TVDB id, deletes with their flags
// (a 404 is `not-found`, not a failure), Sonarr's whole-resource PUT, the episode files' bulk
// delete, and import exclusions whose duplicate (a 400 "already been added") is `already-present`.
import { generateMediaLibrary, startRadarr, startSonarr } from '@platform/testing-media-stack';
import type { MediaLibrary, RadarrSimulator, SonarrSimulator } from '@platform/testing-media-stack';
import { mediaClientFailure } from '../testing/media-client-failure';
import { RadarrClient } from './radarr.client';
import { SonarrClient } from './sonarr.client';

const FAST_RETRY = { retries: 2, baseDelayMs: 1, maxDelayMs: 5 };
let library: MediaLibrary;
let sonarr: SonarrSimulator;
let radarr: RadarrSimulator;

beforeAll(async () => {
  library = generateMediaLibrary({ seed: 'media-clients-arr-mutations', items: 80 });
  sonarr = await startSonarr({ library, instance: 'hd' });
  radarr = await startRadarr({ library, instance: 'hd' });
});

afterAll(async () => {
  await Promise.all([sonarr.stop(), radarr.stop()]);
});

beforeEach(() => {
  sonarr.faults.clear();
  radarr.faults.clear();
});

const sonarrClient = () =>
  new SonarrClient({ baseUrl: sonarr.url, apiKey: sonarr.apiKey, retry: FAST_RETRY });
const radarrClient = () =>
  new RadarrClient({ baseUrl: radarr.url, apiKey: radarr.apiKey, retry: FAST_RETRY });

function hdMovies() {
  return library.movies.filter((movie) => movie.radarr.some((copy) => copy.instance === 'hd'));
}

function hdSeriesWithFiles() {
  return library.series.filter((series) =>
    series.sonarr.some((copy) => copy.instance === 'hd' && copy.files.length > 0),
  );
}

describe('RadarrClient changes', () => {
  it('finds a movie by TMDB id and answers null for one the instance lacks', async () => {
    const movie = hdMovies()[0];
    if (movie === undefined) throw new Error('the library has no HD movie');
    const found = await radarrClient().findMovie(movie.tmdbId);
    expect(found?.tmdbId).toBe(movie.tmdbId);
    expect(await radarrClient().findMovie(999_999_999)).toBeNull();
  });

  it('deletes a movie with its files and the exclusion flag, then answers not-found', async () => {
    const movie = hdMovies()[1];
    if (movie === undefined) throw new Error('the library has no second HD movie');
    const found = await radarrClient().findMovie(movie.tmdbId);
    if (found === null) throw new Error('the simulator lacks the movie');
    expect(await radarrClient().deleteMovie(found.id, { addImportExclusion: true })).toBe('deleted');
    const sent = radarr.requests.filter((entry) => entry.method === 'DELETE').at(-1);
    expect(sent?.query).toEqual({ deleteFiles: 'true', addImportExclusion: 'true' });
    expect(radarr.state.hasExclusion(movie.tmdbId)).toBe(true);
    expect(await radarrClient().findMovie(movie.tmdbId)).toBeNull();
    expect(await radarrClient().deleteMovie(found.id, { addImportExclusion: false })).toBe('not-found');
  });

  it('adds an exclusion once and reads the duplicate 400 as already-present', async () => {
    const exclusion = { tmdbId: 4_242_424, title: 'Nowhere', year: 1999 };
    expect(await radarrClient().addExclusion(exclusion)).toBe('added');
    expect(await radarrClient().addExclusion(exclusion)).toBe('already-present');
  });

  it('throws a typed failure for an injected 500 on a delete, without retrying it', async () => {
    radarr.faults.add({ method: 'DELETE', path: /^\/api\/v3\/movie\//, status: 500 });
    const before = radarr.requests.length;
    const error = await mediaClientFailure(radarrClient().deleteMovie(1, { addImportExclusion: false }));
    expect(error.code).toBe('bad-status');
    expect(error.status).toBe(500);
    expect(radarr.requests.length - before).toBe(1);
  });

  it('throws for a 400 that is not a duplicate', async () => {
    const error = await mediaClientFailure(radarrClient().addExclusion({ tmdbId: 0, title: '', year: 0 }));
    expect(error.code).toBe('bad-status');
    expect(error.message).toContain('Tmdb Id');
  });
});

describe('SonarrClient changes', () => {
  it('PUTs the whole series back, unknown fields included, and the change shows on re-read', async () => {
    const series = hdSeriesWithFiles()[0];
    if (series === undefined) throw new Error('the library has no HD series with files');
    const client = sonarrClient();
    const found = await client.findSeries(series.tvdbId);
    if (found === null) throw new Error('the simulator lacks the series');
    expect(found['path']).toBe(found.path);
    const season = found.seasons[0];
    if (season === undefined) throw new Error('the series has no season');
    await client.updateSeries({
      ...found,
      seasons: found.seasons.map((entry) =>
        entry.seasonNumber === season.seasonNumber ? { ...entry, monitored: false } : entry,
      ),
    });
    const reread = await client.getSeriesById(found.id);
    expect(reread?.seasons.find((entry) => entry.seasonNumber === season.seasonNumber)?.monitored).toBe(
      false,
    );
    expect(await client.getSeriesById(987_654)).toBeNull();
  });

  it('deletes distinct episode files in one bulk call and refuses duplicate ids', async () => {
    const series = hdSeriesWithFiles()[1];
    if (series === undefined) throw new Error('the library has no second HD series with files');
    const client = sonarrClient();
    const found = await client.findSeries(series.tvdbId);
    if (found === null) throw new Error('the simulator lacks the series');
    const files = await client.getEpisodeFiles(found.id);
    const ids = files.slice(0, 2).map((file) => file.id);
    await expect(client.deleteEpisodeFiles([ids[0] ?? 0, ids[0] ?? 0])).rejects.toThrow(RangeError);
    // A 404 is said, not swallowed: the caller must not count the files as deleted.
    sonarr.faults.add({ method: 'DELETE', path: '/api/v3/episodefile/bulk', status: 404, times: 1 });
    expect(await client.deleteEpisodeFiles(ids)).toBe('not-found');
    expect((await client.getEpisodeFiles(found.id)).map((file) => file.id)).toEqual(
      expect.arrayContaining(ids),
    );
    const before = sonarr.requests.length;
    expect(await client.deleteEpisodeFiles(ids)).toBe('deleted');
    expect(sonarr.requests.slice(before).map((entry) => `${entry.method} ${entry.path}`)).toEqual([
      'DELETE /api/v3/episodefile/bulk',
    ]);
    const left = (await client.getEpisodeFiles(found.id)).map((file) => file.id);
    for (const id of ids) expect(left).not.toContain(id);
  });

  it('deletes a series with the list exclusion flag; a second delete is not-found', async () => {
    const series = hdSeriesWithFiles()[2];
    if (series === undefined) throw new Error('the library has no third HD series with files');
    const client = sonarrClient();
    const found = await client.findSeries(series.tvdbId);
    if (found === null) throw new Error('the simulator lacks the series');
    expect(await client.deleteSeries(found.id, { addImportListExclusion: true })).toBe('deleted');
    expect(sonarr.requests.at(-1)?.query).toEqual({ deleteFiles: 'true', addImportListExclusion: 'true' });
    expect(await client.deleteSeries(found.id, { addImportListExclusion: true })).toBe('not-found');
    expect(await client.findSeries(series.tvdbId)).toBeNull();
    expect(await client.addImportListExclusion({ tvdbId: series.tvdbId, title: series.title })).toBe(
      'already-present',
    );
  });
});
