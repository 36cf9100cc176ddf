// Protection writers against prunes of the same items, over real Postgres and the simulators:
// approving a request while a prune of its item checks its blockers never deadlocks (both take
// the protection tables in one order, docs/decisions/044), and protecting or requesting
// protection while a prune of the item is running answers 409 naming the prune.
import request from 'supertest';
import { AuditAction } from '../audit/audit-actions';
import { AuditLedger } from '../audit/audit-ledger';
import { type IntentOwnerSession, IntentOwnerSessions } from '../audit/intent-owner-sessions';
import {
  ADMIN_KEY,
  postPrune,
  type PruneFixture,
  requestProtection,
  startPruneFixture,
} from '../pruning/prune-e2e.spec-helpers';

let fixture: PruneFixture;

beforeAll(async () => {
  fixture = await startPruneFixture('curation-protection-prune-race', 30);
}, 90_000);

afterAll(async () => {
  await fixture?.stop();
});

afterEach(async () => {
  await fixture.database.query('DELETE FROM "curation"."protections"');
  await fixture.database.query('DELETE FROM "curation"."protection_requests"');
  await fixture.database.query(`DELETE FROM "curation"."audit_log" WHERE "outcome" = 'in_progress'`);
});

/** Movies of the catalog with a copy on the HD Radarr, the prune's target. */
async function radarrMovies(count: number): Promise<string[]> {
  const rows: { item_id: string }[] = await fixture.database.query(
    `SELECT DISTINCT "item_id" FROM "curation"."catalog_copies"
      WHERE "connection_id" = $1 AND "item_id" LIKE 'movie-%' ORDER BY "item_id" LIMIT $2`,
    [fixture.connectionIds.radarr, count],
  );
  if (rows.length < count) throw new Error(`the library has ${rows.length} Radarr movies, not ${count}`);
  return rows.map((row) => row.item_id);
}

function prune(itemId: string) {
  return postPrune(fixture, {
    mediaItemId: itemId,
    seasonNumber: null,
    targetConnectionIds: [fixture.connectionIds.radarr],
    addToImportExclusion: false,
  });
}

describe('approve racing a prune of the same item', () => {
  it('never deadlocks: every approve protects, every prune is refused, none answers 500', async () => {
    const items = await radarrMovies(6);
    for (let round = 0; round < 8; round += 1) {
      for (const item of items) await requestProtection(fixture, item, `keep round ${round}`);
      const pending: { id: string; item_id: string }[] = await fixture.database.query(
        `SELECT "id"::text AS "id", "item_id" FROM "curation"."protection_requests" WHERE "status" = 'pending'`,
      );
      const answers = await Promise.all(
        pending.flatMap((row) => [
          request(fixture.service.server)
            .post(`/api/v1/protection-requests/${row.id}/approve`)
            .set('X-Api-Key', ADMIN_KEY)
            .send({}),
          prune(row.item_id),
        ]),
      );
      const statuses = answers.map((answer) => `${answer.request.method} ${answer.status}`);
      // A prune finds the request pending or the item protected, whichever committed first.
      expect(statuses).toEqual(pending.flatMap(() => ['POST 200', 'POST 409']));
      await fixture.database.query('DELETE FROM "curation"."protections"');
    }
  }, 120_000);
});

describe('protecting while a prune of the item is running', () => {
  const owners: IntentOwnerSession[] = [];
  afterEach(async () => {
    for (const owner of owners.splice(0)) await owner.close();
  });

  /** An intent whose writer is alive: its session stays open (and holds the lock) until the test ends. */
  async function runningPrune(itemId: string): Promise<string> {
    const owner = await fixture.service.app.get(IntentOwnerSessions).open();
    owners.push(owner);
    return owner.transaction((manager) =>
      fixture.service.app
        .get(AuditLedger)
        .begin(
          { kind: 'api-key', keyId: 'test', name: 'prune-in-test', role: 'Admin' },
          { action: AuditAction.Prune, title: itemId, media: { itemId, mediaType: 'movie' }, details: {} },
          new Date(Date.now() + 3_600_000),
          owner,
          manager,
        ),
    );
  }

  it('answers 409 protection.prune-running to protect, bulk protect and request-protect', async () => {
    const [item, other] = await radarrMovies(2);
    if (item === undefined || other === undefined) throw new Error('two movies expected');
    const auditId = await runningPrune(item);
    const server = fixture.service.server;
    const single = await request(server)
      .post(`/api/v1/catalog/${item}/protect`)
      .set('X-Api-Key', ADMIN_KEY)
      .send({ isProtected: true, reason: 'Family favourite' });
    const bulk = await request(server)
      .post('/api/v1/catalog/protect')
      .set('X-Api-Key', ADMIN_KEY)
      .send({ ids: [other, item], isProtected: true, reason: 'Family favourite' });
    const asked = await request(server)
      .post(`/api/v1/catalog/${item}/request-protect`)
      .set('X-Api-Key', ADMIN_KEY)
      .send({ reason: 'Still watching it' });
    for (const answer of [single, bulk, asked]) {
      expect(answer.status).toBe(409);
      expect(answer.body).toMatchObject({
        code: 'protection.prune-running',
        prunes: [{ mediaItemId: item, auditId }],
      });
      expect((answer.body as { detail: string }).detail).toContain(item);
    }
    // All or nothing: the other item of the bulk call stays unprotected, and no request was filed.
    expect(await fixture.database.query('SELECT 1 FROM "curation"."protections"')).toEqual([]);
    expect(await fixture.database.query('SELECT 1 FROM "curation"."protection_requests"')).toEqual([]);
    const otherAlone = await request(server)
      .post(`/api/v1/catalog/${other}/protect`)
      .set('X-Api-Key', ADMIN_KEY)
      .send({ isProtected: true, reason: 'Family favourite' });
    expect(otherAlone.status).toBe(200);
  });
});
