// PlexServerClient against the Plex simulator serving a generated library with short pages:
// every read returns what the library holds (computed here from the library object, not from
// the simulator), and each failure comes back as its typed error.
import { generateMediaLibrary, startPlexMediaServer } from '@platform/testing-media-stack';
import type { MediaLibrary, PlexMediaServerSimulator } from '@platform/testing-media-stack';
import { mediaClientFailure } from '../testing/media-client-failure';
import { startAnswerRewritingProxy, withoutField } from '../testing/answer-rewriting-proxy';
import { PlexServerClient } from './plex-server.client';
import type { PlexServerClientOptions } from './plex-server.client';

const PAGE_SIZE = 40;
let library: MediaLibrary;
let plex: PlexMediaServerSimulator;

beforeAll(async () => {
  library = generateMediaLibrary({ seed: 'media-clients-plex', items: 120 });
  plex = await startPlexMediaServer({ library, paging: { shortPages: true } });
});

afterAll(async () => {
  await plex.stop();
});

beforeEach(() => {
  plex.faults.clear();
});

function client(overrides: Partial<PlexServerClientOptions> = {}): PlexServerClient {
  return new PlexServerClient({
    baseUrl: plex.url,
    token: plex.ownerToken,
    clientIdentifier: 'curation-test',
    product: 'Curation',
    pageSize: PAGE_SIZE,
    retry: { retries: 2, baseDelayMs: 1, maxDelayMs: 5 },
    ...overrides,
  });
}

const failureOf = mediaClientFailure;

describe('PlexServerClient reads', () => {
  it('reads the identity and the movie and show sections', async () => {
    const plexClient = client();
    expect(await plexClient.getIdentity()).toEqual({
      machineIdentifier: library.server.machineIdentifier,
      version: library.server.version,
    });
    const sections = await plexClient.getSections();
    expect(sections.filter((section) => section.type === 'movie' || section.type === 'show')).toHaveLength(2);
  });

  it('reads every movie across short pages with its versions, sizes and external ids', async () => {
    const plexClient = client();
    const movieSection = (await plexClient.getSections()).find((section) => section.type === 'movie');
    const items = await plexClient.getSectionItems(movieSection?.key ?? 'missing');

    const expected = library.movies.filter((movie) => movie.plex !== null);
    const ownerPlayCounts = new Map<number, number>();
    for (const play of library.history.filter((candidate) => candidate.localAccountId === 1)) {
      ownerPlayCounts.set(play.ratingKey, (ownerPlayCounts.get(play.ratingKey) ?? 0) + 1);
    }
    expect(items).toHaveLength(expected.length);
    const byKey = new Map(items.map((item) => [item.ratingKey, item]));
    expect(byKey.size).toBe(expected.length);
    for (const movie of expected) {
      const item = byKey.get(String(movie.plex?.ratingKey));
      if (item?.type !== 'movie') throw new Error(`movie ${movie.title} missing`);
      expect(item.title).toBe(movie.title);
      expect(item.addedAt).toBe(movie.plex?.addedAt);
      const sizes = item.Media.flatMap((media) => media.Part.map((part) => part.size)).sort();
      expect(sizes).toEqual((movie.plex?.versions ?? []).map((version) => version.file.size).sort());
      expect(item.Media.map((media) => media.videoResolution ?? null).sort()).toEqual(
        (movie.plex?.versions ?? []).map((version) => version.file.resolution).sort(),
      );
      // The owner's plays only; an item the owner never played has no viewCount at all, not 0.
      const ownerPlays = ownerPlayCounts.get(movie.plex?.ratingKey ?? -1);
      expect(item.viewCount).toBe(ownerPlays);
      const tmdb = item.Guid?.find((guid) => guid.id.startsWith('tmdb://'));
      if (tmdb !== undefined) expect(tmdb.id).toBe(`tmdb://${movie.tmdbId}`);
    }
    // Both cases occur, so the viewCount check above can tell them apart.
    expect(items.some((item) => item.viewCount === undefined)).toBe(true);
    expect(items.some((item) => item.viewCount !== undefined)).toBe(true);
    // Pages were short, and the client asked for the next one where the last one ended.
    const starts = plex.requests
      .filter((request) => request.path === `/library/sections/${movieSection?.key}/all`)
      .map((request) => Number(request.headers['x-plex-container-start']));
    expect(starts[0]).toBe(0);
    expect(starts.some((start) => start % PAGE_SIZE !== 0)).toBe(true);
  });

  it('reads every show with its tvdb id and episode count, and no Media', async () => {
    const plexClient = client();
    const showSection = (await plexClient.getSections()).find((section) => section.type === 'show');
    const shows = await plexClient.getSectionItems(showSection?.key ?? 'missing');
    const expected = library.series.filter((series) => series.plex !== null);
    expect(shows).toHaveLength(expected.length);
    for (const series of expected) {
      const show = shows.find((item) => item.ratingKey === String(series.plex?.ratingKey));
      if (show?.type !== 'show') throw new Error(`show ${series.title} missing`);
      expect(show.Guid?.map((guid) => guid.id)).toContain(`tvdb://${series.tvdbId}`);
      expect(show.leafCount).toBe(
        series.seasons.flatMap((season) => season.episodes).filter((episode) => episode.plex !== null).length,
      );
      expect(show).not.toHaveProperty('Media');
    }
  });

  it('counts the movies and shows of each section from one empty page each', async () => {
    const plexClient = client();
    const sections = await plexClient.getSections();
    const movieSection = sections.find((section) => section.type === 'movie');
    const showSection = sections.find((section) => section.type === 'show');
    const before = plexClient.requestCount;
    expect(await plexClient.countSectionItems(movieSection?.key ?? 'missing')).toBe(
      library.movies.filter((movie) => movie.plex !== null).length,
    );
    expect(await plexClient.countSectionItems(showSection?.key ?? 'missing')).toBe(
      library.series.filter((series) => series.plex !== null).length,
    );
    expect(plexClient.requestCount - before).toBe(2);
  });

  it('reads every episode of the show section through allLeaves', async () => {
    const plexClient = client();
    const showSection = (await plexClient.getSections()).find((section) => section.type === 'show');
    const episodes = await plexClient.getSectionEpisodes(showSection?.key ?? 'missing');
    const expected = library.series.flatMap((series) =>
      series.seasons.flatMap((season) => season.episodes.filter((episode) => episode.plex !== null)),
    );
    expect(episodes).toHaveLength(expected.length);
    expect(new Set(episodes.map((episode) => episode.ratingKey))).toEqual(
      new Set(expected.map((episode) => String(episode.plex?.ratingKey))),
    );
    expect(episodes.every((episode) => episode.type === 'episode')).toBe(true);
  });

  it('reads the watch history of every account, one row per play', async () => {
    const rows = await client().getWatchHistory();
    expect(rows).toHaveLength(library.history.length);
    const count = (plays: readonly { accountId: number }[]) => {
      const counts = new Map<number, number>();
      for (const play of plays) counts.set(play.accountId, (counts.get(play.accountId) ?? 0) + 1);
      return counts;
    };
    expect(count(rows.map((row) => ({ accountId: row.accountID })))).toEqual(
      count(library.history.map((play) => ({ accountId: play.localAccountId }))),
    );
    expect(rows.some((row) => row.accountID === 1)).toBe(true);
  });

  it('filters the history by account and by time', async () => {
    const owner = await client().getWatchHistory({ accountId: 1 });
    expect(owner).toHaveLength(library.history.filter((play) => play.localAccountId === 1).length);
    const since = library.now - 365 * 86_400;
    const recent = await client().getWatchHistory({ viewedSince: since });
    expect(recent).toHaveLength(library.history.filter((play) => play.viewedAt >= since).length);
  });

  it("counts the history from one empty page, and reads each section's content change stamp", async () => {
    const plexClient = client();
    const before = plexClient.requestCount;
    expect(await plexClient.countWatchHistory()).toBe(library.history.length);
    expect(plexClient.requestCount - before).toBe(1);
    const sections = await plexClient.getSections();
    expect(sections.every((section) => Number.isSafeInteger(section.contentChangedAt))).toBe(true);
    expect(sections.every((section) => typeof section.updatedAt === 'number')).toBe(true);
  });

  it('reads the local accounts: the owner as 1, the others by plex.tv id', async () => {
    const accounts = await client().getAccounts();
    expect(accounts.map((account) => account.id).sort((a, b) => a - b)).toEqual(
      library.users
        .filter((user) => user.hasServerAccess)
        .map((user) => user.localAccountId)
        .sort((a, b) => a - b),
    );
  });

  it('counts every request it sends', async () => {
    const plexClient = client();
    await plexClient.getIdentity();
    await plexClient.getAccounts();
    expect(plexClient.requestCount).toBe(2);
  });
});

describe('PlexServerClient failures', () => {
  it('refuses a wrong token as unauthorized without naming the token', async () => {
    const error = await failureOf(client({ token: 'wrong-token-123456' }).getAccounts());
    expect(error.code).toBe('unauthorized');
    expect(error.status).toBe(401);
    expect(error.message).not.toContain('wrong-token-123456');
  });

  it('retries a read that failed with 500 and then succeeds', async () => {
    plex.faults.add({ method: 'GET', path: '/accounts', status: 500, times: 1 });
    const plexClient = client();
    const sleeps: number[] = [];
    const withSleep = client({ sleep: async (milliseconds) => void sleeps.push(milliseconds) });
    expect((await withSleep.getAccounts()).length).toBeGreaterThan(0);
    expect(withSleep.requestCount).toBe(2);
    expect(sleeps).toEqual([1]);
    expect((await plexClient.getAccounts()).length).toBeGreaterThan(0);
  });

  it('retries a failed page in the middle of paging and still reads every row', async () => {
    const plexClient = client();
    plex.faults.add({ path: '/status/sessions/history/all', status: 503, times: 1 });
    expect(await plexClient.getWatchHistory()).toHaveLength(library.history.length);
  });

  it('gives up after the bounded retries with backoff and reports the status', async () => {
    plex.faults.add({ path: '/accounts', status: 500 });
    const sleeps: number[] = [];
    const plexClient = client({
      retry: { retries: 3, baseDelayMs: 10, maxDelayMs: 25 },
      sleep: async (milliseconds) => void sleeps.push(milliseconds),
    });
    const error = await failureOf(plexClient.getAccounts());
    expect(error.code).toBe('bad-status');
    expect(error.status).toBe(500);
    expect(sleeps).toEqual([10, 20, 25]);
    expect(plexClient.requestCount).toBe(4);
  });

  it('reports a dropped connection as unreachable', async () => {
    plex.faults.add({ path: '/identity', drop: true });
    const error = await failureOf(client().getIdentity());
    expect(error.code).toBe('unreachable');
  });

  it('reports an answer slower than the timeout as a timeout', async () => {
    plex.faults.add({ path: '/identity', delayMs: 1500 });
    const error = await failureOf(
      client({ timeoutMs: 200, retry: { retries: 0, baseDelayMs: 1, maxDelayMs: 1 } }).getIdentity(),
    );
    expect(error.code).toBe('timeout');
  });

  it('does not retry a refusal', async () => {
    const plexClient = client({ token: 'wrong' });
    await failureOf(plexClient.getIdentity().then(() => plexClient.getAccounts()));
    expect(plexClient.requestCount).toBe(2);
  });
});

describe('PlexServerClient schema checks', () => {
  it('fails on a history row without viewedAt instead of reading it as unwatched', async () => {
    const proxy = await startAnswerRewritingProxy(plex.url, (path, body) =>
      path === '/status/sessions/history/all'
        ? withoutField(body, ['MediaContainer', 'Metadata', 0], 'viewedAt')
        : body,
    );
    try {
      const error = await failureOf(client({ baseUrl: proxy.url }).getWatchHistory());
      expect(error.code).toBe('bad-answer');
      expect(error.source).toBe('plex');
      expect(error.message).toContain('/status/sessions/history/all');
      expect(error.message).toContain('MediaContainer.Metadata[0].viewedAt');
    } finally {
      await proxy.stop();
    }
  });

  it('fails on a movie without its file size', async () => {
    const proxy = await startAnswerRewritingProxy(plex.url, (path, body) =>
      path === '/library/sections/1/all'
        ? withoutField(body, ['MediaContainer', 'Metadata', 0, 'Media', 0, 'Part', 0], 'size')
        : body,
    );
    try {
      const error = await failureOf(client({ baseUrl: proxy.url }).getSectionItems('1'));
      expect(error.code).toBe('bad-answer');
      expect(error.message).toContain('MediaContainer.Metadata[0].Media[0].Part[0].size');
    } finally {
      await proxy.stop();
    }
  });
});

describe('PlexServerClient.refreshSection', () => {
  it('asks the server to scan a section', async () => {
    const sections = await client().getSections();
    const key = sections[0]?.key ?? '';
    await client().refreshSection(key);
    expect(plex.state.refreshedSections.at(-1)).toBe(key);
  });
});

describe('PlexServerClient.getPhoto', () => {
  const LIMITS = { maxBytes: 1024 * 1024, timeoutMs: 5_000 };

  it("reads an item's artwork through the photo transcoder, scaled to fill the box, as a JPEG", async () => {
    const items = await client().getSectionItems('1');
    const thumb = items[0]?.thumb ?? '';
    expect(thumb).toMatch(/^\/library\/metadata\/\d+\/thumb\/\d+$/);
    const photo = await client().getPhoto(thumb, { width: 160, height: 200 }, LIMITS);
    expect(photo.contentType).toBe('image/jpeg');
    // SOI, then SOF0 naming the size: 2:3 artwork filling 160×200 is 160×240 (minSize, upscale).
    expect(photo.bytes.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    const frame = photo.bytes.indexOf(Buffer.from([0xff, 0xc0]));
    expect(photo.bytes.readUInt16BE(frame + 5)).toBe(240);
    expect(photo.bytes.readUInt16BE(frame + 7)).toBe(160);
    const request = plex.requests.at(-1);
    expect(request?.path).toBe('/photo/:/transcode');
    expect(request?.query).toMatchObject({ url: thumb, width: '160', height: '200' });
  });

  it('answers not-found for artwork of no item, and refuses an answer over the size limit', async () => {
    const missing = await failureOf(
      client().getPhoto('/library/metadata/999999999/thumb/1', { width: 10, height: 10 }, LIMITS),
    );
    expect(missing.code).toBe('not-found');
    const items = await client().getSectionItems('1');
    const tooLarge = await failureOf(
      client().getPhoto(items[0]?.thumb ?? '', { width: 1000, height: 1500 }, { ...LIMITS, maxBytes: 100 }),
    );
    expect(tooLarge.code).toBe('bad-answer');
  });
});
