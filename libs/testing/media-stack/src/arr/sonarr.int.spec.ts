// The Sonarr v3 simulator over real HTTP: answers checked against Sonarr's OpenAPI document, auth,
// paging, and the mutations a pruning tool makes (season unmonitor, file deletes, series deletes).
import { generateMediaLibrary } from '../library/generate-media-library';
import { schemaErrors } from '../testing/vendor-schema.spec-helpers';
import { startSonarr } from './sonarr.simulator';
import type { SonarrSimulator } from './sonarr.simulator';

type Json = Record<string, unknown>;

describe('Sonarr simulator', () => {
  const library = generateMediaLibrary({ seed: 'sonarr-tests', items: 200 });
  let sonarr: SonarrSimulator;
  const call = (path: string, init: RequestInit = {}, apiKey: string | null = sonarr.apiKey) =>
    fetch(`${sonarr.url}${path}`, {
      ...init,
      headers: {
        'Content-Type': 'application/json',
        ...(apiKey === null ? {} : { 'X-Api-Key': apiKey }),
        ...(init.headers ?? {}),
      },
    });
  const get = async <T = Json>(path: string): Promise<T> => {
    const response = await call(path);
    expect(response.status).toBe(200);
    return (await response.json()) as T;
  };
  const managed = () =>
    library.series.filter((series) => series.sonarr.some((copy) => copy.instance === 'hd'));
  const seriesWithFiles = () => {
    const series = managed().find(
      (candidate) => candidate.seasons.length > 1 && (candidate.sonarr[0]?.files.length ?? 0) > 3,
    );
    if (series === undefined) throw new Error('the library has no multi-season series with files');
    return { series, id: series.sonarr[0]?.seriesId as number };
  };

  beforeEach(async () => {
    sonarr = await startSonarr({ library, instance: 'hd' });
  });
  afterEach(async () => {
    await sonarr.stop();
  });

  describe('answers that match the vendor schema', () => {
    it.each([
      ['/api/v3/system/status', '/api/v3/system/status'],
      ['/api/v3/series', '/api/v3/series'],
      ['/api/v3/qualityprofile', '/api/v3/qualityprofile'],
      ['/api/v3/importlistexclusion', '/api/v3/importlistexclusion'],
      ['/api/v3/importlistexclusion/paged', '/api/v3/importlistexclusion/paged'],
      ['/api/v3/wanted/cutoff', '/api/v3/wanted/cutoff?pageSize=50'],
    ])('%s', async (specPath, path) => {
      expect(schemaErrors('sonarr-openapi.json', specPath, 'get', 200, await get(path))).toEqual([]);
    });

    it('/api/v3/series/{id}, /api/v3/episode, /api/v3/episodefile and /api/v3/episodefile/{id}', async () => {
      const { id } = seriesWithFiles();
      expect(
        schemaErrors(
          'sonarr-openapi.json',
          '/api/v3/series/{id}',
          'get',
          200,
          await get(`/api/v3/series/${id}`),
        ),
      ).toEqual([]);
      expect(
        schemaErrors(
          'sonarr-openapi.json',
          '/api/v3/episode',
          'get',
          200,
          await get(`/api/v3/episode?seriesId=${id}`),
        ),
      ).toEqual([]);
      const files = await get<Json[]>(`/api/v3/episodefile?seriesId=${id}`);
      expect(schemaErrors('sonarr-openapi.json', '/api/v3/episodefile', 'get', 200, files)).toEqual([]);
      expect(
        schemaErrors(
          'sonarr-openapi.json',
          '/api/v3/episodefile/{id}',
          'get',
          200,
          await get(`/api/v3/episodefile/${files[0]?.['id']}`),
        ),
      ).toEqual([]);
    });

    it('the schema check itself rejects a wrong shape', () => {
      expect(
        schemaErrors('sonarr-openapi.json', '/api/v3/system/status', 'get', 200, {
          appName: 5,
          unknownField: true,
        }),
      ).not.toEqual([]);
    });
  });

  it('names itself Sonarr and takes the key as X-Api-Key header or apikey query; 401 otherwise', async () => {
    expect(await get('/api/v3/system/status')).toMatchObject({ appName: 'Sonarr' });
    expect((await call(`/api/v3/system/status?apikey=${sonarr.apiKey}`, {}, null)).status).toBe(200);
    expect((await call('/api/v3/system/status', {}, null)).status).toBe(401);
    expect((await call('/api/v3/series', {}, 'wrong')).status).toBe(401);
    expect((await call('/api/v3/series/999999')).status).toBe(404);
  });

  it('gives per-season statistics that add up to the series statistics', async () => {
    const all = await get<Json[]>('/api/v3/series');
    expect(all).toHaveLength(managed().length);
    for (const series of all) {
      const seasons = series['seasons'] as { statistics: { sizeOnDisk: number; episodeFileCount: number } }[];
      const statistics = series['statistics'] as {
        sizeOnDisk: number;
        episodeFileCount: number;
        seasonCount: number;
      };
      expect(seasons.reduce((sum, season) => sum + season.statistics.sizeOnDisk, 0)).toBe(
        statistics.sizeOnDisk,
      );
      expect(statistics.seasonCount).toBe(seasons.length);
    }
    expect(
      all.some(
        (series) =>
          (series['statistics'] as { sizeOnDisk: number }).sizeOnDisk === 0 && series['monitored'] === true,
      ),
    ).toBe(true);
  });

  it('unmonitors a season by PUT series (202) and then deletes its files: later reads show both', async () => {
    const { id } = seriesWithFiles();
    const series = await get(`/api/v3/series/${id}`);
    const seasons = (series['seasons'] as Json[]).map((season) =>
      season['seasonNumber'] === 1 ? { ...season, monitored: false } : season,
    );
    const put = await call(`/api/v3/series/${id}`, {
      method: 'PUT',
      body: JSON.stringify({ ...series, seasons }),
    });
    expect(put.status).toBe(202);
    expect(schemaErrors('sonarr-openapi.json', '/api/v3/series/{id}', 'put', 200, await put.json())).toEqual(
      [],
    );
    const episodes = await get<Json[]>(`/api/v3/episode?seriesId=${id}&seasonNumber=1`);
    expect(episodes.every((episode) => episode['monitored'] === false)).toBe(true);

    const files = (await get<Json[]>(`/api/v3/episodefile?seriesId=${id}`)).filter(
      (file) => file['seasonNumber'] === 1,
    );
    for (const file of files)
      expect((await call(`/api/v3/episodefile/${file['id']}`, { method: 'DELETE' })).status).toBe(200);
    expect((await call(`/api/v3/episodefile/${files[0]?.['id']}`, { method: 'DELETE' })).status).toBe(404);
    const after = await get(`/api/v3/series/${id}`);
    const seasonOne = (after['seasons'] as { seasonNumber: number; statistics: Json }[]).find(
      (season) => season.seasonNumber === 1,
    );
    expect(seasonOne?.statistics).toMatchObject({ episodeFileCount: 0, sizeOnDisk: 0 });
    const episodesAfter = await get<Json[]>(`/api/v3/episode?seriesId=${id}&seasonNumber=1`);
    expect(
      episodesAfter.every((episode) => episode['hasFile'] === false && episode['episodeFileId'] === 0),
    ).toBe(true);
    expect(sonarr.state.deletedFilePaths).toHaveLength(files.length);
  });

  it('has no delete-season call', async () => {
    const { id } = seriesWithFiles();
    expect((await call(`/api/v3/series/${id}/season/1`, { method: 'DELETE' })).status).toBe(404);
  });

  it('unmonitors episodes by PUT episode/monitor (202)', async () => {
    const { id } = seriesWithFiles();
    const [first] = await get<Json[]>(`/api/v3/episode?seriesId=${id}`);
    const response = await call('/api/v3/episode/monitor', {
      method: 'PUT',
      body: JSON.stringify({ episodeIds: [first?.['id']], monitored: false }),
    });
    expect(response.status).toBe(202);
    expect(await get(`/api/v3/episode/${first?.['id']}`)).toMatchObject({ monitored: false });
  });

  it("deletes a series with addImportListExclusion, and ignores Radarr's flag name", async () => {
    const [first, second] = managed();
    const firstId = first?.sonarr[0]?.seriesId;
    const secondId = second?.sonarr[0]?.seriesId;
    expect(
      (
        await call(`/api/v3/series/${firstId}?deleteFiles=true&addImportListExclusion=true`, {
          method: 'DELETE',
        })
      ).status,
    ).toBe(200);
    expect((await call(`/api/v3/series/${firstId}`)).status).toBe(404);
    expect(await get('/api/v3/importlistexclusion')).toEqual([
      { id: 1, tvdbId: first?.tvdbId, title: first?.title },
    ]);
    expect(
      (
        await call(`/api/v3/series/${secondId}?deleteFiles=false&addImportExclusion=true`, {
          method: 'DELETE',
        })
      ).status,
    ).toBe(200);
    expect(await get<Json[]>('/api/v3/importlistexclusion')).toHaveLength(1);
    expect(await get<Json[]>('/api/v3/series')).toHaveLength(managed().length - 2);
  });

  it('refuses a duplicate import list exclusion with 400', async () => {
    const body = JSON.stringify({ tvdbId: 1234, title: 'X' });
    expect((await call('/api/v3/importlistexclusion', { method: 'POST', body })).status).toBe(201);
    const duplicate = await call('/api/v3/importlistexclusion', { method: 'POST', body });
    expect(duplicate.status).toBe(400);
    expect(await duplicate.json()).toEqual([
      expect.objectContaining({
        propertyName: 'tvdbId',
        errorMessage: 'This exclusion has already been added.',
      }),
    ]);
  });

  it('pages wanted/cutoff with page, pageSize and totalRecords; monitored=false lists the unmonitored ones', async () => {
    const first = await get<{ totalRecords: number; records: Json[]; page: number; pageSize: number }>(
      '/api/v3/wanted/cutoff?page=1&pageSize=5',
    );
    expect(first.totalRecords).toBeGreaterThan(5);
    expect(first.records).toHaveLength(5);
    const pages = Math.ceil(first.totalRecords / 5);
    const last = await get<{ records: Json[] }>(`/api/v3/wanted/cutoff?page=${pages}&pageSize=5`);
    expect(last.records.length).toBe(first.totalRecords - (pages - 1) * 5);
    const unmonitored = await get<{ records: Json[] }>('/api/v3/wanted/cutoff?pageSize=1000&monitored=false');
    const ids = new Set(unmonitored.records.map((record) => record['id']));
    const monitoredAll = await get<{ records: Json[] }>('/api/v3/wanted/cutoff?pageSize=1000');
    expect(monitoredAll.records.some((record) => ids.has(record['id']))).toBe(false);
    expect((await call('/api/v3/wanted/cutoff?page=0')).status).toBe(400);
  });

  it('marks episode files below their profile cutoff', async () => {
    const files = (
      await Promise.all(
        managed()
          .slice(0, 40)
          .map((series) => get<Json[]>(`/api/v3/episodefile?seriesId=${series.sonarr[0]?.seriesId}`)),
      )
    ).flat();
    expect(files.some((file) => file['qualityCutoffNotMet'] === true)).toBe(true);
    expect(files.some((file) => file['qualityCutoffNotMet'] === false)).toBe(true);
    expect((await call('/api/v3/episodefile')).status).toBe(400);
  });

  it('serves the 4K instance with its own ids and key', async () => {
    const uhd = await startSonarr({ library, instance: '4k' });
    try {
      expect(uhd.apiKey).not.toBe(sonarr.apiKey);
      const response = await fetch(`${uhd.url}/api/v3/series`, { headers: { 'X-Api-Key': uhd.apiKey } });
      const series = (await response.json()) as Json[];
      const expected = library.series.filter((candidate) =>
        candidate.sonarr.some((copy) => copy.instance === '4k'),
      );
      expect(series.map((entry) => entry['tvdbId'])).toEqual(expected.map((entry) => entry.tvdbId));
      expect(
        (await fetch(`${uhd.url}/api/v3/series`, { headers: { 'X-Api-Key': sonarr.apiKey } })).status,
      ).toBe(401);
    } finally {
      await uhd.stop();
    }
  });
});
