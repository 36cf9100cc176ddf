// One user's categories (decision 053): GET /categories?userId= computes the rules that read no
// watch row or request once over the catalog and the user's rules over only that user's watch rows
// and requests (never_watched as "added long enough ago" minus the items the user has a row for).
// Checked against the independent oracle for ordinary users, a user with no watch rows, a user who
// watched everything, items without an added date or files, after protection changes and settings
// changes; and the catalog's per-user category filters, whose rules became strict in the watch row.
import { getDataSourceToken } from '@nestjs/typeorm';
import { startTestService, type TestService } from '@platform/testing-service';
import request from 'supertest';
import type { DataSource } from 'typeorm';
import {
  type CatalogFixture,
  derivedItem,
  type FixtureItem,
  generateCatalogFixture,
  loadCatalogFixture,
} from '../catalog/catalog-fixture.spec-helpers';
import { CURATION_SERVICE } from '../curation-api.module';
import { type CategorySettings, DEFAULT_CATEGORY_SETTINGS } from '../settings/category-settings';
import { type CategoryId } from './category-definitions';
import { expectedCategories, expectedTotals } from './category-oracle.spec-helpers';

const ADMIN_KEY = 'categories-one-user-bootstrap-key-0123456789';
const DAY_MS = 86_400_000;
const WATCHED_EVERYTHING = '2000001';
const WATCHED_NOTHING = '2000002';
const USER_RULES: CategoryId[] = ['never_watched', 'stale', 'abandoned', 'requested_not_watched'];

/**
 * The generated library plus two edge users: one with a watch row on every item (half of them
 * played long ago, so stale and abandoned have members) and a request of their own on some, and
 * one with no watch row at all but requests of their own.
 */
function edgeFixture(): CatalogFixture {
  const base = generateCatalogFixture({ seed: 1747, items: 500, users: 5 });
  const now = base.now;
  const daysAgo = (days: number) => new Date(now.getTime() - (days + 0.5) * DAY_MS);
  let requestId = 900_000;
  const items: FixtureItem[] = base.items.map((item, index) => {
    const episodes = Math.min(1, item.episodeCount);
    const requests = [...item.requests];
    if (index % 7 === 0)
      requests.push({
        requestId: requestId++,
        accountId: WATCHED_NOTHING,
        requestedAt: daysAgo(60),
        status: 'approved',
      });
    if (index % 11 === 0)
      requests.push({
        requestId: requestId++,
        accountId: WATCHED_EVERYTHING,
        requestedAt: daysAgo(60),
        status: 'approved',
      });
    return {
      ...item,
      playedEpisodeCount: Math.max(item.playedEpisodeCount, episodes),
      watch: [
        ...item.watch,
        {
          accountId: WATCHED_EVERYTHING,
          plays: 1 + (index % 3),
          lastWatchedAt: daysAgo(index % 2 === 0 ? 400 : 10),
          playedEpisodeCount: episodes,
        },
      ],
      requests,
    };
  });
  return {
    ...base,
    users: [
      ...base.users,
      { id: WATCHED_EVERYTHING, username: 'watched-everything' },
      { id: WATCHED_NOTHING, username: 'watched-nothing' },
    ],
    items,
  };
}

describe('GET /api/v1/categories?userId= (one user)', () => {
  let service: TestService;
  let database: DataSource;
  const fixture = edgeFixture();
  const admin = { 'X-Api-Key': ADMIN_KEY };

  beforeAll(async () => {
    service = await startTestService(CURATION_SERVICE, { CURATION_BOOTSTRAP_API_KEY: ADMIN_KEY });
    database = service.app.get<DataSource>(getDataSourceToken());
    await loadCatalogFixture(database, fixture);
  });

  afterAll(async () => {
    await service.close();
  });

  const totals = async (userId: string) => {
    const response = await request(service.server)
      .get(`/api/v1/categories?userId=${userId}`)
      .set(admin)
      .expect(200);
    return Object.fromEntries(
      (response.body as { id: string; count: number; sizeBytes: number; reclaimableSizeBytes: number }[]).map(
        ({ id, count, sizeBytes, reclaimableSizeBytes }) => [id, { count, sizeBytes, reclaimableSizeBytes }],
      ),
    );
  };

  const expected = (
    from: CatalogFixture,
    userId: string,
    settings: CategorySettings = DEFAULT_CATEGORY_SETTINGS,
  ) => expectedTotals(from, settings, new Date(), userId);

  it('matches the oracle for every user, including one who watched everything and one who watched nothing', async () => {
    for (const user of fixture.users) expect(await totals(user.id)).toEqual(expected(fixture, user.id));
    const everything = expected(fixture, WATCHED_EVERYTHING);
    expect(everything['never_watched']!.count).toBe(0);
    expect(everything['stale']!.count).toBeGreaterThan(0);
    expect(everything['abandoned']!.count).toBeGreaterThan(0);
    expect(everything['requested_not_watched']!.count).toBe(0);
    const nothing = expected(fixture, WATCHED_NOTHING);
    expect(nothing['stale']!.count).toBe(0);
    expect(nothing['requested_not_watched']!.count).toBeGreaterThan(0);
    // Items without an added date are never members; some of them exist, as do items without files.
    expect(fixture.items.some((item) => item.addedAt === null)).toBe(true);
    expect(fixture.items.some((item) => derivedItem(item).sizeBytes === 0)).toBe(true);
    expect(nothing['never_watched']!.count).toBe(
      fixture.items.filter(
        (item) => item.addedAt !== null && item.addedAt.getTime() <= Date.now() - 90 * DAY_MS,
      ).length,
    );
  });

  it('takes protections and pending protection requests out of reclaimable at once', async () => {
    const userId = fixture.users[1]!.id;
    const held = new Set([
      ...fixture.protections.map((protection) => protection.itemId),
      ...fixture.protectionRequests.map((protection) => protection.itemId),
    ]);
    // Items of the user's rules: a never-watched one, a stale one and one of the user's requests.
    const pick = (rule: CategoryId) =>
      fixture.items.find(
        (item) =>
          !held.has(item.id) &&
          derivedItem(item).sizeBytes > 0 &&
          expectedCategories(fixture, item, DEFAULT_CATEGORY_SETTINGS, new Date(), userId).includes(rule),
      )!;
    const [unwatched, stale] = [pick('never_watched'), pick('stale')];
    const protectedFixture: CatalogFixture = {
      ...fixture,
      protections: [...fixture.protections, { itemId: unwatched.id, reason: 'keep' }],
      protectionRequests: [
        ...fixture.protectionRequests,
        { itemId: stale.id, accountId: userId, status: 'pending' },
      ],
    };
    await database.query(
      `INSERT INTO "curation"."protections" ("item_id", "reason", "protected_by") VALUES ($1, 'keep', 'test')`,
      [unwatched.id],
    );
    await database.query(
      `INSERT INTO "curation"."protection_requests" ("item_id", "account_id", "reason") VALUES ($1, $2, 'mine')`,
      [stale.id, userId],
    );
    try {
      const after = await totals(userId);
      expect(after).toEqual(expected(protectedFixture, userId));
      expect(after).not.toEqual(expected(fixture, userId));
    } finally {
      await database.query('DELETE FROM "curation"."protections" WHERE "item_id" = $1', [unwatched.id]);
      await database.query(
        `DELETE FROM "curation"."protection_requests" WHERE "item_id" = $1 AND "reason" = 'mine'`,
        [stale.id],
      );
    }
    expect(await totals(userId)).toEqual(expected(fixture, userId));
  });

  it("follows a change of the user rules' thresholds at once", async () => {
    const changed = { neverWatchedDays: 400, staleDays: 30, abandonedDays: 300, requestedNotWatchedDays: 90 };
    await request(service.server).put('/api/v1/settings').set(admin).send(changed).expect(200);
    try {
      const settings = { ...DEFAULT_CATEGORY_SETTINGS, ...changed };
      for (const userId of [fixture.users[0]!.id, WATCHED_EVERYTHING, WATCHED_NOTHING]) {
        expect(await totals(userId)).toEqual(expected(fixture, userId, settings));
      }
    } finally {
      await request(service.server)
        .put('/api/v1/settings')
        .set(admin)
        .send({ neverWatchedDays: 90, staleDays: 180, abandonedDays: 90, requestedNotWatchedDays: 30 })
        .expect(200);
    }
  });

  it("lists the members of the user's rules in the catalog, as the oracle does", async () => {
    for (const userId of [fixture.users[2]!.id, WATCHED_EVERYTHING, WATCHED_NOTHING]) {
      for (const rule of USER_RULES) {
        const response = await request(service.server)
          .get(`/api/v1/catalog?category=${rule}&userId=${userId}&sortBy=title&limit=500`)
          .set(admin)
          .expect(200);
        const body = response.body as { items: { id: string; categories: string[] }[]; total: number };
        const members = fixture.items
          .filter((item) =>
            expectedCategories(fixture, item, DEFAULT_CATEGORY_SETTINGS, new Date(), userId).includes(rule),
          )
          .map((item) => item.id)
          .sort();
        expect(body.total).toBe(members.length);
        expect(body.items.map((item) => item.id).sort()).toEqual(members);
        for (const item of body.items) expect(item.categories).toContain(rule);
      }
    }
  });
});
