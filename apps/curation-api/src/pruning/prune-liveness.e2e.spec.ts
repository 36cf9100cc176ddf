// Whether a prune is alive, across replicas (docs/decisions/051), over real Postgres and the
// simulators: a replica that crashes mid-prune (its lock-holding session killed, its pool gone)
// leaves an intent that another replica settles as `interrupted` with exactly what it recorded and
// prunes past at once; a live replica's prune blocks the item and survives another replica's start;
// the liveness lock and its connection are let go after success, failure, timeout and refusal.
import type { NestExpressApplication } from '@nestjs/platform-express';
import { getDataSourceToken } from '@nestjs/typeorm';
import { startServiceOn } from '@platform/testing-service';
import request from 'supertest';
import type { DataSource } from 'typeorm';
import { AuditLedgerRepository } from '../audit/audit-ledger.repository';
import { INTENT_OWNER_NAMESPACE } from '../audit/intent-liveness';
import { IntentOwnerSessions } from '../audit/intent-owner-sessions';
import { CURATION_SERVICE } from '../curation-api.module';
import { ADMIN_KEY, ledgerRows, ledgerTotal, protect, type PruneFixture } from './prune-e2e.spec-helpers';
import { fileSize, movieId, setUpPruneTests } from './prune-picks.spec-helpers';

const suite = setUpPruneTests('curation-prune-liveness');
const FAR_FUTURE = new Date('2100-01-01T00:00:00.000Z');
const RADARR_DELETE = /^\/api\/v3\/movie\/\d+$/;

/** Replicas a test started, closed after it (a crashed one's close may fail: its pool is gone). */
const replicas: NestExpressApplication[] = [];

afterEach(async () => {
  for (const replica of replicas.splice(0)) await replica.close().catch(() => undefined);
});

/** Another replica of the service on the fixture's database, with calls bounded at 20 s. */
async function startReplica(fixture: PruneFixture): Promise<NestExpressApplication> {
  const replica = await startServiceOn(CURATION_SERVICE, fixture.service.database.url, {
    CURATION_BOOTSTRAP_API_KEY: ADMIN_KEY,
    CURATION_SYNC_INTERVAL_MINUTES: '0',
    CURATION_PLEX_TV_URL: fixture.stack.plexTv.url,
    CURATION_PRUNE_CALL_TIMEOUT_MS: '20000',
  });
  replicas.push(replica);
  return replica;
}

function pruneOn(server: Parameters<typeof request>[0], itemId: string, targets: string[]) {
  return request(server).post('/api/v1/prune').set('X-Api-Key', ADMIN_KEY).send({
    mediaItemId: itemId,
    seasonNumber: null,
    targetConnectionIds: targets,
    addToImportExclusion: false,
  });
}

/** The liveness locks of prune intents held right now, by any session. */
async function ownerLocks(fixture: PruneFixture): Promise<{ key: number; pid: number }[]> {
  const rows: { key: string; pid: number }[] = await fixture.database.query(
    `SELECT "objid"::text AS "key", "pid" FROM pg_catalog.pg_locks
      WHERE "locktype" = 'advisory' AND "classid" = $1::oid AND "objsubid" = 2 AND "granted"
        AND "database" = (SELECT "oid" FROM pg_catalog.pg_database WHERE "datname" = current_database())`,
    [INTENT_OWNER_NAMESPACE],
  );
  return rows.map((row) => ({ key: Number(row.key), pid: row.pid }));
}

/** Polls until `condition` holds; fails naming `what` if it never does. */
async function until(what: string, condition: () => Promise<boolean> | boolean): Promise<void> {
  for (let attempt = 0; attempt < 2000; attempt += 1) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`never happened: ${what}`);
}

async function pruneRowOf(fixture: PruneFixture, itemId: string) {
  return (await ledgerRows(fixture)).filter((row) => row.media_item_id === itemId);
}

async function sumOfRows(fixture: PruneFixture): Promise<number> {
  const rows: { sum: string | null }[] = await fixture.database.query(
    'SELECT sum("bytes_freed")::text AS "sum" FROM "curation"."audit_log"',
  );
  return Number(rows[0]?.sum ?? 0);
}

type TargetRecord = { connectionName: string; status: string; bytesFreed?: number };

describe('a replica that crashes mid-prune', () => {
  it('leaves an intent another replica settles as interrupted, exactly as recorded, and prunes past at once', async () => {
    const { fixture, picks } = suite.current();
    const movie = picks.movie(['hd', '4k']);
    const itemId = movieId(movie);
    const targets = [fixture.connectionIds.radarr, fixture.connectionIds.radarr4k];
    const replica = await startReplica(fixture);
    // The 4K delete hangs; the HD one finishes and is recorded before the crash.
    fixture.stack.radarr4k.faults.add({ method: 'DELETE', path: RADARR_DELETE, delayMs: 3000, times: 1 });
    const start4k = fixture.stack.radarr4k.requests.length;
    const crashed = pruneOn(replica.getHttpServer(), itemId, targets).then((response) => response);
    await until('the HD delete recorded and the 4K delete under way', async () => {
      const [row] = await pruneRowOf(fixture, itemId);
      const recorded = (row?.details['targets'] ?? []) as TargetRecord[];
      return (
        recorded.some((target) => target.connectionName === 'Radarr' && target.status === 'deleted') &&
        fixture.stack.radarr4k.requests.slice(start4k).some((entry) => entry.method === 'DELETE')
      );
    });
    const [intent] = await pruneRowOf(fixture, itemId);
    if (intent === undefined) throw new Error('no intent');
    const locks = await ownerLocks(fixture);
    expect(locks).toHaveLength(1);
    // The crash: the session holding the lock dies, and the replica can write nothing more.
    const replicaDatabase = replica.get<DataSource>(getDataSourceToken());
    const pool = (replicaDatabase.driver as unknown as { master: { end(): Promise<void> } }).master;
    void pool.end().catch(() => undefined);
    await fixture.database.query('SELECT pg_terminate_backend($1, 10000)', [locks[0]?.pid]);
    expect(await ownerLocks(fixture)).toEqual([]);

    // Another replica reads it interrupted at once, long before its deadline …
    const audit = await request(fixture.service.server)
      .get('/api/v1/audit?action=prune&limit=1000')
      .set('X-Api-Key', ADMIN_KEY);
    const listed = (audit.body as { logs: { id: string; outcome: string }[] }).logs.find(
      (log) => log.id === intent.id,
    );
    expect(listed?.outcome).toBe('interrupted');
    // … and prunes the item at once: what the crashed prune deleted reads already_gone.
    const again = await pruneOn(fixture.service.server, itemId, targets);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({
      success: true,
      results: [
        { connectionId: fixture.connectionIds.radarr, status: 'already_gone', bytesFreed: 0 },
        { connectionId: fixture.connectionIds.radarr4k },
      ],
    });
    // The crashed intent, settled with exactly what its writer recorded: HD deleted with its
    // bytes, 4K under way (it may have deleted: the 4K instance is to be looked at).
    const rows = await pruneRowOf(fixture, itemId);
    const settled = rows.find((row) => row.id === intent.id);
    expect(settled).toMatchObject({ outcome: 'interrupted', bytes_freed: String(fileSize(movie, 'hd')) });
    expect(settled?.details['targets']).toMatchObject([
      { connectionName: 'Radarr', status: 'deleted', bytesFreed: fileSize(movie, 'hd') },
      { connectionName: 'Radarr 4K', status: 'running' },
    ]);
    expect(settled?.details['interrupted']).toMatchObject({ by: 'prune' });
    const next = rows.find((row) => row.id === (again.body as { auditId: string }).auditId);
    expect(next).toMatchObject({ outcome: 'completed' });
    expect(next?.details['interruptedPrunes']).toEqual([intent.id]);
    // The running total holds what the crashed prune recorded and what the new one freed.
    expect(await ledgerTotal(fixture)).toBe(await sumOfRows(fixture));

    // The crashed replica's prune ends without a database: it cannot change the record.
    await crashed;
    expect((await pruneRowOf(fixture, itemId)).find((row) => row.id === intent.id)).toMatchObject({
      outcome: 'interrupted',
    });
  }, 60_000);
});

describe('a live replica’s prune', () => {
  it('blocks the item with 409, is not marked interrupted by a starting replica, and lets go of its lock when done', async () => {
    const { fixture, picks } = suite.current();
    const movie = picks.movie(['hd']);
    const itemId = movieId(movie);
    const replica = await startReplica(fixture);
    fixture.stack.radarr.faults.add({ method: 'DELETE', path: RADARR_DELETE, delayMs: 8000, times: 1 });
    const start = fixture.stack.radarr.requests.length;
    let ended = false;
    const running = pruneOn(replica.getHttpServer(), itemId, [fixture.connectionIds.radarr]).then(
      (response) => {
        ended = true;
        return response;
      },
    );
    await until('the delete under way', () =>
      fixture.stack.radarr.requests.slice(start).some((entry) => entry.method === 'DELETE'),
    );
    const [intent] = await pruneRowOf(fixture, itemId);
    if (intent === undefined) throw new Error('no intent');
    expect(await ownerLocks(fixture)).toHaveLength(1);

    const refused = await pruneOn(fixture.service.server, itemId, [fixture.connectionIds.radarr]);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: 'prune.in-progress',
      detail: `A prune of ${movie.title} is still running (audit record ${intent.id}); wait for it to finish.`,
    });
    // A replica starting now sweeps abandoned intents: this one is not.
    const starting = await startReplica(fixture);
    await starting.close();
    if (ended) throw new Error('the prune ended before the checks: the injected delay is too short');
    const [after] = await pruneRowOf(fixture, itemId);
    expect(after).toMatchObject({ id: intent.id, outcome: 'in_progress' });
    expect(after?.details['interrupted']).toBeUndefined();
    const ledger = fixture.service.app.get(AuditLedgerRepository);
    expect((await ledger.find(intent.id, FAR_FUTURE))?.outcome).toBe('in_progress');

    const finished = await running;
    expect(finished.body).toMatchObject({ success: true, bytesFreed: fileSize(movie, 'hd') });
    expect((await pruneRowOf(fixture, itemId))[0]).toMatchObject({ outcome: 'completed' });
    expect(await ownerLocks(fixture)).toEqual([]);
    expect(replica.get(IntentOwnerSessions).openCount).toBe(0);
  }, 60_000);
});

describe('connections held by running prunes', () => {
  it('never starve the service: with a pool of one connection, three prunes at once all finish, one holding at a time', async () => {
    const { fixture, picks } = suite.current();
    const replica = await startServiceOn(CURATION_SERVICE, fixture.service.database.url, {
      CURATION_BOOTSTRAP_API_KEY: ADMIN_KEY,
      CURATION_SYNC_INTERVAL_MINUTES: '0',
      CURATION_PLEX_TV_URL: fixture.stack.plexTv.url,
      DATABASE_POOL_SIZE: '1',
    });
    replicas.push(replica);
    const owners = replica.get(IntentOwnerSessions);
    expect(owners.limit).toBe(1);
    const movies = [picks.movie(['hd']), picks.movie(['hd']), picks.movie(['hd'])];
    fixture.stack.radarr.faults.add({ method: 'DELETE', path: RADARR_DELETE, delayMs: 200, times: 3 });
    let done = 0;
    const prunes = movies.map((movie) =>
      pruneOn(replica.getHttpServer(), movieId(movie), [fixture.connectionIds.radarr]).then((response) => {
        done += 1;
        return response;
      }),
    );
    let mostHeld = 0;
    while (done < movies.length) {
      mostHeld = Math.max(mostHeld, owners.openCount, (await ownerLocks(fixture)).length);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const answers = await Promise.all(prunes);
    expect(answers.map((answer) => [answer.status, (answer.body as { success?: boolean }).success])).toEqual([
      [200, true],
      [200, true],
      [200, true],
    ]);
    expect(mostHeld).toBe(1);
    expect(await ownerLocks(fixture)).toEqual([]);
  }, 30_000);
});

describe('the liveness lock is let go', () => {
  async function expectNothingHeld(fixture: PruneFixture): Promise<void> {
    expect(await ownerLocks(fixture)).toEqual([]);
    expect(fixture.service.app.get(IntentOwnerSessions).openCount).toBe(0);
  }

  it('after a prune that succeeded', async () => {
    const { fixture, picks } = suite.current();
    const response = await picks.pruneWholeMovie(picks.movie(['hd']), [fixture.connectionIds.radarr], false);
    expect(response.body).toMatchObject({ success: true });
    await expectNothingHeld(fixture);
  });

  it('after a prune whose delete failed', async () => {
    const { fixture, picks } = suite.current();
    fixture.stack.radarr.faults.add({ method: 'DELETE', path: RADARR_DELETE, status: 500 });
    const response = await picks.pruneWholeMovie(picks.movie(['hd']), [fixture.connectionIds.radarr], false);
    expect(response.body).toMatchObject({ success: false, results: [{ status: 'failed' }] });
    await expectNothingHeld(fixture);
  });

  it('after a prune whose delete timed out', async () => {
    const { fixture, picks } = suite.current();
    // The suite bounds calls at 1 s; the delete answers after 1.5 s.
    fixture.stack.radarr.faults.add({ method: 'DELETE', path: RADARR_DELETE, delayMs: 1500, times: 1 });
    const response = await picks.pruneWholeMovie(picks.movie(['hd']), [fixture.connectionIds.radarr], false);
    expect(response.status).toBe(200);
    const row = await picks.ledgerRowOf(response.body);
    expect(row).toMatchObject({ outcome: 'completed' });
    await expectNothingHeld(fixture);
  });

  it('after a refused prune (the item is protected)', async () => {
    const { fixture, picks } = suite.current();
    const movie = picks.movie(['hd']);
    await protect(fixture, movieId(movie), 'Keep');
    const response = await picks.pruneWholeMovie(movie, [fixture.connectionIds.radarr], false);
    expect(response.status).toBe(409);
    await expectNothingHeld(fixture);
  });

  it('when the replica stops mid-prune: its sessions close first, its intent reads interrupted, and the prune still completes it', async () => {
    const { fixture, picks } = suite.current();
    const movie = picks.movie(['hd']);
    const itemId = movieId(movie);
    const replica = await startReplica(fixture);
    replicas.splice(replicas.indexOf(replica), 1);
    fixture.stack.radarr.faults.add({ method: 'DELETE', path: RADARR_DELETE, delayMs: 5000, times: 1 });
    const start = fixture.stack.radarr.requests.length;
    let ended = false;
    const running = pruneOn(replica.getHttpServer(), itemId, [fixture.connectionIds.radarr]).then(
      (response) => {
        ended = true;
        return response;
      },
    );
    await until('the delete under way', () =>
      fixture.stack.radarr.requests.slice(start).some((entry) => entry.method === 'DELETE'),
    );
    const [intent] = await pruneRowOf(fixture, itemId);
    if (intent === undefined) throw new Error('no intent');
    expect(await ownerLocks(fixture)).toHaveLength(1);
    // Nest runs beforeApplicationShutdown (the sessions) first, then closes the HTTP server, which
    // waits for the request in flight, and only then the database.
    const closing = replica.close();
    await until(
      'the stopping replica let go of its lock',
      async () => (await ownerLocks(fixture)).length === 0,
    );
    const ledger = fixture.service.app.get(AuditLedgerRepository);
    const read = await ledger.find(intent.id, new Date());
    if (ended) throw new Error('the prune ended before the check: the injected delay is too short');
    expect(read?.outcome).toBe('interrupted');
    // The prune itself is alive while the request drains: it completes its row with what it did.
    await closing;
    const finished = await running;
    expect(finished.body).toMatchObject({ success: true, bytesFreed: fileSize(movie, 'hd') });
    expect((await pruneRowOf(fixture, itemId))[0]).toMatchObject({
      id: intent.id,
      outcome: 'completed',
      bytes_freed: String(fileSize(movie, 'hd')),
    });
  }, 30_000);
});
