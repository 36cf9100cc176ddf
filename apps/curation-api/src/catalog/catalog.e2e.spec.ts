// GET /api/v1/catalog and /api/v1/catalog/{id} over real Postgres: every filter and sort compared
// with the same selection made in TypeScript over the fixture, pagination edges, bad parameters
// and the details of one item.
import { getDataSourceToken } from '@nestjs/typeorm';
import { startTestService, type TestService } from '@platform/testing-service';
import request from 'supertest';
import type { DataSource } from 'typeorm';
import { CATEGORY_IDS } from '../categories/category-definitions';
import { expectedCategories, isHeld } from '../categories/category-oracle.spec-helpers';
import { CURATION_SERVICE } from '../curation-api.module';
import { DEFAULT_CATEGORY_SETTINGS } from '../settings/category-settings';
import {
  type CatalogFixture,
  derivedItem,
  type FixtureItem,
  generateCatalogFixture,
  loadCatalogFixture,
} from './catalog-fixture.spec-helpers';
import { titleKey } from './title-key';

const ADMIN_KEY = 'catalog-bootstrap-key-0123456789';

interface ListedItem {
  id: string;
  title: string;
  year: number | null;
  mediaType: string;
  sizeBytes: number;
  resolution: string | null;
  plays: number;
  addedAt: string | null;
  lastWatchedAt: string | null;
  categories: string[];
  isProtected: boolean;
  protectionRequested: boolean;
  requestedBy: { userId: string | null; username: string | null }[];
}

type SortValue = number | string | null;

describe('GET /api/v1/catalog', () => {
  let service: TestService;
  let fixture: CatalogFixture;
  const admin = { 'X-Api-Key': ADMIN_KEY };

  beforeAll(async () => {
    service = await startTestService(CURATION_SERVICE, { CURATION_BOOTSTRAP_API_KEY: ADMIN_KEY });
    fixture = generateCatalogFixture({ seed: 4242, items: 700 });
    await loadCatalogFixture(service.app.get<DataSource>(getDataSourceToken()), fixture);
  });

  afterAll(async () => {
    await service.close();
  });

  const list = async (query: string) => {
    const response = await request(service.server).get(`/api/v1/catalog?${query}`).set(admin).expect(200);
    return response.body as { items: ListedItem[]; total: number; limit: number; offset: number };
  };

  /** Every item of a query, walking its pages of 500. */
  const listAll = async (query: string): Promise<ListedItem[]> => {
    const items: ListedItem[] = [];
    for (let offset = 0; ; offset += 500) {
      const page = await list(`${query}&limit=500&offset=${offset}`);
      items.push(...page.items);
      if (offset + 500 >= page.total) {
        expect(items).toHaveLength(page.total);
        return items;
      }
    }
  };

  /** The fixture's items in the API's order: key with empty values last, ties by id, both in the direction. */
  const ordered = (
    items: FixtureItem[],
    key: (item: FixtureItem) => SortValue,
    descending: boolean,
  ): string[] => {
    const compare = (left: SortValue, right: SortValue) => (left! < right! ? -1 : left! > right! ? 1 : 0);
    return [...items]
      .sort((a, b) => {
        const [left, right] = [key(a), key(b)];
        if (left === null || right === null) {
          if (left !== right) return left === null ? 1 : -1;
        } else {
          const byKey = compare(left, right);
          if (byKey !== 0) return descending ? -byKey : byKey;
        }
        const byId = compare(a.id, b.id);
        return descending ? -byId : byId;
      })
      .map((item) => item.id);
  };

  const ids = (items: ListedItem[]) => items.map((item) => item.id);
  const now = () => new Date();

  it('lists every item, largest first by default, with the total and the paging it used', async () => {
    const page = await list('');
    expect(page.total).toBe(fixture.items.length);
    expect(page.limit).toBe(50);
    expect(page.offset).toBe(0);
    expect(ids(page.items)).toEqual(
      ordered([...fixture.items], (item) => derivedItem(item).sizeBytes, true).slice(0, 50),
    );
  });

  const sortKeys: Record<string, (item: FixtureItem) => SortValue> = {
    size: (item) => derivedItem(item).sizeBytes,
    title: (item) => titleKey(item.title),
    plays: (item) => derivedItem(item).plays,
    added: (item) => item.addedAt?.getTime() ?? null,
    lastWatched: (item) => derivedItem(item).lastWatchedAt?.getTime() ?? null,
  };

  it.each(
    Object.keys(sortKeys).flatMap(
      (sortBy) =>
        [
          [sortBy, false],
          [sortBy, true],
        ] as const,
    ),
  )('sorts by %s (descending: %s) with empty values last and ties by id', async (sortBy, descending) => {
    const items = await listAll(`sortBy=${sortBy}&sortDesc=${descending}`);
    expect(ids(items)).toEqual(ordered([...fixture.items], sortKeys[sortBy]!, descending));
  });

  it("sorts by one user's plays and shows them with userId", async () => {
    const user = fixture.users[1]!;
    const playsOf = (item: FixtureItem) => item.watch.find((row) => row.accountId === user.id)?.plays ?? 0;
    const items = await listAll(`userId=${user.id}&sortBy=plays&sortDesc=1`);
    expect(ids(items)).toEqual(ordered([...fixture.items], playsOf, true));
    const byId = new Map(fixture.items.map((item) => [item.id, item]));
    for (const item of items) expect(item.plays).toBe(playsOf(byId.get(item.id)!));
  });

  it.each([false, true])(
    "pages through one user's plays (descending: %s), filtered, without overlap or gaps",
    async (descending) => {
      // Watched and never-watched items come from two index walks merged (decision 046): pages
      // that straddle the boundary, small pages and a filter must all keep the one order.
      const user = fixture.users[2]!;
      const playsOf = (item: FixtureItem) => item.watch.find((row) => row.accountId === user.id)?.plays ?? 0;
      const series = fixture.items.filter((item) => item.mediaType === 'series');
      const all = ordered([...series], playsOf, descending);
      const query = `userId=${user.id}&sortBy=plays&sortDesc=${descending}&mediaType=series`;
      const watched = series.filter((item) => playsOf(item) > 0).length;
      const straddle = Math.max(0, (descending ? watched : series.length - watched) - 3);
      const pages = await Promise.all(
        [0, 5, straddle, straddle + 5].map((offset) => list(`${query}&limit=5&offset=${offset}`)),
      );
      expect(pages.map((page) => ids(page.items))).toEqual(
        [0, 5, straddle, straddle + 5].map((offset) => all.slice(offset, offset + 5)),
      );
      expect(pages[0]!.total).toBe(series.length);
      expect(ids(await listAll(query))).toEqual(all);
    },
  );

  it.each([...CATEGORY_IDS])(
    'filters by category %s as the rules computed in TypeScript say',
    async (category) => {
      const items = await listAll(`category=${category}&sortBy=title`);
      const expected = fixture.items.filter((item) =>
        expectedCategories(fixture, item, DEFAULT_CATEGORY_SETTINGS, now(), null).includes(category),
      );
      expect(expected.length).toBeGreaterThan(0);
      expect(ids(items)).toEqual(ordered(expected, sortKeys['title']!, false));
    },
  );

  it("filters a watch-based category by one user's history", async () => {
    const user = fixture.users[2]!;
    const items = await listAll(`category=never_watched&userId=${user.id}&sortBy=title`);
    const expected = fixture.items.filter((item) =>
      expectedCategories(fixture, item, DEFAULT_CATEGORY_SETTINGS, now(), user.id).includes('never_watched'),
    );
    expect(ids(items)).toEqual(ordered(expected, sortKeys['title']!, false));
    // With other filters too: the total (checked against the items by listAll) applies them to
    // both of its terms.
    const series = await listAll(`category=never_watched&userId=${user.id}&mediaType=series&sortBy=title`);
    expect(ids(series)).toEqual(
      ordered(
        expected.filter((item) => item.mediaType === 'series'),
        sortKeys['title']!,
        false,
      ),
    );
    expect(series.length).toBeGreaterThan(0);
    expect(series.length).toBeLessThan(items.length);
  });

  const filters: [string, (item: FixtureItem) => boolean][] = [
    ['mediaType=movie', (item) => item.mediaType === 'movie'],
    ['mediaType=series', (item) => item.mediaType === 'series'],
    ['resolution=SD', (item) => derivedItem(item).resolution === 'SD'],
    ['resolution=720p', (item) => derivedItem(item).resolution === '720p'],
    ['resolution=1080p', (item) => derivedItem(item).resolution === '1080p'],
    ['resolution=4K', (item) => derivedItem(item).resolution === '4K'],
    ['cutoffUnmet=true', (item) => derivedItem(item).cutoffUnmet],
    ['cutoffUnmet=FALSE', (item) => !derivedItem(item).cutoffUnmet],
    ['search=AMELIE', (item) => titleKey(item.title).includes('amelie')],
    ['search=%C3%A9cole', (item) => titleKey(item.title).includes('ecole')],
    ['search=100%25', (item) => titleKey(item.title).includes('100%')],
    ['search=_', (item) => item.title.includes('_')],
    ['search=back%5Cs', (item) => titleKey(item.title).includes('back\\s')],
    [
      'pre2017Filter=only',
      (item) =>
        (item.year !== null && item.year < 2017) ||
        (item.addedAt !== null && item.addedAt.getTime() < Date.UTC(2017, 0, 1)),
    ],
    [
      'pre2017Filter=exclude',
      (item) =>
        !(
          (item.year !== null && item.year < 2017) ||
          (item.addedAt !== null && item.addedAt.getTime() < Date.UTC(2017, 0, 1))
        ),
    ],
    [
      'pre2017Filter=only&userCutoffYear=2000',
      (item) =>
        (item.year !== null && item.year < 2000) ||
        (item.addedAt !== null && item.addedAt.getTime() < Date.UTC(2000, 0, 1)),
    ],
    ['pre2017Filter=all&userCutoffYear=2000', () => true],
    [
      'mediaType=series&resolution=1080p&cutoffUnmet=0',
      (item) =>
        item.mediaType === 'series' &&
        derivedItem(item).resolution === '1080p' &&
        !derivedItem(item).cutoffUnmet,
    ],
  ];

  it.each(filters)('filters with %s', async (query, keep) => {
    const expected = fixture.items.filter(keep);
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(fixture.items.length + (query.includes('all') ? 1 : 0));
    const items = await listAll(`${query}&sortBy=added&sortDesc=true`);
    expect(ids(items)).toEqual(ordered(expected, sortKeys['added']!, true));
  });

  it('filters by requester', async () => {
    const user = fixture.users[0]!;
    const expected = fixture.items.filter((item) => item.requests.some((r) => r.accountId === user.id));
    expect(expected.length).toBeGreaterThan(0);
    const items = await listAll(`requestedBy=${user.id}&sortBy=title`);
    expect(ids(items)).toEqual(ordered(expected, sortKeys['title']!, false));
    for (const item of items)
      expect(item.requestedBy).toContainEqual({ userId: user.id, username: user.username });
  });

  it('shows each item as the fixture holds it: sizes, categories, protection and requesters', async () => {
    const items = await listAll('sortBy=title');
    const byId = new Map(fixture.items.map((item) => [item.id, item]));
    for (const listed of items) {
      const item = byId.get(listed.id)!;
      const derived = derivedItem(item);
      expect(listed).toEqual({
        id: item.id,
        title: item.title,
        year: item.year,
        mediaType: item.mediaType,
        sizeBytes: derived.sizeBytes,
        resolution: derived.resolution,
        plays: derived.plays,
        addedAt: item.addedAt?.toISOString() ?? null,
        lastWatchedAt: derived.lastWatchedAt?.toISOString() ?? null,
        categories: expectedCategories(fixture, item, DEFAULT_CATEGORY_SETTINGS, now(), null),
        isProtected: fixture.protections.some((protection) => protection.itemId === item.id),
        protectionRequested: fixture.protectionRequests.some(
          (r) => r.itemId === item.id && r.status === 'pending',
        ),
        requestedBy: item.requests.map((r) => ({
          userId: r.accountId,
          username:
            r.accountId === null
              ? 'someone-outside-plex'
              : fixture.users.find((u) => u.id === r.accountId)!.username,
        })),
      });
    }
    expect(items.some((item) => isHeld(fixture, item.id))).toBe(true);
  });

  it('pages without overlap or gaps, answers an empty page past the end, and takes limit 500', async () => {
    const all = ordered([...fixture.items], sortKeys['plays']!, false);
    const first = await list('sortBy=plays&limit=7&offset=0');
    const second = await list('sortBy=plays&limit=7&offset=7');
    expect([...ids(first.items), ...ids(second.items)]).toEqual(all.slice(0, 14));
    const deep = await list('sortBy=plays&limit=500&offset=500');
    expect(ids(deep.items)).toEqual(all.slice(500));
    const past = await list('offset=100000');
    expect(past).toEqual({ items: [], total: fixture.items.length, limit: 50, offset: 100000 });
  });

  it.each([
    ['limit=501', 'limit', '1 to 500'],
    ['limit=0', 'limit', '1 to 500'],
    ['limit=ten', 'limit', 'integer'],
    ['offset=-1', 'offset', 'integer'],
    ['mediaType=book', 'mediaType', 'movie, series'],
    ['resolution=8K', 'resolution', 'SD, 720p, 1080p, 4K'],
    ['sortBy=rating', 'sortBy', 'size, title, plays, added, lastWatched'],
    ['sortDesc=yes', 'sortDesc', 'true or false'],
    ['cutoffUnmet=maybe', 'cutoffUnmet', 'true or false'],
    ['pre2017Filter=some', 'pre2017Filter', 'all, exclude, only'],
    ['userCutoffYear=soon', 'userCutoffYear', 'integer'],
    ['category=boring', 'category', 'never_watched, stale'],
    ['userId=x1', 'userId', 'plex.tv account id'],
    ['requestedBy=abc', 'requestedBy', 'plex.tv account id'],
    ['mediatype=movie', 'mediatype', 'the parameters are category'],
    ['mediaType=movie&mediaType=series', 'mediaType', 'once'],
  ])('refuses %s with a 400 naming the parameter and what it takes', async (query, parameter, allowed) => {
    const response = await request(service.server).get(`/api/v1/catalog?${query}`).set(admin).expect(400);
    expect(response.headers['content-type']).toContain('application/problem+json');
    expect(response.body.detail).toContain(parameter);
    expect(response.body.detail).toContain(allowed);
  });

  it('answers 404 for a userId or requestedBy that names no user', async () => {
    await request(service.server).get('/api/v1/catalog?userId=12345').set(admin).expect(404);
    await request(service.server).get('/api/v1/catalog?requestedBy=12345').set(admin).expect(404);
  });

  it('refuses anonymous callers', async () => {
    await request(service.server).get('/api/v1/catalog').expect(401);
    await request(service.server).get(`/api/v1/catalog/${fixture.items[0]!.id}`).expect(401);
  });

  it('details an item with its instances, seasons, watch statistics, requests and protection', async () => {
    const item = fixture.items.find(
      (candidate) =>
        candidate.mediaType === 'series' &&
        candidate.copies.length > 1 &&
        candidate.watch.length > 0 &&
        candidate.copies.every((copy) => copy.connectionId !== null),
    )!;
    const response = await request(service.server).get(`/api/v1/catalog/${item.id}`).set(admin).expect(200);
    const body = response.body;
    expect(body.id).toBe(item.id);
    expect(body.sizeBytes).toBe(derivedItem(item).sizeBytes);
    expect(body.instances).toHaveLength(item.copies.length);
    expect(
      new Set(body.instances.map((instance: { connectionName: string }) => instance.connectionName)),
    ).toEqual(
      new Set(item.copies.map((copy) => fixture.connections.find((c) => c.id === copy.connectionId)!.name)),
    );
    expect(body.instances[0]).toEqual(
      expect.objectContaining({
        connectionId: expect.any(String),
        is4k: expect.any(Boolean),
        monitored: expect.any(Boolean),
        cutoffUnmet: expect.any(Boolean),
      }),
    );
    expect(body.seasons.length).toBeGreaterThan(0);
    expect(body.watchStats).toHaveLength(item.watch.length);
    for (const row of item.watch) {
      expect(body.watchStats).toContainEqual({
        userId: row.accountId,
        username: fixture.users.find((user) => user.id === row.accountId)!.username,
        plays: row.plays,
        lastWatchedAt: row.lastWatchedAt.toISOString(),
        playedEpisodeCount: row.playedEpisodeCount,
      });
    }
    expect(body.requests).toHaveLength(item.requests.length);
    expect(body.protection.isProtected).toBe(fixture.protections.some((p) => p.itemId === item.id));
  });

  it('answers 404 for an unknown item', async () => {
    const response = await request(service.server)
      .get('/api/v1/catalog/movie-tmdb-999999999')
      .set(admin)
      .expect(404);
    expect(response.body.detail).toContain('movie-tmdb-999999999');
  });
});
