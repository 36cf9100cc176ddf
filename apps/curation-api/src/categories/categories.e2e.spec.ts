// GET /api/v1/categories over real Postgres: every category against an independent computation
// over the fixture (category-oracle), for everyone and for one user, live after protection
// changes and settings changes; and the invariant that reclaimable size never exceeds the distinct
// files' size, whatever the fixture.
import { getDataSourceToken } from '@nestjs/typeorm';
import { startTestService, type TestService } from '@platform/testing-service';
import fc from 'fast-check';
import request from 'supertest';
import type { DataSource } from 'typeorm';
import {
  type CatalogFixture,
  derivedItem,
  generateCatalogFixture,
  loadCatalogFixture,
} from '../catalog/catalog-fixture.spec-helpers';
import { CURATION_SERVICE } from '../curation-api.module';
import { DEFAULT_CATEGORY_SETTINGS } from '../settings/category-settings';
import { CATEGORY_IDS } from './category-definitions';
import { expectedTotals } from './category-oracle.spec-helpers';

const ADMIN_KEY = 'categories-bootstrap-key-0123456789';

describe('GET /api/v1/categories', () => {
  let service: TestService;
  let database: DataSource;
  let fixture: CatalogFixture;
  const admin = { 'X-Api-Key': ADMIN_KEY };

  beforeAll(async () => {
    service = await startTestService(CURATION_SERVICE, { CURATION_BOOTSTRAP_API_KEY: ADMIN_KEY });
    database = service.app.get<DataSource>(getDataSourceToken());
    fixture = generateCatalogFixture({ seed: 17, items: 600 });
    await loadCatalogFixture(database, fixture);
  });

  afterAll(async () => {
    await service.close();
  });

  const categories = async (query = '') => {
    const response = await request(service.server).get(`/api/v1/categories${query}`).set(admin).expect(200);
    return response.body as {
      id: string;
      name: string;
      description: string;
      count: number;
      sizeBytes: number;
      reclaimableSizeBytes: number;
    }[];
  };

  const totalsOf = (body: Awaited<ReturnType<typeof categories>>) =>
    Object.fromEntries(
      body.map((category) => [
        category.id,
        {
          count: category.count,
          sizeBytes: category.sizeBytes,
          reclaimableSizeBytes: category.reclaimableSizeBytes,
        },
      ]),
    );

  it('answers the ten categories in their fixed order, each matching the rules computed in TypeScript', async () => {
    const body = await categories();
    expect(body.map((category) => category.id)).toEqual([...CATEGORY_IDS]);
    expect(totalsOf(body)).toEqual(expectedTotals(fixture, DEFAULT_CATEGORY_SETTINGS, new Date(), null));
    // A fixture that exercises nothing would make the comparison vacuous.
    for (const category of body) expect(category.count).toBeGreaterThan(0);
  });

  it("limits watch rules and requests to one user's history with userId", async () => {
    for (const user of fixture.users.slice(0, 3)) {
      const body = await categories(`?userId=${user.id}`);
      expect(totalsOf(body)).toEqual(expectedTotals(fixture, DEFAULT_CATEGORY_SETTINGS, new Date(), user.id));
    }
    const everyone = totalsOf(await categories());
    const one = totalsOf(await categories(`?userId=${fixture.users[0]!.id}`));
    expect(one['never_watched']!.count).toBeGreaterThan(everyone['never_watched']!.count);
  });

  it('describes each rule with the numbers of the current settings', async () => {
    const body = await categories();
    expect(body.find((category) => category.id === 'stale')!.description).toContain('180 days');
    expect(body.find((category) => category.id === 'space_hogs')!.description).toContain('20 GiB');
    expect(body.find((category) => category.id === 'low_resolution')!.description).toContain('2000');
  });

  it('refuses a malformed userId (400) and an unknown one (404)', async () => {
    const malformed = await request(service.server)
      .get('/api/v1/categories?userId=abc')
      .set(admin)
      .expect(400);
    expect(malformed.body.detail).toContain('userId');
    const unknown = await request(service.server).get('/api/v1/categories?userId=999').set(admin).expect(404);
    expect(unknown.body.detail).toContain('999');
    await request(service.server).get('/api/v1/categories?userid=1').set(admin).expect(400);
  });

  it('refuses anonymous callers', async () => {
    await request(service.server).get('/api/v1/categories').expect(401);
  });

  it('changes reclaimable at once when an item is protected or a protection is requested, keeping it a member', async () => {
    const before = totalsOf(await categories());
    const item = fixture.items.find(
      (candidate) =>
        candidate.watch.length === 0 &&
        candidate.addedAt !== null &&
        candidate.addedAt.getTime() < Date.now() - 200 * 86_400_000 &&
        derivedItem(candidate).sizeBytes > 0 &&
        !fixture.protections.some((protection) => protection.itemId === candidate.id) &&
        !fixture.protectionRequests.some((request) => request.itemId === candidate.id),
    )!;
    const size = derivedItem(item).sizeBytes;
    await database.query(
      `INSERT INTO "curation"."protections" ("item_id", "reason", "protected_by") VALUES ($1, 'keep', 'test')`,
      [item.id],
    );
    const protectedTotals = totalsOf(await categories());
    expect(protectedTotals['never_watched']).toEqual({
      count: before['never_watched']!.count,
      sizeBytes: before['never_watched']!.sizeBytes,
      reclaimableSizeBytes: before['never_watched']!.reclaimableSizeBytes - size,
    });
    expect(protectedTotals['protected']!.count).toBe(before['protected']!.count + 1);
    expect(protectedTotals['protected']!.reclaimableSizeBytes).toBe(0);

    await database.query('DELETE FROM "curation"."protections" WHERE "item_id" = $1', [item.id]);
    await database.query(
      `INSERT INTO "curation"."protection_requests" ("item_id", "account_id", "reason") VALUES ($1, 1, 'mine')`,
      [item.id],
    );
    expect(totalsOf(await categories())['never_watched']!.reclaimableSizeBytes).toBe(
      before['never_watched']!.reclaimableSizeBytes - size,
    );
    await database.query(
      `UPDATE "curation"."protection_requests" SET "status" = 'denied' WHERE "item_id" = $1`,
      [item.id],
    );
    expect(totalsOf(await categories())).toEqual(before);
  });

  it('follows a settings change at once, in counts and descriptions', async () => {
    await request(service.server)
      .put('/api/v1/settings')
      .set(admin)
      .send({ staleDays: 400, spaceHogMovieGib: 10 })
      .expect(200);
    try {
      const body = await categories();
      const settings = { ...DEFAULT_CATEGORY_SETTINGS, staleDays: 400, spaceHogMovieGib: 10 };
      expect(totalsOf(body)).toEqual(expectedTotals(fixture, settings, new Date(), null));
      expect(body.find((category) => category.id === 'stale')!.description).toContain('400 days');
    } finally {
      await request(service.server)
        .put('/api/v1/settings')
        .set(admin)
        .send({ staleDays: 180, spaceHogMovieGib: 20 })
        .expect(200);
    }
  });

  it('never reports more reclaimable than the distinct files hold, whatever the fixture', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 2 ** 31 - 1 }),
        fc.integer({ min: 0, max: 40 }),
        async (seed, items) => {
          const generated = generateCatalogFixture({ seed, items, users: 3 });
          await loadCatalogFixture(database, generated);
          const body = await categories();
          const allFiles = generated.items.reduce((sum, item) => sum + derivedItem(item).sizeBytes, 0);
          for (const category of body) {
            expect(category.reclaimableSizeBytes).toBeGreaterThanOrEqual(0);
            expect(category.reclaimableSizeBytes).toBeLessThanOrEqual(category.sizeBytes);
            expect(category.sizeBytes).toBeLessThanOrEqual(allFiles);
          }
          expect(totalsOf(body)).toEqual(
            expectedTotals(generated, DEFAULT_CATEGORY_SETTINGS, new Date(), null),
          );
        },
      ),
      { numRuns: 25 },
    );
    await loadCatalogFixture(database, fixture);
  });
});
