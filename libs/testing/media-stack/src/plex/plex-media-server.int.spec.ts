// The Plex Media Server simulator over real HTTP: answers checked against the community Plex
// OpenAPI documents, and the behaviours clients trip over (auth, XML by default, short pages,
// per-token watch state, shows without Media, history per account).
import { generateMediaLibrary } from '../library/generate-media-library';
import type { LibraryUser } from '../library/media-library.types';
import { schemaErrors } from '../testing/vendor-schema.spec-helpers';
import { startPlexMediaServer } from './plex-media-server.simulator';
import type { PlexMediaServerSimulator } from './plex-media-server.simulator';

type Container = { MediaContainer: Record<string, unknown> & { Metadata?: Record<string, unknown>[] } };

describe('Plex Media Server simulator', () => {
  const library = generateMediaLibrary({ seed: 'plex-tests', items: 150 });
  const owner = library.users.find((user) => user.kind === 'owner') as LibraryUser;
  const friend = library.users.find((user) => user.kind === 'shared' && user.hasServerAccess) as LibraryUser;
  let plex: PlexMediaServerSimulator;

  const get = (
    path: string,
    token: string | null = owner.serverToken,
    headers: Record<string, string> = {},
  ) =>
    fetch(`${plex.url}${path}`, {
      headers: {
        Accept: 'application/json',
        ...(token === null ? {} : { 'X-Plex-Token': token }),
        ...headers,
      },
    });
  const json = async (
    path: string,
    token?: string | null,
    headers?: Record<string, string>,
  ): Promise<Container> => {
    const response = await get(path, token, headers);
    expect(response.status).toBe(200);
    return (await response.json()) as Container;
  };

  beforeEach(async () => {
    plex = await startPlexMediaServer({ library, paging: { shortPages: true } });
  });
  afterEach(async () => {
    await plex.stop();
  });

  describe('answers that match the vendor schema', () => {
    it.each([
      ['plex-openapi.yaml', '/identity', '/identity'],
      ['plex-openapi-v0.yaml', '/library/sections', '/library/sections'],
      ['plex-openapi.yaml', '/library/sections/all', '/library/sections/all'],
      ['plex-openapi.yaml', '/library/sections/{sectionId}/all', '/library/sections/1/all?includeGuids=1'],
      ['plex-openapi.yaml', '/library/sections/{sectionId}/all', '/library/sections/2/all?includeGuids=1'],
      [
        'plex-openapi.yaml',
        '/library/sections/{sectionId}/all',
        '/library/sections/2/all?type=4&includeGuids=1',
      ],
      ['plex-openapi.yaml', '/library/sections/{sectionId}/allLeaves', '/library/sections/2/allLeaves'],
      ['plex-openapi.yaml', '/status/sessions/history/all', '/status/sessions/history/all'],
    ] as const)('%s %s', async (spec, specPath, path) => {
      const body = await json(path);
      expect(schemaErrors(spec, specPath, 'get', 200, body)).toEqual([]);
    });

    it('/library/metadata/{ids}, its children and allLeaves', async () => {
      const movie = library.movies.find((candidate) => candidate.plex !== null);
      const show = library.series.find((candidate) => candidate.plex !== null);
      const keys = `${movie?.plex?.ratingKey},${show?.plex?.ratingKey}`;
      const metadata = await json(`/library/metadata/${keys}`);
      expect(metadata.MediaContainer.Metadata).toHaveLength(2);
      expect(schemaErrors('plex-openapi.yaml', '/library/metadata/{ids}', 'get', 200, metadata)).toEqual([]);
      const children = await json(`/library/metadata/${show?.plex?.ratingKey}/children`);
      expect(
        schemaErrors('plex-openapi-v0.yaml', '/library/metadata/{ratingKey}/children', 'get', 200, children),
      ).toEqual([]);
      const leaves = await json(`/library/metadata/${show?.plex?.ratingKey}/allLeaves`);
      expect(
        schemaErrors('plex-openapi.yaml', '/library/metadata/{ids}/allLeaves', 'get', 200, leaves),
      ).toEqual([]);
    });
  });

  describe('auth', () => {
    it('accepts the token as X-Plex-Token header or query, and refuses a missing or wrong one with 401', async () => {
      expect((await get('/library/sections')).status).toBe(200);
      expect((await get(`/library/sections?X-Plex-Token=${owner.serverToken}`, null)).status).toBe(200);
      expect((await get('/library/sections', null)).status).toBe(401);
      expect((await get('/library/sections', 'not-a-token')).status).toBe(401);
      expect((await get('/library/sections', owner.authToken.slice(1))).status).toBe(401);
    });

    it('serves /identity without a token, as real servers do', async () => {
      const body = await json('/identity', null);
      expect(body.MediaContainer['machineIdentifier']).toBe(library.server.machineIdentifier);
    });

    it('keeps history and accounts to the owner', async () => {
      expect((await get('/status/sessions/history/all', friend.serverToken)).status).toBe(401);
      expect((await get('/accounts', friend.serverToken)).status).toBe(401);
      expect((await get('/library/sections/1/all', friend.serverToken)).status).toBe(200);
    });

    it('refuses friends who only have access to another server', async () => {
      const outsider = library.users.find((user) => !user.hasServerAccess) as LibraryUser;
      expect((await get('/library/sections', outsider.serverToken)).status).toBe(401);
    });
  });

  describe('format', () => {
    it('answers XML unless the client asks for JSON, escaping attribute values', async () => {
      const response = await fetch(`${plex.url}/library/sections/1/all`, {
        headers: { 'X-Plex-Token': owner.serverToken },
      });
      expect(response.headers.get('content-type')).toContain('text/xml');
      const xml = await response.text();
      expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<MediaContainer ')).toBe(true);
      expect(xml).toContain('<Video ratingKey=');
      expect(xml).toContain('<Media id=');
      expect(xml).not.toMatch(/="[^"]*[<>][^"]*"/);
      const shows = await (
        await fetch(`${plex.url}/library/sections/2/all`, { headers: { 'X-Plex-Token': owner.serverToken } })
      ).text();
      expect(shows).toContain('<Directory ratingKey=');
    });
  });

  describe('paging', () => {
    it('reads container start and size from headers or query and reports totalSize', async () => {
      const byQuery = await json(
        '/library/sections/1/all?X-Plex-Container-Start=0&X-Plex-Container-Size=1000',
      );
      const total = byQuery.MediaContainer['totalSize'] as number;
      expect(byQuery.MediaContainer['size']).toBe(total);
      const byHeader = await get('/library/sections/1/all', owner.serverToken, {
        'X-Plex-Container-Start': '5',
        'X-Plex-Container-Size': '1',
      });
      const page = (await byHeader.json()) as Container;
      expect(page.MediaContainer).toMatchObject({ offset: 5, size: 1, totalSize: total });
      expect(page.MediaContainer.Metadata?.[0]?.['ratingKey']).toBe(
        byQuery.MediaContainer.Metadata?.[5]?.['ratingKey'],
      );
    });

    it('holds fewer rows than asked on some pages: advancing by rows received collects every item once', async () => {
      const all = await json('/library/sections/2/all?type=4');
      const expected = (all.MediaContainer.Metadata ?? []).map((item) => item['ratingKey']);
      const seen: unknown[] = [];
      let start = 0;
      let shortPages = 0;
      for (;;) {
        const page = await json(
          `/library/sections/2/all?type=4&X-Plex-Container-Start=${start}&X-Plex-Container-Size=10`,
        );
        const rows = page.MediaContainer.Metadata ?? [];
        if (rows.length === 0) break;
        if (rows.length < 10 && start + rows.length < expected.length) shortPages += 1;
        seen.push(...rows.map((item) => item['ratingKey']));
        start += rows.length;
      }
      expect(shortPages).toBeGreaterThan(0);
      expect(seen).toEqual(expected);
    });

    it('caps pages at maxContainerSize', async () => {
      plex.state.paging = { maxContainerSize: 7 };
      const page = await json('/library/sections/1/all?X-Plex-Container-Size=50');
      expect(page.MediaContainer['size']).toBe(7);
    });

    it('sorts by addedAt descending when asked, pages included', async () => {
      const page = await json(
        '/library/sections/1/all?sort=addedAt:desc&X-Plex-Container-Start=0&X-Plex-Container-Size=20',
      );
      const added = (page.MediaContainer.Metadata ?? []).map((item) => item['addedAt'] as number);
      expect(added.length).toBeGreaterThan(10);
      expect(added).toEqual([...added].sort((left, right) => right - left));
      const newest = Math.max(
        ...library.movies.flatMap((movie) => (movie.plex === null ? [] : [movie.plex.addedAt])),
      );
      expect(added[0]).toBe(newest);
    });

    it('leaves Metadata out of an empty container', async () => {
      const page = await json(
        '/library/sections/1/all?X-Plex-Container-Start=100000&X-Plex-Container-Size=10',
      );
      expect(page.MediaContainer['size']).toBe(0);
      expect('Metadata' in page.MediaContainer).toBe(false);
    });
  });

  describe('content', () => {
    it('sends Guid only with includeGuids=1, and external ids that match the managers', async () => {
      const without = await json('/library/sections/1/all');
      expect((without.MediaContainer.Metadata ?? []).some((item) => 'Guid' in item)).toBe(false);
      const withGuids = await json('/library/sections/1/all?includeGuids=1');
      const managed = library.movies.find((movie) => movie.plex !== null && movie.radarr.length > 0);
      const item = (withGuids.MediaContainer.Metadata ?? []).find(
        (entry) => entry['ratingKey'] === String(managed?.plex?.ratingKey),
      );
      expect(item?.['Guid']).toContainEqual({ id: `tmdb://${managed?.tmdbId}` });
    });

    it('gives shows no Media: sizes come from their episodes', async () => {
      const shows = await json('/library/sections/2/all');
      expect((shows.MediaContainer.Metadata ?? []).every((show) => !('Media' in show))).toBe(true);
      const episodes = await json('/library/sections/2/allLeaves');
      expect(
        (episodes.MediaContainer.Metadata ?? []).every((episode) => Array.isArray(episode['Media'])),
      ).toBe(true);
    });

    it('reports Plex videoResolution values and several versions of one movie with their part sizes', async () => {
      const movies = (await json('/library/sections/1/all')).MediaContainer.Metadata ?? [];
      const media = movies.flatMap((movie) => movie['Media'] as Record<string, unknown>[]);
      const resolutions = new Set(media.map((entry) => entry['videoResolution']));
      for (const value of resolutions)
        expect(['sd', '480', '576', '720', '1080', '2k', '4k', undefined]).toContain(value);
      expect(resolutions.has('4k')).toBe(true);
      expect(movies.some((movie) => (movie['Media'] as unknown[]).length > 1)).toBe(true);
      const parts = media.flatMap((entry) => entry['Part'] as Record<string, unknown>[]);
      expect(parts.every((part) => typeof part['size'] === 'number' && (part['size'] as number) > 0)).toBe(
        true,
      );
    });

    it("reports viewCount and lastViewedAt for the token's own account only", async () => {
      const friendPlay = library.history.find((play) => play.localAccountId === friend.localAccountId);
      const ownerPlays = library.history.filter((play) => play.localAccountId === 1);
      const ratingKey = friendPlay?.ratingKey ?? 0;
      const ownerCount = ownerPlays.filter((play) => play.ratingKey === ratingKey).length;
      const friendCount = library.history.filter(
        (play) => play.ratingKey === ratingKey && play.localAccountId === friend.localAccountId,
      ).length;
      const asOwner = (await json(`/library/metadata/${ratingKey}`)).MediaContainer.Metadata?.[0];
      const asFriend = (await json(`/library/metadata/${ratingKey}`, friend.serverToken)).MediaContainer
        .Metadata?.[0];
      expect(asFriend?.['viewCount']).toBe(friendCount);
      expect(asOwner?.['viewCount']).toBe(ownerCount === 0 ? undefined : ownerCount);
    });
  });

  describe('history', () => {
    it('has one row per play of every account, the owner as account 1, filterable by accountID', async () => {
      const all = (await json('/status/sessions/history/all')).MediaContainer;
      expect(all['totalSize']).toBe(library.history.length);
      const accounts = new Set((all.Metadata ?? []).map((row) => row['accountID']));
      expect(accounts.has(1)).toBe(true);
      expect(accounts.size).toBeGreaterThan(2);
      const mine =
        (await json(`/status/sessions/history/all?accountID=${friend.localAccountId}`)).MediaContainer
          .Metadata ?? [];
      expect(mine.length).toBe(
        library.history.filter((play) => play.localAccountId === friend.localAccountId).length,
      );
      expect(mine.every((row) => row['accountID'] === friend.localAccountId)).toBe(true);
      const episodes = (all.Metadata ?? []).filter((row) => row['type'] === 'episode');
      expect(episodes.every((row) => typeof row['ratingKey'] === 'string' && 'parentKey' in row)).toBe(true);
      expect(episodes.some((row) => !('grandparentKey' in row))).toBe(true);
      expect(episodes.some((row) => 'grandparentKey' in row)).toBe(true);
    });

    it('expands a show in metadataItemID to its episodes, and filters by viewedAt', async () => {
      const show = library.series.find(
        (series) =>
          series.plex !== null &&
          library.history.some((play) =>
            series.seasons.some((season) =>
              season.episodes.some((episode) => episode.plex?.ratingKey === play.ratingKey),
            ),
          ),
      );
      const episodeKeys = new Set(
        show?.seasons.flatMap((season) =>
          season.episodes.flatMap((episode) => (episode.plex ? [episode.plex.ratingKey] : [])),
        ),
      );
      const rows =
        (await json(`/status/sessions/history/all?metadataItemID=${show?.plex?.ratingKey}`)).MediaContainer
          .Metadata ?? [];
      expect(rows.length).toBe(library.history.filter((play) => episodeKeys.has(play.ratingKey)).length);
      expect(rows.length).toBeGreaterThan(0);
      const cutoff = library.now - 365 * 86_400;
      const recent = (await json(`/status/sessions/history/all?viewedAt>=${cutoff}`)).MediaContainer;
      expect(recent['totalSize']).toBe(library.history.filter((play) => play.viewedAt >= cutoff).length);
    });

    it('lists accounts with local ids: the owner is 1, friends keep their plex.tv id', async () => {
      const accounts = ((await json('/accounts')).MediaContainer['Account'] ?? []) as Record<
        string,
        unknown
      >[];
      expect(accounts).toContainEqual(expect.objectContaining({ id: 1, name: owner.username }));
      expect(accounts).toContainEqual(expect.objectContaining({ id: friend.plexId }));
    });
  });

  describe('mutations', () => {
    it('deletes an item (it and its plays stay out of later reads) and records section refreshes', async () => {
      const movie = library.movies.find((candidate) => candidate.plex !== null);
      const key = movie?.plex?.ratingKey;
      const before = (await json('/library/sections/1/all')).MediaContainer['totalSize'] as number;
      expect(
        (
          await fetch(`${plex.url}/library/metadata/${key}`, {
            method: 'DELETE',
            headers: { 'X-Plex-Token': owner.serverToken },
          })
        ).status,
      ).toBe(200);
      expect((await get(`/library/metadata/${key}`)).status).toBe(404);
      expect((await json('/library/sections/1/all')).MediaContainer['totalSize']).toBe(before - 1);
      expect((await get('/library/sections/1/refresh')).status).toBe(200);
      expect(plex.state.refreshedSections).toEqual(['1']);
    });

    it('deletes one version of a movie with several, and refuses deletion when the server does not allow it', async () => {
      const movie = library.movies.find((candidate) => (candidate.plex?.versions.length ?? 0) > 1);
      const key = movie?.plex?.ratingKey;
      const mediaId = movie?.plex?.versions[1]?.mediaId;
      const remove = (path: string, token = owner.serverToken) =>
        fetch(`${plex.url}${path}`, { method: 'DELETE', headers: { 'X-Plex-Token': token } });
      expect((await remove(`/library/metadata/${key}/media/${mediaId}`, friend.serverToken)).status).toBe(
        401,
      );
      expect((await remove(`/library/metadata/${key}/media/${mediaId}`)).status).toBe(200);
      const media = (await json(`/library/metadata/${key}`)).MediaContainer.Metadata?.[0]?.['Media'] as {
        id: number;
      }[];
      expect(media.map((entry) => entry.id)).toEqual(
        movie?.plex?.versions
          .filter((version) => version.mediaId !== mediaId)
          .map((version) => version.mediaId),
      );
      expect((await remove(`/library/metadata/${key}/media/${mediaId}`)).status).toBe(404);
      plex.state.allowMediaDeletion = false;
      expect((await remove(`/library/metadata/${key}`)).status).toBe(403);
    });

    it('drops a movie with its last version, and a season and its show with their last episode', async () => {
      plex.state.allowMediaDeletion = true;
      const movie = library.movies.find(
        (candidate) =>
          candidate.plex?.versions.length === 1 &&
          !plex.state.removedRatingKeys.has(candidate.plex.ratingKey),
      );
      const before = (await json('/library/sections/1/all')).MediaContainer['totalSize'] as number;
      plex.state.removeMedia(movie?.plex?.versions[0]?.mediaId ?? -1);
      expect((await get(`/library/metadata/${movie?.plex?.ratingKey}`)).status).toBe(404);
      expect((await json('/library/sections/1/all')).MediaContainer['totalSize']).toBe(before - 1);

      const series = library.series.find(
        (candidate) =>
          candidate.plex !== null && candidate.seasons.filter((season) => season.plex !== null).length === 1,
      );
      const episodes = series?.seasons.flatMap((season) => season.episodes) ?? [];
      const [last, ...others] = episodes.filter((episode) => episode.plex !== null).reverse();
      for (const episode of others)
        for (const version of episode.plex?.versions ?? []) plex.state.removeMedia(version.mediaId);
      expect((await get(`/library/metadata/${series?.plex?.ratingKey}`)).status).toBe(200);
      for (const version of last?.plex?.versions ?? []) plex.state.removeMedia(version.mediaId);
      expect((await get(`/library/metadata/${last?.plex?.ratingKey}`)).status).toBe(404);
      expect((await get(`/library/metadata/${series?.plex?.ratingKey}`)).status).toBe(404);
    });

    it("advances a section's contentChangedAt on every change to its content, and only then", async () => {
      const stamps = async () =>
        new Map(
          (
            ((await json('/library/sections')).MediaContainer['Directory'] ?? []) as Record<string, unknown>[]
          ).map((section) => [String(section['key']), section['contentChangedAt'] as number]),
        );
      const start = await stamps();
      expect(await stamps()).toEqual(start);
      const movie = library.movies.find(
        (candidate) => candidate.plex !== null && candidate.plex.versions.length > 1,
      );
      // Reads and plays change no content.
      await json('/library/sections/1/all');
      plex.state.addPlay({
        localAccountId: 1,
        ratingKey: movie?.plex?.ratingKey ?? 0,
        viewedAt: library.now,
        deviceId: 1,
      });
      expect(await stamps()).toEqual(start);

      plex.state.removeMedia(movie?.plex?.versions[1]?.mediaId ?? -1);
      const afterVersion = await stamps();
      expect(afterVersion.get('1')).toBeGreaterThan(start.get('1') ?? Number.POSITIVE_INFINITY);
      expect([afterVersion.get('2'), afterVersion.get('3')]).toEqual([start.get('2'), start.get('3')]);

      const show = library.series.find((candidate) => candidate.plex !== null);
      const removed = await fetch(`${plex.url}/library/metadata/${show?.plex?.ratingKey}`, {
        method: 'DELETE',
        headers: { 'X-Plex-Token': owner.serverToken },
      });
      expect(removed.status).toBe(200);
      const afterShow = await stamps();
      expect(afterShow.get('2')).toBeGreaterThan(afterVersion.get('1') ?? Number.POSITIVE_INFINITY);
      expect(afterShow.get('1')).toBe(afterVersion.get('1'));

      const added = {
        ...movie,
        plex: { ...movie?.plex, ratingKey: 9_999_001, versions: [] },
      } as unknown as Parameters<typeof plex.state.addMovie>[0];
      plex.state.addMovie(added);
      expect((await stamps()).get('1')).toBeGreaterThan(afterShow.get('2') ?? Number.POSITIVE_INFINITY);
      plex.state.noteContentChanged('2');
      expect((await stamps()).get('2')).toBeGreaterThan(afterShow.get('2') ?? Number.POSITIVE_INFINITY);
    });

    it('forgets a play removed from the history, in the rows and the total', async () => {
      const play = plex.state.history[0];
      const before = (await json('/status/sessions/history/all?X-Plex-Container-Size=0')).MediaContainer;
      expect(before['totalSize']).toBe(plex.state.history.length);
      plex.state.removePlay(play?.historyId ?? -1);
      const after = (await json('/status/sessions/history/all')).MediaContainer;
      expect(after['totalSize']).toBe((before['totalSize'] as number) - 1);
      expect(
        (after.Metadata ?? []).some(
          (row) => row['historyKey'] === `/status/sessions/history/${play?.historyId}`,
        ),
      ).toBe(false);
    });

    it('sees a play added to the history in viewCount at once', async () => {
      const movie = library.movies.find(
        (candidate) =>
          candidate.plex !== null &&
          !library.history.some((play) => play.ratingKey === candidate.plex?.ratingKey),
      );
      const key = movie?.plex?.ratingKey ?? 0;
      plex.state.addPlay({ localAccountId: 1, ratingKey: key, viewedAt: library.now, deviceId: 1 });
      const item = (await json(`/library/metadata/${key}`)).MediaContainer.Metadata?.[0];
      expect(item).toMatchObject({ viewCount: 1, lastViewedAt: library.now });
    });
  });
});
