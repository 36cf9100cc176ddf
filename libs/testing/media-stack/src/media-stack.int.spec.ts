// The whole stack over one generated library: every simulator up, and the ids that link the
// systems agree over HTTP (Plex Guid ↔ Radarr/Sonarr ids, Overseerr media ↔ Plex and the managers).
import { startMediaStack } from './media-stack';
import type { MediaStack } from './media-stack';

type Json = Record<string, unknown>;

describe('media stack', () => {
  let stack: MediaStack;
  const owner = () => stack.library.users.find((user) => user.kind === 'owner');

  beforeAll(async () => {
    stack = await startMediaStack({ seed: 'stack-tests', items: 300, plexPaging: { shortPages: true } });
  });
  afterAll(async () => {
    await stack.stop();
  });

  const plexJson = async (path: string): Promise<{ MediaContainer: { Metadata?: Json[] } }> =>
    (await (
      await fetch(`${stack.plex.url}${path}`, {
        headers: { Accept: 'application/json', 'X-Plex-Token': owner()?.serverToken ?? '' },
      })
    ).json()) as {
      MediaContainer: { Metadata?: Json[] };
    };
  const arr = async (url: string, apiKey: string, path: string): Promise<Json[]> =>
    (await (await fetch(`${url}${path}`, { headers: { 'X-Api-Key': apiKey } })).json()) as Json[];

  it('matches Plex movies to both Radarr instances by TMDB id, and Radarr ids to the library', async () => {
    const plexMovies =
      (await plexJson('/library/sections/1/all?includeGuids=1')).MediaContainer.Metadata ?? [];
    const plexTmdb = new Set(
      plexMovies
        .flatMap((movie) => ((movie['Guid'] as { id: string }[] | undefined) ?? []).map((guid) => guid.id))
        .filter((id) => id.startsWith('tmdb://')),
    );
    for (const radarr of [stack.radarr, stack.radarr4k]) {
      const movies = await arr(radarr.url, radarr.apiKey, '/api/v3/movie');
      for (const movie of movies) {
        const source = stack.library.movies.find((candidate) => candidate.tmdbId === movie['tmdbId']);
        expect(source?.radarr.some((copy) => copy.movieId === movie['id'])).toBe(true);
        if (source?.plex !== null && movie['hasFile'] === true)
          expect(plexTmdb.has(`tmdb://${movie['tmdbId']}`)).toBe(true);
      }
    }
    const both = (await arr(stack.radarr4k.url, stack.radarr4k.apiKey, '/api/v3/movie')).filter(
      (movie) => movie['hasFile'] === true,
    );
    expect(both.length).toBeGreaterThan(0);
  });

  it("sizes a Plex show from its episodes exactly as Sonarr's statistics, for a show only the HD instance holds", async () => {
    const show = stack.library.series.find(
      (series) =>
        series.plex !== null &&
        series.sonarr.length === 1 &&
        series.sonarr[0]?.files.length ===
          series.seasons.reduce((sum, season) => sum + season.episodes.length, 0),
    );
    const sonarrSeries = (
      await arr(stack.sonarr.url, stack.sonarr.apiKey, `/api/v3/series?tvdbId=${show?.tvdbId}`)
    )[0];
    const leaves =
      (await plexJson(`/library/metadata/${show?.plex?.ratingKey}/allLeaves`)).MediaContainer.Metadata ?? [];
    const paths = new Map<string, number>();
    for (const leaf of leaves) {
      for (const media of leaf['Media'] as { Part: { file: string; size: number }[] }[])
        for (const part of media.Part) paths.set(part.file, part.size);
    }
    const plexBytes = [...paths.values()].reduce((sum, size) => sum + size, 0);
    expect(plexBytes).toBe((sonarrSeries?.['statistics'] as { sizeOnDisk: number }).sizeOnDisk);
  });

  it("links Overseerr media to Plex rating keys and the managers' ids", async () => {
    const page = (await (
      await fetch(`${stack.overseerr.url}/api/v1/media?take=1000`, {
        headers: { 'X-Api-Key': stack.overseerr.apiKey },
      })
    ).json()) as { results: Json[] };
    const radarrMovies = await arr(stack.radarr.url, stack.radarr.apiKey, '/api/v3/movie');
    let checked = 0;
    for (const media of page.results.filter(
      (entry) => entry['mediaType'] === 'movie' && entry['externalServiceId'] !== null,
    )) {
      const movie = radarrMovies.find((candidate) => candidate['id'] === media['externalServiceId']);
      expect(movie?.['tmdbId']).toBe(media['tmdbId']);
      if (media['ratingKey'] !== null) {
        const item = (await plexJson(`/library/metadata/${media['ratingKey']}`)).MediaContainer.Metadata?.[0];
        expect(item?.['Guid']).toContainEqual({ id: `tmdb://${media['tmdbId']}` });
      }
      checked += 1;
    }
    expect(checked).toBeGreaterThan(3);
  });

  it('injects faults per simulator and route: a 500 in the middle of paging, a dropped call, a slow answer', async () => {
    const history = (start: number) =>
      fetch(
        `${stack.plex.url}/status/sessions/history/all?X-Plex-Container-Start=${start}&X-Plex-Container-Size=20`,
        {
          headers: { Accept: 'application/json', 'X-Plex-Token': owner()?.serverToken ?? '' },
        },
      );
    expect((await history(0)).status).toBe(200);
    stack.plex.faults.add({ path: '/status/sessions/history/all', status: 500, times: 1 });
    expect((await history(20)).status).toBe(500);
    expect((await history(20)).status).toBe(200);

    stack.sonarr.faults.add({ method: 'GET', path: /^\/api\/v3\/series/, drop: true, times: 1 });
    await expect(arr(stack.sonarr.url, stack.sonarr.apiKey, '/api/v3/series')).rejects.toThrow();
    expect(await arr(stack.sonarr.url, stack.sonarr.apiKey, '/api/v3/series')).not.toHaveLength(0);

    stack.radarr.faults.add({ path: '/api/v3/system/status', delayMs: 120, times: 1 });
    const started = Date.now();
    await arr(stack.radarr.url, stack.radarr.apiKey, '/api/v3/system/status');
    expect(Date.now() - started).toBeGreaterThanOrEqual(100);
    expect(stack.radarr.faults.active()).toEqual([]);
  });

  it('fails with the listen error when a fixed port is taken, leaving the running stack alone', async () => {
    const taken = new URL(stack.sonarr.url).port;
    await expect(
      startMediaStack({ library: stack.library, ports: { sonarr4k: Number(taken) } }),
    ).rejects.toThrow(/EADDRINUSE/);
    expect(
      (
        await fetch(`${stack.sonarr.url}/api/v3/system/status`, {
          headers: { 'X-Api-Key': stack.sonarr.apiKey },
        })
      ).status,
    ).toBe(200);
  });

  it('points plex.tv resources at the running Plex server', async () => {
    const response = await fetch(`${stack.plexTv.url}/api/v2/resources`, {
      headers: {
        Accept: 'application/json',
        'X-Plex-Client-Identifier': 'stack-test',
        'X-Plex-Token': owner()?.authToken ?? '',
      },
    });
    const resources = (await response.json()) as {
      clientIdentifier: string;
      connections: { uri: string }[];
    }[];
    const server = resources.find(
      (resource) => resource.clientIdentifier === stack.library.server.machineIdentifier,
    );
    expect(server?.connections[0]?.uri).toBe(stack.plex.url);
    const identity = (await (
      await fetch(`${stack.plex.url}/identity`, { headers: { Accept: 'application/json' } })
    ).json()) as { MediaContainer: Json };
    expect(identity.MediaContainer['machineIdentifier']).toBe(server?.clientIdentifier);
  });
});
