// The Radarr v3 simulator over real HTTP: answers checked against Radarr's OpenAPI document, auth,
// paging, and the mutations a pruning tool makes (file deletes, movie deletes, import exclusions).
import { generateMediaLibrary } from '../library/generate-media-library';
import { schemaErrors } from '../testing/vendor-schema.spec-helpers';
import { startRadarr } from './radarr.simulator';
import type { RadarrSimulator } from './radarr.simulator';

type Json = Record<string, unknown>;

describe('Radarr simulator', () => {
  const library = generateMediaLibrary({ seed: 'radarr-tests', items: 200 });
  let radarr: RadarrSimulator;
  const call = (path: string, init: RequestInit = {}, apiKey: string | null = radarr.apiKey) =>
    fetch(`${radarr.url}${path}`, {
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
  const managed = () => library.movies.filter((movie) => movie.radarr.some((copy) => copy.instance === 'hd'));
  const withFile = () => {
    for (const movie of managed()) {
      const copy = movie.radarr[0];
      if (copy?.file) return { movie, id: copy.movieId, fileId: copy.file.fileId };
    }
    throw new Error('no managed movie with a file');
  };

  beforeEach(async () => {
    radarr = await startRadarr({ library, instance: 'hd' });
  });
  afterEach(async () => {
    await radarr.stop();
  });

  describe('answers that match the vendor schema', () => {
    it.each([
      ['/api/v3/system/status', '/api/v3/system/status'],
      ['/api/v3/movie', '/api/v3/movie'],
      ['/api/v3/qualityprofile', '/api/v3/qualityprofile'],
      ['/api/v3/exclusions', '/api/v3/exclusions'],
      ['/api/v3/exclusions/paged', '/api/v3/exclusions/paged'],
      ['/api/v3/wanted/cutoff', '/api/v3/wanted/cutoff?pageSize=50'],
    ])('%s', async (specPath, path) => {
      expect(schemaErrors('radarr-openapi.json', specPath, 'get', 200, await get(path))).toEqual([]);
    });

    it('/api/v3/movie/{id} and /api/v3/moviefile/{id}, and an exclusion once added', async () => {
      const { id, fileId } = withFile();
      expect(
        schemaErrors(
          'radarr-openapi.json',
          '/api/v3/movie/{id}',
          'get',
          200,
          await get(`/api/v3/movie/${id}`),
        ),
      ).toEqual([]);
      expect(
        schemaErrors(
          'radarr-openapi.json',
          '/api/v3/moviefile/{id}',
          'get',
          200,
          await get(`/api/v3/moviefile/${fileId}`),
        ),
      ).toEqual([]);
      expect(
        schemaErrors(
          'radarr-openapi.json',
          '/api/v3/moviefile',
          'get',
          200,
          await get(`/api/v3/moviefile?movieId=${id}`),
        ),
      ).toEqual([]);
      expect((await call('/api/v3/moviefile')).status).toBe(400);
      await call('/api/v3/exclusions', {
        method: 'POST',
        body: JSON.stringify({ tmdbId: 42, movieTitle: 'X', movieYear: 2001 }),
      });
      expect(
        schemaErrors(
          'radarr-openapi.json',
          '/api/v3/exclusions',
          'get',
          200,
          await get('/api/v3/exclusions'),
        ),
      ).toEqual([]);
    });
  });

  it('names itself Radarr and takes the key as X-Api-Key header or apikey query; 401 otherwise', async () => {
    expect(await get('/api/v3/system/status')).toMatchObject({ appName: 'Radarr' });
    expect((await call(`/api/v3/movie?apikey=${radarr.apiKey}`, {}, null)).status).toBe(200);
    expect((await call('/api/v3/movie', {}, null)).status).toBe(401);
    expect((await call('/api/v3/movie', {}, library.sonarrInstances[0]?.apiKey ?? '')).status).toBe(401);
  });

  it('lists monitored movies without a file, with size 0', async () => {
    const movies = await get<Json[]>('/api/v3/movie');
    expect(movies).toHaveLength(managed().length);
    expect(
      movies.some(
        (movie) => movie['monitored'] === true && movie['hasFile'] === false && movie['sizeOnDisk'] === 0,
      ),
    ).toBe(true);
    const [byTmdb] = await get<Json[]>(`/api/v3/movie?tmdbId=${managed()[0]?.tmdbId}`);
    expect(byTmdb?.['id']).toBe(managed()[0]?.radarr[0]?.movieId);
  });

  it('unmonitors by PUT (202), deletes the file, and later reads show no file', async () => {
    const { id, fileId } = withFile();
    const movie = await get(`/api/v3/movie/${id}`);
    const put = await call(`/api/v3/movie/${id}`, {
      method: 'PUT',
      body: JSON.stringify({ ...movie, monitored: false }),
    });
    expect(put.status).toBe(202);
    expect(await put.json()).toMatchObject({ monitored: false });
    expect((await call(`/api/v3/moviefile/${fileId}`, { method: 'DELETE' })).status).toBe(200);
    expect(await get(`/api/v3/movie/${id}`)).toMatchObject({
      hasFile: false,
      sizeOnDisk: 0,
      monitored: false,
    });
    expect((await call(`/api/v3/moviefile/${fileId}`)).status).toBe(404);
  });

  it("deletes a movie with addImportExclusion, and ignores Sonarr's flag name", async () => {
    const [first, second] = managed();
    expect(
      (
        await call(`/api/v3/movie/${first?.radarr[0]?.movieId}?deleteFiles=true&addImportExclusion=true`, {
          method: 'DELETE',
        })
      ).status,
    ).toBe(200);
    expect((await call(`/api/v3/movie/${first?.radarr[0]?.movieId}`)).status).toBe(404);
    expect(await get('/api/v3/exclusions')).toEqual([
      { id: 1, tmdbId: first?.tmdbId, movieTitle: first?.title, movieYear: first?.year },
    ]);
    expect(
      (
        await call(
          `/api/v3/movie/${second?.radarr[0]?.movieId}?deleteFiles=true&addImportListExclusion=true`,
          { method: 'DELETE' },
        )
      ).status,
    ).toBe(200);
    expect(await get<Json[]>('/api/v3/exclusions')).toHaveLength(1);
  });

  it('answers 400 to a duplicate import exclusion, one by one or in bulk', async () => {
    const body = { tmdbId: 157336, movieTitle: 'Interstellar', movieYear: 2014 };
    expect((await call('/api/v3/exclusions', { method: 'POST', body: JSON.stringify(body) })).status).toBe(
      201,
    );
    const duplicate = await call('/api/v3/exclusions', { method: 'POST', body: JSON.stringify(body) });
    expect(duplicate.status).toBe(400);
    expect(await duplicate.json()).toEqual([
      expect.objectContaining({ errorMessage: 'This exclusion has already been added' }),
    ]);
    expect(
      (await call('/api/v3/exclusions/bulk', { method: 'POST', body: JSON.stringify([body]) })).status,
    ).toBe(400);
    expect(
      (
        await call('/api/v3/exclusions/bulk', {
          method: 'POST',
          body: JSON.stringify([{ ...body, tmdbId: 1 }]),
        })
      ).status,
    ).toBe(200);
    expect(await get<Json[]>('/api/v3/exclusions')).toHaveLength(2);
  });

  it('pages exclusions and wanted/cutoff; wanted/cutoff filters on monitored exactly', async () => {
    for (let tmdbId = 1; tmdbId <= 12; tmdbId += 1) {
      await call('/api/v3/exclusions', {
        method: 'POST',
        body: JSON.stringify({ tmdbId, movieTitle: `M${tmdbId}`, movieYear: 2000 }),
      });
    }
    const page = await get<{ totalRecords: number; records: Json[] }>(
      '/api/v3/exclusions/paged?page=2&pageSize=5',
    );
    expect(page).toMatchObject({ page: 2, pageSize: 5, totalRecords: 12 });
    expect(page.records.map((record) => record['tmdbId'])).toEqual([6, 7, 8, 9, 10]);
    const monitored = await get<{ records: Json[] }>('/api/v3/wanted/cutoff?pageSize=1000');
    const unmonitored = await get<{ records: Json[] }>('/api/v3/wanted/cutoff?pageSize=1000&monitored=false');
    expect(monitored.records.length).toBeGreaterThan(0);
    expect(monitored.records.every((movie) => movie['monitored'] === true)).toBe(true);
    expect(unmonitored.records.every((movie) => movie['monitored'] === false)).toBe(true);
    const query = managed()
      .map((movie) => `movieId=${movie.radarr[0]?.movieId}`)
      .join('&');
    const files = await get<Json[]>(`/api/v3/moviefile?${query}`);
    const below = files.filter((file) => file['qualityCutoffNotMet'] === true).length;
    expect(monitored.records.length + unmonitored.records.length).toBe(below);
  });
});
