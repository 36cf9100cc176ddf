// SonarrClient and RadarrClient against the HD and 4K simulators: reads match the generated
// library's copies for that instance, the app check and the key are enforced, faults come back typed.
import { generateMediaLibrary, startRadarr, startSonarr } from '@platform/testing-media-stack';
import type { MediaLibrary, RadarrSimulator, SonarrSimulator } from '@platform/testing-media-stack';
import { startAnswerRewritingProxy, withoutField } from '../testing/answer-rewriting-proxy';
import { mediaClientFailure } from '../testing/media-client-failure';
import { RadarrClient } from './radarr.client';
import { SonarrClient } from './sonarr.client';

const FAST_RETRY = { retries: 2, baseDelayMs: 1, maxDelayMs: 5 };
let library: MediaLibrary;
let sonarr: SonarrSimulator;
let radarr4k: RadarrSimulator;

beforeAll(async () => {
  library = generateMediaLibrary({ seed: 'media-clients-arr', items: 150 });
  sonarr = await startSonarr({ library, instance: 'hd' });
  radarr4k = await startRadarr({ library, instance: '4k' });
});

afterAll(async () => {
  await Promise.all([sonarr.stop(), radarr4k.stop()]);
});

beforeEach(() => {
  sonarr.faults.clear();
  radarr4k.faults.clear();
});

const sonarrClient = (apiKey = sonarr.apiKey, baseUrl = sonarr.url) =>
  new SonarrClient({ baseUrl, apiKey, retry: FAST_RETRY });
const radarrClient = (apiKey = radarr4k.apiKey, baseUrl = radarr4k.url) =>
  new RadarrClient({ baseUrl, apiKey, retry: FAST_RETRY });

describe('SonarrClient', () => {
  it('passes the connection test as Sonarr', async () => {
    expect((await sonarrClient().getSystemStatus()).appName).toBe('Sonarr');
  });

  it('refuses a Radarr URL given as Sonarr with wrong-app', async () => {
    const error = await mediaClientFailure(sonarrClient(radarr4k.apiKey, radarr4k.url).getSystemStatus());
    expect(error.code).toBe('wrong-app');
    expect(error.message).toContain('Radarr');
  });

  it('refuses a wrong key as unauthorized without naming it', async () => {
    const error = await mediaClientFailure(sonarrClient('wrong-api-key-0001').getSeries());
    expect(error.code).toBe('unauthorized');
    expect(error.message).not.toContain('wrong-api-key-0001');
    expect(error.message).not.toContain(sonarr.apiKey);
  });

  it('reads every series of the HD instance with per-season sizes', async () => {
    const series = await sonarrClient().getSeries();
    const copies = library.series.flatMap((item) =>
      item.sonarr.filter((copy) => copy.instance === 'hd').map((copy) => ({ item, copy })),
    );
    expect(series).toHaveLength(copies.length);
    for (const { item, copy } of copies) {
      const read = series.find((candidate) => candidate.id === copy.seriesId);
      expect(read?.tvdbId).toBe(item.tvdbId);
      expect(read?.monitored).toBe(copy.monitored);
      const total = copy.files.reduce((sum, file) => sum + file.file.size, 0);
      expect(read?.statistics.sizeOnDisk).toBe(total);
      for (const season of read?.seasons ?? []) {
        const seasonSize = copy.files
          .filter((file) => file.seasonNumber === season.seasonNumber)
          .reduce((sum, file) => sum + file.file.size, 0);
        expect(season.statistics.sizeOnDisk).toBe(seasonSize);
      }
    }
  });

  it('reads the episode files of many series with bounded concurrency', async () => {
    const copies = library.series.flatMap((item) => item.sonarr.filter((copy) => copy.instance === 'hd'));
    const client = sonarrClient();
    const files = await client.getEpisodeFilesOfSeries(
      copies.map((copy) => copy.seriesId),
      4,
    );
    const expected = copies.flatMap((copy) => copy.files.map((file) => file.fileId));
    expect(files.map((file) => file.id).sort((a, b) => a - b)).toEqual([...expected].sort((a, b) => a - b));
    expect(client.requestCount).toBe(copies.length);
  });

  it('reads the quality profiles with their cutoffs', async () => {
    const profiles = await sonarrClient().getQualityProfiles();
    const instance = library.sonarrInstances.find((candidate) => candidate.kind === 'hd');
    expect(profiles.map((profile) => [profile.id, profile.cutoff])).toEqual(
      (instance?.qualityProfiles ?? []).map((profile) => [profile.id, profile.cutoffQualityId]),
    );
  });

  it('retries a series list that failed with 500', async () => {
    sonarr.faults.add({ method: 'GET', path: '/api/v3/series', status: 500, times: 1 });
    const client = sonarrClient();
    expect((await client.getSeries()).length).toBeGreaterThan(0);
    expect(client.requestCount).toBe(2);
  });

  it('fails on an episode file without qualityCutoffNotMet instead of assuming it is met', async () => {
    const seriesId = library.series
      .flatMap((item) => item.sonarr)
      .find((copy) => copy.instance === 'hd' && copy.files.length > 0)?.seriesId;
    const proxy = await startAnswerRewritingProxy(sonarr.url, (path, body) =>
      path === '/api/v3/episodefile' ? withoutField(body, [0], 'qualityCutoffNotMet') : body,
    );
    try {
      const error = await mediaClientFailure(
        sonarrClient(sonarr.apiKey, proxy.url).getEpisodeFiles(seriesId ?? 0),
      );
      expect(error.code).toBe('bad-answer');
      expect(error.source).toBe('sonarr');
      expect(error.message).toContain('field [0].qualityCutoffNotMet');
    } finally {
      await proxy.stop();
    }
  });
});

describe('RadarrClient', () => {
  it('passes the connection test as Radarr and refuses a Sonarr URL', async () => {
    expect((await radarrClient().getSystemStatus()).appName).toBe('Radarr');
    expect((await mediaClientFailure(radarrClient(sonarr.apiKey, sonarr.url).getSystemStatus())).code).toBe(
      'wrong-app',
    );
  });

  it('reads every movie of the 4K instance with its file', async () => {
    const movies = await radarrClient().getMovies();
    const copies = library.movies.flatMap((item) =>
      item.radarr.filter((copy) => copy.instance === '4k').map((copy) => ({ item, copy })),
    );
    expect(movies).toHaveLength(copies.length);
    for (const { item, copy } of copies) {
      const read = movies.find((candidate) => candidate.id === copy.movieId);
      expect(read?.tmdbId).toBe(item.tmdbId);
      expect(read?.hasFile).toBe(copy.file !== null);
      expect(read?.movieFile?.size).toBe(copy.file?.file.size);
      expect(read?.sizeOnDisk).toBe(copy.file?.file.size ?? 0);
    }
  });

  it('reads movie files of many movies in batched requests', async () => {
    const copies = library.movies.flatMap((item) => item.radarr.filter((copy) => copy.instance === '4k'));
    const client = radarrClient();
    const files = await client.getMovieFiles(copies.map((copy) => copy.movieId));
    expect(new Set(files.map((file) => file.id))).toEqual(
      new Set(copies.flatMap((copy) => (copy.file === null ? [] : [copy.file.fileId]))),
    );
    expect(client.requestCount).toBe(Math.ceil(copies.length / 100));
  });

  it('reports a dropped connection as unreachable after its retries', async () => {
    radarr4k.faults.add({ path: '/api/v3/movie', drop: true });
    const client = radarrClient();
    expect((await mediaClientFailure(client.getMovies())).code).toBe('unreachable');
    expect(client.requestCount).toBe(3);
  });

  it('fails on a movie without its monitored flag', async () => {
    const proxy = await startAnswerRewritingProxy(radarr4k.url, (path, body) =>
      path === '/api/v3/movie' ? withoutField(body, [0], 'monitored') : body,
    );
    try {
      const error = await mediaClientFailure(radarrClient(radarr4k.apiKey, proxy.url).getMovies());
      expect(error.code).toBe('bad-answer');
      expect(error.message).toContain('field [0].monitored');
    } finally {
      await proxy.stop();
    }
  });
});
