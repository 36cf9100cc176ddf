// POST /api/v1/catalog/{id}/protect and the bulk POST /api/v1/catalog/protect through HTTP over
// real Postgres: the state they answer and the catalog shows, all-or-nothing bulk changes, every
// hostile input refused with a message naming it, and one ledger row per item that changed.
import { startTestService, type TestService } from '@platform/testing-service';
import { ledgerRecords } from '../audit/audit.spec-helpers';
import { CURATION_SERVICE } from '../curation-api.module';
import {
  fixtureAdminKey,
  get,
  ITEMS,
  post,
  problem,
  prepareProtectionFixture,
  type ProtectionFixture,
  resetItems,
} from './protection-fixture.spec-helpers';

let service: TestService;
let fixture: ProtectionFixture;
const [alien, aliens, alien3, breakingBad, thrones] = ITEMS;

beforeAll(async () => {
  service = await startTestService(CURATION_SERVICE, {
    CURATION_BOOTSTRAP_API_KEY: fixtureAdminKey('protect'),
  });
  fixture = await prepareProtectionFixture(service, 'protect');
});

afterAll(async () => {
  await service?.close();
});

beforeEach(async () => {
  await resetItems(fixture.database);
});

const protect = (id: string, body: object, key: string | null = fixture.adminKey) =>
  post(fixture, `/api/v1/catalog/${encodeURIComponent(id)}/protect`, key, body);
const protectMany = (body: object, key: string | null = fixture.adminKey) =>
  post(fixture, '/api/v1/catalog/protect', key, body);
const detail = async (id: string) =>
  (await get(fixture, `/api/v1/catalog/${id}`, fixture.adminKey).expect(200)).body as {
    isProtected: boolean;
    protection: { isProtected: boolean; reason: string | null; protectedBy: string | null };
  };

describe('one item', () => {
  it('protects with a reason, answers the state, and the catalog shows it', async () => {
    const response = await protect(alien.id, { isProtected: true, reason: '  Family favourite  ' }).expect(
      200,
    );
    expect(response.body).toEqual({
      isProtected: true,
      reason: 'Family favourite',
      protectedBy: 'bootstrap-api-key',
      protectedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
    });
    const shown = await detail(alien.id);
    expect(shown.isProtected).toBe(true);
    expect(shown.protection).toMatchObject({ isProtected: true, reason: 'Family favourite' });
  });

  it('replaces the reason on a second protect, unprotects, and records each change once', async () => {
    const earlier = new Set((await ledgerRecords(fixture.service, fixture.adminKey)).map((row) => row.id));
    await protect(alien.id, { isProtected: true, reason: 'first' }).expect(200);
    await protect(alien.id, { isProtected: true, reason: 'second' }).expect(200);
    const lifted = await protect(alien.id, { isProtected: false, reason: 'watched it' }).expect(200);
    expect(lifted.body).toEqual({ isProtected: false, reason: null, protectedBy: null, protectedAt: null });
    // Unprotecting an unprotected item changes nothing and records nothing.
    await protect(alien.id, { isProtected: false }).expect(200);
    expect((await detail(alien.id)).isProtected).toBe(false);

    const rows = await ledgerRecords(fixture.service, fixture.adminKey, { actor: 'bootstrap-api-key' });
    const mine = rows.filter((row) => row.mediaItemId === alien.id && !earlier.has(row.id)).reverse();
    expect(mine.map((row) => [row.action, row.title, row.mediaType, row.bytesFreed])).toEqual([
      ['protect', 'Alien', 'movie', 0],
      ['protect', 'Alien', 'movie', 0],
      ['unprotect', 'Alien', 'movie', 0],
    ]);
    expect(mine[1]?.parsed).toMatchObject({ reason: 'second', previous: { reason: 'first' } });
    expect(mine[2]?.parsed).toMatchObject({ reason: 'watched it', previous: { reason: 'second' } });
  });

  it('records concurrent changes of one item as a chain: each row names the protection before it', async () => {
    const reasons = ['r0', 'r1', 'r2', 'r3', 'r4'];
    const answers = await Promise.all(
      reasons.map((reason) => protect(breakingBad.id, { isProtected: true, reason })),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    const rows = (await ledgerRecords(fixture.service, fixture.adminKey, { action: 'protect' }))
      .filter((row) => row.mediaItemId === breakingBad.id)
      .reverse();
    expect(rows).toHaveLength(reasons.length);
    const previous = rows.map((row) => (row.parsed['previous'] as { reason: string } | null)?.reason ?? null);
    expect(previous).toEqual([null, ...rows.slice(0, -1).map((row) => row.parsed['reason'])]);
    expect((await detail(breakingBad.id)).protection.reason).toBe(rows.at(-1)?.parsed['reason']);
  });

  it('unprotects an item that left the catalog: its protection outlived the sync', async () => {
    await protect(thrones.id, { isProtected: true, reason: 'keep' }).expect(200);
    await fixture.database.query('DELETE FROM "curation"."catalog_items" WHERE "id" = $1', [thrones.id]);
    await protect(thrones.id, { isProtected: true, reason: 'again' }).expect(404);
    const lifted = await protect(thrones.id, { isProtected: false }).expect(200);
    expect(lifted.body).toMatchObject({ isProtected: false });
    const rows = await ledgerRecords(fixture.service, fixture.adminKey, { action: 'unprotect' });
    expect(rows[0]).toMatchObject({ title: thrones.id, mediaType: 'series', mediaItemId: thrones.id });
  });

  it.each([
    ['movie-tmdb-999999', 'movie-tmdb-999999'],
    ['not-an-id', 'not-an-id'],
    ["movie-tmdb-1' OR '1'='1", "movie-tmdb-1' OR '1'='1"],
    ['x'.repeat(5000), 'xxxx'],
  ])('answers 404 naming an unknown or malformed id (%#)', async (id, named) => {
    const refused = problem(await protect(id, { isProtected: true, reason: 'keep' }));
    expect(refused).toMatchObject({ status: 404, code: 'protection.item-not-found' });
    expect(refused.detail).toContain(named);
  });

  it.each([
    [{ reason: 'keep' }, 'isProtected'],
    [{ isProtected: 'yes', reason: 'keep' }, 'isProtected'],
    [{ isProtected: true }, 'reason'],
    [{ isProtected: true, reason: '   ' }, 'reason'],
    [{ isProtected: true, reason: 'x'.repeat(501) }, 'at most 500'],
    [{ isProtected: true, reason: 'nul \u0000 inside' }, 'control characters'],
    [{ isProtected: true, reason: 'two\nlines' }, 'control characters'],
    [{ isProtected: true, reason: 'evil \u202e txt.exe' }, 'control characters'],
    [{ isProtected: true, reason: 42 }, 'reason must be a string'],
    [{ isProtected: true, reason: 'keep', protectedBy: 'mallory' }, 'protectedBy'],
  ])('refuses the body %j with a 400 naming the problem, changing nothing', async (body, words) => {
    const refused = problem(await protect(alien.id, body));
    expect(refused.status).toBe(400);
    expect(refused.detail).toContain(words);
    expect((await detail(alien.id)).isProtected).toBe(false);
  });

  it('keeps a reason of exactly 500 characters, counting characters rather than bytes', async () => {
    const reason = 'é'.repeat(499) + '🎬';
    const response = await protect(alien.id, { isProtected: true, reason }).expect(200);
    expect(response.body).toMatchObject({ reason });
  });

  it('refuses Guests (403) and anonymous callers (401)', async () => {
    expect(
      problem(await protect(alien.id, { isProtected: true, reason: 'x' }, fixture.guestKey)).status,
    ).toBe(403);
    expect(problem(await protect(alien.id, { isProtected: true, reason: 'x' }, null)).status).toBe(401);
    expect((await detail(alien.id)).isProtected).toBe(false);
  });
});

describe('many items at once', () => {
  it('protects every item in the order given, one ledger row each', async () => {
    const ids = [thrones.id, alien.id, breakingBad.id];
    const response = await protectMany({ ids, isProtected: true, reason: 'classics' }).expect(200);
    const body = response.body as {
      items: { id: string; isProtected: boolean; reason: string }[];
      changed: number;
    };
    expect(body.changed).toBe(3);
    expect(body.items.map((item) => [item.id, item.isProtected, item.reason])).toEqual(
      ids.map((id) => [id, true, 'classics']),
    );
    const rows = await ledgerRecords(fixture.service, fixture.adminKey, { action: 'protect' });
    const bulkRows = rows.filter((row) => row.parsed['bulk'] === true);
    expect(bulkRows.map((row) => row.mediaItemId).sort()).toEqual([...ids].sort());
  });

  it('unprotects, changing (and recording) only the items that were protected', async () => {
    await protect(alien.id, { isProtected: true, reason: 'keep' }).expect(200);
    const before = await ledgerRecords(fixture.service, fixture.adminKey, { action: 'unprotect' });
    const response = await protectMany({ ids: [alien.id, aliens.id], isProtected: false }).expect(200);
    expect(response.body).toMatchObject({
      changed: 1,
      items: [
        { id: alien.id, isProtected: false },
        { id: aliens.id, isProtected: false },
      ],
    });
    const after = await ledgerRecords(fixture.service, fixture.adminKey, { action: 'unprotect' });
    expect(after.length - before.length).toBe(1);
  });

  it('changes nothing when some ids are unknown, naming each of them (404)', async () => {
    const refused = problem(
      await protectMany({
        ids: [alien.id, 'movie-tmdb-1', aliens.id, 'series-tvdb-2'],
        isProtected: true,
        reason: 'keep',
      }),
    );
    expect(refused).toMatchObject({ status: 404, code: 'protection.items-not-found' });
    expect(refused.detail).toContain('movie-tmdb-1, series-tvdb-2');
    expect(refused.detail).not.toContain(alien.id);
    expect((await detail(alien.id)).isProtected).toBe(false);
    expect((await detail(aliens.id)).isProtected).toBe(false);
  });

  it('refuses repeated ids, naming them', async () => {
    const refused = problem(
      await protectMany({ ids: [alien.id, alien3.id, alien.id], isProtected: true, reason: 'keep' }),
    );
    expect(refused).toMatchObject({ status: 400, code: 'protection.duplicate-ids' });
    expect(refused.detail).toContain(alien.id);
    expect(refused.detail).not.toContain(alien3.id);
  });

  it.each([
    [{ ids: [], isProtected: true, reason: 'keep' }, 'at least one'],
    [{ ids: 'movie-tmdb-348', isProtected: true, reason: 'keep' }, 'ids must be an array'],
    [{ ids: [42], isProtected: true, reason: 'keep' }, 'must be a string'],
    [{ ids: ['../../etc/passwd'], isProtected: true, reason: 'keep' }, 'catalog item id'],
    [{ ids: [`movie-tmdb-${'9'.repeat(300)}`], isProtected: true, reason: 'keep' }, 'at most 200'],
    [
      { ids: Array.from({ length: 501 }, (_, n) => `movie-tmdb-${n}`), isProtected: true, reason: 'k' },
      'at most 500',
    ],
    [{ ids: [alien.id], isProtected: true }, 'reason'],
    [{ ids: [alien.id] }, 'isProtected'],
  ])('refuses a malformed bulk body (%#) with a 400 naming the problem', async (body, words) => {
    const refused = problem(await protectMany(body));
    expect(refused.status).toBe(400);
    expect(refused.detail).toContain(words);
  });

  it('is routed apart from the per-item route: "protect" is never taken for an item id', async () => {
    expect(problem(await protect('protect', { isProtected: true, reason: 'keep' })).status).toBe(404);
    await protectMany({ ids: [alien.id], isProtected: true, reason: 'keep' }).expect(200);
  });

  it('refuses Guests (403) and anonymous callers (401)', async () => {
    const body = { ids: [alien.id], isProtected: true, reason: 'keep' };
    expect((await protectMany(body, fixture.guestKey)).status).toBe(403);
    expect((await protectMany(body, null)).status).toBe(401);
  });
});
