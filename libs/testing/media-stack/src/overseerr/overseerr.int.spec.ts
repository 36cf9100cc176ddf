// The Overseerr simulator over real HTTP: answers checked against Overseerr's OpenAPI document,
// 403 without the key, take/skip paging with pageInfo, requesters, and media deletion.
import { generateMediaLibrary } from '../library/generate-media-library';
import { schemaErrors } from '../testing/vendor-schema.spec-helpers';
import { startOverseerr } from './overseerr.simulator';
import type { OverseerrSimulator } from './overseerr.simulator';

type Json = Record<string, unknown>;
type Page = { pageInfo: { page: number; pages: number; pageSize: number; results: number }; results: Json[] };

describe('Overseerr simulator', () => {
  const library = generateMediaLibrary({ seed: 'overseerr-tests', items: 400 });
  let overseerr: OverseerrSimulator;
  const call = (path: string, init: RequestInit = {}, apiKey: string | null = overseerr.apiKey) =>
    fetch(`${overseerr.url}${path}`, {
      ...init,
      headers: { ...(apiKey === null ? {} : { 'X-Api-Key': apiKey }) },
    });
  const get = async <T = Json>(path: string): Promise<T> => {
    const response = await call(path);
    expect(response.status).toBe(200);
    return (await response.json()) as T;
  };

  beforeEach(async () => {
    overseerr = await startOverseerr({ library });
  });
  afterEach(async () => {
    await overseerr.stop();
  });

  it.each([
    ['/status', '/api/v1/status'],
    ['/settings/about', '/api/v1/settings/about'],
    ['/auth/me', '/api/v1/auth/me'],
    ['/user', '/api/v1/user'],
    ['/request', '/api/v1/request?take=50'],
    ['/media', '/api/v1/media?take=50'],
  ])('answers %s as the vendor schema says', async (specPath, path) => {
    expect(schemaErrors('overseerr-openapi.yml', specPath, 'get', 200, await get(path))).toEqual([]);
  });

  it('serves status without a key and answers 403 to a missing or wrong key elsewhere', async () => {
    expect((await call('/api/v1/status', {}, null)).status).toBe(200);
    expect((await call('/api/v1/auth/me', {}, null)).status).toBe(403);
    expect((await call('/api/v1/auth/me', {}, 'wrong')).status).toBe(403);
    expect((await call('/api/v1/request', {}, 'wrong')).status).toBe(403);
  });

  it('pages requests by take and skip with pageInfo, every request once, with its requester', async () => {
    const first = await get<Page>('/api/v1/request');
    expect(first.pageInfo).toMatchObject({ page: 1, pageSize: 10, results: library.requests.length });
    const seen: unknown[] = [];
    for (let skip = 0; skip < first.pageInfo.results; skip += 7) {
      const page = await get<Page>(`/api/v1/request?take=7&skip=${skip}`);
      expect(page.pageInfo.page).toBe(skip / 7 + 1);
      seen.push(...page.results.map((request) => request['id']));
    }
    expect(new Set(seen).size).toBe(library.requests.length);
    const requesters = new Set(first.results.map((request) => (request['requestedBy'] as Json)['plexId']));
    for (const plexId of requesters) expect(library.users.some((user) => user.plexId === plexId)).toBe(true);
  });

  it('filters requests by requester and status', async () => {
    const requester = library.users.find(
      (user) =>
        user.overseerrUserId !== null &&
        library.requests.some((request) => request.requesterPlexId === user.plexId),
    );
    const mine = await get<Page>(`/api/v1/request?take=1000&requestedBy=${requester?.overseerrUserId}`);
    expect(mine.pageInfo.results).toBe(
      library.requests.filter((request) => request.requesterPlexId === requester?.plexId).length,
    );
    const users = await get<Page>('/api/v1/user?take=100');
    expect(users.results.find((user) => user['id'] === requester?.overseerrUserId)?.['requestCount']).toBe(
      mine.pageInfo.results,
    );
    const pending = await get<Page>('/api/v1/request?take=1000&filter=pending');
    expect(pending.results.every((request) => request['status'] === 1)).toBe(true);
    expect((await call('/api/v1/request?filter=everything')).status).toBe(400);
  });

  it('links media to Plex and the managers, and forgets a title and its requests on DELETE media', async () => {
    const available = library.requests.find(
      (request) =>
        request.target.kind === 'movie' && library.movies[request.target.movieIndex]?.plex !== null,
    );
    const media = (await get<Page>('/api/v1/media?take=1000')).results.find(
      (entry) => entry['id'] === available?.mediaId,
    );
    const movie =
      available?.target.kind === 'movie' ? library.movies[available.target.movieIndex] : undefined;
    expect(media).toMatchObject({
      status: 5,
      tmdbId: movie?.tmdbId,
      ratingKey: String(movie?.plex?.ratingKey),
    });
    expect((await call(`/api/v1/media/${available?.mediaId}`, { method: 'DELETE' })).status).toBe(204);
    expect((await call(`/api/v1/media/${available?.mediaId}`, { method: 'DELETE' })).status).toBe(404);
    const left = await get<Page>('/api/v1/request?take=1000');
    expect(
      left.results.some((request) => (request['media'] as Json | null)?.['id'] === available?.mediaId),
    ).toBe(false);
  });
});
